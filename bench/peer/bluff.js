// A turn-based bluffing game shaped like Dice and Bluff (bench only, ours): liar's dice.
// 3 seats with 5 secret dice each; turns rotate; on its turn a seat raises the bid
// (quantity, face) to one of the next 24 bids, or calls the previous bid. A call reveals
// every die: the loser loses a die, every die is rolled again, the loser opens the next
// round. A seat with no dice is out; the last seat with dice wins.
const { INVALID_MOVE } = require('boardgame.io/core');

const DICE = 5;
const FACES = 6;
const RAISES = 24; // Dice and Bluff: about 26 choices per decision on average

// Bids in order: (1,1) < (1,2) < ... < (1,6) < (2,1) ...; a bid's rank is (q - 1) * 6 + f - 1.
const rank = (bid) => (bid.quantity - 1) * FACES + bid.face - 1;

function roll(G, random) {
  for (const [player, dice] of Object.entries(G.dice)) {
    G.dice[player] = dice.map(() => random.D6());
  }
  G.bid = null;
}

function next(G, ctx, from) {
  for (let step = 1; step <= ctx.numPlayers; step++) {
    const player = String((Number(from) + step) % ctx.numPlayers);
    if (G.dice[player].length > 0) return player;
  }
  return from;
}

function raise({ G, ctx, events, playerID }, quantity, face) {
  const total = Object.values(G.dice).reduce((sum, dice) => sum + dice.length, 0);
  const bid = { quantity, face };
  const floor = G.bid === null ? -1 : rank(G.bid);
  if (
    !Number.isInteger(quantity) || !Number.isInteger(face) || face < 1 || face > FACES ||
    quantity < 1 || quantity > total || rank(bid) <= floor || rank(bid) > floor + RAISES
  ) {
    return INVALID_MOVE;
  }
  G.bid = { ...bid, by: playerID };
  G.next = next(G, ctx, playerID);
  events.endTurn({ next: G.next });
}

function call({ G, ctx, events, random, playerID }) {
  if (G.bid === null) return INVALID_MOVE;
  const showing = Object.values(G.dice).flat().filter((d) => d === G.bid.face).length;
  const loser = showing >= G.bid.quantity ? playerID : G.bid.by;
  G.revealed = { dice: { ...G.dice }, bid: G.bid, caller: playerID, loser };
  G.dice[loser] = G.dice[loser].slice(1);
  roll(G, random);
  G.next = G.dice[loser].length > 0 ? loser : next(G, ctx, loser);
  events.endTurn({ next: G.next });
}

module.exports = {
  name: 'bluff',
  minPlayers: 3,
  maxPlayers: 3,
  setup: ({ ctx, random }) => {
    const G = { dice: {}, bid: null, next: '0', revealed: null };
    for (let p = 0; p < ctx.numPlayers; p++) G.dice[String(p)] = Array(DICE).fill(1);
    roll(G, random);
    return G;
  },
  // A seat sees its own dice and how many dice the others hold.
  playerView: ({ G, playerID }) => ({
    ...G,
    dice: Object.fromEntries(
      Object.entries(G.dice).map(([p, dice]) => [p, p === playerID ? dice : dice.length]),
    ),
  }),
  moves: { raise, call },
  endIf: ({ G }) => {
    const alive = Object.entries(G.dice).filter(([, dice]) => dice.length > 0);
    return alive.length === 1 ? { winner: alive[0][0] } : undefined;
  },
};
