"""How far people agree with each other, and the judge with them: the human ceiling.

A judge's agreement with one person means little alone: κ = 0.6 is good where people
agree with each other at 0.62, poor where they agree at 0.9. This module gives, for
verdicts from several raters on the same rows:

- Krippendorff's α across all raters, at the verdicts' level of measurement (nominal,
  ordinal, interval, ratio), with missing verdicts allowed, and a bootstrap interval over
  rows;
- for every pair of raters, exact agreement and Cohen's κ (quadratic-weighted for
  ordered verdicts), from :mod:`judgedesk.core.review.agreement`;
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
import random
from collections import Counter, defaultdict
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from judgedesk.core.review.agreement import Figure, cohen_kappa, exact_agreement, is_number

__all__ = [
    "LEVELS",
    "Ceiling",
    "PairAgreement",
    "alpha_interval",
    "consensus",
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


def _value(value: Any) -> Hashable:
    # True == 1 in Python: keep a boolean verdict apart from the score 1.
    return ("bool", value) if isinstance(value, bool) else value


def _units(rows: Sequence[Sequence[Any]]) -> list[Unit]:
    """Each row's verdicts as (value, count), rows with fewer than two verdicts left out."""
    units = []
    for row in rows:
        given = Counter(_value(v) for v in row if v is not None)
        if sum(given.values()) >= 2:
            units.append(tuple(sorted(given.items(), key=repr)))
    return units


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
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: use one of {', '.join(LEVELS)}")
    return _alpha(Counter(_units(rows)), level)


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
    units = _units(rows)
    if len(units) < 2:
        return None, None
    patterns = Counter(units)
    kinds = list(patterns)
    shares = [patterns[p] / len(units) for p in kinds]
    parts = [list(_coincidences({kind: 1}).items()) for kind in kinds]  # each row's share
    quick = _quick_parts(parts, level)
    chooser = random.Random(seed)
    found = []
    for _ in range(resamples):
        counts = _multinomial(chooser, len(units), shares)
        if quick is not None:
            value = _quick_alpha(counts, quick, level)
        else:
            matrix: defaultdict[tuple[Hashable, Hashable], float] = defaultdict(float)
            for times, part in zip(counts, parts, strict=True):
                if times:
                    for cell, weight in part:
                        matrix[cell] += times * weight
            value = _from_matrix(matrix, level)
        if value is not None:
            found.append(value)
    if not found:
        return None, None
    found.sort()
    tail = (1 - confidence) / 2
    low = found[max(0, math.floor(tail * len(found)))]
    high = found[min(len(found) - 1, math.ceil((1 - tail) * len(found)) - 1)]
    return low, high


Quick = list[tuple[float, dict[Hashable, float]]]


def _quick_parts(
    parts: list[list[tuple[tuple[Hashable, Hashable], float]]], level: str
) -> Quick | None:
    """For nominal and interval α, each pattern's observed disagreement and value totals:
    their differences do not depend on the sample, so a resample sums numbers."""
    if level not in ("nominal", "interval"):
        return None
    delta = _delta(level, {c: 1.0 for part in parts for (c, _k), _w in part})
    quick: Quick = []
    for part in parts:
        totals: defaultdict[Hashable, float] = defaultdict(float)
        for (c, _k), weight in part:
            totals[c] += weight
        quick.append((sum(w * delta(c, k) for (c, k), w in part), dict(totals)))
    return quick


def _quick_alpha(counts: Sequence[int], quick: Quick, level: str) -> float | None:
    observed = 0.0
    totals: defaultdict[Hashable, float] = defaultdict(float)
    for times, (disagreement, part) in zip(counts, quick, strict=True):
        if times:
            observed += times * disagreement
            for value, weight in part.items():
                totals[value] += times * weight
    n = sum(totals.values())
    if n <= 1:
        return None
    if level == "nominal":
        expected = (n * n - sum(t * t for t in totals.values())) / (n - 1)
    else:  # Σ t_c t_k (c − k)² = 2 (n Σ t c² − (Σ t c)²)
        numbers = [(float(v), t) for v, t in totals.items()]  # type: ignore[arg-type]
        first = sum(t * v for v, t in numbers)
        second = sum(t * v * v for v, t in numbers)
        expected = 2 * (n * second - first * first) / (n - 1)
    if expected <= 1e-9 * n:
        return None
    return float(1.0 - observed / expected)


def _multinomial(chooser: random.Random, n: int, shares: Sequence[float]) -> list[int]:
    """How many of ``n`` draws fall in each share, drawn share by share as binomials."""
    counts, left, rest = [], n, 1.0
    for share in shares[:-1]:
        p = min(1.0, share / rest) if rest > 1e-12 else 1.0
        drawn = _binomial(chooser, left, p)
        counts.append(drawn)
        left -= drawn
        rest -= share
    counts.append(left)
    return counts


def _binomial(chooser: random.Random, n: int, p: float) -> int:
    """A binomial draw: exact (by inversion) when successes are few, else the normal
    approximation, whose error is far below the bootstrap's own spread."""
    if n <= 0 or p <= 0.0:
        return 0
    if p >= 1.0:
        return n
    if p > 0.5:
        return n - _binomial(chooser, n, 1.0 - p)
    if n * p * (1 - p) >= 9:
        drawn = round(chooser.gauss(n * p, math.sqrt(n * p * (1 - p))))
        return min(n, max(0, drawn))
    # Few successes expected: walk the distribution from 0 (inversion), a product a step.
    odds = p / (1.0 - p)
    chance = (1.0 - p) ** n
    target, k, total = chooser.random(), 0, chance
    while total < target and k < n:
        chance *= odds * (n - k) / (k + 1)
        k += 1
        total += chance
    return k


def consensus(values: Sequence[Any], level: str) -> Any:
    """The people's verdict on a row: the mean for numeric levels, else the most frequent
    verdict (None on a tie, which no one decided)."""
    given = [v for v in values if v is not None]
    if not given:
        return None
    if level in ("interval", "ratio") and all(is_number(v) for v in given):
        return sum(given) / len(given)
    ranked = Counter(_value(v) for v in given).most_common()
    if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
        return None
    top = ranked[0][0]
    return top[1] if isinstance(top, tuple) and top[:1] == ("bool",) else top


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
    pairs = [(a[row], b[row]) for row in a.keys() & b.keys()]
    pairs = [(x, y) for x, y in pairs if x is not None and y is not None]
    weights = None if level == "nominal" else "quadratic"
    kappa = cohen_kappa(pairs, weights)
    return PairAgreement(first, second, len(pairs), exact_agreement(pairs), kappa)


def human_ceiling(
    verdicts: Mapping[str, Mapping[Any, Any]], level: str, *, seed: int = 0
) -> Ceiling:
    """The agreement among people: ``verdicts`` maps each reviewer to {row: verdict}."""
    raters = tuple(sorted(verdicts))
    rows = sorted({row for given in verdicts.values() for row in given}, key=repr)
    table = [[verdicts[r].get(row) for r in raters] for row in rows]
    shared = sum(1 for line in table if sum(v is not None for v in line) >= 2)
    pairs = tuple(
        pair_agreement(a, b, verdicts[a], verdicts[b], level)
        for a, b in itertools.combinations(raters, 2)
    )
    kappas = [p.kappa.value for p in pairs if p.kappa.value is not None]
    return Ceiling(
        level=level,
        raters=raters,
        rows=shared,
        alpha=Figure(krippendorff_alpha(table, level), shared),
        interval=alpha_interval(table, level, seed=seed),
        pairs=pairs,
        mean_kappa=sum(kappas) / len(kappas) if kappas else None,
    )
