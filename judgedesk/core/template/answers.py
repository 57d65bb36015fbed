"""Which two answers a pairwise template compares, and where a row holds them.

Judging a pair in both orders means showing the judge the same two answers the other way
round, wherever the template reads them. A pair is one of two kinds:

- "fields": answer A against answer B, read as ``response_a`` / ``response_b``,
  ``data.response_a`` / ``data.response_b``, or the columns chosen as Response A and B
  (``data.model_a``…); with a baseline model, the row's ``response`` is answer B;
- "reference": the reference answer (``ref_answer``, ``data.ref_answer``, ``data.gt``,
  the column chosen as the reference) against the response (``answer``, ``response``,
  the column it is read from), as in the seed platforms' comparative scoring.

A template that shows the answers only in ways that cannot be exchanged (fields of no
known role, the preprocess result) would be asked the same thing twice: the project
refuses to run and names the line to change.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from judgedesk.core.dataset import DERIVED_FIELDS
from judgedesk.core.template.problems import TemplateIssue, VariableUse
from judgedesk.core.template.render import CompiledTemplate

# ``data`` read whole (printed, iterated, indexed by a variable) shows every field.
_WHOLE_DATA = frozenset({"data", "data.items", "data.values", "data.get"})
# Fields of the row that never hold either answer of a pair.
_NOT_ANSWERS = frozenset({*DERIVED_FIELDS, "messages", "id", "human", "category"})
_NOT_ANSWER_ROLES = ("question", "id", "human", "category", "reasoning")


@dataclass(frozen=True)
class AnswerPlaces:
    """Where a row holds the two answers of a pair, besides the usual names.

    Attributes:
        a_columns, b_columns: the columns chosen as Response A and Response B; their
            values as read stay in ``data`` beside ``data.response_a`` / ``response_b``.
        reference_columns: the column chosen as the reference.
        response_columns: the column the response is read from.
        response_is_b: a baseline model's answer is A, so the row's response is B.
        pair_fields: the row holds ``response_a`` / ``response_b`` (from columns, a
            predictions file or a baseline).
        other_columns: columns chosen for a role that is no answer (question, id…).
    """

    a_columns: tuple[str, ...] = ()
    b_columns: tuple[str, ...] = ()
    reference_columns: tuple[str, ...] = ()
    response_columns: tuple[str, ...] = ("response",)
    response_is_b: bool = False
    pair_fields: bool = False
    other_columns: tuple[str, ...] = ()


def answer_places(mapping: Mapping[str, str], *, baseline: bool = False) -> AnswerPlaces:
    """The places of a row's answers under a column mapping (role → column).

    Args:
        mapping: the dataset's mapping, predictions files' columns included.
        baseline: a baseline model answers A and the row's response is B.
    """

    def column(role: str, *same: str) -> tuple[str, ...]:
        name = mapping.get(role)
        return (name,) if name and name not in (role, *same) else ()

    return AnswerPlaces(
        a_columns=column("response_a"),
        b_columns=column("response_b"),
        reference_columns=column("reference", "ref_answer", "gt"),
        response_columns=(mapping.get("response") or "response",),
        response_is_b=baseline,
        pair_fields=baseline or "response_a" in mapping or "response_b" in mapping,
        other_columns=tuple(mapping[r] for r in _NOT_ANSWER_ROLES if mapping.get(r)),
    )


def row_places(places: AnswerPlaces | None, data: Mapping[str, Any]) -> AnswerPlaces:
    """The places of one row's answers, noting a pair it holds under the usual names."""
    places = places or AnswerPlaces()
    if not places.pair_fields and ("response_a" in data or "response_b" in data):
        places = replace(places, pair_fields=True)
    return places


@dataclass(frozen=True)
class PairReads:
    """Where a template shows the two answers of a pair.

    Attributes:
        kind: "fields" or "reference" when the template shows both answers in ways
            that can be exchanged, else None.
        a, b: the reads of each answer, for the kind read most completely.
        first_kind: "fields" or "reference" when only one answer of that kind is shown.
        unsure: reads of the preprocess result, worked out once from the given order.
        others: reads of fields of no known role (perhaps an answer under another name).
    """

    kind: str | None
    a: tuple[VariableUse, ...] = ()
    b: tuple[VariableUse, ...] = ()
    first_kind: str | None = None
    unsure: tuple[VariableUse, ...] = ()
    others: tuple[VariableUse, ...] = ()


def pair_spellings(kind: str, places: AnswerPlaces) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The variable paths that show answer A and answer B for a kind of pair."""
    if kind == "fields":
        a = ("response_a", "data.response_a", *(f"data.{c}" for c in places.a_columns))
        b = ("response_b", "data.response_b", *(f"data.{c}" for c in places.b_columns))
        if places.response_is_b:
            b += ("response", "answer", *(f"data.{c}" for c in places.response_columns))
        return a, b
    a = ("ref_answer", "data.ref_answer", "data.gt")
    a += tuple(f"data.{c}" for c in places.reference_columns)
    b = ("answer", "response", *(f"data.{c}" for c in places.response_columns))
    return a, b


def pair_reads(template: CompiledTemplate, places: AnswerPlaces) -> PairReads:
    """Which pair a template shows, and how."""
    uses = template.uses
    found: dict[str, tuple[tuple[VariableUse, ...], tuple[VariableUse, ...]]] = {}
    for kind in ("fields", "reference"):
        a_names, b_names = pair_spellings(kind, places)
        whole = kind == "fields" and places.pair_fields
        a = tuple(u for u in uses if _reads(u.path, a_names) or (whole and u.path in _WHOLE_DATA))
        b = tuple(u for u in uses if _reads(u.path, b_names) or (whole and u.path in _WHOLE_DATA))
        found[kind] = (a, b)
    unsure = tuple(u for u in uses if _reads(u.path, ("preprocess_result",)))
    known = {n for kind in found for names in pair_spellings(kind, places) for n in names}
    others = tuple(u for u in uses if _unknown_field(u.path, known, places))
    for kind in ("fields", "reference"):
        a, b = found[kind]
        if a and b:
            return PairReads(kind, a, b, unsure=unsure, others=others)
    for kind in ("fields", "reference"):
        a, b = found[kind]
        if a or b:
            return PairReads(None, a, b, kind, unsure, others)
    return PairReads(None, unsure=unsure, others=others)


def swap_issues(
    template: CompiledTemplate, places: AnswerPlaces, *, severity: str = "error"
) -> tuple[TemplateIssue, ...]:
    """What stops a pairwise template from being judged in both orders, and what may.

    Args:
        template: the judge's template.
        places: where the rows hold their answers.
        severity: of the issues that stop a run ("warning" in a live preview, whose
            prompt is still worth showing).

    Returns:
        One issue when the template does not show two answers that can be exchanged
        (it names the line to change), and a warning for each line that reads the
        preprocess result.
    """
    reads = pair_reads(template, places)
    if reads.kind is not None:
        return tuple(_unsure_issue(use) for use in _first_per_line(reads.unsure))
    others: list[VariableUse] = []
    for use in reads.others:
        if all(use.path != o.path for o in others):
            others.append(use)
    hint = ""
    if others:
        shown = " and ".join(f"{u.path} (line {u.line})" for u in others)
        hint = (
            f" It reads {shown}: if an answer is there, write {{{{ response_a }}}} or "
            "{{ response_b }} in its place and choose its column as Response A or "
            "Response B."
        )
    opening = "This judge sees each pair twice, with A and B exchanged the second time"
    ending = (
        " Or untick “Judge pairs in both orders” in the Run pane. Until then the project "
        "will not run."
    )
    place: VariableUse | None = others[0] if others else None
    if reads.first_kind is None:
        message = (
            f"{opening}, but the template shows no two answers JudgeDesk can exchange, so "
            "both requests would be the same. Show the answers as {{ response_a }} and "
            "{{ response_b }}, or as {{ ref_answer }} and {{ answer }}." + hint + ending
        )
    else:
        have, missing = _sides(reads.first_kind, bool(reads.a))
        present = (reads.a or reads.b)[0]
        place = place or present
        message = (
            f"{opening}, but the template shows {have} ({present.path}, line "
            f"{present.line}) and not {missing[0]} in a way JudgeDesk can exchange. Show "
            f"it as {missing[1]}." + hint + ending
        )
    line, column, length = (place.line, place.column, place.length) if place else (None, None, 0)
    name = place.path if place else None
    return (TemplateIssue("swap", severity, message, line, column, length, name),)


def _sides(kind: str, shown_a: bool) -> tuple[str, tuple[str, str]]:
    if kind == "fields":
        if shown_a:
            return "answer A", ("answer B", "{{ response_b }}")
        return "answer B", ("answer A", "{{ response_a }}")
    if shown_a:
        return "the reference answer", ("the response", "{{ answer }}")
    return "the response", ("the reference answer", "{{ ref_answer }}")


def _unsure_issue(use: VariableUse) -> TemplateIssue:
    return TemplateIssue(
        "swap",
        "warning",
        f"'{use.path}' is worked out once, by the preprocess script from the answers in "
        "their given order, so the judge sees the same value when A and B are exchanged. "
        "If it holds either answer, show the answers through response_a and response_b "
        "instead.",
        use.line,
        use.column,
        use.length,
        use.path,
    )


def _reads(path: str, names: Iterable[str]) -> bool:
    return any(path == name or path.startswith(name + ".") for name in names)


def _unknown_field(path: str, known: set[str], places: AnswerPlaces) -> bool:
    if not path.startswith("data.") or path in _WHOLE_DATA or _reads(path, known):
        return False
    field = path[len("data.") :]
    if _reads(field, places.other_columns):
        return False
    return field.split(".")[0] not in _NOT_ANSWERS


def _first_per_line(uses: Iterable[VariableUse]) -> list[VariableUse]:
    seen: dict[tuple[int, str], VariableUse] = {}
    for use in uses:
        seen.setdefault((use.line, use.path), use)
    return list(seen.values())
