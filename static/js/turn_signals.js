// "It's your turn" beyond the banner: a short tone and, in the last 10 seconds of
// the turn timer, a tick each second (Web Audio, no sound file), a desktop
// notification while the tab is hidden, a badge on the favicon and a buzz on phones.
// Sound is on by default: browsers start audio only after the page's first click or
// key press, so it sounds from then on; one visible mute button in the turn bar turns
// it off, remembered in localStorage. Desktop notifications stay opt-in: their own
// toggle (in the room menu) is the user gesture that asks the browser for permission.
// The badge and the buzz need no permission.
import { el } from "./dom.js";
import { t } from "./i18n.js";

const STORAGE_KEY = "paddock.turnAlerts";
const SOUND_KEY = "paddock.sound";
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

function readPreference(key, fallback) {
  try {
    const stored = localStorage.getItem(key);
    return stored === null ? fallback : stored === "on";
  } catch { return fallback; }
}

function writePreference(key, on) {
  try { localStorage.setItem(key, on ? "on" : "off"); } catch { /* private mode: not remembered */ }
}

export class TurnSignals {
  // toggle: the notifications' button; soundSlot: where the mute button goes (the turn bar).
  constructor({ toggle = null, code = "", soundSlot = null } = {}) {
    this.enabled = readPreference(STORAGE_KEY, false);
    this.sound = readPreference(SOUND_KEY, true);
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
    this.soundButton = null;
    if (soundSlot) {
      this.soundButton = el("button", {
        type: "button", id: "sound-toggle", class: "secondary small sound-toggle", hidden: true,
        onclick: () => this.setSound(!this.sound),
      });
      soundSlot.append(this.soundButton);
      this.drawSoundButton();
    }
    // The first click or key press anywhere unlocks audio (browsers refuse it before).
    const unlock = () => {
      if (this.sound) this.ensureAudio()?.resume?.().catch(() => {});
      document.removeEventListener("pointerdown", unlock, true);
      document.removeEventListener("keydown", unlock, true);
    };
    document.addEventListener("pointerdown", unlock, true);
    document.addEventListener("keydown", unlock, true);
  }

  drawToggle() {
    if (!this.toggle) return;
    this.toggle.setAttribute("aria-pressed", String(this.enabled));
    this.toggle.textContent = this.enabled ? t("signals.on") : t("signals.off");
  }

  drawSoundButton() {
    if (!this.soundButton) return;
    this.soundButton.textContent = this.sound ? t("sound.on") : t("sound.off");
    this.soundButton.title = this.sound ? t("sound.mute") : t("sound.unmute");
    this.soundButton.dataset.sound = this.sound ? "on" : "off";
  }

  // The mute button shows for a seated player (a spectator has no turn to hear of).
  setSeated(seated) {
    if (this.soundButton) this.soundButton.hidden = !seated;
  }

  setSound(on) {
    this.sound = on;
    writePreference(SOUND_KEY, on);
    this.drawSoundButton();
    if (on) this.ensureAudio();
  }

  // Called from the toggle's click: the one moment a page may ask to notify.
  async setEnabled(on) {
    this.enabled = on;
    writePreference(STORAGE_KEY, on);
    this.drawToggle();
    if (!on) return;
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

  // Notes of `length` seconds each, `gap` apart, quiet. Nothing while muted, nor before the
  // page's first click or key press (browsers would refuse to start the audio anyway).
  play(frequencies, { length = 0.14, gap = 0.16, volume = 0.2, type = "sine" } = {}) {
    if (!this.sound) return false;
    if (!this.audio && navigator.userActivation && !navigator.userActivation.hasBeenActive) return false;
    const audio = this.ensureAudio();
    if (!audio) return false;
    if (audio.state === "suspended") audio.resume().catch(() => {});
    const start = audio.currentTime + 0.02;
    frequencies.forEach((frequency, index) => {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      const at = start + index * gap;
      oscillator.type = type;
      oscillator.frequency.setValueAtTime(frequency, at);
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(volume, at + Math.min(0.02, length / 3));
      gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(at);
      oscillator.stop(at + length + 0.01);
    });
    return true;
  }

  // Two short rising notes, about a third of a second in all.
  playTone() {
    return this.play([660, 880]);
  }

  // One of the last ten seconds: a short, quieter click.
  tick() {
    return this.play([1200], { length: 0.04, volume: 0.08, type: "square" });
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
    this.playTone();
    this.notify(text);
    try { navigator.vibrate?.([120, 60, 120]); } catch { /* no vibration motor or not allowed */ }
  }

  // Not (or no longer) this reader's turn.
  turnOver() {
    this.setBadge(false);
    this.closeNotification();
  }
}
