"""Pairwise verdicts in both orders: swapping the two answers, mapping back, combining.

A judge comparing two answers tends to prefer one position. With ``run.swap`` each pair
is judged twice, the second time with the answers exchanged; the second verdict is
mapped back to the first order and the two are combined:

- same direction (both favour A, both favour B, or both a tie): the milder of the two
  verdicts ("A>>B" with "A>B" gives "A>B");
- opposite directions: a tie, flagged as inconsistent.

Verdicts are on the 1–5 pairwise scale of :mod:`judgedesk.core.judge.parsers.pairwise`, where
1 means A is much better, 3 a tie and 5 B much better. Which two answers a template
compares, and every place a row holds them, is told by
:mod:`judgedesk.core.template.answers`: the swapped order exchanges the answers in all of
them, so that each spelling a template may use shows the other answer.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from judgedesk.core.dataset import MISSING, lookup
from judgedesk.core.judge import (
    CHOICE_SCALE,
    COMPARISON_SCALE,
    PARSERS,
    TIE,
    Verdict,
    direction,
    mirror,
)
from judgedesk.core.template import (
    AnswerPlaces,
    CompiledTemplate,
    pair_reads,
    row_places,
    swap_issues,
)


def is_pairwise(parser: str | None) -> bool:
    """Whether a parser reads A-against-B verdicts (on the 1–5 pairwise scale)."""
    return parser is not None and parser in PARSERS and PARSERS[parser].kind == "pairwise"


@dataclass(frozen=True)
class Pair:
    """The two answers a template compares for one row.

    Attributes:
        kind: "fields" (``response_a`` against ``response_b``) or "reference" (the
            reference answer against the response).
        a, b: the two answers' texts, in the order the row gives them.
        places: where else the row holds them (columns chosen as A or B, a baseline).
    """

    kind: str
    a: str
    b: str
    places: AnswerPlaces = field(default_factory=AnswerPlaces)


def pair_of(
    template: CompiledTemplate,
    data: Mapping[str, Any],
    resp: Mapping[str, Any],
    places: AnswerPlaces | None = None,
) -> Pair | None:
    """The pair ``template`` compares in this row, or None when it shows no pair that can
    be exchanged (:func:`swap_problem` says why)."""
    places = row_places(places, data)
    kind = pair_reads(template, places).kind
    if kind == "fields":
        a, b = _content(data.get("response_a")), _content(data.get("response_b"))
        return Pair("fields", a, b, places)
    if kind == "reference":
        return Pair("reference", _content(_reference(data)), _content(resp.get("content")), places)
    return None


def swap_problem(
    template: CompiledTemplate, data: Mapping[str, Any], places: AnswerPlaces | None = None
) -> str:
    """Why a template's pair cannot be judged in both orders, naming the line to change."""
    issues = swap_issues(template, row_places(places, data))
    errors = [str(i) for i in issues if i.severity == "error"]
    return errors[0] if errors else "The template shows no pair of answers to exchange."


def swapped(
    pair: Pair, data: Mapping[str, Any], resp: Mapping[str, Any]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The row's ``data`` and ``resp`` with the pair's two answers exchanged everywhere."""
    new_data, new_resp = dict(data), dict(resp)
    places = pair.places
    if pair.kind == "fields":
        a, b = data.get("response_a"), data.get("response_b")
        new_data["response_a"], new_data["response_b"] = b, a
        _exchange(new_data, data, places.a_columns, b)
        _exchange(new_data, data, places.b_columns, a)
        if places.response_is_b:
            # A baseline answers A and the row's response is B: it shows A now.
            new_resp = dict(a) if isinstance(a, Mapping) else _shaped(resp, a)
            _exchange(new_data, data, places.response_columns, a)
        return new_data, new_resp
    # The reference takes the response's place and the other way round; the reference
    # has no reasoning of its own, so the swapped response shows none.
    reference = _reference(data)
    key = "ref_answer" if data.get("ref_answer") is not None else "gt"
    new_data[key] = resp.get("content")
    new_resp["content"] = pair.a
    new_resp["reasoning_content"] = None
    _exchange(new_data, data, places.reference_columns, resp)
    _exchange(new_data, data, places.response_columns, reference)
    if key == "gt":
        _swap_final_turn(new_data, resp.get("content"))
    return new_data, new_resp


def _reference(data: Mapping[str, Any]) -> Any:
    reference = data.get("ref_answer")
    return data.get("gt") if reference is None else reference


def _exchange(
    new_data: dict[str, Any], data: Mapping[str, Any], columns: tuple[str, ...], other: Any
) -> None:
    """Put the other answer in each column that holds one, in the shape found there."""
    for column in columns:
        old = lookup(data, column)
        if old is not MISSING:
            _put(new_data, column, _shaped(old, other))


def _shaped(old: Any, other: Any) -> Any:
    """The other answer in the shape of ``old``: a whole answer, or only its text."""
    if isinstance(old, Mapping):
        if isinstance(other, Mapping):
            return dict(other)
        shaped = {**old, "content": other}
        if "reasoning_content" in shaped:
            shaped["reasoning_content"] = None
        return shaped
    return other.get("content") if isinstance(other, Mapping) else other


def _put(data: dict[str, Any], column: str, value: Any) -> None:
    """Set a column as :func:`lookup` reads it (dotted names reach into objects)."""
    if column in data or "." not in column:
        data[column] = value
        return
    parts = column.split(".")
    container = data
    for part in parts[:-1]:
        child = dict(container[part])  # copied: the row's own object stays as it was
        container[part] = child
        container = child
    container[parts[-1]] = value


def _swap_final_turn(data: dict[str, Any], content: Any) -> None:
    """The chat's final assistant turn is the reference: it shows the response instead."""
    messages = data.get("messages")
    if not isinstance(messages, list) or not messages:
        return
    last = messages[-1]
    if isinstance(last, Mapping) and last.get("role") == "assistant":
        data["messages"] = [*messages[:-1], {**last, "content": content}]


def combine(first: int | float, second: int | float) -> tuple[int | float, bool]:
    """The combined verdict of the two orders (``second`` already mapped back).

    Returns:
        (verdict, consistent).
    """
    if direction(first) != direction(second):
        return TIE, False
    milder = first if abs(first - TIE) <= abs(second - TIE) else second
    return milder, True


def label_for(parser: str, value: int | float) -> str | None:
    """The verdict's label on the parser's scale ("A>B", "B+", …)."""
    scale = CHOICE_SCALE if parser == "choice5" else COMPARISON_SCALE
    for label, number in scale.items():
        if number == value:
            return label
    return None


def _content(value: Any) -> str:
    if isinstance(value, Mapping):
        value = value.get("content")
    return "" if value is None else str(value)


def combined_verdict(parser: str, first: Verdict, second: Verdict) -> Verdict:
    """The verdict of a pair judged in both orders (``second`` as the judge gave it)."""
    numbers = pair_values(first, second)
    if numbers is None:
        failed = first if not first.ok else second
        which = "as given" if failed is first else "with the answers swapped"
        return Verdict(
            ok=False,
            value=None,
            label=None,
            reason=f"The reply {which} holds no verdict: {failed.reason}",
            raw=failed.raw,
        )
    back = mirror(numbers[1])
    value, consistent = combine(numbers[0], back)
    first_label = label_for(parser, numbers[0]) or first.label
    back_label = label_for(parser, back) or str(back)
    if consistent:
        reason = f"Both orders agree: {first_label}, and {back_label} with the answers swapped."
    else:
        reason = (
            f"The two orders disagree ({first_label}, then {back_label} with the answers "
            "swapped): counted as a tie."
        )
    return Verdict(
        ok=True,
        value=value,
        label=label_for(parser, value),
        ambiguous=first.ambiguous or second.ambiguous,
        candidates=(*first.candidates, *second.candidates),
        reason=reason,
        raw=first.raw,
    )


def pair_values(first: Verdict, second: Verdict) -> tuple[int | float, int | float] | None:
    """The two orders' verdicts as numbers on the 1–5 scale, or None unless both are."""
    values = (first.value, second.value)
    if not (first.ok and second.ok):
        return None
    if any(isinstance(v, bool) or not isinstance(v, int | float) for v in values):
        return None
    return values  # type: ignore[return-value]
