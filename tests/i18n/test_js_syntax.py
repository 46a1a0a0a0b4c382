"""Every browser module parses as an ES module (a syntax error would leave a
page or a game table blank). Uses the machine's Node.js when it has one."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MODULES = sorted([*(ROOT / "static" / "js").glob("*.js"), *(ROOT / "static" / "games").glob("*.js")])


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_module_parses(path):
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed; the browser tests still load every module")
    result = subprocess.run(
        [node, "--experimental-default-type=module", "--check", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
