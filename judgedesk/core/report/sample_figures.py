"""The report's headline figures corrected by people's verdicts on the random sample.

The judge's accuracy, mean score or win rate is its own view of every row. Where people
gave verdicts on rows of the project's random sample (``judgedesk review sample``),
:func:`~judgedesk.core.report.corrected.corrected_mean` (PPI++) corrects it: labelled
rows are the sample rows with both a people's and the judge's verdict, unlabelled rows
every other row with a judge's verdict (sample rows nobody reviewed yet among them).
People's verdicts on rows outside the sample are counted apart and never used: rows a
person chose are not like the rest.

A sample stratified by a field (``--by FIELD``) is corrected stratum by stratum and the
strata weighed by their rows (:func:`~judgedesk.core.report.corrected.stratified_mean`),
once each stratum has people's verdicts on at least :data:`MIN_LABELLED` of its rows.
Until then the uniform formula stands in: the sample was drawn with proportional
allocation, so each of its rows stands for about as many rows as any other, and
ignoring the strata only widens the interval. Each figure says which it is
(``estimator``: "stratified" or "uniform").

Where the report breaks results down by a category, each figure is corrected in each
category too, from the sample rows in it (``corrected_by_category``).

Each figure also says how far more reviews would narrow its interval, and how many are
needed for ± 3 points: 3 percentage points for a rate, 3 % of the scale's range for a
mean score (key ``more_for_3_points`` in ``judgedesk report --json``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from judgedesk.core.messages import Message, rows_said, say
from judgedesk.core.report.corrected import CorrectedMean, corrected_mean, stratified_mean
from judgedesk.core.report.groups import NO_VALUE
from judgedesk.core.review import RandomSample, ReviewScale, is_number

MIN_LABELLED = 2
"""Sample rows people must have given a verdict on before a figure can be corrected."""

MORE_SHOWN = (10, 50, 100)
"""The numbers of further reviews whose expected half-width the report gives."""

POINTS = 0.03
"""The half-width planned for: 3 points (of a rate, or of a score scale's range)."""

TITLES: dict[str, Message] = {
    "accuracy": say("report.html.accuracy", "Accuracy"),
    "mean_score": say("report.html.mean", "Mean score"),
    "win_rate": say("report.html.win_rate", "Win rate"),
}

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
        category: the category the figure is of; None for every row.
    """

    figure: str
    rate: bool
    n_labelled: int
    n_unlabelled: int
    judge_alone: float | None
    corrected: CorrectedMean | None
    target: float
    category: str | None = None

    @property
    def estimator(self) -> str | None:
        """ "stratified" (stratum by stratum) or "uniform"; None before it is corrected."""
        if self.corrected is None:
            return None
        return "stratified" if self.corrected.strata else "uniform"

    @property
    def rests_on(self) -> str:
        """What the figure rests on, in words (for exports and the report's text)."""
        if self.corrected is None:
            return say(
                "report.sample.rests_alone",
                "the judge alone over {rows}",
                rows=rows_said(self.n_labelled + self.n_unlabelled),
            )
        if self.corrected.strata:
            return say(
                "report.sample.rests_stratified",
                "corrected with {reviewed} people's verdicts on the random sample, "
                "stratified, and the judge's on {others} other rows",
                reviewed=self.n_labelled,
                others=self.n_unlabelled,
            )
        return say(
            "report.sample.rests_corrected",
            "corrected with {reviewed} people's verdicts on the random sample, and the "
            "judge's on {others} other rows",
            reviewed=self.n_labelled,
            others=self.n_unlabelled,
        )

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
            "category": self.category,
            "estimator": self.estimator,
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
        by_category: each headline figure of each category, corrected (empty when the
            report has no categories).
    """

    sample: RandomSample
    reviewed: int
    outside: int
    added_later: int
    figures: list[CorrectedFigure] = field(default_factory=list)
    by_category: list[CorrectedFigure] = field(default_factory=list)

    def widest(self) -> CorrectedFigure | None:
        """The corrected headline figure that needs the most further sample reviews to
        be as narrow as planned (:attr:`CorrectedFigure.target`); None when each is, or
        when none can be corrected yet or made so narrow."""
        wide = [f for f in self.figures if (f.more_for_target or 0) > 0]
        return max(wide, key=lambda f: f.more_for_target or 0, default=None)

    def categories_corrected(self) -> bool:
        """Whether every category has enough of the sample reviewed to be corrected."""
        return bool(self.by_category) and all(f.corrected for f in self.by_category)

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
    *,
    strata: Mapping[int, str] | None = None,
    categories: Mapping[int, str] | None = None,
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
        strata: row index → its value of the field the sample is stratified by, for
            every judged row; None corrects with the uniform formula.
        categories: row index → the report's category of the row, to correct each
            category's figures too; None for none.
    """
    rows = [(row, value) for row, status, value in judged if status == "ok" and value is not None]
    with_people = {row for row, value in people.items() if value is not None}
    reviewed = sum(1 for row, _ in rows if row in sample and row in with_people)
    outside = sum(1 for row in with_people if row not in sample)
    added = max(0, len(rows) - sample.population)
    layers = strata if sample.by else None
    readings = _readings(kind, scale)
    figures = [
        _figure(name, read, rows, people, sample, target, layers) for name, read, target in readings
    ]
    by_category = []
    if categories is not None:
        grouped: dict[str, list[tuple[int, Any]]] = {}
        for row, value in rows:
            grouped.setdefault(categories.get(row, NO_VALUE), []).append((row, value))
        for category in sorted(grouped, key=lambda c: (-len(grouped[c]), c)):
            by_category += [
                replace(
                    _figure(name, read, grouped[category], people, sample, target, layers),
                    category=category,
                )
                for name, read, target in readings
            ]
    return SampleCorrection(sample, reviewed, outside, added, figures, by_category)


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
    strata: Mapping[int, str] | None,
) -> CorrectedFigure:
    parts: dict[str, _Part] = {}
    for row, value in rows:
        judge = read(value)
        if judge is None:
            continue
        part = parts.setdefault(strata.get(row, "") if strata is not None else "", _Part())
        person = read(people[row]) if row in sample and people.get(row) is not None else None
        if person is None:
            part.unlabelled.append(judge)
        else:
            part.people.append(person)
            part.judge.append(judge)
    labelled = sum(len(p.people) for p in parts.values())
    unlabelled = sum(len(p.unlabelled) for p in parts.values())
    every = labelled + unlabelled
    total = math.fsum(math.fsum(p.judge) + math.fsum(p.unlabelled) for p in parts.values())
    corrected = None
    if len(parts) > 1 and all(len(p.people) >= MIN_LABELLED for p in parts.values()):
        corrected = stratified_mean([p.arguments() for _, p in sorted(parts.items())])
    elif labelled >= MIN_LABELLED:  # the uniform formula stands in (module docstring)
        together = _Part()
        for part in parts.values():
            together.people += part.people
            together.judge += part.judge
            together.unlabelled += part.unlabelled
        corrected = corrected_mean(*together.arguments())
    return CorrectedFigure(
        figure=name,
        rate=name != "mean_score",
        n_labelled=labelled,
        n_unlabelled=unlabelled,
        judge_alone=total / every if every else None,
        corrected=corrected,
        target=target,
    )


@dataclass
class _Part:
    """The verdicts of one stratum (or of every row): people's and the judge's on the
    labelled rows, the judge's on the others."""

    people: list[float] = field(default_factory=list)
    judge: list[float] = field(default_factory=list)
    unlabelled: list[float] = field(default_factory=list)

    def arguments(self) -> tuple[list[float], list[float], list[float]]:
        return self.people, self.judge, self.unlabelled


def _as_bool(value: Any) -> float | None:
    return float(value) if isinstance(value, bool) else None


def _as_number(value: Any) -> float | None:
    return float(value) if is_number(value) and not isinstance(value, bool) else None


def _as_win(value: Any) -> float | None:
    number = _as_number(value)
    return None if number is None else float(number > 3)
