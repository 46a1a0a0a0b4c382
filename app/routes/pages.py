"""The HTML pages: home, a room (lobby, table, spectator view), a game's rules.

Pages are rendered in the reader's language (see app.i18n) and hand over to
the ES modules in static/js; every word comes from static/i18n/<lang>.json.
"""

from __future__ import annotations

import json
import re
from functools import partial
from typing import Any

from fastapi import APIRouter, FastAPI, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse
from fastapi.templating import Jinja2Templates

from app import i18n
from app.assets import REVALIDATE, FingerprintedStaticFiles, StaticAssets
from app.resources import STATIC_DIR, TEMPLATES_DIR

RULES_DIR = STATIC_DIR / "rules"
templates = Jinja2Templates(directory=str(TEMPLATES_DIR))
# Hashed once per process (the files of an installation do not change; see app.assets).
assets = StaticAssets(STATIC_DIR)
templates.env.globals.update(static_url=assets.url, import_map=assets.import_map_tag())
router = APIRouter(include_in_schema=False)

_GAME_ID = re.compile(r"^[a-z][a-z0-9_]{0,40}$")
_ROOM_CODE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
LANG_COOKIE_MAX_AGE = 365 * 24 * 3600


def install(app: FastAPI) -> None:
    """Mount the pages and the static files on the app (one call from app.main).

    Pages link to the fingerprinted static URLs (`/static/<path>.<hash>.<ext>`,
    cached for a year) and carry the import map the ES modules resolve through;
    see app.assets."""
    app.state.assets = assets
    app.include_router(router)
    app.mount("/static", FingerprintedStaticFiles(assets), name="static")


def reader_language(request: Request) -> str:
    return i18n.pick_language(request.cookies.get(i18n.COOKIE_NAME), request.headers.get("accept-language"))


def render(request: Request, template: str, status_code: int = 200, **context: Any) -> HTMLResponse:
    lang = reader_language(request)
    context.update(lang=lang, t=partial(i18n.translate, lang), languages=i18n.LANGUAGES)
    response = templates.TemplateResponse(request, template, context, status_code=status_code)
    # Pages are small and name the current fingerprinted assets: always revalidate them.
    response.headers["Cache-Control"] = REVALIDATE
    response.headers["Content-Language"] = lang
    response.headers["Vary"] = "Accept-Language, Cookie"
    return response


def rules_summary(game_id: str) -> dict[str, Any]:
    """The rules summary of a game: a title key and sections of catalogue keys (static/rules/<id>.json)."""
    if not _GAME_ID.match(game_id):
        raise HTTPException(status_code=404)
    path = RULES_DIR / f"{game_id}.json"
    if not path.is_file():
        raise HTTPException(status_code=404)
    return json.loads(path.read_text(encoding="utf-8"))


@router.get("/", response_class=HTMLResponse)
def home(request: Request) -> HTMLResponse:
    return render(request, "home.html", page="home")


@router.get("/rooms/{code}", response_class=HTMLResponse)
def room(request: Request, code: str) -> HTMLResponse:
    if not _ROOM_CODE.match(code):
        return render(request, "not_found.html", status_code=404, page="not_found")
    return render(request, "room.html", page="room", code=code)


@router.get("/rooms/{code}/replay", response_class=HTMLResponse)
def replay(request: Request, code: str) -> HTMLResponse:
    """A finished game step by step, every secret revealed (static/js/replay.js).

    The page itself is always served; the API behind it refuses (`not_over`) before the end."""
    if not _ROOM_CODE.match(code):
        return render(request, "not_found.html", status_code=404, page="not_found")
    return render(request, "replay.html", page="replay", code=code)


@router.get("/games/{game_id}/rules", response_class=HTMLResponse)
def rules(request: Request, game_id: str, fragment: int = 0) -> HTMLResponse:
    summary = rules_summary(game_id)
    template = "rules_fragment.html" if fragment else "rules.html"
    return render(
        request, template, page="rules", game_id=game_id, title=summary["title"], sections=summary["sections"]
    )


@router.get("/lang")
def switch_language(request: Request, lang: str = "", next: str = "/") -> RedirectResponse:
    """Remember the chosen language in a cookie and go back to the page (works without JS)."""
    chosen = i18n.normalise_language(lang) or reader_language(request)
    target = next if next.startswith("/") and not next.startswith("//") and "\\" not in next else "/"
    response = RedirectResponse(target, status_code=303)
    response.set_cookie(
        i18n.COOKIE_NAME, chosen, max_age=LANG_COOKIE_MAX_AGE, samesite="lax", httponly=False, path="/"
    )
    return response
