// The room's chat panel (lobby, table and replay page): lines and public notices, text
// always set as text (never parsed as HTML), quick reactions shown in each reader's
// language, and the host's tools (spectator chat on/off, mute a sender).
//
//   const chat = mountChat({ send(message) -> bool, host: { isHost(), mute(from, muted), spectators(on) } | null,
//                            seatName(seat) -> name | null })
//   chat.receive(message)   // a socket message: chat, notice or chat_history (others are ignored)
//   chat.setSummary(summary)  // the normalised room summary (chat settings, who is who)
import { el } from "./dom.js";
import { clock, t } from "./i18n.js";
import { displayName } from "./summary.js";

// A reaction travels as ":code:" and is shown in the reader's language.
const REACTIONS = { gg: "chat.reaction.gg", nice: "chat.reaction.nice", hurry: "chat.reaction.hurry" };
const REACTION = /^:(gg|nice|hurry):$/;
// Who gave a seat to the device that asked for it (app/rooms/seat_requests.py).
const SEAT_GIVEN = {
  device: "notice.seat_given_device",
  host: "notice.seat_given_host",
  players: "notice.seat_given_players",
};
const SPECTATOR = /^Spectator (\w+)$/;

export function senderName(frame) {
  const spectator = frame.seat === null && SPECTATOR.exec(frame.name ?? "");
  if (spectator) return t("chat.spectator_name", { id: spectator[1] });
  return displayName(frame.name ?? "", false);
}

export function chatText(text) {
  const reaction = REACTION.exec(text);
  return reaction ? t(REACTIONS[reaction[1]]) : text;
}

export function mountChat({ send, host = null, seatName = () => null }) {
  const panel = document.getElementById("chat-panel");
  const log = document.getElementById("chat-log");
  const form = document.getElementById("chat-form");
  const input = document.getElementById("chat-input");
  const offNote = document.getElementById("chat-off");
  const hostBox = document.getElementById("chat-host");
  const spectatorsBox = document.getElementById("chat-spectators");
  const error = document.getElementById("chat-error");
  let summary = null;
  let frames = [];
  // This page's spectator socket was muted by the host (told at once: static/js/spectators.js).
  let spectatorMuted = false;

  // `name`: the name the notice itself gives (a mute carried into a rematch room names a
  // spectator that room may not know yet).
  const whoName = (who, name = null) => {
    const [kind, rest] = String(who).split(":");
    if (kind === "seat") return seatName(Number(rest)) ?? t("table.seat_n", { n: Number(rest) + 1 });
    const named = summary?.spectators?.named?.find((spectator) => spectator.id === rest);
    if (named) return named.name;
    return name ? senderName({ seat: null, name }) : t("chat.spectator_name", { id: rest });
  };

  function noticeText(frame) {
    switch (frame.e) {
      case "seat_bot": return t("notice.seat_bot", { name: frame.name });
      case "seat_back": return t("notice.seat_back", { name: frame.name });
      case "seat_moved": return t("notice.seat_moved", { name: frame.name });
      case "seat_given": return t(SEAT_GIVEN[frame.by] ?? SEAT_GIVEN.host, { name: frame.name, to: frame.to });
      case "spectator_chat": return t(frame.on ? "notice.spectator_chat_on" : "notice.spectator_chat_off");
      case "muted": return t("notice.muted", { name: whoName(frame.who, frame.name) });
      case "unmuted": return t("notice.unmuted", { name: whoName(frame.who, frame.name) });
      case "timer_set": return frame.seconds ? t("notice.timer_set", { n: frame.seconds }) : t("notice.timer_off");
      case "rematch": return t("notice.rematch");
      case "auto_start": return t(frame.on ? "notice.auto_start_on" : "notice.auto_start_off");
      case "seat_asked": return t("notice.seat_asked", { name: frame.name });
      case "seat_granted": return t("notice.seat_granted", { name: frame.name, bot: displayName(frame.bot ?? "", true) });
      case "seat_declined": return t("notice.seat_declined", { name: frame.name });
      case "seat_left": return t("notice.seat_left", { name: frame.name });
      case "seat_freed": return t("notice.seat_freed", { name: frame.name });
      case "host_changed": return t("notice.host_changed", { name: frame.name });
      case "away": return t("notice.away", { name: frame.name });
      case "back": return t("notice.back", { name: frame.name });
      case "vote_open": return t(frame.kind === "bots" ? "notice.vote_open_bots" : "notice.vote_open_abandon", { name: frame.name });
      case "vote_passed": return t(frame.kind === "bots" ? "notice.vote_passed_bots" : "notice.vote_passed_abandon");
      case "vote_declined": return t(frame.kind === "bots" ? "notice.vote_declined_bots" : "notice.vote_declined_abandon");
      default: return null;
    }
  }

  function muteButton(frame) {
    if (!host?.isHost() || frame.type !== "chat" || !frame.from) return null;
    const mine = summary && summary.you !== null && summary.you !== undefined && frame.from === `seat:${summary.you}`;
    if (mine) return null;
    const muted = (summary?.chat?.muted ?? []).includes(frame.from);
    const name = senderName(frame);
    return el("button", {
      type: "button", class: "secondary small chat-mute",
      "aria-label": t(muted ? "chat.unmute_named" : "chat.mute_named", { name }),
      text: t(muted ? "chat.unmute" : "chat.mute"),
      onclick: () => host.mute(frame.from, !muted),
    });
  }

  function line(frame) {
    if (frame.type === "notice") {
      const text = noticeText(frame);
      return text ? el("li", { class: "chat-notice", text }) : null;
    }
    const at = new Date((frame.at ?? 0) * 1000);
    return el("li", { class: "chat-line", dataset: { from: frame.from ?? "" } },
      el("time", { class: "chat-time", datetime: at.toISOString(), text: clock(at) }),
      el("span", { class: "chat-name", dataset: { spectator: String(frame.seat === null) }, text: frame.seat === null ? t("chat.as_spectator", { name: senderName(frame) }) : senderName(frame) }),
      el("span", { class: "chat-text", text: chatText(frame.text ?? "") }),
      muteButton(frame));
  }

  function render() {
    const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
    log.replaceChildren(...frames.map(line).filter(Boolean));
    if (atBottom) log.scrollTop = log.scrollHeight;
  }

  function showError(text) {
    error.textContent = text;
    error.hidden = !text;
  }

  function say(text) {
    showError("");
    if (!send({ type: "chat", text })) showError(t("error.network"));
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    say(text);
    input.value = "";
  });
  for (const button of panel.querySelectorAll("[data-reaction]")) {
    button.addEventListener("click", () => say(`:${button.dataset.reaction}:`));
  }
  spectatorsBox?.addEventListener("change", () => host?.spectators(spectatorsBox.checked));
  panel.hidden = false;

  return {
    receive(message) {
      if (message.type === "chat_history") frames = [...(message.messages ?? [])];
      else if (message.type === "chat" || message.type === "notice") {
        // A line can come both in the history and live (it was stored just before the history was read).
        const same = (f) => f.type === message.type && f.at === message.at && f.from === message.from
          && f.text === message.text && f.e === message.e;
        if (frames.some(same)) return true;
        frames = [...frames, message].slice(-50);
      }
      else return false;
      render();
      return true;
    },
    // A refusal of this connection's line (rate, length, muted, spectators off).
    refused(text) {
      showError(text);
    },
    setMuted(muted) {
      spectatorMuted = muted;
      showError(muted ? t("error.chat_muted") : "");
      this.setSummary(summary);
    },
    setSummary(next) {
      summary = next;
      const spectatorsOn = next?.chat?.spectators !== false;
      const isSpectator = next?.you === null || next?.you === undefined;
      offNote.hidden = spectatorsOn;
      const silenced = (!spectatorsOn && isSpectator) || (isSpectator && spectatorMuted)
        || (next?.chat?.muted ?? []).includes(next?.you !== null && next?.you !== undefined ? `seat:${next.you}` : "");
      for (const control of form.elements) control.disabled = silenced;
      if (hostBox) {
        hostBox.hidden = !host?.isHost();
        spectatorsBox.checked = spectatorsOn;
      }
      render();
    },
  };
}
