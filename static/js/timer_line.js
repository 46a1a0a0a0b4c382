// The shell's timer line in the sticky turn bar: "Time left: 42 s" while the room's
// turn timer runs, for every game. A game with a clock of its own (Dice and Bluff's
// call window) returns it from its table instance's optional
//   timer(frame) -> { deadline, text?(left), urgentAt?, hideAtZero?, onTick?(left) } | null
// and the line counts that down instead. The 10-second warning is turn_clock.js.
import { countdown, el } from "./dom.js";
import { t } from "./i18n.js";

export class TimerLine {
  constructor(slot) {
    this.node = el("p", { id: "turn-timer", class: "turn-timer", role: "timer", hidden: true });
    slot?.replaceChildren(this.node);
    this.stop = null;
  }

  update(frame, own = null) {
    this.stop?.();
    this.stop = null;
    const clock = frame.over ? null : own ?? (frame.deadline ? { deadline: frame.deadline } : null);
    if (!clock?.deadline) {
      this.node.hidden = true;
      return;
    }
    this.stop = countdown(this.node, clock.deadline, {
      text: clock.text ?? ((left) => t("table.timer", { seconds: left })),
      urgentAt: clock.urgentAt ?? 10,
      hideAtZero: Boolean(clock.hideAtZero),
      onTick: clock.onTick ?? null,
    });
  }
}
