// Seats you can't lose, on the room page:
// - a one-time seat link opened here (`/rooms/<code>#seat=<code>`, the fragment never reaches
//   a server) gives this browser the seat; the device it came from stops holding it;
// - "Continue on another device" shows the seated player a fresh link and its QR code;
// - the host sees who is away: when a bot may take the seat (after the grace period), a
//   new seat link to send them, and, when no turn timer runs, buttons to set one.
import { call } from "./api.js";
import { countdown, el } from "./dom.js";
import { errorText } from "./errors.js";
import { t, tp } from "./i18n.js";

const FRAGMENT = /^#seat=([A-Za-z0-9_-]{1,64})$/;

// The seat the link in this page's address gives, or null (the fragment is removed either way).
export async function claimSeatFromLink(code, showError) {
  const match = FRAGMENT.exec(window.location.hash);
  if (!match) return null;
  history.replaceState(null, "", window.location.pathname + window.location.search);
  return claimSeat(code, match[1], showError);
}

// Open a one-time seat code (from a link, or given by the host: static/js/seat_asks.js).
// A seat whose device is connected moves only once that device was asked and said "that's me"
// (`seat_asked`, with `retry_after`), an away seat only after the grace period (`seat_away`):
// say so, and try again then.
const WAITS = new Set(["seat_asked", "seat_away"]);
export async function claimSeat(code, link, showError) {
  for (;;) {
    try {
      const claimed = await call("POST", `/api/rooms/${encodeURIComponent(code)}/seat-link/claim`, { body: { code: link } });
      showError("");
      return { token: claimed.token, seat: claimed.seat, host: false };
    } catch (error) {
      showError(errorText(error), { sticky: true });
      if (!WAITS.has(error.code)) return null;
      // The other device may let the seat go sooner: ask again every few seconds.
      await new Promise((resolve) => setTimeout(resolve, 1000 * Math.min(3, Math.max(1, error.params.retry_after ?? 3))));
    }
  }
}

// This device's seat link was opened elsewhere (`seat_ask`): keep the seat here or let it go.
// Acting or chatting keeps it too; silence never lets it go.
export function askAboutSeat(message, send, showError) {
  const box = document.getElementById("room-error");
  const answer = (keep) => {
    send({ type: "seat_answer", keep });
    panel.remove();
  };
  const panel = el(
    "div", { class: "seat-ask", role: "alertdialog", "aria-live": "assertive" },
    el("p", { text: t("device.asked") }),
    el("button", { type: "button", text: t("device.keep"), onclick: () => answer(true) }),
    el("button", { type: "button", text: t("device.let_go"), onclick: () => answer(false) }),
  );
  document.querySelector(".seat-ask")?.remove();
  (box?.parentNode ?? document.body).insertBefore(panel, box ?? null);
  showError("");
  return panel;
}

export function setupSeatTools({ code, token, me, isHost, seatName, showError, announce, onGraceOver }) {
  const deviceButton = document.getElementById("device-button");
  const panel = document.getElementById("device-panel");
  const heading = document.getElementById("device-heading");
  const awayPanel = document.getElementById("away-panel");
  const awayList = document.getElementById("away-list");
  const timerAsk = document.getElementById("timer-ask");
  let graceTimer = null;
  let stopTicks = [];

  function showLink(link, title) {
    heading.textContent = title;
    document.getElementById("device-qr").src = link.qr;
    document.getElementById("device-url").value = link.url;
    document.getElementById("device-expiry").textContent = tp("device.expires", Math.round(link.expires_in / 60), { n: Math.round(link.expires_in / 60) });
    panel.hidden = false;
    document.getElementById("device-url").focus();
  }

  async function ownLink() {
    try {
      const link = await call("POST", `/api/rooms/${encodeURIComponent(code)}/seat-link`, { token: token() });
      showLink(link, t("device.heading"));
    } catch (error) {
      showError(errorText(error));
    }
  }

  async function hostLink(seat) {
    try {
      const link = await call("POST", `/api/rooms/${encodeURIComponent(code)}/seats/${seat}/link`, { token: token() });
      showLink(link, t("device.heading_for", { name: seatName(seat) }));
    } catch (error) {
      showError(errorText(error));
    }
  }

  async function setTimer(seconds) {
    try {
      await call("POST", `/api/rooms/${encodeURIComponent(code)}/timer`, { token: token(), body: { turn_seconds: seconds } });
      announce(t("notice.timer_set", { n: seconds }));
    } catch (error) {
      showError(errorText(error));
    }
  }

  deviceButton.addEventListener("click", ownLink);
  document.getElementById("device-close").addEventListener("click", () => {
    panel.hidden = true;
    deviceButton.focus();
  });
  document.getElementById("device-copy").addEventListener("click", async () => {
    const input = document.getElementById("device-url");
    try {
      await navigator.clipboard.writeText(input.value);
      announce(t("lobby.copied"));
    } catch {
      input.select();
    }
  });
  for (const button of timerAsk.querySelectorAll("[data-timer]")) {
    button.addEventListener("click", () => setTimer(Number(button.dataset.timer)));
  }

  return {
    setSummary(summary) {
      const seated = me() !== null && summary.status !== "closed";
      deviceButton.hidden = !seated;
      if (!seated && heading.textContent === t("device.heading")) panel.hidden = true;
      for (const stop of stopTicks) stop();
      stopTicks = [];
      clearTimeout(graceTimer);
      const away = summary.status === "playing" && isHost()
        ? summary.seats.filter((s) => !s.bot && !s.connected && !s.host && s.seat !== me())
        : [];
      awayPanel.hidden = away.length === 0;
      timerAsk.hidden = away.length === 0 || Boolean(summary.timer_seconds);
      awayList.replaceChildren(...away.map((seat) => {
        const wait = el("span", { class: "away-wait" });
        if (seat.botAt && seat.botAt > Date.now() / 1000) {
          stopTicks.push(countdown(wait, seat.botAt, { text: (n) => t("away.bot_in", { n }), hideAtZero: true }));
        }
        return el("li", { class: "away-seat", dataset: { seat: String(seat.seat) } },
          el("span", { text: t("away.seat_away", { name: seat.name }) }), " ", wait, " ",
          el("button", {
            type: "button", class: "secondary small seat-link",
            "aria-label": t("away.new_link_named", { name: seat.name }),
            text: t("away.new_link"),
            onclick: () => hostLink(seat.seat),
          }));
      }));
      // When a grace period ends, the players list offers the bot (table.js canHandToBot).
      const next = Math.min(...away.map((s) => s.botAt ?? Infinity));
      if (Number.isFinite(next) && next > Date.now() / 1000) {
        graceTimer = setTimeout(onGraceOver, (next - Date.now() / 1000) * 1000 + 50);
      }
    },
  };
}
