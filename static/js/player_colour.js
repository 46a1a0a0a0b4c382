// One colour per player, the same in the players panel, the game log and on the board.
// A game whose seats already have colours (Dice and Bluff's riders) names them through
// its module's optional `playerColours(view) -> ["red", …]` (names from COLOURS);
// every other game gives seat n the n-th colour of SEAT_ORDER. Colours always come with
// the player's name beside them, never alone.
// Red, blue, white, green and brown are Dice and Bluff's riders (pony_express_bluff.css
// holds the same values; a browser test compares the board with the players list).
export const COLOURS = {
  red: "#b71c1c", blue: "#1f56c2", green: "#1b7a3a", orange: "#d35400", purple: "#7b3fa0",
  teal: "#00796b", brown: "#6d4320", pink: "#c2185b", olive: "#827717", navy: "#283593",
  grey: "#616161", black: "#1b1b1b", white: "#ffffff", yellow: "#f2c200", cyan: "#0288d1",
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
