"""Verdict rules: a judge's own format, read without code.

A rule says where the verdict is in a reply — a regular expression whose group 1 (or the
group named ``v``) holds it, or a path into a JSON object (``choice``,
``scores.overall``) — which one to take when there are several (``first``, ``last`` or
``only``), and what each label means on the scale of its kind (``map``). It is kept in
``judgedesk.toml`` under the judge (``[judges.verdict]``, ``[judges.verdict.map]``;
the README shows three examples).

Labels are compared case- and width-insensitively ("Ａ" is "a"). Without a map, a score
rule reads a number (bounded by ``min``/``max``), a pairwise rule reads ``A>>B`` … ``B>>A``,
``A``, ``B``, ``tie`` or 1–5, a correctness rule reads yes/no words, and a label rule
keeps the label (one of ``labels`` when given).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from judgedesk.core.errors import ProjectError
from judgedesk.core.judge.parsers.common import (
    CONDITION,
    EXAMPLE,
    Found,
    Reading,
    Verdict,
    VerdictValue,
    format_list,
    illustration,
    number_label,
    plain_number,
    settle,
    to_number,
)
from judgedesk.core.judge.parsers.jsonish import find_json_objects
from judgedesk.core.judge.parsers.reasoning import split_reasoning

RULE_KINDS = ("score", "pairwise", "correctness", "label")
PICKS = ("first", "last", "only")
PAIR_LABELS = {1: "A>>B", 2: "A>B", 3: "A=B", 4: "B>A", 5: "B>>A"}
_PAIR_WORDS: dict[str, int] = {"a>>b": 1, "b<<a": 1, "a>b": 2, "b<a": 2, "a": 2, "a=b": 3}
_PAIR_WORDS |= {"tie": 3, "b>a": 4, "a<b": 4, "b": 4, "b>>a": 5, "a<<b": 5}
_TRUE = frozenset({"true", "yes", "correct", "right", "1", "y", "对", "正确", "是"})
_FALSE = frozenset({"false", "no", "incorrect", "wrong", "0", "n", "错", "错误", "否"})
_compiled = functools.lru_cache(maxsize=64)(re.compile)  # a rule reads many replies
_OPTIONS_BETWEEN = re.compile(r"""[\s"'“”‘’`*_)\]]{0,4}(?i:or|/|\||、|或)[\s"'“”‘’`*_(\[]{0,4}""")
_MAX_TEXT = 200_000  # a reply longer than this is read from its last part only


def fold(text: str) -> str:
    """A label as rules compare it: full-width forms narrowed, case folded, spaces trimmed."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


@dataclass(frozen=True)
class VerdictRule:
    """How to read one judge's verdict (see the module's explanation).

    Attributes:
        kind: "score", "pairwise", "correctness" or "label".
        pattern: a regular expression; group ``v`` or 1 (or the whole match) is the label.
        path: a dotted path into a JSON object in the reply, used instead of ``pattern``.
        pick: which label to take when the reply holds several: "first", "last", or
            "only" (two different labels then leave the reply unparsed).
        mapping: label → verdict on the kind's scale; empty means the kind's own words.
        low: the lowest score a score rule accepts (None: no bound).
        high: the highest score a score rule accepts (None: no bound).
        labels: the labels a label rule knows (empty: any).
    """

    kind: str
    pattern: str = ""
    path: str = ""
    pick: str = "last"
    mapping: dict[str, VerdictValue] = field(default_factory=dict)
    low: float | None = None
    high: float | None = None
    labels: tuple[str, ...] = ()
    written: tuple[tuple[str, str], ...] = field(default=(), compare=False)  # as typed

    @classmethod
    def from_table(cls, table: Mapping[str, Any], where: str = "The verdict rule") -> VerdictRule:
        """Build and check a rule from its settings table.

        Raises:
            ProjectError: the table is not a usable rule; the message says what to fix.
        """
        known = {"kind", "pattern", "path", "pick", "map", "min", "max", "labels"}
        unknown = sorted(set(table) - known)
        if unknown:
            raise ProjectError(
                f"{where} has settings it does not know: {', '.join(unknown)}. It takes "
                f"{', '.join(sorted(known))}."
            )
        kind = str(table.get("kind", "")).strip()
        if kind not in RULE_KINDS:
            raise ProjectError(f"{where} needs a kind: one of {', '.join(RULE_KINDS)}.")
        pattern, path = str(table.get("pattern", "")), str(table.get("path", "")).strip()
        if bool(pattern) == bool(path):
            raise ProjectError(
                f"{where} needs either a pattern (a regular expression) or a path into a "
                "JSON reply, and not both."
            )
        if pattern:
            try:
                re.compile(pattern)
            except re.error as exc:
                raise ProjectError(
                    f"{where}'s pattern is not a regular expression: {exc}."
                ) from None
        pick = str(table.get("pick", "last")).strip()
        if pick not in PICKS:
            raise ProjectError(f"{where}'s pick must be first, last or only, not '{pick}'.")
        raw_map = table.get("map") or {}
        if not isinstance(raw_map, Mapping):
            raise ProjectError(f"{where}'s map must be a table of label = verdict.")
        mapping = {
            fold(str(k)): _scale_value(kind, v, f"{where}'s map entry '{k}'")
            for k, v in raw_map.items()
        }
        labels = table.get("labels") or ()
        if not isinstance(labels, list | tuple) or not all(isinstance(x, str) for x in labels):
            raise ProjectError(f"{where}'s labels must be a list of texts.")
        return cls(
            kind=kind,
            pattern=pattern,
            path=path,
            pick=pick,
            mapping=mapping,
            low=_bound(table.get("min"), f"{where}'s min"),
            high=_bound(table.get("max"), f"{where}'s max"),
            labels=tuple(labels),
            written=tuple((fold(str(k)), str(k)) for k in raw_map),
        )

    def to_table(self) -> dict[str, Any]:
        """The rule as written in ``judgedesk.toml``."""
        table: dict[str, Any] = {"kind": self.kind}
        table["pattern" if self.pattern else "path"] = self.pattern or self.path
        table["pick"] = self.pick
        if self.mapping:
            typed = dict(self.written)
            table["map"] = {
                typed.get(label, label): PAIR_LABELS[int(value)]
                if self.kind == "pairwise"
                else value
                for label, value in self.mapping.items()
            }
        if self.low is not None:
            table["min"] = self.low
        if self.high is not None:
            table["max"] = self.high
        if self.labels:
            table["labels"] = list(self.labels)
        return table

    def describe(self) -> str:
        """Where the rule looks, for a sentence ("the pattern …", "the JSON field …")."""
        return f"the JSON field {self.path}" if self.path else f"the pattern {self.pattern}"


def read_rule(rule: VerdictRule, content: str) -> Reading:
    """Finds the verdicts ``rule`` describes in ``content`` (reasoning already removed).

    Returns:
        The verdicts on the kind's scale in order (with ``pick = "first"`` the first is
        moved last, as callers take the last), or why none was found.
    """
    text = content[-_MAX_TEXT:]
    offset: int | None = len(content) - len(text)
    if not text.isascii():  # full-width forms narrowed; plain ASCII needs nothing
        text = unicodedata.normalize("NFKC", text)
        offset = None  # places in the normalised text are not the content's
    reading = Reading()
    labels = _json_labels(rule.path, text) if rule.path else _pattern_labels(rule, text)
    conditional: list[Found] = []
    unknown: list[str] = []
    for label, is_conditional, spans in labels:
        value = _meaning(rule, label)
        if value is None:
            unknown.append(label)
            continue
        shown = PAIR_LABELS[int(value)] if rule.kind == "pairwise" else label
        at = () if offset is None else tuple((offset + a, offset + b) for a, b in spans)
        found = Found(shown, value, spans=at)
        (conditional if is_conditional else reading.found).append(found)
    settle(reading, conditional)
    distinct = {(type(f.value) is bool, f.value) for f in reading.found}
    if rule.pick == "only" and len(distinct) > 1:
        names = format_list([f.label for f in reading.found])
        reading.failure = (
            f"The reply gives different verdicts ({names}) and the rule takes only one, so "
            "it is not read."
        )
        reading.found = []
    elif rule.pick == "first" and reading.found:
        reading.found = [*reading.found[1:], reading.found[0]]
    if not reading.found and not reading.failure:
        reading.failure = _nothing_read(rule, unknown)
    return reading


def read_with_rule(
    rule: VerdictRule, text: str | None, reasoning_content: str | None = None
) -> Verdict:
    """Reads a judge's verdict from its reply with ``rule``, as ``parse_verdict`` does
    with a built-in parser: the reasoning is split off first; several different verdicts
    give the picked one, flagged; nothing readable gives an unparsed verdict saying why.
    """
    content, reasoning = split_reasoning(text, reasoning_content)
    if not content:
        reason = (
            "The reply has only reasoning, no answer: the judge stopped before giving its "
            "verdict, so nothing was read."
            if reasoning
            else "The judge's reply is empty, so there is no verdict to read."
        )
        return Verdict(False, None, None, reason=reason, raw=content, reasoning=reasoning)
    reading = read_rule(rule, content)
    candidates = tuple(found.label for found in reading.found)
    if not reading.found:
        return Verdict(False, None, None, reason=reading.failure, raw=content, reasoning=reasoning)
    chosen = reading.found[-1]
    ambiguous = len({(type(f.value) is bool, f.value) for f in reading.found}) > 1
    notes = list(reading.notes)
    if ambiguous:
        notes.insert(
            0,
            f"The reply gives several different verdicts ({format_list(list(candidates))}); "
            f"the {rule.pick} one, {chosen.label}, was taken.",
        )
    value = chosen.value
    if rule.kind == "score" and _outside(rule, value):
        notes.insert(0, f"The judge gave {chosen.label}, which is not {_expected(rule)}.")
        reason = " ".join(notes)
        return Verdict(
            False,
            None,
            None,
            candidates=candidates,
            reason=reason,
            raw=content,
            reasoning=reasoning,
            spans=chosen.spans,
        )
    return Verdict(
        ok=True,
        value=value,
        label=chosen.label,
        ambiguous=ambiguous,
        candidates=candidates,
        reason=" ".join(notes),
        raw=content,
        reasoning=reasoning,
        spans=chosen.spans,
    )


def _outside(rule: VerdictRule, value: VerdictValue) -> bool:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return (rule.low is not None and value < rule.low) or (
        rule.high is not None and value > rule.high
    )


def _nothing_read(rule: VerdictRule, unknown: list[str]) -> str:
    if unknown:
        what = format_list([f"'{u}'" for u in unknown])
        if rule.mapping:
            listed = format_list(list(rule.mapping))
            return (
                f"The judge wrote {what}, which the rule's map does not list (it lists {listed})."
            )
        return f"The judge wrote {what}, which is not {_expected(rule)}."
    if rule.path:
        return f"The reply holds no JSON object with the field {rule.path}."
    return f"Nothing in the reply matches {rule.describe()}."


def _expected(rule: VerdictRule) -> str:
    if rule.kind == "score":
        bounds = ""
        if rule.low is not None and rule.high is not None:
            bounds = f" from {plain_number(rule.low)} to {plain_number(rule.high)}"
        return f"a score{bounds}"
    if rule.kind == "pairwise":
        return "a comparison of A and B (A>>B … B>>A, A, B, tie or 1–5)"
    if rule.kind == "correctness":
        return "a yes or a no (correct/incorrect, true/false, yes/no, 1/0)"
    return f"one of the labels {format_list(list(rule.labels))}"


def _pattern_labels(
    rule: VerdictRule, text: str
) -> list[tuple[str, bool, tuple[tuple[int, int], ...]]]:
    compiled = _compiled(rule.pattern)
    group = "v" if "v" in compiled.groupindex else (1 if compiled.groups else 0)
    matches = [m for m in compiled.finditer(text) if m.group(group) is not None]
    # "Output (a) or Output (b)": the options repeated from the prompt decide nothing.
    echoed: set[int] = set()
    for i in range(len(matches) - 1):
        if _OPTIONS_BETWEEN.fullmatch(text, matches[i].end(), matches[i + 1].start()):
            echoed |= {i, i + 1}
    found: list[tuple[str, bool, tuple[tuple[int, int], ...]]] = []
    for i, match in enumerate(matches):
        kind = illustration(text, match.start(), match.end())
        if i in echoed or kind == EXAMPLE:
            continue
        written = match.group(group)
        start = match.start(group) + len(written) - len(written.lstrip())
        label = written.strip()
        found.append((label, kind == CONDITION, ((start, start + len(label)),)))
    return found


def _json_labels(path: str, text: str) -> list[tuple[str, bool, tuple[tuple[int, int], ...]]]:
    found: list[tuple[str, bool, tuple[tuple[int, int], ...]]] = []
    for obj in find_json_objects(text).objects:
        value: Any = obj
        for part in path.split("."):
            if isinstance(value, Mapping):
                value = _field(value, part)
            elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
                value = value[int(part)]
            else:
                value = None
            if value is None:
                break
        if value is None or isinstance(value, Mapping | list):
            continue
        if isinstance(value, bool):
            label = "true" if value else "false"
        elif isinstance(value, int | float):
            label = number_label(value)
        else:
            label = str(value).strip()
        found.append((label, False, ()))
    return found


def _field(table: Mapping[str, Any], name: str) -> Any:
    if name in table:
        return table[name]
    wanted = fold(name)
    return next((v for k, v in table.items() if fold(str(k)) == wanted), None)


def _meaning(rule: VerdictRule, label: str) -> VerdictValue | None:
    """The verdict a label gives on the rule's scale, or None when it gives none."""
    key = fold(label)
    if rule.mapping:
        return rule.mapping.get(key)
    if rule.kind == "score":
        return to_number(key)
    if rule.kind == "pairwise":
        number = to_number(key)
        if isinstance(number, int) and 1 <= number <= 5:
            return number
        return _PAIR_WORDS.get(key.replace(" ", ""))
    if rule.kind == "correctness":
        return True if key in _TRUE else False if key in _FALSE else None
    if rule.labels:
        return next((known for known in rule.labels if fold(known) == key), None)
    return label or None


def _scale_value(kind: str, value: object, where: str) -> VerdictValue:
    """A map's verdict checked against the kind's scale."""
    if kind == "score":
        if isinstance(value, int | float) and not isinstance(value, bool):
            return value
        number = to_number(str(value))
        if number is None:
            raise ProjectError(f"{where} must be a number for a score rule, not '{value}'.")
        return number
    if kind == "pairwise":
        if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 5:
            return value
        number = _PAIR_WORDS.get(fold(str(value)).replace(" ", ""))
        if number is None:
            raise ProjectError(
                f"{where} must be one of A>>B, A>B, A=B, B>A, B>>A (or 1–5), not '{value}'."
            )
        return number
    if kind == "correctness":
        if isinstance(value, bool):
            return value
        word = fold(str(value))
        if word in _TRUE or word in _FALSE:
            return word in _TRUE
        raise ProjectError(f"{where} must be correct or incorrect (true or false), not '{value}'.")
    return str(value)


def _bound(value: object, where: str) -> float | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise ProjectError(f"{where} must be a number.")
    number = to_number(str(value))
    if number is None:
        raise ProjectError(f"{where} must be a number, not '{value}'.")
    return float(number)
