// The replay's win-chance chart: each player's chance to win over the whole game, one line
// per player (plain SVG), from GET /api/rooms/<code>/replay/odds. The replay's current step
// is marked with a line and the chances there are listed beside it; clicking the chart
// moves the replay to that step.
import { el, svg } from "./dom.js";
import { num, t } from "./i18n.js";

const WIDTH = 600;
const HEIGHT = 200;
const PAD = 6;
// Distinct colours, one per seat (Horse Racing seats up to 12).
const COLOURS = [
  "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf",
  "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#393b79", "#637939",
];

// The colour of a seat's line (the replay's tote panel marks each player with it too).
export function chartColour(seat) {
  return COLOURS[seat % COLOURS.length];
}

export function mountOddsChart({ box, legend, seatName, onStep }) {
  let data = null;
  let marker = null;
  const x = (step) => PAD + (data.steps ? step / data.steps : 0) * (WIDTH - 2 * PAD);
  const y = (p) => PAD + (1 - p) * (HEIGHT - 2 * PAD);

  function pointAt(step) {
    let found = data.points[0];
    for (const point of data.points) if (point.step <= step) found = point;
    return found;
  }

  function draw(chart) {
    data = chart;
    const seats = Object.keys(data.labels).map(Number).sort((a, b) => a - b);
    const grid = [0, 0.25, 0.5, 0.75, 1].map((p) => svg("line", {
      class: "chart-grid", x1: PAD, x2: WIDTH - PAD, y1: y(p), y2: y(p),
    }));
    const lines = seats.map((seat) => svg("polyline", {
      class: "chart-line",
      "data-seat": String(seat),
      fill: "none",
      stroke: chartColour(seat),
      "stroke-width": "2",
      points: data.points.map((point) => `${x(point.step).toFixed(1)},${y(point.chances[seat] ?? 0).toFixed(1)}`).join(" "),
    }));
    marker = svg("line", { class: "chart-marker", x1: PAD, x2: PAD, y1: 0, y2: HEIGHT });
    const chart_ = svg("svg", {
      class: "odds-chart", viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", "aria-label": t("chances.chart_label"),
      preserveAspectRatio: "none",
    }, ...grid, ...lines, marker);
    chart_.addEventListener("click", (event) => {
      const rect = chart_.getBoundingClientRect();
      const share = Math.min(1, Math.max(0, (event.clientX - rect.left) / rect.width));
      onStep(Math.round(share * data.steps));
    });
    box.replaceChildren(chart_);
  }

  return {
    draw,
    mark(step) {
      if (!data) return;
      marker.setAttribute("x1", x(step).toFixed(1));
      marker.setAttribute("x2", x(step).toFixed(1));
      box.dataset.step = String(step);
      const point = pointAt(step);
      const seats = Object.keys(data.labels).map(Number).sort((a, b) => a - b);
      legend.replaceChildren(...seats.map((seat) => el("li", { class: "chart-key", dataset: { seat: String(seat) } },
        el("span", { class: "chart-swatch", "aria-hidden": "true", style: `background: ${chartColour(seat)}` }),
        el("span", { text: seatName(seat) }),
        el("span", { class: "odds-chance", text: t("odds.percent", { p: num(Math.round((point.chances[seat] ?? 0) * 100)) }) }))));
    },
  };
}
