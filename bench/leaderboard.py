"""A Bradley–Terry leaderboard: 8 models, 20,000 battles, 1,000 bootstrap rounds.

Times :func:`judgedesk.core.report.build_leaderboard` on battles drawn from known
strengths, every pair of models meeting, with ties and strong verdicts (A>>B counts as
three battles): the fit and its 95 % bootstrap intervals.

    python bench/leaderboard.py [--rows 20000] [--models 8] [--rounds 1000]
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
from judgedesk.core.report import Battle, build_leaderboard  # noqa: E402


def battles(rows: int, models: int) -> list[Battle]:
    """Battles between random pairs of models of known strength."""
    rng = random.Random(7)
    names = [f"model-{i}" for i in range(models)]
    strength = {name: rng.gauss(0.0, 0.5) for name in names}
    found = []
    for _ in range(rows):
        a, b = rng.sample(names, 2)
        if rng.random() < 0.15:
            found.append(Battle(a, b, "tie"))
            continue
        a_wins = rng.random() < 1 / (1 + 10 ** (strength[b] - strength[a]))
        found.append(Battle(a, b, "a" if a_wins else "b", strong=rng.random() < 0.2))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=20_000)
    parser.add_argument("--models", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=1000)
    args = parser.parse_args()
    given = battles(args.rows, args.models)
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        board = build_leaderboard(given, baseline="model-0", rounds=args.rounds, seed=1)
        best = min(best, time.perf_counter() - started)
    print(f"{args.models} models, {args.rows:,} battles, {args.rounds:,} rounds, best of 3")
    for standing in board.standings:
        print(
            f"  {standing.model:<10} {standing.score:7.1f} "
            f"({standing.low:7.1f} – {standing.high:7.1f})  "
            f"wins against the baseline {standing.win_rate:.0%}"
        )
    print(f"  {best:.2f} s")
    report(
        [
            (
                f"{args.models} models × {args.rows:,} battles — Bradley–Terry scores with "
                f"{args.rounds:,} bootstrap rounds",
                f"{best:.2f} s",
                "< 1 s",
            )
        ]
    )


if __name__ == "__main__":
    main()
