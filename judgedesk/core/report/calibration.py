"""Calibrating judges with people: each candidate's figures on the tuning and test parts,
and the candidate proposed.

The rows people gave a verdict on are split into a tuning part and a test part
(:func:`~judgedesk.core.review.project_split`). Every candidate judge is run on them,
and for each part this module gives, over the rows of the part where both the judge and
people gave a verdict: exact agreement, Cohen's κ with a seeded bootstrap 95 % interval,
weighted κ and Spearman's ρ for scores, each verdict's recall (the true-positive and
true-negative rates for correct / incorrect) and the confusion matrix, all as the review
stage's :func:`~judgedesk.core.review.agreement` computes them. A row whose call failed
or whose reply could not be read is counted, never scored as a disagreement.

The candidate proposed is the one with the best κ on the **tuning** part (quadratic
weighted κ for scores and pairwise levels), ties going to the cheaper one: the test
figures are given for every candidate, but never used to choose, so that they stay an
honest measure of the judge chosen.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from judgedesk.core.messages import say
from judgedesk.core.report.words import LEVELS
from judgedesk.core.review import (
    AgreementFigures,
    CalibrationSplit,
    Confusion,
    agreement,
    chances,
    kappa_from_table,
    multinomial,
    verdict_kind,
)
from judgedesk.core.run import judge_steps, read_value, verdict_of

__all__ = [
    "Calibration",
    "JudgeCalibration",
    "JudgeOutcome",
    "PartFigures",
    "RunUsage",
    "calibrate",
    "judge_outcome",
]

ROUNDS = 1000
"""Bootstrap rounds behind a κ interval."""

KIND_WORDS = {
    "boolean": LEVELS["boolean"],
    "ordinal": say("report.calibration.kind_scores", "scores"),
    "nominal": say("report.calibration.kind_labels", "labels"),
}


@dataclass(frozen=True)
class RunUsage:
    """What a candidate's run took: calls made and reused, tokens, cost and time."""

    calls: int = 0
    cached: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost: float | None = None
    seconds: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "calls": self.calls,
            "cached": self.cached,
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "cost": self.cost,
            "seconds": self.seconds,
        }


@dataclass(frozen=True)
class JudgeOutcome:
    """What one candidate said on the labelled rows.

    Attributes:
        verdicts: row index → the judge's verdict, for the rows it was read on (the
            combined verdict when a pair was judged in both orders).
        unread: rows where the judge replied but its verdict could not be read.
        failed: rows where the judge was not heard (a failed call, a failed row).
        usage: what its run took.
    """

    verdicts: Mapping[int, Any]
    unread: frozenset[int] = frozenset()
    failed: frozenset[int] = frozenset()
    usage: RunUsage = field(default_factory=RunUsage)


def judge_outcome(
    name: str, results: Iterable[tuple[int, Mapping[str, Any]]], usage: RunUsage | None = None
) -> JudgeOutcome:
    """A candidate's :class:`JudgeOutcome` from its rows' details ((row index, detail)
    per row of its run)."""
    verdicts: dict[int, Any] = {}
    unread: set[int] = set()
    failed: set[int] = set()
    for index, detail in results:
        step = next((s for s in judge_steps(detail) if s.get("judge") == name), None)
        verdict = verdict_of(step) if step is not None else None
        value = read_value(verdict)
        if value is not None:
            verdicts[index] = value
        elif verdict is not None and "failed" not in (step or {}):
            unread.add(index)
        else:
            failed.add(index)
    return JudgeOutcome(verdicts, frozenset(unread), frozenset(failed), usage or RunUsage())


@dataclass(frozen=True)
class PartFigures:
    """A candidate against people on one part of the split.

    Attributes:
        rows: the rows of the part.
        figures: every agreement figure, people first (the review stage's).
        kappa_interval: a seeded bootstrap 95 % interval for Cohen's κ.
        recall: per people's verdict (as shown), the share of its rows the judge gave
            the same verdict.
        unread: rows of the part whose reply could not be read.
        failed: rows of the part the judge was not heard on.
    """

    rows: int
    figures: AgreementFigures
    kappa_interval: tuple[float | None, float | None]
    recall: dict[str, float | None]
    unread: int
    failed: int

    @property
    def n(self) -> int:
        return self.figures.n

    @property
    def agreement(self) -> float | None:
        return self.figures.exact.value

    @property
    def kappa(self) -> float | None:
        return self.figures.kappa.value

    @property
    def weighted_kappa(self) -> float | None:
        return self.figures.kappa_quadratic.value

    @property
    def choosing_kappa(self) -> float | None:
        """The κ a candidate is chosen by: weighted for scores, else Cohen's."""
        return self.weighted_kappa if self.figures.kind == "ordinal" else self.kappa

    def to_dict(self) -> dict[str, Any]:
        figures = self.figures
        recall = self.recall
        return {
            "rows": self.rows,
            "n": self.n,
            "agreement": self.agreement,
            "kappa": self.kappa,
            "kappa_interval": list(self.kappa_interval),
            "weighted_kappa": self.weighted_kappa,
            "spearman": figures.spearman.value,
            "recall": recall,
            "tpr": recall.get("true") if figures.kind == "boolean" else None,
            "tnr": recall.get("false") if figures.kind == "boolean" else None,
            "confusion": figures.confusion.to_dict(),
            "unread": self.unread,
            "failed": self.failed,
        }


@dataclass(frozen=True)
class JudgeCalibration:
    """One candidate's figures on both parts.

    Attributes:
        name: the judge.
        tuning: its figures on the tuning part.
        test: its figures on the test part.
        usage: what its run took.
        problem: why its verdicts cannot be compared with people's (another kind), else
            "": a candidate with a problem is not scored and never proposed.
    """

    name: str
    tuning: PartFigures
    test: PartFigures
    usage: RunUsage
    problem: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "tuning": self.tuning.to_dict(),
            "test": self.test.to_dict(),
            **self.usage.to_dict(),
            "problem": self.problem,
        }


@dataclass(frozen=True)
class Calibration:
    """Every candidate against people, and the one proposed.

    Attributes:
        split: the tuning and test parts.
        judges: each candidate's figures, in the order given.
        chosen: the candidate proposed (best κ on tuning, then cheapest), or None when
            no candidate has a κ on the tuning part.
    """

    split: CalibrationSplit
    judges: tuple[JudgeCalibration, ...]
    chosen: str | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "split": self.split.to_dict(),
            "judges": [j.to_dict() for j in self.judges],
            "chosen": self.chosen,
        }


def calibrate(
    split: CalibrationSplit, outcomes: Mapping[str, JudgeOutcome], *, seed: int = 0
) -> Calibration:
    """Every candidate's figures on both parts, and the one proposed (module docstring).

    Args:
        split: the labelled rows in their parts.
        outcomes: each candidate's verdicts, by name, in the order to show them.
        seed: the seed of the κ intervals' bootstrap.
    """
    people = {index: row.verdict for index, row in split.rows.items()}
    people_kind = verdict_kind(people.values())
    judges = []
    for name, outcome in outcomes.items():
        judge_kind = verdict_kind(outcome.verdicts.values())
        problem = ""
        if people_kind and judge_kind and not _fits(people_kind, judge_kind):
            problem = say(
                "report.calibration.other_kind",
                "Judge '{name}' gives {judge} while people gave {people}: its verdicts "
                "cannot be compared with theirs. Calibrate judges whose verdicts are of the "
                "people's kind.",
                name=name,
                judge=KIND_WORDS[judge_kind],
                people=KIND_WORDS[people_kind],
            )
        verdicts = {} if problem else outcome.verdicts
        parts = [
            _part(rows, people, verdicts, outcome, split, name, seed)
            for rows in (split.tuning, split.test)
        ]
        judges.append(JudgeCalibration(name, parts[0], parts[1], outcome.usage, problem))
    return Calibration(split, tuple(judges), _choose(judges))


def _fits(people: str, judge: str) -> bool:
    # A five-level pairwise verdict is ordinal for both; true/false against numbers is not.
    return people == judge


def _choose(judges: list[JudgeCalibration]) -> str | None:
    """The best κ on tuning (only), ties to the cheaper candidate, then the first."""
    scored = [
        (j.tuning.choosing_kappa, j.usage.cost, position, j.name)
        for position, j in enumerate(judges)
        if not j.problem and j.tuning.choosing_kappa is not None
    ]
    if not scored:
        return None
    best = min(
        scored,
        key=lambda s: (-round(s[0] or 0.0, 12), math.inf if s[1] is None else s[1], s[2]),
    )
    return best[3]


def _part(
    rows: tuple[int, ...],
    people: Mapping[int, Any],
    verdicts: Mapping[int, Any],
    outcome: JudgeOutcome,
    split: CalibrationSplit,
    name: str,
    seed: int,
) -> PartFigures:
    pairs = [(people[i], verdicts.get(i)) for i in rows]
    figures = agreement(pairs, "people", name)
    return PartFigures(
        rows=len(rows),
        figures=figures,
        kappa_interval=kappa_interval(figures.confusion, seed),
        recall=_recall(figures.confusion),
        unread=sum(1 for i in rows if i in outcome.unread),
        failed=sum(1 for i in rows if i in outcome.failed),
    )


def _recall(confusion: Confusion) -> dict[str, float | None]:
    found: dict[str, float | None] = {}
    for i, label in enumerate(confusion.labels):
        given = sum(confusion.counts[i])
        key = str(label).lower() if isinstance(label, bool) else str(label)
        found[key] = confusion.counts[i][i] / given if given else None
    return found


def kappa_interval(
    confusion: Confusion, seed: int = 0, rounds: int = ROUNDS
) -> tuple[float | None, float | None]:
    """A bootstrap percentile 95 % interval for Cohen's κ: the rows drawn again with
    replacement (as a multinomial over the confusion matrix's cells), seeded."""
    size = len(confusion.labels)
    n = confusion.n
    if n < 2 or size == 0:
        return None, None
    cells = [count for row in confusion.counts for count in row]
    steps = chances([count / n for count in cells])
    chooser = random.Random(seed)
    found: list[float] = []
    for _ in range(rounds):
        drawn = multinomial(chooser, n, steps)
        table = [drawn[r * size : (r + 1) * size] for r in range(size)]
        kappa = kappa_from_table(table)
        if kappa is not None:
            found.append(kappa)
    if len(found) < rounds // 2:  # mostly undefined: no interval to speak of
        return None, None
    found.sort()
    low = found[max(0, math.floor(0.025 * len(found)))]
    high = found[min(len(found) - 1, math.ceil(0.975 * len(found)) - 1)]
    return low, high
