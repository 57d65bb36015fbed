"""The people's verdict on a row (their consensus), and verdicts as keys.

A row's consensus is the mean of its verdicts at a numeric level, else the most frequent
one; a tie is no consensus.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Hashable, Sequence
from typing import Any

from judgedesk.core.review.figure import is_number

__all__ = ["consensus", "consensus_rows", "one_type", "verdict_key"]


def verdict_key(value: Any) -> Hashable:
    """A verdict as a key: True == 1 in Python, so a boolean is kept apart from the score 1."""
    return ("bool", value) if isinstance(value, bool) else value


def consensus(values: Sequence[Any], level: str) -> Any:
    """The people's verdict on a row: the mean for numeric levels, else the most frequent
    verdict (None on a tie, which no one decided)."""
    given = [v for v in values if v is not None]
    if not given:
        return None
    if level in ("interval", "ratio") and all(is_number(v) for v in given):
        return sum(given) / len(given)
    ranked = Counter(verdict_key(v) for v in given).most_common()
    if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
        return None
    top = ranked[0][0]
    return top[1] if isinstance(top, tuple) and top[:1] == ("bool",) else top


def consensus_rows(rows: Sequence[Sequence[Any]], level: str) -> list[Any]:
    """:func:`consensus` of each row of verdicts; a row that repeats is decided once
    (unless verdicts of several types meet, where equal rows may differ: True == 1)."""
    lines = [tuple(row) for row in rows]
    if not one_type(lines):
        return [consensus(line, level) for line in lines]
    decided = {line: consensus(line, level) for line in dict.fromkeys(lines)}
    return [decided[line] for line in lines]


def one_type(lines: Sequence[tuple[Any, ...]]) -> bool:
    """Whether the verdicts of ``lines`` are all of one type (None aside)."""
    types = set(map(type, itertools.chain.from_iterable(lines)))
    types.discard(type(None))
    return len(types) <= 1
