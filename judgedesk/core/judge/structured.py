"""Structured verdicts: the JSON a judge is asked to answer in, and reading it back.

A judge with ``structured = true`` is sent, with the template's own prompt unchanged, a JSON
schema derived from what the project reads: a score in its range, one of a rule's labels,
a pairwise choice, or every dimension of a multi-dimension template, each with a short
reason. Servers take the schema in different fields (their dialects, ``FORMATS``); the
reply stored is the JSON itself, and it is read with the judge's own reader, so a
structured verdict means exactly what the free-text one would.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from judgedesk.core.judge.parsers import Verdict, parse_verdict, split_reasoning
from judgedesk.core.judge.parsers.jsonish import find_json_objects
from judgedesk.core.judge.parsers.rule import PAIR_LABELS, VerdictRule, read_with_rule

__all__ = [
    "FORMATS",
    "FORMAT_TITLES",
    "StructuredVerdict",
    "dimension_names",
    "structured_params",
    "structured_verdict",
]

FORMATS = ("json_schema", "json_object", "format")
"""The dialects: OpenAI's and vLLM's ``response_format`` of type ``json_schema``; llama.cpp's
server and llama-cpp-python's ``json_object`` with a ``schema``; Ollama's ``format``."""

FORMAT_TITLES = {
    "json_schema": "response_format json_schema (OpenAI, vLLM)",
    "json_object": "response_format json_object + schema (llama.cpp, llama-cpp-python)",
    "format": "format (Ollama)",
}

REASON_LIMIT = 240  # characters: a reason cannot crowd out the verdict within max_tokens
_REASON = {"type": "string", "maxLength": REASON_LIMIT}
_ENUM_LIMIT = 101  # a whole-number range up to this many values is listed as an enum
_DIMENSION_LINE = re.compile(r"^\s*\d{1,2}[.、)]\s*([^:：\n]{1,40}?)\s*[:：]", re.MULTILINE)


def _number(low: float, high: float) -> dict[str, Any]:
    """A score between ``low`` and ``high``: every whole number listed when the range is
    short (grammars of small servers honour an enum, not always a minimum)."""
    whole = float(low).is_integer() and float(high).is_integer()
    if whole and 0 <= high - low < _ENUM_LIMIT:
        return {"type": "integer", "enum": list(range(int(low), int(high) + 1))}
    return {"type": "number", "minimum": low, "maximum": high}


def _choice(values: list[str]) -> dict[str, Any]:
    return {"type": "string", "enum": values}


def _object(properties: Mapping[str, Any]) -> dict[str, Any]:
    # Every field required and no others: OpenAI's strict mode asks for both, and a grammar
    # made from it writes the fields in this order (the reason before the verdict).
    return {
        "type": "object",
        "properties": dict(properties),
        "required": list(properties),
        "additionalProperties": False,
    }


def dimension_names(variables: Mapping[str, Any]) -> list[str]:
    """The dimensions a multi-dimension template scores, read from its numbered
    ``evaluation_metric`` list ("1. Accuracy: …"); empty when there is none."""
    text = variables.get("evaluation_metric")
    if not isinstance(text, str):
        return []
    return list(dict.fromkeys(name.strip() for name in _DIMENSION_LINE.findall(text)))


@dataclass(frozen=True)
class StructuredVerdict:
    """The schema one judge is asked to answer in, and how its reply is read.

    Attributes:
        schema: the JSON schema of the verdict object.
        read: turns the JSON reply into the text the judge's own reader takes, or None
            when the reply does not hold the verdict field.
        parser: the built-in reader, when the judge has no rule.
        rule: the judge's own rule, for replies that are not the JSON asked for.
        at_field: the same rule reading the verdict field of the JSON.
        options: the built-in reader's options (score bounds).
        fields: the fields of the JSON that hold the verdict (JudgeLM's two scores), whose
            values' places are the verdict's (its probabilities are read there).
    """

    schema: dict[str, Any]
    read: Callable[[dict[str, Any]], str | None]
    parser: str | None = None
    rule: VerdictRule | None = None
    at_field: VerdictRule | None = None
    options: Mapping[str, object] | None = None
    fields: tuple[str, ...] = ("verdict",)

    @property
    def reader(self) -> str | VerdictRule | None:
        """What reads the verdict field: the judge's rule, or its built-in reader."""
        return self.rule if self.rule is not None else self.parser

    def longest(self) -> int:
        """The most characters a reply in this schema can take (so the most tokens): the
        room a request must leave, or a verdict cut short by max_tokens is lost."""
        return _longest(self.schema) + 16

    def verdict(self, text: str | None, reasoning_content: str | None = None) -> Verdict:
        """Reads the verdict of a structured reply.

        A reply that is not the JSON asked for (a server that ignored the schema) is read
        as free text by the judge's own reader, and the verdict says so.
        """
        content, reasoning = split_reasoning(text, reasoning_content)
        found = _verdict_object(content)
        written = self.read(found) if found is not None else None
        if written is None:
            free = self._free(content, reasoning)
            note = "The judge was asked for a JSON verdict but did not answer in it" + (
                "; its reply was read as free text." if free.ok else "."
            )
            return replace(free, reason=f"{note} {free.reason}".strip())
        if self.at_field is not None:
            verdict = read_with_rule(self.at_field, written)
        else:
            verdict = parse_verdict(str(self.parser), written, options=self.options)
        # The reader read a text made from the JSON: the verdict is where its fields' values are.
        spans = value_spans(content, self.fields)
        return replace(verdict, raw=content, reasoning=reasoning, spans=spans)

    def _free(self, content: str, reasoning: str | None) -> Verdict:
        if self.rule is not None:
            return read_with_rule(self.rule, content, reasoning)
        return parse_verdict(
            str(self.parser), content, reasoning_content=reasoning, options=self.options
        )


def _longest(schema: Mapping[str, Any]) -> int:
    if "enum" in schema:
        return max(len(json.dumps(value, ensure_ascii=False)) for value in schema["enum"])
    kind = schema.get("type")
    if kind == "object":
        fields = schema.get("properties") or {}
        size = 2 + sum(len(name) * 2 + 8 + _longest(part) for name, part in fields.items())
        extra = schema.get("additionalProperties")
        if isinstance(extra, Mapping):  # free keys: room for a dozen short ones
            size += 12 * (40 + _longest(extra))
        return size
    if kind == "string":
        return int(schema.get("maxLength", 400)) * 2 + 2  # escapes may double it
    return 24


def _verdict_object(content: str) -> dict[str, Any] | None:
    try:
        value = json.loads(content, strict=False)  # grammars let raw newlines into texts
    except ValueError:
        objects = find_json_objects(content).objects
        value = objects[-1] if objects else None
    return value if isinstance(value, dict) else None


def value_spans(content: str, fields: Sequence[str]) -> tuple[tuple[int, int], ...]:
    """Where the values of ``fields`` are written in a JSON reply (a string's without its
    quotes), each field's last place; empty when one is not found."""
    spans: list[tuple[int, int]] = []
    decoder = json.JSONDecoder()
    for name in fields:
        places = list(re.finditer(rf'"{re.escape(name)}"\s*:\s*', content))
        if not places:
            return ()
        start = places[-1].end()
        try:
            value, end = decoder.raw_decode(content, start)
        except ValueError:
            return ()
        if isinstance(value, str):
            start, end = start + 1, end - 1
        spans.append((start, end))
    return tuple(spans)


def _field(name: str, shape: Callable[[Any], str | None]) -> Callable[[dict[str, Any]], str | None]:
    def read(found: dict[str, Any]) -> str | None:
        value = found.get(name)
        if value is None or isinstance(value, dict | list):
            return None
        return shape(value)

    return read


def _plain(value: Any) -> str:
    return str(value)


def _builtin(
    parser: str, options: Mapping[str, object], variables: Mapping[str, Any]
) -> tuple[dict[str, Any], Callable[[dict[str, Any]], str | None]] | None:
    low = options.get("min", 1)
    high = options.get("max", variables.get("max_score", 10))
    if not isinstance(low, int | float) or not isinstance(high, int | float):
        low, high = 1, 10
    pairs = [PAIR_LABELS[n] for n in range(1, 6)]
    simple: dict[str, tuple[dict[str, Any], Callable[[Any], str]]] = {
        "score": (_number(low, high), lambda v: f"[[{v}]]"),
        "comparison": (_choice(pairs), lambda v: f"[[{v}]]"),
        "choice5": (
            _choice(["A++", "A+", "A=B", "B+", "B++"]),
            lambda v: json.dumps({"choice": v}),
        ),
        "correctness": (_choice(["A", "B"]), _plain),
        "mtbench_pair": (_choice(["A", "B", "C"]), lambda v: f"[[{v}]]"),
        "llmbar": (_choice(["Output (a)", "Output (b)"]), _plain),
    }
    if parser in simple:
        shape, write = simple[parser]
        return _object({"reason": _REASON, "verdict": shape}), _field("verdict", write)
    if parser in ("prometheus", "prometheus_pair"):
        shape = _number(1, 5) if parser == "prometheus" else _choice(["A", "B"])

        def feedback(found: dict[str, Any]) -> str | None:
            value = found.get("verdict")
            if value is None or isinstance(value, dict | list):
                return None
            return f"Feedback: {found.get('reason') or ''} [RESULT] {value}"

        return _object({"reason": _REASON, "verdict": shape}), feedback
    if parser == "judgelm":
        score = _number(1, 10)

        def both(found: dict[str, Any]) -> str | None:
            a, b = found.get("score_a"), found.get("score_b")
            if not isinstance(a, int | float) or not isinstance(b, int | float):
                return None
            return f"{a} {b}\n{found.get('reason') or ''}"

        return _object({"reason": _REASON, "score_a": score, "score_b": score}), both
    if parser == "json":
        floor = options.get("min", 0)
        score = _number(floor if isinstance(floor, int | float) else 0, high)
        names = dimension_names(variables)
        dimension = _object({"analysis": _REASON, "score": score})
        properties: dict[str, Any] = {name: dimension for name in names}
        if not names:
            properties["dimensions"] = {"type": "object", "additionalProperties": score}
        properties["overall_reason"] = _REASON
        properties["overall_score"] = score
        return _object(properties), lambda found: json.dumps(found, ensure_ascii=False)
    return None


def _for_rule(rule: VerdictRule) -> dict[str, Any]:
    written = [label for _, label in rule.written]
    if rule.kind == "score" and not rule.mapping:
        return _number(
            rule.low if rule.low is not None else 1, rule.high if rule.high is not None else 10
        )
    if written:
        return _choice(written)
    if rule.kind == "pairwise":
        return _choice([PAIR_LABELS[n] for n in range(1, 6)])
    if rule.kind == "correctness":
        return _choice(["correct", "incorrect"])
    if rule.labels:
        return _choice(list(rule.labels))
    return {"type": "string"}


def structured_verdict(
    parser: str | None,
    rule: VerdictRule | None,
    options: Mapping[str, object] | None = None,
    variables: Mapping[str, Any] | None = None,
) -> StructuredVerdict | None:
    """The structured verdict of a judge that reads with ``parser`` or ``rule``.

    Args:
        parser: the built-in reader's id (ignored when ``rule`` is given).
        rule: the judge's verdict rule.
        options: the reader's options ("min", "max" for scores).
        variables: the project's variables (``max_score``; the dimension list of a
            multi-dimension template).

    Returns:
        None when nothing says what the verdict is (no reader), so no schema can be made.
    """
    options, variables = options or {}, variables or {}
    if rule is not None:
        at_field = VerdictRule(
            kind=rule.kind,
            path="verdict",
            mapping=dict(rule.mapping),
            low=rule.low,
            high=rule.high,
            labels=rule.labels,
            written=rule.written,
        )
        schema = _object({"reason": _REASON, "verdict": _for_rule(rule)})
        return StructuredVerdict(
            schema,
            lambda found: json.dumps(found, ensure_ascii=False),
            rule=rule,
            at_field=at_field,
        )
    if parser is None:
        return None
    made = _builtin(parser, options, variables)
    if made is None:
        return None
    schema, read = made
    fields = _FIELDS.get(parser, ("verdict",))
    return StructuredVerdict(schema, read, parser=parser, options=options, fields=fields)


# The fields holding the verdict, for the readers whose verdict is not "verdict".
_FIELDS = {"judgelm": ("score_a", "score_b"), "json": ("overall_score",)}


def structured_params(dialect: str, schema: Mapping[str, Any]) -> dict[str, Any]:
    """The request fields that ask a server in ``dialect`` for a reply in ``schema``.

    Raises:
        ValueError: ``dialect`` is not one of ``FORMATS``.
    """
    if dialect == "json_schema":
        # OpenAI's strict mode refuses length bounds; its models keep reasons short anyway.
        wrapped = {"name": "verdict", "strict": True, "schema": _without_lengths(schema)}
        return {"response_format": {"type": "json_schema", "json_schema": wrapped}}
    if dialect == "json_object":
        return {"response_format": {"type": "json_object", "schema": dict(schema)}}
    if dialect == "format":
        return {"format": dict(schema)}
    raise ValueError(f"unknown structured verdict format {dialect!r}")


def _without_lengths(schema: Mapping[str, Any]) -> dict[str, Any]:
    trimmed: dict[str, Any] = {}
    for key, value in schema.items():
        if key == "maxLength":
            continue
        if isinstance(value, Mapping):
            value = _without_lengths(value)
        trimmed[key] = value
    return trimmed
