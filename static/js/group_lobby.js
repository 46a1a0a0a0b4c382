// The lobby of a group (app/rooms/group_lobby.py): everyone sees the room's options and turn
// timer and who is ready; a seated player ticks "ready"; the host turns on "start by itself when
// everyone is ready" and answers friends asking for a bot's seat with one click; a friend at a
// full lobby asks to replace a bot. The ask returns the seat's future token at once, kept in
// this browser; when the room's feed says the host approved (`seat_granted` with the ask's id,
// or the ask is gone from the summary after a reload) the page takes the seat with it.
//
//   const group = setupGroupLobby({ code, token() , me(), isHost(), takeSeat({token, seat}),
//                                   release() -> Promise, showError, announce })
//   group.setSummary(summary)    // the normalised room summary (summary.lobby while in the lobby)
//   group.notice(message)        // a socket `notice` (seat_granted / seat_declined)
import { call } from "./api.js";
import { el } from "./dom.js";
import { errorText } from "./errors.js";
import { optionChoiceLabel, optionLabel } from "./games.js";
import { has, num, t } from "./i18n.js";

const askKey = (code) => `paddock.ask.${code}`;

function storedAsk(code) {
  try { return JSON.parse(localStorage.getItem(askKey(code)) ?? "null"); } catch { return null; }
}
function storeAsk(code, ask) {
  try {
    if (ask) localStorage.setItem(askKey(code), JSON.stringify(ask));
    else localStorage.removeItem(askKey(code));
  } catch { /* private mode: the ask lasts as long as the page */ }
}

function optionValue(game, name, value) {
  if (typeof value === "boolean") return t(value ? "group.yes" : "group.no");
  if (typeof value === "number") return num(value);
  return has(`opt.${game.id}.${name}.${value}`) ? optionChoiceLabel(game, { name }, value) : String(value);
}

export function setupGroupLobby({ code, token, me, isHost, takeSeat, release, showError, announce }) {
  const options = document.getElementById("lobby-options");
  const readyCount = document.getElementById("ready-count");
  const readyList = document.getElementById("ready-list");
  const readyOwn = document.getElementById("ready-own");
  const readyToggle = document.getElementById("ready-toggle");
  const autoBox = document.getElementById("auto-start-box");
  const autoStart = document.getElementById("auto-start");
  const asksPanel = document.getElementById("asks-panel");
  const askList = document.getElementById("ask-list");
  const full = document.getElementById("full-lobby");
  const askForm = document.getElementById("ask-form");
  const askName = document.getElementById("ask-name");
  const noBot = document.getElementById("no-bot");
  const askStatus = document.getElementById("ask-status");
  let mine = storedAsk(code); // {id, token} of this browser's pending ask
  let summary = null;

  async function post(path, body, withToken = true) {
    try {
      return await call("POST", `/api/rooms/${encodeURIComponent(code)}${path}`, { body, token: withToken ? token() : undefined });
    } catch (error) {
      showError(errorText(error));
      return null;
    }
  }

  function granted(seat) {
    const ask = mine;
    mine = null;
    storeAsk(code, null);
    askStatus.textContent = "";
    takeSeat({ token: ask.token, seat });
  }

  readyToggle.addEventListener("change", () => post("/ready", { ready: readyToggle.checked }));
  autoStart.addEventListener("change", () => post("/auto-start", { on: autoStart.checked }));
  askForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = askName.value.trim();
    if (!name) {
      showError(t("home.name_required"));
      return;
    }
    await release(); // a spectator's own name is free for the seat
    const asked = await post("/asks", { name }, false);
    if (!asked) return;
    mine = { id: asked.id, token: asked.token };
    storeAsk(code, mine);
    askStatus.textContent = t("group.asked");
    announce(t("group.asked"));
  });

  function drawOptions() {
    const game = { id: summary.game };
    const rows = Object.entries(summary.options ?? {}).flatMap(([name, value]) => [
      el("dt", { text: optionLabel(game, { name }) }),
      el("dd", { text: optionValue(game, name, value) }),
    ]);
    const timer = summary.timer_seconds;
    rows.push(el("dt", { text: t("home.turn_timer") }),
      el("dd", { text: timer ? t("group.timer", { n: num(timer) }) : t("group.timer_off") }));
    options.replaceChildren(...rows);
  }

  function drawReady(lobby) {
    const ready = new Set(lobby.ready ?? []);
    readyCount.textContent = t("group.ready_count", { n: num(ready.size), m: num(summary.seats.length) });
    readyList.replaceChildren(...summary.seats.map((seat) => el("li", {
      class: "ready-seat", dataset: { seat: String(seat.seat), ready: String(ready.has(seat.seat)) },
    },
    el("span", { class: "ready-name", text: seat.name }),
    el("span", { class: "ready-state", text: t(ready.has(seat.seat) ? "group.ready" : "group.not_ready") }))));
    const seated = me() !== null && me() !== undefined;
    readyOwn.hidden = !seated;
    if (seated) readyToggle.checked = ready.has(me());
    autoBox.hidden = !isHost();
    autoStart.checked = Boolean(lobby.auto_start);
  }

  function drawAsks(lobby) {
    const asks = lobby.asks ?? [];
    asksPanel.hidden = !isHost() || asks.length === 0;
    askList.replaceChildren(...asks.map((ask) => el("li", { class: "ask", dataset: { id: ask.id } },
      el("span", { class: "ask-name", text: ask.name }),
      el("button", {
        type: "button", class: "primary small ask-approve", text: t("group.approve", { name: ask.name }),
        onclick: () => post(`/asks/${encodeURIComponent(ask.id)}`, { approve: true }),
      }),
      el("button", {
        type: "button", class: "secondary small ask-decline", "aria-label": t("group.decline_named", { name: ask.name }),
        text: t("group.decline"),
        onclick: () => post(`/asks/${encodeURIComponent(ask.id)}`, { approve: false }),
      }))));
  }

  function drawFull(lobby) {
    const spectating = me() === null || me() === undefined;
    const isFull = summary.seats.length >= summary.max_seats;
    full.hidden = !(spectating && isFull) && !mine;
    const bots = summary.seats.some((seat) => seat.bot);
    askForm.hidden = Boolean(mine) || !bots;
    noBot.hidden = Boolean(mine) || bots;
    const listed = mine && (lobby.asks ?? []).some((ask) => ask.id === mine.id);
    if (listed && !mine.seen) {
      mine.seen = true;
      storeAsk(code, mine);
    } else if (mine?.seen && !listed) {
      // Answered while this page missed the notice (e.g. a reload): an approval made the token
      // a seat's (a refusal of the hello says otherwise, and the page forgets it).
      granted(null);
    }
  }

  return {
    setSummary(next) {
      summary = next;
      if (summary.status !== "lobby") {
        if (mine) { mine = null; storeAsk(code, null); }
        return;
      }
      const lobby = summary.lobby ?? { ready: [], auto_start: false, asks: [] };
      drawOptions();
      drawReady(lobby);
      drawAsks(lobby);
      drawFull(lobby);
    },
    notice(message) {
      if (!mine || message.id !== mine.id) return;
      if (message.e === "seat_granted") {
        announce(t("group.granted", { n: message.seat + 1 }));
        granted(message.seat);
      } else if (message.e === "seat_declined") {
        mine = null;
        storeAsk(code, null);
        askStatus.textContent = t("group.declined");
        announce(t("group.declined"));
        if (summary) this.setSummary(summary);
      }
    },
  };
}
