"""The wheel is a working install: built from a copy of the sources, installed (not editable)
into a fresh virtual environment, `paddock serve` started from an unrelated directory serves
the pages, the fingerprinted static files, the catalogues, the migrations' schema, and the
operator endpoints.

Offline: the wheel is built without build isolation (setuptools and wheel come from the
`test` extra) and installed with `--no-deps --no-index` into a venv that sees the
site-packages of the interpreter running pytest (a system Python or itself a venv: a `.pth`
file adds them after the venv's own), so the dependencies come from there. The venv's own
copy of `app` wins over any editable install of the checkout, which the test checks."""

from __future__ import annotations

import os
import re
import shutil
import site
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from app import i18n

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ["pyproject.toml", "setup.py", "README.md", "app", "engine", "templates", "static", "migrations"]
STATIC_URL = re.compile(r'(?:src|href)="(/static/[^"]+\.[0-9a-f]{12}\.\w+)"')


def run(*command: str | Path, cwd: Path | None = None) -> str:
    result = subprocess.run(
        [str(part) for part in command], cwd=cwd, capture_output=True, text=True, timeout=600, env=clean_env()
    )
    assert result.returncode == 0, f"{command}\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    return result.stdout


def clean_env(**extra: str) -> dict[str, str]:
    """This environment without anything that would point Python or the app at the checkout."""
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "DATABASE_URL")}
    env.update(BROADCAST_URL="memory://", PIP_NO_INPUT="1", **extra)
    return env


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def see_running_site_packages(python: Path) -> None:
    """Let the venv of `python` import the running environment's packages: `--system-site-packages`
    would see the base interpreter's, which lack the dependencies when pytest itself runs in a venv.
    `site.addsitedir` (not a bare path line) so their own `.pth` files are processed too."""
    running = [*site.getsitepackages()]
    if site.ENABLE_USER_SITE and os.path.isdir(site.getusersitepackages()):
        running.append(site.getusersitepackages())
    own = Path(run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))").strip())
    lines = "".join(f"import site; site.addsitedir({path!r})\n" for path in running)
    (own / "zz_running_environment.pth").write_text(lines)


@pytest.fixture(scope="module")
def venv(tmp_path_factory) -> Path:
    """A fresh venv with the wheel of these sources installed; the sources are gone afterwards."""
    base = tmp_path_factory.mktemp("wheel")
    source = base / "source"
    source.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build", "*.db*")
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=ignore)
        else:
            shutil.copy2(ROOT / name, source / name)
    dist = base / "dist"
    run(
        sys.executable,
        "-m",
        "pip",
        "wheel",
        "--no-deps",
        "--no-build-isolation",
        "--no-index",
        "-w",
        dist,
        source,
    )
    wheels = list(dist.glob("paddock-*.whl"))
    assert len(wheels) == 1
    shutil.rmtree(source)  # nothing may be read from the build tree
    env_dir = base / "venv"
    run(sys.executable, "-m", "venv", env_dir)
    python = env_dir / "bin" / "python"
    see_running_site_packages(python)
    run(python, "-m", "pip", "install", "--no-deps", "--no-index", "--ignore-installed", wheels[0])
    return env_dir


@pytest.fixture(scope="module")
def served(venv, tmp_path_factory) -> Iterator[tuple[httpx.Client, Path]]:
    """`paddock serve` from the venv, in an empty directory of its own (SQLite file lands there)."""
    workdir = tmp_path_factory.mktemp("elsewhere")
    port = free_port()
    log_path = workdir / "server.log"
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            [venv / "bin" / "paddock", "serve", "--port", str(port)],
            cwd=workdir,
            env=clean_env(BOT_DELAY="0"),
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    http = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30)
    try:
        deadline = time.monotonic() + 120
        while True:
            if process.poll() is not None:
                pytest.fail(
                    f"paddock serve exited with {process.returncode}:\n{log_path.read_text()[-3000:]}"
                )
            try:
                if http.get("/healthz").status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "paddock serve did not answer in 120 s"
            time.sleep(0.1)
        yield http, workdir
    finally:
        http.close()
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


def test_the_installed_package_is_the_wheel_not_the_checkout(venv, tmp_path):
    out = run(
        venv / "bin" / "python",
        "-c",
        "import app, app.resources as r; print(app.__file__); "
        "print(r.STATIC_DIR); print(r.TEMPLATES_DIR); print(r.MIGRATIONS_DIR)",
        cwd=tmp_path,
    )
    paths = [Path(line) for line in out.split()]
    for path in paths:
        assert venv in path.parents, f"{path} is not inside the venv"
    assert (paths[1] / "i18n" / "zh-Hans.json").is_file() and (paths[2] / "room.html").is_file()
    assert any((paths[3] / "versions").glob("0001_*.py"))


def test_pages_static_files_and_operator_endpoints_from_another_directory(served):
    http, workdir = served
    home = http.get("/", headers={"Accept-Language": "pt-BR"})
    assert home.status_code == 200 and home.headers["cache-control"] == "no-cache"
    assert i18n.translate("pt", "home.create_room") in home.text  # catalogue read from the wheel
    urls = STATIC_URL.findall(home.text)
    assert any("/static/js/home." in url for url in urls), urls
    for url in urls:
        asset = http.get(url)
        assert asset.status_code == 200, url
        assert asset.headers["cache-control"] == "public, max-age=31536000, immutable"
        plain = re.sub(r"\.[0-9a-f]{12}(\.\w+)$", r"\1", url.removeprefix("/static/"))
        assert asset.content == (ROOT / "static" / plain).read_bytes(), url

    # The migrations ran from the wheel: a room can be stored, and its page served.
    room = http.post("/api/rooms", json={"game": "ponies_in_pursuit", "name": "Host", "options": {}})
    assert room.status_code == 201, room.text
    page = http.get(f"/rooms/{room.json()['code']}")
    assert page.status_code == 200 and "/static/js/room." in page.text
    assert (workdir / "paddock.db").is_file()  # the default database lives in the working directory
    # Every other page too: the rules summary reads static/rules from the wheel.
    rules = http.get("/games/ponies_in_pursuit/rules")
    assert rules.status_code == 200 and i18n.translate("en", "rules.heading") in rules.text
    assert http.get(f"/rooms/{room.json()['code']}/replay").status_code == 200

    assert http.get("/healthz").json() == {"status": "ok"}
    ready = http.get("/readyz")
    assert ready.status_code == 200 and ready.json()["checks"] == {"database": "ok"}
    metrics = http.get("/metrics")
    assert metrics.status_code == 200
    samples = {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(metrics.text)
        for sample in family.samples
    }
    assert samples[("paddock_rooms", (("status", "lobby"),))] == 1
