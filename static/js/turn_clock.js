// The shell's warning when the room's timer is about to play for you: from
// 10 s left, a line in the sticky turn bar counts down ("10 seconds left!"),
// the screen reader hears it once (assertive) and each second ticks (a short
// click through turn_signals.js, unless muted). Only for a seat that is
// awaited; spectators and seats that already moved see no warning.
import { announce } from "./announce.js";
import { num, tp } from "./i18n.js";

export const WARN_AT_SECONDS = 10;

export class TurnClock {
  constructor(node, signals = null) {
    this.node = node;
    this.signals = signals;
    this.handle = null;
    this.warnedFor = null;
    this.tickedAt = null;
  }

  // deadline: Unix seconds or null; mine: this reader is awaited right now.
  update({ deadline, mine }) {
    clearInterval(this.handle);
    this.handle = null;
    if (!this.node) return;
    if (!deadline || !mine) {
      this.node.hidden = true;
      return;
    }
    const tick = () => {
      const left = Math.max(0, Math.ceil(deadline - Date.now() / 1000));
      const warn = left > 0 && left <= WARN_AT_SECONDS;
      this.node.hidden = !warn;
      this.node.dataset.urgent = String(warn);
      if (!warn) return left > 0;
      const text = tp("table.time_warning", left, { n: num(left) });
      this.node.textContent = text;
      if (this.tickedAt !== `${deadline}|${left}`) {
        this.tickedAt = `${deadline}|${left}`;
        this.signals?.tick();
      }
      if (this.warnedFor !== deadline) {
        this.warnedFor = deadline;
        announce(text, { urgent: true });
      }
      return true;
    };
    if (tick()) this.handle = setInterval(() => tick() || clearInterval(this.handle), 250);
  }

  stop() {
    clearInterval(this.handle);
    if (this.node) this.node.hidden = true;
  }
}
