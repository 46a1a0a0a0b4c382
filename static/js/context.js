// The one `ctx` a game module is given, on the table, the replay and the home page:
// words, numbers and DOM helpers for everyone; who is reading (`me`, a getter), seat
// names, sending an action and announcing, where the page has them. The replay gives
// `me: null` and sends nothing; the home page (describeOptions) has no seats at all.
import { announce as announceLive } from "./announce.js";
import { el, svg } from "./dom.js";
import { hint } from "./hints.js";
import { joinList, num, t, tp } from "./i18n.js";
import { rememberFocus } from "./keep_focus.js";
import { seatColour, seatColourKey, seatMark, seatSwatch } from "./player_colour.js";

export function makeContext({
  me = () => null, seatName = (seat) => t("table.seat_n", { n: seat + 1 }),
  send = () => {}, announce = announceLive,
} = {}) {
  return {
    get me() { return me(); },
    t, tp, num, joinList, el, svg, hint, seatColour, seatMark, seatSwatch, announce, seatName, send,
    // A seat's colour in words ("teal"), for text that names it.
    seatColourName: (seat) => t(seatColourKey(seat)),
    // For a redraw the module starts itself (a choice inside its own controls): focus
    // stays on the same control. The shell does this around every update(frame).
    keepFocus(draw) {
      const restore = rememberFocus(document.getElementById("game-root"));
      draw();
      restore();
    },
  };
}
