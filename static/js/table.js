// The generic table shell. It owns the turn banner and its timer line, the players list
// (each player in their colour), the end card and its announcement, the game log and the
// last-move line, keeping focus through redraws, and the game's stylesheet; a game draws
// only its own table through a module at static/games/<id>.js (static/games/README.md).
import { announce } from "./announce.js";
import { makeContext } from "./context.js";
import { el } from "./dom.js";
import { joinList, num, t, tp } from "./i18n.js";
import { rememberFocus } from "./keep_focus.js";
import { seatColour, seatMark, seatSwatch } from "./player_colour.js";
import { TimerLine } from "./timer_line.js";
import { loadGameModule } from "./games.js";
import { describeShellEvent, isShellEvent } from "./shell_events.js";
import { connectionBadge } from "./lobby.js";
import { drawEndCard, tabTitle, winnerLine } from "./end_card.js";
import { TurnClock } from "./turn_clock.js";
import { TurnSignals } from "./turn_signals.js";

export class Table {
  constructor({ code, game, me, seats, send, hostActions = null, signals = null }) {
    // hostActions: {isHost(), handToBot(seat)} from the room page.
    this.hostActions = hostActions;
    this.code = code;
    this.gameId = game;
    this.me = me;
    this.seats = seats;
    this.sendAction = send;
    this.version = -1;
    this.view = null;
    this.statics = {}; // the game's static keys of the view, from the last frame that had them
    this.logCount = 0;
    // The log as received: the whole visible log at sync (`log`), then each frame's new `events`.
    this.log = [];
    this.pending = [];
    this.module = null;
    this.instance = null;
    this.wasMyTurn = false;
    this.deadline = null;
    this.online = true;
    this.signals = signals ?? new TurnSignals({ code });
    this.clock = new TurnClock(document.getElementById("turn-warning"), this.signals);
    this.timer = new TimerLine(document.getElementById("turn-timer-slot"));
    this.context = makeContext({
      me: () => this.me,
      seatName: (seat) => this.seatName(seat),
      send: (action) => this.sendAction(action),
    });
  }

  ctx() {
    return this.context;
  }

  seatName(seat) {
    const found = this.seats.find((s) => s.seat === seat);
    return found?.name || t("table.seat_n", { n: seat + 1 });
  }

  async load() {
    try {
      this.module = await loadGameModule(this.gameId);
    } catch {
      document.getElementById("game-root").textContent = t("table.no_module");
      return;
    }
    this.instance = this.module.mount(document.getElementById("game-root"), this.ctx());
    for (const frame of this.pending.splice(0)) this.receive(frame);
  }

  setSeats(seats) {
    this.seats = seats;
    this.renderPlayers();
  }

  setMe(me) {
    this.me = me;
  }

  // The room's timer (Unix seconds or null), from the room summary.
  setDeadline(deadline) {
    this.deadline = deadline;
    this.clock.update({ deadline, mine: this.wasMyTurn });
  }

  // While the socket is down nothing on the table can be sent and nobody's
  // presence is known: the game's controls are disabled (the fieldset around
  // #game-root) and every player shows as "reconnecting".
  setOnline(online) {
    if (online === this.online) return;
    this.online = online;
    const area = document.getElementById("table-area");
    if (area) area.dataset.offline = String(!online);
    const controls = document.getElementById("game-controls");
    if (controls) controls.disabled = !online;
    this.renderPlayers();
  }

  receive(message) {
    if (!this.instance) {
      this.pending.push(message);
      return;
    }
    // Every state frame carries a full view: an older one is dropped, a newer one
    // replaces what we had. The log comes whole at sync (`log`) and as new `events` after.
    if (typeof message.v === "number" && message.v < this.version) return;
    const sync = Array.isArray(message.log);
    if (!sync && message.v === this.version) return;
    if (sync) this.log = message.log.slice();
    else this.log.push(...(message.events ?? []));
    const previous = this.view;
    this.version = message.v ?? this.version;
    // A game's static keys (a board's drawing) come with the first and every sync frame,
    // named under `static`; later frames leave them out and the table keeps them.
    if (Array.isArray(message.static)) {
      this.statics = Object.fromEntries(message.static.map((key) => [key, message.view[key]]));
    }
    // Game modules read the log as `view.log`, as before: the shell puts it back in.
    this.view = { ...this.statics, ...message.view, log: this.log.slice() };
    this.actions = message.actions ?? [];
    // A state frame says when the timer fires next (seconds from when it was sent); a sync
    // frame leaves that to the room summary that comes with it.
    if ("deadline_in" in message) {
      this.deadline = typeof message.deadline_in === "number" ? Date.now() / 1000 + message.deadline_in : null;
    }
    const frame = {
      v: this.version, over: Boolean(message.over), view: this.view, actions: this.actions,
      previous, deadline: this.deadline ?? null,
    };
    const root = document.getElementById("game-root");
    root.dataset.v = String(this.version); // a hook for tests: the frame the table shows
    const restoreFocus = rememberFocus(root);
    this.instance.update(frame);
    restoreFocus();
    this.timer.update(frame, this.instance.timer?.(frame) ?? null);
    this.renderEnd(frame);
    const turnStarts = this.me !== null && !frame.over && (frame.view?.to_act ?? []).includes(this.me) && !this.wasMyTurn;
    this.renderBanner(frame);
    if (previous === null || turnStarts) this.showDecision();
    this.renderPlayers();
    this.renderLog(this.log, previous === null, frame.over, sync);
  }

  // When the table opens and when a turn comes: the decision (a module's `data-decision`
  // section with a control in it) comes into view, below the sticky turn bar; without one the
  // table's top does. It only scrolls: focus stays where it is, and nothing moves while the
  // reader types in a text box (the chat).
  showDecision() {
    const active = document.activeElement;
    if (active && (active.tagName === "TEXTAREA" || (active.tagName === "INPUT" && /^(text|search|number)$/.test(active.type)))) return;
    const root = document.getElementById("game-root");
    const decision = decisionIn(root);
    const target = decision ?? document.getElementById("table-area");
    if (!target) return;
    const rect = target.getBoundingClientRect();
    const bar = document.getElementById("turn-bar")?.getBoundingClientRect().bottom ?? 0;
    if (rect.top >= bar && rect.bottom <= window.innerHeight) return;
    target.scrollIntoView({ block: decision && rect.height < window.innerHeight - bar ? "nearest" : "start" });
  }

  // The end of the game: the results card at the top of the table, said once.
  renderEnd(frame) {
    const card = document.getElementById("end-card");
    if (!card) return;
    if (!frame.over) {
      card.hidden = true;
      return;
    }
    // A game whose final view has no result still gets its card (the end, Rematch, Replay).
    const result = frame.view?.result ?? { scores: [], winners: [] };
    const module = frame.view?.result ? this.module : null;
    drawEndCard(card, { view: { ...frame.view, result }, module, ctx: this.ctx(), me: this.me });
    if (card.dataset.announced !== "true") {
      card.dataset.announced = "true";
      announce(winnerLine(result, (seat) => this.seatName(seat), this.me));
    }
  }

  renderBanner(frame) {
    const banner = document.getElementById("turn-banner");
    const ctx = this.ctx();
    const mine = !frame.over && this.me !== null && (frame.view?.to_act ?? []).includes(this.me);
    let text;
    const result = frame.over ? frame.view?.result : null;
    if (frame.over) text = winnerLine(result, (seat) => this.seatName(seat), this.me);
    else if (this.me === null) text = this.watchingText(frame.view?.to_act ?? []);
    else text = this.module.turnText?.(frame.view, ctx) ?? (mine ? t("table.your_move") : t("table.waiting"));
    banner.textContent = text;
    banner.dataset.state = frame.over ? "over" : mine ? "mine" : "wait";
    if (frame.over) document.title = tabTitle(result, (seat) => this.seatName(seat), this.me);
    else document.title = mine ? `● ${t("table.your_move")} · ${t("site.name")}` : t("site.name");
    this.signals.setSeated(this.me !== null && !frame.over);
    if (mine && !this.wasMyTurn) {
      announce(text, { urgent: true });
      this.signals.yourTurn(text);
    } else if (!mine && this.wasMyTurn) this.signals.turnOver();
    this.wasMyTurn = mine;
    this.clock.update({ deadline: frame.over ? null : this.deadline, mine });
  }

  // A spectator's banner says whom the table waits for (a few names, or how many choose).
  watchingText(acting) {
    if (!acting.length) return t("table.watching");
    if (acting.length > 3) return tp("table.watching_many", acting.length, { n: num(acting.length) });
    return t("table.watching_turn", { names: joinList(acting.map((seat) => this.seatName(seat))) });
  }

  renderPlayers() {
    const list = document.getElementById("player-list");
    if (!list) return;
    const toAct = this.view?.to_act ?? [];
    const ctx = this.ctx();
    list.replaceChildren(...this.seats.map((seat) => el("li", {
      class: "player", dataset: { seat: String(seat.seat), acting: String(toAct.includes(seat.seat)) },
      style: `--player: ${seatColour(seat.seat)}`,
    },
    seatSwatch(seat.seat),
    el("span", { class: "player-name", text: seat.seat === this.me ? t("table.name_you", { name: seat.name }) : seat.name }),
    // What counts in this game (garnets, chips, gold), from the module's playerScore.
    this.view && this.module?.playerScore ? el("span", {
      class: "player-score", text: this.module.playerScore(this.view, seat.seat, ctx) ?? "",
    }) : null,
    connectionBadge(seat, { unknown: !this.online }),
    toAct.includes(seat.seat) ? el("span", { class: "tag", text: t("table.thinking") }) : null,
    this.canHandToBot(seat) ? el("button", {
      type: "button", class: "secondary small hand-to-bot",
      "aria-label": t("table.hand_to_bot_named", { name: seat.name }),
      text: t("table.hand_to_bot"),
      onclick: () => this.hostActions.handToBot(seat.seat),
    }) : null)));
  }

  // The host may give the seat of a player who left or dropped to a bot (a dropped one
  // after the grace period, seat.botAt: see static/js/seat_tools.js).
  canHandToBot(seat) {
    return this.online && Boolean(this.hostActions?.isHost()) && this.view !== null && !this.view.over
      && !seat.bot && !seat.host && seat.seat !== this.me && (seat.left || !seat.connected)
      && !(seat.botAt > Date.now() / 1000);
  }

  renderLog(log, first, over = false, whole = false) {
    const box = document.getElementById("game-log");
    // At the end the private events (hidden cards, spying) join the log in their
    // places, not at its tail, and a sync brings the whole log: write it again.
    const revealed = over && !this.logOver;
    this.logOver = over;
    if (log.length < this.logCount || revealed || whole) {
      box.replaceChildren();
      this.logCount = 0;
    }
    const ctx = this.ctx();
    const fresh = [];
    for (const event of log.slice(this.logCount)) {
      const line = isShellEvent(event) ? describeShellEvent(event, ctx) : this.module.describeEvent(event, ctx);
      if (line) fresh.push({ line, seat: actingSeat(event) });
    }
    this.logCount = log.length;
    // A line about one player carries that player's colour (beside the name it says).
    for (const { line, seat } of fresh) {
      box.append(el("li", seat === null ? { text: line } : {
        text: line, class: "by-player", dataset: { seat: String(seat), mark: seatMark(seat) },
        style: `--player: ${seatColour(seat)}`,
      }));
    }
    // What just happened, on the table itself: the latest line of the log.
    const last = document.getElementById("last-move");
    if (last && fresh.length) {
      last.textContent = fresh[fresh.length - 1].line;
      last.hidden = false;
    }
    box.scrollTop = box.scrollHeight;
    if (!first && fresh.length) announce(fresh.slice(-3).map((f) => f.line).join(" "));
  }
}

// The decision on the table: the first shown `data-decision` section holding a live control.
export function decisionIn(root) {
  return [...(root?.querySelectorAll("[data-decision]") ?? [])].find((node) => node.offsetParent !== null
    && node.querySelector("button:not(:disabled), select:not(:disabled), input:not(:disabled)")) ?? null;
}

// The seat a log event is about, when one seat acted (the engines name it `seat`,
// Horse Racing's rolls `roller`); null for events about the table or several seats.
function actingSeat(event) {
  const seat = event?.seat ?? event?.roller;
  return Number.isInteger(seat) ? seat : null;
}
