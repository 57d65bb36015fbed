"""How far the person's verdicts agree with the judge's, and the judges with each other."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from judgedesk.core.review.human import ReviewScale
from judgedesk.core.review.items import JudgeVerdict, ReviewItem
from judgedesk.core.review.two_raters import AgreementFigures, agreement, verdict_kind

__all__ = ["OUTCOMES", "JudgeValues", "person_agreement", "review_agreement"]


def review_agreement(items: list[ReviewItem], scale: ReviewScale) -> list[AgreementFigures]:
    """Person vs the judge's result, then judge vs judge for every pair of judges
    whose verdicts are of the same kind (a true/false rule is not compared with a
    judge that gives scores)."""
    judges = JudgeValues()
    judges.add(items)
    return person_agreement(items, scale, judges.agreement())


class JudgeValues:
    """Each judge's verdicts over rows added a batch at a time, for their agreement."""

    def __init__(self) -> None:
        self.values: dict[str, list[Any]] = {}
        """judge → every verdict it gave, in row order."""
        self.by_row: dict[str, list[Any]] = {}
        """judge → its verdict on each row added (its last on the row; None for none)."""
        self.earlier: dict[str, dict[int, Any]] = {}
        """judge → row added → its last verdict but None, where its last one is None."""
        self.rows = 0

    def add(self, items: Iterable[ReviewItem]) -> None:
        """Add the rows of ``items``, in row order."""
        for item in items:
            self.add_judges(item.judges)

    def add_judges(self, judges: Iterable[JudgeVerdict]) -> None:
        """Add one row's judges' verdicts (the next row's)."""
        values, by_row, earlier = self.values, self.by_row, self.earlier
        verdicts: dict[str, Any] = {}
        for judge in judges:
            if judge.name not in values:
                values[judge.name] = []
                by_row[judge.name] = [None] * self.rows
            values[judge.name].append(judge.value)
            if judge.value is None and verdicts.get(judge.name) is not None:
                earlier.setdefault(judge.name, {})[self.rows] = verdicts[judge.name]
            verdicts[judge.name] = judge.value
        for name, given in by_row.items():
            given.append(verdicts.get(name))
        self.rows += 1

    def given(self, rows: Sequence[int]) -> dict[str, dict[int, Any]]:
        """Each judge's verdicts but None, its last on each row: judge → row → verdict;
        ``rows``: the index of each row added, in order."""
        found: dict[str, dict[int, Any]] = {}
        for name, values in self.by_row.items():
            kept = self.earlier.get(name, {})
            given = {}
            for place, (row, value) in enumerate(zip(rows, values, strict=True)):
                if value is None:
                    value = kept.get(place)
                if value is not None:
                    given[row] = value
            if given:
                found[name] = given
        # In the order each judge's first verdict comes, as judges_alpha reads them.
        return dict(sorted(found.items(), key=lambda kv: next(iter(kv[1]))))

    def agreement(self) -> list[AgreementFigures]:
        """Judge vs judge for every pair of judges whose verdicts are of one kind."""
        kinds = {name: verdict_kind(found) for name, found in self.values.items()}
        names = list(self.values)
        figures = []
        for a_pos, first in enumerate(names):
            for second in names[a_pos + 1 :]:
                if kinds[first] != kinds[second] or not kinds[first]:
                    continue
                pairs = zip(self.by_row[first], self.by_row[second], strict=True)
                figures.append(agreement(pairs, first, second))  # a pair kept per kind
        return figures


def person_agreement(
    items: Iterable[ReviewItem], scale: ReviewScale, judges: list[AgreementFigures]
) -> list[AgreementFigures]:
    """Person vs the judge's result over ``items`` (rows without a human verdict count
    in none), followed by ``judges``' figures (see :class:`JudgeValues`)."""
    items = list(items)
    labels = list(scale.choices) or None
    figures = [
        agreement(
            ((i.human_value, i.judge_value) for i in items),
            "person",
            "judge",
            labels=labels,
        ),
        *judges,
    ]
    if scale.is_pairwise:
        # Pairwise verdicts also compared as win / tie / loss only.
        figures.insert(
            1,
            agreement(
                ((_outcome(i.human_value), _outcome(i.judge_value)) for i in items),
                "person (win/tie/loss)",
                "judge (win/tie/loss)",
                kind="nominal",
                labels=OUTCOMES,
            ),
        )
    return figures


OUTCOMES = ("A better", "tie", "B better")
"""Pairwise verdicts collapsed to which answer won."""


def _outcome(value: Any) -> str | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return OUTCOMES[(value > 3) - (value < 3) + 1]
