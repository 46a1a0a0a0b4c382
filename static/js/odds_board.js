// The tote board beside the table: each player's chance to win, worked out on the server
// from what everyone can see (app.rooms.odds), and how it moved since the last update.
// Spectators get `{"type": "odds", v, chances, labels}` messages; players only when the
// host turned "odds for players" on (the server decides; this board shows what comes).
import { el } from "./dom.js";
import { num, t, tp } from "./i18n.js";

const percent = (p) => Math.round(p * 100);

export function mountOddsBoard({ panel, list, seatName }) {
  let last = null; // the previous message's chances, for the movement
  let shown = null;

  function row(seat, chance, before) {
    const moved = before === undefined ? 0 : percent(chance) - percent(before);
    const dir = moved > 0 ? "up" : moved < 0 ? "down" : "same";
    const points = { d: num(Math.abs(moved)) };
    const words = dir === "up" ? tp("odds.up", Math.abs(moved), points)
      : dir === "down" ? tp("odds.down", Math.abs(moved), points) : t("odds.same");
    return el("li", { class: "odds-row", dataset: { seat: String(seat), dir } },
      el("span", { class: "odds-name", text: seatName(seat) }),
      el("meter", { class: "odds-meter", min: "0", max: "1", value: String(chance), "aria-hidden": "true" }),
      el("span", { class: "odds-chance", text: t("odds.percent", { p: num(percent(chance)) }) }),
      el("span", { class: "odds-move", title: words },
        el("span", { "aria-hidden": "true", text: dir === "up" ? "▲" : dir === "down" ? "▼" : "·" }),
        el("span", { class: "visually-hidden", text: words })));
  }

  function draw() {
    if (!shown) return;
    const seats = Object.keys(shown.chances).map(Number).sort((a, b) => a - b);
    list.replaceChildren(...seats.map((seat) => row(seat, shown.chances[seat], shown.before?.[seat])));
  }

  return {
    receive(message) {
      if (shown && message.v <= shown.v) return;
      shown = { v: message.v, chances: message.chances, before: last };
      last = message.chances;
      panel.dataset.v = String(message.v);
      draw();
    },
    // Whether this reader may see the odds now (a player only with "odds for players" on).
    setAllowed(allowed) {
      panel.hidden = !allowed || !shown;
      if (!allowed) {
        shown = null;
        last = null;
        list.replaceChildren();
      }
    },
    redraw: draw,
    get hasOdds() {
      return Boolean(shown);
    },
  };
}
