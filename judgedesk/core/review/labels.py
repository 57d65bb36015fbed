"""The forms people write verdicts in, read one value at a time.

Text is compared without regard to case, full or half width (``ＹＥＳ`` is ``yes``) and
surrounding spaces. Each reader gives the verdict, or None with the reason in words.

Pairwise, on the scale 1 = A much better, 2 = A better, 3 = tie, 4 = B better, 5 = B much
better:

- ``A>>B``, ``A>B``, ``A=B`` (``A==B``), ``B>A``, ``B>>A``, also written the other way
  round (``A<B``) or with ``≫``; ``A++``, ``A+``, ``B+``, ``B++``;
- ``A``, ``B`` and ``model_a``, ``model_b`` (Chatbot Arena): the winner, not by how much,
  so a :class:`~judgedesk.core.review.two_raters.Side`;
- ``tie``, ``tie (bothbad)``, ``draw``, ``平局``…: 3;
- ``C``: a tie, as MT-Bench's judges write it, unless the column also holds D or a later
  letter: then the letters are answer choices and C means nothing here;
- numbers, read one way for the whole column: when every number in it is 1 or 2, 1 means
  the first answer (A) won and 2 the second (B), as a winner index; as soon as one
  number is 3, 4 or 5, every number is the scale itself (1 is A much better).

Correct / incorrect: true / false, yes / no, 1 / 0, correct / incorrect, right / wrong,
pass / fail, 对 / 错, 正确 / 错误, 是 / 否, ✓ / ✗, and A / B (A = correct).
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from judgedesk.core.judge import CHOICE_SCALE, COMPARISON_SCALE
from judgedesk.core.messages import say
from judgedesk.core.review.two_raters import Side, is_number

A_WINS = Side(2)
B_WINS = Side(4)
TIE = 3

WINNER = "winner"
"""A pairwise column whose numbers are 1 and 2 only: the index of the better answer."""
SCALE = "scale"
"""A pairwise column whose numbers are the 1–5 scale itself."""

MEANINGS = {
    "A>>B": "A much better",
    "A>B": "A better",
    "A=B": "tie",
    "B>A": "B better",
    "B>>A": "B much better",
    "A": "A wins",
    "B": "B wins",
    "correct": "correct",
    "incorrect": "incorrect",
}
"""What each verdict means, in words, by :func:`meaning_key`; "A" and "B" stand for a
winner with no strength."""
_PAIRWISE_KEYS = {value: label for label, value in COMPARISON_SCALE.items()}

PAIRWISE_FORMS = "A, B, tie, model_a, model_b, A>B … B>>A, A++ … B++ or a number 1–5"
CORRECTNESS_FORMS = "true/false, yes/no, 1/0, correct/incorrect, right/wrong, 对/错 or 正确/错误"

_TRUE = frozenset(
    {"true", "yes", "y", "correct", "right", "pass", "a", "1", "✓", "✔", "√", "对", "正确", "是"}
)
_FALSE = frozenset(
    {"false", "no", "n", "incorrect", "wrong", "fail", "b", "0", "✗", "✘", "×", "错", "错误", "否"}
)
_WINNERS = {"a": A_WINS, "modela": A_WINS, "b": B_WINS, "modelb": B_WINS}
_TIES = frozenset({"tie", "draw", "equal", "same", "bothbad", "bothgood", "平局", "平手", "持平"})
_TIE_NOTE = re.compile(r"^tie\(.*\)$")  # "tie (bothbad)"
_RELATION = re.compile(r"^([ab])(>>|>|==|=|<<|<)([ab])$")
_CHOICE = {label.lower(): value for label, value in CHOICE_SCALE.items()}
_A_SIDE = {">>": 1, ">": 2, "==": 3, "=": 3, "<": 4, "<<": 5}
_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)$")
_BRACKETED = re.compile(r"^\[\[(.*)\]\]$")
_LETTER = re.compile(r"^[a-z]$")


def normal(value: Any) -> str:
    """A value as text to compare: width folded, case folded, outer spaces taken off."""
    text = unicodedata.normalize("NFKC", str(value)).casefold().strip()
    return text.replace("≫", ">>").replace("≪", "<<")


def compact(text: str) -> str:
    """``normal`` text without inner spaces, ``_`` or ``-``: "Model_A" → "modela"."""
    return re.sub(r"[\s_-]+", "", text)


def is_blank(value: Any) -> bool:
    """No label at all: None or text of spaces only."""
    return value is None or (isinstance(value, str) and not normal(value))


def as_number(value: Any) -> int | float | None:
    """A number, given as one or written as text ("4", "４", "2.0"); else None."""
    if is_number(value):
        number = float(value)
    elif isinstance(value, str) and _NUMBER.match(normal(value)):
        number = float(normal(value))
        if not math.isfinite(number):
            return None
    else:
        return None
    return int(number) if number.is_integer() else number


def read_correctness(value: Any) -> tuple[bool | None, str]:
    """A correct / incorrect verdict, or None and why it is not one."""
    if isinstance(value, bool):
        return value, ""
    number = as_number(value)
    if number is not None:
        if number in (0, 1):
            return bool(number), ""
        return None, say(
            "review.labels.number_not_correctness",
            "only 1 (correct) and 0 (incorrect) are numbers here; use {forms}",
            forms=CORRECTNESS_FORMS,
        )
    text = compact(normal(value))
    if text in _TRUE:
        return True, ""
    if text in _FALSE:
        return False, ""
    return None, say(
        "review.labels.not_correctness",
        "not correct or incorrect; use {forms}",
        forms=CORRECTNESS_FORMS,
    )


def read_pairwise(
    value: Any, numbers: str = SCALE, c_is_tie: bool = True
) -> tuple[int | None, str]:
    """A pairwise verdict 1..5 (a :class:`Side` for a winner alone), or None and why.

    Args:
        value: the label as the dataset holds it.
        numbers: :data:`WINNER` or :data:`SCALE` (or "", the same), how the column's
            numbers read (see :func:`number_form`).
        c_is_tie: whether "C" is a tie (see :func:`c_is_tie`).
    """
    if isinstance(value, bool):
        return None, say(
            "review.labels.boolean_not_pairwise",
            "true or false does not say which answer is better; use {forms}",
            forms=PAIRWISE_FORMS,
        )
    number = as_number(value)
    if number is not None:
        if numbers == WINNER and number in (1, 2):
            return (A_WINS if number == 1 else B_WINS), ""
        if number in (1, 2, 3, 4, 5):
            return int(number), ""
        return None, say(
            "review.labels.off_scale",
            "{number} is not on the 1–5 scale (1 = A much better … 5 = B much better)",
            number=number,
        )
    text = compact(normal(value))
    inner = _BRACKETED.match(text)
    if inner:
        text = inner.group(1)
    if text in _WINNERS:
        return _WINNERS[text], ""
    if text in _TIES or _TIE_NOTE.match(text):
        return TIE, ""
    if text == "c":
        if c_is_tie:
            return TIE, ""
        return None, say(
            "review.labels.c_is_choice",
            "this column also holds D or a later letter, so C is an answer choice",
        )
    if text in _CHOICE:
        return _CHOICE[text], ""
    relation = _RELATION.match(text)
    if relation and relation.group(1) != relation.group(3):
        level = _A_SIDE[relation.group(2)]
        return (level if relation.group(1) == "a" else 6 - level), ""
    return None, say(
        "review.labels.not_pairwise", "not a pairwise verdict; use {forms}", forms=PAIRWISE_FORMS
    )


def number_form(values: list[Any]) -> str:
    """How a pairwise column's numbers read: :data:`WINNER` when every number in it is
    1 or 2, else :data:`SCALE`; "" when it holds no number."""
    seen = {as_number(v) for v in values if not isinstance(v, bool)} - {None}
    if not seen:
        return ""
    return WINNER if seen <= {1, 2} else SCALE


def c_is_tie(values: list[Any]) -> bool:
    """Whether a pairwise column's "C" is a tie: no D or later single letter with it."""
    for value in values:
        if isinstance(value, str):
            text = compact(normal(value))
            if _LETTER.match(text) and text > "c":
                return False
    return True


def meaning_key(value: Any, pairwise: bool) -> str:
    """The key in :data:`MEANINGS` of a verdict read here ("A>B", "A", "correct"); a
    score as text."""
    if isinstance(value, bool):
        return "correct" if value else "incorrect"
    if isinstance(value, Side):
        return "A" if value < TIE else "B"
    if pairwise and value in _PAIRWISE_KEYS:
        return _PAIRWISE_KEYS[value]
    return str(value)


def looks_pairwise(value: Any) -> bool:
    """A word only a pairwise verdict uses (tie, model_a, A>B, C…), not a bare A or B."""
    if as_number(value) is not None or isinstance(value, bool) or is_blank(value):
        return False
    read, _ = read_pairwise(value)
    return read is not None and compact(normal(value)) not in ("a", "b")


def looks_correctness(value: Any) -> bool:
    """A word only a correct / incorrect verdict uses (yes, wrong, 对…), not A, B, 1 or 0."""
    if isinstance(value, bool):
        return True
    if as_number(value) is not None or is_blank(value):
        return False
    read, _ = read_correctness(value)
    return read is not None and compact(normal(value)) not in ("a", "b")


MAX_SHOWN = 12
"""Distinct values a reading lists, of those understood and of those not."""


@dataclass(frozen=True)
class LabelReading:
    """How a dataset's human column reads: what was understood, what not and why.

    Attributes:
        column: the column read.
        kind: "pairwise", "boolean", "score" or "label": the scale it was read on.
        low, high: a score scale's bounds, when it has them.
        labelled: rows whose label was read.
        understood: (label as written, :func:`meaning_key`, rows) per value read, most
            rows first, at most :data:`MAX_SHOWN`.
        not_understood: (label as written, why, rows) per value that could not be read,
            most rows first, at most :data:`MAX_SHOWN`.
        unreadable: rows whose label could not be read.
        empty: rows whose cell is empty, or that have no such field.
        numbers: for a pairwise column holding numbers, how they read (:data:`WINNER`
            or :data:`SCALE`); "" otherwise.
        rows: rows looked at.
        complete: every row of the dataset was looked at.
    """

    column: str
    kind: str
    low: float | None = None
    high: float | None = None
    labelled: int = 0
    understood: tuple[tuple[str, str, int], ...] = ()
    not_understood: tuple[tuple[str, str, int], ...] = ()
    unreadable: int = 0
    empty: int = 0
    numbers: str = ""
    rows: int = 0
    complete: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {
            "column": self.column,
            "kind": self.kind,
            "low": self.low,
            "high": self.high,
            "labelled": self.labelled,
            "understood": [
                {"label": label, "meaning": MEANINGS.get(key, key), "rows": n}
                for label, key, n in self.understood
            ],
            "not_understood": [
                {"label": label, "reason": why, "rows": n} for label, why, n in self.not_understood
            ],
            "unreadable": self.unreadable,
            "empty": self.empty,
            "numbers": self.numbers,
            "rows": self.rows,
            "complete": self.complete,
        }


def shown(value: Any, width: int = 40) -> str:
    """A label as written, for a list of values: text as it is, other values as JSON."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= width else text[: width - 1] + "…"


def tally(
    values: Iterable[tuple[int, Any]],
    read: Callable[[Any], tuple[Any, str]],
    reading: LabelReading,
) -> tuple[dict[int, Any], LabelReading]:
    """Read every (row, label) with ``read`` and count what came of it.

    Args:
        values: each row's label; None for an empty cell or a missing field.
        read: gives (verdict, "") or (None, why) for one label.
        reading: the column, its scale and its ``numbers``, to be filled in.

    Returns:
        Row → verdict for the labels read, and the filled-in reading.
    """
    verdicts: dict[int, Any] = {}
    understood: Counter[tuple[str, str]] = Counter()
    missed: Counter[tuple[str, str]] = Counter()
    empty = rows = 0
    pairwise = reading.kind == "pairwise"
    for index, value in values:
        rows += 1
        if is_blank(value):
            empty += 1
            continue
        verdict, why = read(value)
        if verdict is None:
            missed[(shown(value), why)] += 1
        else:
            verdicts[index] = verdict
            understood[(shown(value), meaning_key(verdict, pairwise))] += 1
    return verdicts, LabelReading(
        column=reading.column,
        kind=reading.kind,
        low=reading.low,
        high=reading.high,
        labelled=len(verdicts),
        understood=_most(understood),
        not_understood=_most(missed),
        unreadable=sum(missed.values()),
        empty=empty,
        numbers=reading.numbers,
        rows=rows,
        complete=reading.complete,
    )


def _most(counts: Counter[tuple[str, str]]) -> tuple[tuple[str, str, int], ...]:
    ordered = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return tuple((label, note, n) for (label, note), n in ordered[:MAX_SHOWN])
