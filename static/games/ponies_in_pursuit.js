// Ponies in Pursuit table (engine id `ponies_in_pursuit`): five tracks drawn
// in SVG, your hand as cards, two plays a round (move or bet), the Wild's
// colour, submit/change, who has submitted, stakes, timer, spying, the log in
// words and the results with every stake and submission revealed.
// Module API: see static/js/table.js.

const PONIES = ["white", "red", "blue", "black", "yellow"];
const COLOUR_KEYS = {
  white: "pip.colour.white", red: "pip.colour.red", blue: "pip.colour.blue",
  black: "pip.colour.black", yellow: "pip.colour.yellow",
};
// Each pony's mark on its token: unique in every language, never the colour alone.
const MARK_KEYS = {
  white: "pip.mark.white", red: "pip.mark.red", blue: "pip.mark.blue",
  black: "pip.mark.black", yellow: "pip.mark.yellow",
};
const USE_KEYS = { move: "pip.use.move", bet: "pip.use.bet" };
const CARDS = {
  white1: ["white", 1], red1: ["red", 1], blue1: ["blue", 1], blue2: ["blue", 2],
  black1: ["black", 1], black2: ["black", 2], yellow1: ["yellow", 1], yellow2: ["yellow", 2],
  wild: [null, 1],
};
const SPY_COST = 5;
const TRACK = { left: 92, right: 56, row: 44, top: 8, cells: 13 };

function colourName(ctx, colour) {
  return ctx.t(COLOUR_KEYS[colour]);
}

function cardName(ctx, card) {
  const [colour, value] = CARDS[card];
  return colour ? ctx.t("pip.card", { colour: colourName(ctx, colour), value }) : ctx.t("pip.card_wild", { value });
}

function playText(ctx, play, withUse = true) {
  let text = play.card === "wild"
    ? ctx.t("pip.wild_as", { colour: colourName(ctx, play.as) })
    : cardName(ctx, play.card);
  if (withUse) text = ctx.t(play.use === "move" ? "pip.play_move" : "pip.play_bet", { card: text });
  return text;
}

// A spied card: its colour and value, a Wild as the Wild with its declared colour.
function spiedCardText(ctx, card) {
  return card.card === "wild"
    ? ctx.t("pip.wild_as", { colour: colourName(ctx, card.colour) })
    : ctx.t("pip.card", { colour: colourName(ctx, card.colour), value: card.value });
}

function playsText(ctx, plays, withUse = true) {
  if (!plays || plays.length === 0) return ctx.t("pip.no_cards");
  return ctx.joinList(plays.map((p) => playText(ctx, p, withUse)));
}

function describeEvent(event, ctx) {
  const name = (seat) => ctx.seatName(seat);
  switch (event.e) {
    case "submitted":
      return ctx.t("pip.log.submitted", { name: name(event.seat) });
    case "round_resolved": {
      const moved = PONIES.filter((c) => event.moves?.[c] > 0)
        .map((c) => ctx.t("pip.log.move_part", { colour: colourName(ctx, c), n: event.moves[c] }));
      let line = moved.length
        ? ctx.t("pip.log.round_resolved", { round: event.round, moves: ctx.joinList(moved) })
        : ctx.t("pip.log.round_no_moves", { round: event.round });
      if (event.finished?.length) {
        line += " " + ctx.t("pip.log.finished", { ponies: ctx.joinList(event.finished.map((c) => colourName(ctx, c))) });
      }
      return line;
    }
    case "discarded":
      return ctx.t("pip.log.discarded", {
        name: name(event.seat), cards: ctx.joinList(event.cards.map((c) => cardName(ctx, c))),
      });
    case "spied":
      return ctx.t("pip.log.spied", { spy: name(event.seat) });
    case "spy_result":
      return ctx.t("pip.log.spy_result", {
        target: name(event.target), round: event.of_round,
        cards: ctx.joinList(event.cards.map((c) => spiedCardText(ctx, c))),
      });
    case "game_over":
      return ctx.t("pip.log.game_over", { winners: ctx.joinList((event.winners ?? []).map(name)) });
    default:
      return null;
  }
}

// Whether `plays` is a `cards` value the listed submission's `choose.cards` description admits
// (engine/games/ponies_in_pursuit/choice.py, `admits`): exactly `count` plays, each a pool card
// (at most `max` times) with a listed use, a Wild with one of its `as` colours, and, with
// `distinct: "colour"`, no two plays of one colour. The order of the plays is free.
function admits(choice, plays) {
  if (!choice || plays.length !== choice.count) return false;
  const taken = {};
  const colours = new Set();
  for (const play of plays) {
    const entry = choice.pool.find((p) => p.card === play.card);
    if (!entry || !choice.use.includes(play.use)) return false;
    if (entry.as ? !entry.as.includes(play.as) : play.as != null) return false;
    taken[play.card] = (taken[play.card] ?? 0) + 1;
    if (taken[play.card] > entry.max) return false;
    colours.add(entry.as ? play.as : entry.colour);
  }
  return choice.distinct !== "colour" || colours.size === plays.length;
}

// PIP-15/16, next to the stakes: what a pony pays you where it finished, or, still racing,
// what 1st place would pay and what not finishing would cost.
const PAYOUT = [2, 1.5, 1, 0.5, 0];
const PENALTY_PER_CARD = 2;
function paysText(ctx, view, colour) {
  const stake = view.stakes[colour] ?? 0;
  const cards = view.bet_cards[colour] ?? 0;
  const place = view.finish_order.indexOf(colour);
  if (place >= 0) return ctx.t("pip.pays_finished", { amount: ctx.num(stake * PAYOUT[place]), place: place + 1 });
  if (!stake && !cards) return ctx.t("pip.pays_nothing");
  return ctx.t("pip.pays_open", { best: ctx.num(stake * PAYOUT[0]), penalty: ctx.num(cards * PENALTY_PER_CARD) });
}

class PoniesTable {
  constructor(root, ctx) {
    this.root = root;
    this.ctx = ctx;
    this.selected = []; // [{index, card, use, as}]
    this.frame = null;
    const { el, t } = ctx;
    root.classList.add("pip");
    this.header = el("div", { class: "pip-header" });
    this.roundText = el("p", { class: "pip-round" });
    this.header.append(this.roundText);
    this.tracks = this.buildTracks();
    this.tracksBox = el("figure", { class: "pip-tracks" }, this.tracks.svg,
      el("figcaption", { class: "visually-hidden", id: "pip-tracks-caption" }));
    this.submittedBox = el("section", { class: "pip-submitted", "aria-labelledby": "pip-submitted-h" },
      el("h2", { id: "pip-submitted-h", text: t("pip.submitted_heading") }), el("ul", { class: "pip-submitted-list" }));
    this.playBox = el("section", { class: "pip-play", "aria-labelledby": "pip-play-h", hidden: true, dataset: { decision: "play" } });
    this.mineBox = el("section", { class: "pip-mine", "aria-labelledby": "pip-mine-h", hidden: true });
    this.spyBox = el("section", { class: "pip-spy", "aria-labelledby": "pip-spy-h", hidden: true });
    this.resultsBox = el("section", { class: "pip-results", "aria-labelledby": "pip-results-h", hidden: true });
    root.replaceChildren(this.header, this.tracksBox, this.playBox, this.submittedBox, this.mineBox, this.spyBox, this.resultsBox);
  }

  buildTracks() {
    const { svg, t } = this.ctx;
    // Narrow screens get a narrower drawing so its words stay readable.
    const width = window.matchMedia("(max-width: 600px)").matches ? 420 : 600;
    const height = TRACK.top * 2 + TRACK.row * PONIES.length;
    const root = svg("svg", {
      viewBox: `0 0 ${width} ${height}`, class: "pip-track-svg", role: "img", "aria-labelledby": "pip-tracks-caption",
    });
    const ponies = {};
    const places = {};
    PONIES.forEach((colour, row) => {
      const y = TRACK.top + row * TRACK.row;
      const distance = { white: 4, red: 5, blue: 8, black: 9, yellow: 12 }[colour];
      const cell = (width - TRACK.left - TRACK.right) / TRACK.cells;
      const group = svg("g", { class: `track track-${colour}` });
      group.append(svg("text", { x: 4, y: y + 27, class: "track-label", text: colourName(this.ctx, colour) }));
      for (let i = 0; i <= distance; i++) {
        group.append(svg("rect", {
          x: TRACK.left + i * cell + 1, y: y + 6, width: cell - 2, height: TRACK.row - 12, rx: 4,
          class: i === distance ? "cell cell-finish" : i === 0 ? "cell cell-start" : "cell",
        }));
      }
      group.append(svg("text", { x: TRACK.left + distance * cell + cell / 2, y: y + 28, class: "finish-flag", "text-anchor": "middle", text: "⚑" }));
      const pony = svg("g", { class: `pony pony-${colour}`, style: `transform: translate(${TRACK.left + cell / 2}px, ${y + TRACK.row / 2}px)` });
      pony.append(svg("circle", { r: 15, class: "pony-body" }));
      pony.append(svg("text", { class: "pony-letter", "text-anchor": "middle", y: 5, text: t(MARK_KEYS[colour]) }));
      // The last round's move ("+3"), riding with the pony until the next round resolves.
      const gain = svg("text", { class: "pony-gain", x: 17, y: -7, "data-colour": colour, text: "" });
      pony.append(gain);
      group.append(pony);
      const place = svg("text", { x: width - 4, y: y + 27, "text-anchor": "end", class: "pony-place", text: "" });
      group.append(place);
      root.append(group);
      ponies[colour] = { node: pony, gain, y: y + TRACK.row / 2, cell };
      places[colour] = place;
    });
    return { svg: root, ponies, places, t };
  }

  update(frame) {
    this.frame = frame;
    const view = frame.view;
    // Hooks for tests and styles: which round, whether it is over, cards to pick.
    this.root.dataset.round = String(view.round);
    this.root.dataset.over = String(frame.over);
    this.root.dataset.mustPlay = String(view.must_play ?? 0);
    const { t } = this.ctx;
    this.roundText.textContent = frame.over
      ? this.ctx.tp("pip.rounds_played", view.history?.length ?? view.round, { rounds: view.history?.length ?? view.round })
      : t("pip.round_of", { round: view.round, rounds: view.rounds });
    this.drawPonies(view, frame.previous);
    this.drawSubmitted(view, frame.over);
    const seated = this.ctx.me !== null;
    this.playBox.hidden = !seated || frame.over;
    this.mineBox.hidden = !seated || frame.over;
    if (seated && !frame.over) {
      this.keepSelection(view);
      this.drawPlay(view, frame.actions);
      this.drawMine(view);
      this.drawSpy(view, frame.actions);
    } else {
      this.playBox.replaceChildren();
      this.mineBox.replaceChildren();
      this.spyBox.hidden = true;
      this.spyBox.replaceChildren();
    }
    this.resultsBox.hidden = !frame.over;
    if (frame.over && view.result) this.drawResults(view);
  }

  drawPonies(view, previous) {
    const { t } = this.ctx;
    const caption = [];
    // The round's reveal: the ponies that moved slide one after another, each showing "+n".
    const history = view.history ?? [];
    const last = history[history.length - 1];
    const fresh = Boolean(previous) && (previous.history?.length ?? 0) < history.length;
    const movers = PONIES.filter((c) => last?.moves?.[c] > 0);
    this.tracksBox.dataset.revealRound = String(last?.round ?? 0);
    for (const pony of view.ponies) {
      const track = this.tracks.ponies[pony.colour];
      const x = TRACK.left + pony.position * track.cell + track.cell / 2;
      const moved = last?.moves?.[pony.colour] ?? 0;
      track.gain.textContent = moved > 0 ? t("pip.gain", { n: moved }) : "";
      track.node.style.transitionDelay = fresh && moved > 0 ? `${movers.indexOf(pony.colour) * 0.45}s` : "0s";
      track.node.style.transform = `translate(${x}px, ${track.y}px)`;
      track.node.classList.toggle("finished", pony.place !== null);
      track.node.classList.toggle("board-winner", Boolean(view.result) && pony.place === 1);
      this.tracks.places[pony.colour].textContent = pony.place ? t("pip.place", { place: pony.place }) : "";
      caption.push(pony.place
        ? t("pip.pony_finished", { colour: colourName(this.ctx, pony.colour), place: pony.place })
        : t("pip.pony_at", { colour: colourName(this.ctx, pony.colour), position: pony.position, distance: pony.distance }));
    }
    this.tracksBox.querySelector("figcaption").textContent = caption.join("; ");
  }

  drawSubmitted(view, over) {
    const { el, t } = this.ctx;
    const list = this.submittedBox.querySelector("ul");
    this.submittedBox.hidden = over;
    list.replaceChildren(...view.hand_sizes.map((size, seat) => {
      const awaited = view.awaited.includes(seat);
      const done = view.submitted[seat];
      const state = !awaited ? "out" : done ? "done" : "waiting";
      const words = { out: t("pip.status_no_cards"), done: t("pip.status_submitted"), waiting: t("pip.status_choosing") }[state];
      return el("li", { dataset: { state, seat: String(seat) }, style: `--player: ${this.ctx.seatColour(seat)}` },
        el("span", { class: "mark", "aria-hidden": "true", text: state === "done" ? "✓" : state === "waiting" ? "…" : "–" }),
        this.ctx.seatSwatch(seat),
        el("span", { class: "who", text: this.ctx.seatName(seat) }),
        el("span", { class: "what", text: words }),
        el("span", { class: "meta", text: t("pip.hand_and_garnets", {
          cards: this.ctx.tp("count.cards", size, { n: size }),
          garnets: this.ctx.tp("count.garnets", view.garnets[seat], { n: view.garnets[seat] }),
        }) }));
    }));
  }

  keepSelection(view) {
    // A new round, a changed hand or an accepted submission clears the pick.
    const key = `${view.round}|${view.hand.join(",")}|${JSON.stringify(view.submission)}`;
    if (key !== this.handKey) this.selected = [];
    this.handKey = key;
  }

  openColours(view) {
    return PONIES.filter((c) => !view.finish_order.includes(c));
  }

  drawPlay(view, actions) {
    const { el, t } = this.ctx;
    const awaited = view.awaited.includes(this.ctx.me);
    const need = view.must_play;
    const hand = view.hand;
    const box = this.playBox;
    const heading = el("h2", { id: "pip-play-h", text: t("pip.hand_heading") });
    if (!hand.length) {
      box.replaceChildren(heading, el("p", { text: t("pip.hand_empty") }));
      return;
    }
    const cards = el("ul", { class: "pip-hand", "aria-label": t("pip.hand_label") });
    hand.forEach((card, index) => {
      const [colour, value] = CARDS[card];
      const picked = this.selected.some((s) => s.index === index);
      cards.append(el("li", {},
        el("button", {
          type: "button", id: `pip-card-${index}`, class: `card card-${colour ?? "wild"}`, "aria-pressed": String(picked),
          disabled: !awaited, dataset: { card, index: String(index) },
          onclick: () => this.toggleCard(index, card),
        },
        el("span", { class: "card-value", "aria-hidden": "true", text: String(value) }),
        el("span", { class: "card-name", text: cardName(this.ctx, card) }))));
      this.ctx.hint(cards.lastChild.firstChild, colour
        ? t("pip.hint.card", { colour: colourName(this.ctx, colour), value })
        : t("pip.hint.wild", { value }));
    });
    const children = [heading, cards];
    if (awaited) {
      children.push(el("p", { class: "pip-instruction", text: need === 2 ? t("pip.pick_two") : t("pip.pick_one") }));
      this.selected.forEach((sel, n) => children.push(this.playChoice(sel, n, view)));
      const problem = this.problem(view, actions);
      const submitButton = el("button", {
        type: "button", class: "primary pip-submit", disabled: Boolean(problem),
        "aria-describedby": "pip-submit-hint",
        text: view.submission ? t("pip.change_submission") : t("pip.submit"),
        onclick: () => this.submit(actions),
      });
      children.push(el("div", { class: "pip-submit-row" }, submitButton,
        el("p", { class: "muted", id: "pip-submit-hint", text: problem ?? t("pip.ready_to_submit") })));
    }
    if (view.submission) {
      children.push(el("p", { class: "pip-current", text: t("pip.your_submission", { plays: playsText(this.ctx, view.submission) }) }));
    }
    box.replaceChildren(...children);
  }

  playChoice(sel, n, view) {
    const { el, t } = this.ctx;
    const name = `pip-use-${n}`;
    const legend = t("pip.card_choice", { n: n + 1, card: cardName(this.ctx, sel.card) });
    const radios = ["move", "bet"].map((use) => {
      const id = `${name}-${use}`;
      return el("span", { class: "radio" },
        el("input", { type: "radio", id, name, value: use, checked: sel.use === use,
          onchange: () => { sel.use = use; this.redraw(); } }),
        el("label", { for: id, text: t(USE_KEYS[use]) }));
    });
    const parts = [el("legend", { text: legend }), ...radios];
    if (sel.card === "wild") {
      const id = `pip-wild-${n}`;
      const select = el("select", { id, onchange: (e) => { sel.as = e.target.value; this.redraw(); } },
        el("option", { value: "", text: t("pip.wild_pick"), selected: !sel.as }),
        this.openColours(view).map((c) => el("option", { value: c, selected: sel.as === c, text: colourName(this.ctx, c) })));
      parts.push(el("span", { class: "wild-pick" }, el("label", { for: id, text: t("pip.wild_label") }), select));
    }
    return el("fieldset", { class: "pip-choice" }, ...parts);
  }

  toggleCard(index, card) {
    const at = this.selected.findIndex((s) => s.index === index);
    if (at >= 0) this.selected.splice(at, 1);
    else {
      if (this.selected.length >= this.frame.view.must_play) this.selected.shift();
      // No use is chosen for the player: a card moves or bets only once they say which.
      this.selected.push({ index, card, use: null, as: null });
    }
    this.redraw();
  }

  redraw() {
    this.ctx.keepFocus(() => this.drawPlay(this.frame.view, this.frame.actions));
  }

  plays() {
    return this.selected.map((s) => (s.card === "wild" ? { card: s.card, as: s.as, use: s.use } : { card: s.card, use: s.use }));
  }

  problem(view, actions) {
    const { t } = this.ctx;
    if (this.selected.length < view.must_play) return view.must_play === 2 ? t("pip.need_two") : t("pip.need_one");
    if (this.selected.some((s) => !s.use)) return t("pip.need_use");
    if (this.selected.some((s) => s.card === "wild" && !s.as)) return t("pip.need_wild_colour");
    const colours = this.selected.map((s) => (s.card === "wild" ? s.as : CARDS[s.card][0]));
    if (colours.length === 2 && colours[0] === colours[1]) return t("pip.need_different");
    if (!this.matchingAction(actions)) return t("pip.not_allowed");
    return null;
  }

  // The submission is listed once, with a `choose` description of every legal one.
  matchingAction(actions) {
    const plays = this.plays();
    const listed = actions.find((a) => a.type === "submit");
    return listed && admits(listed.choose?.cards, plays) ? { type: "submit", cards: plays } : null;
  }

  submit(actions) {
    const action = this.matchingAction(actions);
    if (!action) return;
    this.ctx.send(action);
    this.ctx.announce(this.ctx.t("pip.sent", { plays: playsText(this.ctx, action.cards) }));
  }

  drawMine(view) {
    const { el, t } = this.ctx;
    const rows = PONIES.map((c) => el("tr", { dataset: { colour: c } },
      el("th", { scope: "row", text: colourName(this.ctx, c) }),
      el("td", { text: this.ctx.num(view.stakes[c]) }),
      el("td", { text: this.ctx.num(view.bet_cards[c]) }),
      el("td", { class: "pip-pays", text: paysText(this.ctx, view, c) })));
    this.mineBox.replaceChildren(...[
      el("h2", { id: "pip-mine-h", text: t("pip.stakes_heading") }),
      el("p", { class: "pip-payout-rule", id: "pip-payout-rule", text: t("pip.payout_rule") }),
      el("table", { class: "pip-stakes", "aria-describedby": "pip-payout-rule" },
        el("thead", {}, el("tr", {},
          el("th", { scope: "col", text: t("pip.pony") }),
          el("th", { scope: "col", text: t("pip.stake") }),
          el("th", { scope: "col", text: t("pip.cards_bet") }),
          el("th", { scope: "col", text: t("pip.pays") }))),
        el("tbody", {}, rows)),
      el("p", { text: t("pip.your_garnets", { garnets: view.garnets[this.ctx.me] }) }),
      (view.my_plays ?? []).length ? el("h3", { text: t("pip.my_plays_heading") }) : null,
      (view.my_plays ?? []).length ? el("ul", { class: "pip-my-plays" }, view.my_plays.map((plays, n) => el("li", {
        text: t("pip.my_plays_round", { round: n + 1, plays: playsText(this.ctx, plays) }),
      }))) : null,
    ].filter(Boolean));
  }

  drawSpy(view, actions) {
    const { el, t } = this.ctx;
    const targets = actions.filter((a) => a.type === "spy");
    const reports = view.spy_results ?? [];
    this.spyBox.hidden = targets.length === 0 && reports.length === 0;
    const children = [el("h2", { id: "pip-spy-h", text: t("pip.spy_heading") })];
    if (targets.length) {
      const select = el("select", { id: "pip-spy-target" },
        targets.map((a) => el("option", { value: String(a.target), text: this.ctx.seatName(a.target) })));
      children.push(el("p", { class: "muted", text: this.ctx.tp("pip.spy_help", SPY_COST, { cost: SPY_COST }) }),
        el("div", { class: "share-row" },
          el("label", { for: "pip-spy-target", text: t("pip.spy_on") }), select,
          el("button", { type: "button", class: "secondary", text: this.ctx.tp("pip.spy_button", SPY_COST, { cost: SPY_COST }),
            onclick: () => {
              const action = targets.find((a) => String(a.target) === select.value);
              if (action) this.ctx.send(action);
            } })));
    }
    if (reports.length) {
      children.push(el("ul", { class: "pip-spy-results" }, reports.map((r) => el("li", {
        text: t("pip.log.spy_result", {
          target: this.ctx.seatName(r.target), round: r.of_round,
          cards: this.ctx.joinList(r.cards.map((c) => spiedCardText(this.ctx, c))),
        }),
      }))));
    }
    this.spyBox.replaceChildren(...children);
  }

  drawResults(view) {
    const { el, t, num } = this.ctx;
    const result = view.result;
    const revealed = result.revealed ?? {};
    // Ranked: the winners first, then by score (the shell's end card ranks the same way).
    const seats = result.scores.map((_, seat) => seat)
      .sort((a, b) => result.winners.includes(b) - result.winners.includes(a) || result.scores[b] - result.scores[a] || a - b);
    const winners = ctxNames(this.ctx, result.winners);
    const finish = (revealed.finish_order ?? view.finish_order).map((c, i) => t("pip.finish_item", { place: i + 1, colour: colourName(this.ctx, c) }));
    const scoreRows = seats.map((seat) => el("tr", { dataset: { seat: String(seat) }, class: result.winners.includes(seat) ? "winner" : "" },
      el("th", { scope: "row", text: result.winners.includes(seat) ? t("pip.winner_name", { name: this.ctx.seatName(seat) }) : this.ctx.seatName(seat) }),
      // The score first, so that it is in view on a phone; how it came about after it.
      el("td", { class: "score", text: num(result.scores[seat]) }),
      el("td", { text: num(revealed.payouts?.[seat] ?? 0) }),
      el("td", { text: revealed.penalties?.[seat] ? num(-revealed.penalties[seat]) : num(0) }),
      ...PONIES.map((c) => el("td", { text: num(revealed.stakes?.[seat]?.[c] ?? 0) })),
      el("td", { text: num(revealed.garnets?.[seat] ?? 0) })));
    const rounds = (revealed.submissions ?? []).map((round) => el("tr", {},
      el("th", { scope: "row", text: t("pip.round_n", { round: round.round }) }),
      ...seats.map((seat) => el("td", { text: playsText(this.ctx, round.cards[seat]) }))));
    this.resultsBox.replaceChildren(
      el("h2", { id: "pip-results-h", text: t("pip.results_heading") }),
      el("p", { class: "pip-winners", text: t("pip.winners", { names: winners }) }),
      el("p", { text: finish.length ? t("pip.finish_order", { order: this.ctx.joinList(finish) }) : t("pip.no_finishers") }),
      el("div", { class: "scroll-x", tabindex: "0", role: "region", "aria-labelledby": "pip-scores-caption" },
        el("table", { class: "pip-scores" },
        el("caption", { id: "pip-scores-caption", text: t("pip.scores_caption") }),
        el("thead", {},
          el("tr", {},
            el("th", { scope: "col", rowspan: "2", text: t("pip.player") }),
            el("th", { scope: "col", rowspan: "2", text: t("pip.score") }),
            el("th", { scope: "col", rowspan: "2", text: t("pip.payout") }),
            el("th", { scope: "col", rowspan: "2", text: t("pip.penalty") }),
            el("th", { scope: "colgroup", colspan: String(PONIES.length), text: t("pip.stakes_group") }),
            el("th", { scope: "col", rowspan: "2", text: t("pip.garnets_left") })),
          el("tr", {}, ...PONIES.map((c) => el("th", { scope: "col", text: colourName(this.ctx, c) })))),
        el("tbody", {}, scoreRows))),
      el("div", { class: "scroll-x", tabindex: "0", role: "region", "aria-labelledby": "pip-rounds-caption" },
        el("table", { class: "pip-rounds" },
        el("caption", { id: "pip-rounds-caption", text: t("pip.submissions_caption") }),
        el("thead", {}, el("tr", {}, el("th", { scope: "col", text: t("pip.round") }),
          ...seats.map((seat) => el("th", { scope: "col", text: this.ctx.seatName(seat) })))),
        el("tbody", {}, rounds))));
  }
}

// The shell's end card (static/js/end_card.js): each seat's payout, penalty and garnets, and the finish.
function resultDetails(view, ctx) {
  const result = view.result;
  const revealed = result.revealed ?? {};
  const seats = {};
  result.scores.forEach((score, seat) => {
    seats[seat] = {
      score: ctx.tp("pip.end_score", score, { n: ctx.num(score) }),
      detail: ctx.t("pip.end_detail", {
        payout: ctx.num(revealed.payouts?.[seat] ?? 0),
        penalty: revealed.penalties?.[seat] ? ctx.num(-revealed.penalties[seat]) : ctx.num(0),
        garnets: ctx.tp("count.garnets", revealed.garnets?.[seat] ?? 0, { n: ctx.num(revealed.garnets?.[seat] ?? 0) }),
      }),
    };
  });
  const finish = (revealed.finish_order ?? view.finish_order)
    .map((c, i) => ctx.t("pip.finish_item", { place: i + 1, colour: colourName(ctx, c) }));
  return { seats, decided: finish.length ? ctx.t("pip.finish_order", { order: ctx.joinList(finish) }) : ctx.t("pip.no_finishers") };
}

function ctxNames(ctx, seats) {
  return ctx.joinList(seats.map((s) => ctx.seatName(s)));
}

function turnText(view, ctx) {
  if (ctx.me === null) return null;
  if (!view.awaited.includes(ctx.me)) return ctx.t("pip.turn_no_cards");
  if (view.submitted[ctx.me]) return ctx.t("pip.turn_submitted");
  return ctx.t(view.must_play === 2 ? "pip.turn_pick_two" : "pip.turn_pick_one");
}

// Replays (static/js/replay.js): one seat's action, and what a seat hides.
function describeAction(action, ctx) {
  if (action.type === "submit") return ctx.t("pip.action.submit", { plays: playsText(ctx, action.cards) });
  if (action.type === "spy") return ctx.t("pip.action.spy", { target: ctx.seatName(action.target) });
  return null;
}

function describeSecrets(secrets, view, ctx) {
  const lines = [];
  if (secrets.hand) {
    lines.push(ctx.t("pip.secret.hand", {
      cards: secrets.hand.length ? ctx.joinList(secrets.hand.map((c) => cardName(ctx, c))) : ctx.t("pip.no_cards"),
    }));
  }
  if (secrets.stakes) {
    const stakes = PONIES.filter((c) => secrets.stakes[c])
      .map((c) => ctx.t("pip.secret.stake_item", { colour: colourName(ctx, c), n: ctx.num(secrets.stakes[c]) }));
    lines.push(stakes.length ? ctx.t("pip.secret.stakes", { stakes: ctx.joinList(stakes) }) : ctx.t("pip.secret.no_stakes"));
  }
  if (secrets.submission) lines.push(ctx.t("pip.secret.submission", { plays: playsText(ctx, secrets.submission) }));
  return lines;
}

export default {
  id: "ponies_in_pursuit",
  mount: (root, ctx) => new PoniesTable(root, ctx),
  describeEvent,
  turnText,
  describeAction,
  describeSecrets,
  admits,
  resultDetails,
  // The players panel shows each player's garnets (the score).
  playerScore: (view, seat, ctx) => ctx.tp("count.garnets", view.garnets?.[seat] ?? 0, { n: ctx.num(view.garnets?.[seat] ?? 0) }),
};
