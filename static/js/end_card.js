// The end of a game, drawn by the shell for every game: a results card at the top of
// the table (ranked, the winner marked, each seat's score and what decided it), the
// winner in the turn banner and in the tab title. Built from the engine's
// `view.result` ({scores, winners, revealed}), which every game's final view holds;
// a game module may add its own words through the optional
//
//   resultDetails(view, ctx) -> {
//     decided?: "what decided the game",
//     order?: [{seat, place}],                  // the ranking, when scores alone don't give it
//     seats?: { [seat]: { score?: "12 chips", detail?: "bets paid 8, prizes 4" } },
//   }
import { el } from "./dom.js";
import { joinList, num, t, tp } from "./i18n.js";
import { seatSwatch } from "./player_colour.js";

// Winners first, then by score; seats equal on both share a place.
export function rankByScore(result) {
  const scores = result.scores ?? [];
  const winners = new Set(result.winners ?? []);
  const key = (seat) => `${winners.has(seat) ? 1 : 0}|${scores[seat]}`;
  const order = scores.map((_, seat) => seat)
    .sort((a, b) => winners.has(b) - winners.has(a) || scores[b] - scores[a] || a - b);
  return order.map((seat) => ({ seat, place: order.findIndex((other) => key(other) === key(seat)) + 1 }));
}

// "Ana wins!" / "Ana and Bruno win!" / "You win!" (or "The game is over." without a winner).
export function winnerLine(result, seatName, me = null) {
  const winners = result?.winners ?? [];
  if (!winners.length) return t("table.game_over");
  if (winners.length === 1 && winners[0] === me) return t("end.you_win");
  return tp("end.winner", winners.length, { names: joinList(winners.map(seatName)) });
}

export function tabTitle(result, seatName, me = null) {
  const winners = result?.winners ?? [];
  let words = t("table.game_over");
  if (winners.length === 1 && winners[0] === me) words = t("end.you_win_title");
  else if (winners.length) words = tp("end.title", winners.length, { names: joinList(winners.map(seatName)) });
  return `${words} · ${t("site.name")}`;
}

// Fills the card (a <section id="end-card">): its heading, the decider line and the ranking.
export function drawEndCard(card, { view, module, ctx, me }) {
  const result = view.result;
  const details = module?.resultDetails?.(view, ctx) ?? {};
  const order = details.order ?? rankByScore(result);
  const winners = new Set(result.winners ?? []);
  const seats = details.seats ?? {};
  const rows = order.map(({ seat, place }) => {
    const name = seat === me ? t("table.name_you", { name: ctx.seatName(seat) }) : ctx.seatName(seat);
    const own = seats[seat] ?? {};
    return el("li", {
      class: winners.has(seat) ? "end-row end-winner" : "end-row",
      dataset: { seat: String(seat), place: String(place), winner: String(winners.has(seat)) },
    },
    el("span", { class: "end-place", text: t("end.place", { n: num(place) }) }),
    el("span", { class: "end-name" }, seatSwatch(seat), " ", winners.has(seat) ? el("span", { class: "end-crown", "aria-hidden": "true", text: "★" }) : null, name),
    el("span", { class: "end-score", text: own.score ?? tp("end.score", result.scores?.[seat] ?? 0, { score: num(result.scores?.[seat] ?? 0) }) }),
    own.detail ? el("span", { class: "end-detail", text: own.detail }) : null);
  });
  card.querySelector("#end-card-heading").textContent = winnerLine(result, ctx.seatName, me);
  const decided = card.querySelector("#end-card-decided");
  decided.textContent = details.decided ?? "";
  decided.hidden = !details.decided;
  card.querySelector("#end-card-ranking").replaceChildren(...rows);
  card.hidden = false;
}
