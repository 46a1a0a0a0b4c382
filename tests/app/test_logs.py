"""Logs of a real `paddock serve` (app.logs): LOG_FORMAT=json gives one JSON object per line,
uvicorn's lines included; at LOG_LEVEL=debug every accepted action is one line and every
refused one too (at info), naming the room code and version, and no token is ever written."""

from __future__ import annotations

import json
import time

from tests.utils.live_server import create_room, join, start
from tests.utils.process_server import ServerProcess


def log_records(path) -> list[dict]:
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    records = []
    for line in lines:
        records.append(json.loads(line))  # every line is one JSON object
    return records


def wait_for_record(path, match, timeout: float = 60) -> dict:
    """The server writes its log line after answering: wait until it is in the file."""
    deadline = time.monotonic() + timeout
    while True:
        found = [record for record in log_records(path) if match(record)]
        if found:
            return found[0]
        assert time.monotonic() < deadline, "no such log line"
        time.sleep(0.05)


def test_json_logs_name_room_and_version_of_each_action_and_never_a_token(tmp_path):
    log_path = tmp_path / "server.log"
    server = ServerProcess(
        f"sqlite:///{tmp_path / 'paddock.db'}", log_path=log_path, LOG_FORMAT="json", LOG_LEVEL="debug"
    ).start()
    try:
        host = create_room(server.http, game="ponies_in_pursuit", name="Host")
        friend = join(server.http, host["code"], "Friend")
        start(server.http, host["code"], host["token"])
        with server.socket(host["code"]) as client:
            client.hello(host["token"])
            state = client.state()
            submit = next(a for a in state["actions"] if a["type"] == "submit")
            client.send({"type": "act", "v": state["v"], "action": submit})
            accepted = client.state(v=state["v"] + 1)
            # The same version again: refused (the seat already submitted, or the version moved on).
            client.send({"type": "act", "v": state["v"], "action": {"type": "nonsense"}})
            refusal = client.error()
    finally:
        server.stop()

    code = host["code"]
    line = wait_for_record(log_path, lambda r: r.get("message", "").startswith("action accepted"))
    assert line["level"] == "DEBUG" and line["logger"] == "paddock.actions"
    assert line["room"] == code and line["version"] == accepted["v"] and line["source"] == "player"
    refused = wait_for_record(log_path, lambda r: r.get("message", "").startswith("action refused"))
    assert refused["level"] == "INFO" and refused["room"] == code
    assert refused["version"] == state["v"] and refused["code"] == refusal["code"]
    records = log_records(log_path)
    assert any(r["logger"].startswith("uvicorn") for r in records), "uvicorn's lines are JSON too"
    assert all({"time", "level", "logger", "message"} <= set(r) for r in records)
    text = log_path.read_text(encoding="utf-8")
    for token in (host["token"], friend["token"]):
        assert token not in text
