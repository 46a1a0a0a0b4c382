"""Security headers on every HTTP response (pages, API, static files).

The pages load scripts and styles only from this site (no inline script, style or event
handler anywhere in templates/ or static/, except the import map of the fingerprinted
assets, allowed by its own sha256 and nothing else), may not be framed, and send no referrer
to other sites (room links carry the room code). No API answer is stored by a browser or a
proxy (`Cache-Control: no-store`): create, join, claim and rematch answers carry seat tokens.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send


def content_security_policy(script_sources: str = "") -> str:
    """The policy; `script_sources`: extra `script-src` sources (the import map's hash)."""
    return CONTENT_SECURITY_POLICY.replace(
        "script-src 'self'", f"script-src 'self' {script_sources}".rstrip()
    )


CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

SECURITY_HEADERS: list[tuple[bytes, bytes]] = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
]


NO_STORE = (b"cache-control", b"no-store")


class SecurityHeaders:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.headers: list[tuple[bytes, bytes]] | None = None

    def _headers(self, scope: Scope) -> list[tuple[bytes, bytes]]:
        """The headers, the policy allowing the pages' import map (app.assets) when there is one."""
        if self.headers is None:
            assets = getattr(getattr(scope.get("app"), "state", None), "assets", None)
            if assets is None:
                return SECURITY_HEADERS
            policy = content_security_policy(assets.import_map_csp_source())
            self.headers = [
                (name, policy.encode() if name == b"content-security-policy" else value)
                for name, value in SECURITY_HEADERS
            ]
        return self.headers

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {name.lower() for name, _ in message.get("headers", ())}
                extra = [(name, value) for name, value in self._headers(scope) if name not in names]
                if scope["path"].startswith("/api/") and b"cache-control" not in names:
                    extra.append(NO_STORE)
                message = {**message, "headers": [*message.get("headers", ()), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)
