// "It's your turn" beyond the banner: a short tone (Web Audio, no sound file),
// a desktop notification while the tab is hidden, a badge on the favicon and a
// buzz on phones. Sound and notifications share one toggle, off by default and
// remembered in localStorage; turning it on is the user gesture that asks the
// browser for permission to notify. The badge and the buzz need no permission.
import { t } from "./i18n.js";

const STORAGE_KEY = "paddock.turnAlerts";
const ICON_SIZE = 64;

// The favicon drawn as SVG: a green disc, and with the badge a red dot.
function iconUrl(badge) {
  const dot = badge
    ? `<circle cx="48" cy="16" r="15" fill="#c0262d" stroke="#fff" stroke-width="4"/>`
    : "";
  const image = `<svg xmlns="http://www.w3.org/2000/svg" width="${ICON_SIZE}" height="${ICON_SIZE}" viewBox="0 0 64 64">`
    + `<circle cx="32" cy="32" r="28" fill="#2f6b3a"/><circle cx="32" cy="32" r="12" fill="#f4efe0"/>${dot}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(image)}`;
}

function readPreference() {
  try { return localStorage.getItem(STORAGE_KEY) === "on"; } catch { return false; }
}

function writePreference(on) {
  try { localStorage.setItem(STORAGE_KEY, on ? "on" : "off"); } catch { /* private mode: not remembered */ }
}

export class TurnSignals {
  constructor({ toggle = null, code = "" } = {}) {
    this.enabled = readPreference();
    this.toggle = toggle;
    this.code = code;
    this.audio = null;
    this.notification = null;
    this.icon = document.querySelector("link[rel~=icon]");
    if (!this.icon) {
      this.icon = document.createElement("link");
      this.icon.rel = "icon";
      document.head.append(this.icon);
    }
    this.icon.href = iconUrl(false);
    if (toggle) {
      toggle.addEventListener("click", () => this.setEnabled(!this.enabled));
      this.drawToggle();
    }
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.closeNotification();
    });
  }

  drawToggle() {
    if (!this.toggle) return;
    this.toggle.setAttribute("aria-pressed", String(this.enabled));
    this.toggle.textContent = this.enabled ? t("signals.on") : t("signals.off");
  }

  // Called from the toggle's click: the one moment a page may start audio and ask to notify.
  async setEnabled(on) {
    this.enabled = on;
    writePreference(on);
    this.drawToggle();
    if (!on) return;
    this.ensureAudio();
    if ("Notification" in window && Notification.permission === "default") {
      try { await Notification.requestPermission(); } catch { /* the browser refused to ask */ }
    }
  }

  ensureAudio() {
    if (this.audio) return this.audio;
    const Context = window.AudioContext ?? window.webkitAudioContext;
    if (!Context) return null;
    try { this.audio = new Context(); } catch { this.audio = null; }
    return this.audio;
  }

  // Two short rising notes, quiet, about a third of a second in all.
  playTone() {
    const audio = this.ensureAudio();
    if (!audio) return false;
    if (audio.state === "suspended") audio.resume().catch(() => {});
    const start = audio.currentTime + 0.02;
    [660, 880].forEach((frequency, index) => {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      const at = start + index * 0.16;
      oscillator.type = "sine";
      oscillator.frequency.setValueAtTime(frequency, at);
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.14);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.15);
    });
    return true;
  }

  notify(text) {
    if (!this.enabled || document.visibilityState !== "hidden") return false;
    if (!("Notification" in window) || Notification.permission !== "granted") return false;
    this.closeNotification();
    try {
      this.notification = new Notification(t("signals.notification_title"), {
        body: text, tag: `paddock-turn-${this.code}`, icon: iconUrl(true),
      });
      this.notification.addEventListener("click", () => {
        window.focus();
        this.closeNotification();
      });
      return true;
    } catch {
      return false; // e.g. Android Chrome only notifies through a service worker
    }
  }

  closeNotification() {
    this.notification?.close();
    this.notification = null;
  }

  setBadge(on) {
    const href = iconUrl(on);
    if (this.icon.getAttribute("href") !== href) this.icon.setAttribute("href", href);
    document.documentElement.dataset.turnBadge = String(on);
  }

  // It has just become this reader's turn (the table calls it once per turn).
  yourTurn(text) {
    this.setBadge(true);
    if (this.enabled) this.playTone();
    this.notify(text);
    try { navigator.vibrate?.([120, 60, 120]); } catch { /* no vibration motor or not allowed */ }
  }

  // Not (or no longer) this reader's turn.
  turnOver() {
    this.setBadge(false);
    this.closeNotification();
  }
}
