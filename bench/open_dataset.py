"""How fast a big JSON Lines dataset opens, and how much memory that takes.

Run ``python bench/open_dataset.py``. The first run writes a 200,000-row (~300 MB) file
of chat rows into the temporary folder and keeps it for later runs. Each measurement runs
in a fresh Python process so peak memory is the opening's own. Targets: first rows
< 0.5 s, full index < 3 s, peak RSS < 300 MB.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.figures import report

ROWS = 200_000
SEED = 20240601
CACHE = Path(tempfile.gettempdir()) / "judgedesk-bench" / f"chat-{ROWS // 1000}k-v2.jsonl"

_VOCABULARY = """
the model answer question energy light speed relativity climate summer rain python
function value error dataset judge score review reference prompt token because therefore
however example detail explain simple careful result table first second market price
average growth report user system assistant tool weather city
"""
_WORDS = _VOCABULARY.split()
_HANZI = "北京的气候属于温带季风气候夏季高温多雨冬季寒冷干燥相对论光速时间空间质量能量"
_CATEGORIES = ("math", "code", "chat", "writing", "reasoning", "extraction")


def _text(rng: random.Random, chars: int, chinese: bool = False) -> str:
    if chinese:
        return "".join(rng.choices(_HANZI, k=chars // 3))
    words = rng.choices(_WORDS, k=chars // 6)
    # Some answers span paragraphs, as real ones do.
    if chars > 200:
        words.insert(len(words) // 2, "\n\n")
    return " ".join(words)


def _row(rng: random.Random, number: int) -> dict[str, Any]:
    chinese = number % 20 == 0
    messages = [{"role": "system", "content": _text(rng, 80)}]
    if number % 4 == 0:
        messages += [
            {"role": "user", "content": _text(rng, 55, chinese)},
            {"role": "assistant", "content": _text(rng, 110, chinese)},
        ]
    messages += [
        {"role": "user", "content": _text(rng, 150, chinese)},
        {"role": "assistant", "content": _text(rng, 270, chinese)},
    ]
    return {
        "id": f"row-{number:06d}",
        "messages": messages,
        "response": {
            "content": _text(rng, 270, chinese),
            "reasoning_content": _text(rng, 150),
            "model": "candidate-7b",
        },
        "ref_answer": _text(rng, 60),
        "meta": {
            "category": rng.choice(_CATEGORIES),
            "difficulty": rng.randint(1, 5),
            "source": "synthetic",
        },
    }


def ensure_file(path: Path = CACHE) -> Path:
    """Writes the benchmark file unless a previous run already did."""
    if path.exists():
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    print(f"writing {path} (once; about 20 s)…", file=sys.stderr)
    rng = random.Random(SEED)
    partial = path.with_suffix(".part")
    with open(partial, "w", encoding="utf-8", newline="\n") as handle:
        for number in range(ROWS):
            handle.write(json.dumps(_row(rng, number), ensure_ascii=False) + "\n")
    os.replace(partial, path)
    return path


def _peak_rss_mb() -> float | None:
    try:
        import resource
    except ImportError:  # Windows
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    # Linux reports kilobytes, macOS bytes.
    return peak / (1 << 20) if sys.platform == "darwin" else peak / 1024


def measure(path: Path) -> dict[str, Any]:
    """Runs in a fresh process: first rows, full index, random reads, peak memory."""
    from judgedesk.core.dataset import JsonlIndexer, open_dataset

    baseline = _peak_rss_mb()
    started = time.perf_counter()
    indexer = JsonlIndexer(path)
    early = indexer.dataset()
    while len(early) < 50 and not indexer.step(0.05):
        pass
    first = [(row.data, row.response) for row in early.rows(0, 50)]
    first_seconds = time.perf_counter() - started
    indexer.close()
    early.close()

    started = time.perf_counter()
    dataset = open_dataset(path)
    index_seconds = time.perf_counter() - started

    # The yardstick: the stdlib parsing each line, keeping nothing (no offsets, fields).
    started = time.perf_counter()
    with open(path, "rb") as handle:
        for line in handle:
            json.loads(line)
    stdlib_seconds = time.perf_counter() - started

    rng = random.Random(1)
    picks = [rng.randrange(len(dataset)) for _ in range(1000)]
    started = time.perf_counter()
    for index in picks:
        row = dataset.row(index)
        _ = row.data, row.response
    random_seconds = time.perf_counter() - started
    result = {
        "rows": len(dataset),
        "fields": len(dataset.fields()),
        "issues": len(dataset.issues),
        "first_rows": len(first),
        "first_seconds": first_seconds,
        "index_seconds": index_seconds,
        "stdlib_seconds": stdlib_seconds,
        "random_seconds": random_seconds,
        "baseline_rss_mb": baseline,
        "peak_rss_mb": _peak_rss_mb(),
    }
    dataset.close()
    return result


def measure_tracemalloc(path: Path) -> dict[str, Any]:
    """Runs in a fresh process: the peak of Python allocations while opening."""
    import tracemalloc

    from judgedesk.core.dataset import open_dataset

    tracemalloc.start()
    dataset = open_dataset(path)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    dataset.close()
    return {"tracemalloc_peak_mb": peak / (1 << 20)}


def _child(mode: str, path: Path) -> dict[str, Any]:
    output = subprocess.run(
        [sys.executable, __file__, f"--{mode}", str(path)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    result: dict[str, Any] = json.loads(output)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--tracemalloc", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--repeat", type=int, default=3, help="runs to take the best of")
    parser.add_argument("--no-tracemalloc", action="store_true", help="skip the slow run")
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.measure)))
        return
    if args.tracemalloc:
        print(json.dumps(measure_tracemalloc(args.tracemalloc)))
        return

    path = ensure_file()
    runs = [_child("measure", path) for _ in range(max(args.repeat, 1))]
    best = min(runs, key=lambda r: r["index_seconds"])
    traced = None if args.no_tracemalloc else _child("tracemalloc", path)

    def worst(key: str) -> float:
        return max(float(r[key]) for r in runs)

    def fmt_mb(value: float | None) -> str:
        return "n/a" if value is None else f"{value:,.0f} MB"

    table = [
        ("file", f"{path.stat().st_size / 1e6:,.0f} MB, {best['rows']:,} rows", ""),
        ("first 50 rows (progressive)", f"{best['first_seconds']:.3f} s", "< 0.5 s"),
        ("full index (open_dataset)", f"{best['index_seconds']:.2f} s", "< 3 s"),
        ("  slowest of the runs", f"{worst('index_seconds'):.2f} s", ""),
        ("  json.loads per line, same run", f"{best['stdlib_seconds']:.2f} s", "(yardstick)"),
        ("1,000 random rows (data+response)", f"{best['random_seconds']:.3f} s", ""),
        ("peak RSS (ru_maxrss)", fmt_mb(worst("peak_rss_mb")), "< 300 MB"),
        ("  of which Python at start", fmt_mb(best["baseline_rss_mb"]), ""),
    ]
    if traced is not None:
        table.append(("tracemalloc peak while opening", fmt_mb(traced["tracemalloc_peak_mb"]), ""))
    table.append(("fields found / issues", f"{best['fields']} / {best['issues']}", ""))
    print(f"open_dataset benchmark — best of {len(runs)} runs, Python {sys.version.split()[0]}")
    width = max(len(name) for name, _, _ in table)
    for name, value, target in table:
        print(f"  {name:<{width}}  {value:>22}  {target}")
    size = f"{best['rows']:,}-row, {path.stat().st_size / 1e6:,.0f} MB JSONL"
    report(
        [
            (f"{size} — first 50 rows", f"{best['first_seconds']:.2f} s", "< 0.5 s"),
            (
                "the same — full index with every line validated",
                f"{best['index_seconds']:.1f} s (slowest run {worst('index_seconds'):.1f} s)",
                "< 3 s",
            ),
            ("the same — peak memory", fmt_mb(worst("peak_rss_mb")), "< 300 MB"),
        ]
    )


if __name__ == "__main__":
    main()
