"""Summary statistics of verdicts: means and rates with intervals, distributions.

Intervals are 95 % percentile bootstrap intervals, drawn with a fixed seed so the same
results always give the same figures. Verdicts take few values (true/false, a 1–10 score,
a pairwise grade), so a resample is drawn as how many rows of each value it holds (a
multinomial draw, as for α): its cost is that of the values, not of the rows. Above
:data:`BOOTSTRAP_MAX_ROWS` rows the normal approximation is used instead (the bootstrap
gives the same interval at that size, and would take seconds).
"""

from __future__ import annotations

import functools
import math
import operator
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from judgedesk.core.review import ReviewScale, chances, is_number, multinomial

RESAMPLES = 1000
BOOTSTRAP_MAX_ROWS = 5000
MAX_BINS = 21
ROWS_PER_VALUE = 4
"""Values drawn as counts of each value when there are at least this many rows a value."""


@dataclass(frozen=True)
class Estimate:
    """A mean (or rate) with its 95 % interval and the number of rows it is based on."""

    value: float | None
    low: float | None
    high: float | None
    n: int
    method: str = "bootstrap"

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def estimate_mean(values: Sequence[float], *, seed: int = 0) -> Estimate:
    """The mean of ``values`` with a 95 % interval (see the module docstring)."""
    n = len(values)
    if n == 0:
        return Estimate(None, None, None, 0)
    mean = math.fsum(values) / n
    if n == 1:
        return Estimate(mean, None, None, 1)
    if n > BOOTSTRAP_MAX_ROWS:
        sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
        half = 1.959964 * sd / math.sqrt(n)
        return Estimate(mean, mean - half, mean + half, n, "normal")
    counts = Counter(values)
    if len(counts) * ROWS_PER_VALUE <= n:
        kinds = tuple(sorted(counts))
        low, high = _interval_of_counts(kinds, tuple(counts[v] for v in kinds), seed)
    else:
        draw = random.Random(seed)
        means = sorted(math.fsum(draw.choices(values, k=n)) / n for _ in range(RESAMPLES))
        low, high = _percentiles(means)
    return Estimate(mean, low, high, n)


@functools.lru_cache(maxsize=256)
def _interval_of_counts(
    kinds: tuple[float, ...], counts: tuple[int, ...], seed: int
) -> tuple[float, float]:
    """The bootstrap interval of a mean of ``counts[i]`` times ``kinds[i]``, each resample
    drawn as a multinomial; kept, since a report computed again after a review has the
    same results to resample."""
    n = sum(counts)
    draw = random.Random(seed)
    steps = chances([count / n for count in counts])
    means = sorted(
        math.fsum(map(operator.mul, kinds, multinomial(draw, n, steps))) / n
        for _ in range(RESAMPLES)
    )
    return _percentiles(means)


def _percentiles(means: list[float]) -> tuple[float, float]:
    """The 2.5th and 97.5th percentiles of :data:`RESAMPLES` sorted means."""
    high = min(RESAMPLES - 1, math.ceil(0.975 * RESAMPLES) - 1)
    return means[int(0.025 * RESAMPLES)], means[high]


@dataclass(frozen=True)
class Summary:
    """The headline figures of a set of results.

    Attributes:
        rows: rows with a result.
        counts: rows by status: "ok", "error", "unparsed".
        kind: "boolean", "score", "pairwise", "label", or "" when nothing is ok.
        mean: the mean score (scores, and pairwise verdicts on their 1–5 scale).
        accuracy: the share of rows judged correct (true/false verdicts).
        win_rate: pairwise only: the share where the evaluated answer (B) is better.
        tie_rate: pairwise only: the share of ties.
        loss_rate: pairwise only: the share where it is worse.
    """

    rows: int
    counts: dict[str, int]
    kind: str
    mean: Estimate | None = None
    accuracy: Estimate | None = None
    win_rate: Estimate | None = None
    tie_rate: float | None = None
    loss_rate: float | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"rows": self.rows, "counts": dict(self.counts), "kind": self.kind}
        for name in ("mean", "accuracy", "win_rate"):
            value = getattr(self, name)
            out[name] = value.to_dict() if value is not None else None
        out["tie_rate"], out["loss_rate"] = self.tie_rate, self.loss_rate
        return out


@dataclass(frozen=True)
class Bin:
    """One bar of the distribution: a verdict (or a range of scores) and its count."""

    label: str
    count: int

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "count": self.count}


def summarize(
    results: Sequence[tuple[str | None, Any]], scale: ReviewScale, *, seed: int = 0
) -> Summary:
    """The summary of (status, value) pairs, read on ``scale``."""
    counts = Counter(status for status, _ in results if status is not None)
    values = [value for status, value in results if status == "ok" and value is not None]
    full = {name: counts.get(name, 0) for name in ("ok", "error", "unparsed")}
    if values and all(isinstance(v, bool) for v in values):
        accuracy = estimate_mean([float(v) for v in values], seed=seed)
        return Summary(len(results), full, "boolean", accuracy=accuracy)
    numbers = [float(v) for v in values if is_number(v)]
    if numbers and len(numbers) == len(values):
        mean = estimate_mean(numbers, seed=seed)
        if scale.kind == "score" and scale.names and len(scale.choices) == 5:
            n = len(numbers)
            wins = estimate_mean([1.0 if v > 3 else 0.0 for v in numbers], seed=seed)
            ties = sum(1 for v in numbers if v == 3) / n
            losses = sum(1 for v in numbers if v < 3) / n
            return Summary(len(results), full, "pairwise", mean, None, wins, ties, losses)
        return Summary(len(results), full, "score", mean)
    return Summary(len(results), full, "label" if values else "")


def distribution(values: Sequence[Any], scale: ReviewScale) -> list[Bin]:
    """How often each verdict was given (scores in up to ten ranges when they vary)."""
    if not values:
        return []
    if all(isinstance(v, bool) for v in values):
        return [Bin(scale.name_of(v), sum(1 for x in values if x is v)) for v in (True, False)]
    if not all(is_number(v) for v in values):
        labels = Counter(str(v) for v in values)
        # A label scale keeps its order, and shows the labels no row was given.
        known = [str(c) for c in scale.choices] if scale.kind == "label" else []
        rest = [(label, n) for label, n in labels.most_common() if label not in known]
        return [Bin(label, labels.get(label, 0)) for label in known] + [
            Bin(label, n) for label, n in rest
        ]
    counts = Counter(values)
    points = sorted(counts)
    low, high = scale.low, scale.high
    if (
        low is not None
        and high is not None
        and all(float(v).is_integer() for v in points)
        and float(low).is_integer()
        and high - low < MAX_BINS
        and low <= points[0]
        and points[-1] <= high
    ):
        points = list(range(int(low), int(high) + 1))
    if len(points) <= MAX_BINS:
        return [Bin(scale.name_of(p), counts.get(p, 0)) for p in points]
    first, last = float(min(values)), float(max(values))
    width = (last - first) / 10
    bins = [0] * 10
    for v in values:
        bins[min(9, int((float(v) - first) / width))] += 1
    return [
        Bin(f"{_short(first + i * width)}–{_short(first + (i + 1) * width)}", count)
        for i, count in enumerate(bins)
    ]


def _short(number: float) -> str:
    return f"{number:.3g}"
