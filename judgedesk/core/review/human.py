"""A person's verdicts: the scale they judge on, and labels a dataset already carries."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from judgedesk.core.dataset import MISSING, Dataset, lookup
from judgedesk.core.errors import JudgeDeskError, RowError
from judgedesk.core.judge import (
    CHOICE_SCALE,
    COMPARISON_SCALE,
    PARSERS,
    JudgeSettings,
    fold,
    infer_parser,
)
from judgedesk.core.project import Project
from judgedesk.core.review import labels as forms
from judgedesk.core.review.labels import LabelReading
from judgedesk.core.review.two_raters import Side, is_number

DESCRIBE_LIMIT = 50_000
"""Rows :func:`describe_column` looks at, at most."""


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

    @property
    def level(self) -> str:
        """The verdicts' level of measurement: scores are intervals, the five pairwise
        levels ordered, correct/incorrect and labels nominal."""
        if self.is_pairwise:
            return "ordinal"
        return "interval" if self.kind == "score" else "nominal"

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
        if self.kind == "label":
            return self.label_of(value)
        return value

    def label_of(self, value: Any) -> str:
        """A label written in any case or width ("SAFE", "ｓａｆｅ") as this scale spells
        it; a label outside the scale is kept, as text without outer spaces."""
        text = str(value).strip()
        key = fold(text)
        return next((str(c) for c in self.choices if fold(str(c)) == key), text)

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
        if isinstance(value, Side):
            return "A" if value < forms.TIE else "B"
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
PAIRWISE_SCALE = ReviewScale(
    "score", 1, 5, tuple(COMPARISON_SCALE.values()), tuple(COMPARISON_SCALE)
)


def _as_bool(value: Any) -> Any:
    read, _ = forms.read_correctness(value)
    return value if read is None else read


def _as_number(value: Any) -> Any:
    number = forms.as_number(value)
    return value if number is None else number


def scale_for(project: Project | None, values: Iterable[Any] = ()) -> ReviewScale:
    """The scale a person reviews on: from the project's last judge, else from results.

    The last enabled judge decides the row's result (unless a postprocess script does):
    its verdict rule, parser (named, or implied by its template) or metric says whether
    verdicts are true/false, scores or pairwise choices, and the project's
    ``min_score``/``max_score`` bound the scores. Reads files: call it off the GUI thread.
    """
    seen = [v for v in values if v is not None]
    if project is not None and not project.script_path("postprocess").is_file():
        judges = [j for j in project.judges if j.enabled]
        if judges:
            scale = _judge_scale(project, judges[-1], seen)
            if scale is not None:
                return scale
    return _scale_from_values(seen, project)


def _judge_scale(project: Project, judge: JudgeSettings, seen: list[Any]) -> ReviewScale | None:
    if judge.kind == "metric":
        from judgedesk.core.judge import METRICS  # here: its tokenizers load slowly

        info = METRICS.get(judge.metric)
        if info is None:
            return None
        return BOOLEAN_SCALE if info.kind == "bool" else ReviewScale("score", 0, 100)
    parser = ""
    if judge.verdict:  # a rule of the person's own says what its verdicts are
        kind = str(judge.verdict.get("kind", ""))
    else:
        parser = judge.parser or _implied_parser(project, judge)
        kind = PARSERS[parser].kind if parser in PARSERS else ""
    if kind == "correctness":
        return BOOLEAN_SCALE
    if kind == "pairwise":
        names = CHOICE_SCALE if parser == "choice5" else COMPARISON_SCALE
        return ReviewScale("score", 1, 5, tuple(names.values()), tuple(names))
    if kind in ("score", "json"):
        low, high = _bounds(project)
        return ReviewScale("score", low, high)
    if kind == "label":
        return _label_scale(judge.verdict.get("labels"), seen)
    return None


def _label_scale(listed: Any, seen: list[Any]) -> ReviewScale:
    # The rule's own order is the order of the keys; without a list, the labels seen.
    if isinstance(listed, list | tuple) and listed:
        labels = [str(label) for label in listed]
    else:
        spellings = Counter(str(v) for v in seen if not isinstance(v, bool))
        by_key: dict[str, str] = {}
        for value, _ in sorted(spellings.items(), key=lambda kv: (-kv[1], kv[0])):
            by_key.setdefault(fold(value), value)  # the most frequent spelling
        labels = [by_key[key] for key in sorted(by_key)]
    return ReviewScale("label", choices=tuple(labels), names=tuple(labels))


def _implied_parser(project: Project, judge: JudgeSettings) -> str:
    # As a run does: the parser the template's instructions imply.
    try:
        return infer_parser(project.read_template(judge)) or ""
    except (JudgeDeskError, OSError):
        return ""


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

    See :func:`read_labels`, which also says what could not be read. Reads the rows:
    call it off the GUI thread.

    Returns:
        Row index → verdict, for the rows whose label could be read on the scale.
    """
    return read_labels(dataset, rows, scale, column)[0]


def read_labels(
    dataset: Dataset, rows: Iterable[int], scale: ReviewScale, column: str | None = None
) -> tuple[dict[int, Any], LabelReading | None]:
    """The human verdicts a dataset column holds for ``rows``, and how the column read.

    The column is the one mapped to the ``human`` role (``--field human=COLUMN``)
    unless ``column`` is given. Labels are read in the forms people write them in (see
    :mod:`judgedesk.core.review.labels`): on a pairwise scale "A", "model_a", "A>B",
    "tie", 1–5…; on a correct / incorrect scale "yes", "对", "0"…; on a score scale
    numbers within its bounds. How a pairwise column's numbers read (winner index or
    scale) is decided on the whole column, so that it does not change with the rows
    asked. Reads the rows: call it off the GUI thread.

    Returns:
        Row index → verdict for the labels read, and the reading (None when no
        column is mapped).
    """
    column = column or dataset.mapping.get("human")
    if not column:
        return {}, None
    asked = list(_column(dataset, column, rows))
    numbers, c_tie = "", True
    if scale.is_pairwise:
        values = [v for _, v in asked]
        if _depends_on_the_rest(values) and len(asked) < len(dataset):
            values = [v for _, v in _column(dataset, column, range(len(dataset)))]
        numbers, c_tie = forms.number_form(values), forms.c_is_tie(values)
    reading = _blank_reading(column, scale, numbers)
    return forms.tally(asked, _reader(scale, numbers, c_tie), reading)


def read_values(
    asked: list[tuple[int, Any]], scale: ReviewScale, column: str
) -> tuple[dict[int, Any], LabelReading]:
    """(row, label as written) pairs read on ``scale``, as a human column is read."""
    numbers, c_tie = "", True
    if scale.is_pairwise:
        values = [v for _, v in asked]
        numbers, c_tie = forms.number_form(values), forms.c_is_tie(values)
    return forms.tally(
        asked, _reader(scale, numbers, c_tie), _blank_reading(column, scale, numbers)
    )


def describe_column(
    dataset: Dataset, column: str, *, pairwise: bool = False, limit: int = DESCRIBE_LIMIT
) -> LabelReading:
    """How a column of human labels reads, before any judge says what scale it is on.

    The scale is guessed from the values: pairwise when most of its words are pairwise
    ones (tie, model_a, A>B…) or it holds a bare A or B, correct / incorrect when most
    are yes / no, true / false, 对 / 错… or it holds only 0 and 1; other numbers are
    pairwise verdicts when ``pairwise`` (the rows hold two answers to compare), else
    scores. Reads up to ``limit`` rows: call it off the GUI thread.
    """
    count = min(len(dataset), limit)
    values = list(_column(dataset, column, range(count)))
    scale = guess_scale([v for _, v in values], pairwise=pairwise)
    numbers, c_tie = "", True
    if scale.is_pairwise:
        plain = [v for _, v in values]
        numbers, c_tie = forms.number_form(plain), forms.c_is_tie(plain)
    reading = replace(_blank_reading(column, scale, numbers), complete=count == len(dataset))
    return forms.tally(values, _reader(scale, numbers, c_tie), reading)[1]


def guess_scale(values: list[Any], *, pairwise: bool = False) -> ReviewScale:
    """The scale a column of labels is most likely on (see :func:`describe_column`)."""
    present = [v for v in values if not forms.is_blank(v)]
    pairwise_words = sum(1 for v in present if forms.looks_pairwise(v))
    correctness_words = sum(1 for v in present if forms.looks_correctness(v))
    if pairwise_words != correctness_words:
        return PAIRWISE_SCALE if pairwise_words > correctness_words else BOOLEAN_SCALE
    if any(forms.compact(forms.normal(v)) in ("a", "b") for v in present):
        return PAIRWISE_SCALE
    numbers = {forms.as_number(v) for v in present}
    if numbers and numbers <= {0, 1}:
        return BOOLEAN_SCALE
    return PAIRWISE_SCALE if pairwise else ReviewScale("score")


def _depends_on_the_rest(values: list[Any]) -> bool:
    # Only a column of 1s and 2s, or one with a "C", reads differently with other rows.
    return forms.number_form(values) == forms.WINNER or any(
        isinstance(v, str) and forms.compact(forms.normal(v)) == "c" for v in values
    )


def _column(dataset: Dataset, column: str, rows: Iterable[int]) -> Iterator[tuple[int, Any]]:
    count = len(dataset)
    for index in rows:
        if not 0 <= index < count:
            continue
        try:
            value = lookup(dataset.peek(index)[0], column)
        except RowError:
            continue
        yield index, (None if value is MISSING else value)


def _blank_reading(column: str, scale: ReviewScale, numbers: str) -> LabelReading:
    kind = "pairwise" if scale.is_pairwise else scale.kind
    return LabelReading(column, kind, scale.low, scale.high, numbers=numbers)


def _reader(scale: ReviewScale, numbers: str, c_tie: bool) -> Callable[[Any], tuple[Any, str]]:
    if scale.is_pairwise:
        return lambda value: forms.read_pairwise(value, numbers, c_tie)
    if scale.kind == "boolean":
        return forms.read_correctness
    if scale.kind == "score":
        return lambda value: _read_score(value, scale)
    if scale.kind == "label":
        return lambda value: (scale.label_of(value), "")
    return lambda value: (value, "")


def _read_score(value: Any, scale: ReviewScale) -> tuple[Any, str]:
    number = forms.as_number(value)
    if number is None:
        return None, f"not a score; use a number{scale._range_text()}"
    if (scale.low is not None and number < scale.low) or (
        scale.high is not None and number > scale.high
    ):
        return None, f"outside the scale{scale._range_text()}"
    return number, ""
