"""The one line each benchmark prints last, so that ``bench/all.py`` can read its figures.

A benchmark prints its own report as before, then ``BENCH-FIGURES [...]``: a JSON list
of {"figure", "value", "target"}, the value as a person reads it ("0.06 s", "1.05× the
ideal 12.5 s") and the target as the README states it ("< 0.5 s", or "—").
"""

from __future__ import annotations

import json
from typing import Any

PREFIX = "BENCH-FIGURES "
NO_TARGET = "—"


def report(figures: list[tuple[str, str, str]]) -> None:
    """Print ``(figure, value, target)`` rows as the machine-readable last line."""
    rows = [{"figure": f, "value": v, "target": t or NO_TARGET} for f, v, t in figures]
    print(PREFIX + json.dumps(rows, ensure_ascii=False), flush=True)


def parse(output: str) -> list[dict[str, str]] | None:
    """The figures in a benchmark's output (its last BENCH-FIGURES line), or None."""
    for line in reversed(output.splitlines()):
        if line.startswith(PREFIX):
            try:
                rows: Any = json.loads(line[len(PREFIX) :])
            except ValueError:
                return None
            if not isinstance(rows, list):
                return None
            return [
                {key: str(row.get(key, "")) for key in ("figure", "value", "target")}
                for row in rows
                if isinstance(row, dict)
            ]
    return None
