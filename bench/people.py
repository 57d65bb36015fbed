"""People against each other and the judge against them: 20,000 rows × 3 reviewers.

Times :func:`judgedesk.core.review.team.people_figures` (Krippendorff's α with its
bootstrap interval over 1,000 resamples, κ for every pair of reviewers, the judge against
each of them and against their consensus) on scores from 1 to 10 and on three labels,
and :func:`judgedesk.core.report.history.judge_history` (each version of a judge against
the three reviewers' consensus) on a results file of three runs of those rows, written
into a temporary folder.

    python bench/people.py [--rows 20000]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.figures import report  # noqa: E402
from judgedesk.core.report import judge_history  # noqa: E402
from judgedesk.core.review import (  # noqa: E402
    consensus_rows,
    people_figures,
)
from judgedesk.core.run import (  # noqa: E402
    Review,
    Store,
)

REVIEWERS = ("me", "ana", "bo")
VERSIONS = ("3f2a9c1e", "b71d04aa", "b71d04aa")  # the last two runs share a version


def timed(rows: int, values: list[object], level: str) -> tuple[float, str]:
    rng = random.Random(5)
    truth = {r: rng.choice(values) for r in range(rows)}

    def rater(share: float) -> dict[int, object]:
        return {r: (v if rng.random() < share else rng.choice(values)) for r, v in truth.items()}

    judge, mine = rater(0.6), rater(0.8)
    others = {"ana": rater(0.8), "bo": rater(0.7)}
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        figures = people_figures(mine, others, judge, level)
        best = min(best, time.perf_counter() - started)
    assert figures is not None
    return best, figures.sentence()


def write_store(path: Path, rows: int) -> None:
    """Three runs of a judge on every row, each row's detail as a run writes it, and three
    reviewers' scores."""
    rng = random.Random(9)
    truth = [rng.randint(1, 10) for _ in range(rows)]
    with Store(path) as store:
        for version in VERSIONS:
            run = store.start_run(judges={"judge": version})
            for index, right in enumerate(truth):
                score = right if rng.random() < 0.6 else rng.randint(1, 10)
                verdict = {
                    "ok": True,
                    "value": score,
                    "label": str(score),
                    "dimensions": {},
                    "ambiguous": False,
                    "candidates": [],
                    "reason": f"The answer covers most of what was asked (item {index}).",
                }
                step = {
                    "judge": "judge",
                    "key": f"{rng.getrandbits(256):064x}",
                    "cached": False,
                    "verdict": verdict,
                    "warnings": [],
                }
                detail = {"judges": [step], "decided_by_rule": False}
                store.put_result(run, index, f"r{index}", "ok", score, detail=detail)
            store.finish_run(run, "finished")
        for reviewer in REVIEWERS:
            given = [v if rng.random() < 0.8 else rng.randint(1, 10) for v in truth]
            store.reviews.merge(
                [Review(i, f"r{i}", value=v, reviewer=reviewer) for i, v in enumerate(given)]
            )


def timed_history(rows: int) -> tuple[float, int]:
    """The best of three runs of :func:`judge_history`; and how many versions it found."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "results.sqlite"
        write_store(path, rows)
        with Store(path) as store:
            verdicts = store.reviews.verdicts()
            indexes = sorted({row for given in verdicts.values() for row in given})
            lines = [[verdicts[r].get(row) for r in REVIEWERS] for row in indexes]
            decided = consensus_rows(lines, "interval")
            people = {row: v for row, v in zip(indexes, decided, strict=True) if v is not None}
            best = float("inf")
            for _ in range(3):
                started = time.perf_counter()
                history = judge_history(store, people, "interval")
                best = min(best, time.perf_counter() - started)
    return best, len(history)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=20_000)
    args = parser.parse_args()
    scores, score_sentence = timed(args.rows, list(range(1, 11)), "interval")
    labels, label_sentence = timed(args.rows, ["safe", "unsafe", "unsure"], "nominal")
    print(f"{args.rows:,} rows × 3 reviewers, best of 3")
    print(f"  scores 1–10: {scores:.2f} s — {score_sentence}")
    print(f"  three labels: {labels:.2f} s — {label_sentence}")
    history, versions = timed_history(args.rows)
    print(f"  judge history, 3 runs ({versions} versions): {history:.2f} s")
    report(
        [
            (
                f"{args.rows:,} rows × 3 reviewers, scores 1–10 — α with its interval, "
                "κ per pair, judge vs each and vs consensus",
                f"{scores:.2f} s",
                "< 0.5 s",
            ),
            ("the same — three labels", f"{labels:.2f} s", "< 0.5 s"),
            (
                f"{args.rows:,} rows × 3 runs × 3 reviewers — the judge's agreement history "
                "(each version against the reviewers' consensus)",
                f"{history:.2f} s",
                "< 0.5 s",
            ),
        ]
    )


if __name__ == "__main__":
    main()
