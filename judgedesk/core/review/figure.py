"""A figure of agreement with the number of rows it rests on, and what counts as a number."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

__all__ = ["NOT_APPLICABLE", "Figure", "is_number"]


@dataclass(frozen=True)
class Figure:
    """One agreement figure and the number of rows it is based on."""

    value: float | None
    n: int

    def to_dict(self) -> dict[str, Any]:
        return {"value": self.value, "n": self.n}


NOT_APPLICABLE = Figure(None, 0)


def is_number(value: Any) -> bool:
    """True for int and float values that are finite (True/False are not numbers here)."""
    if type(value) is int:  # the common case first: a report asks this of every verdict
        return True
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
