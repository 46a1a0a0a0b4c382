"""Fingerprinted static files (app.assets): content-hashed URLs cached for a year, pages
revalidated, and one import map that sends every module import to its fingerprinted URL."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from html.parser import HTMLParser

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.assets import IMMUTABLE, StaticAssets, fingerprinted_name, split_fingerprint
from app.resources import STATIC_DIR
from app.routes import pages


@pytest.fixture(scope="module")
def client():
    app = FastAPI()
    pages.install(app)
    return TestClient(app)


class Links(HTMLParser):
    """The static URLs a page names, the import map, and the order of scripts in the page."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.scripts: list[str] = []  # "importmap" or "module"
        self.import_map = ""
        self._in_map = False

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        for name in ("src", "href"):
            if (values.get(name) or "").startswith("/static/"):
                self.urls.append(values[name])
        if tag == "script":
            self.scripts.append(values.get("type") or "classic")
            self._in_map = values.get("type") == "importmap"

    def handle_data(self, data):
        if self._in_map:
            self.import_map += data

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_map = False


def page_links(html: str) -> Links:
    links = Links()
    links.feed(html)
    return links


def test_names_carry_the_content_hash_and_split_back():
    assert fingerprinted_name("js/room.js", "0123456789ab") == "js/room.0123456789ab.js"
    assert fingerprinted_name("css/paddock.css", "0123456789ab") == "css/paddock.0123456789ab.css"
    assert split_fingerprint("js/room.0123456789ab.js") == ("js/room.js", "0123456789ab")
    assert split_fingerprint("js/room.js") == ("js/room.js", None)
    assert split_fingerprint("i18n/zh-Hans.0123456789ab.json") == ("i18n/zh-Hans.json", "0123456789ab")


def test_a_changed_file_gets_a_new_url(tmp_path):
    (tmp_path / "js").mkdir()
    module = tmp_path / "js" / "a.js"
    module.write_text("export const a = 1;\n")
    before = StaticAssets(tmp_path).url("js/a.js")
    module.write_text("export const a = 2;\n")
    after = StaticAssets(tmp_path).url("js/a.js")
    digest = hashlib.sha256(module.read_bytes()).hexdigest()[:12]
    assert before != after and after == f"/static/js/a.{digest}.js"


def test_every_static_file_is_served_at_its_fingerprinted_url_for_a_year(client):
    files = [path for path in STATIC_DIR.rglob("*") if path.is_file()]
    assert any(path.suffix == ".js" for path in files) and any(path.parent.name == "i18n" for path in files)
    for path in files:
        relative = path.relative_to(STATIC_DIR).as_posix()
        url = pages.assets.url(relative)
        assert url != f"/static/{relative}" and re.search(r"\.[0-9a-f]{12}(\.\w+)?$", url), url
        response = client.get(url)
        assert response.status_code == 200, url
        assert response.content == path.read_bytes(), url
        assert response.headers["cache-control"] == IMMUTABLE == "public, max-age=31536000, immutable"


def test_plain_and_outdated_urls_still_work_but_are_revalidated(client):
    plain = client.get("/static/js/room.js")
    assert plain.status_code == 200 and plain.headers["cache-control"] == "no-cache"
    # A page opened before a deploy asks for an old hash: today's file, not cached for good.
    old = client.get("/static/js/room.000000000000.js")
    assert old.status_code == 200 and old.content == plain.content
    assert old.headers["cache-control"] == "no-cache"
    assert client.get("/static/js/nothing.0123456789ab.js").status_code == 404
    # Revalidation works: the ETag answers 304.
    again = client.get("/static/js/room.js", headers={"If-None-Match": plain.headers["etag"]})
    assert again.status_code == 304


@pytest.mark.parametrize("path", ["/", "/rooms/ABCD", "/rooms/ABCD/replay", "/games/ponies_in_pursuit/rules"])
def test_pages_are_revalidated_and_name_only_fingerprinted_assets(client, path):
    response = client.get(path)
    assert response.status_code == 200
    assert response.headers["cache-control"] == "no-cache"
    links = page_links(response.text)
    assert links.urls, "the page names its stylesheet and modules"
    for url in links.urls:
        assert re.search(r"\.[0-9a-f]{12}\.\w+$", url), url
        fetched = client.get(url)
        assert fetched.status_code == 200 and fetched.headers["cache-control"] == IMMUTABLE, url


def test_one_import_map_comes_before_every_module_and_covers_every_file(client):
    links = page_links(client.get("/rooms/ABCD").text)
    assert links.scripts.count("importmap") == 1
    assert links.scripts[0] == "importmap", "an import map must precede the first module script"
    imports = json.loads(links.import_map)["imports"]
    for path in STATIC_DIR.rglob("*"):
        if path.is_file():
            relative = path.relative_to(STATIC_DIR).as_posix()
            # Plain URL (what a relative import or import.meta.resolve resolves to) -> hashed URL.
            assert imports[f"/static/{relative}"] == pages.assets.url(relative)
    # The entry modules are loaded from exactly the URL the map gives, so a module
    # imported both ways is one module.
    entry = next(url for url in links.urls if "/js/room." in url)
    assert entry == imports["/static/js/room.js"]


def test_the_csp_source_matches_the_import_map_as_sent(client):
    html = client.get("/").text
    body = page_links(html).import_map
    digest = hashlib.sha256(body.encode()).digest()
    assert pages.assets.import_map_csp_source() == f"'sha256-{base64.b64encode(digest).decode()}'"


def test_modules_name_static_files_only_through_the_import_map():
    """A `/static/...` URL written in a module must go through `import(...)` or
    `import.meta.resolve(...)`, which apply the page's import map; a plain string would
    fetch the unversioned file (e.g. a stylesheet or a sound added later)."""
    through_map = re.compile(r"""(?:import\.meta\.resolve|import)\(\s*[`"']$""")
    for path in sorted(STATIC_DIR.rglob("*.js")):
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(r"""[`"']/static/""", text):
            before = text[max(0, match.start() - 40) : match.start() + 1]
            line = text.count("\n", 0, match.start()) + 1
            assert through_map.search(before), (
                f"{path.relative_to(STATIC_DIR)}:{line} names a static URL directly"
            )
