"""Events leave the state: `engine.start` / `engine.step` return the new events apart from
a state that keeps no log, and `decision_basis` says what bears on a seat's next choice."""

import engine
from tests.utils.play import play_random


def _legal_submission(state, seat):
    return next(a for a in engine.legal_actions(state, seat) if a["type"] == "submit")


def test_step_returns_events_and_a_state_without_log():
    hr_state, hr_initial = engine.start("horse_racing", {}, 4, seed=5)
    assert hr_state["log"] == [] and hr_initial, "the setup's events are returned, not kept"
    assert engine.setup("horse_racing", {}, 4, seed=5)["log"] == hr_initial
    state, initial = engine.start("ponies_in_pursuit", {}, 3, seed=5)
    full = engine.setup("ponies_in_pursuit", {}, 3, seed=5)
    log = list(initial)
    for seat in (0, 1, 2):
        action = _legal_submission(state, seat)
        out = engine.step(state, seat, action)
        state, events = out.state, out.events
        full = engine.apply(full, seat, action)
        assert state["log"] == []
        log += events
    # The same game through `apply`, whose log accumulates, has exactly these events.
    assert full["log"] == log
    assert {**full, "log": []} == state


def test_stored_state_does_not_grow_with_the_game():
    """Each step's state is about the same size however long the game has run."""
    state, _ = engine.start("horse_racing", {}, 4, seed=3)
    sizes = []
    rng = __import__("random").Random(1)
    while not engine.is_over(state) and len(sizes) < 600:
        seat = engine.to_act(state)[0]
        state = engine.step(state, seat, rng.choice(engine.legal_actions(state, seat))).state
        sizes.append(len(repr(state)))
    assert state["log"] == []
    assert max(sizes[100:]) < 2 * max(sizes[:100])


def test_visible_events_hide_private_events_until_the_end():
    events = [{"e": "a"}, {"e": "b", "to": [1]}]
    assert engine.visible_events(events, None, False) == [{"e": "a"}]
    assert engine.visible_events(events, 0, False) == [{"e": "a"}]
    assert engine.visible_events(events, 1, False) == events
    assert engine.visible_events(events, None, True) == events


def test_decision_basis_ignores_other_seats_changing_their_submissions():
    """PIP-8: seat 0 changing its sealed submission never changes what seat 2 decides on."""
    state, _ = engine.start("ponies_in_pursuit", {}, 3, seed=9)
    state = engine.step(state, 0, _legal_submission(state, 0)).state
    before = engine.decision_basis(state, 2)
    options = [a for a in engine.legal_actions(state, 0) if a["type"] == "submit"]
    for action in options[:5]:
        state = engine.step(state, 0, action).state
        assert engine.decision_basis(state, 2) == before
    # ... while seat 0's own basis shows its new submission.
    assert engine.decision_basis(state, 0)["view"]["submission"] is not None


def test_decision_basis_changes_when_the_table_moves():
    state, _ = engine.start("ponies_in_pursuit", {}, 2, seed=9)
    before = engine.decision_basis(state, 1)
    state = engine.step(state, 0, _legal_submission(state, 0)).state
    state = engine.step(state, 1, _legal_submission(state, 1)).state  # the round resolves
    assert engine.decision_basis(state, 1) != before


def test_random_play_through_step_matches_apply():
    """A whole random game: step's events, concatenated, are apply's log."""
    for game, seats in [("pony_express_bluff", 3), ("pony_express_race", 3)]:
        final, actions = play_random(game, seats, seed=4)
        state, log = engine.start(game, {}, seats, 4)
        for seat, action in actions:
            out = engine.step(state, seat, action)
            state, events = out.state, out.events
            log += events
        assert log == final["log"]


def test_step_gives_the_whole_outcome_at_once():
    """One call: the validated action, events, who is awaited, the end, and each asked
    audience's view, legal actions and decision digest, equal to asking one by one."""
    state, _ = engine.start("pony_express_bluff", {}, 3, seed=2)
    seat = engine.to_act(state)[0]
    sent = engine.legal_actions(state, seat)[0]
    out = engine.step(state, seat, sent, audiences=[0, 1, 2, None])
    assert out.action == engine.normalize(state, seat, sent)
    assert out.changed and out.to_act == engine.to_act(out.state)
    assert out.over == engine.is_over(out.state) and out.result == engine.result(out.state)
    assert out.timer_seconds == engine.timer_seconds(out.state)
    for audience in (0, 1, 2, None):
        sight = out.sights[audience]
        assert sight.view == engine.view(out.state, audience, with_log=False)
        assert sight.actions == engine.legal_actions(out.state, audience)
        expected = None if audience is None else engine.decision_digest(out.state, audience)
        assert sight.digest == expected
    # A seat with no choice to make (not its turn) has no digest to compute.
    assert [out.sights[s].digest is not None for s in (0, 1, 2)] == [s in out.to_act for s in (0, 1, 2)]


def test_the_same_sealed_submission_again_changes_nothing():
    state, _ = engine.start("ponies_in_pursuit", {}, 3, seed=5)
    action = _legal_submission(state, 0)
    once = engine.step(state, 0, action)
    again = engine.step(once.state, 0, action)
    assert once.changed and not again.changed and again.events == []
