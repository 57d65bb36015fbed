"""The Bradley–Terry fit: maximum-likelihood scores from each pair of models' win counts.

Scores are in log-10 units: model i beats model j with chance 1 / (1 + 10 ^ (β_j − β_i)),
the chance scikit-learn's logistic regression gives on Arena-Hard's design matrix (a row
per battle, +log 10 in one model's column, −log 10 in the other's), with coefficients β.
A pair's wins may be fractional (a tie is half a win for each side). Newton's method works
on one number per pair, so a fit costs the same for 100 battles or a million.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

BASE = 10.0
_LN_BASE = math.log(BASE)
# Scores in log-10 units held within ±5 of the middle, so at most 4,000 Elo points apart:
# a win chance of 1e-10, as good as none.
_LIMIT = 5.0
_MAX_STEP = 1.0  # Newton steps of at most 400 Elo points, so a first step cannot overshoot
_TOLERANCE = 1e-10
_MAX_STEPS = 100


def fit_scores(
    k: int,
    pairs: Sequence[tuple[int, int]],
    wins: Sequence[float],
    totals: Sequence[float],
    start: Sequence[float],
) -> list[float]:
    """The maximum-likelihood scores in log-10 units, by Newton's method from ``start``.

    The likelihood does not change when every score in a group of models that met moves
    together; adding ``1 1ᵀ`` per group to the Hessian fixes that freedom, and since the
    gradient sums to zero over each group, the steps keep each group's mean where it
    started (0 from a start of zeros).

    Args:
        k: how many models.
        pairs: the models of each pair, as indexes.
        wins: the battles each pair's first model won (a tie half of one).
        totals: each pair's battles.
        start: the scores to start from (the fit to all rows, for a bootstrap round).
    """
    beta = list(start)
    groups = linked_groups(k, pairs, totals)
    for _ in range(_MAX_STEPS):
        gradient = [0.0] * k
        hessian = [[0.0] * k for _ in range(k)]
        for (i, j), won, total in zip(pairs, wins, totals, strict=True):
            if not total:
                continue
            chance = 1.0 / (1.0 + BASE ** (beta[j] - beta[i]))
            residual = won - total * chance
            gradient[i] += residual
            gradient[j] -= residual
            curve = total * chance * (1.0 - chance) * _LN_BASE
            hessian[i][i] += curve
            hessian[j][j] += curve
            hessian[i][j] -= curve
            hessian[j][i] -= curve
        for group in groups:
            for i in group:
                row = hessian[i]
                for j in group:
                    row[j] += 1.0
        step = _solve(hessian, gradient)
        biggest = max(map(abs, step), default=0.0)
        if biggest > _MAX_STEP:
            step = [s * _MAX_STEP / biggest for s in step]
        beta = [min(_LIMIT, max(-_LIMIT, b + s)) for b, s in zip(beta, step, strict=True)]
        if biggest < _TOLERANCE:
            break
    return beta


def linked_groups(
    k: int, pairs: Sequence[tuple[int, int]], totals: Sequence[float]
) -> list[list[int]]:
    """The groups of models linked by battles (a model in none is a group of its own)."""
    parent = list(range(k))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for (i, j), total in zip(pairs, totals, strict=True):
        if total:
            parent[root(i)] = root(j)
    found: dict[int, list[int]] = {}
    for i in range(k):
        found.setdefault(root(i), []).append(i)
    return list(found.values())


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix⁻¹ · vector`` by Gaussian elimination with partial pivoting (in place)."""
    n = len(vector)
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(matrix[r][col]))
        if pivot != col:
            matrix[col], matrix[pivot] = matrix[pivot], matrix[col]
            vector[col], vector[pivot] = vector[pivot], vector[col]
        head = matrix[col][col]
        if head == 0.0:
            continue
        top = matrix[col]
        for r in range(col + 1, n):
            factor = matrix[r][col] / head
            if factor:
                row = matrix[r]
                for c in range(col, n):
                    row[c] -= factor * top[c]
                vector[r] -= factor * vector[col]
    result = [0.0] * n
    for r in range(n - 1, -1, -1):
        row = matrix[r]
        total = vector[r] - sum(row[c] * result[c] for c in range(r + 1, n))
        result[r] = total / row[r] if row[r] else 0.0
    return result


def scores_are_finite(
    k: int, pairs: Sequence[tuple[int, int]], wins: Sequence[float], totals: Sequence[float]
) -> bool:
    """Whether every model beat every other, at least through others (with a tie as a
    half win each way): the condition for the scores to be finite."""
    beat: list[set[int]] = [set() for _ in range(k)]
    for (i, j), won, total in zip(pairs, wins, totals, strict=True):
        if won > 0:
            beat[i].add(j)
        if total - won > 0:
            beat[j].add(i)
    beaten_by: list[set[int]] = [set() for _ in range(k)]
    for i, losers in enumerate(beat):
        for j in losers:
            beaten_by[j].add(i)
    return all(len(_reach(0, links)) == k for links in (beat, beaten_by)) if k else True


def _reach(start: int, links: Sequence[set[int]]) -> set[int]:
    seen, todo = {start}, [start]
    while todo:
        for nxt in links[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen
