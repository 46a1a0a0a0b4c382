// "I'm one of the players" (app/ws/seat_asks.py): on a spectator's page of a running game,
// the player picks their name and asks for their seat; the host (or, while the host is not
// here, the other seated players) gives it with one click; the one-time code comes to this
// page only, which opens it like a seat link (a device still holding the seat is asked first).
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { claimSeat } from "./seat_tools.js";

export function setupSeatAsks({ code, send, me, isHost, hasLeftSeat, showError, announce, onSeat }) {
  const box = el("section", { id: "seat-asks", class: "notice seat-asks", "aria-live": "polite", hidden: true });
  document.getElementById("room-error").after(box);
  let summary = null;
  let choosing = false;
  let asked = null; // the name of the seat this page asked for, until it is given
  let claiming = false;

  const ask = (seat, type = "seat_request") => {
    if (!send({ type, seat })) showError(t("error.network"));
  };
  const players = () => summary.seats.filter((s) => !s.bot || s.left || s.away);
  // The host gives seats; while the host is not here (gone, or marked away) any seated player may.
  function mayGive() {
    if (me() === null) return false;
    if (isHost()) return true;
    const host = summary.seats.find((s) => s.host);
    return !host || !host.connected || Boolean(host.away);
  }

  function spectatorView() {
    if (hasLeftSeat() || claiming) return [];
    if (asked !== null) return [el("p", { text: t("seat_ask.waiting", { name: asked }) })];
    if (!choosing) {
      return [el("button", {
        type: "button", id: "seat-ask-open", class: "secondary", text: t("seat_ask.open"),
        onclick: () => { choosing = true; render(); box.querySelector("button")?.focus(); },
      })];
    }
    return [
      el("p", { text: t("seat_ask.pick") }),
      el("div", { class: "share-row seat-ask-names" },
        players().map((seat) => el("button", {
          type: "button", class: "secondary", dataset: { seat: String(seat.seat) },
          text: t("seat_ask.i_am", { name: seat.name }),
          onclick: () => ask(seat.seat),
        })),
        el("button", { type: "button", class: "secondary", text: t("common.close"), onclick: () => { choosing = false; render(); } })),
    ];
  }

  function giverView() {
    if (!mayGive()) return [];
    return summary.seats.filter((s) => s.requested).map((seat) => el("p", { class: "seat-give" },
      el("span", { text: t("seat_ask.someone_asks", { name: seat.name }) }), " ",
      el("button", {
        type: "button", class: "primary small", dataset: { seat: String(seat.seat) },
        text: t("seat_ask.give", { name: seat.name }),
        onclick: () => ask(seat.seat, "seat_give"),
      })));
  }

  function render() {
    const playing = summary?.status === "playing" && !summary.ended_by;
    const children = !playing ? [] : me() === null ? spectatorView() : giverView();
    box.replaceChildren(...children);
    box.hidden = children.length === 0;
  }

  return {
    setSummary(next) {
      summary = next;
      if (me() !== null) { choosing = false; asked = null; }
      render();
    },
    // Socket messages of this feature; false for any other.
    receive(message) {
      if (message.type === "seat_requested") {
        choosing = false;
        asked = message.name;
        announce(t("seat_ask.waiting", { name: message.name }));
      } else if (message.type === "seat_gave") {
        announce(t("seat_ask.gave"));
      } else if (message.type === "seat_given") {
        asked = null;
        claiming = true;
        claimSeat(code, message.link, showError).then((claimed) => {
          claiming = false;
          if (claimed) onSeat(claimed);
          render();
        });
      } else {
        return false;
      }
      render();
      return true;
    },
  };
}
