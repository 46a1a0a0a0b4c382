"""A serving process tunes its garbage collector once started (app.core.collector): what it
holds is frozen out of every later collection and the thresholds are GC_THRESHOLDS'; an app
built in a test's process, or with GC_THRESHOLDS=off, leaves Python's collector as it was."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys

import pytest
from fastapi.testclient import TestClient

from app.core.collector import parse_thresholds
from app.main import create_app
from tests.app.conftest import settings_for

# Starts a served app (as `paddock serve` builds it) in a fresh interpreter, runs its start-up,
# and prints the collector's settings before and after.
SERVED = """
import gc, json
from fastapi.testclient import TestClient
from app.main import create_served_app
before = {"thresholds": gc.get_threshold(), "frozen": gc.get_freeze_count()}
with TestClient(create_served_app()) as client:
    assert client.get("/api/games").status_code == 200
    after = {"thresholds": gc.get_threshold(), "frozen": gc.get_freeze_count()}
print(json.dumps({"before": before, "after": after}))
"""


def served_collector(tmp_path, thresholds: str | None) -> dict:
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'gc.db'}", "BROADCAST_URL": "memory://"}
    env.pop("GC_THRESHOLDS", None)
    if thresholds is not None:
        env["GC_THRESHOLDS"] = thresholds
    done = subprocess.run(
        [sys.executable, "-c", SERVED], env=env, capture_output=True, text=True, timeout=300, check=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_served_app_freezes_what_it_holds_and_collects_less_often(tmp_path):
    seen = served_collector(tmp_path, None)
    assert seen["before"]["frozen"] == 0 and seen["before"]["thresholds"] != [20000, 50, 100]
    assert seen["after"]["thresholds"] == [20000, 50, 100]
    assert seen["after"]["frozen"] > 10_000  # the imported framework and the started app


def test_gc_thresholds_off_keeps_pythons_collector(tmp_path):
    seen = served_collector(tmp_path, "off")
    assert seen["after"] == seen["before"] and seen["after"]["frozen"] == 0


def test_an_app_in_a_tests_process_leaves_the_collector_alone(tmp_path):
    thresholds, frozen = gc.get_threshold(), gc.get_freeze_count()
    with TestClient(create_app(settings_for(f"sqlite:///{tmp_path / 'plain.db'}"))) as client:
        assert client.get("/api/games").status_code == 200
    assert (gc.get_threshold(), gc.get_freeze_count()) == (thresholds, frozen)


@pytest.mark.parametrize("text", ["20000,50", "0,1,1", "a,b,c", "-5,10,10", "1.5,2,3"])
def test_thresholds_must_be_three_positive_whole_numbers(text):
    with pytest.raises(ValueError, match="three positive whole numbers"):
        parse_thresholds(text)


def test_thresholds_read_with_spaces_and_off_in_any_case():
    assert parse_thresholds(" 30000, 20 ,5 ") == (30000, 20, 5)
    assert parse_thresholds("OFF") is None
