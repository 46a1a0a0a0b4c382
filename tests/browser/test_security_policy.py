"""The site under its own Content-Security-Policy (issue 13): the pages work with no inline
script or style allowed (the socket connects, the table draws) and the browser reports no
violation; a page of another origin cannot open the room socket; the site cannot be framed."""

from __future__ import annotations

import threading
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from playwright.sync_api import expect

from app import i18n

pytestmark = pytest.mark.browser

# Collects every CSP violation the browser reports on the page (a test tool, injected by the
# DevTools protocol before the page's own scripts run).
RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(
    `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber} ${event.sample}`
  );
});
"""


class _Blank(BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802 - the handler's API
        body = b"<!doctype html><title>elsewhere</title>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@contextmanager
def blank_site():
    """Another origin on this machine: a blank page on another loopback port."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Blank)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def test_pages_run_under_the_policy_without_a_violation(browser, server_url):
    context = browser.new_context(locale="en-US")
    context.add_init_script(RECORD_VIOLATIONS)
    page = context.new_page()
    page.goto(f"{server_url}/")
    page.fill("#player-name", "Host")
    page.click("#create-button")
    page.wait_for_url("**/rooms/**")
    expect(page.locator("#conn-status")).to_have_attribute("data-state", "connected")
    expect(page.locator("#lobby")).to_be_visible()
    page.click("#add-bot")
    page.click("#start-game")
    expect(page.locator("#turn-banner")).not_to_be_empty()
    code = page.url.rstrip("/").split("/")[-1]
    page.goto(f"{server_url}/games/ponies_in_pursuit/rules")
    page.goto(f"{server_url}/rooms/{code}")
    expect(page.locator("#conn-status")).to_have_attribute("data-state", "connected")
    assert page.evaluate("() => window.__cspViolations") == []
    context.close()


def test_another_origin_cannot_open_the_room_socket(browser, server_url):
    """A page of another origin (a blank page from another port on this machine, served by the
    test) opens the room socket: it is refused with a sentence."""
    context = browser.new_context(locale="en-US")
    page = context.new_page()
    page.goto(f"{server_url}/")
    page.fill("#player-name", "Host")
    page.click("#create-button")
    page.wait_for_url("**/rooms/**")
    code = page.url.rstrip("/").split("/")[-1]
    ws_url = server_url.replace("http://", "ws://") + f"/ws/rooms/{code}"
    other = context.new_page()
    with blank_site() as foreign:
        other.goto(foreign)
        answer = other.evaluate(
            """(url) => new Promise((resolve) => {
                const ws = new WebSocket(url);
                let error = null;
                ws.onopen = () => ws.send(JSON.stringify({type: "hello"}));
                ws.onmessage = (event) => { error = JSON.parse(event.data); };
                ws.onclose = (event) => resolve({code: event.code, error});
            })""",
            ws_url,
        )
    assert answer["code"] == 4403 and answer["error"]["code"] == "bad_origin"
    # The site's own page is connected all along.
    expect(page.locator("#conn-status")).to_have_attribute("data-state", "connected")
    context.close()


def test_the_site_refuses_to_be_framed(browser, server_url):
    """Another site frames the home page: the browser refuses, naming frame-ancestors."""
    context = browser.new_context(locale="en-US")
    page = context.new_page()
    with blank_site() as foreign:
        page.goto(foreign)
        with page.expect_console_message(lambda m: "frame-ancestors 'none'" in m.text, timeout=15000):
            page.evaluate(
                "(url) => document.body.append(Object.assign(document.createElement('iframe'), {src: url}))",
                f"{server_url}/",
            )
    heading = i18n.translate("en", "site.name")
    expect(page.frame_locator("iframe").get_by_text(heading)).to_have_count(0)
    context.close()
