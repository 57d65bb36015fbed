"""Multinomial draws for bootstrap intervals, in pure Python.

A bootstrap resample of rows that fall into few patterns is how many rows it draws of
each pattern: a multinomial draw, here made share by share as binomials, so that it
costs one step per pattern rather than one per row.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

__all__ = ["chances", "multinomial"]


def chances(shares: Sequence[float]) -> list[tuple[float, float]]:
    """For each share but the last, the chance p of a draw falling in it once the
    shares before it are set aside, and p (1 − p)."""
    found, rest = [], 1.0
    for share in shares[:-1]:
        p = min(1.0, share / rest) if rest > 1e-12 else 1.0
        found.append((p, p * (1.0 - p)))
        rest -= share
    return found


def multinomial(chooser: random.Random, n: int, steps: Sequence[tuple[float, float]]) -> list[int]:
    """How many of ``n`` draws fall in each share (``steps``: its :func:`chances`), drawn share by
    share as binomials of what is left: exact (by inversion) when the count is sure to
    be small, else the normal approximation, whose error is far below the bootstrap's
    own spread. Normal deviates come in pairs (Box–Muller), cheaper than ``gauss``."""
    uniform, log, sqrt, cos, sin = chooser.random, math.log, math.sqrt, math.cos, math.sin
    counts: list[int] = []
    left = n
    spare: float | None = None
    for p, variance in steps:
        if left <= 0:
            drawn = 0
        elif p >= 1.0:
            drawn = left
        elif (spread := left * variance) >= 9.0:
            if spare is None:
                radius = sqrt(-2.0 * log(1.0 - uniform()))
                angle = math.tau * uniform()
                deviate, spare = radius * cos(angle), radius * sin(angle)
            else:
                deviate, spare = spare, None
            drawn = int(left * p + sqrt(spread) * deviate + 0.5)  # clipped below
            drawn = 0 if drawn < 0 else left if drawn > left else drawn
        else:
            drawn = _small_binomial(uniform, left, p)
        counts.append(drawn)
        left -= drawn
    counts.append(left)
    return counts


def _small_binomial(uniform: Callable[[], float], n: int, p: float) -> int:
    """A binomial draw with few successes (or few failures) expected: walk the
    distribution from 0 (inversion), a product a step."""
    if p <= 0.0:
        return 0
    if p > 0.5:
        return n - _small_binomial(uniform, n, 1.0 - p)
    odds = p / (1.0 - p)
    chance = (1.0 - p) ** n
    target, k, total = uniform(), 0, chance
    while total < target and k < n:
        chance *= odds * (n - k) / (k + 1)
        k += 1
        total += chance
    return k
