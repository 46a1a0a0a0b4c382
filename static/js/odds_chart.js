// The replay's win-chance chart: each player's chance to win over the whole game, one line
// per player (plain SVG), from GET /api/rooms/<code>/replay/odds. The replay's current step
// is marked with a line and the chances there are listed beside it; clicking the chart
// moves the replay to that step.
// Each line is in its player's colour with their shape at its end (static/js/player_colour.js,
// the same as at the table); the axes say what they measure: the chance to win, 0-100 %,
// against the game's steps.
import { el, svg } from "./dom.js";
import { num, t } from "./i18n.js";
import { seatColour, seatMark, seatSwatch } from "./player_colour.js";

const WIDTH = 600;
const HEIGHT = 200;
const PAD = 6;
const LEFT = 44; // room for the chance axis's ticks and label
const BOTTOM = 30; // room for the steps axis's ticks and label

export function mountOddsChart({ box, legend, seatName, onStep }) {
  let data = null;
  let marker = null;
  const x = (step) => LEFT + (data.steps ? step / data.steps : 0) * (WIDTH - LEFT - 2 * PAD);
  const y = (p) => PAD + (1 - p) * (HEIGHT - PAD - BOTTOM);

  function pointAt(step) {
    let found = data.points[0];
    for (const point of data.points) if (point.step <= step) found = point;
    return found;
  }

  function draw(chart) {
    data = chart;
    const seats = Object.keys(data.labels).map(Number).sort((a, b) => a - b);
    const grid = [0, 0.25, 0.5, 0.75, 1].flatMap((p) => [
      svg("line", { class: "chart-grid", x1: LEFT, x2: WIDTH - PAD, y1: y(p), y2: y(p) }),
      svg("text", {
        class: "chart-tick", x: LEFT - 4, y: y(p), "text-anchor": "end", "dominant-baseline": "middle",
        text: t("odds.percent", { p: num(Math.round(p * 100)) }),
      }),
    ]);
    const steps = data.steps || 0;
    const stepTicks = [0, Math.round(steps / 2), steps].filter((s, i, all) => all.indexOf(s) === i).map((s) => svg("text", {
      class: "chart-tick", x: x(s), y: HEIGHT - BOTTOM + 12, "text-anchor": "middle", text: num(s),
    }));
    const axes = [
      svg("text", {
        class: "chart-axis-label chart-axis-y", x: 10, y: (HEIGHT - BOTTOM) / 2, "text-anchor": "middle",
        transform: `rotate(-90 10 ${(HEIGHT - BOTTOM) / 2})`, text: t("chances.axis_chance"),
      }),
      svg("text", {
        class: "chart-axis-label chart-axis-x", x: LEFT + (WIDTH - LEFT) / 2, y: HEIGHT - 4, "text-anchor": "middle",
        text: t("chances.axis_steps"),
      }),
    ];
    const lines = seats.map((seat) => svg("polyline", {
      class: "chart-line",
      "data-seat": String(seat),
      fill: "none",
      stroke: seatColour(seat),
      "stroke-width": "2",
      points: data.points.map((point) => `${x(point.step).toFixed(1)},${y(point.chances[seat] ?? 0).toFixed(1)}`).join(" "),
    }));
    // Each player's shape at the end of their line: colour is never the only cue.
    const ends = seats.map((seat) => {
      const lastPoint = data.points[data.points.length - 1];
      return svg("text", {
        class: "chart-end", "data-seat": String(seat), fill: seatColour(seat), "text-anchor": "middle",
        "dominant-baseline": "middle", x: x(lastPoint?.step ?? 0) - 5, y: y(lastPoint?.chances[seat] ?? 0),
        text: seatMark(seat),
      });
    });
    marker = svg("line", { class: "chart-marker", x1: LEFT, x2: LEFT, y1: 0, y2: HEIGHT - BOTTOM });
    const chart_ = svg("svg", {
      class: "odds-chart", viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", "aria-label": t("chances.chart_label"),
    }, ...grid, ...stepTicks, ...axes, ...lines, ...ends, marker);
    chart_.addEventListener("click", (event) => {
      const rect = chart_.getBoundingClientRect();
      const left = (LEFT / WIDTH) * rect.width;
      const share = Math.min(1, Math.max(0, (event.clientX - rect.left - left) / (rect.width * (1 - (LEFT + PAD) / WIDTH))));
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
        seatSwatch(seat, "chart-swatch"),
        el("span", { text: seatName(seat) }),
        el("span", { class: "odds-chance", text: t("odds.percent", { p: num(Math.round((point.chances[seat] ?? 0) * 100)) }) }))));
    },
  };
}
