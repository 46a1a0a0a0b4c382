// The tote in the replay, from GET /api/rooms/<code>/replay/tote (after the end, as the replay
// itself): the pool on each player and what a chip on them paid as they stood at the step under
// the cursor, every bet at the step it was placed, and at the last step the settlement and the
// rail. A bet placed at the room's version k is in the pools from step k on (step k is the state
// after the k-th action: version k); the server gives the pools from each such version on
// (`stages`). Players carry their names and colours (static/js/player_colour.js, as in the chart). Hidden when nobody backed.
//
//   const tote = mountReplayTote({ panel, seatName, onStep });
//   tote.draw(history, seats, count); tote.mark(step);
import { el } from "./dom.js";
import { num, t, tp } from "./i18n.js";
import { seatSwatch } from "./player_colour.js";

const stepOf = (bet) => bet.v ?? 0;

export function mountReplayTote({ panel, seatName, onStep }) {
  const total = panel.querySelector("#replay-tote-total");
  const pools = panel.querySelector("#replay-tote-pools");
  const bets = panel.querySelector("#replay-tote-bets");
  const end = panel.querySelector("#replay-tote-end");
  const later = panel.querySelector("#replay-tote-later");
  let data = null;
  let last = 0;

  // The pools as they stood at `step`: the last stage from a version at or before it.
  function stageAt(step) {
    let found = null;
    for (const stage of data.stages) if (stage.v <= step) found = stage;
    return found;
  }

  const payoutText = (p) => (p === null || p === undefined ? t("tote.no_payout") : t("tote.payout", { x: num(p) }));

  function poolRow(seat, stage) {
    const key = String(seat);
    return el("li", { class: "tote-row", dataset: { seat: key } },
      el("span", { class: "tote-name" },
        seatSwatch(seat, "chart-swatch"),
        " ", seatName(seat)),
      el("span", { class: "tote-pool", text: t("tote.pool", { n: num(stage?.pools[key] ?? 0) }) }),
      el("span", { class: "tote-payout", text: payoutText(stage?.payout[key]) }));
  }

  function betRow(bet) {
    const step = stepOf(bet);
    const words = tp("replay.tote_bet", bet.chips, {
      step: num(step), name: bet.name, contender: seatName(Number(bet.contender)), n: num(bet.chips),
    });
    return el("li", { class: "replay-tote-bet", dataset: { step: String(step), seat: bet.contender } },
      el("button", { type: "button", class: "small", text: words, onclick: () => onStep(step) }));
  }

  function nameRows(entries) {
    return entries.map(([name, chips]) => el("li", { class: "tote-rail-row" },
      el("span", { class: "tote-rail-name", text: name }),
      el("span", { class: "tote-rail-chips", text: tp("tote.chips_n", chips, { n: num(chips) }) })));
  }

  return {
    draw(history, seats, count) {
      data = history;
      last = count;
      panel.hidden = data.bets.length === 0;
      panel.dataset.ready = "true"; // read (and shown only when somebody backed)
      if (panel.hidden) return;
      pools.dataset.seats = String(seats);
      bets.replaceChildren(...data.bets.map(betRow));
      const paid = Object.entries(data.payouts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
      panel.querySelector("#replay-tote-payouts").replaceChildren(...nameRows(paid));
      panel.querySelector("#replay-tote-rail").replaceChildren(
        ...nameRows(data.rail.map((entry) => [entry.name, entry.chips])));
    },
    mark(step) {
      if (!data || panel.hidden) return;
      const stage = stageAt(step);
      const seats = Number(pools.dataset.seats);
      pools.replaceChildren(...Array.from({ length: seats }, (_, seat) => poolRow(seat, stage)));
      total.textContent = tp("replay.tote_total", stage?.total ?? 0, { n: num(stage?.total ?? 0) });
      panel.dataset.step = String(step);
      for (const row of bets.children) {
        const at = Number(row.dataset.step);
        row.dataset.placed = String(at <= step);
        row.classList.toggle("current", at === step);
      }
      end.hidden = step !== last;
      later.hidden = step === last;
    },
  };
}
