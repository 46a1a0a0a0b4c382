// This browser's spectator key, sent in a spectator's hello (app/ws/group.py): a secret kept in
// localStorage, from which the server derives the id everyone sees. Every socket of this
// browser is then the same spectator: a reconnect takes its name back at once, a second tab
// watches under the same name, and a host's mute outlasts a reload.
const KEY = "paddock.spectatorKey";
let pageKey = null; // private mode: the key lasts as long as the page (its reconnects included)

function fresh() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function spectatorKey() {
  try {
    let key = localStorage.getItem(KEY);
    if (!key || !/^[A-Za-z0-9_-]{16,64}$/.test(key)) {
      key = fresh();
      localStorage.setItem(KEY, key);
    }
    return key;
  } catch {
    pageKey ??= fresh();
    return pageKey;
  }
}
