// Rematch on the room page. The host's button (after the end) asks the server for a
// rematch room; every page in the room then gets a `rematch` message: a seated player's
// carries their new seat token, kept like any seat token (api.js saveSeat), and the page
// moves there after a short countdown — no new link, nothing to type. "No thanks" frees the
// seat in the new room (a lobby leave); a spectator just stays. A page that already moved
// or declined once only shows a link to the new room (e.g. when reopening the old room).
import { call, forgetSeat, saveSeat } from "./api.js";
import { errorText } from "./errors.js";
import { t } from "./i18n.js";

const MOVE_SECONDS = 5;
const choiceKey = (code) => `paddock.rematch.${code}`;

function remembered(code) {
  try { return localStorage.getItem(choiceKey(code)); } catch { return null; }
}
function remember(code, choice) {
  try { localStorage.setItem(choiceKey(code), choice); } catch { /* private mode: ask again */ }
}

export function setupRematch({ code, isHost, token, showError, announce }) {
  const controls = document.getElementById("rematch-controls");
  const button = document.getElementById("rematch-button");
  const link = document.getElementById("rematch-link");
  const banner = document.getElementById("rematch-banner");
  const text = document.getElementById("rematch-text");
  const go = document.getElementById("rematch-go");
  const decline = document.getElementById("rematch-decline");
  let offer = null;
  let ticker = null;

  function showLink(newCode) {
    link.href = `/rooms/${encodeURIComponent(newCode)}`;
    link.hidden = false;
    controls.hidden = false;
    button.hidden = true;
  }

  function move() {
    clearInterval(ticker);
    remember(code, "followed");
    window.location.assign(`/rooms/${encodeURIComponent(offer.code)}`);
  }

  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      await call("POST", `/api/rooms/${encodeURIComponent(code)}/rematch`, { token: token() });
    } catch (error) {
      showError(errorText(error));
      button.disabled = false;
    }
  });
  go.addEventListener("click", () => offer && move());
  decline.addEventListener("click", async () => {
    if (!offer) return;
    clearInterval(ticker);
    banner.hidden = true;
    remember(code, "declined");
    if (offer.token) {
      try {
        await call("POST", `/api/rooms/${encodeURIComponent(offer.code)}/leave`, { token: offer.token });
      } catch { /* the seat stays free for the host to fill either way */ }
      forgetSeat(offer.code);
    }
    showLink(offer.code);
    announce(t("rematch.declined"));
  });

  return {
    setSummary(summary) {
      const over = summary.status === "over";
      if (summary.rematch) {
        showLink(summary.rematch);
        return;
      }
      button.hidden = !(over && isHost());
      controls.hidden = button.hidden;
    },
    receive(message) {
      if (message.type !== "rematch") return false;
      offer = message;
      if (message.token) saveSeat(message.code, { token: message.token, seat: message.seat, host: isHost() });
      showLink(message.code);
      if (remembered(code)) return true;
      const seated = Boolean(message.token);
      decline.textContent = seated ? t("rematch.decline") : t("rematch.stay");
      banner.hidden = false;
      let left = MOVE_SECONDS;
      const say = () => {
        text.textContent = t(seated ? "rematch.moving_seat" : "rematch.moving_watch", { n: left });
      };
      say();
      announce(t("notice.rematch"), { urgent: true });
      clearInterval(ticker);
      ticker = setInterval(() => {
        left -= 1;
        if (left <= 0) move();
        else say();
      }, 1000);
      return true;
    },
  };
}
