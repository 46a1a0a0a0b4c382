// Pony Express: Odds and Riders table (engine id `pony_express_race`): the
// odds table with its seven markers, the betting chart (chips per player per
// horse), the horses' face-up card stacks, your hand, the turn's bet and card;
// then the seven tracks with their coloured spaces, the horses, the rostrum,
// your horses' hidden cards, the pace choices with their chance, the d10
// rolls, the dice-card prompt; at the end every bet and prize explained.
// Module API: see static/js/table.js and static/games/README.md.

const HORSE_KEYS = [
  "per.horse.brown", "per.horse.beige", "per.horse.yellow", "per.horse.orange",
  "per.horse.red", "per.horse.blue", "per.horse.green",
];
const HORSE_SHORT_KEYS = [
  "per.horse_short.brown", "per.horse_short.beige", "per.horse_short.yellow", "per.horse_short.orange",
  "per.horse_short.red", "per.horse_short.blue", "per.horse_short.green",
];
const HORSE_CLASSES = ["brown", "beige", "yellow", "orange", "red", "blue", "green"];
const CARD_COLOUR_KEYS = {
  black: "per.card.black", yellow: "per.card.yellow", blue: "per.card.blue", red: "per.card.red",
};
const SPACE_KEYS = { blue: "per.space.blue", red: "per.space.red", yellow: "per.space.yellow" };
const SPACE_LETTER_KEYS = { blue: "per.space_letter.blue", red: "per.space_letter.red", yellow: "per.space_letter.yellow" };
const PLACE_KEYS = { 1: "per.place.1", 2: "per.place.2", 3: "per.place.3" };
const PACE_KEYS = {
  normal: "per.pace.normal", fast: "per.pace.fast", risky: "per.pace.risky", failed: "per.pace.failed",
  forced: "per.pace.forced", move_up: "per.pace.move_up", roll: "per.pace.roll", roll_again: "per.pace.roll_again",
};
const STEP_KEYS = {
  fast: "per.step.fast", risky: "per.step.risky", again: "per.step.again",
};
// Variant names shown in the header (and on the home page: opt.<id>.<option>.<choice>).
const OPTION_CHOICE_KEYS = {
  opening_odds: {
    standard: "opt.pony_express_race.opening_odds.standard", random: "opt.pony_express_race.opening_odds.random",
    chosen: "opt.pony_express_race.opening_odds.chosen", "first-card": "opt.pony_express_race.opening_odds.first-card",
  },
  movement: {
    standard: "opt.pony_express_race.movement.standard", alternative: "opt.pony_express_race.movement.alternative",
  },
};
const TOWN = 19;
const SVG = { left: 84, cell: 27, row: 36, top: 22 };
// An owner's name on a track, cut to fit the margin before the start space.
const OWNER_CHARS = 11;

// ---- words -------------------------------------------------------------

function horseName(ctx, horse) {
  return ctx.t(HORSE_KEYS[horse]);
}

function horseShort(ctx, horse) {
  return ctx.t(HORSE_SHORT_KEYS[horse]);
}

function splitCard(card) {
  const at = card.lastIndexOf("-");
  return [card.slice(0, at), Number(card.slice(at + 1))];
}

function cardName(ctx, card) {
  const [colour, value] = splitCard(card);
  if (colour === "white") return ctx.t("per.card.move_up", { value });
  return ctx.t("per.card.named", { colour: ctx.t(CARD_COLOUR_KEYS[colour]), value });
}

function cardsText(ctx, cards) {
  return cards.length ? ctx.joinList(cards.map((c) => cardName(ctx, c))) : ctx.t("per.none");
}

function placeName(ctx, place) {
  return ctx.t(PLACE_KEYS[place]);
}

function ownerName(ctx, owner) {
  return owner === null || owner === undefined ? ctx.t("per.greenhorn") : ctx.seatName(owner);
}

function rollsText(ctx, rolls) {
  return ctx.joinList(rolls.map((r) => ctx.num(r)));
}

function rideLine(event, ctx) {
  const params = {
    horse: horseName(ctx, event.horse), track: event.track, pace: ctx.t(PACE_KEYS[event.pace] ?? "per.pace.normal"),
    from: event.start, to: event.end, rolls: rollsText(ctx, event.rolls ?? []),
  };
  return (event.rolls ?? []).length ? ctx.t("per.log.ride_rolls", params) : ctx.t("per.log.ride", params);
}

function describeEvent(event, ctx) {
  const name = (seat) => ctx.seatName(seat);
  switch (event.e) {
    case "opening":
      return event.seat === undefined || event.seat === null
        ? ctx.t("per.log.opening", { horse: horseName(ctx, event.horse), card: cardName(ctx, event.card), row: event.row })
        : ctx.t("per.log.opening_chosen", {
          name: name(event.seat), horse: horseName(ctx, event.horse), card: cardName(ctx, event.card), row: event.row,
        });
    case "bet":
      return ctx.tp("per.log.bet", event.chips, { name: name(event.seat), chips: event.chips, horse: horseName(ctx, event.horse) });
    case "card":
      return ctx.t("per.log.card", {
        name: name(event.seat), card: cardName(ctx, event.card), horse: horseName(ctx, event.horse),
        odds: oddsMove(ctx, event.row_from, event.row_to),
      });
    case "leftover":
      return ctx.t("per.log.leftover", {
        card: cardName(ctx, event.card), horse: horseName(ctx, event.horse), odds: oddsMove(ctx, event.row_from, event.row_to),
      });
    case "owners": {
      const parts = event.owners.map((owner, horse) => ctx.t("per.log.owner_part", {
        horse: horseName(ctx, horse), owner: ownerName(ctx, owner),
      }));
      return ctx.t("per.log.owners", { list: ctx.joinList(parts) });
    }
    case "tie_roll":
      return ctx.t("per.log.tie_roll", {
        list: ctx.joinList(event.horses.map((h, i) => ctx.t("per.log.tie_part", { horse: horseName(ctx, h), roll: event.rolls[i] }))),
      });
    case "track":
      return event.seat === null || event.seat === undefined
        ? ctx.t("per.log.track_auto", { horse: horseName(ctx, event.horse), track: event.track })
        : ctx.t("per.log.track", { name: name(event.seat), horse: horseName(ctx, event.horse), track: event.track });
    case "tracks": {
      const order = event.track_of.map((track, horse) => [track, horse]).filter(([track]) => track !== null)
        .sort((a, b) => a[0] - b[0])
        .map(([track, horse]) => ctx.t("per.log.track_part", { track, horse: horseName(ctx, horse) }));
      return ctx.t("per.log.tracks", { list: ctx.joinList(order) });
    }
    case "race_start":
      return ctx.t("per.log.race_start");
    case "greenhorn_card":
      return ctx.t("per.log.greenhorn_card", { horse: horseName(ctx, event.horse), card: cardName(ctx, event.card) });
    case "roll":
      return ctx.t(event.ok ? "per.log.roll_ok" : "per.log.roll_fail", { horse: horseName(ctx, event.horse), roll: event.roll });
    case "dice_card":
      return ctx.t("per.log.dice_card", { name: name(event.seat), horse: horseName(ctx, event.horse), roll: event.voided });
    case "ride":
      return rideLine(event, ctx);
    case "arrived":
      return ctx.t("per.log.arrived", { horse: horseName(ctx, event.horse), place: placeName(ctx, event.place) });
    case "settled":
      return ctx.t("per.log.settled", {
        list: ctx.joinList(event.chips.map((chips, seat) => ctx.t("per.log.chips_part", { name: name(seat), chips }))),
      });
    case "race_card":
      // Private to the rider during the race; after the end everyone reads it.
      return (event.to ?? []).includes(ctx.me)
        ? ctx.t("per.log.race_card", { horse: horseName(ctx, event.horse), card: cardName(ctx, event.card) })
        : ctx.t("per.log.race_card_revealed", {
          name: ctx.seatName((event.to ?? [])[0]), horse: horseName(ctx, event.horse), card: cardName(ctx, event.card),
        });
    default:
      return null;
  }
}

function oddsMove(ctx, from, to) {
  if (from === null || from === undefined) return ctx.t("per.odds_open", { price: priceOf(to) });
  if (from === to) return ctx.t("per.odds_same", { price: priceOf(to) });
  return ctx.t(to < from ? "per.odds_up" : "per.odds_down", { from: priceOf(from), to: priceOf(to) });
}

const PRICES = { 1: "1-1", 2: "2-1", 3: "3-1", 4: "4-1", 5: "5-1", 6: "8-1", 7: "10-1", 8: "20-1" };
function priceOf(row) {
  return PRICES[row] ?? "–";
}

function turnText(view, ctx) {
  if (ctx.me === null || view.over) return null;
  const acting = view.to_act ?? [];
  if (!acting.includes(ctx.me)) {
    return acting.length ? ctx.t("per.turn_waiting", { name: ctx.seatName(acting[0]) }) : null;
  }
  const turn = view.race?.turn;
  switch (view.phase) {
    case "opening": return ctx.t("per.turn_opening");
    case "bet": return ctx.tp("per.turn_bet", view.bet_size, { chips: view.bet_size });
    case "play": return ctx.t("per.turn_play");
    case "track": return ctx.t("per.turn_track", { horse: horseName(ctx, view.track_choice.horse) });
    case "ride": return ctx.t("per.turn_ride", { horse: horseName(ctx, turn.horse) });
    case "pace": return ctx.t("per.turn_pace", { horse: horseName(ctx, turn.horse) });
    case "dice": return ctx.t("per.turn_dice", { horse: horseName(ctx, turn.horse) });
    default: return null;
  }
}

// ---- the table -----------------------------------------------------------

class PonyExpressRaceTable {
  constructor(root, ctx) {
    this.root = root;
    this.ctx = ctx;
    this.frame = null;
    this.selectedCard = null;
    this.shownRollKey = "";
    const { el, t } = ctx;
    root.classList.add("per");
    this.header = el("div", { class: "per-header" });
    this.statusText = el("p", { class: "per-status" });
    this.variantText = el("p", { class: "per-variant muted" });
    this.header.append(this.statusText, this.variantText);
    this.actBox = el("section", { class: "per-act", "aria-labelledby": "per-act-h", hidden: true, dataset: { decision: "act" } });
    this.diceBox = el("section", { class: "per-dice", "aria-labelledby": "per-dice-h", hidden: true });
    this.tracksBox = el("figure", { class: "per-tracks" });
    this.rostrum = el("section", { class: "per-rostrum-box", "aria-labelledby": "per-rostrum-h" });
    this.oddsBox = el("section", { class: "per-odds", "aria-labelledby": "per-odds-h" });
    this.chartBox = el("section", { class: "per-chart", "aria-labelledby": "per-chart-h" });
    this.pilesBox = el("figure", { class: "per-piles", "aria-labelledby": "per-piles-h" });
    this.handBox = el("section", { class: "per-mine", "aria-labelledby": "per-mine-h", hidden: true });
    this.resultsBox = el("section", { class: "per-results", "aria-labelledby": "per-results-h", hidden: true });
    this.tracks = this.buildTracks();
    this.tracksBox.append(
      el("div", { class: "scroll-x per-tracks-scroll", tabindex: "0", role: "region", "aria-labelledby": "per-tracks-h" },
        el("h2", { id: "per-tracks-h", class: "per-sub", text: t("per.tracks_heading") }), this.tracks.svg),
      el("figcaption", { class: "visually-hidden", id: "per-tracks-caption" }));
    this.boards = el("div", { class: "per-boards" }, this.oddsBox, this.chartBox);
    this.arrange(1);
  }

  // Stage 1 puts the chip piles, your hand and the boards first; the race puts the tracks first.
  arrange(stage) {
    if (this.arrangedFor === stage) return;
    this.arrangedFor = stage;
    // Betting: the chip piles on the horses right under your prompt, the picture of the stage.
    const middle = stage === 1
      ? [this.pilesBox, this.handBox, this.boards, this.tracksBox, this.rostrum]
      : [this.tracksBox, this.rostrum, this.handBox, this.boards, this.pilesBox];
    this.root.replaceChildren(this.header, this.actBox, this.diceBox, this.resultsBox, ...middle);
  }

  // Seven tracks of 18 coloured or plain spaces and the town; colour is
  // always doubled by a letter (B/R/Y in the reader's language).
  buildTracks() {
    const { svg, t } = this.ctx;
    const width = SVG.left + SVG.cell * (TOWN + 1) + 8;
    const height = SVG.top + SVG.row * 7 + 6;
    const root = svg("svg", {
      viewBox: `0 0 ${width} ${height}`, width, height, class: "per-track-svg", role: "img",
      "aria-labelledby": "per-tracks-caption",
    });
    const labels = [];
    const owners = [];
    const stripes = [];
    const tokens = [];
    root.append(svg("text", { x: SVG.left + SVG.cell / 2, y: 14, class: "per-svg-head", "text-anchor": "middle", text: t("per.start_short") }));
    root.append(svg("text", { x: SVG.left + SVG.cell * TOWN + SVG.cell / 2, y: 14, class: "per-svg-head", "text-anchor": "middle", text: t("per.town_short") }));
    for (let index = 0; index < 7; index++) {
      const y = SVG.top + index * SVG.row;
      const group = svg("g", { class: "per-track", "data-track": String(index + 1) });
      group.append(svg("rect", { x: 0, y: y + 1, width, height: SVG.row - 2, rx: 6, class: "per-row-bg" }));
      const label = svg("text", { x: 4, y: y + 15, class: "per-track-label", text: String(index + 1) });
      const owner = svg("text", { x: 4, y: y + 29, class: "per-track-owner", text: "" });
      // The owner's colour (static/js/player_colour.js) beside their name, at the track's edge.
      const stripe = svg("rect", { x: 0, y: y + 4, width: 3, height: SVG.row - 8, class: "per-owner-stripe" });
      stripe.style.display = "none";
      labels.push(label);
      owners.push(owner);
      stripes.push(stripe);
      group.append(stripe, label, owner);
      group.append(svg("rect", { x: SVG.left + 1, y: y + 3, width: SVG.cell - 2, height: SVG.row - 6, rx: 4, class: "per-space per-start" }));
      group.append(svg("rect", {
        x: SVG.left + SVG.cell * TOWN + 1, y: y + 3, width: SVG.cell - 2, height: SVG.row - 6, rx: 4, class: "per-space per-town",
      }));
      group.append(svg("text", { x: SVG.left + SVG.cell * TOWN + SVG.cell / 2, y: y + SVG.row / 2 + 5, "text-anchor": "middle", class: "per-town-flag", text: "✉" }));
      for (let space = 1; space < TOWN; space++) {
        group.append(svg("rect", {
          x: SVG.left + SVG.cell * space + 1, y: y + 3, width: SVG.cell - 2, height: SVG.row - 6, rx: 3,
          class: "per-space", "data-space": String(space),
        }));
        group.append(svg("text", {
          x: SVG.left + SVG.cell * space + SVG.cell / 2, y: y + SVG.row - 7, "text-anchor": "middle",
          class: "per-space-letter", "data-space": String(space), text: "",
        }));
      }
      root.append(group);
    }
    for (let horse = 0; horse < 7; horse++) {
      const token = svg("g", { class: `per-token horse-${HORSE_CLASSES[horse]}`, "data-horse": String(horse), style: "display: none" });
      token.append(svg("circle", { r: 11, class: "per-token-body" }));
      token.append(svg("text", { y: 4, "text-anchor": "middle", class: "per-token-letter", text: horseShort(this.ctx, horse) }));
      tokens.push(token);
      root.append(token);
    }
    return { svg: root, labels, owners, stripes, tokens, coloured: false };
  }

  update(frame) {
    frame = { ...frame, view: withOwnCards(frame.view) };
    this.frame = frame;
    const view = frame.view;
    this.root.dataset.v = String(frame.v);
    this.root.dataset.phase = view.phase;
    this.root.dataset.stage = String(view.stage);
    this.root.dataset.over = String(frame.over);
    this.root.dataset.mine = String(!frame.over && this.ctx.me !== null && (view.to_act ?? []).includes(this.ctx.me));
    this.arrange(frame.over ? 2 : view.stage);
    const acting = frame.over ? [] : (view.to_act ?? []).filter((seat) => seat !== this.ctx.me);
    this.statusText.textContent = acting.length
      ? `${this.statusLine(view, frame.over)} · ${this.ctx.t("per.turn_waiting", { name: this.ctx.seatName(acting[0]) })}`
      : this.statusLine(view, frame.over);
    this.variantText.textContent = this.variantLine(view);
    this.tracksBox.classList.toggle("per-animate", Boolean(frame.previous));
    this.drawTracks(view);
    this.drawRostrum(view);
    this.drawPiles(view, frame.over);
    this.drawOdds(view, frame.previous);
    this.drawChart(view);
    this.drawMine(view, frame.over);
    this.drawAct(view, frame.actions, frame.over);
    this.drawDice(view);
    this.resultsBox.hidden = !frame.over;
    if (frame.over) this.drawResults(view);
  }

  statusLine(view, over) {
    const { t } = this.ctx;
    if (over) return t("per.status_over");
    if (view.stage === 1) {
      return view.bet_size
        ? this.ctx.tp("per.status_betting", view.bet_size, { round: view.round, chips: view.bet_size })
        : t("per.status_cards", { round: view.round });
    }
    if (view.phase === "track") return t("per.status_tracks");
    return t("per.status_race", { round: view.race?.round ?? 1 });
  }

  variantLine(view) {
    const { t } = this.ctx;
    const options = view.options ?? {};
    const parts = [];
    const opening = OPTION_CHOICE_KEYS.opening_odds[options.opening_odds];
    if (opening) parts.push(t("per.variant_part", { name: t("opt.pony_express_race.opening_odds"), value: t(opening) }));
    const movement = OPTION_CHOICE_KEYS.movement[options.movement];
    if (movement) parts.push(t("per.variant_part", { name: t("opt.pony_express_race.movement"), value: t(movement) }));
    if (options.track_choice) parts.push(t("opt.pony_express_race.track_choice"));
    return parts.join(" · ");
  }

  drawTracks(view) {
    const { t } = this.ctx;
    const svgRoot = this.tracks.svg;
    if (!this.tracks.coloured) {
      view.tracks.forEach((spaces, index) => {
        const group = svgRoot.querySelector(`g[data-track="${index + 1}"]`);
        spaces.forEach((colour, at) => {
          if (!colour) return;
          group.querySelector(`rect[data-space="${at + 1}"]`).classList.add(`space-${colour}`);
          group.querySelector(`text[data-space="${at + 1}"]`).textContent = t(SPACE_LETTER_KEYS[colour]);
        });
      });
      this.tracks.coloured = true;
    }
    const current = view.race?.turn ? view.race.track : null;
    svgRoot.querySelectorAll("g.per-track").forEach((group) => {
      group.classList.toggle("per-current", Number(group.dataset.track) === current);
    });
    const caption = [];
    view.horses.forEach((horse, index) => {
      const token = this.tracks.tokens[index];
      if (!horse.track) {
        token.style.display = "none";
        return;
      }
      const label = this.tracks.labels[horse.track - 1];
      label.textContent = `${horse.track} ${horseShort(this.ctx, index)}`;
      // Who rides this horse, on its track (the greenhorn's horses say so).
      const owner = Array.from(horse.owner === null || horse.owner === undefined ? t("per.greenhorn_short") : this.ctx.seatName(horse.owner));
      const ownerText = this.tracks.owners[horse.track - 1];
      ownerText.textContent = owner.length > OWNER_CHARS ? `${owner.slice(0, OWNER_CHARS - 1).join("")}…` : owner.join("");
      ownerText.dataset.owner = horse.owner === null || horse.owner === undefined ? "" : String(horse.owner);
      const stripe = this.tracks.stripes[horse.track - 1];
      const owned = Number.isInteger(horse.owner);
      stripe.style.display = owned ? "" : "none";
      if (owned) stripe.style.fill = this.ctx.seatColour(horse.owner);
      // Wide letters (Chinese names) are squeezed into the margin rather than over the start space.
      ownerText.removeAttribute("textLength");
      if (ownerText.getComputedTextLength() > SVG.left - 8) {
        ownerText.setAttribute("textLength", String(SVG.left - 8));
        ownerText.setAttribute("lengthAdjust", "spacingAndGlyphs");
      }
      const x = SVG.left + SVG.cell * horse.position + SVG.cell / 2;
      const y = SVG.top + (horse.track - 1) * SVG.row + SVG.row / 2 - 3;
      token.style.display = "";
      token.style.transform = `translate(${x}px, ${y}px)`;
      token.classList.toggle("placed", horse.place !== null);
      token.classList.toggle("board-winner", Boolean(view.result) && horse.place === 1);
      const colour = horse.position > 0 && horse.position < TOWN ? view.tracks[horse.track - 1][horse.position - 1] : null;
      caption.push(horse.place
        ? t("per.caption_placed", { track: horse.track, horse: horseName(this.ctx, index), place: placeName(this.ctx, horse.place) })
        : t("per.caption_at", {
          track: horse.track, horse: horseName(this.ctx, index), position: horse.position,
          space: colour ? t(SPACE_KEYS[colour]) : t("per.space.plain"),
        }));
    });
    const legend = t("per.tracks_legend", {
      blue: t(SPACE_LETTER_KEYS.blue), red: t(SPACE_LETTER_KEYS.red), yellow: t(SPACE_LETTER_KEYS.yellow),
    });
    this.tracksBox.querySelector("figcaption").textContent = caption.length
      ? `${legend} ${caption.join("; ")}`
      : `${legend} ${t("per.tracks_empty")}`;
    let visibleLegend = this.tracksBox.querySelector(".per-legend");
    if (!visibleLegend) {
      visibleLegend = this.ctx.el("p", { class: "per-legend muted", "aria-hidden": "true" });
      this.tracksBox.append(visibleLegend);
    }
    visibleLegend.textContent = caption.length ? legend : `${legend} ${t("per.tracks_empty")}`;
    this.followLeaders(view);
  }

  // On a narrow screen the track is wider than the page: say so, and scroll the
  // leading horse (or Town, once someone is placed) into view whenever the lead moves.
  followLeaders(view) {
    const box = this.tracksBox.querySelector(".per-tracks-scroll");
    let hint = this.tracksBox.querySelector(".per-scroll-hint");
    if (!hint) {
      hint = this.ctx.el("p", { class: "per-scroll-hint", id: "per-scroll-hint" });
      box.before(hint);
    }
    const overflowing = box.scrollWidth > box.clientWidth + 1;
    const riding = view.horses.filter((horse) => horse.track);
    const lead = riding.length ? Math.max(...riding.map((horse) => (horse.place ? TOWN : horse.position))) : 0;
    hint.hidden = !overflowing;
    if (!overflowing) return;
    hint.textContent = lead >= TOWN ? this.ctx.t("per.scroll_hint_town") : this.ctx.t("per.scroll_hint", { space: lead });
    if (lead === this.followedLead) return;
    this.followedLead = lead;
    const leadRight = SVG.left + SVG.cell * (lead + 1);
    box.scrollLeft = Math.max(0, leadRight + SVG.cell - box.clientWidth);
  }

  drawRostrum(view) {
    const { el, t } = this.ctx;
    const items = [1, 2, 3].map((place) => {
      const horse = view.places[place - 1];
      return el("li", { class: `per-step per-step-${place}`, dataset: { place: String(place) } },
        el("span", { class: "per-step-place", text: placeName(this.ctx, place) }),
        horse === undefined
          ? el("span", { class: "muted", text: t("per.rostrum_empty") })
          : el("span", { class: "per-step-horse" }, this.marker(horse), horseName(this.ctx, horse)));
    });
    this.rostrum.replaceChildren(el("h2", { id: "per-rostrum-h", text: t("per.rostrum_heading") }),
      el("ol", { class: "per-rostrum" }, items));
  }

  marker(horse, extra = "") {
    return this.ctx.el("span", {
      class: `per-marker horse-${HORSE_CLASSES[horse]} ${extra}`.trim(), "aria-hidden": "true", text: horseShort(this.ctx, horse),
    });
  }

  // The betting stage as a picture: beside each horse, the chips bet on it, one pile per
  // player in that player's colour (the numbers are in the chart below and in the words).
  drawPiles(view, over) {
    const { el, t, num } = this.ctx;
    this.pilesBox.hidden = over || view.stage !== 1;
    if (this.pilesBox.hidden) return;
    const MAX_DRAWN = 8;
    const columns = view.horses.map((_, horse) => {
      const bets = view.bets.map((row, seat) => [seat, row[horse]]).filter(([, chips]) => chips > 0);
      const piles = bets.map(([seat, chips]) => el("span", {
        class: "per-pile", dataset: { seat: String(seat), chips: String(chips) },
        style: `--player: ${this.ctx.seatColour(seat)}`, "aria-hidden": "true",
      }, ...Array.from({ length: Math.min(chips, MAX_DRAWN) }, () => el("span", { class: "per-chip" })),
      chips > MAX_DRAWN ? el("span", { class: "per-chip-more", text: `+${num(chips - MAX_DRAWN)}` }) : null));
      const words = bets.length
        ? this.ctx.joinList(bets.map(([seat, chips]) => t("per.bet_pile_part", { name: this.ctx.seatName(seat), chips: num(chips) })))
        : t("per.bet_pile_none");
      return el("li", { class: "per-pile-column", dataset: { horse: String(horse) } },
        el("span", { class: "per-piles-row" }, piles),
        el("span", { class: "per-pile-horse" }, this.marker(horse), horseName(this.ctx, horse)),
        el("span", { class: "per-pile-words", text: words }));
    });
    this.pilesBox.replaceChildren(
      el("h2", { id: "per-piles-h", text: t("per.piles_heading") }),
      el("ul", { class: "per-pile-list" }, columns));
  }

  drawOdds(view, previous) {
    const { el, t, num } = this.ctx;
    const paysText = (n) => (n === null ? "–" : num(n));
    const rows = view.odds_table.map((row) => {
      const here = view.horses.map((h, i) => [h, i]).filter(([h]) => h.row === row.row);
      return el("tr", { dataset: { row: String(row.row) } },
        el("th", { scope: "row", text: row.price }),
        el("td", { class: "per-markers" }, here.map(([h, i]) => {
          const before = previous?.horses?.[i]?.row;
          const moved = before && before !== h.row ? (h.row < before ? "up" : "down") : "";
          return el("span", { class: `per-marker-item ${moved ? `moved moved-${moved}` : ""}`.trim(), dataset: { horse: String(i) } },
            this.marker(i), horseName(this.ctx, i),
            moved ? el("span", { class: "per-moved", text: moved === "up" ? "↑" : "↓" }) : null,
            moved ? el("span", { class: "visually-hidden", text: t(moved === "up" ? "per.moved_up" : "per.moved_down") }) : null);
        })),
        ...row.pays.map((n) => el("td", { class: "per-num", text: paysText(n) })));
    });
    const unpriced = view.horses.map((h, i) => [h, i]).filter(([h]) => !h.row).map(([, i]) => horseName(this.ctx, i));
    this.oddsBox.replaceChildren(...[
      el("h2", { id: "per-odds-h", text: t("per.odds_heading") }),
      el("div", { class: "scroll-x", tabindex: "0", role: "region", "aria-labelledby": "per-odds-caption" },
        el("table", { class: "per-odds-table" },
          el("caption", { id: "per-odds-caption", text: t("per.odds_caption") }),
          el("thead", {}, el("tr", {},
            el("th", { scope: "col", text: t("per.price") }),
            el("th", { scope: "col", text: t("per.horses_here") }),
            el("th", { scope: "col", text: t("per.pays_1") }),
            el("th", { scope: "col", text: t("per.pays_2") }),
            el("th", { scope: "col", text: t("per.pays_3") }))),
          el("tbody", {}, rows))),
      unpriced.length ? el("p", { class: "per-unpriced", text: t("per.no_odds_yet", { horses: this.ctx.joinList(unpriced) }) }) : null,
      el("p", { class: "muted", text: t("per.odds_help") }),
    ].filter(Boolean));
  }

  drawChart(view) {
    const { el, t, num } = this.ctx;
    const seats = view.bets.map((_, seat) => seat);
    const raceStarted = view.stage === 2;
    const rows = view.horses.map((h, i) => el("tr", { dataset: { horse: String(i) } },
      el("th", { scope: "row" }, this.marker(i), horseName(this.ctx, i)),
      el("td", { text: h.price ?? "–" }),
      ...seats.map((seat) => el("td", { class: "per-num", dataset: { seat: String(seat) }, text: view.bets[seat][i] ? num(view.bets[seat][i]) : "–" })),
      el("td", { class: "per-num", text: num(h.chips) }),
      raceStarted ? el("td", { text: ownerName(this.ctx, h.owner) }) : null,
      el("td", { class: "per-stack" }, this.stack(h.cards))));
    const chips = seats.map((seat) => el("li", { dataset: { seat: String(seat) } },
      t("per.seat_chips", {
        name: this.ctx.seatName(seat),
        chips: this.ctx.tp("count.chips", view.chips[seat], { n: view.chips[seat] }),
        cards: this.ctx.tp("count.cards", view.hand_counts[seat], { n: view.hand_counts[seat] }),
      }),
      view.dice_card[seat] && raceStarted ? el("span", { class: "tag", text: t("per.has_dice_card") }) : null));
    this.chartBox.replaceChildren(...[
      el("h2", { id: "per-chart-h", text: t("per.chart_heading") }),
      el("div", { class: "scroll-x", tabindex: "0", role: "region", "aria-labelledby": "per-chart-caption" },
        el("table", { class: "per-chart-table" },
          el("caption", { id: "per-chart-caption", text: t("per.chart_caption") }),
          el("thead", {}, el("tr", {},
            el("th", { scope: "col", text: t("per.horse") }),
            el("th", { scope: "col", text: t("per.price") }),
            ...seats.map((seat) => el("th", { scope: "col", text: this.ctx.seatName(seat) })),
            el("th", { scope: "col", text: t("per.total") }),
            raceStarted ? el("th", { scope: "col", text: t("per.owner") }) : null,
            el("th", { scope: "col", text: t("per.stack") }))),
          el("tbody", {}, rows))),
      el("ul", { class: "per-seats" }, chips),
      view.leftover_count ? el("p", { class: "muted", text: this.ctx.tp("per.leftover_count", view.leftover_count, { n: view.leftover_count }) }) : null,
    ].filter(Boolean));
  }

  stack(cards) {
    const { el, t } = this.ctx;
    if (!cards.length) return el("span", { class: "muted", text: t("per.none") });
    return el("span", { class: "per-mini-row" }, cards.map((card) => this.miniCard(card)),
      el("span", { class: "visually-hidden", text: cardsText(this.ctx, cards) }));
  }

  miniCard(card) {
    const [colour, value] = splitCard(card);
    return this.ctx.el("span", { class: `per-mini card-${colour}`, "aria-hidden": "true", text: colour === "white" ? `⇡${value}` : String(value) });
  }

  // Your own things: the stage-1 hand, or your horses' hidden race cards.
  drawMine(view, over) {
    const { el, t } = this.ctx;
    const me = this.ctx.me;
    if (me === null || over) {
      this.handBox.hidden = true;
      this.handBox.replaceChildren();
      return;
    }
    this.handBox.hidden = false;
    const children = [el("h2", { id: "per-mine-h", text: t("per.mine_heading") }),
      el("p", { text: this.ctx.tp("per.your_chips", view.chips[me], { chips: view.chips[me] }) })];
    if (view.stage === 1) {
      children.push(el("h3", { text: t("per.hand_heading") }),
        view.hand.length
          ? el("ul", { class: "per-hand", "aria-label": t("per.hand_heading") }, view.hand.map((card) => el("li", {}, this.bigCard(card))))
          : el("p", { class: "muted", text: t("per.hand_empty") }));
    } else {
      const mine = view.horses.map((h, i) => [h, i]).filter(([h]) => h.owner === me);
      if (!mine.length) children.push(el("p", { class: "muted", text: t("per.no_horses") }));
      for (const [h, i] of mine) {
        // Before the race (tracks being chosen) the horse's six cards are still its public stack.
        const racing = view.race !== null;
        children.push(el("div", { class: "per-race-hand", dataset: { horse: String(i) } },
          el("h3", {}, this.marker(i), h.track
            ? t("per.race_hand_heading", { horse: horseName(this.ctx, i), track: h.track })
            : horseName(this.ctx, i)),
          el("p", { text: t("per.race_hand", { cards: cardsText(this.ctx, racing ? h.race_hand ?? [] : h.cards) }) }),
          racing ? el("p", { class: "muted", text: t("per.race_played", { cards: cardsText(this.ctx, h.race_played ?? []) }) }) : null));
      }
      children.push(el("p", { text: view.dice_card[me] ? t("per.dice_card_ready") : t("per.dice_card_used") }));
    }
    this.handBox.replaceChildren(...children);
  }

  bigCard(card, attrs = {}) {
    const { el, t } = this.ctx;
    const [colour, value] = splitCard(card);
    const node = el(attrs.onclick ? "button" : "span", { ...attrs, class: `per-card card-${colour} ${attrs.class ?? ""}`.trim() },
      el("span", { class: "per-card-value", "aria-hidden": "true", text: colour === "white" ? `⇡${value}` : String(value) }),
      el("span", { class: "per-card-name", text: cardName(this.ctx, card) }));
    // What the card does, in one line (PER-12, 21, 22, 24).
    return this.ctx.hint(node, colour === "white"
      ? t("per.hint.move_up", { value })
      : t("per.hint.card", { colour: cardName(this.ctx, card), value }));
  }

  drawAct(view, actions, over) {
    const { el, t } = this.ctx;
    const mine = !over && this.ctx.me !== null && actions.length > 0;
    this.actBox.hidden = !mine;
    if (!mine) {
      this.actBox.replaceChildren();
      this.selectedCard = null;
      return;
    }
    const heading = el("h2", { id: "per-act-h", text: turnText({ ...view, over: false }, this.ctx) ?? t("table.your_move") });
    const body = this.actBody(view, actions);
    this.actBox.replaceChildren(heading, ...body.filter(Boolean));
  }

  actBody(view, actions) {
    const { el, t } = this.ctx;
    const kind = actions[0].type;
    const horseButton = (action, id, ...extra) => el("button", {
      type: "button", id, class: "per-horse-button", dataset: { horse: String(action.horse) },
      onclick: () => this.ctx.send(action),
    }, this.marker(action.horse), horseName(this.ctx, action.horse), ...extra);
    if (kind === "bet") {
      // Who has bet what on each horse (the most chips owns it at the race), on its button:
      // the chart's answer where the choice is made.
      const pile = (horse) => {
        const bets = view.bets.map((row, seat) => [seat, row[horse]]).filter(([, chips]) => chips > 0)
          .sort((a, b) => b[1] - a[1]);
        return bets.length
          ? this.ctx.joinList(bets.map(([seat, chips]) => t("per.bet_pile_part", { name: this.ctx.seatName(seat), chips: this.ctx.num(chips) })))
          : t("per.bet_pile_none");
      };
      return [el("p", { text: this.ctx.tp("per.bet_help", view.bet_size, { chips: view.bet_size }) }),
        el("div", { class: "per-buttons" }, actions.map((a) => horseButton(a, `per-bet-${a.horse}`,
          el("span", { class: "per-button-meta", text: view.horses[a.horse].price ?? "–" }),
          el("span", { class: "per-button-pile", dataset: { horse: String(a.horse) }, text: pile(a.horse) }))))];
    }
    if (kind === "play") {
      const cards = [...new Set(actions.map((a) => a.card))];
      if (!cards.includes(this.selectedCard)) this.selectedCard = cards[0];
      const cardButtons = el("ul", { class: "per-hand per-pick", "aria-label": t("per.pick_card") }, cards.map((card) => el("li", {},
        this.bigCard(card, {
          type: "button", id: `per-card-${card}`, "aria-pressed": String(card === this.selectedCard), dataset: { card },
          onclick: () => {
            this.selectedCard = card;
            this.ctx.keepFocus(() => this.drawAct(this.frame.view, this.frame.actions, this.frame.over));
          },
        }))));
      const onto = actions.filter((a) => a.card === this.selectedCard);
      return [el("p", { text: t("per.play_help") }), cardButtons,
        el("p", { text: t("per.play_onto", { card: cardName(this.ctx, this.selectedCard) }) }),
        el("div", { class: "per-buttons" }, onto.map((a) => horseButton(a, `per-play-${a.horse}`,
          el("span", { class: "per-button-meta", text: this.preview(view, a) }))))];
    }
    if (kind === "open") {
      const horses = [...new Set(actions.map((a) => a.horse))];
      const horseSelect = el("select", { id: "per-open-horse" },
        horses.map((h) => el("option", { value: String(h), text: horseName(this.ctx, h) })));
      const cards = [...new Set(actions.map((a) => a.card))];
      const cardSelect = el("select", { id: "per-open-card" }, cards.map((c) => el("option", { value: c, text: cardName(this.ctx, c) })));
      return [el("p", { text: t("per.open_help") }),
        el("div", { class: "share-row" },
          el("label", { for: "per-open-horse", text: t("per.horse") }), horseSelect,
          el("label", { for: "per-open-card", text: t("per.card_label") }), cardSelect,
          el("button", {
            type: "button", id: "per-open-go", class: "primary", text: t("per.open_button"),
            onclick: () => {
              const action = actions.find((a) => String(a.horse) === horseSelect.value && a.card === cardSelect.value);
              if (action) this.ctx.send(action);
            },
          }))];
    }
    if (kind === "track") {
      return [el("p", { text: t("per.track_help", { horse: horseName(this.ctx, view.track_choice.horse) }) }),
        el("div", { class: "per-buttons" }, actions.map((a) => el("button", {
          type: "button", id: `per-track-${a.track}`, onclick: () => this.ctx.send(a), text: t("per.track_n", { track: a.track }),
        })))];
    }
    const turn = view.race.turn;
    if (kind === "ride") {
      const hand = view.horses[turn.horse];
      return [el("p", { text: t("per.ride_help", { horse: horseName(this.ctx, turn.horse), position: hand.position }) }),
        el("ul", { class: "per-hand per-ride", "aria-label": t("per.pick_card") }, actions.map((a, n) => el("li", {},
          this.bigCard(a.card, {
            type: "button", id: `per-ride-${n}`, dataset: { card: a.card, moveUp: String(Boolean(a.move_up)) },
            class: a.move_up ? "per-move-up" : "",
            onclick: () => this.ctx.send(a),
          }),
          a.move_up ? el("span", { class: "per-button-meta", text: t("per.move_up_level") }) : null)))];
    }
    if (kind === "pace") {
      const percent = Math.round((turn.chance ?? 0) * 100);
      const value = turn.card ? splitCard(turn.card)[1] : 0;
      const stepWords = t(STEP_KEYS[turn.step] ?? "per.step.fast");
      const push = actions.find((a) => a.push);
      const stay = actions.find((a) => !a.push);
      return [
        el("p", { text: t("per.pace_card", { card: cardName(this.ctx, turn.card), bonus: !turn.bonus ? t("per.bonus_no") : view.options?.movement === "alternative" ? t("per.bonus_double") : t("per.bonus_yes") }) }),
        turn.rolls.length ? el("p", { text: t("per.rolls_so_far", { rolls: rollsText(this.ctx, turn.rolls) }) }) : null,
        el("p", { class: "per-chance", text: t("per.chance", { value, percent }) }),
        el("div", { class: "per-buttons" },
          el("button", { type: "button", id: "per-push", class: "primary", dataset: { value: String(value), percent: String(percent), step: turn.step }, onclick: () => this.ctx.send(push), text: t("per.push", { step: stepWords, percent }) }),
          el("button", { type: "button", id: "per-stay", onclick: () => this.ctx.send(stay), text: t(turn.step === "again" ? "per.stay_again" : "per.stay") })),
      ].filter(Boolean);
    }
    if (kind === "dice_card") {
      const last = turn.rolls[turn.rolls.length - 1];
      return [el("p", { text: t("per.dice_prompt", { roll: last, card: turn.card ? cardName(this.ctx, turn.card) : "" }) }),
        el("div", { class: "per-buttons" },
          el("button", { type: "button", id: "per-dice-use", class: "primary", onclick: () => this.ctx.send(actions.find((a) => a.use)), text: t("per.dice_use") }),
          el("button", { type: "button", id: "per-dice-keep", onclick: () => this.ctx.send(actions.find((a) => !a.use)), text: t("per.dice_keep") }))];
    }
    return [];
  }

  // What a card would do to a horse's price (PER-4), shown on its button.
  preview(view, action) {
    const horse = view.horses[action.horse];
    const [colour, value] = splitCard(action.card);
    const cards = horse.cards;
    if (!cards.length) return priceOf(Math.min(8, 10 - value)); // PER-6 `first-card`: the first card sets the row
    if (colour === "white") return horse.price ?? "–";
    const top = splitCard(cards[cards.length - 1])[1];
    const diff = value - top;
    const size = Math.floor((Math.abs(diff) + 1) / 2);
    const row = Math.max(1, Math.min(8, horse.row - (diff >= 0 ? size : -size)));
    return row === horse.row ? priceOf(row) : `${priceOf(horse.row)} → ${priceOf(row)}`;
  }

  // The d10: the rolls of the turn in progress, or of the last ride.
  drawDice(view) {
    const { el, t } = this.ctx;
    const log = view.log ?? [];
    let rolls = null;
    let horse = null;
    let key = "";
    const turn = view.race?.turn;
    if (turn && turn.rolls.length) {
      rolls = turn.rolls;
      horse = turn.horse;
      key = `${log.length}`;
    } else {
      for (let i = log.length - 1; i >= 0; i--) {
        const event = log[i];
        if (event.e === "ride") {
          if ((event.rolls ?? []).length) {
            rolls = event.rolls;
            horse = event.horse;
            key = `${i}`;
          }
          break;
        }
      }
    }
    if (!rolls || view.over) {
      this.diceBox.hidden = true;
      return;
    }
    const fresh = key !== this.shownRollKey;
    this.shownRollKey = key;
    // Each roll made it or not (public: the log's roll events); the card's value it had to
    // beat is said when this reader may know it: a greenhorn's turned card, or your own card.
    const oks = log.filter((e) => e.e === "roll" && e.horse === horse).slice(-rolls.length).map((e) => e.ok);
    const need = this.neededRoll(view, log, horse);
    this.diceBox.hidden = false;
    this.diceBox.replaceChildren(...[
      el("h2", { id: "per-dice-h", class: "per-sub", text: t("per.dice_heading", { horse: horseName(this.ctx, horse) }) }),
      need ? el("p", { class: "per-dice-need", text: t("per.dice_need", { value: need }) }) : null,
      el("div", { class: "per-dice-row" }, rolls.map((roll, n) => el("span", {
        class: `per-die ${fresh && n === rolls.length - 1 ? "rolling" : ""}`.trim(), "aria-hidden": "true",
        dataset: { ok: oks.length === rolls.length ? String(oks[n]) : "" },
      }, String(roll), oks.length === rolls.length ? el("span", { class: "per-die-mark", text: oks[n] ? "✓" : "✗" }) : null))),
      el("p", { class: "visually-hidden", text: t("per.dice_text", { rolls: rollsText(this.ctx, rolls) }) })].filter(Boolean));
  }

  // The value a d10 had to stay at or under (PER-22), when this reader may know the card.
  neededRoll(view, log, horse) {
    const turn = view.race?.turn;
    if (turn?.horse === horse && turn.card) return splitCard(turn.card)[1];
    for (let i = log.length - 1; i >= 0; i--) {
      const event = log[i];
      if (event.e === "greenhorn_card" && event.horse === horse) return splitCard(event.card)[1];
      if (event.e === "ride" && event.horse === horse && i < log.length - 1 && log.slice(i + 1).some((e) => e.e === "roll")) break;
    }
    return null;
  }

  drawResults(view) {
    const { el, t, num } = this.ctx;
    const result = view.result ?? {};
    const settlement = view.settlement ?? result.revealed?.settlement ?? { prizes: [], bets: [] };
    const scores = result.scores ?? view.chips;
    const winners = result.winners ?? [];
    const winnerNames = this.ctx.joinList(winners.map((s) => this.ctx.seatName(s)));
    const explain = [];
    for (const prize of settlement.prizes) {
      explain.push(el("li", { class: "per-explain-prize", text: this.ctx.tp("per.explain_prize", prize.chips, {
        name: this.ctx.seatName(prize.seat), horse: horseName(this.ctx, prize.horse), place: placeName(this.ctx, prize.place), chips: prize.chips,
      }) }));
    }
    for (const bet of settlement.bets) {
      const params = {
        name: this.ctx.seatName(bet.seat), stake: bet.stake, horse: horseName(this.ctx, bet.horse), price: priceOf(bet.row),
        place: bet.place ? placeName(this.ctx, bet.place) : "", paid: bet.paid, gain: bet.paid - bet.stake,
      };
      let key;
      if (!bet.place) key = "per.explain_unplaced";
      else if (bet.paid === 0) key = "per.explain_lost";
      else if (bet.paid === bet.stake) key = "per.explain_back";
      else key = "per.explain_paid";
      const words = this.ctx.tp(key, bet.stake, params);
      explain.push(el("li", { class: "per-explain-bet", dataset: { seat: String(bet.seat) }, text: words }));
    }
    // Ranked: the winners first, then by chips.
    const ranked = scores.map((_, seat) => seat)
      .sort((a, b) => winners.includes(b) - winners.includes(a) || scores[b] - scores[a] || a - b);
    const rows = ranked.map((seat) => {
      const score = scores[seat];
      const prizes = settlement.prizes.filter((p) => p.seat === seat).reduce((s, p) => s + p.chips, 0);
      const paid = settlement.bets.filter((b) => b.seat === seat).reduce((s, b) => s + b.paid, 0);
      const staked = settlement.bets.filter((b) => b.seat === seat).reduce((s, b) => s + b.stake, 0);
      return el("tr", { class: winners.includes(seat) ? "winner" : "", dataset: { seat: String(seat) } },
        el("th", { scope: "row", text: winners.includes(seat) ? t("per.winner_name", { name: this.ctx.seatName(seat) }) : this.ctx.seatName(seat) }),
        el("td", { class: "per-num", text: num(staked) }),
        el("td", { class: "per-num", text: num(paid) }),
        el("td", { class: "per-num", text: num(prizes) }),
        el("td", { class: "per-num per-score", text: num(score) }));
    });
    const revealed = result.revealed?.race_cards ?? [];
    const byHorse = [0, 1, 2, 3, 4, 5, 6].map((h) => revealed.filter((r) => r.horse === h).map((r) => r.card));
    const order = view.places.map((h, i) => t("per.finish_item", { place: placeName(this.ctx, i + 1), horse: horseName(this.ctx, h) }));
    this.resultsBox.replaceChildren(
      el("h2", { id: "per-results-h", text: t("per.results_heading") }),
      el("p", { class: "per-winners", text: t("per.winners", { names: winnerNames }) }),
      el("p", { text: t("per.finish_order", { order: this.ctx.joinList(order) }) }),
      el("div", { class: "scroll-x", tabindex: "0", role: "region", "aria-labelledby": "per-scores-caption" },
        el("table", { class: "per-scores" },
          el("caption", { id: "per-scores-caption", text: t("per.scores_caption") }),
          el("thead", {}, el("tr", {},
            el("th", { scope: "col", text: t("per.player") }),
            el("th", { scope: "col", text: t("per.staked") }),
            el("th", { scope: "col", text: t("per.bets_paid") }),
            el("th", { scope: "col", text: t("per.prizes") }),
            el("th", { scope: "col", text: t("per.final_chips") }))),
          el("tbody", {}, rows))),
      el("h3", { text: t("per.explain_heading") }),
      el("ul", { class: "per-explain" }, explain),
      el("h3", { text: t("per.revealed_heading") }),
      // PER-20: a horse has six cards; when all six are played they return to the hand,
      // so a horse that rode more than six turns lists some cards twice.
      el("p", { class: "per-revealed-note", text: t("per.revealed_note") }),
      el("ul", { class: "per-revealed" }, byHorse.map((cards, h) => (cards.length
        ? el("li", { dataset: { horse: String(h) } }, this.marker(h), this.ctx.tp("per.revealed_line", cards.length, {
          horse: horseName(this.ctx, h), n: num(cards.length), cards: cardsText(this.ctx, cards),
        }))
        : null))));
  }
}

// The shell's end card (static/js/end_card.js): chips, and what the bets and prizes brought.
function resultDetails(view, ctx) {
  const result = view.result;
  const settlement = view.settlement ?? result.revealed?.settlement ?? { prizes: [], bets: [] };
  const seats = {};
  result.scores.forEach((chips, seat) => {
    const sum = (list, pick) => list.filter((x) => x.seat === seat).reduce((s, x) => s + pick(x), 0);
    seats[seat] = {
      score: ctx.tp("count.chips", chips, { n: ctx.num(chips) }),
      detail: ctx.t("per.end_detail", {
        staked: ctx.num(sum(settlement.bets, (b) => b.stake)), paid: ctx.num(sum(settlement.bets, (b) => b.paid)),
        prizes: ctx.num(sum(settlement.prizes, (p) => p.chips)),
      }),
    };
  });
  const order = view.places.map((h, i) => ctx.t("per.finish_item", { place: placeName(ctx, i + 1), horse: horseName(ctx, h) }));
  return { seats, decided: order.length ? ctx.t("per.finish_order", { order: ctx.joinList(order) }) : undefined };
}

// ---- the replay page (static/js/replay.js): actions and revealed secrets in words ----

function describeAction(action, ctx) {
  switch (action.type) {
    case "open": return ctx.t("per.action.open", { horse: horseName(ctx, action.horse), card: cardName(ctx, action.card) });
    case "bet": return ctx.t("per.action.bet", { horse: horseName(ctx, action.horse) });
    case "play": return ctx.t("per.action.play", { card: cardName(ctx, action.card), horse: horseName(ctx, action.horse) });
    case "track": return ctx.t("per.action.track", { track: action.track });
    case "ride":
      return ctx.t(action.move_up ? "per.action.ride_move_up" : "per.action.ride", { card: cardName(ctx, action.card) });
    case "pace": return ctx.t(action.push ? "per.action.push" : "per.action.settle");
    case "dice_card": return ctx.t(action.use ? "per.action.dice_card_use" : "per.action.dice_card_keep");
    default: return null;
  }
}

// The view is the public table plus this seat's private part (engine private_view): its
// horses' race cards (race_hands, race_played_own, per horse) and the card it rides with now
// (ride). The table draws one picture: the private parts folded into the horses and the turn.
function withOwnCards(view) {
  const horses = (view.horses ?? []).map((horse, h) => ({
    ...horse,
    race_hand: view.race_hands?.[h] ?? horse.race_hand,
    race_played: view.race_played_own?.[h] ?? horse.race_played,
  }));
  const race = view.race && view.race.turn
    ? { ...view.race, turn: { ...view.race.turn, ...(view.ride ?? { card: null, bonus: null, chance: null }) } }
    : view.race;
  return { ...view, horses, race };
}

// A seat's secrets (engine reveal_view gives each seat's private_view): its stage-1 hand, the
// race cards of the horses it rides (in hand and played face down), and the card it has just
// played for the riding horse.
function describeSecrets(secrets, view, ctx) {
  const lines = [];
  if (Array.isArray(secrets.hand)) lines.push(ctx.t("per.secret.hand", { cards: cardsText(ctx, secrets.hand) }));
  (secrets.race_hands ?? []).forEach((cards, h) => {
    if (!Array.isArray(cards)) return;
    lines.push(ctx.t("per.secret.race_cards", {
      horse: horseName(ctx, h), cards: cardsText(ctx, cards), played: cardsText(ctx, secrets.race_played_own?.[h] ?? []),
    }));
  });
  const ride = secrets.ride;
  const horse = view.race?.turn?.horse;
  if (ride && typeof ride.card === "string" && horse !== undefined && horse !== null) {
    lines.push(ctx.t("per.secret.turn_card", { horse: horseName(ctx, horse), card: cardName(ctx, ride.card) }));
  }
  return lines;
}

export default {
  id: "pony_express_race",
  stylesheet: true,
  mount: (root, ctx) => new PonyExpressRaceTable(root, ctx),
  describeEvent,
  turnText,
  describeAction,
  describeSecrets,
  resultDetails,
  // The players panel shows each player's chips in hand.
  playerScore: (view, seat, ctx) => ctx.tp("count.chips", view.chips?.[seat] ?? 0, { n: ctx.num(view.chips?.[seat] ?? 0) }),
};
