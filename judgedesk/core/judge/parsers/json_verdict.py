"""Reading an overall score and per-dimension scores from a JSON verdict."""

from __future__ import annotations

import json
import math
import re

from judgedesk.core.judge.parsers.common import Found, Reading, number_label, to_number
from judgedesk.core.judge.parsers.jsonish import find_json_objects

# In order of preference: a field that clearly means "overall" beats a generic "score".
_OVERALL_KEYS = (
    "overall",
    "overallscore",
    "overallrating",
    "综合评分",
    "综合得分",
    "总体评分",
    "总分",
    "总评分",
    "最终得分",
    "最终评分",
    "finalscore",
    "finalrating",
    "totalscore",
    "total",
    "score",
    "rating",
    "评分",
    "得分",
    "分数",
)
# The judge's summary of why it gave the overall score. "综合评分原因" is the key of the
# Chinese AI-judge format; "综合评分理由" is what our template wrote before, so replies
# stored then read the same. A reason is never a dimension, even one that reads as a
# number ("8分").
REASON_KEYS = frozenset(
    {"综合评分原因", "综合评分理由", "评分原因", "评分理由", "overallreason", "reason"}
)
# Where else a judge sums up its verdict in words, kept as its explanation too.
_EXPLANATION_KEYS = REASON_KEYS | {"comment", "explanation", "rationale", "feedback", "summary"}
_SCORE_FIELDS = ("score", "分数", "得分", "评分", "rating", "value")
# What a dimension's object calls the judge's words about it ("analysis" in the Chinese
# AI-judge format).
_ANALYSIS_FIELDS = ("analysis", "分析", "reason", "理由", "原因", "comment", "评语", "explanation")
# Containers that group the dimension scores one level down.
_DIMENSION_GROUPS = frozenset(
    {"dimensions", "dimensionscores", "scores", "criteria", "维度", "各维度", "维度评分"}
)
# Applied to text already stripped of spaces and brackets, so no two parts can compete
# for the same spaces.
_NUMERIC_TEXT = re.compile(
    r"([+-]?\d{1,9}(?:\.\d{1,6})?)"
    r"(?:[ \t]*(?:分|(?i:points?|pts)|(?:/|(?i:out\s+of))[ \t]*\d{1,9}(?:\.\d{1,6})?))?"
)

EXPECTED = 'Expected a JSON object with a score, such as {"score": 8}.'


def _describe(value: object) -> str:
    """Shows a non-numeric JSON value briefly, as the judge wrote it."""
    if isinstance(value, dict):
        return "an object with no score in it"
    if isinstance(value, list):
        return "a list"
    return json.dumps(value)


def _key(name: str) -> str:
    return re.sub(r"[\s_\-]+", "", name.lower())


def _number(value: object, *, nested: bool = True) -> int | float | None:
    """Reads a score from a JSON value: a number, a numeric text or a {"score": …} object."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, str):
        match = _NUMERIC_TEXT.fullmatch(value.strip().strip("[]").strip())
        return to_number(match.group(1)) if match else None
    if nested and isinstance(value, dict):
        for name, item in value.items():
            if _key(str(name)) in _SCORE_FIELDS:
                return _number(item, nested=False)
    return None


def _dimensions(obj: dict[str, object]) -> dict[str, float]:
    dimensions: dict[str, float] = {}
    for name, value in obj.items():
        if _key(name) in _OVERALL_KEYS or _key(name) in REASON_KEYS:
            continue
        number = _number(value)
        if number is not None:
            dimensions[name] = float(number)
        elif isinstance(value, dict) and _key(name) in _DIMENSION_GROUPS:
            for inner_name, inner in value.items():
                inner_number = _number(inner)
                if inner_number is not None:
                    dimensions[str(inner_name)] = float(inner_number)
    return dimensions


def _explanation(obj: dict[str, object]) -> str:
    """The judge's summary of its overall verdict: the first reason field holding text."""
    for name, value in obj.items():
        if _key(str(name)) in _EXPLANATION_KEYS and isinstance(value, str) and value.strip():
            return value.strip()
    return ""


def _analyses(obj: dict[str, object], dimensions: dict[str, float]) -> dict[str, str]:
    """Per scored dimension, the text its object gives beside the score, if any."""
    groups = [v for k, v in obj.items() if isinstance(v, dict) and _key(k) in _DIMENSION_GROUPS]
    found: dict[str, str] = {}
    for name in dimensions:
        value = obj.get(name)
        if not isinstance(value, dict):
            value = next((g[name] for g in groups if isinstance(g.get(name), dict)), None)
        if not isinstance(value, dict):
            continue
        fields = {_key(str(k)): v for k, v in value.items()}
        text = next((fields[k] for k in _ANALYSIS_FIELDS if isinstance(fields.get(k), str)), "")
        if text.strip():
            found[name] = text.strip()
    return found


def _overall(obj: dict[str, object]) -> tuple[str, object] | None:
    """Returns the preferred overall-score field present in the object, if any."""
    present = {_key(name): (name, value) for name, value in obj.items()}
    for wanted in _OVERALL_KEYS:
        if wanted in present:
            return present[wanted]
    return None


def read_json(content: str) -> Reading:
    """Finds JSON verdicts and reads each one's overall and per-dimension scores.

    Args:
        content: The reply with its reasoning already removed.

    Returns:
        One finding per JSON object that holds a score, in order, or why none did.
    """
    reading = Reading()
    scan = find_json_objects(content)
    placeholder: tuple[str, object] | None = None
    averaged = 0
    for obj in scan.objects:
        dimensions = _dimensions(obj)
        overall_field = _overall(obj)
        overall = _number(overall_field[1]) if overall_field else None
        if overall is None and overall_field is not None:
            placeholder = overall_field
        if overall is None and dimensions:
            overall = round(sum(dimensions.values()) / len(dimensions), 4)
            averaged = len(dimensions)
        elif overall is not None:
            averaged = 0
        if overall is None:
            continue
        reading.found.append(
            Found(
                label=number_label(overall),
                value=overall,
                dimensions=tuple(dimensions.items()),
                explanation=_explanation(obj),
                analyses=tuple(_analyses(obj, dimensions).items()),
            )
        )
    if reading.found:
        if averaged:
            reading.notes.append(
                f"No overall score was given, so the average of the {averaged} dimension "
                "scores was used."
            )
        return reading
    if placeholder is not None and isinstance(placeholder[1], str):
        reading.failure = (
            f'The "{placeholder[0]}" field holds "{placeholder[1][:60]}", which is not a '
            "number; the judge may have copied the template instead of filling it in. " + EXPECTED
        )
    elif placeholder is not None:
        shown = _describe(placeholder[1])
        reading.failure = f'The "{placeholder[0]}" field holds {shown}, which is not a score. '
        reading.failure += EXPECTED
    elif scan.objects:
        reading.failure = "The JSON object holds no score: none of its fields is a number. "
        reading.failure += EXPECTED
    elif scan.unreadable or scan.unclosed:
        reading.failure = (
            "Something that looks like JSON was found but could not be read; it may be "
            "cut off or malformed. " + EXPECTED
        )
    else:
        reading.failure = "No JSON object was found in the reply. " + EXPECTED
    return reading
