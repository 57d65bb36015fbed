"""Reading pairwise verdicts: "[[A>>B]]" comparisons and the five choices "A++" … "B++"."""

from __future__ import annotations

import re

from judgedesk.core.judge.parsers.common import (
    CONDITION,
    EXAMPLE,
    Found,
    Reading,
    illustration,
    narrow,
    settle,
)
from judgedesk.core.judge.parsers.jsonish import find_json_objects

# Both scales share one orientation: 1 means A is much better, 5 means B is much better.
# In the seeded platforms A is the reference and B the model under evaluation.
COMPARISON_SCALE = {"A>>B": 1, "A>B": 2, "A=B": 3, "B>A": 4, "B>>A": 5}
CHOICE_SCALE = {"A++": 1, "A+": 2, "A=B": 3, "B+": 4, "B++": 5}
TIE = 3
"""The middle of the 1–5 scale both read to."""


def mirror(value: int | float) -> int | float:
    """A verdict given with the answers swapped, in the original order."""
    return 2 * TIE - value


def direction(value: int | float) -> int:
    """-1 when A is better, 0 for a tie, 1 when B is better."""
    return (value > TIE) - (value < TIE)


def first_shown_won(value: int | float) -> bool | None:
    """Whether the answer shown first won (None for a tie)."""
    way = direction(value)
    return None if way == 0 else way < 0


_RELATION = r"([AaBb])\s*(>>|>|==|=|<<|<)\s*([AaBb])"
_COMPARISON_BRACKETED = re.compile(rf"\[\[\s*{_RELATION}\s*\]\]")
_COMPARISON_MARKED = re.compile(
    r"(?:(?<![A-Za-z])(?i:verdict|decision|judge?ment)|最终判决|最终结论|最终判断|结论|判决)"
    r"(?:[ \t*_]*(?i:is)\b)?[\s*_\"'`“\[:]*"
    rf"{_RELATION}(?![\w<>=])"
)

_CHOICE = r"([AB])\s*(\+\s*\+|\+|==?\s*[AB])(?![+=\w])"
_CHOICE_BRACKETED = re.compile(rf"\[\[\s*{_CHOICE}\s*\]\]")
_CHOICE_MARKED = re.compile(
    r"(?:(?<![A-Za-z])(?i:final\s+(?:assessment|choice|verdict)|choice|verdict)"
    r"|最终选择|最终评估|最终结论|选择|结论)"
    r"(?:[ \t*_\"'`]*(?i:is)\b)?[\s*_\"'`“\[:]*"
    rf"(?<![A-Za-z]){_CHOICE}"
)
# A choice alone on its line, such as "B+" or "**A++**".
_CHOICE_LINE = re.compile(
    rf"^[ \t>#*_\"'`“(\[]*+{_CHOICE}[ \t*_\"'`”)\]]*+[.。]?[ \t]*$", re.MULTILINE
)
# "A++ or A+ or …" is the prompt's placeholder copied back, not a decision.
_ALTERNATIVE_AFTER = re.compile(r"[\s\]\"'”*]*(?:(?i:or)\b|/|\||,|、|或)[\s\[]*[AB]\s*[+=]")
_CHOICE_KEYS = frozenset(
    {"choice", "finalchoice", "finalassessment", "assessment", "verdict", "选择", "最终选择"}
)

COMPARISON_EXPECTED = 'Expected a verdict in double brackets, such as "[[A>B]]" or "[[B>>A]]".'
CHOICE_EXPECTED = (
    'Expected one of A++, A+, A=B, B+, B++, for example "choice": "B+" in a JSON object.'
)


def _relation_label(left: str, operator: str, right: str) -> str | None:
    left, right = left.upper(), right.upper()
    if left == right:
        return None
    if operator in ("=", "=="):
        return "A=B"
    winner = left if operator.startswith(">") else right
    loser = "B" if winner == "A" else "A"
    strong = operator in (">>", "<<")
    return f"{winner}{'>>' if strong else '>'}{loser}"


def read_comparison(content: str) -> Reading:
    """Finds every "[[A>B]]"-style verdict, or bare ones after a "verdict:" marker.

    Args:
        content: The reply with its reasoning already removed.

    Returns:
        The verdicts found in order, or why none was found.
    """
    text = narrow(content)
    reading = Reading()
    conditional: list[Found] = []
    for pattern in (_COMPARISON_BRACKETED, _COMPARISON_MARKED):
        for match in pattern.finditer(text):
            kind = illustration(text, match.start(), match.end())
            label = _relation_label(match.group(1), match.group(2), match.group(3))
            if label is None or kind == EXAMPLE:
                continue
            span = (match.start(1), match.end(3))
            found = Found(label=label, value=COMPARISON_SCALE[label], spans=(span,))
            (conditional if kind == CONDITION else reading.found).append(found)
        if reading.found:
            break
    settle(reading, conditional)
    return reading


def _choice_label(letter: str, mark: str) -> str | None:
    mark = re.sub(r"\s+", "", mark)
    if mark.startswith("="):
        return "A=B" if mark[-1] != letter else None
    return letter + mark


def _choice_from_value(value: object) -> str | None:
    if not isinstance(value, str):
        return None
    text = narrow(value)
    match = re.match(rf"[\s\[\"'(]*{_CHOICE}", text)
    if match is None or _ALTERNATIVE_AFTER.match(text, match.end()):
        return None
    return _choice_label(match.group(1), match.group(2))


def _choice_lines(text: str) -> tuple[list[Found], bool]:
    """The choices standing alone on their lines, and whether a list of them was copied.

    Neighbouring lines holding different choices ("A++", "A+", "A=B" …) are the prompt's
    list of options, not a decision.
    """
    lines: list[tuple[int, str]] = []
    line, counted = 0, 0
    for match in _CHOICE_LINE.finditer(text):
        line += text.count("\n", counted, match.start())
        counted = match.start()
        label = _choice_label(match.group(1), match.group(2))
        if label is not None:
            lines.append((line, label))
    # One match per line at most, so a neighbouring line is a neighbouring entry.
    listed = {
        index
        for index in range(len(lines))
        for other in (index - 1, index + 1)
        if 0 <= other < len(lines)
        and abs(lines[other][0] - lines[index][0]) == 1
        and lines[other][1] != lines[index][1]
    }
    found = [
        Found(label=label, value=CHOICE_SCALE[label])
        for index, (_, label) in enumerate(lines)
        if index not in listed
    ]
    return found, bool(listed)


def read_choice(content: str) -> Reading:
    """Finds the five-way choice: in JSON "choice" fields, after markers, or on its own line.

    Args:
        content: The reply with its reasoning already removed.

    Returns:
        The choices found in order, or why none was found.
    """
    reading = Reading()
    copied_placeholder = False
    for obj in find_json_objects(content).objects:
        for key, value in obj.items():
            if re.sub(r"[\s_\-]+", "", key.lower()) not in _CHOICE_KEYS:
                continue
            label = _choice_from_value(value)
            if label is None:
                copied_placeholder = copied_placeholder or isinstance(value, str)
                continue
            reading.found.append(Found(label=label, value=CHOICE_SCALE[label]))
    if reading.found:
        return reading
    text = narrow(content)
    conditional: list[Found] = []
    for pattern in (_CHOICE_BRACKETED, _CHOICE_MARKED):
        for match in pattern.finditer(text):
            kind = illustration(text, match.start(), match.end())
            if kind == EXAMPLE:
                continue
            if _ALTERNATIVE_AFTER.match(text, match.end()):
                copied_placeholder = True
                continue
            label = _choice_label(match.group(1), match.group(2))
            if label is not None:
                found = Found(label=label, value=CHOICE_SCALE[label])
                (conditional if kind == CONDITION else reading.found).append(found)
        if reading.found:
            return reading
    reading.found, listed = _choice_lines(text)
    copied_placeholder = copied_placeholder or listed
    if reading.found:
        return reading
    settle(reading, conditional)
    if reading.found:
        return reading
    if copied_placeholder:
        reading.failure = (
            "The judge copied the list of choices from the prompt without picking one. "
            + CHOICE_EXPECTED
        )
    return reading
