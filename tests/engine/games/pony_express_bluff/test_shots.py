"""PEB-20: the throw's geometry: straight path, first meeple touched, power and board edges."""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.games.pony_express_bluff import shots
from engine.games.pony_express_bluff.board import DUEL_CORNERS, MAX_THROW
from engine.rng import Rng, new_slot

START, TARGET = DUEL_CORNERS


def test_peb_20_straight_shot_touches_the_target_short_one_does_not():
    aim = shots.aim_at(START, TARGET)
    assert shots.trace(START, aim["angle"], aim["power"], [("t", TARGET)])["touched"] == ["t"]
    short = math.dist(START, TARGET) * 0.8 / MAX_THROW * 100
    assert shots.trace(START, aim["angle"], short, [("t", TARGET)])["touched"] == []
    assert shots.trace(START, aim["angle"] + 5, aim["power"], [("t", TARGET)])["touched"] == []


def test_peb_20_first_touched_is_the_nearest_along_the_path():
    aim = shots.aim_at(START, TARGET)
    middle = ((START[0] + TARGET[0]) / 2, (START[1] + TARGET[1]) / 2)
    path = shots.trace(START, aim["angle"], aim["power"], [("t", TARGET), ("b", middle)])
    assert path["touched"] == ["b", "t"]


def test_peb_20_the_die_stops_at_the_board_edge():
    path = shots.trace(START, 90.0, 100.0, [])
    assert path["end"][1] <= 80.0 and path["length"] < 5


@settings(max_examples=60, deadline=None)
@given(
    angle=st.floats(0, 360, allow_nan=False),
    power=st.floats(0, 100, allow_nan=False),
    seed=st.integers(0, 10**6),
)
def test_peb_20_same_seed_same_noisy_throw_and_touches_only_crossed_meeples(angle, power, seed):
    meeples = [("t", TARGET), ("b", (60.0, 40.0))]
    runs = []
    for _ in range(2):
        rng = Rng(new_slot(seed))
        a, p = shots.noisy(angle, power, rng, steady=False)
        runs.append((a, p, shots.trace(START, a, p, meeples, rng)))
    assert runs[0] == runs[1]
    path = runs[0][2]
    assert set(path["touched"]) <= set(path["crossed"])
    assert path["touched"] == [m for m in path["crossed"] if m in path["touched"]]  # order kept
