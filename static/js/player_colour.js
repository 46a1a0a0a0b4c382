// One colour per player, the same in the players panel, the game log and on the board.
// A game whose seats already have colours (Dice and Bluff's riders) names them through
// its module's optional `playerColours(view) -> ["red", …]` (names from COLOURS);
// every other game gives seat n the n-th colour of SEAT_ORDER. Colours always come with
// the player's name beside them, never alone.
export const COLOURS = {
  red: "#c62828", blue: "#1f56c2", green: "#2e7d32", orange: "#d35400", purple: "#7b3fa0",
  teal: "#00796b", brown: "#795548", pink: "#c2185b", olive: "#827717", navy: "#283593",
  grey: "#616161", black: "#1b1b1b", white: "#f4f4f4", yellow: "#f2c200", cyan: "#0288d1",
};
const SEAT_ORDER = ["red", "blue", "green", "orange", "purple", "teal", "brown", "pink", "olive", "navy", "grey", "cyan"];

let named = null; // the game's own colour names by seat, when it has them

// The table sets these from the game module's `playerColours(view)` (or clears them).
export function setPlayerColours(names) {
  named = Array.isArray(names) ? names : null;
}

export function seatColourName(seat) {
  if (named && named[seat] && COLOURS[named[seat]]) return named[seat];
  return SEAT_ORDER[((seat % SEAT_ORDER.length) + SEAT_ORDER.length) % SEAT_ORDER.length];
}

// The colour of a seat as a CSS colour.
export function seatColour(seat) {
  return COLOURS[seatColourName(seat)];
}
