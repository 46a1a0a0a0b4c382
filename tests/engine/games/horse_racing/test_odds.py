"""HR-2: the board odds estimate, checked against the source's claims and a plain simulation."""

import argparse
import json
import random

import pytest

from app.commands import board_odds as command
from engine.games.horse_racing.board import PRESETS
from engine.games.horse_racing.odds import board_odds, estimate, preset_odds, win_chances_from


def test_hr_2_classic_board_matches_the_source_claim():
    win = estimate("classic", races=100_000, seed=1)["win"]
    assert win["7"] < 0.03
    assert win["2"] > 0.19 and win["12"] > 0.19
    assert sum(win.values()) == pytest.approx(1.0)


def test_hr_2_estimate_is_reproducible_from_a_seed():
    assert estimate("even-a", 20_000, seed=5) == estimate("even-a", 20_000, seed=5)
    assert estimate("even-a", 20_000, seed=5)["win"] != estimate("even-a", 20_000, seed=6)["win"]


def exact_one_step_wins():
    """Exact win chances on a board where every horse needs one step: four different sums are
    scratched, then the first racing sum rolled wins, so the winner is the fifth different sum
    to come up. Summed over every order of the first five different sums."""
    chance = {h: (6 - abs(h - 7)) / 36 for h in range(2, 13)}
    wins = dict.fromkeys(chance, 0.0)

    def walk(seen, prob, used):
        if len(seen) == 5:
            wins[seen[-1]] += prob
            return
        for h in chance:
            if h not in seen:
                walk(seen + [h], prob * chance[h] / (1 - used), used + chance[h])

    walk([], 1.0, 0.0)
    return wins


def test_hr_2_a_scratched_horse_never_races():
    """HR-2: the estimate scratches four horses before the race: on a one-step board it matches the
    exact chances (fifth different sum wins). Were scratched horses still racing, the first sum
    rolled would win: horse 7 one race in six, horse 2 one in 36 (not 4.4%)."""
    exact = exact_one_step_wins()
    assert exact[7] == pytest.approx(0.1131, abs=1e-4) and exact[2] == pytest.approx(0.0442, abs=1e-4)
    win = estimate([1] * 11, races=200_000, seed=3)["win"]
    for horse in range(2, 13):
        assert win[str(horse)] == pytest.approx(exact[horse], abs=0.004)


def naive_race(steps, rng):
    """One race rolled die by die, as the rules say: four scratches (quick), then roll until a finish."""
    scratched = []
    while len(scratched) < 4:
        total = rng.randint(1, 6) + rng.randint(1, 6)
        if total not in scratched:
            scratched.append(total)
    positions = dict.fromkeys(range(2, 13), 0)
    while True:
        total = rng.randint(1, 6) + rng.randint(1, 6)
        if total in scratched:
            continue
        positions[total] += 1
        if positions[total] == steps[total - 2]:
            return total, scratched


@pytest.mark.slow  # statistical: many whole games
def test_hr_2_estimate_agrees_with_a_roll_by_roll_simulation():
    steps = list(PRESETS["classic"])
    rng = random.Random(7)
    races = 6000
    wins = dict.fromkeys(range(2, 13), 0)
    first_scratch = dict.fromkeys(range(2, 13), 0)
    for _ in range(races):
        winner, scratched = naive_race(steps, rng)
        wins[winner] += 1
        first_scratch[scratched[0]] += 1
    fast = estimate("classic", 100_000, seed=2)
    for horse in range(2, 13):
        assert wins[horse] / races == pytest.approx(fast["win"][str(horse)], abs=0.02)
        assert first_scratch[horse] / races == pytest.approx(fast["scratch"][str(horse)][0], abs=0.02)


def test_hr_2_custom_boards_cached_odds_and_mid_race_chances():
    flat = [5] * 11
    win = board_odds(flat, 50_000, 1)["win"]
    assert win["7"] > win["2"]  # equal steps favour the common sums
    assert board_odds(flat, 50_000, 1) is board_odds(tuple(flat), 50_000, 1)
    assert set(preset_odds(20_000)) == set(PRESETS)
    import numpy as np

    racing = [True] * 11
    racing[5] = False
    left = [9] * 11
    left[0] = 1
    chances = win_chances_from(left, racing, 20_000, np.random.default_rng(0))
    assert chances[5] == 0 and chances[0] == chances.max() and chances.sum() == pytest.approx(1)


def run(argv):
    parser = argparse.ArgumentParser()
    command.add_parser(parser.add_subparsers())
    args = parser.parse_args(argv)
    return args.run(args)


def test_hr_2_board_odds_command_prints_a_table_and_json(capsys):
    assert run(["board-odds", "--board", "classic", "--races", "100000", "--seed", "1"]) == 0
    table = capsys.readouterr().out
    assert "board classic, 100000 races, seed 1" in table
    row7 = next(line for line in table.splitlines() if line.split()[:2] == ["7", "17"])
    assert float(row7.split()[2].rstrip("%")) < 3
    assert run(["board-odds", "--board", "classic", "--races", "100000", "--seed", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["board"] == "classic" and data["races"] == 100_000
    assert sorted(data["win"], key=int) == [str(h) for h in range(2, 13)]
    assert data["win"]["2"] > 0.19 and data["win"]["7"] < 0.03
    assert run(["board-odds", "--board", "4,6,8,10,12,14,12,10,8,6,4", "--races", "1000", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["board"] == [4, 6, 8, 10, 12, 14, 12, 10, 8, 6, 4]
    with pytest.raises(SystemExit):
        run(["board-odds", "--board", "1,2,3"])
    assert "needs 11 step counts" in capsys.readouterr().err
