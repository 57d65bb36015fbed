"""Reviewing by keyboard in the window: 200 verdicts typed as fast as keys can go.

Makes a project of N scored rows (default 20,000; a tenth reviewed already), opens it in
the main window (offscreen), shows the Review pane and types 200 digit keys into the
queue, each giving a verdict and moving to the next row. Measures how late a 5 ms timer
on the GUI thread fires meanwhile, and how long until every verdict is saved and shown
and the agreement figures have followed. Prints figures; asserts nothing.

    python bench/ui_review.py [--rows 20000] [--keys 200]
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
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from bench.figures import report  # noqa: E402
from bench.stalls import StallMeter  # noqa: E402
from judgedesk.app import collect_garbage_on_gui_thread  # noqa: E402
from judgedesk.core.judge import JudgeSettings  # noqa: E402
from judgedesk.core.project import (  # noqa: E402
    Project,
    Workspace,
)
from judgedesk.core.run import (  # noqa: E402
    Review,
    Store,
)
from judgedesk.ui.main_window import MainWindow  # noqa: E402
from judgedesk.ui.settings import AppSettings  # noqa: E402


def make_project(folder: Path, rows: int) -> Path:
    rng = random.Random(7)
    data = folder / "data" / "rows.jsonl"
    data.parent.mkdir(parents=True)
    with data.open("w", encoding="utf-8") as handle:
        for index in range(rows):
            record = {"id": f"r{index}", "question": f"Question {index}?", "answer": "…"}
            handle.write(json.dumps(record) + "\n")
    project = Project(root=folder, name="bench", variables={"min_score": 1, "max_score": 10})
    project.dataset.path = "data/rows.jsonl"
    project.judges = [JudgeSettings(name="judge", parser="score")]
    project.save()
    with Store(project.store_path) as store:
        run = store.start_run()
        scores = [rng.randint(1, 10) for _ in range(rows)]
        for index, score in enumerate(scores):
            verdict = {"ok": True, "value": score, "label": str(score), "dimensions": {}}
            detail = {"judges": [{"judge": "judge", "key": f"k{index}", "verdict": verdict}]}
            store.put_result(run, index, f"r{index}", "ok", score, detail=detail)
        store.finish_run(run, "finished")
        for index in range(rows - rows // 10, rows):  # reviewed ones, after the typing
            store.reviews.put(
                Review(index, f"r{index}", value=scores[index], updated=1.0, judge_status="ok")
            )
    return folder


async def measure(window: MainWindow, folder: Path, keys: int) -> dict[str, float]:
    pane = window.review_pane
    shown = asyncio.Event()
    pane.sig_queue_shown.connect(lambda rows: shown.set() if rows else None)
    opened = time.perf_counter()
    window.open_project(folder)
    while window.workspace.dataset is None:
        await asyncio.sleep(0.01)
    window.nav.setCurrentRow(window.stack.indexOf(pane))
    await shown.wait()
    while not pane.idle():
        await asyncio.sleep(0.01)
    ready = time.perf_counter() - opened
    meter = StallMeter()
    meter.start()
    pane.view.setFocus()
    digits = [Qt.Key.Key_1 + (i % 9) for i in range(keys)]
    start = time.perf_counter()
    for key in digits:
        QTest.keyClick(QApplication.focusWidget(), Qt.Key(key))
        await asyncio.sleep(0)  # let the loop breathe between keys, as a person's would
    typed = time.perf_counter() - start
    while not pane.idle():
        await asyncio.sleep(0.001)
    saved = time.perf_counter() - start  # idle(): the figures were shown too
    meter.stop()
    return {
        "ready": ready,
        "typed": typed,
        "saved": saved,
        "rows": float(pane.model.rowCount()),
        "longest": meter.longest_ms / 1000,
        "p99": meter.p99_ms / 1000,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows", type=int, default=20_000)
    parser.add_argument("--keys", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["JUDGEDESK_SETTINGS_DIR"] = tmp
        folder = make_project(Path(tmp) / "project", args.rows)
        app = QApplication(sys.argv[:1])
        loop = qasync.QEventLoop(app)
        asyncio.set_event_loop(loop)
        collector = collect_garbage_on_gui_thread(app)  # as the app does
        window = MainWindow(Workspace(), AppSettings())
        window.resize(1400, 860)
        window.show()
        with loop:
            figures = loop.run_until_complete(measure(window, folder, args.keys))
        window.close()
        collector.stop()
    print(f"rows in the review                    {figures['rows']:10,.0f}")
    print(f"open the project to a shown queue     {figures['ready']:10.2f} s")
    print(f"{args.keys} verdict keys typed                {figures['typed']:10.2f} s")
    print(f"…all saved, shown, figures updated    {figures['saved']:10.2f} s")
    print(f"longest GUI stall while typing        {figures['longest'] * 1000:10.1f} ms")
    print(f"99th percentile stall                 {figures['p99'] * 1000:10.1f} ms")
    report(
        [
            (
                f"the Review pane over {figures['rows']:,.0f} rows — {args.keys} verdict keys "
                "typed back to back: longest stall of the window",
                f"{figures['longest'] * 1000:.0f} ms (99th percentile "
                f"{figures['p99'] * 1000:.0f} ms)",
                "< 50 ms",
            ),
            (
                "the same — every verdict saved and shown, figures updated",
                f"{figures['saved']:.1f} s",
                "",
            ),
        ]
    )


if __name__ == "__main__":
    main()
