"""The cheap look at a message's text (may_be_refused) never lets through what the walk of
the parsed value (shape_problem) refuses."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from app.core.json_shape import MAX_DEPTH, may_be_refused, shape_problem

texts = st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x10FFFF, exclude_categories=()))
scalars = st.none() | st.booleans() | st.integers() | texts
values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=3) | st.dictionaries(texts, children, max_size=3),
    max_leaves=60,
)


def nested(containers: int) -> object:
    value: object = 1
    for level in range(containers):
        value = [value] if level % 2 else {"k": value}
    return value


@given(values)
def test_what_the_look_lets_through_the_walk_would_let_through(value):
    for raw in (json.dumps(value), json.dumps(value).encode()):  # \\u escapes for all but ASCII
        if not may_be_refused(raw):
            assert shape_problem(json.loads(raw)) is None


def test_deep_nesting_and_escapes_are_looked_at():
    assert shape_problem(nested(MAX_DEPTH)) is None
    assert may_be_refused(json.dumps(nested(MAX_DEPTH + 1)))
    assert shape_problem(nested(MAX_DEPTH + 1)) is not None
    assert may_be_refused('{"type": "chat", "text": "\\ud800"}')
    assert not may_be_refused('{"type": "act", "v": 3, "action": {"type": "submit", "cards": [1, 2]}}')
