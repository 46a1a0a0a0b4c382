// A simultaneous sealed-submission game shaped like Ponies in Pursuit (bench only, ours).
// 3 seats; each round every seat is dealt 8 cards (secret) and submits, sealed, two different
// cards of its hand in order, each used to "move" or to "bet": 8 x 7 x 2 x 2 = 224 choices
// (Ponies in Pursuit: 228 at the start of a round). The round resolves when every seat has
// submitted; 5 rounds.
const { INVALID_MOVE } = require('boardgame.io/core');

const ROUNDS = 5;
const HAND = 8;
const COLOURS = ['red', 'blue', 'green', 'yellow', 'white', 'black'];

function deal(G, random, numPlayers) {
  for (let p = 0; p < numPlayers; p++) {
    const hand = [];
    for (let i = 0; i < HAND; i++) {
      hand.push({ colour: COLOURS[random.Die(COLOURS.length) - 1], value: random.Die(3) });
    }
    G.hands[String(p)] = hand;
  }
  G.sealed = {};
}

function submit({ G, ctx, playerID }, first, second, useFirst, useSecond) {
  const hand = G.hands[playerID];
  const valid =
    Number.isInteger(first) && Number.isInteger(second) && first !== second &&
    first >= 0 && second >= 0 && first < hand.length && second < hand.length &&
    ['move', 'bet'].includes(useFirst) && ['move', 'bet'].includes(useSecond);
  if (!valid || G.sealed[playerID] !== undefined) return INVALID_MOVE;
  G.sealed[playerID] = [
    { card: hand[first], use: useFirst },
    { card: hand[second], use: useSecond },
  ];
}

function resolve({ G, ctx, random }) {
  const moved = {};
  for (const [player, cards] of Object.entries(G.sealed)) {
    for (const { card, use } of cards) {
      if (use === 'move') {
        G.track[card.colour] += card.value;
        moved[card.colour] = (moved[card.colour] || 0) + card.value;
      } else {
        G.bets[player].push(card.colour);
      }
    }
  }
  G.last = { round: G.round, revealed: G.sealed, moved };
  G.round += 1;
  deal(G, random, ctx.numPlayers);
}

module.exports = {
  name: 'sealed',
  minPlayers: 3,
  maxPlayers: 3,
  setup: ({ ctx, random }) => {
    const G = { round: 1, track: {}, bets: {}, hands: {}, sealed: {}, last: null };
    for (const c of COLOURS) G.track[c] = 0;
    for (let p = 0; p < ctx.numPlayers; p++) G.bets[String(p)] = [];
    deal(G, random, ctx.numPlayers);
    return G;
  },
  // Every seat sees its own hand and only who has submitted, never another seat's cards.
  playerView: ({ G, playerID }) => ({
    ...G,
    hands: playerID == null ? {} : { [playerID]: G.hands[playerID] },
    sealed: Object.fromEntries(Object.keys(G.sealed).map((p) => [p, p === playerID ? G.sealed[p] : true])),
  }),
  turn: {
    activePlayers: { all: 'submit', maxMoves: 1 },
    // A sealed submission does not depend on the others' (Paddock, too, takes one made against
    // an older version while the seat's own decision is unchanged): not dropped as stale.
    stages: { submit: { moves: { submit: { move: submit, ignoreStaleStateID: true } } } },
    endIf: ({ G, ctx }) => Object.keys(G.sealed).length === ctx.numPlayers,
    onEnd: resolve,
  },
  endIf: ({ G, ctx }) => {
    if (G.round <= ROUNDS) return undefined;
    const score = {};
    for (let p = 0; p < ctx.numPlayers; p++) {
      score[p] = G.bets[String(p)].reduce((sum, colour) => sum + G.track[colour], 0);
    }
    return { score };
  },
};
