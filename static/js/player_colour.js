// One colour per player, the same everywhere a player is drawn: the players panel, the game
// log, the board (Dice and Bluff's riders, Odds and Riders' stripes and chips, Horse Racing's
// seats), the replay's win-chance chart, the tote (live and replayed) and the end card. This
// module is the only source: seat n gets the n-th entry of PALETTE, whatever the game.
//
// The palette keeps clear of every game's own piece colours (the ponies and cards: white,
// red, blue, black, yellow, the Wild's violet; Dice and Bluff's board: red, blue, white,
// green, brown, the Indians' ochre; Odds and Riders' horses, cards and spaces: brown, beige,
// yellow, orange, red, blue, green, black), so a player never looks like a pony, a horse or a card. PIECE_COLOURS lists those
// values for the test that compares them. Each colour comes with a shape (`mark`), drawn on
// the swatch, the chart and the log beside the player's name: colour is never the only cue.
import { el } from "./dom.js";

export const PALETTE = [
  { name: "teal", key: "colour.teal", colour: "#00796b", mark: "●" },
  { name: "magenta", key: "colour.magenta", colour: "#a0138e", mark: "■" },
  { name: "slate", key: "colour.slate", colour: "#455a64", mark: "▲" },
  { name: "lime", key: "colour.lime", colour: "#7c8c00", mark: "◆" },
  { name: "violet", key: "colour.violet", colour: "#5e35b1", mark: "★" },
  { name: "pink", key: "colour.pink", colour: "#d6457f", mark: "▼" },
  { name: "cyan", key: "colour.cyan", colour: "#00838f", mark: "✚" },
  { name: "grey", key: "colour.grey", colour: "#757575", mark: "✖" },
  { name: "lavender", key: "colour.lavender", colour: "#9575cd", mark: "♥" },
  { name: "plum", key: "colour.plum", colour: "#6d1b4f", mark: "♣" },
  { name: "sea", key: "colour.sea", colour: "#26a69a", mark: "♠" },
  { name: "moss", key: "colour.moss", colour: "#558b2f", mark: "⬟" },
];

// Every game's piece colours (the renderers' CSS), which no player colour equals.
export const PIECE_COLOURS = {
  ponies_in_pursuit: ["#ffffff", "#c62828", "#1f56c2", "#1b1b1b", "#f2c200", "#bdbdbd", "#7b3fb5"],
  horse_racing: ["#ffffff", "#1d1d1f"],
  pony_express_bluff: ["#b71c1c", "#1f56c2", "#ffffff", "#1b7a3a", "#6d4320", "#b5651d", "#1d1d1f"],
  pony_express_race: [
    "#6d4220", "#e6d3a8", "#f2c200", "#ef7d00", "#c62828", "#1f56c2", "#2e7d32", "#1b1b1b", "#6b6b74",
    "#cfe0ff", "#ffd3d3", "#fff0a8",
  ],
};

function entry(seat) {
  const n = PALETTE.length;
  return PALETTE[((seat % n) + n) % n];
}

// The colour of a seat as a CSS colour.
export function seatColour(seat) {
  return entry(seat).colour;
}

// The palette's name of a seat's colour ("teal").
export function seatColourName(seat) {
  return entry(seat).name;
}

// The catalogue key of a seat's colour's words ("colour.teal").
export function seatColourKey(seat) {
  return entry(seat).key;
}

// The shape drawn with a seat's colour.
export function seatMark(seat) {
  return entry(seat).mark;
}

// A player's swatch: a round chip in their colour with their shape on it (the shape is drawn
// by CSS from data-mark, so the text beside it stays the name alone; hidden from screen
// readers: the name beside it says who it is).
export function seatSwatch(seat, extraClass = "") {
  return el("span", {
    class: `player-swatch ${extraClass}`.trim(), "aria-hidden": "true",
    dataset: { seat: String(seat), mark: seatMark(seat) }, style: `--player: ${seatColour(seat)}`,
  });
}

// What a node about one player carries: their colour (`--player`) and their shape (data-mark).
export function seatStyle(seat) {
  return { style: `--player: ${seatColour(seat)}`, mark: seatMark(seat) };
}
