// Named spectators (app/rooms/spectators.py): the list and count of who watches under a name,
// in the lobby under the seats and in the players panel beside the table; a spectator's form
// to pick a name (remembered in this browser, so it follows a reconnect and a rematch) or to
// watch anonymously again. The server answers each `spectate` with a `spectator` message
// ({id, name, muted}), also sent after every hello and when the host mutes this page.
//
//   const spectators = setupSpectators({ send(message) -> bool, me() -> seat | null, onMuted(bool) })
//   spectators.receive(message)   // true for a `spectator` message
//   spectators.refused(error)     // true when the refusal was of this page's name
//   spectators.setSummary(summary, inLobby)
//   await spectators.release()    // watch anonymously again (before taking a seat)
import { el } from "./dom.js";
import { errorText } from "./errors.js";
import { t } from "./i18n.js";

const WISH_KEY = "paddock.spectatorName";
const REFUSALS = new Set(["name_taken", "bad_name", "seated", "slow_down"]);

function wished() {
  try { return localStorage.getItem(WISH_KEY) ?? ""; } catch { return ""; }
}
function wish(name) {
  try {
    if (name) localStorage.setItem(WISH_KEY, name);
    else localStorage.removeItem(WISH_KEY);
  } catch { /* private mode: the name lasts as long as the page */ }
}

export function setupSpectators({ send, me, onMuted }) {
  const panel = document.getElementById("spectators-panel");
  const heading = document.getElementById("spectators-heading");
  const list = document.getElementById("spectator-list");
  const form = document.getElementById("spectate-form");
  const input = document.getElementById("spectate-name");
  const as = document.getElementById("spectate-as");
  const anonymous = document.getElementById("spectate-anonymous");
  const error = document.getElementById("spectate-error");
  let mine = { id: null, name: null, muted: false };
  let pending = null; // the name sent and not answered yet ("" for anonymous)
  let refusedName = null; // a remembered name the room refused: not sent again by itself
  let released = null;
  let holding = false; // released for a seat: the remembered name is not asked for again

  const showError = (text) => {
    error.textContent = text;
    error.hidden = !text;
  };

  function ask(name) {
    showError("");
    pending = name;
    if (!send({ type: "spectate", name: name || null })) {
      pending = null;
      showError(t("error.network"));
    }
  }

  function draw() {
    const spectating = me() === null;
    form.hidden = !spectating;
    as.hidden = !mine.name;
    as.textContent = mine.name ? t("spectators.named_as", { name: mine.name }) : "";
    anonymous.hidden = !mine.name;
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (!name) {
      showError(t("home.name_required"));
      return;
    }
    wish(name);
    refusedName = null;
    holding = false;
    ask(name);
  });
  anonymous.addEventListener("click", () => {
    wish("");
    ask("");
  });
  input.value = wished();

  return {
    receive(message) {
      if (message.type !== "spectator") return false;
      const wasMuted = mine.muted;
      mine = { id: message.id, name: message.name ?? null, muted: Boolean(message.muted) };
      pending = null;
      if (mine.name) {
        showError("");
        input.value = mine.name;
      }
      // After a hello (or a rematch's new room) the remembered name is asked for again.
      const want = wished();
      if (!mine.name && want && want !== refusedName && !holding && me() === null) ask(want);
      if (!mine.name && released) {
        released();
        released = null;
      }
      if (wasMuted !== mine.muted) onMuted(mine.muted);
      draw();
      return true;
    },
    refused(message) {
      if (pending === null || !REFUSALS.has(message.code)) return false;
      if (pending) refusedName = pending;
      pending = null;
      showError(errorText(message));
      input.setAttribute("aria-invalid", "true");
      return true;
    },
    setSummary(summary, inLobby) {
      const home = inLobby ? document.getElementById("lobby") : document.getElementById("players-panel");
      const anchor = inLobby ? document.getElementById("seat-list") : null;
      if (panel.parentElement !== home) {
        if (anchor) anchor.after(panel);
        else home.append(panel);
      }
      const named = summary.spectators?.named ?? [];
      const count = summary.spectators?.count ?? named.length;
      heading.dataset.count = String(count);
      heading.textContent = t("spectators.heading", { n: count });
      list.replaceChildren(...named.map((spectator) => el("li", {
        class: "spectator", dataset: { id: spectator.id },
        text: spectator.id === mine.id ? t("spectators.you", { name: spectator.name }) : spectator.name,
      })));
      draw();
    },
    // Watch anonymously again (the name is free for a seat); resolves once the server says so.
    release() {
      holding = true;
      if (!mine.name) return Promise.resolve();
      return new Promise((resolve) => {
        released = resolve;
        ask("");
        setTimeout(resolve, 5000); // a lost answer must not block taking a seat
      });
    },
    id: () => mine.id,
    name: () => mine.name,
    muted: () => mine.muted,
  };
}
