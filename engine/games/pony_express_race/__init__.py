"""Pony Express: Odds and Riders (PER-1..PER-32), engine id `pony_express_race`, 2-6 players.

Modules: cards (PER-1, PER-2), odds (PER-3, PER-4, opening rows, payouts),
tracks (PER-5), deal (PER-6..PER-8), betting (stage 1, PER-9..PER-15, the
`chosen` opening), allocation (PER-16..PER-19), race (PER-20..PER-29),
money (PER-30..PER-32), view (who sees what), bot, game (the Game class).

Numbering: horses 0-6 = Brown, Beige, Yellow, Orange, Red, Blue, Green;
tracks 1-7 (1 uppermost, the outsider's); positions 0 (start) to 19 (town);
odds rows 1-8. A card is "<colour>-<value>": black/yellow/blue/red 1-9, or
white-1 / white-2 for the Move-Ups.

Options: opening_odds "standard" | "random" | "chosen" | "first-card";
track_choice bool (false); movement "standard" | "alternative";
first_player int 0-5 (0, must be below the number of seats).

Actions (declared once in game.MOVES, engine/moves.py checks every field; phase -> action):
  opening  {"type": "open", "horse": 0-6, "card": "red-9"}        `chosen` opening only
  bet      {"type": "bet", "horse": 0-6}                            rounds 1-5, chips = 6 - round
  play     {"type": "play", "card": "yellow-4", "horse": 0-6}
  track    {"type": "track", "track": 1-7}                          `track_choice` only
  ride     {"type": "ride", "card": "blue-7"}                       which card (face down)
           {"type": "ride", "card": "white-2", "move_up": true}     level with the horse ahead
  pace     {"type": "pace", "push": true | false}                  step "fast", "risky", or
                                                                    "again" (alternative movement)
  dice     {"type": "dice_card", "use": true | false}              after a failed roll

View = public_view + private_view (engine.view adds game, seats, you, options, to_act,
over, result). Public:
  phase, stage (1 | 2), first_player, round, bet_size (chips bet this round,
  0 when none), turn (stage-1 seat or null),
  horses: [{name, row, price ("5-1"), cards (face-up stage-1 stack),
            chips (total bet on it), owner (seat | null), track (1-7 | null),
            position (0-19), place (1-3 | null),
            race_hand (at the end only, else null), race_hand_count,
            race_played (a greenhorn's turned cards; every horse's at the end),
            race_played_count}] x 7,
  bets: [[chips per horse] per seat], chips: [chips in hand per seat],
  hand_counts, leftover_count,
  openable: cards still nameable in the `chosen` opening (else null),
  dice_card: [unused? per seat],
  track_choice: {horse, free: [tracks]} while an owner picks, else null,
  race: null | {round, track (whose turn), turn: null | {horse, rider, step
        ("card" | "fast" | "risky" | "again" | "dice"), rolls}},
  places: [horse, ...] in order of arrival,
  settlement (at the end): {prizes: [{seat, horse, place, chips}],
        bets: [{seat, horse, stake, row, place, paid}]},
  odds_table: [{row, price, pays: [1st, 2nd, 3rd] (null = lost)}],
  tracks: [[colour | null for spaces 1-18] per track].
Private (PRIVATE_KEYS; None for every other seat and spectators):
  hand (own stage-1 hand), race_hands / race_played_own ([per horse]: the cards in
  hand / played face down of the horses this seat rides, null for other horses),
  ride ({card, bonus, chance (card value / 10)} on this seat's horse's turn, after
  its card, else null).
Result: {scores (chips), winners, places, revealed: {race_cards: [{round,
horse, card}], settlement}}.

Log events (params only): opening, bet, card, leftover, owners, tie_roll,
track, tracks, race_start, greenhorn_card, roll {horse, roll, ok},
dice_card, ride {horse, track, round, pace, rolls, start, end}, arrived,
settled; race_card {horse, card} is private to the rider until the end.
"""

from .game import PonyExpressRace

__all__ = ["PonyExpressRace"]
