// The tote panel beside the odds board (app.ws.tote): each player's pool and what a chip on
// them pays now; a named spectator backs a player with the evening's play chips while the
// tote is open ({"type": "back", contender, chips}). At the end the card shows what this
// spectator got back and the rail: every backer of the evening with their chips.
import { el } from "./dom.js";
import { num, t, tp } from "./i18n.js";
import { seatSwatch } from "./player_colour.js";

export function mountToteBoard({ panel, seatName, send }) {
  const list = panel.querySelector("#tote-list");
  const status = panel.querySelector("#tote-status");
  const form = panel.querySelector("#tote-form");
  const contender = panel.querySelector("#tote-contender");
  const chips = panel.querySelector("#tote-chips");
  const nameFirst = panel.querySelector("#tote-name-first");
  const error = panel.querySelector("#tote-error");
  const endTote = document.getElementById("end-card-tote");
  let shown = null;
  let allowed = false;

  const payoutText = (p) => (p === null ? t("tote.no_payout") : t("tote.payout", { x: num(p) }));

  function row(seat) {
    const mine = shown.you?.bets?.[seat];
    // The name first and whole (never clipped): the numbers wrap under it on a narrow panel.
    return el("li", { class: mine ? "tote-row tote-backed" : "tote-row", dataset: { seat } },
      el("span", { class: "tote-name" }, seatSwatch(Number(seat)), " ", el("span", { class: "tote-who", text: seatName(Number(seat)) })),
      el("span", { class: "tote-pool", text: t("tote.pool", { n: num(shown.pools[seat]) }) }),
      el("span", { class: "tote-payout", text: payoutText(shown.payout[seat]) }),
      el("span", { class: "tote-mine", text: mine ? t("tote.mine", { n: num(mine) }) : "" }));
  }

  function drawEnd() {
    if (!shown?.settled) {
      endTote.hidden = true;
      return;
    }
    const you = endTote.querySelector("#end-tote-you");
    const won = shown.you?.won;
    you.hidden = won === null || won === undefined;
    // Nobody backed the winner: the chips came back, which is a refund, not a win.
    if (!you.hidden) you.textContent = (shown.refund ? tp("tote.you_refunded", won, { n: num(won), chips: num(shown.you.chips) }) : tp("tote.you_won", won, { n: num(won), chips: num(shown.you.chips) }));
    endTote.querySelector("#end-tote-rail").replaceChildren(...(shown.rail ?? []).map((entry) =>
      el("li", { class: "tote-rail-row" }, el("span", { class: "tote-rail-name", text: entry.name }),
        el("span", { class: "tote-rail-chips", text: tp("tote.chips_n", entry.chips, { n: num(entry.chips) }) }))));
    endTote.hidden = false;
  }

  function draw() {
    panel.hidden = !allowed || !shown;
    if (!shown) return;
    const seats = Object.keys(shown.pools).sort((a, b) => Number(a) - Number(b));
    list.replaceChildren(...seats.map(row));
    const words = [t(shown.settled ? "tote.settled" : shown.open ? "tote.open" : "tote.closed")];
    if (shown.you) words.push(tp("tote.your_chips", shown.you.chips, { name: shown.you.name, n: num(shown.you.chips) }));
    status.textContent = words.join(" ");
    const canBack = shown.open && Boolean(shown.you);
    form.hidden = !canBack;
    nameFirst.hidden = !shown.open || Boolean(shown.you) || !panel.dataset.spectator;
    if (canBack) {
      const chosen = contender.value;
      contender.replaceChildren(...seats.map((seat) => el("option", { value: seat, text: seatName(Number(seat)) })));
      if (seats.includes(chosen)) contender.value = chosen;
    }
    drawEnd();
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    error.hidden = true;
    send({ type: "back", contender: contender.value, chips: Number(chips.value) });
  });

  return {
    receive(message) {
      shown = message;
      error.hidden = true;
      draw();
    },
    // A refusal of a bet, in the reader's words.
    refused(text) {
      error.textContent = text;
      error.hidden = false;
    },
    // Whether this reader may see the tote (a player only with "odds for players" on);
    // `spectator`: this page watches without a seat (it may back once it has a name).
    setAllowed(may, spectator) {
      allowed = may;
      panel.dataset.spectator = spectator ? "yes" : "";
      if (!may) shown = null;
      draw();
    },
    redraw: draw,
  };
}
