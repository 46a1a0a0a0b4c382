"""Writing one section of bench/RESULTS.md: the section that starts with `marker` is replaced
(up to the next `## ` heading), or the new section is added (first, or last)."""

from __future__ import annotations

from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"


def write_section(section: str, marker: str, first: bool = False, path: Path = RESULTS) -> None:
    """`path`: another results file (bench/RESULTS-<game>.md) instead of RESULTS.md."""
    text = path.read_text() if path.exists() else "# Benchmarks\n\n"
    if marker in text:
        head, rest = text.split(marker, 1)
        tail = rest.split("\n## ", 1)
        text = head + section + ("\n## " + tail[1] if len(tail) > 1 else "")
    elif first:
        head, sep, rest = text.partition("\n## ")
        text = head.rstrip() + "\n\n" + section + ("\n## " + rest if sep else "")
    else:
        text = text.rstrip() + "\n\n" + section
    path.write_text(text)
