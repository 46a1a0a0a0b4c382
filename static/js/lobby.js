// The lobby: seats with names and connected dots, share link, join, and the
// host's bot and start controls.
import { el } from "./dom.js";
import { t, tp } from "./i18n.js";
import { gameName } from "./games.js";

export function seatLabel(seat, me) {
  const parts = [];
  if (seat.host) parts.push(t("lobby.host"));
  if (seat.bot) parts.push(t("lobby.bot"));
  if (seat.seat === me) parts.push(t("lobby.you"));
  return parts;
}

// A connected indicator never relies on colour alone: a dot shape plus words.
// With `unknown` (our own socket is down) nobody's presence is known.
export function connectionBadge(seat, { unknown = false } = {}) {
  const state = seat.bot ? "bot" : unknown ? "unknown" : seat.connected ? "online" : "offline";
  const text = {
    bot: t("presence.bot"), online: t("presence.online"), offline: t("presence.offline"), unknown: t("presence.unknown"),
  }[state];
  return el("span", { class: "presence", dataset: { state } },
    el("span", { class: "presence-dot", "aria-hidden": "true" }),
    el("span", { class: "presence-text", text }));
}

export function renderLobby(summary, me, handlers) {
  const unknown = handlers.online === false;
  document.getElementById("lobby-game").textContent = t("lobby.game", {
    game: gameName({ id: summary.game, title: summary.title }),
    min: summary.min_seats,
    max: summary.max_seats,
  });
  document.getElementById("lobby-seeded").hidden = !summary.seeded;
  const list = document.getElementById("seat-list");
  list.replaceChildren(...summary.seats.map((seat) => {
    const item = el("li", { class: "seat", dataset: { seat: String(seat.seat) } },
      el("span", { class: "seat-number", text: t("lobby.seat_number", { n: seat.seat + 1 }) }),
      el("span", { class: "seat-name", text: seat.name }),
      el("span", { class: "seat-tags", text: seatLabel(seat, me).join(" · ") }),
      connectionBadge(seat, { unknown }));
    // The host removes a bot, or frees a player's seat (they watch on and may join again).
    if (handlers.isHost && seat.bot) {
      item.append(el("button", {
        type: "button", class: "secondary small remove-bot",
        "aria-label": t("lobby.remove_bot_named", { name: seat.name }),
        text: t("lobby.remove_bot"),
        onclick: () => handlers.removeSeat(seat.seat),
      }));
    } else if (handlers.isHost && !seat.host && seat.seat !== me) {
      item.append(el("button", {
        type: "button", class: "secondary small free-seat",
        "aria-label": t("lobby.free_seat_named", { name: seat.name }),
        text: t("lobby.free_seat"),
        onclick: () => handlers.removeSeat(seat.seat),
      }));
    }
    return item;
  }));
  const full = summary.seats.length >= summary.max_seats;
  const joinForm = document.getElementById("join-form");
  joinForm.hidden = me !== null || summary.status !== "lobby" || full;
  document.getElementById("host-controls").hidden = !handlers.isHost;
  document.getElementById("wait-host").hidden = handlers.isHost || me === null;
  document.getElementById("add-bot").disabled = full;
  const enough = summary.seats.length >= summary.min_seats;
  document.getElementById("start-game").disabled = !enough;
  document.getElementById("start-hint").textContent = enough
    ? tp("lobby.ready", summary.seats.length, { n: summary.seats.length })
    : tp("lobby.need_more", summary.min_seats - summary.seats.length, { n: summary.min_seats - summary.seats.length });
}
