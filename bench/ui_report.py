"""The Report pane on a big project: how soon it shows an up-to-date report, and the stalls.

Writes a 20,000-row project (a dataset with a category column and two finished runs of
scores, each with its judge's version, a tenth of the rows reviewed by hand) into a
temporary folder and times ``judgedesk report --json`` on it. Then opens it in the main
window (offscreen, with the app's garbage collection on the GUI thread), shows the
Report pane and times, while a 5 ms timer on the GUI thread measures how late it fires:

- the report and the comparison of the two runs on screen after showing the pane, and
  a breakdown by another field;
- an up-to-date report after a person's review (given as the Review pane gives it);
- an up-to-date report after a third run of every row is stored (written by another
  process, announced as the Run pane announces a finished run);
- Compare Two Runs: two runs picked to the comparison on screen.

Prints each figure beside its target and the longest and 99th percentile gap beyond the
timer's interval. Asserts nothing.

    python bench/ui_report.py [--rows 20000] [--json-only]

``--json-only`` times ``judgedesk report --json`` alone (no window).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_API", "pyside6")

import qasync  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from bench.figures import report  # noqa: E402
from bench.stalls import StallMeter  # noqa: E402
from judgedesk.app import collect_garbage_on_gui_thread  # noqa: E402
from judgedesk.core.judge import JudgeSettings  # noqa: E402
from judgedesk.core.project import (  # noqa: E402
    Project,
    Workspace,
)
from judgedesk.core.review import ReviewSession  # noqa: E402
from judgedesk.core.run import (  # noqa: E402
    Review,
    Store,
)
from judgedesk.ui.main_window import MainWindow  # noqa: E402
from judgedesk.ui.settings import AppSettings  # noqa: E402

TOPICS = ("maths", "history", "science", "language", "code", "law", "cooking")
NEW_RUN = 3
"""The id of the run written while the pane is shown."""


def make_project(folder: Path, rows: int) -> None:
    """A project whose dataset and results store are written directly (no judge needed)."""
    rng = random.Random(7)
    data = folder / "data" / "items.jsonl"
    data.parent.mkdir(parents=True)
    with data.open("w", encoding="utf-8") as handle:
        for i in range(rows):
            record = {
                "id": f"r{i}",
                "question": f"What about item {i}?",
                "response": {"content": f"answer {i}"},
                "topic": TOPICS[i % len(TOPICS)],
                "level": rng.choice(("easy", "medium", "hard")),
            }
            handle.write(json.dumps(record) + "\n")
    project = Project(root=folder, name="big")
    project.dataset.path = "data/items.jsonl"
    project.dataset.fields = {"category": "topic"}
    project.variables = {"min_score": 1, "max_score": 10}
    project.judges = [JudgeSettings(name="judge", base_url="http://127.0.0.1:9/v1", model="m")]
    project.save()
    for version in ("v1", "v2"):
        write_run(folder, rows, rng, version)
    with Store(project.store_path) as store:
        for index in range(0, rows, 10):
            store.reviews.put(Review(index, f"r{index}", value=rng.randint(1, 10), updated=1.0))


def write_run(folder: Path, rows: int, rng: random.Random, version: str) -> int:
    """A finished run of every row, scores 1–10, by version ``version`` of the judge."""
    with Store(folder / ".judgedesk" / "results.sqlite") as store:
        run = store.start_run(judges={"judge": version})
        for index in range(rows):
            score = rng.randint(1, 10)
            verdict = {"ok": True, "value": score, "label": str(score), "dimensions": {}}
            detail = {"judges": [{"judge": "judge", "key": f"k{index}", "verdict": verdict}]}
            store.put_result(run, index, f"r{index}", "ok", score, detail=detail)
        store.finish_run(run, "finished")
    return run


def time_report_json(folder: Path, times: int = 3) -> list[float]:
    """Seconds ``judgedesk report FOLDER --json`` takes, start to end, each time, sorted."""
    found = []
    for _ in range(times):
        started = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "judgedesk", "report", str(folder), "--json"],
            cwd=ROOT,
            check=True,
            stdout=subprocess.DEVNULL,
        )
        found.append(time.perf_counter() - started)
    return sorted(found)


class Shown:
    """Waits for the pane to show a report (or a comparison) that passes a test."""

    def __init__(self, signal: Any) -> None:
        self.test: Callable[[Any], bool] = lambda _: False
        self.event = asyncio.Event()
        signal.connect(self._shown)

    def _shown(self, shown: Any) -> None:
        if shown is not None and self.test(shown):
            self.event.set()

    async def after(self, test: Callable[[Any], bool], action: Callable[[], object]) -> float:
        """Seconds from ``action`` to a shown report that passes ``test``."""
        self.event.clear()
        self.test = test
        started = time.perf_counter()
        action()
        await self.event.wait()
        return time.perf_counter() - started


async def measure(window: MainWindow, folder: Path, rows: int) -> dict[str, float]:
    opened = asyncio.Event()
    window.workspace.sig_dataset_completed.connect(lambda _: opened.set())
    window.workspace.sig_dataset_loaded.connect(
        lambda d: opened.set() if d.complete and len(d) else None
    )
    window.open_project(folder)
    await opened.wait()
    pane, workspace = window.report_pane, window.workspace
    assert workspace.project is not None
    # A person's review, given as the Review pane gives it (read before the clock starts).
    store = Store(workspace.project.store_path)
    session = ReviewSession(
        store, workspace.dataset, project=workspace.project, undo=workspace.undo
    )
    # The session above is the bench's own: its objects are collected before the clock
    # starts, so a stall measured is the window's.
    gc.collect()
    meter = StallMeter()
    report_shown, compared = Shown(pane.sig_report_shown), Shown(pane.sig_comparison_shown)
    taken: dict[str, float] = {}
    meter.start()
    started = time.perf_counter()
    taken["report"] = await report_shown.after(
        lambda _: True, lambda: window.nav.setCurrentRow(window.stack.indexOf(pane))
    )
    await compared.after(lambda _: True, lambda: None)
    taken["comparison"] = time.perf_counter() - started
    taken["category"] = await report_shown.after(
        lambda r: r.category_field == "level", lambda: pane.choose_category("level")
    )
    reviewed = pane.report.review.reviewed if pane.report is not None else 0
    taken["review"] = await report_shown.after(
        lambda r: r.review.reviewed == reviewed + 1, lambda: session.set_value(1, 4)
    )
    writer = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--write-run", str(folder), "--rows", str(rows)
    )
    await writer.wait()
    taken["run"] = await report_shown.after(
        lambda _: pane.run.findData(NEW_RUN) >= 0,
        lambda: workspace.sig_results_changed.emit(NEW_RUN),
    )
    pane.tabs.setCurrentWidget(pane.compare)
    taken["compare"] = await compared.after(
        lambda c: (c.first, c.second) == (1, NEW_RUN), lambda: pane.compare.pick(1, NEW_RUN)
    )
    meter.stop()
    store.close()
    workspace.undo.set_clean()  # the review is stored: nothing to ask about when closing
    taken["changed"] = pane.compare.model.rowCount()
    taken["longest"], taken["p99"] = meter.longest_ms, meter.p99_ms
    return taken


def json_figure(rows: int, json_times: list[float]) -> tuple[str, str, str]:
    """The figure of ``judgedesk report --json``, printed and as the README's row."""
    best, worst = json_times[0], json_times[-1]
    print(f"report --json (best / worst of {len(json_times)})         {best:6.2f} / {worst:.2f} s")
    return (
        f"`judgedesk report PROJECT --json` on {rows:,} rows, two runs — start to end, "
        f"best / worst of {len(json_times)}",
        f"{best:.2f} s / {worst:.2f} s",
        "< 0.5 s",
    )


def print_figures(rows: int, json_times: list[float], taken: dict[str, float]) -> None:
    json_row = json_figure(rows, json_times)
    print(f"report shown after opening the pane        {taken['report']:6.2f} s")
    print(f"two runs compared (changed rows listed)    {taken['comparison']:6.2f} s")
    print(f"breakdown by another field                 {taken['category']:6.2f} s")
    print(f"up-to-date report after a review           {taken['review']:6.2f} s")
    print(f"up-to-date report after a run of every row {taken['run']:6.2f} s")
    print(f"Compare Two Runs: runs 1 and 3 picked      {taken['compare']:6.2f} s")
    print(f"changed rows in the table                  {int(taken['changed']):6d}")
    print(f"longest GUI stall                          {taken['longest']:6.1f} ms")
    print(f"99th percentile stall                      {taken['p99']:6.1f} ms")
    shown = f"{rows:,} rows"
    report(
        [
            json_row,
            (
                f"the Report pane on {shown} — an up-to-date report after a review / after "
                "a run of every row",
                f"{taken['review']:.2f} s / {taken['run']:.2f} s",
                "< 1 s",
            ),
            (
                "the same — Compare Two Runs: two runs picked to the changed rows listed",
                f"{taken['compare']:.2f} s ({int(taken['changed']):,} rows changed)",
                "< 1 s",
            ),
            (
                "the same — report / comparison on screen after showing the pane as soon "
                "as the project is open (the report's process starts as it opens)",
                f"{taken['report']:.1f} s / {taken['comparison']:.1f} s",
                "",
            ),
            (
                "the same — longest stall of the window meanwhile",
                f"{taken['longest']:.0f} ms (99th percentile {taken['p99']:.0f} ms)",
                "< 50 ms",
            ),
        ]
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows", type=int, default=20_000)
    parser.add_argument("--write-run", metavar="DIR", help=argparse.SUPPRESS)
    parser.add_argument("--json-only", action="store_true", help="time report --json alone")
    args = parser.parse_args()
    rows = args.rows
    if args.write_run:  # the third run, written by another process as a run's would be
        write_run(Path(args.write_run), rows, random.Random(11), "v3")
        return
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["JUDGEDESK_SETTINGS_DIR"] = str(Path(tmp) / "settings")
        folder = Path(tmp) / "big"
        make_project(folder, rows)
        print(f"{rows} rows, 2 runs, {rows // 10} reviewed")
        json_times = time_report_json(folder)
        if args.json_only:
            report([json_figure(rows, json_times)])
            return
        app = QApplication(sys.argv[:1])
        collector = collect_garbage_on_gui_thread(app)  # as the app does
        loop = qasync.QEventLoop(app)
        asyncio.set_event_loop(loop)
        window = MainWindow(Workspace(), AppSettings())
        window.resize(1400, 860)
        window.show()
        with loop:
            taken = loop.run_until_complete(measure(window, folder, rows))
        window.close()
        collector.stop()
    print_figures(rows, json_times, taken)


if __name__ == "__main__":
    main()
