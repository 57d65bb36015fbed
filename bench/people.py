"""People against each other and the judge against them: 20,000 rows × 3 reviewers.

Times :func:`judgedesk.core.review.team.people_figures` (Krippendorff's α with its
bootstrap interval over 1,000 resamples, κ for every pair of reviewers, the judge against
each of them and against their consensus) on scores from 1 to 10 and on three labels.

    python bench/people.py [--rows 20000]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.figures import report  # noqa: E402
from judgedesk.core.review.team import people_figures  # noqa: E402


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=20_000)
    args = parser.parse_args()
    scores, score_sentence = timed(args.rows, list(range(1, 11)), "interval")
    labels, label_sentence = timed(args.rows, ["safe", "unsafe", "unsure"], "nominal")
    print(f"{args.rows:,} rows × 3 reviewers, best of 3")
    print(f"  scores 1–10: {scores:.2f} s — {score_sentence}")
    print(f"  three labels: {labels:.2f} s — {label_sentence}")
    report(
        [
            (
                f"{args.rows:,} rows × 3 reviewers, scores 1–10 — α with its interval, "
                "κ per pair, judge vs each and vs consensus",
                f"{scores:.2f} s",
                "< 0.5 s",
            ),
            ("the same — three labels", f"{labels:.2f} s", "< 0.5 s"),
        ]
    )


if __name__ == "__main__":
    main()
