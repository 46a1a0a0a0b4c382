// "I'm one of the players" (app/ws/seat_asks.py, app/rooms/seat_requests.py): on a spectator's
// page of a running game, the player picks their name and asks for their seat (under this
// page's spectator name, if it has one, else the seat's name). Who answers sees who asks:
// - the seat's own device: "That's me" moves the seat here, "No" drops the request;
// - once that device has been gone past the grace: the host gives or refuses; for the host's
//   own seat, or while the host is not here, every other player here must agree.
// The one-time code comes to the asking page only, which opens it at once.
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { claimSeat } from "./seat_tools.js";

const OUTCOMES = {
  moved: "seat_ask.outcome_moved",
  agreed: "seat_ask.outcome_agreed",
  dropped: "seat_ask.outcome_dropped",
};

export function setupSeatAsks({ code, send, me, isHost, hasLeftSeat, myId, myName, showError, announce, onSeat }) {
  const box = el("section", { id: "seat-asks", class: "notice seat-asks", "aria-live": "polite", hidden: true });
  document.getElementById("room-error").after(box);
  let summary = null;
  let choosing = false;
  let asked = null; // the name of the seat this page asked for, until it is given or dropped
  let listed = false; // a summary listed this page's request since it asked
  let claiming = false;

  const players = () => summary.seats.filter((s) => !s.bot || s.left || s.away);
  const request = (seat) => {
    if (!send({ type: "seat_request", seat, name: myName() || null })) showError(t("error.network"));
  };
  const answer = (seat, from, yes) => {
    if (!send({ type: "seat_give", seat, from, yes })) showError(t("error.network"));
  };
  // Who decides on a request for `seat` (its device being gone): "host", or "players".
  function decider(seat) {
    const host = summary.seats.find((s) => s.host);
    const hostHere = host && !host.bot && host.connected;
    return hostHere && !seat.host ? "host" : "players";
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
          onclick: () => request(seat.seat),
        })),
        el("button", { type: "button", class: "secondary", text: t("common.close"), onclick: () => { choosing = false; render(); } })),
    ];
  }

  // One request as its answerer sees it: who asks, and the buttons this page may press.
  function requestView(seat, req) {
    const who = t(req.named ? "seat_ask.who_named" : "seat_ask.who_unnamed", { who: req.name });
    const attrs = { class: "seat-give", dataset: { seat: String(seat.seat), from: req.from } };
    const button = (key, yes, cls) => el("button", {
      type: "button", class: `${cls} small`, dataset: { answer: yes ? "yes" : "no" },
      text: t(key, { name: seat.name, who: req.name }),
      onclick: () => answer(seat.seat, req.from, yes),
    });
    if (seat.seat === me()) {
      return el("p", attrs, el("span", { text: t("seat_ask.asks_yours", { who }) }), " ",
        button("seat_ask.its_me", true, "primary"), " ", button("seat_ask.not_me", false, "secondary"));
    }
    const line = el("span", { text: t("seat_ask.asks_for", { who, name: seat.name }) });
    if (seat.connected) return el("p", attrs, line, " ", el("span", { text: t("seat_ask.device_here", { name: seat.name }) }));
    const by = decider(seat);
    if (by === "host" && !isHost()) return el("p", attrs, line, " ", el("span", { text: t("seat_ask.host_answers") }));
    const parts = [line, " "];
    if (by === "players") {
      parts.push(el("span", { class: "seat-agreed", text: t("seat_ask.all_agree", { n: req.yes.length }) }), " ");
    }
    if (!req.yes.includes(me())) parts.push(button("seat_ask.give", true, "primary"), " ");
    parts.push(button("seat_ask.refuse", false, "secondary"));
    return el("p", attrs, ...parts);
  }

  function answererView() {
    return summary.seats.flatMap((seat) => seat.requests.map((req) => requestView(seat, req)));
  }

  function render() {
    const playing = summary?.status === "playing" && !summary.ended_by;
    const children = !playing ? [] : me() === null ? spectatorView() : answererView();
    box.replaceChildren(...children);
    box.hidden = children.length === 0;
  }

  return {
    setSummary(next) {
      summary = next;
      if (me() !== null) { choosing = false; asked = null; }
      if (asked !== null && me() === null) {
        // Once listed, a request no longer listed was refused or ran out: this page may ask again.
        const mine = summary.seats.some((s) => s.requests.some((r) => r.from === myId()));
        if (mine) listed = true;
        else if (listed) asked = null;
      }
      render();
    },
    // Socket messages of this feature; false for any other.
    receive(message) {
      if (message.type === "seat_requested") {
        choosing = false;
        asked = message.name;
        listed = false;
        announce(t("seat_ask.waiting", { name: message.name }));
      } else if (message.type === "seat_gave") {
        announce(t(OUTCOMES[message.outcome] ?? OUTCOMES.agreed));
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
