// Names of games and their options in the reader's language. Keys follow
// `game.<id>.name`, `opt.<id>.<option>`, `opt.<id>.<option>.<choice>`; a game
// without keys yet shows the server's title and raw names.
import { has, t } from "./i18n.js";

export function gameName(game) {
  const id = typeof game === "string" ? game : game.id;
  const key = `game.${id}.name`;
  return has(key) ? t(key) : (game.title ?? id);
}

export function optionLabel(game, option) {
  const key = `opt.${game.id}.${option.name}`;
  return has(key) ? t(key) : option.name;
}

export function optionChoiceLabel(game, option, choice) {
  const key = `opt.${game.id}.${option.name}.${choice}`;
  return has(key) ? t(key) : String(choice);
}

// Loads static/games/<id>.js, the table module of a game (static/games/README.md), and,
// when the module says `stylesheet: true`, its static/games/<id>.css (once, before the
// table is drawn, so that nothing is measured unstyled).
export async function loadGameModule(id) {
  if (!/^[a-z][a-z0-9_]*$/.test(id)) throw new Error("bad game id");
  const module = (await import(`/static/games/${id}.js`)).default;
  // Through the page's import map, which names every static file by its fingerprinted URL.
  if (module.stylesheet) await loadStylesheet(import.meta.resolve(`/static/games/${id}.css`));
  return module;
}

function loadStylesheet(href) {
  const found = document.querySelector(`link[rel="stylesheet"][href="${href}"]`);
  if (found) return found.dataset.loaded === "true" ? Promise.resolve() : new Promise((done) => {
    found.addEventListener("load", done, { once: true });
    found.addEventListener("error", done, { once: true });
  });
  return new Promise((done) => {
    const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
    const settle = () => { link.dataset.loaded = "true"; done(); };
    link.addEventListener("load", settle, { once: true });
    link.addEventListener("error", settle, { once: true }); // the table still draws, unstyled
    document.head.append(link);
  });
}
