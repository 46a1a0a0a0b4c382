"""Horse Racing Game with drafted hands (rules: docs/rules/horse_racing.md, HR-1..HR-19).

Engine id `horse_racing`, 4-12 seats. Modules: board (HR-1 presets, option
check), cards (HR-3 deck and deal), draft (HR-4), money (HR-5/6, HR-16..18),
scratch (HR-7..10), race (HR-11..15), game (phases, HR-19), view, odds (HR-2),
bot.

Options: board ("classic" | "even-a" (default) | "even-b" | "even-c" | "short"
| list of 11 step counts 1..40 for horses 2..12), base_ante (1), jockey_ante
(2), starting_chips (80), scratch ("quick" | "orbit"), races (1..24 | "orbit").

Seats: left of seat s is s + 1 (mod seats), right is s - 1. The dealer of race
1 is seat 0. Cards are rank strings: "2".."10", "J" (horse 11), "Q" (horse 12),
"K", "A", "Joker". Per-horse lists have 11 entries, index = horse - 2.

Actions (declared in game.MOVES, engine/moves.py: every numeric field is a JSON
integer; every one listed by legal_actions is sendable verbatim):
    {"type": "pick", "card": "7"}            draft: keep a card of your packet
                                             (may change until the last seat picks)
    {"type": "roll"}                         race: roll two dice
    {"type": "roll", "advantage": true}      roll three dice, spending an advantage die
    {"type": "choose", "dice": [0, 2]}       with three dice: the two to sum (0, 1 regular, 2 advantage)
    {"type": "pay"}                          pay the scratch ante you hold (turn.debt)
    {"type": "ace"}                          cancel it with an Ace
    {"type": "king", "to": "left"|"right"}   pass it with a King (also out of turn, HR-14)
    {"type": "joker", "horse": 7, "move": 1|-1}   after the roll: any number of Jokers a turn
    {"type": "end_turn"}                     pass the dice left

to_act: during the draft, the seats that have not picked; during the race the
active player, or, while a passed ante waits for an answer, the seat holding it
(`debt.holder`). The game always waits for an explicit end_turn / pay, even
with no card to play, so timing never tells whether a player holds one.

View (engine.view adds game, seats, you, options, to_act, over, log, result;
view.public_view for everyone, view.own_view adds hand/packet/pick for the seat):
    phase        "draft" | "race" | "over"
    race, races  the race number (1-based) and how many the game has
    dealer       seat
    board        [11] steps to the finish for horses 2..12
    positions    [11] steps made
    scratched    [11] 0 = racing, else the scratch position 1..4
    chips        [seats] (may be negative)
    race_pot, jockey_pot
    hand_sizes   [seats];  advantage: [seats] advantage dice held
    active       seat whose turn it is (race only), else null
    turn         null, or {"step": "roll"|"choose"|"act", "dice": [..2 or 3],
                 "pair": [i, j] | null, "horse": sum rolled | null,
                 "advantage_used", "king_or_ace", "earned": bools}
    debt         null, or {"holder", "amount", "horse", "passer" (null until a King),
                 "owner" (who rolled it)}
    draft        null, or {"round", "packet_sizes": [seats], "picked": [bools]}
    hand         your cards (null for a spectator)
    packet       draft only: the cards in front of you; pick: your pending pick
    results      one per finished race: {"race", "winner", "jockey", "positions",
                 "scratched", "hands", "drafted", "penalties", "race_pot",
                 "jockey_pot", "winning_cards", "share", "remainder",
                 "payouts", "chips"} (all per-seat lists; hands revealed)

Log events (all public; the game writes no private ones), {"e": name, ...params}:
    deal {race, dealer, cards_each, set_aside}      draft_pass {round, left}
    antes {base, jockey}
    scratch {horse, position, roller, dice, discarded: [seats], per_card}
    scratch_repeat {horse, roller, dice, paid}      roll {seat, dice, advantage}
    choose {seat, dice: [i, j]}                     move {horse, position, step, by}
    owe {seat, horse, amount}                       pay {seat, horse, amount}
    ace {seat, horse, amount}                       king {seat, target, side, horse, amount}
    joker {seat, horse, move}                       advantage_die {seat, held}
    finish {horse, jockey}                          settled {race, winner, jockey, share, remainder, payouts}
    game_over {chips}
Board odds for the room options: odds.board_odds(board) or
odds.preset_odds() (cached; {"2": p, ...} per board).
"""

from .game import HorseRacing

__all__ = ["HorseRacing"]
