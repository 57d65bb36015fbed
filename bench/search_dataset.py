"""How fast the rows holding some text are found in a 200,000-row JSON Lines dataset.

Run ``python bench/search_dataset.py``. It reuses the file ``bench/open_dataset.py`` writes
(about 300 MB of chat rows, kept in the temporary folder) and runs each query of the table
with :func:`~judgedesk.core.dataset.search_rows`, in a fresh Python process per run so the
operating system's file cache is the only thing shared. The yardstick reads every row the
plain way (``Dataset.row`` then ``data`` and ``response``), on a tenth of the rows. Target:
a typical query over 200,000 rows in < 1 s.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.figures import report  # noqa: E402
from bench.open_dataset import ensure_file  # noqa: E402

# (label, query, fields): what people type, and the cases that cost more.
QUERIES: list[tuple[str, str, list[str] | None]] = [
    ("rare phrase, all fields", "relativity summer rain", None),
    ("common word, all fields", "the", None),
    ("a field name, all fields", "content", None),
    ("one id, all fields", "row-123456", None),
    ("Chinese, all fields", "北京的气候", None),
    ("upper case, all fields", "PYTHON FUNCTION", None),
    ("question only", "energy light", ["question"]),
    ("response.content only", "market price", ["response.content"]),
    ("history only", "careful result", ["history"]),
    ("ID only", "row-123456", ["id"]),
    ("with quotes, all fields", 'say "hi"', None),
    ("a history label (parses every row)", "[bot] ", ["history"]),
]


def measure(path: Path) -> dict[str, Any]:
    """Runs in a fresh process: opens the file, then times every query."""
    from judgedesk.core.dataset import open_dataset, search_rows, text_contains

    started = time.perf_counter()
    dataset = open_dataset(path)
    open_seconds = time.perf_counter() - started
    timings = []
    for label, query, fields in QUERIES:
        started = time.perf_counter()
        found = search_rows(dataset, query, fields)
        timings.append((label, time.perf_counter() - started, len(found)))

    # The yardstick, and a check: build each row and look through data and response.
    sample = len(dataset) // 10
    query = QUERIES[0][1]
    started = time.perf_counter()
    plain = [
        index
        for index in range(sample)
        if text_contains(dataset.row(index).record, query)
        or text_contains(dataset.row(index).response, query)
    ]
    plain_seconds = (time.perf_counter() - started) * len(dataset) / max(sample, 1)
    same = search_rows(dataset, query, stop=sample) == plain
    result = {
        "rows": len(dataset),
        "open_seconds": open_seconds,
        "timings": timings,
        "plain_seconds": plain_seconds,
        "same_as_plain": same,
    }
    dataset.close()
    return result


def _child(path: Path) -> dict[str, Any]:
    output = subprocess.run(
        [sys.executable, __file__, "--measure", str(path)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    result: dict[str, Any] = json.loads(output)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--repeat", type=int, default=3, help="runs to take the best of")
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.measure)))
        return

    path = ensure_file()
    runs = [_child(path) for _ in range(max(args.repeat, 1))]
    first = runs[0]
    print(
        f"search_rows benchmark — {first['rows']:,} rows "
        f"({path.stat().st_size / 1e6:,.0f} MB), best of {len(runs)} runs, "
        f"Python {sys.version.split()[0]}"
    )
    width = max(len(label) for label, _, _ in QUERIES)
    for number, (label, _, _) in enumerate(QUERIES):
        best = min(run["timings"][number][1] for run in runs)
        found = first["timings"][number][2]
        print(f"  {label:<{width}}  {best:6.2f} s  {found:>9,} rows")
    plain = min(run["plain_seconds"] for run in runs)
    print(f"  {'yardstick: every row built, scaled':<{width}}  {plain:6.2f} s")
    print(f"  {'same rows as the yardstick':<{width}}  {all(r['same_as_plain'] for r in runs)}")
    print(f"  {'(opening the file, not counted)':<{width}}  {first['open_seconds']:6.2f} s")
    bests = {
        label: min(run["timings"][n][1] for run in runs) for n, (label, _, _) in enumerate(QUERIES)
    }
    slowest = max(bests, key=lambda label: bests[label])
    report(
        [
            (
                f"{first['rows']:,} rows ({path.stat().st_size / 1e6:,.0f} MB) — a rare "
                "phrase in every field",
                f"{bests[QUERIES[0][0]]:.2f} s",
                "< 1 s",
            ),
            (f"the same — the slowest query: {slowest}", f"{bests[slowest]:.2f} s", ""),
        ]
    )


if __name__ == "__main__":
    main()
