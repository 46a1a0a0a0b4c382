"""bench/counted_serve.py: which SQLite statements open a transaction, and the counting on a
real sqlite3 connection."""

from __future__ import annotations

from bench import counted_serve
from bench.counted_serve import counted_connect, opens_transaction


def test_begin_and_autocommit_statements_open_one_commit_does_not():
    assert opens_transaction("BEGIN IMMEDIATE", in_transaction=False)
    assert opens_transaction("SELECT 1", in_transaction=False)
    assert not opens_transaction("INSERT INTO t VALUES (1)", in_transaction=True)
    assert not opens_transaction("  commit", in_transaction=False)
    assert not opens_transaction("ROLLBACK", in_transaction=False)


def test_a_counted_connection_counts_each_transaction_once(tmp_path):
    before = dict(counted_serve.COUNTS)
    connection = counted_connect(tmp_path / "t.db", isolation_level=None)
    connection.execute("CREATE TABLE t (x)")  # autocommit: 1
    connection.execute("BEGIN IMMEDIATE")  # 2
    connection.execute("INSERT INTO t VALUES (1)")
    connection.execute("INSERT INTO t VALUES (2)")
    connection.execute("COMMIT")
    connection.execute("SELECT * FROM t").fetchall()  # 3
    connection.close()
    assert counted_serve.COUNTS["transactions"] - before["transactions"] == 3
    assert counted_serve.COUNTS["statements"] - before["statements"] == 6


def test_statements_are_counted_by_verb_and_first_table():
    assert counted_serve.statement_kind("SELECT rooms.id FROM rooms WHERE rooms.code = ?") == "SELECT rooms"
    assert counted_serve.statement_kind("INSERT INTO actions (room_id) VALUES (?)") == "INSERT actions"
    assert counted_serve.statement_kind('UPDATE "rooms" SET version=? WHERE id = ?') == "UPDATE rooms"
    assert counted_serve.statement_kind("BEGIN IMMEDIATE") == "BEGIN"
