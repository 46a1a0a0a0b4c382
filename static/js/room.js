// The room page: lobby before the start, the table after, the same table for
// spectators. Seat credentials live in localStorage per room code.
import { call, forgetSeat, loadSeat, rememberName, rememberedName, saveSeat } from "./api.js";
import { announce } from "./announce.js";
import { mountChat } from "./chat.js";
import { errorText } from "./errors.js";
import { t } from "./i18n.js";
import { renderLobby } from "./lobby.js";
import { setupRematch } from "./rematch.js";
import { setupPlayChoices } from "./play_choices.js";
import { setupSeatAsks } from "./seat_asks.js";
import { askAboutSeat, claimSeatFromLink, setupSeatTools } from "./seat_tools.js";
import { setupGroupLobby } from "./group_lobby.js";
import { mountOddsBoard } from "./odds_board.js";
import { mountToteBoard } from "./tote_board.js";
import { normaliseSummary } from "./summary.js";
import { setupSeries } from "./series.js";
import { setupSpectators } from "./spectators.js";
import { spectatorKey } from "./spectator_key.js";
import { RoomSocket } from "./socket.js";
import { Table } from "./table.js";
import { TurnSignals } from "./turn_signals.js";

const code = document.body.dataset.roomCode;
let seatInfo = loadSeat(code);
let summary = null;
let table = null;
let pollTimer = null;
// Turn alerts: the notifications' toggle is there from the lobby on, for players (a spectator
// has no turn); the sound's mute button sits in the turn bar (static/js/turn_signals.js).
const signalsToggle = document.getElementById("signals-toggle");
const signals = new TurnSignals({ toggle: signalsToggle, code, soundSlot: document.getElementById("turn-bar") });

const errorBox = document.getElementById("room-error");
let errorTimer = null;
// Refusals fade after a while; a room that is gone or closed stays said.
function showError(text, { sticky = false } = {}) {
  clearTimeout(errorTimer);
  errorBox.textContent = text;
  errorBox.hidden = !text;
  if (text && !sticky) errorTimer = setTimeout(() => showError(""), 10000);
}

// The socket's `room` message says who this connection is; before it arrives,
// the seat kept in localStorage does.
// A seat its player left during a game (a bot plays it) keeps its token here, marked `left`,
// so that "Take my seat back" can say hello with it (static/js/play_choices.js).
const heldSeat = () => (seatInfo && !seatInfo.left ? seatInfo : null);
const me = () => (summary && summary.you !== undefined ? summary.you : heldSeat() ? seatInfo.seat : null);
const isHost = () => {
  if (summary && summary.is_host !== undefined) return summary.is_host;
  return Boolean(seatInfo && summary && summary.seats.some((s) => s.seat === seatInfo.seat && s.host));
};

let online = false;
function setConnection(state) {
  online = state === "connected";
  if (table) table.setOnline(online);
  if (summary?.status === "lobby") renderLobby(summary, me(), { isHost: isHost(), removeSeat, online });
  const box = document.getElementById("conn-status");
  box.dataset.state = state;
  const text = { connecting: t("conn.connecting"), connected: t("conn.connected"), reconnecting: t("conn.reconnecting") }[state];
  document.getElementById("conn-text").textContent = text;
  if (state === "reconnecting") announce(text);
}

function setRole() {
  const badge = document.getElementById("role-badge");
  if (me() === null) badge.textContent = t("room.role_spectator");
  else {
    const seat = summary?.seats.find((s) => s.seat === me());
    badge.textContent = t("room.role_player", { name: seat?.name ?? "", n: me() + 1 });
  }
}

// False when the room does not exist (then the page says so and stays quiet).
async function refreshSummary() {
  try {
    applySummary(await call("GET", `/api/rooms/${encodeURIComponent(code)}`));
  } catch (error) {
    if (error.code === "not_found") {
      // No such room: say so with a way home, and stop trying to connect.
      for (const id of ["lobby", "table-area", "room-status", "chat-panel"]) document.getElementById(id).hidden = true;
      showError("");
      document.getElementById("room-missing").hidden = false;
      document.getElementById("room-missing-heading").focus();
      document.title = `${t("room.not_found")} · ${t("site.name")}`;
      stopPolling();
      socket?.close();
      return false;
    }
  }
  return true;
}

// Once the game is over, anyone with the link may replay it (static/js/replay.js).
function showReplayLink(over) {
  document.getElementById("replay-link").hidden = !over;
  document.getElementById("chances-link-row").hidden = !over; // the replay's win-chance chart
}

function applySummary(raw) {
  const wasLobby = summary?.status === "lobby";
  summary = normaliseSummary(raw, summary);
  setRole();
  document.getElementById("leave-seat").hidden = me() === null || summary.status === "over";
  signalsToggle.hidden = me() === null || summary.status === "over";
  showReplayLink(summary.status === "over");
  if (summary.status === "closed") {
    document.getElementById("lobby").hidden = true;
    document.getElementById("table-area").hidden = true;
    showError(t("error.closed"), { sticky: true });
    stopPolling();
    return;
  }
  const inLobby = summary.status === "lobby";
  document.getElementById("lobby").hidden = !inLobby;
  document.getElementById("table-area").hidden = inLobby;
  if (inLobby) {
    renderLobby(summary, me(), { isHost: isHost(), removeSeat, online });
    startPolling();
  } else {
    stopPolling();
    if (wasLobby) announce(t("room.game_started"));
  }
  ensureTable();
  watchForGap();
  if (table) {
    table.setMe(me());
    table.setDeadline(summary.deadline);
    table.setSeats(summary.seats);
  }
  document.getElementById("rules-toggle").hidden = false;
  // The chat sits under the lobby, and beside the table (with the players and the log) once it runs.
  const chatPanel = document.getElementById("chat-panel");
  const chatHome = inLobby ? document.getElementById("room") : document.querySelector("#table-area .side");
  if (chatPanel.parentElement !== chatHome) chatHome.append(chatPanel);
  showOdds();
  chat.setSummary(summary);
  spectators.setSummary(summary, inLobby);
  rematch.setSummary(summary);
  series.setSummary(summary);
  groupLobby.setSummary(summary);
  seatTools.setSummary(summary);
  seatAsks.setSummary(summary);
  playChoices.setSummary(summary);
}

// The room summary carries the latest version. If our table stays behind it
// (a state frame was lost), reconnect: the server's first sync is a full state.
let gapTimer = null;
function watchForGap() {
  clearTimeout(gapTimer);
  if (!table || summary.status === "lobby" || summary.v <= table.version) return;
  gapTimer = setTimeout(() => {
    if (table && summary.v > table.version) socket.restart();
  }, 3000);
}

function startPolling() {
  if (!pollTimer) pollTimer = setInterval(refreshSummary, 4000);
}
function stopPolling() {
  clearInterval(pollTimer);
  pollTimer = null;
}

async function ensureTable() {
  if (table || !summary) return;
  table = new Table({
    code, game: summary.game, me: me(), seats: summary.seats, send: (action) => act(action),
    hostActions: { isHost, handToBot }, signals,
  });
  table.setOnline(online);
  await table.load();
}

function act(action) {
  if (!table) return;
  showError("");
  const sent = socket.send({ type: "act", v: table.version, action });
  if (!sent) showError(t("error.network"));
}

function onMessage(message) {
  switch (message.type) {
    case "state":
      if (summary && summary.status === "lobby") refreshSummary();
      ensureTable().then(() => {
        table.receive(message);
        if (message.over) showReplayLink(true);
        if (summary && table.version >= summary.v) clearTimeout(gapTimer);
      });
      break;
    case "pong":
      // The server sent this socket a newer state than the table has: a frame was lost.
      if (table && typeof message.v === "number" && message.v > table.version) socket.restart();
      break;
    case "room":
      applySummary(message);
      break;
    case "chat":
    case "notice":
    case "chat_history":
      chat.receive(message);
      if (message.type === "notice") groupLobby.notice(message);
      break;
    case "rematch":
      rematch.receive(message);
      break;
    case "odds":
      odds.receive(message);
      showOdds();
      break;
    case "tote":
      tote.receive(message);
      showOdds();
      break;
    case "spectator":
      spectators.receive(message);
      break;
    case "seat_ask":
      askAboutSeat(message, (answer) => socket.send(answer), showError);
      break;
    case "seat_requested":
    case "seat_given":
    case "seat_gave":
      seatAsks.receive(message);
      break;
    case "seat_taken":
      document.querySelector(".seat-ask")?.remove();
      forgetSeat(code);
      seatInfo = null;
      showError(t("device.taken"), { sticky: true });
      break;
    case "error":
      if (spectators.refused(message)) break;
      if (message.code.startsWith("tote_")) {
        tote.refused(errorText(message));
        break;
      }
      if (CHAT_ERRORS.has(message.code)) {
        chat.refused(errorText(message));
        break;
      }
      if (message.code === "bad_token") {
        forgetSeat(code);
        seatInfo = null;
        socket.restart();
      }
      showError(errorText(message));
      announce(errorText(message), { urgent: true });
      break;
    default:
      break;
  }
}

const socket = new RoomSocket(code, {
  hello: () => (heldSeat()
    ? { type: "hello", token: seatInfo.token, spectator: spectatorKey() }
    : { type: "hello", spectator: spectatorKey() }),
  onMessage,
  onStatus: setConnection,
});

// Group play: chat, rematch, seats you can't lose (static/js/chat.js, rematch.js, seat_tools.js).
const CHAT_ERRORS = new Set(["chat_slow", "chat_too_long", "chat_empty", "chat_muted", "chat_off", "bad_chat"]);
const seatNameOf = (seat) => summary?.seats.find((s) => s.seat === seat)?.name ?? null;
async function hostCall(path, body) {
  try {
    await call("POST", `/api/rooms/${encodeURIComponent(code)}${path}`, { token: seatInfo?.token, body });
  } catch (error) {
    showError(errorText(error));
  }
}
const chat = mountChat({
  send: (message) => socket.send(message),
  seatName: seatNameOf,
  host: {
    isHost,
    mute: (from, muted) => hostCall("/chat/mute", { from, muted }),
    spectators: (on) => hostCall("/chat", { spectators: on }),
  },
});
const spectators = setupSpectators({ send: (message) => socket.send(message), me, onMuted: (muted) => chat.setMuted(muted) });
const series = setupSeries({ code });
const rematch = setupRematch({ code, isHost, token: () => seatInfo?.token, showError, announce });
const seatTools = setupSeatTools({
  code, token: () => seatInfo?.token, me, isHost, seatName: seatNameOf, showError, announce,
  onGraceOver: () => table?.setSeats(summary.seats),
});

// A seat this page now holds: given by a seat link, by the host ("I'm one of the players",
// static/js/seat_asks.js) or by an approved ask to replace a bot (static/js/group_lobby.js).
async function takeSeat({ token, seat }) {
  seatInfo = { token, seat, host: false };
  saveSeat(code, seatInfo);
  if (summary) summary.you = seat;
  announce(t("device.arrived", { n: seat + 1 }));
  socket.restart();
  await refreshSummary();
}
// "I'm one of the players", away and back, ending by vote (static/js/seat_asks.js, play_choices.js).
const seatAsks = setupSeatAsks({
  code, send: (message) => socket.send(message), me, isHost, hasLeftSeat: () => Boolean(seatInfo?.left),
  myId: () => spectators.id(), myName: () => spectators.name(), showError, announce, onSeat: takeSeat,
});
const playChoices = setupPlayChoices({
  code, token: () => seatInfo?.token, me, leftSeat: () => Boolean(seatInfo?.left), showError, announce,
  takeBack: async () => {
    seatInfo = { token: seatInfo.token, seat: seatInfo.seat, host: false };
    saveSeat(code, seatInfo);
    if (summary) summary.you = undefined;
    socket.restart();
    await refreshSummary();
  },
});
const groupLobby = setupGroupLobby({
  code, token: () => seatInfo?.token, me, isHost, takeSeat, release: () => spectators.release(), showError, announce,
});

// Live odds (static/js/odds_board.js): spectators always; players once the host turns them on.
const odds = mountOddsBoard({
  panel: document.getElementById("odds-panel"),
  list: document.getElementById("odds-list"),
  seatName: (seat) => seatNameOf(seat) ?? t("table.seat_n", { n: seat + 1 }),
});
// The tote beside it (static/js/tote_board.js): the same readers; named spectators back.
const tote = mountToteBoard({
  panel: document.getElementById("tote-panel"),
  seatName: (seat) => seatNameOf(seat) ?? t("table.seat_n", { n: seat + 1 }),
  send: (message) => socket.send(message),
});
const oddsToggle = document.getElementById("odds-players-toggle");
function showOdds() {
  const forPlayers = Boolean(summary?.odds_players);
  const watching = summary?.status !== "lobby" && (me() === null || forPlayers);
  odds.setAllowed(watching);
  odds.redraw();
  tote.setAllowed(watching, me() === null);
  oddsToggle.hidden = !isHost() || summary?.status === "over";
  oddsToggle.setAttribute("aria-pressed", String(forPlayers));
  oddsToggle.textContent = t(forPlayers ? "odds.players_off" : "odds.players_on");
}
oddsToggle.addEventListener("click", () => hostCall("/odds/players", { on: !summary?.odds_players }));

async function handToBot(seat) {
  // The player may come back: the host confirms, and the player can take the seat back.
  if (!window.confirm(t("table.hand_to_bot_confirm", { name: table.seatName(seat) }))) return;
  try {
    await call("POST", `/api/rooms/${encodeURIComponent(code)}/seats/${seat}/bot`, { token: seatInfo.token });
    announce(t("table.handed_to_bot", { name: table.seatName(seat) }));
  } catch (error) {
    showError(errorText(error));
  }
}

async function removeSeat(seat) {
  try {
    await call("DELETE", `/api/rooms/${encodeURIComponent(code)}/seats/${seat}`, { token: seatInfo.token });
    await refreshSummary();
  } catch (error) {
    showError(errorText(error));
  }
}

document.getElementById("share-link").value = window.location.href.split("#")[0].split("?")[0];
document.getElementById("copy-link").addEventListener("click", async () => {
  const input = document.getElementById("share-link");
  try {
    await navigator.clipboard.writeText(input.value);
    announce(t("lobby.copied"));
    const button = document.getElementById("copy-link");
    button.textContent = t("lobby.copied");
    setTimeout(() => { button.textContent = t("lobby.copy"); }, 3000);
  } catch {
    input.select();
    showError(t("error.copy_failed"));
  }
});

document.getElementById("join-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const joinName = document.getElementById("join-name");
  const name = joinName.value.trim();
  if (!name) {
    showError(t("home.name_required"));
    return;
  }
  try {
    await spectators.release(); // a spectator's name is free for their seat
    const joined = await call("POST", `/api/rooms/${encodeURIComponent(code)}/join`, { body: { name } });
    seatInfo = { token: joined.token, seat: joined.seat, host: false };
    saveSeat(code, seatInfo);
    rememberName(name);
    showError("");
    if (summary) summary.you = joined.seat;
    socket.restart();
    await refreshSummary();
    announce(t("lobby.joined", { n: joined.seat + 1 }));
    joinName.removeAttribute("aria-invalid");
  } catch (error) {
    showError(errorText(error));
    if (error.code === "name_taken" || error.code === "bad_name") {
      joinName.setAttribute("aria-invalid", "true");
      joinName.focus();
    }
  }
});

// A refusal of the name ("name taken") is stale once the name changes.
document.getElementById("join-name").addEventListener("input", (event) => {
  if (event.target.getAttribute("aria-invalid") === "true") showError("");
  event.target.removeAttribute("aria-invalid");
});

document.getElementById("leave-seat").addEventListener("click", async () => {
  // During a game a bot plays the seat, and this browser keeps the token to take it back.
  const midGame = summary?.status === "playing";
  if (!seatInfo || !window.confirm(t(midGame ? "room.leave_confirm_game" : "room.leave_confirm"))) return;
  try {
    await call("POST", `/api/rooms/${encodeURIComponent(code)}/leave`, { token: seatInfo.token });
  } catch (error) {
    showError(errorText(error));
    return;
  }
  if (midGame) {
    seatInfo = { ...seatInfo, left: true };
    saveSeat(code, seatInfo);
  } else {
    forgetSeat(code);
    seatInfo = null;
  }
  if (summary) summary.you = null;
  if (table) table.setMe(null);
  socket.restart();
  await refreshSummary();
  announce(t(midGame ? "room.left_seat_help" : "room.left"));
});

document.getElementById("add-bot").addEventListener("click", async () => {
  try {
    await call("POST", `/api/rooms/${encodeURIComponent(code)}/bots`, { body: { count: 1 }, token: seatInfo.token });
    await refreshSummary();
  } catch (error) {
    showError(errorText(error));
  }
});

document.getElementById("start-game").addEventListener("click", async () => {
  try {
    await call("POST", `/api/rooms/${encodeURIComponent(code)}/start`, { token: seatInfo.token });
    await refreshSummary();
  } catch (error) {
    showError(errorText(error));
  }
});

// The room's controls fold into one menu (static/css/paddock.css: below "Menu" on a wide
// screen, everything on a phone), so that the bar is one row and the table starts near the
// top; a choice made in it, Escape or a click elsewhere folds it again.
const menuToggle = document.getElementById("room-menu-toggle");
const roomMenu = document.getElementById("room-menu");
function openMenu(open) {
  roomMenu.dataset.open = String(open);
  menuToggle.setAttribute("aria-expanded", String(open));
}
menuToggle.addEventListener("click", () => openMenu(roomMenu.dataset.open !== "true"));
roomMenu.addEventListener("click", (event) => {
  if (event.target.closest("button")) openMenu(false);
});
document.addEventListener("click", (event) => {
  if (roomMenu.dataset.open === "true" && !event.target.closest("#room-menu, #room-menu-toggle")) openMenu(false);
});
document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape" || roomMenu.dataset.open !== "true") return;
  openMenu(false);
  menuToggle.focus();
});

// Rules beside the table, one click away.
const rulesToggle = document.getElementById("rules-toggle");
const rulesPanel = document.getElementById("rules-panel");
async function toggleRules(open) {
  rulesPanel.hidden = !open;
  rulesToggle.setAttribute("aria-expanded", String(open));
  if (open && !rulesPanel.dataset.loaded && summary) {
    const response = await fetch(`/games/${encodeURIComponent(summary.game)}/rules?fragment=1`);
    document.getElementById("rules-body").innerHTML = response.ok ? await response.text() : "";
    rulesPanel.dataset.loaded = "1";
  }
  if (open) document.getElementById("rules-panel-heading").focus?.();
  else rulesToggle.focus();
}
rulesToggle.addEventListener("click", () => toggleRules(rulesPanel.hidden));
document.getElementById("rules-close").addEventListener("click", () => toggleRules(false));
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && !rulesPanel.hidden) toggleRules(false);
});

document.getElementById("join-name").value = rememberedName();
// A seat link claims its seat whenever it appears in the address: at load, and when it is
// pasted into a tab that already shows the room (no reload happens then).
async function takeSeatFromLink() {
  const claimed = await claimSeatFromLink(code, showError);
  if (claimed) await takeSeat(claimed);
}
window.addEventListener("hashchange", takeSeatFromLink);
if (await refreshSummary()) {
  socket.connect();
  await takeSeatFromLink(); // watching meanwhile (a seat in use is asked first, which takes a while)
}
