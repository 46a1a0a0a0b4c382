"""A real room page (real shell, real game module, real Chromium) showing a game state the
test chose: the server serves the page and the room, and the page's WebSocket is answered
by the test (Playwright's route_web_socket) with the frames the server itself would send
(`app.ws.outgoing.state_message`), built from an engine state that bots played to.

    page = new_page(browser, "en", viewport=DESKTOP)
    table = StagedTable(page, server_url, state, seat=None)   # a spectator
    table.open()                                               # the page shows `state`
    table.push(later_state)                                    # the next frame arrives
"""

from __future__ import annotations

import json
import random
import re
import urllib.request
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, WebSocketRoute, expect

import engine
from app import i18n
from app.ws.outgoing import room_message, state_message

NAMES = ["Ana", "Bruno", "Chen", "Dora", "Edu", "Fei", "Gil", "Hana", "Ivo", "Jun", "Kai", "Lia"]
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def watching(lang: str) -> re.Pattern[str]:
    """A spectator's turn banner: "You are watching …" with or without whom the table waits for."""
    table = i18n.catalogue(lang)
    keys = ("table.watching", "table.watching_turn", "table.watching_many.one", "table.watching_many.other")
    forms = [re.sub(r"\\\{\w+\\\}", ".+", re.escape(table[key])) for key in keys]
    return re.compile("^(" + "|".join(forms) + ")$")


def bots_until(
    game: str, seats: int, seed: int, done: Callable[[dict], bool], options: dict | None = None
) -> dict:
    """Bots play from the start until `done(state)` holds."""
    rng = random.Random(seed)
    state = engine.setup(game, options, seats, seed)
    for _ in range(20000):
        if done(state):
            return state
        assert not engine.is_over(state), f"{game} ended before the situation arose"
        seat = engine.to_act(state)[0]
        state = engine.apply(state, seat, engine.bot_action(state, seat, rng))
    raise AssertionError("the situation never arose")


def open_room_menu(page: Page) -> None:
    """Open the room's menu (seat, device, odds, alerts, away: folded under "Menu" on every screen)."""
    if page.locator("#room-menu").get_attribute("data-open") != "true":
        page.click("#room-menu-toggle")


def menu_click(page: Page, selector: str) -> None:
    """Click a control of the room's menu, opening it first (a choice folds it again)."""
    open_room_menu(page)
    page.click(selector)


def step(state: dict, seed: int = 0) -> dict:
    """One bot action more."""
    seat = engine.to_act(state)[0]
    return engine.apply(state, seat, engine.bot_action(state, seat, random.Random(seed)))


def api(
    server_url: str, path: str, body: dict | None = None, token: str | None = None, method: str = "POST"
) -> dict:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body or {}).encode() if method == "POST" else None
    request = urllib.request.Request(f"{server_url}{path}", data=data, headers=headers, method=method)
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


class StagedTable:
    """A started room with `seats` seats named from NAMES; its socket answered by the test."""

    # Far above any version the real room reaches: the page never thinks it missed a frame.
    FIRST_V = 1_000_000

    def __init__(
        self, page: Page, server_url: str, state: dict, seat: int | None, deadline_in: float | None = None
    ) -> None:
        self.page = page
        self.deadline_in = deadline_in
        self.server_url = server_url
        self.state = state
        self.seat = seat
        self.v = self.FIRST_V
        self.socket: WebSocketRoute | None = None
        game, seats = state["game"], state["seats"]
        room = api(server_url, "/api/rooms", {"game": game, "name": NAMES[0], "options": {}})
        self.code = room["code"]
        self.token = room["token"]
        api(server_url, f"/api/rooms/{self.code}/bots", {"count": seats - 1}, self.token)
        api(server_url, f"/api/rooms/{self.code}/start", token=self.token)
        self.summary = api(server_url, f"/api/rooms/{self.code}", method="GET")
        for index, entry in enumerate(self.summary["seats"]):
            entry["name"] = NAMES[index]
            entry["bot"] = False
            entry["connected"] = True

    def _room(self) -> str:
        summary = dict(self.summary, status="over" if engine.is_over(self.state) else "playing", v=self.v)
        summary.pop("deadline_in", None)
        if self.deadline_in is not None:
            summary["deadline_in"] = self.deadline_in
        return json.dumps(room_message(summary, self.seat, False))

    def _state(self, events: list[dict[str, Any]], sync: bool) -> str:
        log = self.state["log"] if sync else None
        return json.dumps(state_message(self.state, self.v, self.seat, events, log=log))

    def _answer(self, ws: WebSocketRoute) -> None:
        self.socket = ws

        def on_message(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "hello":
                ws.send(self._room())
                ws.send(self._state([], sync=True))
            elif data.get("type") == "ping":
                ws.send(json.dumps({"type": "pong", "v": self.v}))

        ws.on_message(on_message)

    def open(self) -> None:
        self.page.route_web_socket(re.compile(r"/ws/rooms/"), self._answer)
        self.page.goto(f"{self.server_url}/rooms/{self.code}")
        expect(self.page.locator("#game-root")).to_have_attribute("data-over", re.compile("true|false"))

    def push(self, state: dict) -> None:
        """The next frame: the new state with the events it added (as the server sends them)."""
        before = len(self.state["log"])
        self.state = state
        self.v += 1
        events = state["log"][before:]
        assert self.socket is not None, "open() first"
        over = engine.is_over(state)
        if over:
            self.socket.send(self._room())
        self.socket.send(self._state(events, sync=over))
