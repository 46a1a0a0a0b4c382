// Horse Racing Game with drafted hands (engine id `horse_racing`, 4-12 seats):
// the eleven lanes with their steps and scratches, the pots, every player's
// chips, hand size and advantage dice, your hand, the draft (keep one, pass
// left), the dice with the advantage-die choice, King/Ace/Joker, the answer to
// a passed ante, the settlement with shares explained, and the log in words.
// Module API: see static/games/README.md. Styles: static/games/horse_racing.css.

const HORSES = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const SPECIAL_KEYS = { K: "hr.card_king", A: "hr.card_ace", Joker: "hr.card_joker" };
const SPECIAL_MARKS = { K: "K", A: "A", Joker: "★" };
// One-line hints on the cards (static/js/hints.js), for the draft and the hand (HR-13, 14, 16, 18).
const HINT_KEYS = { K: "hr.hint.king", A: "hr.hint.ace", Joker: "hr.hint.joker" };

function cardHint(ctx, card, baseAnte) {
  const horse = horseOf(card);
  if (horse) return ctx.t("hr.hint.horse", { horse });
  const leftover = { K: 2, A: 3, Joker: 4 }[card] * baseAnte;
  return ctx.t(HINT_KEYS[card], { amount: ctx.num(leftover) });
}
const BOARD_KEYS = {
  classic: "opt.horse_racing.board.classic", "even-a": "opt.horse_racing.board.even-a",
  "even-b": "opt.horse_racing.board.even-b", "even-c": "opt.horse_racing.board.even-c",
  short: "opt.horse_racing.board.short",
};
const SCRATCH_KEYS = { quick: "opt.horse_racing.scratch.quick", orbit: "opt.horse_racing.scratch.orbit" };
const RACES_ORBIT_KEY = "opt.horse_racing.races.orbit";
const SIDE_KEYS = { left: "hr.side_left", right: "hr.side_right" };
const PAIRS = [[0, 1], [0, 2], [1, 2]];

// The log's "choose" event names dice by index; the roll just before it has their values.
let lastDice = [];

function horseOf(card) {
  if (card === "J") return 11;
  if (card === "Q") return 12;
  const n = Number(card);
  return Number.isInteger(n) && n >= 2 && n <= 10 ? n : null;
}

// `cards` minus `taken`, one copy per taken card (hands hold duplicates).
function without(cards, taken) {
  const rest = [...cards];
  for (const card of taken) {
    const at = rest.indexOf(card);
    if (at >= 0) rest.splice(at, 1);
  }
  return rest;
}

// A horse's token stands in the middle of its step (at the start before the first), and
// never leaves its track: not over the lane's number, not past the finish.
function tokenLeft(position, steps) {
  if (!position) return "0px";
  const centre = (100 * (position - 0.5)) / steps;
  return `clamp(0px, calc(${centre}% - var(--token) / 2), calc(100% - var(--token)))`;
}

function cardName(ctx, card) {
  const horse = horseOf(card);
  return horse ? ctx.t("hr.card_horse", { horse }) : ctx.t(SPECIAL_KEYS[card]);
}

function cardsText(ctx, cards) {
  return cards && cards.length ? ctx.joinList(cards.map((c) => cardName(ctx, c))) : ctx.t("hr.no_cards");
}

function diceText(ctx, dice) {
  return ctx.joinList(dice.map((d) => ctx.num(d)));
}

function ordinal(ctx, position) {
  return ctx.t("hr.scratch_position", { n: position });
}

function describeEvent(event, ctx) {
  const name = (seat) => ctx.seatName(seat);
  switch (event.e) {
    case "deal":
      return ctx.tp("hr.log.deal", event.cards_each, {
        race: event.race, dealer: name(event.dealer), cards: event.cards_each, aside: event.set_aside,
      });
    case "draft_pass":
      return event.left > 1
        ? ctx.tp("hr.log.draft_pass", event.left, { round: event.round, left: event.left })
        : ctx.t("hr.log.draft_done", { round: event.round });
    case "antes":
      return ctx.t("hr.log.antes", { base: event.base, jockey: event.jockey });
    case "scratch": {
      const holders = (event.discarded ?? []).map((n, seat) => [seat, n]).filter(([, n]) => n > 0)
        .map(([seat, n]) => ctx.t("hr.log.discard_part", { name: name(seat), n }));
      const line = ctx.tp("hr.log.scratch", event.per_card, {
        name: name(event.roller), dice: diceText(ctx, event.dice), horse: event.horse,
        position: ordinal(ctx, event.position), per_card: event.per_card,
      });
      return `${line} ${holders.length
        ? ctx.t("hr.log.scratch_discards", { list: ctx.joinList(holders) })
        : ctx.t("hr.log.scratch_nobody")}`;
    }
    case "scratch_repeat":
      return event.paid > 0
        ? ctx.t("hr.log.scratch_repeat_paid", { name: name(event.roller), horse: event.horse, amount: event.paid })
        : ctx.t("hr.log.scratch_repeat", { name: name(event.roller), horse: event.horse });
    case "roll":
      lastDice = event.dice ?? [];
      return ctx.t(event.advantage ? "hr.log.roll_advantage" : "hr.log.roll", {
        name: name(event.seat), dice: diceText(ctx, event.dice),
      });
    case "choose": {
      const [i, j] = event.dice;
      const values = [lastDice[i], lastDice[j]];
      return values.every((v) => typeof v === "number")
        ? ctx.t("hr.log.choose", { name: name(event.seat), dice: diceText(ctx, values), horse: values[0] + values[1] })
        : ctx.t("hr.log.choose_plain", { name: name(event.seat) });
    }
    case "move":
      return ctx.t(event.step > 0 ? "hr.log.move" : "hr.log.move_back", { horse: event.horse, position: event.position });
    case "owe":
      return ctx.t("hr.log.owe", { name: name(event.seat), horse: event.horse, amount: event.amount });
    case "pay":
      return ctx.t("hr.log.pay", { name: name(event.seat), horse: event.horse, amount: event.amount });
    case "ace":
      return ctx.t("hr.log.ace", { name: name(event.seat), horse: event.horse, amount: event.amount });
    case "king":
      return ctx.t("hr.log.king", {
        name: name(event.seat), target: name(event.target), side: ctx.t(SIDE_KEYS[event.side]), amount: event.amount,
      });
    case "joker":
      return ctx.t(event.move > 0 ? "hr.log.joker_forward" : "hr.log.joker_back", { name: name(event.seat), horse: event.horse });
    case "advantage_die":
      return ctx.t("hr.log.advantage_die", { name: name(event.seat), held: event.held });
    case "finish":
      return ctx.t("hr.log.finish", { horse: event.horse, name: name(event.jockey) });
    case "settled":
      return ctx.tp("hr.log.settled", event.share, {
        race: event.race, horse: event.winner, share: event.share, name: name(event.jockey), remainder: event.remainder,
      });
    case "game_over": {
      const chips = event.chips ?? [];
      const best = Math.max(...chips);
      const winners = chips.map((c, seat) => [seat, c]).filter(([, c]) => c === best).map(([seat]) => name(seat));
      return ctx.t("hr.log.game_over", { names: ctx.joinList(winners), chips: best });
    }
    default:
      return null;
  }
}

// The shell's end card (static/js/end_card.js): chips, what the races paid and cost each seat.
function resultDetails(view, ctx) {
  const races = view.results ?? [];
  const seats = {};
  view.result.scores.forEach((chips, seat) => {
    const shares = races.reduce((sum, r) => sum + (r.payouts?.[seat] ?? 0), 0);
    const penalties = races.reduce((sum, r) => sum + (r.penalties?.[seat] ?? 0), 0);
    const jockey = races.filter((r) => r.jockey === seat).map((r) => ctx.num(r.race));
    seats[seat] = {
      score: ctx.tp("hr.chips", chips, { chips: ctx.num(chips) }),
      detail: [
        ctx.t("hr.end_detail", { won: ctx.num(shares), penalties: ctx.num(penalties) }),
        jockey.length ? ctx.tp("hr.end_jockey", jockey.length, { races: ctx.joinList(jockey) }) : null,
      ].filter(Boolean).join(" · "),
    };
  });
  const winners = races.map((r) => ctx.t("hr.end_race_part", { race: ctx.num(r.race), horse: r.winner }));
  return { seats, decided: winners.length ? ctx.t("hr.end_decided", { list: ctx.joinList(winners) }) : undefined };
}

function seatLeft(view, seat) {
  return (seat + 1) % view.seats;
}

function seatRight(view, seat) {
  return (seat - 1 + view.seats) % view.seats;
}

function turnText(view, ctx) {
  const me = ctx.me;
  if (me === null || view.over) return null;
  const { t } = ctx;
  if (view.phase === "draft") {
    if (!view.draft) return t("hr.turn_wait");
    return view.draft.picked[me] ? t("hr.turn_picked") : t("hr.turn_pick");
  }
  if (view.phase !== "race") return null;
  const debt = view.debt;
  if (debt && debt.holder === me) {
    if (debt.passer !== null && debt.passer !== undefined) {
      return t("hr.turn_passed_to_you", { name: ctx.seatName(debt.passer), amount: debt.amount, horse: debt.horse });
    }
    return t("hr.turn_owe", { amount: debt.amount, horse: debt.horse });
  }
  if (view.active === me && !debt) {
    const step = view.turn?.step;
    if (step === "roll") return t("hr.turn_roll");
    if (step === "choose") return t("hr.turn_choose");
    // HR-13: a Joker only while you hold one, have not played one this turn, nor an Ace or King.
    const canJoker = (view.hand ?? []).includes("Joker") && !view.turn?.king_or_ace && !view.turn?.joker;
    return canJoker ? t("hr.turn_act") : t("hr.turn_end");
  }
  const waiting = debt ? debt.holder : view.active;
  return waiting === null || waiting === undefined ? null : t("hr.turn_waiting_for", { name: ctx.seatName(waiting) });
}

class HorseRacingTable {
  constructor(root, ctx) {
    this.root = root;
    this.ctx = ctx;
    this.frame = null;
    this.passedRounds = {}; // draft round -> the cards you passed left that round (this race)
    this.draftMemory = null; // {race, round, packet, hand}: the draft as last drawn
    const { el, t } = ctx;
    root.classList.add("hr");
    this.header = el("div", { class: "hr-header" });
    this.lanesBox = el("section", { class: "hr-board", "aria-labelledby": "hr-board-h" },
      el("h2", { id: "hr-board-h", text: t("hr.board_heading") }), el("ol", { class: "hr-lanes" }));
    this.playersBox = el("section", { class: "hr-seats", "aria-labelledby": "hr-seats-h" },
      el("h2", { id: "hr-seats-h", text: t("hr.seats_heading") }), el("ul", { class: "hr-seat-list" }));
    this.actBox = el("section", { class: "hr-act", "aria-labelledby": "hr-act-h", hidden: true, dataset: { decision: "act" } });
    this.diceBox = el("section", { class: "hr-dice", "aria-labelledby": "hr-dice-h", hidden: true });
    this.handBox = el("section", { class: "hr-hand-box", "aria-labelledby": "hr-hand-h", hidden: true });
    this.resultsBox = el("section", { class: "hr-results", "aria-labelledby": "hr-results-h", hidden: true });
    root.replaceChildren(this.header, this.actBox, this.diceBox, this.lanesBox, this.handBox,
      this.playersBox, this.resultsBox);
  }

  update(frame) {
    this.frame = frame;
    const view = frame.view;
    this.loadOdds(view.options?.board);
    const seated = this.ctx.me !== null;
    Object.assign(this.root.dataset, {
      v: String(frame.v), phase: view.phase, race: String(view.race), over: String(frame.over),
      draftRound: String(view.draft?.round ?? 0), step: view.turn?.step ?? "",
      active: String(view.active ?? ""), results: String(view.results?.length ?? 0),
    });
    this.drawHeader(view);
    this.drawLanes(view);
    this.drawSeats(view);
    this.drawDice(view);
    // Only redraw your controls and hand when they change: others' moves (eleven
    // bots picking, say) must not swap a button from under a finger or a key press.
    const actKey = JSON.stringify([frame.over, view.phase, view.race, view.draft?.round, view.packet, view.pick,
      view.turn, view.debt, view.advantage, frame.actions, this.ctx.me]);
    if (actKey !== this.actKey) {
      this.actKey = actKey;
      this.drawAct(view, frame.actions, frame.over);
    }
    const handKey = JSON.stringify([seated, frame.over, view.phase, view.hand, view.advantage]);
    if (handKey !== this.handKey) {
      this.handKey = handKey;
      this.handBox.hidden = !seated || frame.over || !view.hand;
      if (!this.handBox.hidden) this.drawHand(view);
      else this.handBox.replaceChildren();
    }
    this.drawResults(view, frame.over);
  }

  // Before the scratches, each lane shows its horse's chance to win on this board (HR-2).
  loadOdds(board) {
    if (board === undefined || board === null || this.oddsFor === boardKey(board)) return;
    this.oddsFor = boardKey(board);
    boardOdds(board).then((odds) => {
      this.odds = odds;
      if (odds && this.frame) this.drawLanes(this.frame.view);
    });
  }

  drawHeader(view) {
    const { el, t } = this.ctx;
    const board = typeof view.options?.board === "string" && BOARD_KEYS[view.options.board]
      ? t(BOARD_KEYS[view.options.board]) : t("hr.board_custom");
    const scratch = t(SCRATCH_KEYS[view.options?.scratch] ?? SCRATCH_KEYS.quick);
    const races = view.options?.races === "orbit" ? t(RACES_ORBIT_KEY) : null;
    this.header.replaceChildren(...[
      el("p", { class: "hr-race", text: t("hr.race_of", { race: view.race, races: view.races }) }),
      el("p", { class: "hr-meta", text: t("hr.meta", { board, scratch, dealer: this.ctx.seatName(view.dealer) }) }),
      races ? el("p", { class: "hr-meta", text: races }) : null,
      el("dl", { class: "hr-pots" },
        el("div", {}, el("dt", { text: t("hr.race_pot") }), el("dd", { class: "hr-race-pot", text: this.ctx.num(view.race_pot) })),
        el("div", {}, el("dt", { text: t("hr.jockey_pot") }), el("dd", { class: "hr-jockey-pot", text: this.ctx.num(view.jockey_pot) }))),
    ].filter(Boolean));
  }

  drawLanes(view) {
    const { el, t, num } = this.ctx;
    const mine = {};
    for (const card of view.hand ?? []) {
      const horse = horseOf(card);
      if (horse) mine[horse] = (mine[horse] ?? 0) + 1;
    }
    const lanes = HORSES.map((horse, index) => {
      const steps = view.board[index];
      const position = Math.min(view.positions[index], steps);
      const scratched = view.scratched[index];
      const moved = view.turn?.horse === horse && view.phase === "race";
      // At the end, the last race's winner is marked on the board.
      const winner = Boolean(view.result) && view.results?.[view.results.length - 1]?.winner === horse;
      const words = scratched
        ? t("hr.lane_scratched", { horse, position: ordinal(this.ctx, scratched), amount: scratched * (view.options?.base_ante ?? 1) })
        : this.ctx.tp("hr.lane", steps, { horse, position, steps });
      const held = mine[horse] ?? 0;
      const chance = view.phase === "draft" && this.odds ? this.odds.win[String(horse)] : null;
      return el("li", {
        class: "hr-lane", dataset: { horse: String(horse), scratched: String(scratched), position: String(position), moved: String(moved) },
      },
      el("span", { class: "hr-horse-no", "aria-hidden": "true", text: String(horse) }),
      el("span", { class: "hr-track", "aria-hidden": "true", style: `--steps: ${steps}` },
        el("span", { class: "hr-fill", style: `width: ${(100 * position) / steps}%` }),
        scratched ? null : el("span", { class: winner ? "hr-token board-winner" : "hr-token", style: `left: ${tokenLeft(position, steps)}`, text: String(horse) })),
      el("span", { class: "hr-lane-count", "aria-hidden": "true",
        text: scratched ? t("hr.lane_scratch_short", { position: ordinal(this.ctx, scratched) }) : `${num(position)}/${num(steps)}` }),
      el("span", { class: "hr-lane-extra", "aria-hidden": "true" },
        chance !== null && chance !== undefined ? el("span", { class: "hr-lane-odds", text: t("hr.lane_odds_short", { p: percent(this.ctx, chance) }) }) : null,
        held ? el("span", { class: "hr-held", text: t("hr.lane_held_short", { n: held }) }) : null),
      el("span", { class: "visually-hidden", text: [
        words, held ? t("hr.lane_held", { n: held }) : "",
        chance !== null && chance !== undefined ? t("hr.lane_odds", { p: percent(this.ctx, chance) }) : "",
      ].filter(Boolean).join(" ") }));
    });
    this.lanesBox.querySelector("ol").replaceChildren(...lanes);
  }

  drawSeats(view) {
    const { el, t, num } = this.ctx;
    const list = this.playersBox.querySelector("ul");
    const acting = new Set(view.to_act ?? []);
    list.replaceChildren(...view.chips.map((chips, seat) => {
      const tags = [];
      if (seat === view.dealer) tags.push(t("hr.tag_dealer"));
      if (view.phase === "race" && seat === view.active) tags.push(t("hr.tag_turn"));
      if (view.debt && view.debt.holder === seat) tags.push(t("hr.tag_owes", { amount: view.debt.amount }));
      if (view.draft) tags.push(view.draft.picked[seat] ? t("hr.tag_picked") : t("hr.tag_choosing"));
      const name = seat === this.ctx.me ? t("hr.name_you", { name: this.ctx.seatName(seat) }) : this.ctx.seatName(seat);
      return el("li", {
        class: "hr-seat", dataset: { seat: String(seat), acting: String(acting.has(seat)), negative: String(chips < 0) },
        style: `--player: ${this.ctx.seatColour(seat)}`,
      },
      this.ctx.seatSwatch(seat),
      el("span", { class: "hr-seat-name", text: name }),
      el("span", { class: "hr-seat-stats" },
        el("span", { class: "hr-chips", text: this.ctx.tp(chips < 0 ? "hr.chips_debt" : "hr.chips", chips, { chips: num(chips) }) }),
        el("span", { class: "hr-cards", text: this.ctx.tp("hr.hand_size", view.hand_sizes[seat], { n: view.hand_sizes[seat] }) }),
        el("span", { class: "hr-adv", text: this.ctx.tp("hr.advantage_held", view.advantage[seat], { n: view.advantage[seat] }) })),
      tags.length ? el("span", { class: "hr-seat-tags", text: tags.join(" · ") }) : null);
    }));
  }

  drawDice(view) {
    const { el, t } = this.ctx;
    const turn = view.turn;
    const show = view.phase === "race" && turn && turn.dice.length > 0;
    // A new roll tumbles the dice (not on the first drawing, nor with reduced motion: the CSS).
    const rolls = (view.log ?? []).filter((e) => e.e === "roll").length;
    const fresh = this.shownRolls !== undefined && rolls > this.shownRolls;
    this.shownRolls = rolls;
    this.diceBox.hidden = !show;
    if (!show) {
      this.diceBox.replaceChildren();
      return;
    }
    const used = turn.pair ?? [];
    const dice = turn.dice.map((value, i) => el("li", {
      class: "hr-die", dataset: { used: String(used.includes(i)), advantage: String(i === 2) },
    }, el("span", { class: fresh ? "hr-die-value rolling" : "hr-die-value", text: this.ctx.num(value) }),
    i === 2 ? el("span", { class: "hr-die-note", text: t("hr.die_advantage") }) : null));
    let summary;
    if (turn.horse) {
      summary = view.scratched[turn.horse - 2]
        ? t("hr.dice_scratched", { name: this.ctx.seatName(view.active), horse: turn.horse })
        : t("hr.dice_moved", { name: this.ctx.seatName(view.active), horse: turn.horse });
    } else summary = t("hr.dice_choosing", { name: this.ctx.seatName(view.active) });
    this.diceBox.replaceChildren(...[
      el("h2", { id: "hr-dice-h", text: t("hr.dice_heading", { name: this.ctx.seatName(view.active) }) }),
      el("ul", { class: "hr-dice-list", "aria-label": t("hr.dice_label", { dice: diceText(this.ctx, turn.dice) }) }, dice),
      el("p", { class: "hr-dice-summary", text: summary }),
      turn.earned ? el("p", { class: "hr-earned", text: t("hr.dice_doubles") }) : null].filter(Boolean));
  }

  find(actions, match) {
    return actions.find((a) => Object.entries(match).every(([k, v]) => JSON.stringify(a[k]) === JSON.stringify(v))) ?? null;
  }

  button(id, text, action, { primary = false, describedBy = null } = {}) {
    const { el } = this.ctx;
    return el("button", {
      type: "button", id, class: primary ? "primary" : "secondary", text, disabled: !action,
      "aria-describedby": describedBy, onclick: () => { if (action) this.ctx.send(action); },
    });
  }

  drawAct(view, actions, over) {
    const { el, t } = this.ctx;
    const me = this.ctx.me;
    const box = this.actBox;
    if (me === null || over || !actions.length) {
      box.hidden = !(me !== null && !over && view.phase === "draft");
      if (box.hidden) box.replaceChildren();
      else this.drawDraft(view, actions);
      return;
    }
    box.hidden = false;
    if (view.phase === "draft") {
      this.drawDraft(view, actions);
      return;
    }
    const turn = view.turn;
    const debt = view.debt;
    const children = [];
    if (debt && debt.holder === me) {
      const passed = debt.passer !== null && debt.passer !== undefined;
      children.push(el("h2", { id: "hr-act-h", text: passed ? t("hr.passed_heading") : t("hr.owe_heading") }),
        el("p", { class: "hr-prompt", id: "hr-debt-text", text: passed
          ? t("hr.passed_text", { name: this.ctx.seatName(debt.passer), amount: debt.amount, horse: debt.horse })
          : t("hr.owe_text", { amount: debt.amount, horse: debt.horse }) }));
      const ace = this.find(actions, { type: "ace" });
      const kingLeft = this.find(actions, { type: "king", to: "left" });
      const kingRight = this.find(actions, { type: "king", to: "right" });
      children.push(el("div", { class: "hr-buttons" },
        this.button("hr-pay", t("hr.pay_button", { amount: debt.amount }), this.find(actions, { type: "pay" }), { primary: true }),
        ace ? this.button("hr-ace", t("hr.ace_button"), ace) : null,
        kingLeft ? this.button("hr-king-left", t("hr.king_button", { name: this.ctx.seatName(seatLeft(view, me)), side: t("hr.side_left") }), kingLeft) : null,
        kingRight ? this.button("hr-king-right", t("hr.king_button", { name: this.ctx.seatName(seatRight(view, me)), side: t("hr.side_right") }), kingRight) : null));
      if (!ace && !kingLeft) children.push(el("p", { class: "muted", text: t("hr.no_answer_cards") }));
    } else if (turn?.step === "roll") {
      const plain = this.find(actions, { type: "roll", advantage: undefined });
      const advantage = this.find(actions, { type: "roll", advantage: true });
      children.push(el("h2", { id: "hr-act-h", text: t("hr.roll_heading") }),
        el("div", { class: "hr-buttons" },
          this.button("hr-roll", t("hr.roll_button"), plain, { primary: true }),
          advantage ? this.button("hr-roll-advantage", t("hr.roll_advantage_button", { n: view.advantage[me] }), advantage) : null),
        advantage ? el("p", { class: "muted", text: t("hr.roll_advantage_help") }) : null);
    } else if (turn?.step === "choose") {
      children.push(el("h2", { id: "hr-act-h", text: t("hr.choose_heading") }),
        el("div", { class: "hr-buttons hr-pairs" }, PAIRS.map(([i, j]) => {
          const horse = turn.dice[i] + turn.dice[j];
          const notes = [];
          if (view.scratched[horse - 2]) notes.push(t("hr.pair_scratched", { amount: view.scratched[horse - 2] * (view.options?.base_ante ?? 1) }));
          if (i === 0 && j === 1 && turn.dice[0] === turn.dice[1]) notes.push(t("hr.pair_doubles"));
          const label = t("hr.pair_button", { a: turn.dice[i], b: turn.dice[j], horse });
          return this.button(`hr-pair-${i}${j}`, notes.length ? `${label} (${notes.join(", ")})` : label,
            this.find(actions, { type: "choose", dice: [i, j] }));
        })));
    } else {
      children.push(el("h2", { id: "hr-act-h", text: t("hr.act_heading") }));
      const jokers = actions.filter((a) => a.type === "joker");
      if (jokers.length) {
        const horses = [...new Set(jokers.map((a) => a.horse))];
        const chosen = horses.includes(this.jokerHorse) ? this.jokerHorse : horses[0];
        this.jokerHorse = chosen;
        const select = el("select", { id: "hr-joker-horse", onchange: (e) => { this.jokerHorse = Number(e.target.value); this.redraw(); } },
          horses.map((h) => el("option", { value: String(h), selected: h === chosen, text: t("hr.card_horse", { horse: h }) })));
        children.push(el("fieldset", { class: "hr-joker" },
          el("legend", { text: t("hr.joker_legend") }),
          el("label", { for: "hr-joker-horse", text: t("hr.joker_horse") }), select,
          this.button("hr-joker-forward", t("hr.joker_forward"), this.find(actions, { type: "joker", horse: chosen, move: 1 })),
          this.button("hr-joker-back", t("hr.joker_back"), this.find(actions, { type: "joker", horse: chosen, move: -1 }))));
      }
      children.push(el("div", { class: "hr-buttons" },
        this.button("hr-end-turn", t("hr.end_turn"), this.find(actions, { type: "end_turn" }), { primary: true })));
    }
    box.replaceChildren(...children.filter(Boolean));
  }

  redraw() {
    this.ctx.keepFocus(() => this.drawAct(this.frame.view, this.frame.actions, this.frame.over));
  }

  drawDraft(view, actions) {
    const { el, t } = this.ctx;
    const me = this.ctx.me;
    const draft = view.draft;
    const packet = view.packet ?? [];
    const round = draft?.round ?? 0;
    // Remember what we passed each round: the packet minus the card that joined our hand.
    const memory = this.draftMemory;
    if (!memory || memory.race !== view.race) this.passedRounds = {};
    else if (memory.round < round) {
      const kept = without(view.hand ?? [], memory.hand);
      if (kept.length === 1) this.passedRounds[memory.round] = without(memory.packet, kept);
    }
    this.draftMemory = { race: view.race, round, packet: [...packet], hand: [...(view.hand ?? [])] };
    const children = [
      el("h2", { id: "hr-act-h", text: t("hr.draft_heading", { round }) }),
      el("p", { class: "hr-prompt", text: view.pick ? t("hr.draft_picked", { card: cardName(this.ctx, view.pick) }) : t("hr.draft_help", { name: this.ctx.seatName(seatLeft(view, me)) }) }),
    ];
    const passed = this.passedRounds[round - 1];
    if (passed) {
      children.push(el("p", { class: "hr-passed", text: t("hr.draft_passed", {
        name: this.ctx.seatName(seatLeft(view, me)), cards: cardsText(this.ctx, passed),
      }) }));
    }
    // A packet you passed comes back after going round the table: say what the others kept from it.
    const returned = this.passedRounds[round - view.seats];
    if (returned) {
      children.push(el("p", { class: "hr-back", text: t("hr.draft_back", {
        round: round - view.seats, cards: cardsText(this.ctx, without(returned, packet)),
      }) }));
    } else if (round > 1) {
      children.push(el("p", { class: "hr-came", text: this.ctx.tp("hr.draft_came", packet.length, { name: this.ctx.seatName(seatRight(view, me)), n: packet.length }) }));
    }
    let pressed = false;
    children.push(el("ul", { class: "hr-cards hr-packet", "aria-label": t("hr.packet_label") }, packet.map((card, index) => {
      const isPick = !pressed && card === view.pick;
      if (isPick) pressed = true;
      const action = this.find(actions, { type: "pick", card });
      return el("li", {}, this.cardButton(card, `hr-pick-${index}`, isPick, action, () => {
        if (action) {
          this.ctx.send(action);
          this.ctx.announce(t("hr.draft_sent", { card: cardName(this.ctx, card) }));
        }
      }));
    })));
    if (!packet.length) children.push(el("p", { class: "muted", text: t("hr.draft_wait") }));
    this.actBox.replaceChildren(...children);
  }

  cardButton(card, id, pressed, enabled, onclick) {
    const { el } = this.ctx;
    const horse = horseOf(card);
    return this.ctx.hint(el("button", {
      type: "button", id, class: `hr-card ${horse ? "hr-card-horse" : "hr-card-special"}`, "aria-pressed": String(pressed),
      disabled: !enabled, dataset: { card }, onclick,
    }, el("span", { class: "hr-card-mark", "aria-hidden": "true", text: horse ? String(horse) : SPECIAL_MARKS[card] }),
    el("span", { class: "hr-card-name", text: cardName(this.ctx, card) })),
    cardHint(this.ctx, card, this.frame?.view.options?.base_ante ?? 1));
  }

  drawHand(view) {
    const { el, t } = this.ctx;
    const hand = view.hand ?? [];
    const penalty = hand.reduce((sum, c) => sum + ({ K: 2, A: 3, Joker: 4 }[c] ?? 0), view.advantage[this.ctx.me] ?? 0)
      * (view.options?.base_ante ?? 1);
    this.handBox.replaceChildren(...[
      el("h2", { id: "hr-hand-h", text: this.ctx.tp("hr.hand_heading", hand.length, { n: hand.length }) }),
      hand.length
        ? el("ul", { class: "hr-cards hr-hand" }, hand.map((card) => this.ctx.hint(el("li", {
          class: `hr-card ${horseOf(card) ? "hr-card-horse" : "hr-card-special"}`, dataset: { card }, tabindex: "0",
        }, el("span", { class: "hr-card-mark", "aria-hidden": "true", text: horseOf(card) ? String(horseOf(card)) : SPECIAL_MARKS[card] }),
        el("span", { class: "hr-card-name", text: cardName(this.ctx, card) })),
        cardHint(this.ctx, card, view.options?.base_ante ?? 1))))
        : el("p", { class: "muted", text: t("hr.hand_empty") }),
      penalty && view.phase === "race" ? el("p", { class: "muted", text: t("hr.hand_penalty", { amount: penalty }) }) : null,
    ].filter(Boolean));
  }

  drawResults(view, over) {
    const { el, t, num } = this.ctx;
    const results = view.results ?? [];
    // The settlement shows after a race ends: while the next race drafts, and at the end of the game.
    const show = results.length > 0 && (over || view.phase === "draft");
    this.resultsBox.hidden = !show;
    if (!show) {
      this.resultsBox.replaceChildren();
      return;
    }
    const children = [el("h2", { id: "hr-results-h", text: over ? t("hr.results_heading") : t("hr.last_race_heading") })];
    if (over && view.result) {
      children.push(el("p", { class: "hr-winners", text: this.ctx.tp("hr.winners", Math.max(...view.result.scores), {
        names: this.ctx.joinList(view.result.winners.map((s) => this.ctx.seatName(s))),
        chips: num(Math.max(...view.result.scores)),
      }) }));
    }
    const shown = over ? results : results.slice(-1);
    for (const record of [...shown].reverse()) children.push(this.settlement(view, record));
    this.resultsBox.replaceChildren(...children);
  }

  settlement(view, record) {
    const { el, t, num } = this.ctx;
    const totalCards = record.winning_cards.reduce((a, b) => a + b, 0);
    const jockey = this.ctx.seatName(record.jockey);
    const lines = [
      t("hr.settle_headline", { race: record.race, horse: record.winner, name: jockey }),
      this.ctx.tp("hr.settle_pot", record.race_pot, { pot: num(record.race_pot), penalties: num(record.penalties.reduce((a, b) => a + b, 0)) }),
      totalCards
        ? this.ctx.tp("hr.settle_shares", totalCards, { pot: num(record.race_pot), cards: totalCards, horse: record.winner, share: num(record.share), remainder: num(record.remainder), name: jockey })
        : t("hr.settle_nobody", { horse: record.winner, name: jockey, pot: num(record.race_pot) }),
      t("hr.settle_jockey", { name: jockey, pot: num(record.jockey_pot) }),
    ];
    const captionId = `hr-settle-caption-${record.race}`;
    const rows = record.payouts.map((payout, seat) => el("tr", {
      dataset: { seat: String(seat) }, class: record.winning_cards[seat] ? "hr-has-winner" : "",
    },
    el("th", { scope: "row", text: this.ctx.seatName(seat) + (seat === record.jockey ? ` (${t("hr.jockey")})` : "") }),
    // The chips first, so that they are in view on a phone; how they came about after them.
    el("td", { class: "hr-chips-after", text: num(record.chips[seat]) }),
    el("td", { text: num(record.winning_cards[seat]) }),
    el("td", { text: record.winning_cards[seat] ? t("hr.share_calc", { n: record.winning_cards[seat], share: num(record.share), total: num(record.winning_cards[seat] * record.share) }) : num(0) }),
    el("td", { text: num(payout - record.winning_cards[seat] * record.share) }),
    el("td", { text: record.penalties[seat] ? num(-record.penalties[seat]) : num(0) }),
    el("td", { text: cardsText(this.ctx, record.hands[seat]) }),
    el("td", { text: cardsText(this.ctx, record.drafted[seat]) })));
    return el("article", { class: "hr-settlement", dataset: { race: String(record.race) } },
      el("h3", { text: t("hr.race_n", { race: record.race }) }),
      el("ul", { class: "hr-explain" }, lines.map((line) => el("li", { text: line }))),
      el("div", { class: "scroll-x", tabindex: "0", role: "region", "aria-labelledby": captionId },
        el("table", { class: "hr-settle-table" },
          el("caption", { id: captionId, text: t("hr.settle_caption", { race: record.race }) }),
          el("thead", {}, el("tr", {},
            el("th", { scope: "col", text: t("hr.col_player") }),
            el("th", { scope: "col", text: t("hr.col_chips") }),
            el("th", { scope: "col", text: t("hr.col_winning_cards", { horse: record.winner }) }),
            el("th", { scope: "col", text: t("hr.col_shares") }),
            el("th", { scope: "col", text: t("hr.col_jockey") }),
            el("th", { scope: "col", text: t("hr.col_penalty") }),
            el("th", { scope: "col", text: t("hr.col_hand") }),
            el("th", { scope: "col", text: t("hr.col_drafted") }))),
          el("tbody", {}, rows))));
  }
}

// HR-2: each horse's estimated win chance on a board (GET /api/games/horse_racing/board-odds).
const oddsCache = new Map();

function boardKey(board) {
  return Array.isArray(board) ? board.join(",") : String(board);
}

async function boardOdds(board) {
  const key = boardKey(board);
  if (!oddsCache.has(key)) {
    oddsCache.set(key, fetch(`/api/games/horse_racing/board-odds?board=${encodeURIComponent(key)}`)
      .then((r) => (r.ok ? r.json() : null)).catch(() => null));
  }
  const odds = await oddsCache.get(key);
  if (!odds) oddsCache.delete(key);
  return odds;
}

function percent(ctx, p) {
  return ctx.t("hr.odds_percent", { p: ctx.num(Math.round(p * 1000) / 10) });
}

// Room options on the home page: the chances on the chosen board, before the room exists.
async function describeOptions(options, ctx) {
  const board = options.board;
  if (board === undefined || board === null) return null;
  const key = boardKey(board);
  const odds = await boardOdds(board);
  if (!odds) return null;
  const { el, t } = ctx;
  const best = Math.max(...Object.values(odds.win));
  return el("div", { class: "hr-odds", dataset: { board: key } },
    el("p", { class: "hr-odds-title", id: "hr-odds-caption", text: t("hr.odds_caption", { races: ctx.num(odds.races) }) }),
    el("ul", { class: "hr-odds-list", "aria-labelledby": "hr-odds-caption" }, HORSES.map((horse) => {
      const p = odds.win[String(horse)] ?? 0;
      return el("li", { dataset: { horse: String(horse) } },
        el("span", { class: "hr-odds-horse", text: t("hr.card_horse", { horse }) }),
        el("span", { class: "hr-odds-bar", "aria-hidden": "true" },
          el("span", { style: `width: ${best ? (100 * p) / best : 0}%` })),
        el("span", { class: "hr-odds-value", text: percent(ctx, p) }));
    })));
}

// ---- the replay page (static/js/replay.js): actions and revealed secrets in words ----

function describeAction(action, ctx) {
  switch (action.type) {
    case "pick": return ctx.t("hr.action.pick", { card: cardName(ctx, action.card) });
    case "roll": return ctx.t(action.advantage ? "hr.action.roll_advantage" : "hr.action.roll");
    case "choose": return ctx.t("hr.action.choose", { a: ctx.num(action.dice[0] + 1), b: ctx.num(action.dice[1] + 1) });
    case "pay": return ctx.t("hr.action.pay");
    case "ace": return ctx.t("hr.action.ace");
    case "king": return ctx.t("hr.action.king", { side: ctx.t(SIDE_KEYS[action.to] ?? "hr.side_left") });
    case "joker": return ctx.t(action.move > 0 ? "hr.action.joker_forward" : "hr.action.joker_back", { horse: action.horse });
    case "end_turn": return ctx.t("hr.action.end_turn");
    default: return null;
  }
}

// A seat's secrets (engine reveal_view): its hand, and during the draft its packet and pending pick.
function describeSecrets(secrets, view, ctx) {
  const lines = [];
  if (Array.isArray(secrets.hand)) lines.push(ctx.t("hr.secret.hand", { cards: cardsText(ctx, secrets.hand) }));
  if (Array.isArray(secrets.packet)) lines.push(ctx.t("hr.secret.packet", { cards: cardsText(ctx, secrets.packet) }));
  if (typeof secrets.pick === "string") lines.push(ctx.t("hr.secret.pick", { card: cardName(ctx, secrets.pick) }));
  return lines;
}

export default {
  id: "horse_racing",
  stylesheet: true,
  mount: (root, ctx) => new HorseRacingTable(root, ctx),
  describeEvent,
  turnText,
  describeOptions,
  describeAction,
  describeSecrets,
  resultDetails,
  // The players panel shows each player's chips (in debt below zero).
  playerScore(view, seat, ctx) {
    const chips = view.chips?.[seat] ?? 0;
    return ctx.tp(chips < 0 ? "hr.chips_debt" : "hr.chips", chips, { chips: ctx.num(chips) });
  },
};
