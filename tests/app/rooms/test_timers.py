"""Timer arithmetic: which timer applies (PIP-18's round_seconds or the room's), and when it restarts."""

from app.rooms.timers import next_deadline, timer_seconds


def test_pip_18_game_option_round_seconds_wins_over_the_room_timer():
    assert timer_seconds({"round_seconds": 30}, 10) == 30
    assert timer_seconds({"round_seconds": 0}, 10) == 10
    assert timer_seconds({}, None) is None
    assert timer_seconds({"round_seconds": True}, None) is None


def test_deadline_holds_while_submissions_come_in_and_restarts_for_a_new_round():
    now = 1000.0
    first = next_deadline(30, None, [], [0, 1, 2], now)
    assert first == 1030
    assert next_deadline(30, first, [0, 1, 2], [1, 2], now + 5) == first  # a submission: clock keeps running
    assert next_deadline(30, first, [2], [0, 1, 2], now + 9) == now + 9 + 30  # a new round: fresh clock
    assert next_deadline(30, first, [0, 1], [], now + 9) is None  # nobody awaited
    assert next_deadline(None, first, [0], [0], now) is None  # no timer
    assert next_deadline(30, first, [0], [0], first + 1) == first + 31  # passed deadline: restart
