"""A million rows: a run plan, a run and a report over a 1,000,000-row JSONL file.

Each stage runs in a Python process of its own, so its peak memory is its own: opening
the dataset (an index, not the rows), the run plan (what a run would send), a run with a
rule judge (no network: the figure is JudgeDesk's own cost), ``report --json``, a second
run with the judge changed, ``report --json --compare 1 2`` (two thirds of the rows
changed, each listed) and ``report --json --history``.
Prints each stage's time and peak memory, and the results file's size per row.

    python bench/million.py [--rows 1000000]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.figures import report  # noqa: E402

_REPORT = """
import contextlib, io
from judgedesk.cli import main
class Count(io.TextIOBase):  # what is printed is counted, not kept
    written = 0
    def write(self, text):
        Count.written += len(text)
        return len(text)
with contextlib.redirect_stdout(Count()):
    main(["report", str(project.root), "--json", "--trust"{args}])
print(Count.written, "characters of report")
"""

STAGES = {
    "open": """
from judgedesk.core.dataset import open_dataset
with open_dataset(project.dataset_path()) as dataset:
    print(len(dataset), "rows indexed")
""",
    "plan": """
from judgedesk.core.dataset import open_dataset
from judgedesk.core.run.estimate import estimate_run
from judgedesk.core.run.selection import Selection
with open_dataset(project.dataset_path()) as dataset:
    print(estimate_run(project, dataset, Selection()).rows, "rows to judge")
""",
    "run": """
import asyncio
from judgedesk.core.dataset import open_dataset
from judgedesk.core.run.pipeline import run_project
with open_dataset(project.dataset_path()) as dataset:
    summary = asyncio.run(run_project(project, dataset))
    print(summary.to_dict()["ok"], "rows judged")
""",
    "report": _REPORT.format(args=""),
    "run again": """
import asyncio
from judgedesk.core.dataset import open_dataset
from judgedesk.core.run.pipeline import run_project
project.judges[0].metric = "exact"  # the judge changed: every row judged again
with open_dataset(project.dataset_path()) as dataset:
    summary = asyncio.run(run_project(project, dataset))
    print(summary.to_dict()["ok"], "rows judged again")
""",
    "compare": _REPORT.format(args=', "--compare", "1", "2"'),
    "history": _REPORT.format(args=', "--history"'),
}


_SAID = {
    "run again": "a second run, the judge changed",
    "compare": "report --json --compare 1 2 (two thirds of the rows changed)",
    "history": "report --json --history",
}


def make_project(folder: Path, rows: int) -> None:
    from judgedesk.core.judge import JudgeSettings
    from judgedesk.core.project import Project

    data = folder / "data.jsonl"
    with data.open("w", encoding="utf-8") as handle:
        for i in range(rows):
            answer = "Paris" if i % 3 else "Lyon"
            record = {
                "id": f"r{i}",
                "question": f"What is the capital of France? (item {i})",
                "ref_answer": "Paris",
                "response": {"content": f"The capital is {answer}."},
                "category": f"c{i % 7}",
            }
            handle.write(json.dumps(record) + "\n")
    project = Project(root=folder, name="million")
    project.dataset.path = str(data)
    project.judges = [JudgeSettings(name="rule", kind="metric", metric="contains")]
    project.save()


def stage(name: str, folder: Path) -> tuple[float, float, str]:
    """Seconds, peak MiB and the last line printed by one stage, in a fresh process."""
    code = (
        "import sys\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        "from judgedesk.core.project.settings import load_project\n"
        f"project = load_project({str(folder)!r})\n"
        + STAGES[name]
        + "\nimport resource\nprint('PEAK', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n"
    )
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, cwd=ROOT
    )
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"{name} failed:\n{done.stderr[-3000:]}")
    lines = done.stdout.strip().splitlines()
    peak = int(lines[-1].split()[1]) / 1024  # KiB on Linux
    return seconds, peak, (lines[-2][:120] if len(lines) > 1 else "")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=1_000_000)
    args = parser.parse_args()
    figures = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "million"
        folder.mkdir()
        make_project(folder, args.rows)
        size = (folder / "data.jsonl").stat().st_size
        print(f"million — {args.rows:,} rows, {size / 2**20:.0f} MiB of JSONL")
        store = folder / ".judgedesk" / "results.sqlite"
        per_row = 0.0
        for name in STAGES:
            seconds, peak, said = stage(name, folder)
            print(f"  {name:<9} {seconds:7.1f} s   peak {peak:7.0f} MiB   {said}")
            figures.append(
                (
                    f"{args.rows:,} rows — {_SAID.get(name, name)}: time / peak memory",
                    f"{seconds:.1f} s / {peak:.0f} MiB",
                    "—",
                )
            )
            if name == "run":  # one run's results
                per_row = store.stat().st_size / args.rows
                print(
                    f"  results file {store.stat().st_size / 2**20:.0f} MiB, "
                    f"{per_row:.0f} bytes a row"
                )
    figures.append(("the results file per row (one run)", f"{per_row:.0f} bytes", "—"))
    report(figures)


if __name__ == "__main__":
    main()
