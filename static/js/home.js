// Home page: pick a game from GET /api/games, set its options, your name,
// create a room, then go to the room page with the seat kept in localStorage.
import { call, rememberName, rememberedName, saveSeat } from "./api.js";
import { makeContext } from "./context.js";
import { el } from "./dom.js";
import { errorText } from "./errors.js";
import { has, num, t, tp } from "./i18n.js";
import { gameName, loadGameModule, optionLabel, optionChoiceLabel } from "./games.js";

const picker = document.getElementById("game-picker");
const optionsBox = document.getElementById("game-options");
const optionsFields = document.getElementById("options-fields");
const form = document.getElementById("create-form");
const nameInput = document.getElementById("player-name");
const errorBox = document.getElementById("create-error");
let games = [];

function showError(text) {
  errorBox.textContent = text;
  errorBox.hidden = !text;
  if (text) errorBox.focus?.();
}

// A refusal about one field names it (its label, in the reader's language),
// marks it invalid and puts the cursor there.
function fieldOfError(error, game) {
  const name = error?.params?.option ?? error?.params?.field?.replace(/^options\./, "");
  if (!name) return null;
  if (name === "turn_seconds") return { input: document.getElementById("turn-seconds"), label: t("home.turn_timer") };
  if (name === "name") return { input: nameInput, label: t("home.your_name") };
  const option = (game?.options ?? []).find((o) => o.name === name);
  const input = optionsFields.querySelector(`[name="${CSS.escape(name)}"]`);
  return option && input ? { input, label: optionLabel(game, option), min: option.min, max: option.max } : null;
}

function clearInvalid() {
  for (const input of form.querySelectorAll("[aria-invalid]")) {
    input.removeAttribute("aria-invalid");
    input.removeAttribute("aria-errormessage");
  }
}

function showRefusal(error, game) {
  if (error?.code === "bad_name") {
    showError(errorText(error));
    nameInput.setAttribute("aria-invalid", "true");
    nameInput.focus();
    return;
  }
  const field = fieldOfError(error, game);
  if (!field) {
    showError(errorText(error));
    return;
  }
  const min = error?.params?.min ?? field.min;
  const max = error?.params?.max ?? field.max;
  showError(min !== undefined && max !== undefined
    ? t("home.field_invalid_range", { field: field.label, min, max })
    : t("home.field_invalid", { field: field.label }));
  field.input.setAttribute("aria-invalid", "true");
  field.input.setAttribute("aria-errormessage", "create-error");
  field.input.focus();
}

function selectedGame() {
  const checked = picker.querySelector("input[name=game]:checked");
  return games.find((g) => g.id === checked?.value);
}

function optionField(game, option) {
  const id = `opt-${option.name}`;
  const label = optionLabel(game, option);
  if (option.kind === "bool") {
    return el("div", { class: "field field-check" },
      el("input", { id, type: "checkbox", name: option.name, checked: option.default === true }),
      el("label", { for: id, text: label }));
  }
  if (option.kind === "choice" || (option.kind === "custom" && option.choices?.length)) {
    // A custom option with named choices (and maybe a whole-number range) is offered as one list.
    const numbers = option.kind === "custom" && Number.isInteger(option.min) && Number.isInteger(option.max)
      && option.max - option.min <= 60
      ? Array.from({ length: option.max - option.min + 1 }, (_, i) => option.min + i) : [];
    const choices = [...numbers, ...option.choices];
    const select = el("select", { id, name: option.name },
      choices.map((choice) =>
        el("option", { value: String(choice), selected: choice === option.default, text: optionChoiceLabel(game, option, choice) })));
    return el("div", { class: "field" }, el("label", { for: id, text: label }), select);
  }
  const attrs = { id, name: option.name, type: "number", value: option.default, inputmode: "numeric" };
  if (option.min !== undefined) attrs.min = option.min;
  if (option.max !== undefined) attrs.max = option.max;
  if (option.kind === "float") attrs.step = "any";
  const hint = option.min !== undefined && option.max !== undefined
    ? el("span", { class: "hint", id: `${id}-hint`, text: t("home.option_range", { min: option.min, max: option.max }) })
    : null;
  if (hint) attrs["aria-describedby"] = `${id}-hint`;
  return el("div", { class: "field" }, el("label", { for: id, text: label }), el("input", attrs), hint);
}

// The room's turn timer (sent as `turn_seconds`; when it runs out the server plays
// the game's timeout action). A game whose rules have a timer option of their own
// (Ponies in Pursuit's round_seconds, PIP-18) sets it there instead.
const TURN_TIMER_PRESETS = [0, 30, 60, 120, 300];
const RULES_TIMER_OPTIONS = ["round_seconds"];

function timerChoiceLabel(seconds) {
  if (!seconds) return t("home.timer_off");
  if (seconds % 60 === 0) return tp("home.timer_minutes", seconds / 60, { n: num(seconds / 60) });
  return tp("home.timer_seconds", seconds, { n: num(seconds) });
}

function turnTimerField(game) {
  if ((game?.options ?? []).some((o) => RULES_TIMER_OPTIONS.includes(o.name))) return null;
  return el("div", { class: "field" },
    el("label", { for: "turn-seconds", text: t("home.turn_timer") }),
    el("select", { id: "turn-seconds", name: "turn_seconds", "aria-describedby": "turn-seconds-hint" },
      TURN_TIMER_PRESETS.map((seconds) => el("option", { value: String(seconds), text: timerChoiceLabel(seconds) }))),
    el("span", { class: "hint", id: "turn-seconds-hint", text: t("home.turn_timer_hint") }));
}

function renderOptions() {
  const game = selectedGame();
  optionsFields.replaceChildren();
  const options = (game?.options ?? []).filter((o) => o.name !== "seed");
  const timer = turnTimerField(game);
  optionsBox.hidden = options.length === 0 && !timer;
  for (const option of options) optionsFields.append(optionField(game, option));
  if (timer) optionsFields.append(timer);
  optionsFields.append(el("div", { id: "options-preview", "aria-live": "polite" }));
  renderPreview();
}

// A game's table module may describe the chosen options (e.g. each horse's
// chance to win on a board): `describeOptions(options, ctx) -> Node | null`.
let previewTicket = 0;
async function renderPreview() {
  const game = selectedGame();
  const ticket = ++previewTicket;
  let node = null;
  try {
    const module = await loadGameModule(game.id);
    if (module.describeOptions) node = await module.describeOptions(readOptions(game), makeContext());
  } catch {
    node = null; // no table module yet, or nothing to say
  }
  const box = document.getElementById("options-preview");
  if (ticket === previewTicket && box) box.replaceChildren(...(node ? [node] : []));
}
optionsFields.addEventListener("change", renderPreview);

function renderGames() {
  picker.querySelector("#games-loading")?.remove();
  games.forEach((game, index) => {
    const id = `game-${game.id}`;
    const blurbKey = `game.${game.id}.blurb`;
    picker.append(el("div", { class: "game-choice" },
      el("input", { type: "radio", name: "game", id, value: game.id, checked: index === 0, onchange: renderOptions }),
      el("label", { for: id },
        el("span", { class: "game-name", text: gameName(game) }),
        el("span", { class: "game-meta", text: t("home.players_range", { min: game.min_seats, max: game.max_seats }) }),
        has(blurbKey) ? el("span", { class: "game-blurb", text: t(blurbKey) }) : null)));
  });
  renderOptions();
}

function readOptions(game) {
  const options = {};
  for (const option of game.options ?? []) {
    const input = optionsFields.querySelector(`[name="${option.name}"]`);
    if (!input) continue;
    if (option.kind === "bool") options[option.name] = input.checked;
    else if (option.kind === "int") options[option.name] = Number.parseInt(input.value, 10);
    else if (option.kind === "float") options[option.name] = Number.parseFloat(input.value);
    else if (option.kind === "choice" || option.kind === "custom") {
      const match = (option.choices ?? []).find((c) => String(c) === input.value);
      const number = /^-?\d+$/.test(input.value) ? Number.parseInt(input.value, 10) : input.value;
      options[option.name] = match ?? (option.kind === "custom" ? number : input.value);
    }
  }
  return options;
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  showError("");
  clearInvalid();
  const game = selectedGame();
  const name = nameInput.value.trim();
  if (!game) return;
  if (!name) {
    showError(t("home.name_required"));
    nameInput.focus();
    return;
  }
  const button = document.getElementById("create-button");
  button.disabled = true;
  try {
    const body = { game: game.id, options: readOptions(game), name };
    const timer = document.getElementById("turn-seconds");
    if (timer && Number(timer.value) > 0) body.turn_seconds = Number(timer.value);
    const created = await call("POST", "/api/rooms", { body });
    rememberName(name);
    saveSeat(created.code, { token: created.token, seat: created.seat, host: true });
    window.location.assign(`/rooms/${encodeURIComponent(created.code)}`);
  } catch (error) {
    showRefusal(error, game);
    button.disabled = false;
  }
});

nameInput.value = rememberedName();
try {
  const data = await call("GET", "/api/games");
  games = Array.isArray(data) ? data : data.games ?? [];
  renderGames();
} catch (error) {
  showError(errorText(error));
}
