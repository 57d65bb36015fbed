"""The report's headline figures corrected by people's verdicts on the random sample.

The judge's accuracy, mean score or win rate is its own view of every row. Where people
gave verdicts on rows of the project's random sample (``judgedesk review sample``),
:func:`~judgedesk.core.report.corrected.corrected_mean` (PPI++) corrects it: labelled
rows are the sample rows with both a people's and the judge's verdict, unlabelled rows
every other row with a judge's verdict (sample rows nobody reviewed yet among them).
People's verdicts on rows outside the sample are counted apart and never used: rows a
person chose are not like the rest. A stratified sample is drawn with proportional
allocation, so each of its rows stands for as many rows as any other and the uniform
formula holds.

Each figure also says how far more reviews would narrow its interval, and how many are
needed for ± 3 points: 3 percentage points for a rate, 3 % of the scale's range for a
mean score (key ``more_for_3_points`` in ``judgedesk report --json``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from judgedesk.core.report.corrected import CorrectedMean, corrected_mean
from judgedesk.core.review import RandomSample, ReviewScale, is_number

MIN_LABELLED = 2
"""Sample rows people must have given a verdict on before a figure can be corrected."""

MORE_SHOWN = (10, 50, 100)
"""The numbers of further reviews whose expected half-width the report gives."""

POINTS = 0.03
"""The half-width planned for: 3 points (of a rate, or of a score scale's range)."""

TITLES = {"accuracy": "Accuracy", "mean_score": "Mean score", "win_rate": "Win rate"}

Reading = Callable[[Any], float | None]


@dataclass(frozen=True)
class CorrectedFigure:
    """One headline figure, the judge's alone and corrected by the sample's verdicts.

    Attributes:
        figure: "accuracy", "mean_score" or "win_rate".
        rate: whether it is a share (shown as a percentage; fractions in JSON).
        n_labelled: sample rows with both a people's and the judge's verdict.
        n_unlabelled: every other row with a judge's verdict.
        judge_alone: the judge's figure over every row with a verdict.
        corrected: the corrected figure; None while too few sample rows are reviewed.
        target: the half-width planned for (see :data:`POINTS`).
    """

    figure: str
    rate: bool
    n_labelled: int
    n_unlabelled: int
    judge_alone: float | None
    corrected: CorrectedMean | None
    target: float

    @property
    def reviews_needed(self) -> int:
        """More sample rows to review before the figure can be corrected at all."""
        return max(0, MIN_LABELLED - self.n_labelled)

    @property
    def more_for_target(self) -> int | None:
        """More rows to review for an interval of ± :attr:`target`; None when even every
        row would not do, or before the figure can be corrected."""
        if self.corrected is None:
            return None
        needed = self.corrected.spread.rows_needed(self.target)
        return None if needed is None else needed - self.n_labelled

    def with_more(self) -> dict[str, float]:
        """The expected 95 % half-width after 10, 50, 100 more reviews."""
        if self.corrected is None:
            return {}
        spread = self.corrected.spread
        return {str(more): spread.half_width_with(more) for more in MORE_SHOWN}

    def to_dict(self) -> dict[str, Any]:
        found = self.corrected
        return {
            "figure": self.figure,
            "estimate": found.estimate if found else None,
            "ci_low": found.ci_low if found else None,
            "ci_high": found.ci_high if found else None,
            "n_labelled": self.n_labelled,
            "n_unlabelled": self.n_unlabelled,
            "judge_alone": self.judge_alone,
            "lam": found.lam if found else None,
            "reviews_needed": self.reviews_needed,
            "target_half_width": self.target,
            "more_for_3_points": self.more_for_target,
            "half_width_with_more": self.with_more(),
        }


@dataclass(frozen=True)
class SampleCorrection:
    """What the random sample says about the report's figures.

    Attributes:
        sample: the project's random sample.
        reviewed: sample rows with both a people's and the judge's verdict.
        outside: rows outside the sample with a people's verdict (not used).
        added_later: judged rows beyond those the sample was drawn from.
        figures: each headline figure, corrected.
    """

    sample: RandomSample
    reviewed: int
    outside: int
    added_later: int
    figures: list[CorrectedFigure] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "rows": len(self.sample),
            "seed": self.sample.seed,
            "by": self.sample.by,
            "drawn_from": self.sample.population,
            "reviewed": self.reviewed,
            "reviews_outside_sample": self.outside,
            "judged_after_drawing": self.added_later,
        }


def correct_figures(
    sample: RandomSample,
    judged: Iterable[tuple[int, str | None, Any]],
    people: Mapping[int, Any],
    kind: str,
    scale: ReviewScale,
) -> SampleCorrection:
    """Each headline figure of a report corrected by people's verdicts on ``sample``.

    Args:
        sample: the project's random sample.
        judged: (row index, status, judge's value) of each row reported.
        people: row index → the people's verdict (the report's human label), for the
            rows that have one.
        kind: the summary's kind ("boolean", "score", "pairwise"); others have no
            figure to correct.
        scale: the verdicts' scale (its range plans a mean score's ± 3 points).
    """
    rows = [(row, value) for row, status, value in judged if status == "ok" and value is not None]
    with_people = {row for row, value in people.items() if value is not None}
    reviewed = sum(1 for row, _ in rows if row in sample and row in with_people)
    outside = sum(1 for row in with_people if row not in sample)
    added = max(0, len(rows) - sample.population)
    figures = [
        _figure(name, read, rows, people, sample, target)
        for name, read, target in _readings(kind, scale)
    ]
    return SampleCorrection(sample, reviewed, outside, added, figures)


def _readings(kind: str, scale: ReviewScale) -> list[tuple[str, Reading, float]]:
    """The figures of a summary's kind: each name, how a verdict reads as a number, and
    the half-width planned for."""
    if kind == "boolean":
        return [("accuracy", _as_bool, POINTS)]
    span = (
        float(scale.high) - float(scale.low)
        if scale.low is not None and scale.high is not None and scale.high > scale.low
        else 1.0
    )
    if kind == "score":
        return [("mean_score", _as_number, POINTS * span)]
    if kind == "pairwise":
        return [("mean_score", _as_number, POINTS * span), ("win_rate", _as_win, POINTS)]
    return []


def _figure(
    name: str,
    read: Reading,
    rows: list[tuple[int, Any]],
    people: Mapping[int, Any],
    sample: RandomSample,
    target: float,
) -> CorrectedFigure:
    labelled_people: list[float] = []
    labelled_judge: list[float] = []
    unlabelled: list[float] = []
    for row, value in rows:
        judge = read(value)
        if judge is None:
            continue
        person = read(people[row]) if row in sample and people.get(row) is not None else None
        if person is None:
            unlabelled.append(judge)
        else:
            labelled_people.append(person)
            labelled_judge.append(judge)
    every = len(labelled_judge) + len(unlabelled)
    alone = (sum(labelled_judge) + sum(unlabelled)) / every if every else None
    corrected = None
    if len(labelled_people) >= MIN_LABELLED:
        corrected = corrected_mean(labelled_people, labelled_judge, unlabelled)
    return CorrectedFigure(
        figure=name,
        rate=name != "mean_score",
        n_labelled=len(labelled_people),
        n_unlabelled=len(unlabelled),
        judge_alone=alone,
        corrected=corrected,
        target=target,
    )


def _as_bool(value: Any) -> float | None:
    return float(value) if isinstance(value, bool) else None


def _as_number(value: Any) -> float | None:
    return float(value) if is_number(value) and not isinstance(value, bool) else None


def _as_win(value: Any) -> float | None:
    number = _as_number(value)
    return None if number is None else float(number > 3)
