"""The `paddock` command: subcommands from one list; `python -m app` is the same command."""

import subprocess
import sys
from pathlib import Path

import pytest

from app import cli
from app.commands import COMMANDS

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def keep_pytest_logging(monkeypatch):
    """`serve` configures the process's logging; in this test process pytest's stays."""
    monkeypatch.setattr("app.commands.serve.configure_logging", lambda *args: None)


def test_serve_reads_host_and_port(monkeypatch, tmp_path):
    seen = {}
    monkeypatch.setattr("uvicorn.run", lambda app, **kwargs: seen.update(kwargs))
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'unused.db'}")
    assert cli.main(["serve", "--host", "0.0.0.0", "--port", "8123"]) == 0
    assert seen["host"] == "0.0.0.0" and seen["port"] == 8123 and seen["ws_max_size"] >= 1 << 20


def test_commands_are_listed_in_one_place():
    assert all(hasattr(command, "add_parser") and hasattr(command, "run") for command in COMMANDS)
    with pytest.raises(SystemExit):
        cli.main([])


def test_python_dash_m_app_is_the_paddock_command():
    out = subprocess.run(
        [sys.executable, "-m", "app", "serve", "--help"], cwd=ROOT, capture_output=True, text=True, timeout=30
    )
    assert out.returncode == 0 and "--port" in out.stdout


def test_board_odds_is_a_paddock_subcommand():
    """HR-2 from the console: `paddock board-odds --json` prints the estimate as JSON."""
    import json

    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "app",
            "board-odds",
            "--board",
            "classic",
            "--races",
            "20000",
            "--seed",
            "1",
            "--json",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    estimate = json.loads(out.stdout)
    assert estimate["board"] == "classic" and estimate["races"] == 20000
    assert set(estimate["win"]) == {str(h) for h in range(2, 13)}
    assert abs(sum(estimate["win"].values()) - 1) < 1e-9
    assert estimate["win"]["7"] < 0.03 < 0.19 < min(estimate["win"]["2"], estimate["win"]["12"])


def test_serve_hands_log_level_and_format_to_uvicorn(monkeypatch):
    seen = {}
    monkeypatch.setattr("uvicorn.run", lambda app, **kwargs: seen.update(kwargs))
    monkeypatch.setenv("DATABASE_URL", "sqlite:///unused.db")
    monkeypatch.setenv("LOG_LEVEL", "DEBUG")
    monkeypatch.setenv("LOG_FORMAT", "json")
    assert cli.main(["serve"]) == 0
    # The app's loggers at debug; uvicorn's stay at info (their debug lines dump socket frames).
    assert seen["log_level"] == "info"
    assert seen["log_config"]["root"]["level"] == "DEBUG"
    assert seen["log_config"]["loggers"]["uvicorn.error"]["level"] == "INFO"
    assert seen["log_config"]["formatters"]["default"]["()"] == "pythonjsonlogger.json.JsonFormatter"


def test_serve_refuses_a_bad_log_level_with_a_sentence(monkeypatch, capsys):
    monkeypatch.setattr("uvicorn.run", lambda app, **kwargs: pytest.fail("must not start"))
    monkeypatch.setenv("LOG_LEVEL", "loud")
    assert cli.main(["serve"]) == 2
    err = capsys.readouterr().err
    assert "LOG_LEVEL is not valid" in err and "Traceback" not in err


def test_serve_runs_several_workers_from_the_app_factory_with_redis(monkeypatch):
    seen = {}
    monkeypatch.setattr("uvicorn.run", lambda app, **kwargs: seen.update(kwargs, app=app))
    monkeypatch.setenv("BROADCAST_URL", "redis://127.0.0.1:6379/0")
    assert cli.main(["serve", "--workers", "3"]) == 0
    assert seen["app"] == "app.main:create_served_app" and seen["factory"] is True and seen["workers"] == 3


def test_serve_refuses_bad_gc_thresholds_with_a_sentence(monkeypatch, capsys):
    monkeypatch.setattr("uvicorn.run", lambda app, **kwargs: pytest.fail("must not start"))
    monkeypatch.setenv("GC_THRESHOLDS", "fast")
    assert cli.main(["serve"]) == 2
    err = capsys.readouterr().err
    assert "GC_THRESHOLDS is not valid" in err and "20000,50,100" in err and "Traceback" not in err
