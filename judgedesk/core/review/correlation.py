"""Correlations between two raters' numeric verdicts: Spearman's ρ and the mean
absolute difference (see :func:`~judgedesk.core.review.two_raters.agreement`)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from judgedesk.core.review.figure import Figure, is_number

__all__ = ["mean_abs_difference", "pearson", "ranks", "spearman"]


def ranks(values: Sequence[float]) -> list[float]:
    """1-based ranks, ties sharing the average of the ranks they span."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    result = [0.0] * len(values)
    start = 0
    while start < len(order):
        stop = start
        while stop + 1 < len(order) and values[order[stop + 1]] == values[order[start]]:
            stop += 1
        rank = (start + stop) / 2 + 1
        for k in range(start, stop + 1):
            result[order[k]] = rank
        start = stop + 1
    return result


def pearson(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """Pearson's correlation; None for fewer than two rows or a constant side."""
    n = len(xs)
    if n < 2:
        return None
    mean_x, mean_y = math.fsum(xs) / n, math.fsum(ys) / n
    sxy = math.fsum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys, strict=True))
    sxx = math.fsum((x - mean_x) ** 2 for x in xs)
    syy = math.fsum((y - mean_y) ** 2 for y in ys)
    if sxx <= 0 or syy <= 0:
        return None
    return max(-1.0, min(1.0, sxy / math.sqrt(sxx * syy)))


def spearman(pairs: Sequence[tuple[Any, Any]]) -> Figure:
    """Spearman's rank correlation (Pearson's on ranks, ties averaged) of numeric pairs."""
    numeric = [(float(a), float(b)) for a, b in pairs if _numeric(a) and _numeric(b)]
    if not numeric:
        return Figure(None, 0)
    xs = ranks([a for a, _ in numeric])
    ys = ranks([b for _, b in numeric])
    return Figure(pearson(xs, ys), len(numeric))


def mean_abs_difference(pairs: Sequence[tuple[Any, Any]]) -> Figure:
    """The mean of |first − second| over numeric pairs."""
    numeric = [(float(a), float(b)) for a, b in pairs if _numeric(a) and _numeric(b)]
    if not numeric:
        return Figure(None, 0)
    return Figure(math.fsum(abs(a - b) for a, b in numeric) / len(numeric), len(numeric))


def _numeric(value: Any) -> bool:
    return is_number(value) or isinstance(value, bool)
