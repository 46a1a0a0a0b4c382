"""Fingerprinted static files: a content hash in every URL, cached for a year.

`StaticAssets(directory)` hashes every file under `static/` once, when the app is
built (the "build" of an installed wheel never changes; a checkout edited while the
server runs still gets the new bytes, see `FingerprintedStaticFiles`). A file
`js/room.js` is then served at `/static/js/room.<hash>.js`, where the hash is the
first 12 hex digits of the SHA-256 of its bytes.

How the ES modules keep one identity each: the modules import each other with
relative paths (`./i18n.js`) and load game modules by absolute path
(`/static/games/<id>.js`). Every page carries one import map (`<script
type="importmap">` in templates/base.html, before any module) that maps each plain
URL to its fingerprinted URL, for every file under static/. The browser resolves
`./i18n.js` against the importing module's URL (`/static/js/room.<hash>.js` resolves
it to `/static/js/i18n.js`, same folder) and then applies the map, so every import
of a module, static or dynamic, from any module, ends at the same fingerprinted URL
and the module is instantiated once. The `<script src>` of the page's entry module
uses the same fingerprinted URL (`static_url(...)` in the templates), since a
`src` attribute is not an import specifier. Files that are not modules (the language
catalogues, a game's CSS) are looked up the same way with
`import.meta.resolve("/static/...")`, which applies the import map too.

Caching: a fingerprinted URL whose hash matches the file is
`Cache-Control: public, max-age=31536000, immutable`; anything else under /static
(the plain URL, or a hash from an older deploy, which gets today's bytes so that
a page opened before a deploy keeps working) is `no-cache`, i.e. revalidated with
its ETag on every use.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path

from markupsafe import Markup
from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

URL_PREFIX = "/static/"
HASH_LENGTH = 12
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"

# `<name>.<12 hex digits>.<ext>`: the fingerprinted form of `<name>.<ext>`.
_FINGERPRINTED = re.compile(rf"^(?P<stem>.+)\.(?P<digest>[0-9a-f]{{{HASH_LENGTH}}})(?P<ext>\.[A-Za-z0-9]+)$")


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:HASH_LENGTH]


def fingerprinted_name(relative: str, digest: str) -> str:
    """`js/room.js` + digest -> `js/room.<digest>.js` (a file without an extension gets `.<digest>`)."""
    folder, _, name = relative.rpartition("/")
    stem, dot, ext = name.rpartition(".")
    hashed = f"{stem}.{digest}.{ext}" if dot and stem else f"{name}.{digest}"
    return f"{folder}/{hashed}" if folder else hashed


def split_fingerprint(relative: str) -> tuple[str, str | None]:
    """`js/room.<digest>.js` -> (`js/room.js`, digest); a plain path -> (path, None)."""
    folder, _, name = relative.rpartition("/")
    match = _FINGERPRINTED.match(name)
    if match is None:
        return relative, None
    plain = match["stem"] + match["ext"]
    return (f"{folder}/{plain}" if folder else plain), match["digest"]


class StaticAssets:
    """The content hashes of every file under `directory`, and their URLs."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.digests: dict[str, str] = {
            path.relative_to(directory).as_posix(): file_digest(path)
            for path in sorted(directory.rglob("*"))
            if path.is_file() and not path.name.startswith(".")
        }

    def url(self, relative: str) -> str:
        """The fingerprinted URL of `relative` (e.g. `js/room.js`); an unknown file keeps its plain URL."""
        relative = relative.lstrip("/")
        digest = self.digests.get(relative)
        if digest is None:
            return URL_PREFIX + relative
        return URL_PREFIX + fingerprinted_name(relative, digest)

    def is_current(self, relative: str, digest: str) -> bool:
        return self.digests.get(relative) == digest

    def import_map(self) -> dict[str, dict[str, str]]:
        """Plain URL -> fingerprinted URL for every file (modules, stylesheets, catalogues)."""
        return {"imports": {URL_PREFIX + relative: self.url(relative) for relative in self.digests}}

    def import_map_json(self) -> str:
        # `</` may not appear inside a <script> element.
        return json.dumps(self.import_map(), separators=(",", ":")).replace("</", "<\\/")

    def import_map_tag(self) -> Markup:
        """The `<script type="importmap">` element every page puts before its first module."""
        return Markup(f'<script type="importmap">{self.import_map_json()}</script>')

    def import_map_csp_source(self) -> str:
        """The CSP `script-src` source that allows exactly this import map (an inline script)."""
        digest = hashlib.sha256(self.import_map_json().encode()).digest()
        return f"'sha256-{base64.b64encode(digest).decode()}'"


class FingerprintedStaticFiles(StaticFiles):
    """Serves `static/` under both plain and fingerprinted names, with the caching above."""

    def __init__(self, assets: StaticAssets) -> None:
        super().__init__(directory=str(assets.directory))
        self.assets = assets

    async def get_response(self, path: str, scope: Scope) -> Response:
        plain, digest = split_fingerprint(path)
        if digest is not None and plain not in self.assets.digests:
            # Not one of ours after all (a real file whose name looks hashed).
            plain, digest = path, None
        response = await super().get_response(plain, scope)
        current = digest is not None and self.assets.is_current(plain, digest)
        response.headers["Cache-Control"] = IMMUTABLE if current else REVALIDATE
        return response
