// The evening's series (app/rooms/series.py): "Game N of the evening", the running tally
// (wins and scores of the evening's finished games) and the rail (each named spectator who
// backed on the tote this evening, with their chips, most first: app/rooms/tote.py) in the lobby
// and on the end card, read from GET /api/rooms/{code}/series whenever the room's status
// changes (a game starts or ends).
//
//   const series = setupSeries({ code });
//   series.setSummary(summary)   // the normalised room summary
import { call } from "./api.js";
import { el } from "./dom.js";
import { num, t, tp } from "./i18n.js";
import { displayName } from "./summary.js";

function table(series) {
  const rows = series.tally.map((row) => el("tr", { dataset: { name: row.name } },
    el("th", { scope: "row", text: displayName(row.name, /^Bot \d+$/.test(row.name)) }),
    el("td", { class: "series-wins", text: num(row.wins) }),
    el("td", { class: "series-score", text: num(row.score) })));
  return el("table", { class: "series-tally" },
    el("caption", { text: tp("series.tally", series.finished, { n: num(series.finished) }) }),
    el("thead", {}, el("tr", {},
      el("th", { scope: "col", text: t("series.player") }),
      el("th", { scope: "col", text: t("series.wins") }),
      el("th", { scope: "col", text: t("series.score") }))),
    el("tbody", {}, ...rows));
}

function railTable(rail) {
  const rows = rail.map((entry) => el("tr", { dataset: { name: entry.name } },
    el("th", { scope: "row", text: entry.name }),
    el("td", { class: "series-chips", text: num(entry.chips) })));
  return el("table", { class: "series-tally series-rail" },
    el("caption", { text: t("tote.rail") }),
    el("thead", {}, el("tr", {},
      el("th", { scope: "col", text: t("series.spectator") }),
      el("th", { scope: "col", text: t("tote.chips") }))),
    el("tbody", {}, ...rows));
}

function render(box, series) {
  const rail = series.rail ?? [];
  // A first game shows nothing in its lobby; from its end on (or once the rail has a
  // backer), the evening is a series.
  box.hidden = series.game < 2 && series.finished === 0 && rail.length === 0;
  box.dataset.game = String(series.game);
  box.dataset.finished = String(series.finished);
  const heading = el("p", { class: "series-game", text: t("series.game_n", { n: num(series.game) }) });
  const parts = [heading];
  if (series.tally.length) parts.push(table(series));
  if (rail.length) parts.push(railTable(rail));
  box.replaceChildren(...parts);
}

export function setupSeries({ code }) {
  const boxes = ["series-lobby", "series-end"].map((id) => document.getElementById(id));
  let status = null;

  async function load() {
    let series;
    try {
      series = await call("GET", `/api/rooms/${encodeURIComponent(code)}/series`);
    } catch {
      return; // the room's own refusal is shown by the page
    }
    for (const box of boxes) render(box, series);
  }

  return {
    setSummary(summary) {
      if (summary.status === status) return;
      status = summary.status;
      load();
    },
  };
}
