"""Pony Express: Dice and Bluff (spec: shared/rules/pony-express-bluff.md, PEB-1..PEB-32).

Modules: hands (poker dice, PEB-1/2/21), board (trail, action spaces, geometry,
PEB-3/4/20), dice (cup and table, PEB-8..10), riders (gold, jail, callers,
PEB-7/11/13/27), items (deck, PEB-29), flow (set-up, turns, jail, mailboxes),
calls (re-rolls, claims, call window, resolution, PEB-9..16), moves (what the
landing space does, PEB-22..26), fights (duels, poker, Indians, final duel),
turn (what happens next in a turn: the move, duels, the space, Fresh Horse,
Sacramento; PEB-15..18/30..32; the only module that sequences the others),
shots (aimed throws), actions (to_act / legal actions), view, bot,
baseline (the random-claim yardstick), game (the Game class).

Phases (`view.phase`) and who acts (`view.to_act`):
  draft       every seat keeps one of its two item cards (simultaneous)
  jail        the active rider: pay bail or roll to escape
  dice        the active rider rolls, re-rolls, arranges, plays items, claims
  call        the eligible riders (PEB-13): call or believe; timer -> believe
  bluff_move  the caller of a bluff: advance the claimed spaces or decline
  duel / final_duel / indians   the shooter (view.fight.shooter)
  train / saloon / relay / end  the active rider's choices on its space; train (short of
              the fare), saloon and end come for a rider holding any item card, whether
              or not it holds the Train Pass / Sarsaparilla / Fresh Horse that step can use,
              so the pause reveals nothing (moves.holds_cards)
  over        nobody

Actions (declared once in game.MOVES, engine/moves.py checks every field; each listed by
legal_actions exactly as it may be sent back):
  {"type": "keep_item", "index": 0|1}                 draft (sealed) and relay stations
  {"type": "pay_bail"} | {"type": "jail_roll"}
  {"type": "reroll", "keep": [die indexes 0-4, 1 to 4 of them], "mode": "cup"|"hand"}
  {"type": "arrange", "under_cup": [die indexes]}     any set; listed as one-die toggles
  {"type": "claim", "hand": "pair"|"two_pairs"|"three_kind"|"straight"|"full_house"|"four_kind"|"five_kind"}
  {"type": "call"} | {"type": "believe"}
  {"type": "advance"} | {"type": "decline"}
  {"type": "stand", "corner": 0|1}                    aim mode: the arriving duellist's corner (PEB-20)
  {"type": "shoot", "angle": deg, "power": 0-100}     aim mode; any number in [-360, 720] / [0, 100]
  {"type": "shoot"}                                   dice mode
  {"type": "ride", "pay": "gold"|"pass"} | {"type": "stay"}
  {"type": "drink"} | {"type": "end_turn"}
  {"type": "play_item", "item": "marked_die", "die": i, "face": "9"|"10"|"J"|"Q"|"K"|"A"}
  {"type": "play_item", "item": "lucky_horseshoe"|"spyglass"|"steady_hand"|"sarsaparilla"|"fresh_horse"}
  (Sheriff's Pardon and Bulletproof Vest play themselves when they apply.)

View = public_view + private_view (engine.view adds game, seats, you, options, to_act,
over, result). Public:
  phase, active, turn_no, first_player, colours[seat], positions[seat] (1-33),
  gold[seat], jailed[seat], mailboxes[seat] (0-3), call_record[seat] {truthful, bluffs},
  item_counts[seat], deck_count,
  dice: None or {table[5]: face|None, under_cup[5]: bool, known[5]: face last
        seen publicly|None, history: [{keep, mode, shown: [[i, face]]}],
        marked_unseen: [dice a Marked Die set out of sight this turn],
        free_rerolls, reroll_price, can_reroll},
  would_call (dice phase: who could call a claim now), claim {seat, hand},
  call {eligible, believed, spied, seconds}, caller,
  fight {kind: duel|final|indians, seats, space, step, double?, corners, placing,
         shooter, start [x, y], targets [{label: ["rider", seat]|["indian", i], xy}]},
  steady, last_shot {seat, kind, steady, aim [angle, power], thrown [angle, power],
         start, end, touched [labels] | dice [rolls]}, winner,
  draft {chosen[seat]},
  board (static geometry: size, spaces [{space, xy, kind, fare}], duel_corners,
         indian_shooter, indian_camp, hit_radius, max_throw, desert_start, st_joseph),
  move_table.
Private (PRIVATE_KEYS; None for everyone else and spectators):
  items (your cards), cup[5] (face|None for table dice: the roller, a Spyglass holder
  in the call window, everyone at the end), offer (your relay cards), draft_mine
  {offer, kept}.
The state holds whole numbers only: last_shot's angles, powers and points are kept
in hundredths and shown in the view as decimals.
Log events carry params only (e.g. {"e": "claim", "seat", "hand", "callers"},
{"e": "called", "seat", "target", "claim", "dice", "hand", "truthful"},
{"e": "reroll", "seat", "keep", "mode", "cost", "shown"}); private ones:
draft_offer, relay_offer, spyglass_seen.
"""

from .game import PonyExpressBluff

__all__ = ["PonyExpressBluff"]
