"""The Report pane on a big project: how long the report takes, and how long the window stalls.

Writes a 20,000-row project (a dataset with a category column and two finished runs of
scores, a tenth of the rows reviewed by hand) into a temporary folder, opens it in the
main window (offscreen, with the app's garbage collection on the GUI thread), shows the
Report pane and, while it computes the report, the
comparison of the two runs and a breakdown by another field, measures how late a 5 ms
timer on the GUI thread fires. Prints the time to each figure on screen and the longest
and 99th percentile gap beyond the timer's interval. Asserts nothing.

    python bench/ui_report.py [--rows 20000]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_API", "pyside6")

import qasync  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from bench.figures import report  # noqa: E402
from bench.stalls import StallMeter  # noqa: E402
from judgedesk.app import collect_garbage_on_gui_thread  # noqa: E402
from judgedesk.core.judge.settings import JudgeSettings  # noqa: E402
from judgedesk.core.project.settings import Project  # noqa: E402
from judgedesk.core.project.workspace import Workspace  # noqa: E402
from judgedesk.core.run.reviews import Review  # noqa: E402
from judgedesk.core.run.store import Store  # noqa: E402
from judgedesk.ui.main_window import MainWindow  # noqa: E402
from judgedesk.ui.settings import AppSettings  # noqa: E402

TOPICS = ("maths", "history", "science", "language", "code", "law", "cooking")


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
    with Store(project.store_path) as store:
        for _ in range(2):
            run = store.start_run()
            for index in range(rows):
                score = rng.randint(1, 10)
                verdict = {"ok": True, "value": score, "label": str(score), "dimensions": {}}
                detail = {"judges": [{"judge": "judge", "key": f"k{index}", "verdict": verdict}]}
                store.put_result(run, index, f"r{index}", "ok", score, detail=detail)
            store.finish_run(run, "finished")
        for index in range(0, rows, 10):
            store.reviews.put(Review(index, f"r{index}", value=rng.randint(1, 10), updated=1.0))


async def measure(window: MainWindow, folder: Path) -> None:
    opened = asyncio.Event()
    window.workspace.sig_dataset_completed.connect(lambda _: opened.set())
    window.workspace.sig_dataset_loaded.connect(
        lambda d: opened.set() if d.complete and len(d) else None
    )
    window.open_project(folder)
    await opened.wait()
    pane = window.report_pane
    meter = StallMeter()
    shown, compared = asyncio.Event(), asyncio.Event()
    pane.sig_report_shown.connect(lambda report: report is not None and shown.set())
    pane.sig_comparison_shown.connect(lambda _: compared.set())
    meter.start()
    start = time.perf_counter()
    window.nav.setCurrentRow(window.stack.indexOf(pane))
    await shown.wait()
    report_at = time.perf_counter() - start
    await compared.wait()
    compare_at = time.perf_counter() - start
    shown.clear()
    start = time.perf_counter()
    pane.choose_category("level")
    await shown.wait()
    category_at = time.perf_counter() - start
    meter.stop()
    print(f"report shown after opening the pane      {report_at:6.2f} s")
    print(f"two runs compared (changed rows listed)  {compare_at:6.2f} s")
    print(f"breakdown by another field               {category_at:6.2f} s")
    print(f"changed rows in the table                {pane.compare.model.rowCount():6d}")
    print(f"longest GUI stall                        {meter.longest_ms:6.1f} ms")
    print(f"99th percentile stall                    {meter.p99_ms:6.1f} ms")
    report(
        [
            (
                f"the Report pane on {pane.report.summary.rows if pane.report else 0:,} rows, "
                "two runs — report / comparison on screen after showing the pane",
                f"{report_at:.1f} s / {compare_at:.1f} s",
                "",
            ),
            (
                "the same — longest stall of the window meanwhile",
                f"{meter.longest_ms:.0f} ms (99th percentile {meter.p99_ms:.0f} ms)",
                "< 50 ms",
            ),
        ]
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows", type=int, default=20_000)
    rows = parser.parse_args().rows
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["JUDGEDESK_SETTINGS_DIR"] = str(Path(tmp) / "settings")
        folder = Path(tmp) / "big"
        make_project(folder, rows)
        print(f"{rows} rows, 2 runs, {rows // 10} reviewed")
        app = QApplication(sys.argv[:1])
        collector = collect_garbage_on_gui_thread(app)  # as the app does
        loop = qasync.QEventLoop(app)
        asyncio.set_event_loop(loop)
        window = MainWindow(Workspace(), AppSettings())
        window.resize(1400, 860)
        window.show()
        with loop:
            loop.run_until_complete(measure(window, folder))
        window.close()
        collector.stop()


if __name__ == "__main__":
    main()
