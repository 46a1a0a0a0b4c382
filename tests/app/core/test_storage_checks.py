"""A database that cannot be written is refused at start with a sentence (issue 13: the server
used to start on a read-only database and answer only "Something went wrong")."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from app.core.db import make_engine
from app.core.migrate import upgrade
from app.core.storage import StorageNotWritable, require_writable, startup_problem
from tests.utils.process_server import free_port

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def read_only_url(tmp_path) -> str:
    """A migrated SQLite file opened read-only (SQLite's own mode=ro: root ignores file modes)."""
    path = tmp_path / "paddock.db"
    database = make_engine(f"sqlite:///{path}")
    upgrade(database)
    database.dispose()
    return f"sqlite:///file:{path}?mode=ro&uri=true"


def test_a_read_only_database_is_found_out(read_only_url, tmp_path):
    database = make_engine(read_only_url)
    try:
        with pytest.raises(StorageNotWritable, match="cannot be written"):
            require_writable(database)
    finally:
        database.dispose()
    writable = make_engine(f"sqlite:///{tmp_path / 'paddock.db'}")
    try:
        require_writable(writable)  # the same file, writable: no complaint, nothing changed
    finally:
        writable.dispose()


def test_an_unmigrated_read_only_database_is_a_sentence_too(tmp_path):
    path = tmp_path / "empty.db"
    path.touch()
    problem = startup_problem(f"sqlite:///file:{path}?mode=ro&uri=true")
    assert problem is not None and "could not be opened and brought up to date" in problem
    assert "Traceback" not in problem


def test_paddock_serve_refuses_a_read_only_database_and_exits_non_zero(read_only_url):
    result = subprocess.run(
        [sys.executable, "-m", "app", "serve", "--port", str(free_port())],
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "DATABASE_URL": read_only_url, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0
    assert "Paddock cannot start: The database" in result.stderr
    assert "Paddock needs a writable database." in result.stderr
    assert "Traceback" not in result.stderr
