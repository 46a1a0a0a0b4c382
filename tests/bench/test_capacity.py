"""bench/capacity.py, the command docs/scaling.md's numbers come from, starts: it broke without
a word once when the pipeline bench moved the parts it borrows (its load, servers, database)."""

from __future__ import annotations

import subprocess
import sys

from bench.servers import ROOT


def test_the_capacity_bench_named_in_docs_scaling_starts():
    command = [sys.executable, "-m", "bench.capacity", "--help"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "--seconds" in done.stdout and "--rooms" in done.stdout
    assert "python -m bench.capacity" in (ROOT / "docs" / "scaling.md").read_text()
