// Home page: pick a game from GET /api/games, set its options, your name,
// create a room, then go to the room page with the seat kept in localStorage.
import { call, rememberName, rememberedName, saveSeat } from "./api.js";
import { el } from "./dom.js";
import { errorText } from "./errors.js";
import { has, t } from "./i18n.js";
import { gameName, optionLabel, optionChoiceLabel } from "./games.js";

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
  if (option.kind === "choice") {
    const select = el("select", { id, name: option.name },
      (option.choices ?? []).map((choice) =>
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

function renderOptions() {
  const game = selectedGame();
  optionsFields.replaceChildren();
  const options = (game?.options ?? []).filter((o) => o.name !== "seed");
  optionsBox.hidden = options.length === 0;
  for (const option of options) optionsFields.append(optionField(game, option));
}

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
    else if (option.kind === "choice") {
      const match = (option.choices ?? []).find((c) => String(c) === input.value);
      options[option.name] = match ?? input.value;
    }
  }
  return options;
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  showError("");
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
    const created = await call("POST", "/api/rooms", { body: { game: game.id, options: readOptions(game), name } });
    rememberName(name);
    saveSeat(created.code, { token: created.token, seat: created.seat, host: true });
    window.location.assign(`/rooms/${encodeURIComponent(created.code)}`);
  } catch (error) {
    showError(errorText(error));
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
