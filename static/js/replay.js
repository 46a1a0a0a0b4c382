// The replay page (/rooms/<code>/replay): a finished game step by step, every
// secret revealed. Steps and their log events come in one call
// (GET /api/rooms/<code>/replay); the full-reveal views come in pages
// (GET .../replay/views?from=&to=) as the reader moves. The game's table
// module draws each step's view as a spectator (ctx.me = null); the secrets
// panel lists every seat's hidden things, through the module's optional
// describeSecrets(secrets, view, ctx) -> [sentences] (raw values otherwise),
// and the status line names the step's action through its optional
// describeAction(action, ctx) -> sentence. Beside them, the win-chance chart
// (odds_chart.js) and the tote as it stood at each step (replay_tote.js).
import { call } from "./api.js";
import { announce } from "./announce.js";
import { makeContext } from "./context.js";
import { el } from "./dom.js";
import { errorText } from "./errors.js";
import { gameName, loadGameModule } from "./games.js";
import { num, t } from "./i18n.js";
import { mountOddsChart } from "./odds_chart.js";
import { mountReplayTote } from "./replay_tote.js";
import { describeShellEvent, isShellEvent } from "./shell_events.js";
import { displayName } from "./summary.js";

const code = document.body.dataset.roomCode;
const SOURCE_KEYS = { player: "replay.source.player", bot: "replay.source.bot", timer: "replay.source.timer" };
const $ = (id) => document.getElementById(id);

const replay = {
  data: null, module: null, instance: null, step: 0, views: new Map(), loading: new Map(),
  timer: null, logStep: -1, rendered: -1,
};

function seatName(seat) {
  const names = replay.data?.names ?? [];
  return seat in names ? displayName(names[seat], Boolean(replay.data.bots[seat])) : t("table.seat_n", { n: seat + 1 });
}

// The replay announces each step itself, and sends nothing.
const ctx = makeContext({ seatName, announce: () => {} });

function showError(text) {
  $("replay-error").textContent = text;
  $("replay-error").hidden = !text;
}

// A game without a table module yet: its view as data and its events by name,
// so the replay still shows every step and every secret.
const GENERIC_MODULE = {
  mount(root) {
    const pre = el("pre", { class: "replay-raw", tabindex: "0" });
    root.replaceChildren(pre);
    return {
      update(frame) {
        const { secrets, ...shown } = frame.view;
        pre.textContent = JSON.stringify(shown, null, 1);
        root.dataset.over = String(frame.over);
      },
    };
  },
  describeEvent(event) {
    const { e, ...params } = event;
    return `${e} ${JSON.stringify(params)}`;
  },
};

// ---- views, a page at a time ------------------------------------------------

function pageOf(step) {
  const size = replay.data.page_max;
  return Math.floor(step / size) * size;
}

function fetchPage(first) {
  if (replay.loading.has(first)) return replay.loading.get(first);
  const last = Math.min(replay.data.count, first + replay.data.page_max - 1);
  const promise = call("GET", `/api/rooms/${code}/replay/views?from=${first}&to=${last}`).then((body) => {
    body.views.forEach((view, offset) => replay.views.set(body.from + offset, view));
  }).catch((error) => {
    replay.loading.delete(first);
    throw error;
  });
  replay.loading.set(first, promise);
  return promise;
}

async function viewAt(step) {
  if (!replay.views.has(step)) await fetchPage(pageOf(step));
  const next = pageOf(step) + replay.data.page_max;
  if (next <= replay.data.count) fetchPage(next).catch(() => {}); // read ahead for playback
  return replay.views.get(step);
}

// ---- words ------------------------------------------------------------------

function actionText(step) {
  const row = replay.data.steps[step - 1];
  const action = replay.module.describeAction?.(row.action, ctx) ?? t("replay.action_generic", { type: row.action.type });
  return t("replay.step_by", {
    name: seatName(row.seat), source: t(SOURCE_KEYS[row.source] ?? "replay.source.player"), action,
  });
}

function statusText(step) {
  const where = t("replay.step_of", { step: num(step), count: num(replay.data.count) });
  return step === 0 ? `${where} ${t("replay.start")}` : `${where} ${actionText(step)}`;
}

function rawValue(value) {
  return typeof value === "string" ? value : JSON.stringify(value);
}

function secretLines(secrets, view) {
  const lines = replay.module.describeSecrets?.(secrets, view, ctx);
  if (lines) return lines;
  return Object.entries(secrets).filter(([, v]) => v !== null).map(([key, value]) => `${key}: ${rawValue(value)}`);
}

// ---- drawing ----------------------------------------------------------------

function drawSecrets(view) {
  $("secrets-list").replaceChildren(...view.secrets.map((secrets, seat) => {
    const lines = secretLines(secrets, view);
    return el("li", { class: "player replay-secrets", dataset: { seat: String(seat) } },
      el("span", { class: "player-name", text: seatName(seat) }),
      lines.length
        ? el("ul", { class: "replay-secret-lines" }, lines.map((line) => el("li", { text: line })))
        : el("span", { class: "muted", text: t("replay.no_secrets") }));
  }));
}

function drawLog(step) {
  const box = $("game-log");
  if (step < replay.logStep) {
    for (const item of [...box.children]) if (Number(item.dataset.step) > step) item.remove();
  } else {
    for (let s = replay.logStep + 1; s <= step; s++) {
      const events = s === 0 ? replay.data.initial_events : replay.data.steps[s - 1].events;
      for (const event of events) {
        const line = isShellEvent(event) ? describeShellEvent(event, ctx) : replay.module.describeEvent(event, ctx);
        if (line) box.append(el("li", { text: line, dataset: { step: String(s) } }));
      }
    }
  }
  replay.logStep = step;
  for (const item of box.children) item.classList.toggle("current", Number(item.dataset.step) === step);
  box.scrollTop = box.scrollHeight;
}

async function show(step, { speak = true } = {}) {
  const count = replay.data.count;
  step = Math.max(0, Math.min(count, step));
  replay.step = step;
  let view;
  try {
    view = await viewAt(step);
  } catch (error) {
    stop();
    showError(errorText(error));
    return;
  }
  if (replay.step !== step) return; // the reader moved on meanwhile
  showError("");
  const previous = replay.rendered >= 0 ? replay.views.get(replay.rendered) ?? null : null;
  replay.instance.update({ v: step, over: Boolean(view.over), view, actions: [], previous, deadline: null });
  replay.rendered = step;
  drawSecrets(view);
  drawLog(step);
  const root = $("replay");
  root.dataset.step = String(step);
  $("replay-step").value = String(step);
  chances.mark(step);
  tote.mark(step);
  $("replay-step").setAttribute("aria-valuetext", t("replay.step_of", { step: num(step), count: num(count) }));
  $("replay-status").textContent = speak ? statusText(step) : "";
  $("replay-back").disabled = $("replay-first").disabled = step === 0;
  $("replay-forward").disabled = $("replay-last").disabled = step === count;
  if (step === count) stop();
}

// ---- playback ---------------------------------------------------------------

function tick() {
  if (replay.step >= replay.data.count) stop();
  else show(replay.step + 1);
}

function play() {
  if (replay.step >= replay.data.count) show(0, { speak: false });
  clearInterval(replay.timer);
  replay.timer = setInterval(tick, Number($("replay-speed").value));
  $("replay-play").textContent = t("replay.pause");
  $("replay-play").setAttribute("aria-pressed", "true");
  announce(t("replay.playing"));
}

function stop() {
  if (!replay.timer) return;
  clearInterval(replay.timer);
  replay.timer = null;
  $("replay-play").textContent = t("replay.play");
  $("replay-play").setAttribute("aria-pressed", "false");
  announce(t("replay.paused"));
}

function move(step) {
  stop();
  show(step);
}

function wire() {
  $("replay-first").onclick = () => move(0);
  $("replay-back").onclick = () => move(replay.step - 1);
  $("replay-forward").onclick = () => move(replay.step + 1);
  $("replay-last").onclick = () => move(replay.data.count);
  $("replay-play").onclick = () => (replay.timer ? stop() : play());
  $("replay-speed").onchange = () => { if (replay.timer) play(); };
  $("replay-step").oninput = (event) => move(Number(event.target.value));
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    const typing = target instanceof HTMLElement && target.matches("input, select, textarea");
    if (typing || event.altKey || event.ctrlKey || event.metaKey) return;
    const keys = {
      ArrowLeft: () => move(replay.step - 1), ArrowRight: () => move(replay.step + 1),
      Home: () => move(0), End: () => move(replay.data.count),
    };
    if (event.key in keys) {
      event.preventDefault();
      keys[event.key]();
    } else if (event.key === " " && !(target instanceof HTMLButtonElement)) {
      event.preventDefault();
      if (replay.timer) stop(); else play();
    }
  });
}

async function start() {
  try {
    replay.data = await call("GET", `/api/rooms/${code}/replay`);
  } catch (error) {
    $("replay-loading").hidden = true;
    showError(errorText(error));
    return;
  }
  try {
    replay.module = await loadGameModule(replay.data.game);
  } catch {
    replay.module = GENERIC_MODULE;
  }
  const title = t("replay.heading", { game: gameName(replay.data.game) });
  $("replay-heading").textContent = title;
  document.title = `${title} · ${t("site.name")}`;
  $("replay-step").max = String(replay.data.count);
  $("replay-loading").hidden = true;
  $("replay-controls").hidden = false;
  $("replay-area").hidden = false;
  replay.instance = replay.module.mount($("game-root"), ctx);
  wire();
  loadChances();
  loadTote();
  await show(0);
  $("replay").dataset.ready = "true";
}

// The win-chance chart (static/js/odds_chart.js), once the server has worked it out.
const chances = mountOddsChart({
  box: $("chances-chart"), legend: $("chances-legend"), seatName, onStep: (step) => move(step),
});
async function loadChances() {
  $("chances").hidden = false;
  try {
    chances.draw(await call("GET", `/api/rooms/${code}/replay/odds`));
    chances.mark(replay.step);
    $("chances-loading").hidden = true;
    $("chances").dataset.ready = "true";
    if (window.location.hash === "#chances") $("chances").scrollIntoView();
  } catch (error) {
    $("chances-loading").textContent = errorText(error);
  }
}

// The tote of the game (replay_tote.js): hidden when nobody backed, or when it cannot be read.
const tote = mountReplayTote({ panel: $("replay-tote"), seatName, onStep: (step) => move(step) });
async function loadTote() {
  let history;
  try {
    history = await call("GET", `/api/rooms/${code}/replay/tote`);
  } catch {
    return; // the replay itself shows the room's refusal
  }
  tote.draw(history, replay.data.seats, replay.data.count);
  tote.mark(replay.step);
}

start();
