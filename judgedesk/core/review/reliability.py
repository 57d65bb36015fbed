"""How far people agree with each other, and the judge with them: the human ceiling.

A judge's agreement with one person means little alone: κ = 0.6 is good where people
agree with each other at 0.62, poor where they agree at 0.9. This module gives, for
verdicts from several raters on the same rows:

- Krippendorff's α across all raters, at the verdicts' level of measurement (nominal,
  ordinal, interval, ratio), with missing verdicts allowed, and a bootstrap interval over
  rows;
- for every pair of raters, exact agreement and Cohen's κ (quadratic-weighted for
  ordered verdicts), from :mod:`judgedesk.core.review.two_raters`;
- the people's consensus per row (the most frequent verdict, or the mean of numbers),
  against which a judge is compared like another rater.

α follows Krippendorff (2011), *Computing Krippendorff's Alpha-Reliability*: a coincidence
matrix from every pairable value (rows with at least two verdicts), ``α = 1 − D_o / D_e``,
with the difference functions of the chosen level; the ordinal one ranks the values that
occur by how often they occur.
"""

from __future__ import annotations

import itertools
import math
import operator
import random
from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from judgedesk.core.review.people_verdict import consensus as consensus
from judgedesk.core.review.people_verdict import consensus_rows as consensus_rows
from judgedesk.core.review.people_verdict import one_type, verdict_key
from judgedesk.core.review.resample import chances, multinomial
from judgedesk.core.review.two_raters import (
    Figure,
    cohen_kappa,
    exact_agreement,
    is_number,
    shared_pairs,
)

__all__ = [
    "LEVELS",
    "Ceiling",
    "PairAgreement",
    "alpha_interval",
    "consensus",
    "consensus_rows",
    "human_ceiling",
    "krippendorff_alpha",
    "level_for",
]

LEVELS = ("nominal", "ordinal", "interval", "ratio")

Unit = tuple[tuple[Hashable, int], ...]  # a row's verdicts: (value, how many gave it)


def level_for(kind: str | None) -> str:
    """The level of measurement of a verdict kind: scores are intervals, pairwise 1–5
    ordered, correctness and labels nominal."""
    return {"score": "interval", "json": "interval", "pairwise": "ordinal"}.get(
        kind or "", "nominal"
    )


def _units(rows: Iterable[Sequence[Any]]) -> list[Unit]:
    """Each row's verdicts as (value, count), rows with fewer than two verdicts left out."""
    return [unit for unit in map(_unit, rows) if unit is not None]


def _unit(row: Sequence[Any]) -> Unit | None:
    given = Counter(verdict_key(v) for v in row if v is not None)
    if sum(given.values()) < 2:
        return None
    return tuple(sorted(given.items(), key=repr))


def _patterns(rows: Sequence[Sequence[Any]]) -> Counter[Unit]:
    """How many rows give each pattern of verdicts, in the order patterns first occur.

    Rows are few patterns over and over: each distinct row is read once. Where verdicts
    of several types meet, equal rows may not be the same verdicts (True == 1 == 1.0),
    so each row is read on its own."""
    lines = [tuple(row) for row in rows]
    if not one_type(lines):
        return Counter(_units(lines))
    return _patterns_of(Counter(lines))


def _patterns_of(lines: Counter[tuple[Any, ...]]) -> Counter[Unit]:
    """The patterns of rows of verdicts of one type, counted (see :func:`_patterns`)."""
    patterns: Counter[Unit] = Counter()
    for line, times in lines.items():
        unit = _unit(line)
        if unit is not None:
            patterns[unit] += times
    return patterns


def _coincidences(units: Mapping[Unit, int]) -> dict[tuple[Hashable, Hashable], float]:
    """The coincidence matrix o_ck: within each row every ordered pair of values given
    by two different raters, weighted 1 / (m_u − 1); ``units`` counts each pattern."""
    matrix: defaultdict[tuple[Hashable, Hashable], float] = defaultdict(float)
    for unit, times in units.items():
        m = sum(count for _, count in unit)
        for (c, n_c), (k, n_k) in itertools.product(unit, unit):
            pairs = n_c * (n_k - 1) if c == k else n_c * n_k
            if pairs:
                matrix[(c, k)] += times * pairs / (m - 1)
    return matrix


def _delta(level: str, totals: Mapping[Hashable, float]) -> Any:
    if level == "nominal":
        return lambda c, k: 0.0 if c == k else 1.0
    if not all(is_number(v) for v in totals):
        raise ValueError(f"{level} α needs numeric verdicts")
    if level == "interval":
        return lambda c, k: (c - k) ** 2
    if level == "ratio":
        return lambda c, k: ((c - k) / (c + k)) ** 2 if c + k else 0.0
    ordered: list[Any] = sorted(totals, key=float)
    position = {value: i for i, value in enumerate(ordered)}
    running = list(itertools.accumulate(totals[v] for v in ordered))

    def ordinal(c: Any, k: Any) -> float:
        low, high = sorted((position[c], position[k]))
        between = running[high] - (running[low - 1] if low else 0.0)
        return (between - (totals[ordered[low]] + totals[ordered[high]]) / 2) ** 2

    return ordinal


def _alpha(units: Mapping[Unit, int], level: str) -> float | None:
    return _from_matrix(_coincidences(units), level)


def _from_matrix(matrix: Mapping[tuple[Hashable, Hashable], float], level: str) -> float | None:
    totals: defaultdict[Hashable, float] = defaultdict(float)
    for (c, _k), weight in matrix.items():
        totals[c] += weight
    n = sum(totals.values())
    if n <= 1:
        return None
    delta = _delta(level, totals)
    observed = sum(weight * delta(c, k) for (c, k), weight in matrix.items())
    values = list(totals)
    expected = sum(
        totals[c] * totals[k] * delta(c, k) for c, k in itertools.product(values, values)
    ) / (n - 1)
    if expected <= 1e-12:
        return None  # every verdict the same: agreement beyond chance is undefined
    return float(1.0 - observed / expected)


def krippendorff_alpha(rows: Sequence[Sequence[Any]], level: str = "nominal") -> float | None:
    """Krippendorff's α over rows of verdicts (one list per row, None where a rater gave
    none). None when it is undefined: fewer than two pairable verdicts, or no variation.

    Raises:
        ValueError: an unknown level, or a numeric level for verdicts that are not numbers.
    """
    _check(level)
    return _alpha(_patterns(rows), level)


def _check(level: str) -> None:
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: use one of {', '.join(LEVELS)}")


def alpha_interval(
    rows: Sequence[Sequence[Any]],
    level: str = "nominal",
    *,
    confidence: float = 0.95,
    resamples: int = 1000,
    seed: int = 0,
) -> tuple[float | None, float | None]:
    """A bootstrap percentile interval for α: rows drawn with replacement, seeded, so the
    same data give the same interval.

    Rows with the same verdicts weigh the same, so a resample is drawn as how many times
    each pattern of verdicts occurs (a multinomial draw): the time depends on the number
    of patterns, not of rows.
    """
    return _interval(_patterns(rows), level, confidence, resamples, seed)


def _interval(
    patterns: Mapping[Unit, int], level: str, confidence: float, resamples: int, seed: int
) -> tuple[float | None, float | None]:
    total = sum(patterns.values())
    if total < 2:
        return None, None
    kinds = list(patterns)
    steps = chances([patterns[p] / total for p in kinds])
    parts = [list(_coincidences({kind: 1}).items()) for kind in kinds]  # each row's share
    alpha_of = _resampled_alpha(parts, level)
    chooser = random.Random(seed)
    found = []
    for _ in range(resamples):
        value = alpha_of(multinomial(chooser, total, steps))
        if value is not None:
            found.append(value)
    if not found:
        return None, None
    found.sort()
    tail = (1 - confidence) / 2
    low = found[max(0, math.floor(tail * len(found)))]
    high = found[min(len(found) - 1, math.ceil((1 - tail) * len(found)) - 1)]
    return low, high


Part = list[tuple[tuple[Hashable, Hashable], float]]


def _resampled_alpha(parts: list[Part], level: str) -> Callable[[list[int]], float | None]:
    """α of a resample from how many times it holds each pattern (whose coincidences are
    ``parts``). For nominal and interval α the differences do not depend on the sample:
    each pattern's observed disagreement and value totals are summed once per resample,
    a pass in C over the patterns for each figure."""
    if level not in ("nominal", "interval"):
        return lambda counts: _from_matrix(_matrix(counts, parts), level)
    delta = _delta(level, {c: 1.0 for part in parts for (c, _k), _w in part})
    observed = [sum(w * delta(c, k) for (c, k), w in part) for part in parts]
    totals = [_totals(part) for part in parts]
    sizes = [sum(t.values()) for t in totals]
    if level == "interval":  # Σ n_c n_k (c − k)² = 2 (n Σ n_c c² − (Σ n_c c)²)
        numbers = [
            [(float(v), t) for v, t in given.items()]  # type: ignore[arg-type]
            for given in totals
        ]
        firsts = [sum(t * v for v, t in part) for part in numbers]
        seconds = [sum(t * v * v for v, t in part) for part in numbers]

        def interval(counts: list[int]) -> float | None:
            n = sum(map(operator.mul, counts, sizes))
            first = sum(map(operator.mul, counts, firsts))
            spread = n * sum(map(operator.mul, counts, seconds)) - first * first
            return _ratio(sum(map(operator.mul, counts, observed)), 2 * spread, n)

        return interval
    values = list(dict.fromkeys(v for part in totals for v in part))
    columns = [[part.get(v, 0.0) for part in totals] for v in values]

    def nominal(counts: list[int]) -> float | None:
        n = sum(map(operator.mul, counts, sizes))
        squares = sum(t * t for t in (sum(map(operator.mul, counts, c)) for c in columns))
        return _ratio(sum(map(operator.mul, counts, observed)), n * n - squares, n)

    return nominal


def _totals(part: Part) -> dict[Hashable, float]:
    totals: defaultdict[Hashable, float] = defaultdict(float)
    for (c, _k), weight in part:
        totals[c] += weight
    return dict(totals)


def _ratio(observed: float, spread: float, n: float) -> float | None:
    """1 − D_o / D_e, from Σ o_ck δ_ck and n (n − 1) D_e; None when undefined."""
    if n <= 1 or spread <= 1e-9 * n * (n - 1):
        return None
    return float(1.0 - observed * (n - 1) / spread)


def _matrix(counts: list[int], parts: list[Part]) -> dict[tuple[Hashable, Hashable], float]:
    matrix: defaultdict[tuple[Hashable, Hashable], float] = defaultdict(float)
    for times, part in zip(counts, parts, strict=True):
        if times:
            for cell, weight in part:
                matrix[cell] += times * weight
    return matrix


@dataclass(frozen=True)
class PairAgreement:
    """Two raters on the rows both gave a verdict for."""

    first: str
    second: str
    n: int
    exact: Figure
    kappa: Figure

    def to_dict(self) -> dict[str, Any]:
        return {
            "first": self.first,
            "second": self.second,
            "n": self.n,
            "exact": self.exact.to_dict(),
            "kappa": self.kappa.to_dict(),
        }


@dataclass(frozen=True)
class Ceiling:
    """How far people agree with each other: the ceiling a judge is measured against.

    Attributes:
        level: the level of measurement α was computed at.
        raters: the reviewers, in order.
        rows: rows with verdicts from at least two of them.
        alpha: Krippendorff's α across all raters, with its bootstrap interval.
        pairs: exact agreement and κ for every pair of raters.
        mean_kappa: the mean κ over the pairs that have one.
    """

    level: str
    raters: tuple[str, ...]
    rows: int
    alpha: Figure
    interval: tuple[float | None, float | None]
    pairs: tuple[PairAgreement, ...]
    mean_kappa: float | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "level": self.level,
            "raters": list(self.raters),
            "rows": self.rows,
            "alpha": self.alpha.to_dict(),
            "alpha_interval": list(self.interval),
            "pairs": [p.to_dict() for p in self.pairs],
            "mean_kappa": self.mean_kappa,
        }


def pair_agreement(
    first: str, second: str, a: Mapping[Any, Any], b: Mapping[Any, Any], level: str
) -> PairAgreement:
    """Exact agreement and κ (quadratic-weighted at numeric and ordinal levels)."""
    pairs = shared_pairs((a[row], b[row]) for row in a.keys() & b.keys())
    weights = None if level == "nominal" else "quadratic"
    kappa = cohen_kappa(pairs, weights)
    return PairAgreement(first, second, len(pairs), exact_agreement(pairs), kappa)


def human_ceiling(
    verdicts: Mapping[str, Mapping[Any, Any]], level: str, *, seed: int = 0
) -> Ceiling:
    """The agreement among people: ``verdicts`` maps each reviewer to {row: verdict}."""
    raters = tuple(sorted(verdicts))
    rows = sorted({row for given in verdicts.values() for row in given}, key=repr)
    types: set[type] = set()

    def lines() -> Iterator[tuple[Any, ...]]:  # each row's verdicts, never all at once
        for row in rows:
            line = tuple([verdicts[r].get(row) for r in raters])
            types.update(map(type, line))
            yield line

    counted = Counter(lines())  # rows are few patterns over and over
    shared = sum(times for line, times in counted.items() if len(line) - line.count(None) >= 2)
    pairs = tuple(
        pair_agreement(a, b, verdicts[a], verdicts[b], level)
        for a, b in itertools.combinations(raters, 2)
    )
    kappas = [p.kappa.value for p in pairs if p.kappa.value is not None]
    _check(level)
    types.discard(type(None))
    patterns = _patterns_of(counted) if len(types) <= 1 else Counter(_units(lines()))
    return Ceiling(
        level=level,
        raters=raters,
        rows=shared,
        alpha=Figure(_alpha(patterns, level), shared),
        interval=_interval(patterns, level, 0.95, 1000, seed),
        pairs=pairs,
        mean_kappa=sum(kappas) / len(kappas) if kappas else None,
    )
