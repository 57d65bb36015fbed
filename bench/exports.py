"""How long each export takes, and the memory it needs, on a big results file.

Run ``python bench/exports.py [--rows N]``. Writes a dataset of N rows (default 20,000)
and a results file in a temporary folder: 95% of the rows judged (with the judge's
stored request, a system prompt, a reply with reasoning, and an answer a candidate model
generated), the rest never run, a tenth reviewed by hand. Then each format is exported
in a process of its own, which reports its time and its peak memory (the process's
maximum resident size, and how much it grew during the export). Prints figures; asserts
nothing.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.figures import report
from judgedesk.core.dataset import open_dataset
from judgedesk.core.report import FORMATS, write_export
from judgedesk.core.run import Review, Store

SYSTEM = "You are a strict grader. Read the question and the answer, then score it."
TEMPLATE = "Question: {q}\n\nAnswer: {a}\n\nRate the answer from 1 to 10 as Score: [[n]]."


def peak_mib() -> float:
    """The process's peak resident memory so far, in MiB (ru_maxrss is KiB on Linux)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def make(folder: Path, rows: int) -> None:
    rng = random.Random(11)
    data = folder / "items.jsonl"
    with data.open("w", encoding="utf-8") as handle:
        for index in range(rows):
            question = f"Question {index}: " + " ".join(
                f"word{rng.randint(0, 999)}" for _ in range(30)
            )
            record = {"id": f"r{index}", "question": question, "ref_answer": f"reference {index}"}
            handle.write(json.dumps(record) + "\n")
    with Store(folder / "results.sqlite") as store, open_dataset(data) as dataset:
        run = store.start_run()
        for row in dataset.rows(0, rows):
            if row.index % 20 == 19:
                continue  # never run
            answer = f"Answer {row.index}: " + "lorem ipsum " * 40
            score = rng.randint(1, 10)
            key = f"k{row.index}"
            messages = [
                {"role": "system", "content": SYSTEM},
                {"role": "user", "content": TEMPLATE.format(q=row.data["question"], a=answer)},
            ]
            store.put_call(
                key,
                judge="judge",
                model="judge-model",
                request={"model": "judge-model", "messages": messages},
                reply={
                    "content": "The answer covers the main points. " * 6 + f"Score: [[{score}]]",
                    "reasoning_content": "Weighing the answer against the reference. " * 8,
                },
                latency=0.5,
                attempts=1,
            )
            verdict = {"ok": True, "value": score, "label": str(score), "dimensions": {}}
            detail = {
                "candidate": {"content": answer, "reasoning_content": None, "tool_calls": None},
                "judges": [{"judge": "judge", "key": key, "verdict": verdict}],
            }
            store.put_result(run, row.index, row.id, "ok", score, detail=detail)
        store.finish_run(run, "finished")
        for index in range(0, rows, 10):
            store.reviews.put(
                Review(
                    index,
                    f"r{index}",
                    value=rng.randint(1, 10),
                    note="checked",
                    updated=time.time(),
                )
            )


def export_one(folder: Path, fmt: str) -> None:
    """In a process of its own: export once, print seconds, peak and growth in MiB."""
    with Store(folder / "results.sqlite") as store, open_dataset(folder / "items.jsonl") as data:
        before = peak_mib()
        start = time.perf_counter()
        count = write_export(store, folder / f"out.{fmt}", fmt, data)
        seconds = time.perf_counter() - start
    size = (folder / f"out.{fmt}").stat().st_size / (1024 * 1024)
    print(json.dumps([count, seconds, peak_mib(), peak_mib() - before, size]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows", type=int, default=20_000)
    parser.add_argument("--one", nargs=2, metavar=("FOLDER", "FORMAT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        export_one(Path(args.one[0]), args.one[1])
        return
    rows = args.rows
    figures: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        make(folder, rows)
        print(f"{rows:,} rows, {rows - rows // 20:,} judged, {rows // 10:,} reviewed")
        for fmt in FORMATS:
            done = subprocess.run(
                [sys.executable, __file__, "--one", str(folder), fmt],
                capture_output=True,
                text=True,
                check=True,
            )
            count, seconds, peak, grew, size = json.loads(done.stdout.splitlines()[-1])
            figures[fmt] = [seconds, peak, grew]
            print(
                f"{fmt:<6}{int(count):>8,} rows {seconds:7.2f} s  peak {peak:6.0f} MiB "
                f"(+{grew:.0f} MiB)  file {size:6.1f} MiB"
            )
    report(
        [
            (
                f"{rows:,} rows, every one exported — XLSX time / peak memory",
                f"{figures['xlsx'][0]:.1f} s / {figures['xlsx'][1]:.0f} MiB",
                "< 2 s / < 100 MiB",
            ),
            (
                "the same — JSONL / CSV / HTML export",
                " / ".join(f"{figures[f][0]:.1f} s" for f in ("jsonl", "csv", "html")),
                "",
            ),
        ]
    )


if __name__ == "__main__":
    main()
