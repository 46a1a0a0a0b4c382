"""Timer arithmetic: which timer applies (the rules' own limit or the room's), and when it restarts."""

import engine
from app.rooms.timers import next_deadline, timer_seconds


def _peb_in_call_phase(call_seconds: int):
    """Play bots until Pony Express Bluff opens a bluff-call window."""
    import random

    rng = random.Random(3)
    state = engine.setup("pony_express_bluff", {"call_seconds": call_seconds}, 3, seed=5)
    for _ in range(2000):
        if state["phase"] == "call":
            return state
        seat = engine.to_act(state)[0]
        state = engine.apply(state, seat, engine.bot_action(state, seat, rng))
    raise AssertionError("no bluff call window opened")


def test_pip_18_game_option_round_seconds_wins_over_the_room_timer():
    timed = engine.setup("ponies_in_pursuit", {"round_seconds": 30}, 3, seed=1)
    untimed = engine.setup("ponies_in_pursuit", {}, 3, seed=1)
    assert timer_seconds(timed, 10) == 30
    assert timer_seconds(untimed, 10) == 10
    assert timer_seconds(untimed, None) is None
    assert timer_seconds(None, 15) == 15  # lobby: no state yet


def test_peb_14_call_window_is_timed_by_call_seconds_even_without_a_room_timer():
    state = _peb_in_call_phase(call_seconds=7)
    assert timer_seconds(state, None) == 7
    assert timer_seconds(state, 60) == 7
    fresh = engine.setup("pony_express_bluff", {"call_seconds": 7}, 3, seed=5)
    assert fresh["phase"] != "call" and timer_seconds(fresh, None) is None


def test_deadline_holds_while_submissions_come_in_and_restarts_for_a_new_round():
    now = 1000.0
    first = next_deadline(30, None, [], [0, 1, 2], now)
    assert first == 1030
    assert next_deadline(30, first, [0, 1, 2], [1, 2], now + 5) == first  # a submission: clock keeps running
    assert next_deadline(30, first, [2], [0, 1, 2], now + 9) == now + 9 + 30  # a new round: fresh clock
    assert next_deadline(30, first, [0, 1], [], now + 9) is None  # nobody awaited
    assert next_deadline(None, first, [0], [0], now) is None  # no timer
    assert next_deadline(30, first, [0], [0], first + 1) == first + 31  # passed deadline: restart
