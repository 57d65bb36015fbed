"""How long reviewing and reporting take on a big results file.

Run ``python bench/review_report.py [--rows N]``. Writes a results file with N scored
rows (default 20,000), a tenth of them reviewed by hand, into a temporary folder, then
times: opening a review session, one verdict change, the queue sorted by disagreement,
progress and agreement (what the Review pane recomputes as a person goes), the report,
and the XLSX and HTML exports. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from judgedesk.core.report import build_report, write_export
from judgedesk.core.review import ReviewFilter, ReviewSession
from judgedesk.core.run import Review, Store

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.figures import report

TIMES: dict[str, float] = {}


def timed(label: str, work: Callable[[], Any]) -> Any:
    start = time.perf_counter()
    result = work()
    TIMES[label] = time.perf_counter() - start
    print(f"{label:<44}{TIMES[label]:8.3f} s")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows", type=int, default=20_000)
    rows = parser.parse_args().rows
    rng = random.Random(7)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "results.sqlite"
        with Store(path) as store:
            run = store.start_run()
            scores = [rng.randint(1, 10) for _ in range(rows)]
            for index, score in enumerate(scores):
                verdict = {"ok": True, "value": score, "label": str(score), "dimensions": {}}
                detail = {"judges": [{"judge": "judge", "key": f"k{index}", "verdict": verdict}]}
                store.put_result(run, index, f"r{index}", "ok", score, detail=detail)
            store.finish_run(run, "finished")
            for index in range(0, rows, 10):
                human = max(1, min(10, scores[index] + rng.choice((-1, 0, 0, 1))))
                store.reviews.put(Review(index, f"r{index}", value=human, updated=time.time()))
        print(f"{rows} rows, {rows // 10} reviewed")
        with Store(path) as store:
            session = timed("open a review session", lambda: ReviewSession(store))
            timed("set one verdict (written at once)", lambda: session.set_value(5, 7))
            timed(
                "queue: disagreements, largest first",
                lambda: session.queue(ReviewFilter("disagreements"), "disagreement"),
            )
            timed("progress", session.progress)
            timed("agreement (person vs judge)", session.agreement)
            timed("report", lambda: build_report(session))
            timed("export XLSX", lambda: write_export(store, Path(folder) / "r.xlsx", "xlsx"))
            timed("export HTML", lambda: write_export(store, Path(folder) / "r.html", "html"))
    report(
        [
            (
                f"{rows:,} rows, {rows // 10:,} reviewed — one verdict saved / agreement / report",
                f"{TIMES['set one verdict (written at once)'] * 1000:.0f} ms / "
                f"{TIMES['agreement (person vs judge)'] * 1000:.0f} ms / "
                f"{TIMES['report']:.1f} s",
                "",
            ),
            (
                "the same — XLSX / HTML export",
                f"{TIMES['export XLSX']:.1f} s / {TIMES['export HTML']:.1f} s",
                "",
            ),
        ]
    )


if __name__ == "__main__":
    main()
