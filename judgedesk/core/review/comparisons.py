"""How far the person's verdicts agree with the judge's, and the judges with each other."""

from __future__ import annotations

from typing import Any

from judgedesk.core.review.agreement import AgreementFigures, agreement, verdict_kind
from judgedesk.core.review.human import ReviewScale
from judgedesk.core.review.items import ReviewItem, judge_pairs

__all__ = ["OUTCOMES", "review_agreement"]


def review_agreement(items: list[ReviewItem], scale: ReviewScale) -> list[AgreementFigures]:
    """Person vs the judge's result, then judge vs judge for every pair of judges
    whose verdicts are of the same kind (a true/false rule is not compared with a
    judge that gives scores)."""
    labels = list(scale.choices) or None
    figures = [
        agreement(
            ((i.human_value, i.judge_value) for i in items),
            "person",
            "judge",
            labels=labels,
        )
    ]
    values: dict[str, list[Any]] = {}
    for item in items:
        for judge in item.judges:
            values.setdefault(judge.name, []).append(judge.value)
    kinds = {name: verdict_kind(found) for name, found in values.items()}
    names = list(values)
    for a_pos, first in enumerate(names):
        for second in names[a_pos + 1 :]:
            if kinds[first] != kinds[second] or not kinds[first]:
                continue
            pairs = judge_pairs(items, first, second)
            figures.append(agreement(pairs, first, second))
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
