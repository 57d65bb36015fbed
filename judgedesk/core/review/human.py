"""A person's verdicts: the scale they judge on, and labels a dataset already carries."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from judgedesk.core.dataset import Dataset
from judgedesk.core.dataset.mapping import MISSING, lookup
from judgedesk.core.errors import RowError
from judgedesk.core.judge.metrics import METRICS
from judgedesk.core.judge.parsers import PARSERS
from judgedesk.core.judge.parsers.pairwise import CHOICE_SCALE, COMPARISON_SCALE
from judgedesk.core.project.settings import Project
from judgedesk.core.review.agreement import is_number

_TRUE = frozenset(
    {"true", "yes", "y", "correct", "right", "pass", "a", "1", "✓", "对", "正确", "是"}
)
_FALSE = frozenset(
    {"false", "no", "n", "incorrect", "wrong", "fail", "b", "0", "✗", "错", "错误", "否"}
)
_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)$")


@dataclass(frozen=True)
class ReviewScale:
    """What a person's verdict looks like for a project, and what digit keys mean.

    Attributes:
        kind: "boolean" (correct / incorrect), "score" (a number between ``low`` and
            ``high``) or "label" (one of ``choices``).
        low: the lowest score, for "score".
        high: the highest score, for "score".
        choices: the verdicts a person picks from, in key order: (True, False) for
            "boolean", 1..5 for pairwise verdicts, the labels seen for "label"; empty for
            a plain score (any number in range).
        names: how each choice is shown ("A>>B", "correct"), same order as ``choices``.
    """

    kind: str
    low: float | None = None
    high: float | None = None
    choices: tuple[Any, ...] = ()
    names: tuple[str, ...] = ()

    @property
    def is_pairwise(self) -> bool:
        """Verdicts on the five-level A-against-B scale (1 = A much better … 5)."""
        return self.kind == "score" and tuple(self.choices) == (1, 2, 3, 4, 5) and bool(self.names)

    def value_for_digit(self, digit: int) -> Any:
        """The verdict a digit key gives, or None when the key means nothing here.

        For "boolean": 1 is correct (True), 0 is incorrect (False). With choices, 1 picks
        the first choice, 2 the second… For scores, the digit is the score, and 0 is 10
        when the scale reaches 10.
        """
        if self.kind == "boolean":
            return {1: True, 0: False}.get(digit)
        if self.choices:
            return self.choices[digit - 1] if 1 <= digit <= len(self.choices) else None
        value = 10 if digit == 0 and (self.high or 0) >= 10 else digit
        if (self.low is not None and value < self.low) or (
            self.high is not None and value > self.high
        ):
            return None
        return value

    def digit_keys(self) -> tuple[tuple[int, Any], ...]:
        """Each digit key that gives a verdict on this scale, with that verdict, in the
        order keys sit on a keyboard (1 to 9, then 0): what a review's buttons show."""
        keys = []
        for digit in (*range(1, 10), 0):
            value = self.value_for_digit(digit)
            if value is not None:
                keys.append((digit, value))
        return tuple(keys)

    def coerce(self, value: Any) -> Any:
        """Read a verdict given as text or another type ("4", "correct", "A>B") in this
        scale's terms; blank text is None.

        Raises:
            ValueError: the value is not a verdict of this kind (a word on a score
                scale); the message says what is expected.
        """
        if value is None or (isinstance(value, str) and not value.strip()):
            return None
        if self.names and isinstance(value, str) and value.strip() in self.names:
            return self.choices[self.names.index(value.strip())]
        if self.kind == "boolean":
            read = _as_bool(value)
            if not isinstance(read, bool):
                raise ValueError(f"{value!r} is not correct or incorrect (true or false).")
            return read
        if self.kind == "score":
            read = _as_number(value)
            if not is_number(read):
                raise ValueError(f"{value!r} is not a score{self._range_text()}.")
            return read
        return value

    def check(self, value: Any) -> Any:
        """Like :meth:`coerce`, and a score must also be within ``low``..``high``."""
        read = self.coerce(value)
        if (
            self.kind == "score"
            and read is not None
            and (
                (self.low is not None and read < self.low)
                or (self.high is not None and read > self.high)
            )
        ):
            raise ValueError(f"{value!r} is not a score{self._range_text()}.")
        return read

    def _range_text(self) -> str:
        if self.low is None or self.high is None:
            return ""
        return f" from {self.name_of(self.low)} to {self.name_of(self.high)}"

    def name_of(self, value: Any) -> str:
        """How a verdict is shown to a person."""
        if value is None:
            return ""
        for choice, name in zip(self.choices, self.names, strict=False):
            if choice == value and isinstance(choice, bool) == isinstance(value, bool):
                return name
        if isinstance(value, float) and value.is_integer():
            return str(int(value))
        return str(value)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "low": self.low,
            "high": self.high,
            "choices": list(self.choices),
            "names": list(self.names),
        }


BOOLEAN_SCALE = ReviewScale("boolean", choices=(True, False), names=("correct", "incorrect"))


def _as_bool(value: Any) -> Any:
    if isinstance(value, bool):
        return value
    if is_number(value) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        text = value.strip().lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
    return value


def _as_number(value: Any) -> Any:
    if is_number(value):
        return int(value) if isinstance(value, float) and value.is_integer() else value
    if isinstance(value, str) and _NUMBER.match(value.strip()):
        number = float(value.strip())
        if math.isfinite(number):
            return int(number) if number.is_integer() else number
    return value


def scale_for(project: Project | None, values: Iterable[Any] = ()) -> ReviewScale:
    """The scale a person reviews on: from the project's last judge, else from results.

    The last enabled judge decides the row's result (unless a postprocess script does):
    its parser or metric says whether verdicts are true/false, scores or pairwise
    choices, and the project's ``min_score``/``max_score`` bound the scores.
    """
    seen = [v for v in values if v is not None]
    if project is not None and not project.script_path("postprocess").is_file():
        judges = [j for j in project.judges if j.enabled]
        if judges:
            scale = _judge_scale(project, judges[-1].kind, judges[-1].metric, judges[-1].parser)
            if scale is not None:
                return scale
    return _scale_from_values(seen, project)


def _judge_scale(project: Project, kind: str, metric: str, parser: str) -> ReviewScale | None:
    if kind == "metric":
        info = METRICS.get(metric)
        if info is None:
            return None
        return BOOLEAN_SCALE if info.kind == "bool" else ReviewScale("score", 0, 100)
    info_kind = PARSERS[parser].kind if parser in PARSERS else ""
    if info_kind == "correctness":
        return BOOLEAN_SCALE
    if info_kind == "pairwise":
        names = COMPARISON_SCALE if parser == "comparison" else CHOICE_SCALE
        return ReviewScale("score", 1, 5, tuple(names.values()), tuple(names))
    if info_kind in ("score", "json"):
        low, high = _bounds(project)
        return ReviewScale("score", low, high)
    return None


def _bounds(project: Project | None) -> tuple[float | None, float | None]:
    if project is None:
        return None, None
    low, high = project.variables.get("min_score"), project.variables.get("max_score")
    return (low if is_number(low) else None), (high if is_number(high) else None)


def _scale_from_values(values: list[Any], project: Project | None) -> ReviewScale:
    if values and all(isinstance(v, bool) for v in values):
        return BOOLEAN_SCALE
    if all(is_number(v) for v in values):  # scores, or nothing judged yet
        return ReviewScale("score", *_bounds(project))
    labels = sorted({str(v) for v in values})
    return ReviewScale("label", choices=tuple(labels), names=tuple(labels))


def dataset_labels(
    dataset: Dataset, rows: Iterable[int], scale: ReviewScale, column: str | None = None
) -> dict[int, Any]:
    """The human verdicts a dataset column holds for ``rows``, read on ``scale``.

    The column is the one mapped to the ``human`` role (``--field human=COLUMN``)
    unless ``column`` is given. Reads the rows: call it off the GUI thread.

    Returns:
        Row index → verdict, for the rows whose column holds one that can be read on
        the scale (a word in a column of scores is left out).
    """
    column = column or dataset.mapping.get("human")
    if not column:
        return {}
    labels: dict[int, Any] = {}
    count = len(dataset)
    for index in rows:
        if not 0 <= index < count:
            continue
        try:
            record: Mapping[str, Any] = dataset.peek(index)[0]
        except RowError:
            continue
        value = lookup(record, column)
        if value is MISSING:
            continue
        try:
            value = scale.coerce(value)
        except ValueError:
            continue  # not a verdict on this scale ("n/a", "?"): no human label
        if value is not None:
            labels[index] = value
    return labels
