"""Pairwise verdicts in both orders: swapping the two answers, mapping back, combining.

A judge comparing two answers tends to prefer one position. With ``run.swap`` each pair
is judged twice, the second time with the answers exchanged; the second verdict is
mapped back to the first order and the two are combined:

- same direction (both favour A, both favour B, or both a tie): the milder of the two
  verdicts ("A>>B" with "A>B" gives "A>B");
- opposite directions: a tie, flagged as inconsistent.

Verdicts are on the 1–5 pairwise scale of :mod:`judgedesk.core.judge.parsers.pairwise`, where
1 means A is much better, 3 a tie and 5 B much better. Which two answers a template
compares is read from the template itself: ``response_a`` against ``response_b``, or
else the reference answer (A) against the evaluated response (B), as in the seed
platforms' comparative scoring.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from judgedesk.core.judge.parsers import PARSERS
from judgedesk.core.judge.parsers.pairwise import CHOICE_SCALE, COMPARISON_SCALE
from judgedesk.core.template.render import CompiledTemplate

TIE = 3
_PAIR_NAMES = ("response_a", "response_b")
_REFERENCE_NAMES = ("ref_answer", "data.ref_answer", "data.gt")
_RESPONSE_NAMES = ("answer", "response")


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
    """

    kind: str
    a: str
    b: str


def pair_of(
    template: CompiledTemplate, data: Mapping[str, Any], resp: Mapping[str, Any]
) -> Pair | None:
    """The pair ``template`` compares in this row, or None when it reads no pair."""
    reads = _reads(template)
    if any(name in reads for name in _PAIR_NAMES):
        return Pair("fields", _content(data.get("response_a")), _content(data.get("response_b")))
    if any(n in reads for n in _REFERENCE_NAMES) and any(n in reads for n in _RESPONSE_NAMES):
        reference = data.get("ref_answer")
        if reference is None:
            reference = data.get("gt")
        return Pair("reference", _content(reference), _content(resp.get("content")))
    return None


def swapped(
    pair: Pair, data: Mapping[str, Any], resp: Mapping[str, Any]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The row's ``data`` and ``resp`` with the pair's two answers exchanged."""
    new_data, new_resp = dict(data), dict(resp)
    if pair.kind == "fields":
        new_data["response_a"], new_data["response_b"] = (
            data.get("response_b"),
            data.get("response_a"),
        )
        return new_data, new_resp
    # The reference takes the response's place and the other way round; the reference
    # has no reasoning of its own, so the swapped response shows none.
    key = "ref_answer" if data.get("ref_answer") is not None else "gt"
    new_data[key] = resp.get("content")
    new_resp["content"] = pair.a
    new_resp["reasoning_content"] = None
    return new_data, new_resp


def mirror(value: int | float) -> int | float:
    """A verdict given with the answers swapped, in the original order."""
    return 2 * TIE - value


def direction(value: int | float) -> int:
    """-1 when A is better, 0 for a tie, 1 when B is better."""
    return (value > TIE) - (value < TIE)


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
    scale = COMPARISON_SCALE if parser == "comparison" else CHOICE_SCALE
    for label, number in scale.items():
        if number == value:
            return label
    return None


def first_shown_won(value: int | float) -> bool | None:
    """Whether the answer shown first won (None for a tie)."""
    way = direction(value)
    return None if way == 0 else way < 0


def _reads(template: CompiledTemplate) -> set[str]:
    names: set[str] = set()
    for use in template.uses:
        parts = use.path.split(".")
        names.add(parts[0])
        if len(parts) > 1:
            names.add(".".join(parts[:2]))
    return names


def _content(value: Any) -> str:
    if isinstance(value, Mapping):
        value = value.get("content")
    return "" if value is None else str(value)
