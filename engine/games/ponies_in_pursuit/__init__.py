"""Ponies in Pursuit (engine id `ponies_in_pursuit`), rules in docs/rules/ponies_in_pursuit.md.

Modules: `cards` (ponies, cards), `submissions` (what may be played), `choice`
(its compact description), `rounds` (resolution, finishes, discards), `spying`,
`scoring`, `view`, `bot`, `game`.

Card ids (a hand lists duplicates): white1 red1 blue1 blue2 black1 black2
yellow1 yellow2 wild. Pony colours, shortest track first: white red blue black
yellow.

Actions (JSON)::

    {"type": "submit", "cards": [{"card": "yellow2", "use": "move"},
                                 {"card": "wild", "as": "red", "use": "bet"}]}
    {"type": "submit", "cards": [{"card": "black1", "use": "bet"}]}   # PIP-6: one card
    {"type": "spy", "target": 2}                                      # PIP-19

A submission may be sent again to change it until the last awaited seat is
in. `legal_actions` lists the submission once, a legal sample (the first
submission in card order, both cards to move) with `choose`: a description of
every legal one (module `choice`; a few hundred bytes instead of up to 228
actions), then the spy targets. The sample is sendable as listed (the move is
declared `described`, so the engine drops `choose`). `engine.all_actions`
lists each submission once instead (identical cards merged, plays in card
order), for tests and bots.

Seat view (what `engine.view(state, 0)` returns; the core adds game, seats,
you, options, to_act, over, log, result)::

    {"round": 2, "rounds": 5,
     "ponies": [{"colour": "white", "distance": 4, "position": 1, "place": null},
                {"colour": "red", "distance": 5, "position": 5, "place": 1}, ...],
     "finish_order": ["red"],
     "hand_sizes": [8, 9, 10, 8], "garnets": [5, 10, 10, 10],
     "submitted": [true, false, false, true], "awaited": [0, 1, 2, 3],
     "spied": [true, false, false, false],
     "history": [{"round": 1, "moves": {"white": 1, "red": 5, "blue": 0, "black": 2, "yellow": 0},
                  "positions": {"white": 1, "red": 5, "blue": 0, "black": 2, "yellow": 0},
                  "finished": ["red"]}],
     "hand": ["white1", "blue1", "blue2", "black1", "black2", "yellow1", "yellow2", "wild"],
     "stakes": {"white": 0, "red": 1, "blue": 0, "black": 0, "yellow": 2},
     "bet_cards": {"white": 0, "red": 1, "blue": 0, "black": 0, "yellow": 1},
     "submission": [{"card": "blue2", "use": "move"}, {"card": "yellow1", "use": "bet"}],
     "spy_results": [{"round": 2, "target": 1, "of_round": 1,
                      "cards": [{"card": "red1", "colour": "red", "value": 1},
                                {"card": "wild", "colour": "black", "value": 1}]}],
     "must_play": 2,
     "my_plays": [[{"card": "red1", "use": "bet"}, {"card": "yellow2", "use": "bet"}]]}

For a spectator, hand/stakes/bet_cards/submission/spy_results/must_play/
my_plays are null; `submission` is null until the seat submits. `must_play`
is how many cards this seat plays this round (0 = empty hand, not awaited).
`my_plays` lists the seat's own submissions of past rounds, one list per
round.

Log events: submitted {seat, round} (public, once per seat and round: a
changed submission adds nothing); spied {seat, round} (public: not on whom);
spy_result {seat, round, target, of_round, cards} (to the spy); discarded
{seat, round, cards} (to that seat); round_resolved {round, moves, positions,
finished} (public; `moves` are the steps each pony actually went, never past
its finish); game_over {scores, winners}.

The moves are declared in `game.PoniesInPursuit.moves` (engine/moves.py); the
view is `view.public_view` for everyone plus `view.own_view` for the seat.

Result (at the end): {"scores": [...], "winners": [...], "revealed": {"stakes",
"bet_cards", "payouts", "penalties", "submissions": [{"round", "cards": [per
seat plays]}], "hands", "garnets", "finish_order"}}. Scores are ints, or
floats when they hold a half.
"""

from .game import PoniesInPursuit

__all__ = ["PoniesInPursuit"]
