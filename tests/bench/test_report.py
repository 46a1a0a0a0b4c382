"""bench/report.py: the percentile, the side-by-side rows and issue 19's target table, from
made-up numbers (no load here)."""

from __future__ import annotations

import math

from bench.report import game_rows, pct, ratio, refusals_text, target_rows


def run(setup: str, per_s: float, cpu: float = 1.0, **extra) -> dict:
    return {
        "setup": setup,
        "held": 150,
        "seconds": 10.0,
        "actions_per_s": per_s,
        "accepted": int(per_s * 10),
        "sent": int(per_s * 10),
        "p50_ms": 10.0,
        "p99_ms": 90.0,
        "cpu_ms_per_action": cpu,
        "frame_bytes": 1000.0,
        "errors": {},
        "refused_per_s": 0.0,
        **extra,
    }


def test_pct_is_the_nearest_lower_rank_and_nan_for_nothing():
    values = [float(v) for v in range(1, 101)]
    assert pct(values, 0.5) == 51
    assert pct(values, 0.99) == 100
    assert pct([3.0, 1.0, 2.0], 0.0) == 1
    assert math.isnan(pct([], 0.5))


def test_ratio_is_none_without_a_denominator():
    assert ratio(3.0, 2.0) == 1.5
    assert ratio(3.0, None) is None
    assert ratio(3.0, 0.0) is None
    assert ratio(None, 2.0) is None


def test_peer_refusals_are_acts_sent_minus_accepted_and_paddocks_are_what_it_sent():
    peer = run("peer", 100.0, sent=1500)  # 1000 accepted over 10 s
    assert refusals_text(peer) == "50/s unanswered"
    paddock = run("sqlite", 100.0, errors={"stale": 40, "not_your_turn": 2}, refused_per_s=4.2)
    assert refusals_text(paddock) == "4/s (not_your_turn 2, stale 40)"


def test_rows_put_each_setup_against_the_peer_and_the_floor_in_a_fixed_order():
    runs = {
        "sqlite": run("sqlite", 600.0, tx_per_action=1.25, tx_per_refusal=0.0),
        "peer": run("peer", 1000.0),
        "floor": run("floor", 4000.0),
    }
    rows = game_rows(runs)
    assert [row.split(" | ")[0] for row in rows] == [
        "| floor: bare websockets fan-out",
        "| peer: boardgame.io, in memory",
        "| Paddock, 1 process, SQLite",
    ]
    cells = rows[2].split(" | ")
    assert cells[2:5] == ["600", "0.60 x", "0.15 x"]
    assert cells[8:10] == ["1.25", "0.00"]
    assert rows[0].split(" | ")[8] == "-"  # the floor has no database
    assert rows[2].endswith(" | - (- cores) |")  # no load generator CPU measured


def test_targets_say_met_or_missed_with_the_number():
    results = {
        "ponies_in_pursuit": {
            "peer": run("peer", 1000.0),
            "sqlite": run(
                "sqlite", 400.0, cpu=2.0, probe={"refusals": 60, "transactions": 60, "replies": {}}
            ),
            "pg-redis": run(
                "pg-redis", 600.0, cpu=2.5, probe={"refusals": 60, "transactions": 0, "replies": {}}
            ),
        }
    }
    human = {"rooms": 300, "p50_ms": 40.0, "p99_ms": 149.0}
    rows = target_rows(results, human)[2:]
    assert rows[0].endswith("400/s vs 1000/s = 0.40 x | missed |")
    assert rows[1].endswith("600/s vs 1000/s = 0.60 x | met |")
    assert rows[2].endswith("60 transactions for 60 refusals | missed |")
    assert rows[3].endswith("0 transactions for 60 refusals | met |")
    assert rows[4].endswith("p99 149 ms (p50 40 ms) | met |")
    assert rows[5].endswith("2.50 ms vs 2.00 ms = 1.25 x | met |")
    assert len(rows) == 6


def test_two_processes_are_compared_with_one_on_the_same_database_and_with_sqlite():
    results = {
        "pony_express_bluff": {
            "sqlite": run("sqlite", 400.0, cpu=2.0),
            "pg-redis-1": run("pg-redis-1", 300.0, cpu=3.0),
            "pg-redis": run("pg-redis", 500.0, cpu=3.6),
        }
    }
    rows = [row for row in target_rows(results, None)[2:] if "CPU per accepted action" in row]
    assert rows[0].endswith(
        "against Paddock, 1 process, PostgreSQL + Redis | 3.60 ms vs 3.00 ms = 1.20 x | met |"
    )
    assert rows[1].endswith("against Paddock, 1 process, SQLite | 3.60 ms vs 2.00 ms = 1.80 x | missed |")
    assert len(rows) == 2


def test_both_two_process_setups_get_a_throughput_row_and_cpu_rows_each():
    """pg-redis spreads each room's sockets over both processes; pg-redis-rooms keeps each room
    on one, as deploy/nginx.conf routes: each is its own row, named."""
    results = {
        "ponies_in_pursuit": {
            "peer": run("peer", 1000.0),
            "pg-redis-1": run("pg-redis-1", 300.0, cpu=3.0),
            "pg-redis": run("pg-redis", 400.0, cpu=4.5),
            "pg-redis-rooms": run("pg-redis-rooms", 550.0, cpu=3.3),
        }
    }
    rows = target_rows(results, None)[2:]
    throughput = [row for row in rows if "peer's accepted actions/s" in row]
    assert [row.split(" | ")[1] for row in throughput] == [
        "Ponies in Pursuit, Paddock, 1 process, PostgreSQL + Redis",
        "Ponies in Pursuit, Paddock, 2 processes, PostgreSQL + Redis",
        "Ponies in Pursuit, Paddock, 2 processes, PostgreSQL + Redis, each room on one",
    ]
    assert throughput[2].endswith("550/s vs 1000/s = 0.55 x | met |")
    cpu = [row for row in rows if "CPU per accepted action" in row]
    assert len(cpu) == 2
    assert cpu[0].endswith("4.50 ms vs 3.00 ms = 1.50 x | missed |")
    assert "each room on one, against Paddock, 1 process" in cpu[1]
    assert cpu[1].endswith("3.30 ms vs 3.00 ms = 1.10 x | met |")
