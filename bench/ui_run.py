"""The window during a run: the longest stall of the GUI thread while 2,000 rows finish.

Starts the test judge server in its own process, makes a 2,000-row project whose judge
answers in 100 ms with 32 requests at once (about 300 rows a second), opens it in the
main window (offscreen), starts the run from the Run pane and, until it ends, measures
how late a 5 ms timer on the GUI thread fires. Prints the longest and the 99th
percentile gap beyond the timer's interval, the run's rows per second, and the
window's peak memory.

    python bench/ui_run.py [--rows 2000] [--latency 0.1] [--concurrency 32]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
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
from bench.run_throughput import make_project, start_server  # noqa: E402
from bench.stalls import TICK_MS, StallMeter  # noqa: E402
from judgedesk.app import collect_garbage_on_gui_thread  # noqa: E402
from judgedesk.core.project import (  # noqa: E402
    TrustStore,
    Workspace,
)
from judgedesk.ui.main_window import MainWindow  # noqa: E402
from judgedesk.ui.settings import AppSettings  # noqa: E402


async def measure(window: MainWindow, folder: Path) -> dict[str, float]:
    opened = asyncio.Event()
    window.workspace.sig_dataset_completed.connect(lambda _: opened.set())
    window.workspace.sig_dataset_loaded.connect(
        lambda d: opened.set() if window.workspace.dataset is d and len(d) else None
    )
    window.open_project(folder)
    await opened.wait()
    pane = window.run_pane
    window.nav.setCurrentRow(window.stack.indexOf(pane))
    meter = StallMeter()
    finished = asyncio.Event()
    pane.sig_run_finished.connect(lambda _: finished.set())
    started = time.perf_counter()
    meter.start()
    pane.start()
    await finished.wait()
    meter.stop()
    wall = time.perf_counter() - started
    summary = pane.last_summary()
    assert summary is not None and summary.status == "finished", "the run did not finish"
    return {
        "rows": summary.progress.done,
        "wall": wall,
        "rows_per_second": summary.progress.done / wall,
        "longest_stall_ms": meter.longest_ms,
        "p99_stall_ms": meter.p99_ms,
        "ticks": meter.ticks,
        "table_rows": pane.rows_model.rowCount(),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=2000)
    parser.add_argument("--latency", type=float, default=0.1)
    parser.add_argument("--concurrency", type=int, default=32)
    args = parser.parse_args()
    server, base_url = start_server(args.latency)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            os.environ["JUDGEDESK_SETTINGS_DIR"] = str(Path(tmp) / "settings")
            folder = Path(tmp) / "project"
            folder.mkdir()
            make_project(folder, base_url, args.rows, args.concurrency)
            TrustStore().mark_made_here(folder)  # its scripts are the benchmark's own
            app = QApplication(sys.argv[:1])
            collector = collect_garbage_on_gui_thread(app)  # as the app does
            loop = qasync.QEventLoop(app)
            asyncio.set_event_loop(loop)
            window = MainWindow(Workspace(), AppSettings())
            window.resize(1400, 860)
            window.show()
            with loop:
                figures = loop.run_until_complete(measure(window, folder))
            window.workspace.dirty = False
            window.close()
            collector.stop()
    finally:
        server.terminate()
        server.wait()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    ideal = args.rows * args.latency / args.concurrency
    print(
        f"ui_run: {figures['rows']:,} rows, judge {args.latency * 1000:.0f} ms, "
        f"{args.concurrency} at once (ideal {ideal:.1f} s)"
    )
    print(
        f"  wall time            {figures['wall']:.2f} s "
        f"({figures['rows_per_second']:.0f} rows/s, {figures['wall'] / ideal:.2f}× ideal)"
    )
    print(f"  longest GUI stall    {figures['longest_stall_ms']:.1f} ms  (target < 50 ms)")
    print(
        f"  99th percentile      {figures['p99_stall_ms']:.1f} ms over {figures['ticks']:,} "
        f"ticks of {TICK_MS} ms"
    )
    print(f"  rows in the table    {figures['table_rows']:,}")
    print(f"  peak RSS             {rss:.0f} MB")
    report(
        [
            (
                f"a {figures['rows']:,}-row run from the Run pane, {args.latency * 1000:.0f} ms "
                f"judge, {args.concurrency} at once, pre + post scripts — longest stall of "
                "the window",
                f"{figures['longest_stall_ms']:.0f} ms (99th percentile "
                f"{figures['p99_stall_ms']:.0f} ms), at {figures['rows_per_second']:.0f} rows/s",
                "< 50 ms",
            ),
            ("the same — peak memory of the window", f"{rss:.0f} MB", ""),
        ]
    )


if __name__ == "__main__":
    main()
