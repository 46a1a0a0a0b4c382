// Pony Express: Dice and Bluff table (engine id `pony_express_bluff`): the
// 33-space trail in SVG from the engine's geometry, riders that ride to their
// space, gold/items/mailboxes per rider, the cup (your hidden dice, yours
// alone) and the table dice, re-rolls with their price, moving dice between
// cup and table (drag, click or keyboard), claims, the "Call bluff / Believe"
// prompt with its countdown, aimed shots (drag on the board or type angle and
// power), the reveal, duels, poker, jail, the final duel, items, and the log
// in words. Module API: see static/js/table.js and static/games/README.md.

const HANDS = ["pair", "two_pairs", "three_kind", "straight", "full_house", "four_kind", "five_kind"];
const FACES = ["9", "10", "J", "Q", "K", "A"];
const HAND_KEYS = {
  nothing: "peb.hand.nothing", pair: "peb.hand.pair", two_pairs: "peb.hand.two_pairs",
  three_kind: "peb.hand.three_kind", straight: "peb.hand.straight", full_house: "peb.hand.full_house",
  four_kind: "peb.hand.four_kind", five_kind: "peb.hand.five_kind",
};
const ITEM_KEYS = {
  fresh_horse: "peb.item.fresh_horse", marked_die: "peb.item.marked_die", sheriffs_pardon: "peb.item.sheriffs_pardon",
  spyglass: "peb.item.spyglass", lucky_horseshoe: "peb.item.lucky_horseshoe", steady_hand: "peb.item.steady_hand",
  bulletproof_vest: "peb.item.bulletproof_vest", train_pass: "peb.item.train_pass", sarsaparilla: "peb.item.sarsaparilla",
};
const ITEM_HELP_KEYS = {
  fresh_horse: "peb.item_help.fresh_horse", marked_die: "peb.item_help.marked_die",
  sheriffs_pardon: "peb.item_help.sheriffs_pardon", spyglass: "peb.item_help.spyglass",
  lucky_horseshoe: "peb.item_help.lucky_horseshoe", steady_hand: "peb.item_help.steady_hand",
  bulletproof_vest: "peb.item_help.bulletproof_vest", train_pass: "peb.item_help.train_pass",
  sarsaparilla: "peb.item_help.sarsaparilla",
};
const KIND_KEYS = {
  plain: "peb.kind.plain", station: "peb.kind.station", mine: "peb.kind.mine", relay: "peb.kind.relay",
  saloon: "peb.kind.saloon", indians: "peb.kind.indians", sacramento: "peb.kind.sacramento",
};
const KIND_MARKS = { station: "≡", mine: "◆", relay: "⇄", saloon: "♣", indians: "▲", sacramento: "✉" };
const PHASE_KEYS = {
  draft: "peb.phase.draft", jail: "peb.phase.jail", dice: "peb.phase.dice", call: "peb.phase.call",
  bluff_move: "peb.phase.bluff_move", duel: "peb.phase.duel", final_duel: "peb.phase.final_duel",
  indians: "peb.phase.indians", train: "peb.phase.train", saloon: "peb.phase.saloon", relay: "peb.phase.relay",
  end: "peb.phase.end", over: "peb.phase.over",
};
const JAIL_KEYS = {
  wrong_call: "peb.reason.wrong_call", bystander: "peb.reason.bystander", broke: "peb.reason.broke",
  poker: "peb.reason.poker", saloon: "peb.reason.saloon",
};
const MOVE_BY_KEYS = {
  dice: "peb.log.move_dice", bluff_call: "peb.log.move_bluff_call", indians: "peb.log.move_indians",
  fresh_horse: "peb.log.move_fresh_horse",
};
const WIN_KEYS = { mailboxes: "peb.win.mailboxes", final_duel: "peb.win.final_duel" };

// The final ranking (the rules name only the winner): the winner first, then the
// others by how far they got (mailboxes in Sacramento, then the space reached),
// then by gold; riders equal on both share a place.
export function rankRiders(view) {
  const reach = (seat) => view.positions[seat] + (view.mailboxes?.[seat] ?? 0);
  const order = view.positions.map((_, seat) => seat).sort((a, b) => (b === view.winner) - (a === view.winner)
    || reach(b) - reach(a) || view.gold[b] - view.gold[a] || a - b);
  const key = (seat) => (seat === view.winner ? "winner" : `${reach(seat)}|${view.gold[seat]}`);
  return order.map((seat, index) => {
    const first = order.findIndex((other) => key(other) === key(seat));
    return { seat, place: (first === -1 ? index : first) + 1 };
  });
}

// ---- words -------------------------------------------------------------

function handName(ctx, hand) {
  return ctx.t(HAND_KEYS[hand] ?? "peb.hand.nothing");
}

function itemName(ctx, item) {
  return ITEM_KEYS[item] ? ctx.t(ITEM_KEYS[item]) : item;
}


// The poker hand of five dice (PEB-1, as engine/games/pony_express_bluff/hands.py: hand_of).
export function handOf(dice) {
  const counts = Object.values(dice.reduce((seen, face) => ({ ...seen, [face]: (seen[face] ?? 0) + 1 }), {}))
    .sort((a, b) => b - a);
  const faces = new Set(dice);
  const straight = faces.size === 5 && (!faces.has("9") || !faces.has("A"));
  if (counts[0] === 5) return "five_kind";
  if (counts[0] === 4) return "four_kind";
  if (counts[0] === 3 && counts[1] === 2) return "full_house";
  if (straight) return "straight";
  if (counts[0] === 3) return "three_kind";
  if (counts[0] === 2 && counts[1] === 2) return "two_pairs";
  if (counts[0] === 2) return "pair";
  return "nothing";
}

function facesText(ctx, faces) {
  return ctx.joinList((faces ?? []).map((f) => String(f)));
}

function shownText(ctx, shown) {
  return facesText(ctx, (shown ?? []).map(([, face]) => face));
}

function diceNumbers(ctx, indexes) {
  return ctx.joinList((indexes ?? []).map((i) => ctx.t("peb.die_n", { n: i + 1 })));
}

function targetName(ctx, label) {
  if (!label) return "";
  return label[0] === "indian" ? ctx.t("peb.indian_n", { n: label[1] + 1 }) : ctx.seatName(label[1]);
}

// A private event addressed to this reader (not one revealed to everyone at the end).
function ownEvent(event, ctx) {
  return ctx.me !== null && ctx.me !== undefined && (event.to ?? [event.seat]).includes(ctx.me);
}

function describeEvent(event, ctx) {
  const name = (seat) => ctx.seatName(seat);
  switch (event.e) {
    // Private events (draft, relay, spyglass) speak to their reader ("You drew …");
    // after the end everyone reads them, in the third person.
    case "draft_offer":
      return ownEvent(event, ctx)
        ? ctx.t("peb.log.draft_offer", { cards: ctx.joinList(event.cards.map((c) => itemName(ctx, c))) })
        : ctx.t("peb.log.draft_offer_other", { name: name(event.seat), cards: ctx.joinList(event.cards.map((c) => itemName(ctx, c))) });
    case "draft_done":
      return ctx.t("peb.log.draft_done");
    case "first_roll":
      return ctx.t("peb.log.first_roll", { name: name(event.seat), dice: facesText(ctx, event.dice), hand: handName(ctx, event.hand) });
    case "first_player":
      return ctx.t("peb.log.first_player", { name: name(event.seat) });
    case "turn":
      return ctx.t("peb.log.turn", { name: name(event.seat), n: event.n });
    case "roll":
      return event.free_rerolls
        ? ctx.t("peb.log.roll_free", { name: name(event.seat) })
        : ctx.t("peb.log.roll", { name: name(event.seat) });
    case "charity":
      return ctx.t("peb.log.charity", { name: name(event.seat) });
    case "reroll": {
      const params = { name: name(event.seat), kept: diceNumbers(ctx, event.keep), cost: event.cost, shown: shownText(ctx, event.shown) };
      if (event.mode === "cup") return ctx.t(event.shown?.length ? "peb.log.reroll_cup_shown" : "peb.log.reroll_cup", params);
      return ctx.t("peb.log.reroll_hand", params);
    }
    case "arrange":
      return event.shown?.length
        ? ctx.t("peb.log.arrange_shown", { name: name(event.seat), shown: shownText(ctx, event.shown), n: event.under_cup.length })
        : ctx.t("peb.log.arrange", { name: name(event.seat), n: event.under_cup.length });
    case "item":
      return itemLine(event, ctx);
    case "spyglass_seen": {
      const dice = event.hidden.length ? shownText(ctx, event.hidden) : ctx.t("peb.none");
      return ownEvent(event, ctx)
        ? ctx.t("peb.log.spyglass_seen", { target: name(event.target), dice })
        : ctx.t("peb.log.spyglass_seen_other", { name: name(event.seat), target: name(event.target), dice });
    }
    case "claim":
      return event.callers?.length
        ? ctx.t("peb.log.claim", { name: name(event.seat), hand: handName(ctx, event.hand), callers: ctx.joinList(event.callers.map(name)) })
        : ctx.t("peb.log.claim_nobody", { name: name(event.seat), hand: handName(ctx, event.hand) });
    case "believe":
      return ctx.t("peb.log.believe", { name: name(event.seat) });
    case "claim_stands":
      return ctx.t("peb.log.claim_stands", { name: name(event.seat), hand: handName(ctx, event.hand) });
    case "called":
      return ctx.t(event.truthful ? "peb.log.called_truth" : "peb.log.called_bluff", {
        caller: name(event.seat), target: name(event.target), claim: handName(ctx, event.claim),
        dice: facesText(ctx, event.dice), hand: handName(ctx, event.hand),
      });
    case "decline_move":
      return ctx.t("peb.log.decline_move", { name: name(event.seat) });
    case "move":
      return ctx.t(MOVE_BY_KEYS[event.by] ?? "peb.log.move_dice", { name: name(event.seat), from: event.from_space, to: event.to_space });
    case "duel":
      return ctx.t("peb.log.duel", { a: name(event.seats[0]), b: name(event.seats[1]), space: event.space });
    case "stand":
      return ctx.t("peb.log.stand", { name: name(event.seat), corner: cornerName(ctx, event.corner) });
    case "shot":
      return shotLine(event, ctx);
    case "duel_over":
      if (event.winner === null || event.winner === undefined) return ctx.t("peb.log.duel_draw");
      return ctx.t("peb.log.duel_over", { winner: name(event.winner), loser: name(event.loser), gold: event.gold });
    case "final_duel":
      return ctx.t(event.double ? "peb.log.final_duel_double" : "peb.log.final_duel", { a: name(event.seats[0]), b: name(event.seats[1]) });
    case "final_duel_over":
      return ctx.t(event.reason === "bystander" ? "peb.log.final_duel_bystander" : "peb.log.final_duel_over", {
        winner: name(event.winner), loser: name(event.loser),
      });
    case "indians_attack":
      return ctx.t("peb.log.indians_attack", { name: name(event.seat) });
    case "indians":
      if (event.hit_rider !== null && event.hit_rider !== undefined) {
        return ctx.t("peb.log.indians_hit_rider", { name: name(event.seat), rider: name(event.hit_rider) });
      }
      return ctx.t("peb.log.indians", {
        name: name(event.seat),
        down: ctx.tp("count.indians", event.down, { n: event.down }),
        back: ctx.tp("count.spaces", 3 - event.down, { n: 3 - event.down }),
      });
    case "poker":
      return ctx.t("peb.log.poker", { names: ctx.joinList(event.seats.map(name)), space: event.space });
    case "poker_roll":
      return ctx.t("peb.log.poker_roll", { name: name(event.seat), dice: facesText(ctx, event.dice), hand: handName(ctx, event.hand) });
    case "poker_paid":
      return event.bank
        ? ctx.t("peb.log.poker_paid_short", { name: name(event.seat), winner: name(event.winner), paid: event.paid, bank: event.bank })
        : ctx.t("peb.log.poker_paid", { name: name(event.seat), winner: name(event.winner), paid: event.paid });
    case "poker_won":
      return ctx.t("peb.log.poker_won", { name: name(event.seat) });
    case "jail":
      return ctx.t("peb.log.jail", { name: name(event.seat), reason: ctx.t(JAIL_KEYS[event.reason] ?? "peb.reason.bystander") });
    case "pardon":
      return ctx.t("peb.log.pardon", { name: name(event.seat), reason: ctx.t(JAIL_KEYS[event.reason] ?? "peb.reason.bystander") });
    case "bail":
      return ctx.t("peb.log.bail", { name: name(event.seat) });
    case "jail_roll":
      return ctx.t(event.escaped ? "peb.log.jail_escape" : "peb.log.jail_stay", {
        name: name(event.seat), dice: facesText(ctx, event.dice), hand: handName(ctx, event.hand),
      });
    case "mine":
      return ctx.t("peb.log.mine", { name: name(event.seat), dice: facesText(ctx, event.dice), hand: handName(ctx, event.hand), gold: event.gold });
    case "toast":
      return ctx.t("peb.log.toast", { name: name(event.seat) });
    case "saloon":
      return event.paid < event.bill
        ? ctx.t("peb.log.saloon_short", { name: name(event.seat), dice: facesText(ctx, event.dice), hand: handName(ctx, event.hand), bill: event.bill, paid: event.paid })
        : ctx.t("peb.log.saloon", { name: name(event.seat), dice: facesText(ctx, event.dice), hand: handName(ctx, event.hand), bill: event.bill });
    case "relay":
      return event.drew
        ? ctx.tp("peb.log.relay", event.drew, { name: name(event.seat), n: event.drew })
        : ctx.t("peb.log.relay_empty", { name: name(event.seat) });
    case "relay_offer":
      return ownEvent(event, ctx)
        ? ctx.t("peb.log.relay_offer", { cards: ctx.joinList(event.cards.map((c) => itemName(ctx, c))) })
        : ctx.t("peb.log.relay_offer_other", { name: name(event.seat), cards: ctx.joinList(event.cards.map((c) => itemName(ctx, c))) });
    case "relay_kept":
      return ctx.t("peb.log.relay_kept", { name: name(event.seat) });
    case "train":
      return ctx.t(event.used_pass ? "peb.log.train_pass" : "peb.log.train", {
        name: name(event.seat), from: event.from_space, to: event.to_space, fare: event.fare,
      });
    case "train_skipped":
      return ctx.t("peb.log.train_skipped", { name: name(event.seat) });
    case "mailbox":
      return ctx.t("peb.log.mailbox", { name: name(event.seat), box: event.box });
    case "winner":
      return ctx.t("peb.log.winner", { name: name(event.seat), how: ctx.t(WIN_KEYS[event.how] ?? "peb.win.mailboxes") });
    default:
      return null;
  }
}

function itemLine(event, ctx) {
  const who = ctx.seatName(event.seat);
  const item = itemName(ctx, event.item);
  if (event.item === "marked_die") {
    return event.face
      ? ctx.t("peb.log.item_marked_open", { name: who, item, die: event.die + 1, face: event.face })
      : ctx.t("peb.log.item_marked_hidden", { name: who, item, die: event.die + 1 });
  }
  if (event.item === "spyglass") return ctx.t("peb.log.item_spyglass", { name: who, item, target: ctx.seatName(event.target) });
  return ctx.t("peb.log.item", { name: who, item });
}

function shotLine(event, ctx) {
  const who = ctx.seatName(event.seat);
  const touched = event.touched ?? [];
  if (event.dice) {
    const rolls = ctx.joinList(event.dice.map((d) => ctx.num(d)));
    return touched.length
      ? ctx.t("peb.log.shot_dice_hit", { name: who, rolls, targets: ctx.joinList(touched.map((l) => targetName(ctx, l))) })
      : ctx.t("peb.log.shot_dice_miss", { name: who, rolls });
  }
  const aim = { name: who, angle: Math.round(event.aim?.[0] ?? 0), power: Math.round(event.aim?.[1] ?? 0) };
  return touched.length
    ? ctx.t("peb.log.shot_hit", { ...aim, targets: ctx.joinList(touched.map((l) => targetName(ctx, l))) })
    : ctx.t("peb.log.shot_miss", aim);
}

// ---- geometry ------------------------------------------------------------

function flipY(board, xy) {
  return [xy[0], board.size[1] - xy[1]];
}

// A rider's radius in board units: larger on a phone, where the board is 3 px a unit.
const RIDER_R = 2.1;
const RIDER_R_PHONE = 2.7;
const PHONE_QUERY = "(max-width: 600px)";
// Riders sharing a space stand in a ring around it, far enough apart that none hides another.
function riderXY(board, positions, seat, r = RIDER_R) {
  const space = positions[seat];
  const found = board.spaces[space - 1];
  const here = positions.map((p, s) => [p, s]).filter(([p]) => p === space).map(([, s]) => s);
  if (here.length < 2) return found.xy;
  const ring = (r + 0.75) / Math.sin(Math.PI / here.length);
  const angle = -Math.PI / 2 + (2 * Math.PI * here.indexOf(seat)) / here.length + (here.length === 2 ? Math.PI / 2 : 0);
  return [found.xy[0] + ring * Math.cos(angle), found.xy[1] + ring * Math.sin(angle)];
}

function aimFrom(start, point, maxThrow) {
  const dx = point[0] - start[0];
  const dy = point[1] - start[1];
  const angle = ((Math.atan2(dy, dx) * 180) / Math.PI + 360) % 360;
  const power = Math.min(100, (Math.hypot(dx, dy) / maxThrow) * 100);
  return { angle: Math.round(angle * 10) / 10, power: Math.round(power * 10) / 10 };
}

function aimEnd(start, angle, power, maxThrow, size) {
  // Like the engine: the die travels power% of the longest throw, or stops at the board's edge.
  const rad = (angle * Math.PI) / 180;
  const ux = Math.cos(rad);
  const uy = Math.sin(rad);
  let length = (Math.max(0, power) / 100) * maxThrow;
  [[start[0], ux, size[0]], [start[1], uy, size[1]]].forEach(([pos, u, max]) => {
    if (u > 1e-9) length = Math.min(length, (max - pos) / u);
    else if (u < -1e-9) length = Math.min(length, -pos / u);
  });
  return [start[0] + ux * length, start[1] + uy * length];
}

function lineTouches(start, end, point, radius) {
  const vx = end[0] - start[0];
  const vy = end[1] - start[1];
  const len2 = vx * vx + vy * vy || 1;
  const u = Math.max(0, Math.min(1, ((point[0] - start[0]) * vx + (point[1] - start[1]) * vy) / len2));
  return Math.hypot(point[0] - (start[0] + u * vx), point[1] - (start[1] + u * vy)) <= radius;
}

// ---- the table -------------------------------------------------------------

class BluffTable {
  constructor(root, ctx) {
    this.root = root;
    this.ctx = ctx;
    this.frame = null;
    this.reroll = new Set(); // dice picked to re-roll
    this.aim = null; // {angle, power} being set
    this.callStart = null;
    this.shotKey = "";
    const { el, t } = ctx;
    root.classList.add("peb");
    this.header = el("div", { class: "peb-header" },
      this.phaseText = el("p", { class: "peb-phase", id: "peb-phase" }));
    this.boardBox = el("figure", { class: "peb-board" });
    this.legend = el("ul", { class: "peb-legend", "aria-label": t("peb.legend") });
    this.ridersBox = el("section", { class: "peb-riders", "aria-labelledby": "peb-riders-h" });
    this.promptBox = el("section", { class: "peb-prompt", "aria-labelledby": "peb-prompt-h", hidden: true, dataset: { decision: "prompt" } });
    this.diceBox = el("section", { class: "peb-dice", "aria-labelledby": "peb-dice-h", hidden: true, dataset: { decision: "dice" } });
    this.fightBox = el("section", { class: "peb-fight", "aria-labelledby": "peb-fight-h", hidden: true, dataset: { decision: "fight" } });
    this.revealBox = el("section", { class: "peb-reveal", "aria-labelledby": "peb-reveal-h", hidden: true });
    this.itemsBox = el("section", { class: "peb-items", "aria-labelledby": "peb-items-h", hidden: true });
    this.resultsBox = el("section", { class: "peb-results", "aria-labelledby": "peb-results-h", hidden: true });
    this.columns = el("div", { class: "peb-columns" },
      el("div", { class: "peb-main" }, this.boardBox, this.legend),
      el("div", { class: "peb-side" }, this.resultsBox, this.promptBox, this.diceBox, this.fightBox, this.revealBox, this.itemsBox, this.ridersBox));
    root.replaceChildren(this.header, this.columns);
  }

  // ---- board ----
  buildBoard(board) {
    const { svg, el, t } = this.ctx;
    this.riderR = window.matchMedia(PHONE_QUERY).matches ? RIDER_R_PHONE : RIDER_R;
    const [w, h] = board.size;
    const root = svg("svg", {
      viewBox: `0 0 ${w} ${h}`, class: "peb-board-svg", role: "img", "aria-labelledby": "peb-board-caption",
    });
    const ground = svg("g", { class: "peb-ground" });
    ground.append(svg("rect", { x: 0, y: 0, width: w, height: h, class: "peb-bg" }));
    // The trail: a line through the spaces in order, then each space.
    const points = board.spaces.map((s) => flipY(board, s.xy).join(",")).join(" ");
    ground.append(svg("polyline", { points, class: "peb-trail" }));
    for (const space of board.spaces) {
      const [x, y] = flipY(board, space.xy);
      const zone = space.space <= board.st_joseph[1] ? "stjoseph" : space.space >= board.desert_start ? "desert" : "prairie";
      const group = svg("g", { class: `peb-space kind-${space.kind} zone-${zone}`, "data-space": String(space.space) });
      group.append(svg("circle", { cx: x, cy: y, r: 4.2, class: "peb-space-dot" }));
      group.append(svg("text", { x, y: y - 5.2, class: "peb-space-num", "text-anchor": "middle", text: String(space.space) }));
      const mark = KIND_MARKS[space.kind];
      if (mark) group.append(svg("text", { x, y: y + 1.4, class: "peb-space-mark", "text-anchor": "middle", text: mark }));
      if (space.fare !== null && space.fare !== undefined) {
        group.append(svg("text", { x, y: y + 8, class: "peb-fare", "text-anchor": "middle", text: t("peb.fare_short", { fare: space.fare }) }));
      }
      if (space.kind === "sacramento") {
        for (let i = 0; i < 3; i++) {
          group.append(svg("rect", { x: x - 4.5 + i * 3.2, y: y + 5, width: 2.6, height: 2.6, class: "peb-mailbox", "data-box": String(i + 1) }));
        }
      }
      this.ctx.hint(group, t("peb.hint.space", { n: space.space, kind: t(KIND_KEYS[space.kind] ?? "peb.kind.plain") }));
      ground.append(group);
    }
    ground.append(svg("text", { x: 2, y: flipY(board, [0, 29])[1], class: "peb-zone-label", text: t("peb.st_joseph") }));
    ground.append(svg("text", { x: 36, y: flipY(board, [0, 69])[1], class: "peb-zone-label", text: t("peb.desert") }));
    // Duel corners, the Indian camp and their shooter.
    board.duel_corners.forEach((xy, i) => {
      const [x, y] = flipY(board, xy);
      ground.append(svg("circle", { cx: x, cy: y, r: 2.6, class: "peb-corner", "data-corner": String(i) }));
    });
    const camp = svg("g", { class: "peb-camp" });
    board.indian_camp.forEach((xy, i) => {
      const [x, y] = flipY(board, xy);
      // Indians are triangles (riders are discs), numbered like their name in the line of fire.
      const points = [[x, y - 2.9], [x + 2.6, y + 1.9], [x - 2.6, y + 1.9]].map((p) => p.join(",")).join(" ");
      camp.append(svg("polygon", { points, class: "peb-indian", "data-indian": String(i) }));
      camp.append(svg("text", { x, y: y + 1.2, class: "peb-indian-mark", "text-anchor": "middle", text: String(i + 1) }));
    });
    ground.append(camp);
    const [sx, sy] = flipY(board, board.indian_shooter);
    ground.append(svg("rect", { x: sx - 2, y: sy - 2, width: 4, height: 4, class: "peb-shooter-mark" }));
    root.append(ground);
    this.shotLayer = svg("g", { class: "peb-shot-layer" });
    this.aimLayer = svg("g", { class: "peb-aim-layer" });
    this.riderLayer = svg("g", { class: "peb-rider-layer" });
    root.append(this.shotLayer, this.riderLayer, this.aimLayer);
    root.addEventListener("pointerdown", (e) => this.aimStart(e));
    root.addEventListener("pointermove", (e) => this.aimMove(e));
    root.addEventListener("pointerup", (e) => this.aimEnd(e));
    this.riders = [];
    this.svgRoot = root;
    this.caption = el("figcaption", { class: "visually-hidden", id: "peb-board-caption" });
    this.boardBox.replaceChildren(root, this.caption);
    this.legend.replaceChildren(...["station", "mine", "relay", "saloon", "indians", "sacramento"].map((kind) =>
      el("li", {}, el("span", { class: `peb-legend-mark kind-${kind}`, "aria-hidden": "true", text: KIND_MARKS[kind] }),
        el("span", { text: t(KIND_KEYS[kind]) }))),
    el("li", {}, el("span", { class: "peb-legend-mark zone-stjoseph", "aria-hidden": "true" }), el("span", { text: t("peb.legend_st_joseph") })),
    el("li", {}, el("span", { class: "peb-legend-mark zone-desert", "aria-hidden": "true" }), el("span", { text: t("peb.legend_desert", { space: board.desert_start }) })));
  }

  drawRiders(view) {
    const { svg, t } = this.ctx;
    const board = view.board;
    const fight = view.fight;
    view.positions.forEach((space, seat) => {
      let rider = this.riders[seat];
      if (!rider) {
        // Each rider in its player's colour (static/js/player_colour.js), numbered by seat.
        const node = svg("g", { class: "peb-rider", "data-seat": String(seat), style: `--player: ${this.ctx.seatColour(seat)}` });
        // A dark ring under every rider: the white one stays visible on a white space.
        node.append(svg("circle", { r: this.riderR + 0.45, class: "peb-rider-ring" }));
        node.append(svg("circle", { r: this.riderR, class: "peb-rider-body" }));
        node.append(svg("text", { y: 0.15, "text-anchor": "middle", "dominant-baseline": "central", class: "peb-rider-letter", text: String(seat + 1) }));
        this.riderLayer.append(node);
        rider = this.riders[seat] = node;
      }
      let xy = riderXY(board, view.positions, seat, this.riderR);
      if (fight && fight.kind !== "indians" && fight.seats.includes(seat)) {
        xy = board.duel_corners[(fight.corners ?? [0, 1])[fight.seats.indexOf(seat)]];
      }
      const [x, y] = flipY(board, xy);
      rider.style.transform = `translate(${x}px, ${y}px)`;
      rider.classList.toggle("jailed", view.jailed[seat]);
      rider.classList.toggle("active", view.active === seat);
      rider.classList.toggle("board-winner", view.phase === "over" && view.winner === seat);
    });
    // Riders ride from the second frame on (the first one just places them).
    if (!this.riderLayer.classList.contains("animate")) requestAnimationFrame(() => this.riderLayer.classList.add("animate"));
    this.caption.textContent = view.positions.map((space, seat) => t(view.jailed[seat] ? "peb.rider_at_jailed" : "peb.rider_at", {
      name: this.ctx.seatName(seat), colour: this.ctx.seatColourName(seat), space,
    })).join("; ");
    // Sacramento's mailboxes: filled by the colour of whoever holds them.
    const boxes = this.svgRoot.querySelectorAll(".peb-mailbox");
    boxes.forEach((node) => { node.dataset.taken = "false"; });
    const best = Math.max(0, ...view.mailboxes);
    for (let i = 0; i < Math.min(3, best); i++) boxes[i].dataset.taken = "true";
  }

  drawShot(view) {
    const { svg } = this.ctx;
    // The die's path stays drawn through the fight and the turn after it, then the board is clear.
    const log = view.log ?? [];
    const turns = log.map((e, i) => (e.e === "turn" ? i : -1)).filter((i) => i >= 0);
    const since = turns.length >= 2 ? turns[turns.length - 2] : 0;
    const recent = view.fight || log.slice(since).some((e) => e.e === "shot");
    const shot = recent ? view.last_shot : null;
    const key = shot ? JSON.stringify(shot) : "";
    if (key === this.shotKey) return;
    this.shotKey = key;
    this.shotLayer.replaceChildren();
    if (!shot || !shot.start || !shot.end) return;
    const board = view.board;
    const [x1, y1] = flipY(board, shot.start);
    const [x2, y2] = flipY(board, shot.end);
    const length = Math.hypot(x2 - x1, y2 - y1);
    const path = svg("line", { x1, y1, x2, y2, class: "peb-shot-path", "stroke-dasharray": `${length}`, "stroke-dashoffset": `${length}` });
    const die = svg("rect", { x: x2 - 1.2, y: y2 - 1.2, width: 2.4, height: 2.4, class: "peb-shot-die" });
    this.shotLayer.append(path, die);
    // Watch the die fly: the path draws itself, then the die lands.
    requestAnimationFrame(() => { path.style.strokeDashoffset = "0"; die.classList.add("landed"); });
  }

  // ---- aiming: drag on the board from your corner ----
  myFight(view) {
    return view.fight && this.ctx.me !== null && view.fight.shooter === this.ctx.me
      && this.frame.actions.some((a) => a.type === "shoot" && a.angle !== undefined);
  }

  boardPoint(event) {
    const pt = this.svgRoot.createSVGPoint();
    pt.x = event.clientX;
    pt.y = event.clientY;
    const local = pt.matrixTransform(this.svgRoot.getScreenCTM().inverse());
    return flipY(this.frame.view.board, [local.x, local.y]);
  }

  aimStart(event) {
    if (!this.frame || !this.myFight(this.frame.view)) return;
    this.dragging = true;
    this.svgRoot.setPointerCapture?.(event.pointerId);
    this.aimMove(event);
  }

  aimMove(event) {
    if (!this.dragging) return;
    const view = this.frame.view;
    this.aim = aimFrom(view.fight.start, this.boardPoint(event), view.board.max_throw);
    this.drawAim(view);
    this.syncAimInputs();
  }

  aimEnd(event) {
    if (!this.dragging) return;
    this.aimMove(event);
    this.dragging = false;
  }

  drawAim(view) {
    const { svg, t } = this.ctx;
    this.aimLayer.replaceChildren();
    const list = document.getElementById("peb-line-of-fire");
    if (!view.fight || !this.aim || !this.myFight(view)) {
      if (list) list.textContent = "";
      return;
    }
    const board = view.board;
    const start = view.fight.start;
    const end = aimEnd(start, this.aim.angle, this.aim.power, board.max_throw, board.size);
    const [x1, y1] = flipY(board, start);
    const [x2, y2] = flipY(board, end);
    this.aimLayer.append(svg("line", { x1, y1, x2, y2, class: "peb-aim-line" }));
    this.aimLayer.append(svg("circle", { cx: x2, cy: y2, r: 1.4, class: "peb-aim-end" }));
    const inLine = [];
    for (const target of view.fight.targets) {
      if (lineTouches(start, end, target.xy, board.hit_radius)) {
        const [tx, ty] = flipY(board, target.xy);
        const bystander = target.label[0] === "rider" && view.fight.kind !== "indians" ? target !== view.fight.targets[0] : target.label[0] === "rider";
        this.aimLayer.append(svg("circle", { cx: tx, cy: ty, r: board.hit_radius, class: bystander ? "peb-in-line bystander" : "peb-in-line" }));
        inLine.push(t(bystander ? "peb.in_line_bystander" : "peb.in_line_target", { name: targetName(this.ctx, target.label) }));
      }
    }
    if (list) list.textContent = inLine.length ? t("peb.line_of_fire", { names: this.ctx.joinList(inLine) }) : t("peb.line_clear");
  }

  syncAimInputs() {
    const angle = document.getElementById("peb-angle");
    const power = document.getElementById("peb-power");
    if (angle && this.aim) angle.value = String(this.aim.angle);
    if (power && this.aim) power.value = String(this.aim.power);
  }

  // ---- update ----
  update(frame) {
    const view = frame.view;
    this.frame = frame;
    if (!this.svgRoot) this.buildBoard(view.board);
    const { t } = this.ctx;
    this.root.dataset.phase = view.phase;
    this.root.dataset.v = String(frame.v);
    this.root.dataset.over = String(frame.over);
    this.root.dataset.turn = String(view.turn_no);
    this.root.dataset.active = String(view.active ?? "");
    this.root.dataset.mine = String(this.ctx.me !== null && (view.to_act ?? []).includes(this.ctx.me));
    this.phaseText.textContent = frame.over
      ? t("peb.phase.over")
      : t("peb.phase_line", { phase: t(PHASE_KEYS[view.phase] ?? "peb.phase.dice"), name: view.active !== null ? this.ctx.seatName(view.active) : "–", n: view.turn_no });
    this.drawRiders(view);
    this.drawShot(view);
    this.drawRiderList(view);
    this.drawPrompt(view, frame.actions);
    this.drawDice(view, frame.actions);
    this.drawFight(view, frame.actions);
    this.drawReveal(view);
    this.drawItems(view, frame.actions);
    this.drawResults(view, frame.over);
    this.drawAim(view);
  }

  drawRiderList(view) {
    const { el, t, num } = this.ctx;
    const rows = view.positions.map((space, seat) => el("tr", {
      dataset: { seat: String(seat) }, class: view.active === seat ? "active" : "",
    },
    el("th", { scope: "row" },
      el("span", { class: "peb-swatch", "aria-hidden": "true", style: `--player: ${this.ctx.seatColour(seat)}`, text: String(seat + 1) }),
      el("span", { text: t("peb.rider_name", { name: this.ctx.seatName(seat), colour: this.ctx.seatColourName(seat) }) })),
    el("td", { text: num(space) }),
    el("td", { class: "peb-gold", text: num(view.gold[seat]) }),
    el("td", { class: "peb-items-cell", text: this.itemsOf(view, seat) }),
    el("td", { text: num(view.mailboxes[seat]) }),
    el("td", { text: view.jailed[seat] ? t("peb.in_jail") : t("peb.free") })));
    this.ridersBox.replaceChildren(
      el("h2", { id: "peb-riders-h", text: t("peb.riders_heading") }),
      el("div", { class: "scroll-x", tabindex: "0", role: "region", "aria-labelledby": "peb-riders-caption" },
        el("table", { class: "peb-rider-table" },
          el("caption", { id: "peb-riders-caption", class: "visually-hidden", text: t("peb.riders_caption") }),
          el("thead", {}, el("tr", {},
            el("th", { scope: "col", text: t("peb.col_rider") }), el("th", { scope: "col", text: t("peb.col_space") }),
            el("th", { scope: "col", text: t("peb.col_gold") }), el("th", { scope: "col", text: t("peb.col_items") }),
            el("th", { scope: "col", text: t("peb.col_mail") }), el("th", { scope: "col", text: t("peb.col_status") }))),
          el("tbody", {}, rows))),
      el("p", { class: "muted", text: t("peb.deck_left", { n: view.deck_count }) }));
  }

  // A rider's item cards: your own by name, the others' as a count, and everyone's by name at the end.
  itemsOf(view, seat) {
    const revealed = view.result?.revealed?.items?.[seat];
    const own = seat === this.ctx.me ? view.items : null;
    const names = revealed ?? own;
    if (names) return itemsText(this.ctx, names);
    return this.ctx.num(view.item_counts[seat]);
  }

  button(label, action, attrs = {}) {
    const { el } = this.ctx;
    return el("button", {
      type: "button", class: attrs.class ?? "secondary", id: attrs.id, text: label,
      dataset: { action: action.type, ...(attrs.dataset ?? {}) },
      "aria-describedby": attrs.describedby,
      onclick: () => this.ctx.send(action),
    });
  }

  // The bluff-call window lasts seconds: in the one-column layout (phones) the
  // prompt moves above the board, and it is scrolled into view when it opens.
  keepCallInView(answering, view) {
    this.promptBox.classList.toggle("peb-answer-now", answering);
    const key = answering ? `${view.turn_no}|${view.claim?.seat}|${view.claim?.hand}` : null;
    if (!answering || key === this.callInViewKey) {
      if (!answering) this.callInViewKey = null;
      return;
    }
    this.callInViewKey = key;
    requestAnimationFrame(() => {
      const box = this.promptBox.getBoundingClientRect();
      if (box.top < 0 || box.bottom > window.innerHeight) this.promptBox.scrollIntoView({ block: "nearest" });
    });
  }

  // The prompt: everything that is not the roll or a shot.
  drawPrompt(view, actions) {
    const { el, t } = this.ctx;
    const children = [];
    const find = (pred) => actions.find(pred);
    const call = find((a) => a.type === "call");
    const believe = find((a) => a.type === "believe");
    if (view.claim && view.phase === "call") {
      children.push(el("p", { class: "peb-claim-line", text: this.ctx.tp("peb.claim_line", view.move_table[view.claim.hand], { name: this.ctx.seatName(view.claim.seat), hand: handName(this.ctx, view.claim.hand), n: view.move_table[view.claim.hand] }) }));
      if (call && believe) {
        children.push(el("p", { text: t("peb.call_question") }),
          el("div", { class: "peb-buttons" },
            this.button(t("peb.call_bluff"), call, { class: "danger", id: "peb-call" }),
            this.button(t("peb.believe"), believe, { class: "primary", id: "peb-believe" })),
          el("p", { class: "muted", text: t("peb.call_stakes") }));
      } else {
        const waiting = view.call.eligible.filter((s) => !view.call.believed.includes(s));
        children.push(el("p", { class: "muted", text: t("peb.call_waiting", { names: this.ctx.joinList(waiting.map((s) => this.ctx.seatName(s))) }) }));
      }
    }
    if (view.draft && view.draft_mine && actions.some((a) => a.type === "keep_item")) {
      children.push(el("p", { text: t("peb.draft_pick") }), this.itemChoices(view.draft_mine.offer, actions));
    } else if (view.draft && view.phase === "draft") {
      children.push(el("p", { class: "muted", text: t("peb.draft_waiting") }));
    }
    if (view.phase === "relay" && view.offer && actions.some((a) => a.type === "keep_item")) {
      children.push(el("p", { text: t("peb.relay_pick") }), this.itemChoices(view.offer, actions));
    }
    if (actions.some((a) => a.type === "jail_roll")) {
      const bail = find((a) => a.type === "pay_bail");
      children.push(el("p", { text: t("peb.jail_choice") }), el("div", { class: "peb-buttons" },
        bail ? this.button(t("peb.pay_bail"), bail, { id: "peb-bail" }) : null,
        this.button(t("peb.jail_roll"), find((a) => a.type === "jail_roll"), { id: "peb-jail-roll" })));
    }
    if (actions.some((a) => a.type === "advance")) {
      const n = view.move_table[view.claim?.hand] ?? 0;
      children.push(el("p", { text: this.ctx.tp("peb.bluff_move_choice", n, { n }) }), el("div", { class: "peb-buttons" },
        this.button(this.ctx.tp("peb.advance", n, { n }), find((a) => a.type === "advance"), { class: "primary", id: "peb-advance" }),
        this.button(t("peb.decline"), find((a) => a.type === "decline"), { id: "peb-decline" })));
    }
    if (actions.some((a) => a.type === "stay")) {
      const here = view.positions[this.ctx.me];
      const fare = view.board.spaces[here - 1]?.fare;
      const gold = find((a) => a.type === "ride" && a.pay === "gold");
      const pass = find((a) => a.type === "ride" && a.pay === "pass");
      children.push(el("p", { text: t("peb.train_choice") }), el("div", { class: "peb-buttons" },
        gold ? this.button(t("peb.ride_gold", { fare }), gold, { class: "primary", id: "peb-ride-gold" }) : null,
        pass ? this.button(t("peb.ride_pass"), pass, { id: "peb-ride-pass" }) : null,
        this.button(t("peb.stay"), find((a) => a.type === "stay"), { id: "peb-stay" })));
    }
    // A rider holding any card is asked at a saloon and after its move, with or without the
    // card that step can use (the engine never lets the pause tell which cards it holds).
    if (actions.some((a) => a.type === "drink")) {
      const skip = find((a) => a.item === "sarsaparilla");
      children.push(el("p", { text: t(skip ? "peb.saloon_choice" : "peb.saloon_choice_plain") }), el("div", { class: "peb-buttons" },
        this.button(t("peb.drink"), find((a) => a.type === "drink"), { class: skip ? "secondary" : "primary", id: "peb-drink" }),
        skip ? this.button(t("peb.skip_saloon"), skip, { class: "primary", id: "peb-sarsaparilla" }) : null));
    }
    if (actions.some((a) => a.type === "end_turn")) {
      const fresh = find((a) => a.item === "fresh_horse");
      children.push(el("p", { text: t(fresh ? "peb.end_choice" : "peb.end_choice_plain") }), el("div", { class: "peb-buttons" },
        fresh ? this.button(t("peb.fresh_horse"), fresh, { class: "primary", id: "peb-fresh-horse" }) : null,
        this.button(t("peb.end_turn"), find((a) => a.type === "end_turn"), { class: fresh ? "secondary" : "primary", id: "peb-end-turn" })));
    }
    this.promptBox.hidden = children.length === 0;
    if (children.length) this.promptBox.replaceChildren(el("h2", { id: "peb-prompt-h", text: t("peb.prompt_heading") }), ...children);
    else this.promptBox.replaceChildren();
    this.keepCallInView(Boolean(view.phase === "call" && call && believe), view);
  }

  itemChoices(cards, actions) {
    const { el, t } = this.ctx;
    return el("ul", { class: "peb-cards" }, cards.map((card, index) => {
      const action = actions.find((a) => a.type === "keep_item" && a.index === index);
      return el("li", {}, action ? this.button(t("peb.keep_card", { item: itemName(this.ctx, card) }), action, { id: `peb-keep-${index}`, dataset: { item: card } }) : null,
        el("p", { class: "muted", text: t(ITEM_HELP_KEYS[card] ?? "peb.none") }));
    }));
  }

  // ---- the roll: cup and table ----
  drawDice(view, actions) {
    const { el, t } = this.ctx;
    const dice = view.dice;
    const show = dice && ["dice", "call", "bluff_move"].includes(view.phase);
    this.diceBox.hidden = !show;
    if (!show) {
      this.diceBox.replaceChildren();
      this.reroll.clear();
      return;
    }
    const mine = this.ctx.me !== null && view.active === this.ctx.me && view.phase === "dice";
    const rollKey = `${view.turn_no}|${dice.history.length}`;
    // A new roll tumbles the dice it threw: those whose face changed and those shaken under
    // the cup (not on the first drawing; never with reduced motion: the CSS).
    const thrown = this.rollKey !== undefined && rollKey !== this.rollKey;
    const before = this.shownFaces ?? [];
    if (rollKey !== this.rollKey) this.reroll.clear();
    this.rollKey = rollKey;
    const toggles = actions.filter((a) => a.type === "arrange");
    // The replay shows every secret: the roller's cup comes from their seat's secrets.
    const replayCup = view.cup ? null : view.secrets?.[view.active]?.cup ?? null;
    const cup = view.cup ?? replayCup;
    const dieNode = (i) => {
      const under = dice.under_cup[i];
      const face = under ? (cup ? cup[i] : null) : dice.table[i];
      // A die that went back under the cup after everyone saw it: its face is public knowledge.
      const known = !face && under ? dice.known[i] : null;
      const text = face ?? (known ? `${known}?` : "?");
      const label = face
        ? t(under ? "peb.die_cup_face" : "peb.die_table_face", { n: i + 1, face })
        : known ? t("peb.die_known", { n: i + 1, face: known }) : t("peb.die_hidden", { n: i + 1 });
      const picked = this.reroll.has(i);
      const rolling = thrown && (under || face !== before[i]);
      const attrs = {
        class: `peb-die${face ? "" : " face-down"}${known ? " known" : ""}${picked ? " picked" : ""}${rolling ? " rolling" : ""}`,
        dataset: { die: String(i), where: under ? "cup" : "table", face: face ?? "" },
      };
      if (!mine) return el("span", { ...attrs, role: "img", "aria-label": label }, el("span", { "aria-hidden": "true", text }));
      const move = toggles.find((a) => a.under_cup.includes(i) !== under);
      return el("span", { class: "peb-die-wrap" },
        el("button", {
          ...attrs, type: "button", id: `peb-die-${i}`, "aria-pressed": String(picked),
          "aria-label": t("peb.die_pick_label", { die: label }),
          onclick: () => {
            if (this.dragged) { this.dragged = false; return; }
            this.togglePick(i);
          },
          onkeydown: (e) => { if ((e.key === "m" || e.key === "M") && move) { e.preventDefault(); this.ctx.send(move); } },
          onpointerdown: (e) => this.dieDragStart(e, i, move),
          onpointermove: (e) => this.dieDragMove(e),
          onpointerup: (e) => this.dieDragEnd(e),
          onpointercancel: () => this.dieDragCancel(),
        }, el("span", { "aria-hidden": "true", text })),
        move ? el("button", {
          type: "button", class: "secondary small peb-move", id: `peb-move-${i}`,
          text: t(under ? "peb.to_table" : "peb.to_cup"), "aria-label": t(under ? "peb.to_table_n" : "peb.to_cup_n", { n: i + 1 }),
          onclick: () => this.ctx.send(move),
        }) : null);
    };
    const zone = (where, heading, indexes) => {
      const box = el("div", { class: `peb-zone peb-${where}`, dataset: { zone: where } },
        el("h3", { text: heading }),
        el("div", { class: "peb-die-row" }, indexes.length ? indexes.map(dieNode) : el("span", { class: "muted", text: t("peb.no_dice") })));
      return box;
    };
    this.shownFaces = [0, 1, 2, 3, 4].map((i) => (dice.under_cup[i] ? (cup ? cup[i] : null) : dice.table[i]));
    const cupIdx = [0, 1, 2, 3, 4].filter((i) => dice.under_cup[i]);
    const tableIdx = [0, 1, 2, 3, 4].filter((i) => !dice.under_cup[i]);
    const roller = this.ctx.seatName(view.active);
    const children = [
      el("h2", { id: "peb-dice-h", text: mine ? t("peb.your_roll") : t("peb.their_roll", { name: roller }) }),
      el("div", { class: "peb-zones" },
        zone("cup", replayCup ? t("peb.cup_replay", { name: roller })
          : !view.cup ? this.ctx.tp("peb.cup_theirs", cupIdx.length, { n: cupIdx.length })
            : view.active === this.ctx.me ? t("peb.cup_yours") : t("peb.cup_spied"), cupIdx),
        zone("table", t("peb.table_dice"), tableIdx)),
    ];
    if (dice.history.length) {
      children.push(el("p", { class: "muted", text: t("peb.rerolls_so_far", { n: dice.history.length }) }));
    }
    if (mine) children.push(...this.rollControls(view, actions));
    else if (view.phase === "dice" && view.would_call) {
      children.push(el("p", { class: "muted", text: t("peb.would_call", { names: view.would_call.length ? this.ctx.joinList(view.would_call.map((s) => this.ctx.seatName(s))) : t("peb.none") }) }));
    }
    this.diceBox.replaceChildren(...children);
  }

  // Drag a die (mouse, pen or finger) from the cup to the table or back.
  dieDragStart(event, i, move) {
    if (!move || (event.pointerType === "mouse" && event.button !== 0)) return;
    this.drag = { i, move, x: event.clientX, y: event.clientY, node: event.currentTarget, moved: false };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  }

  dieDragMove(event) {
    const drag = this.drag;
    if (!drag) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 8) return;
    drag.moved = true;
    drag.node.classList.add("dragging");
    drag.node.style.transform = `translate(${dx}px, ${dy}px)`;
  }

  dieDragEnd(event) {
    const drag = this.drag;
    this.drag = null;
    if (!drag || !drag.moved) return;
    // The click that follows a drag is not a pick (reset after it, or if it never comes).
    this.dragged = true;
    setTimeout(() => { this.dragged = false; }, 0);
    drag.node.style.transform = "";
    drag.node.classList.remove("dragging");
    const zone = document.elementFromPoint(event.clientX, event.clientY)?.closest(".peb-zone");
    const from = drag.node.closest(".peb-zone");
    if (zone && from && zone !== from) this.ctx.send(drag.move);
  }

  dieDragCancel() {
    if (this.drag) {
      this.drag.node.style.transform = "";
      this.drag.node.classList.remove("dragging");
    }
    this.drag = null;
  }

  togglePick(i) {
    if (this.reroll.has(i)) this.reroll.delete(i);
    else this.reroll.add(i);
    this.ctx.keepFocus(() => this.drawDice(this.frame.view, this.frame.actions));
  }

  rollControls(view, actions) {
    const { el, t } = this.ctx;
    const dice = view.dice;
    const out = [el("p", { class: "muted", id: "peb-dice-help", text: t("peb.dice_help") })];
    const keep = [0, 1, 2, 3, 4].filter((i) => !this.reroll.has(i));
    const price = dice.free_rerolls > 0 ? t("peb.price_free", { n: dice.free_rerolls }) : t("peb.price_gold", { n: dice.reroll_price });
    const rerolls = ["cup", "hand"].map((mode) => {
      const action = actions.find((a) => a.type === "reroll" && a.mode === mode && a.keep.join() === keep.join());
      return el("button", {
        type: "button", class: "secondary", id: `peb-reroll-${mode}`, disabled: !action, dataset: { action: "reroll" },
        text: t(mode === "cup" ? "peb.reroll_cup" : "peb.reroll_open", { n: this.reroll.size, price }),
        onclick: () => { if (action) { this.reroll.clear(); this.ctx.send(action); } },
      });
    });
    out.push(el("div", { class: "peb-buttons" }, ...rerolls));
    if (!dice.can_reroll) out.push(el("p", { class: "muted", text: t("peb.no_reroll", { n: dice.reroll_price }) }));
    else if (this.reroll.size === 0 || this.reroll.size === 5) out.push(el("p", { class: "muted", text: t("peb.pick_reroll") }));
    const claims = actions.filter((a) => a.type === "claim");
    if (claims.length) {
      // The menu starts at the best hand the dice hold (the player's own pick, once made, stays).
      const mine = dice.table.map((face, i) => face ?? view.cup?.[i]);
      const held = mine.every((face) => face) ? handOf(mine) : null;
      const picked = this.claimPick?.turn === view.turn_no ? this.claimPick.hand : null;
      const start = [picked, held].find((hand) => claims.some((a) => a.hand === hand)) ?? claims[0].hand;
      const select = el("select", {
        id: "peb-claim-hand", onchange: (event) => { this.claimPick = { turn: view.turn_no, hand: event.target.value }; },
      }, claims.map((a) => el("option", {
        value: a.hand, selected: a.hand === start,
        text: t("peb.hand_moves", { hand: handName(this.ctx, a.hand), n: view.move_table[a.hand] }),
      })));
      out.push(el("div", { class: "peb-claim-row" },
        el("label", { for: "peb-claim-hand", text: t("peb.claim_label") }), select,
        el("button", {
          type: "button", class: "primary", id: "peb-claim", dataset: { action: "claim" }, text: t("peb.claim_button"),
          onclick: () => {
            const action = claims.find((a) => a.hand === select.value);
            if (action) this.ctx.send(action);
          },
        })));
      if (view.would_call) {
        out.push(el("p", { class: "muted", text: t("peb.would_call", { names: view.would_call.length ? this.ctx.joinList(view.would_call.map((s) => this.ctx.seatName(s))) : t("peb.none") }) }));
      }
    }
    return out;
  }

  // ---- shots ----
  drawFight(view, actions) {
    const { el, t } = this.ctx;
    const fight = view.fight;
    this.fightBox.hidden = !fight;
    if (!fight) {
      delete this.root.dataset.aimFrom;
      delete this.root.dataset.aimAt;
      this.fightBox.replaceChildren();
      this.aim = null;
      this.fightKey = "";
      return;
    }
    const fightKey = `${view.turn_no}|${fight.kind}|${fight.step}|${fight.shooter}`;
    if (fightKey !== this.fightKey) this.aim = null;
    this.fightKey = fightKey;
    const heading = fight.kind === "indians"
      ? t("peb.fight_indians", { name: this.ctx.seatName(fight.seats[0]) })
      : t(fight.kind === "final" ? "peb.fight_final" : "peb.fight_duel", { a: this.ctx.seatName(fight.seats[0]), b: this.ctx.seatName(fight.seats[1]) });
    const placing = fight.placing ?? null;
    const children = [el("h2", { id: "peb-fight-h", text: heading }),
      el("p", { text: placing === null ? t("peb.shooter_now", { name: this.ctx.seatName(fight.shooter) })
        : t("peb.placing_now", { name: this.ctx.seatName(placing) }) })];
    // PEB-20: the rider who just arrived picks its corner; the other duellist takes the opposite one.
    const stands = actions.filter((a) => a.type === "stand");
    if (stands.length) {
      children.push(el("p", { text: t("peb.stand_choice") }), el("div", { class: "peb-buttons" },
        ...stands.map((a) => this.button(t("peb.stand_at", { corner: cornerName(this.ctx, a.corner) }), a,
          { class: a.corner === 0 ? "primary" : "secondary", id: `peb-stand-${a.corner}` }))));
    }
    if (fight.kind === "final" && fight.double) children.push(el("p", { class: "muted", text: t("peb.final_double") }));
    const bystanders = fight.targets.slice(fight.kind === "indians" ? 3 : 1).map((x) => this.ctx.seatName(x.label[1]));
    children.push(el("p", { class: "muted", text: bystanders.length ? t("peb.bystanders", { names: this.ctx.joinList(bystanders) }) : t("peb.no_bystanders") }));
    const aimed = actions.filter((a) => a.type === "shoot" && a.angle !== undefined);
    const diceShot = actions.find((a) => a.type === "shoot" && a.angle === undefined);
    const steady = actions.find((a) => a.type === "play_item" && a.item === "steady_hand");
    // Hooks for tests: where your throw starts and the first target, in SVG units.
    const flip = (xy) => flipY(view.board, xy).map((n) => n.toFixed(2)).join(",");
    if (aimed.length) {
      this.root.dataset.aimFrom = flip(fight.start);
      this.root.dataset.aimAt = flip(fight.targets[0].xy);
    } else {
      delete this.root.dataset.aimFrom;
      delete this.root.dataset.aimAt;
    }
    if (aimed.length) {
      // The first aim shown hits nothing: no power, pointing away from the first target
      // (the listed samples aim straight at a target; the player drags or types the real throw).
      if (!this.aim) this.aim = { angle: Math.round(((aimed[0].angle + 180) % 360) * 10) / 10, power: 0 };
      const angle = el("input", { id: "peb-angle", type: "number", min: "0", max: "360", step: "0.1", value: String(this.aim.angle), inputmode: "decimal",
        oninput: (e) => { this.aim = { ...this.aim, angle: Number(e.target.value) }; this.drawAim(view); } });
      const power = el("input", { id: "peb-power", type: "number", min: "0", max: "100", step: "0.1", value: String(this.aim.power), inputmode: "decimal",
        oninput: (e) => { this.aim = { ...this.aim, power: Number(e.target.value) }; this.drawAim(view); } });
      children.push(el("p", { id: "peb-aim-help", text: t("peb.aim_help") }),
        el("div", { class: "peb-aim-row" },
          el("label", { for: "peb-angle", text: t("peb.angle") }), angle,
          el("label", { for: "peb-power", text: t("peb.power") }), power),
        el("p", { id: "peb-line-of-fire", class: "peb-line-of-fire", "aria-live": "polite" }),
        el("div", { class: "peb-buttons" },
          el("button", { type: "button", class: "primary", id: "peb-shoot", dataset: { action: "shoot" }, text: t("peb.throw"),
            onclick: () => {
              const a = Number(angle.value);
              const p = Number(power.value);
              if (!Number.isFinite(a) || !Number.isFinite(p)) return;
              this.ctx.send({ type: "shoot", angle: Math.max(0, Math.min(360, a)), power: Math.max(0, Math.min(100, p)) });
            } }),
          steady ? this.button(t("peb.use_steady"), steady, { id: "peb-steady" }) : null));
    } else if (diceShot) {
      children.push(el("div", { class: "peb-buttons" },
        this.button(t("peb.throw_dice"), diceShot, { class: "primary", id: "peb-shoot" }),
        steady ? this.button(t("peb.use_steady"), steady, { id: "peb-steady" }) : null));
    }
    if (view.steady) children.push(el("p", { class: "muted", text: t("peb.steady_on") }));
    if (view.last_shot) children.push(el("p", { class: "peb-last-shot", text: shotLine(view.last_shot, this.ctx) }));
    this.fightBox.replaceChildren(...children);
  }

  // ---- what just happened: the reveal, duels, poker, jail ----
  drawReveal(view) {
    const { el, t } = this.ctx;
    const log = view.log ?? [];
    let start = 0;
    for (let i = log.length - 1; i >= 0; i--) {
      if (log[i].e === "turn") { start = i; break; }
    }
    // This turn's and the previous turn's notable events: the reveal, fights, poker, jail.
    let prev = 0;
    for (let i = start - 1; i >= 0; i--) {
      if (log[i].e === "turn") { prev = i; break; }
    }
    const notable = new Set([
      "called", "duel", "shot", "duel_over", "poker", "poker_roll", "poker_paid", "poker_won", "jail", "pardon",
      "final_duel", "final_duel_over", "indians_attack", "indians", "jail_roll", "bail", "claim_stands", "winner",
      "mailbox", "mine", "saloon", "train", "charity",
    ]);
    const recent = log.slice(prev).filter((e) => notable.has(e.e));
    const called = [...log.slice(prev)].reverse().find((e) => e.e === "called");
    this.revealBox.hidden = recent.length === 0;
    if (!recent.length) { this.revealBox.replaceChildren(); return; }
    const children = [el("h2", { id: "peb-reveal-h", text: t("peb.recent_heading") })];
    if (called) {
      children.push(el("div", { class: `peb-verdict ${called.truthful ? "truth" : "bluff"}` },
        el("p", { class: "peb-verdict-title", text: t(called.truthful ? "peb.verdict_truth" : "peb.verdict_bluff") }),
        el("div", { class: "peb-die-row", "aria-label": t("peb.revealed_dice", { dice: facesText(this.ctx, called.dice) }), role: "img" },
          called.dice.map((f) => el("span", { class: "peb-die revealed", "aria-hidden": "true", text: f }))),
        el("p", { text: describeEvent(called, this.ctx) })));
    }
    children.push(el("ul", { class: "peb-recent" }, recent.filter((e) => e !== called).slice(-6).map((e) => el("li", { text: describeEvent(e, this.ctx) }))));
    this.revealBox.replaceChildren(...children);
  }

  drawItems(view, actions) {
    const { el, t } = this.ctx;
    const mine = view.items;
    this.itemsBox.hidden = !mine || view.phase === "over";
    if (this.itemsBox.hidden) { this.itemsBox.replaceChildren(); return; }
    const plays = actions.filter((a) => a.type === "play_item");
    const children = [el("h2", { id: "peb-items-h", text: t("peb.items_heading") })];
    if (!mine.length) children.push(el("p", { class: "muted", text: t("peb.no_items") }));
    const list = el("ul", { class: "peb-cards" });
    mine.forEach((item, n) => {
      const play = plays.find((a) => a.item === item);
      const row = el("li", {}, el("strong", { text: itemName(this.ctx, item) }), el("p", { class: "muted", text: t(ITEM_HELP_KEYS[item] ?? "peb.none") }));
      if (item === "marked_die" && play) {
        const dieSel = el("select", { id: `peb-mark-die-${n}` }, [0, 1, 2, 3, 4].map((i) => el("option", { value: String(i), text: t("peb.die_n", { n: i + 1 }) })));
        const faceSel = el("select", { id: `peb-mark-face-${n}` }, FACES.map((f) => el("option", { value: f, text: f })));
        row.append(el("div", { class: "peb-claim-row" },
          el("label", { for: `peb-mark-die-${n}`, text: t("peb.mark_die") }), dieSel,
          el("label", { for: `peb-mark-face-${n}`, text: t("peb.mark_face") }), faceSel,
          el("button", { type: "button", class: "secondary", id: `peb-play-marked-${n}`, text: t("peb.play_item", { item: itemName(this.ctx, item) }),
            onclick: () => this.ctx.send({ type: "play_item", item: "marked_die", die: Number(dieSel.value), face: faceSel.value }) })));
      } else if (play && !["sarsaparilla", "fresh_horse", "steady_hand"].includes(item)) {
        row.append(this.button(t("peb.play_item", { item: itemName(this.ctx, item) }), play, { id: `peb-play-${item}` }));
      }
      list.append(row);
    });
    if (mine.length) children.push(list);
    const spied = (view.log ?? []).filter((e) => e.e === "spyglass_seen" && e.target === view.active && view.phase === "call");
    if (spied.length && view.cup) children.push(el("p", { text: t("peb.spy_view") }));
    this.itemsBox.replaceChildren(...children);
  }

  drawResults(view, over) {
    const { el, t, num } = this.ctx;
    this.resultsBox.hidden = !over;
    if (!over) return;
    // Three mailboxes win at once (PEB-31); otherwise the game ended in the final duel (PEB-32).
    const how = (view.mailboxes?.[view.winner] ?? 0) >= 3 ? "mailboxes" : "final_duel";
    const text = t("peb.winner", { name: this.ctx.seatName(view.winner), how: t(WIN_KEYS[how]) });
    const rows = rankRiders(view).map(({ seat, place }) => el("tr", {
      dataset: { seat: String(seat), place: String(place) }, class: seat === view.winner ? "peb-winner-row" : "",
    },
    el("td", { class: "peb-place", text: t("peb.place_n", { n: place }) }),
    el("th", { scope: "row", text: this.ctx.seatName(seat) }),
    el("td", { text: view.mailboxes[seat]
      ? t("peb.rank_mailbox", { n: view.mailboxes[seat] })
      : t(view.jailed[seat] ? "peb.rank_space_jailed" : "peb.rank_space", { space: view.positions[seat] }) }),
    el("td", { class: "peb-num", text: num(view.gold[seat]) })));
    this.resultsBox.replaceChildren(el("h2", { id: "peb-results-h", text: t("peb.results_heading") }),
      el("p", { class: "peb-winner", text }),
      el("div", { class: "scroll-x" },
        el("table", { class: "peb-ranking" },
          el("caption", { text: t("peb.ranking_caption") }),
          el("thead", {}, el("tr", {},
            el("th", { scope: "col", text: t("peb.col_place") }),
            el("th", { scope: "col", text: t("peb.col_rider") }),
            el("th", { scope: "col", text: t("peb.col_where") }),
            el("th", { scope: "col", text: t("peb.col_gold") }))),
          el("tbody", {}, rows))));
  }

  // The shell's timer line counts down the call window while it is open (its own clock,
  // static/js/timer_line.js), and the room's timer otherwise.
  timer(frame) {
    const view = frame.view;
    if (frame.over || view.phase !== "call" || !view.call) return null;
    const { t } = this.ctx;
    const key = `${view.turn_no}|${view.claim?.hand}`;
    if (key !== this.callKey) {
      this.callKey = key;
      this.callStart = Date.now() / 1000;
      this.warned = false;
    }
    const own = this.callStart + view.call.seconds;
    return {
      deadline: frame.deadline ? Math.min(frame.deadline, own) : own,
      text: (left) => t("peb.call_timer", { seconds: left }),
      urgentAt: 5,
      // Without a server deadline the window stays open until everyone answered: no "0 s" on screen.
      hideAtZero: !frame.deadline,
      onTick: (left) => {
        if (left <= 5 && !this.warned && this.frame.actions.some((a) => a.type === "call")) {
          this.warned = true;
          this.ctx.announce(this.ctx.tp("peb.call_hurry", left, { seconds: left }), { urgent: true });
        }
      },
    };
  }
}

function turnText(view, ctx) {
  if (ctx.me === null || view.phase === "over") return null;
  if (!(view.to_act ?? []).includes(ctx.me)) {
    if (view.phase === "call" && view.claim) return ctx.t("peb.turn_wait_call", { name: ctx.seatName(view.claim.seat) });
    return null;
  }
  switch (view.phase) {
    case "draft": return ctx.t("peb.turn_draft");
    case "dice": return ctx.t("peb.turn_dice");
    case "call": return ctx.t("peb.turn_call", { name: ctx.seatName(view.claim.seat), hand: handName(ctx, view.claim.hand) });
    case "duel": case "final_duel": case "indians":
      return ctx.t(view.fight?.placing === ctx.me ? "peb.turn_stand" : "peb.turn_shoot");
    // The actual question of the step the rider is asked about.
    case "jail": return ctx.t("peb.turn_jail");
    case "train": return ctx.t("peb.turn_train");
    case "saloon": return ctx.t("peb.turn_saloon");
    case "relay": return ctx.t("peb.turn_relay");
    case "bluff_move": return ctx.t("peb.turn_bluff_move");
    case "end": return ctx.t("peb.turn_end");
    default: return ctx.t("peb.turn_choose");
  }
}

// ---- the replay page (static/js/replay.js): actions and revealed secrets in words ----

const SIMPLE_ACTION_KEYS = {
  pay_bail: "peb.action.pay_bail", jail_roll: "peb.action.jail_roll", call: "peb.action.call",
  believe: "peb.action.believe", advance: "peb.action.advance", decline: "peb.action.decline",
  stay: "peb.action.stay", drink: "peb.action.drink", end_turn: "peb.action.end_turn",
};

// PEB-20: the two duel corners of the board (view.board.duel_corners).
const CORNER_KEYS = ["peb.corner.top_left", "peb.corner.bottom_right"];

function cornerName(ctx, corner) {
  return ctx.t(CORNER_KEYS[corner] ?? CORNER_KEYS[0]);
}

function describeAction(action, ctx) {
  if (SIMPLE_ACTION_KEYS[action.type]) return ctx.t(SIMPLE_ACTION_KEYS[action.type]);
  switch (action.type) {
    case "keep_item": return ctx.t("peb.action.keep_item", { n: ctx.num(action.index + 1) });
    case "reroll":
      return ctx.t(action.mode === "cup" ? "peb.action.reroll_cup" : "peb.action.reroll_hand", { kept: diceNumbers(ctx, action.keep) });
    case "arrange":
      return action.under_cup?.length
        ? ctx.t("peb.action.arrange", { dice: diceNumbers(ctx, action.under_cup) })
        : ctx.t("peb.action.arrange_none");
    case "claim": return ctx.t("peb.action.claim", { hand: handName(ctx, action.hand) });
    case "shoot":
      return typeof action.angle === "number"
        ? ctx.t("peb.action.shoot_aim", { angle: Math.round(action.angle), power: Math.round(action.power ?? 0) })
        : ctx.t("peb.action.shoot_dice");
    case "ride": return ctx.t(action.pay === "pass" ? "peb.action.ride_pass" : "peb.action.ride_gold");
    case "stand": return ctx.t("peb.action.stand", { corner: cornerName(ctx, action.corner) });
    case "play_item":
      return action.item === "marked_die"
        ? ctx.t("peb.action.play_marked_die", { item: itemName(ctx, action.item), die: ctx.num(action.die + 1), face: action.face })
        : ctx.t("peb.action.play_item", { item: itemName(ctx, action.item) });
    default: return null;
  }
}

// The shell's end card (static/js/end_card.js): the ranking, where each rider got, gold and item cards.
function resultDetails(view, ctx) {
  const items = view.result?.revealed?.items ?? [];
  const seats = {};
  view.positions.forEach((space, seat) => {
    seats[seat] = {
      score: view.mailboxes[seat]
        ? ctx.t("peb.rank_mailbox", { n: view.mailboxes[seat] })
        : ctx.t(view.jailed[seat] ? "peb.rank_space_jailed" : "peb.rank_space", { space }),
      detail: ctx.t("peb.end_detail", { gold: ctx.num(view.gold[seat]), items: itemsText(ctx, items[seat] ?? []) }),
    };
  });
  const how = (view.mailboxes?.[view.winner] ?? 0) >= 3 ? "mailboxes" : "final_duel";
  return {
    order: rankRiders(view), seats,
    decided: ctx.t("peb.winner", { name: ctx.seatName(view.winner), how: ctx.t(WIN_KEYS[how]) }),
  };
}

function itemsText(ctx, items) {
  return items && items.length ? ctx.joinList(items.map((c) => itemName(ctx, c))) : ctx.t("peb.none");
}

// A seat's secrets (engine reveal_view): its item cards, the cup it may see (the roller's own,
// a Spyglass look, everyone's at the end), its relay-station offer and its draft offer and pick.
function describeSecrets(secrets, view, ctx) {
  const lines = [];
  if (Array.isArray(secrets.items)) lines.push(ctx.t("peb.secret.items", { items: itemsText(ctx, secrets.items) }));
  const cup = secrets.cup;
  if (Array.isArray(cup)) {
    const faces = cup.filter((face) => face !== null && face !== undefined);
    const dice = faces.length ? facesText(ctx, faces) : ctx.t("peb.no_dice");
    lines.push(view.active !== null && view.active !== undefined
      ? ctx.t("peb.secret.cup", { name: ctx.seatName(view.active), dice })
      : ctx.t("peb.secret.cup_plain", { dice }));
  }
  if (Array.isArray(secrets.offer)) lines.push(ctx.t("peb.secret.offer", { items: itemsText(ctx, secrets.offer) }));
  const mine = secrets.draft_mine;
  if (mine && Array.isArray(mine.offer)) {
    const kept = mine.kept;
    lines.push(typeof kept === "number" && mine.offer[kept] !== undefined
      ? ctx.t("peb.secret.draft_kept", { items: itemsText(ctx, mine.offer), item: itemName(ctx, mine.offer[kept]) })
      : ctx.t("peb.secret.draft", { items: itemsText(ctx, mine.offer) }));
  }
  return lines;
}

export default {
  id: "pony_express_bluff",
  stylesheet: true,
  // The players panel shows each rider's gold.
  playerScore: (view, seat, ctx) => ctx.tp("peb.panel_gold", view.gold?.[seat] ?? 0, { n: ctx.num(view.gold?.[seat] ?? 0) }),
  mount: (root, ctx) => new BluffTable(root, ctx),
  describeEvent,
  turnText,
  describeAction,
  describeSecrets,
  resultDetails,
};
