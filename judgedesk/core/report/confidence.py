"""How well the judges' confidence matches agreement with people: a reliability diagram.

A judge reading its verdicts' probabilities gives each verdict a confidence. Over the
rows people reviewed, the rows are put in ten bins of confidence (0–0.1, …, 0.9–1); in
each, the mean confidence is set beside the share of rows where the person gave the
verdict the confidence is of. A judge whose 0.8 verdicts agree with people four times in
five is calibrated. The expected calibration error (ECE) is the gap of each bin weighted
by its rows: Σ n_b / n · |agreement_b − confidence_b|.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from judgedesk.core.judge import to_number
from judgedesk.core.review import ReviewItem
from judgedesk.core.run import judge_steps

BINS = 10


@dataclass(frozen=True)
class ConfidenceBin:
    """The reviewed rows whose confidence falls in [low, high) ([0.9, 1] for the last).

    Attributes:
        low: the bin's lower bound.
        high: its upper bound.
        rows: reviewed rows in it.
        confidence: their mean confidence; None when the bin is empty.
        agreement: the share of them where the person gave the verdict; None when empty.
    """

    low: float
    high: float
    rows: int = 0
    confidence: float | None = None
    agreement: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "low": self.low,
            "high": self.high,
            "n": self.rows,
            "confidence": self.confidence,
            "agreement": self.agreement,
        }


@dataclass(frozen=True)
class ConfidenceCalibration:
    """The reliability diagram of the judges' confidence against people's verdicts.

    Attributes:
        bins: the ten bins of confidence, empty ones included.
        ece: the expected calibration error over the rows.
        rows: reviewed rows with a confidence.
    """

    bins: list[ConfidenceBin] = field(default_factory=list)
    ece: float = 0.0
    rows: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"bins": [b.to_dict() for b in self.bins], "ece": self.ece, "n": self.rows}


def confidence_calibration(items: Iterable[ReviewItem]) -> ConfidenceCalibration | None:
    """The reliability diagram of ``items`` that have both a confidence and a human
    verdict; None when no such row exists (no probabilities read, or nobody reviewed)."""
    pairs: list[tuple[float, bool]] = []
    for item in items:
        confidence = item.confidence
        if confidence is None:
            continue
        agreed = agrees(item)
        if agreed is not None:
            pairs.append((confidence, agreed))
    if not pairs:
        return None
    binned: list[list[tuple[float, bool]]] = [[] for _ in range(BINS)]
    for confidence, agreed in pairs:
        binned[min(int(confidence * BINS), BINS - 1)].append((confidence, agreed))
    bins: list[ConfidenceBin] = []
    gaps: list[float] = []
    for number, inside in enumerate(binned):
        low, high = number / BINS, (number + 1) / BINS
        if not inside:
            bins.append(ConfidenceBin(low, high))
            continue
        mean = math.fsum(c for c, _ in inside) / len(inside)
        rate = sum(1 for _, a in inside if a) / len(inside)
        bins.append(ConfidenceBin(low, high, len(inside), mean, rate))
        gaps.append(len(inside) * abs(rate - mean))
    return ConfidenceCalibration(bins, math.fsum(gaps) / len(pairs), len(pairs))


def agrees(item: ReviewItem) -> bool | None:
    """Whether the person gave the verdict the judge's confidence is of; None when the
    row has no human verdict.

    The confidence of a score is that of the score the judge wrote (the row's result is
    the expected score beside it), so the written score is compared; a label's or a
    pair's is that of the row's verdict.
    """
    source = item.human[1]
    if source is None:
        return None
    if source in ("agree", "disagree"):
        return source == "agree"
    result = item.result
    if result is None:
        return None
    written = _written_score(result.detail)
    if written is not None:
        item = replace(item, result=replace(result, value=written))
    return item.disagreement == 0


def _written_score(detail: Any) -> int | float | None:
    """The score the one judge reading probabilities wrote, when its verdict is a score."""
    reading = [step for step in judge_steps(detail) if "sampled" in step]
    if len(reading) != 1 or "expected" not in reading[0] or "b_better" in reading[0]:
        return None
    sampled = reading[0].get("sampled")
    return to_number(sampled) if isinstance(sampled, str) else None
