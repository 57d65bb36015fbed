"""Reading a numeric score such as "Score: [[7]]" or "Rating: 8/10" from a judge reply."""

from __future__ import annotations

import re

from judgedesk.core.judge.parsers.common import (
    CONDITION,
    EXAMPLE,
    NUMBER,
    Found,
    Reading,
    illustration,
    number_label,
    plain_number,
    settle,
    to_number,
)

_OUT_OF = r"(?:/|(?i:out\s+of)|满分)"
_UNIT = r"(?:分|(?i:points?|pts)\b)"

_BRACKETED = re.compile(
    rf"\[\[[\s*]*({NUMBER})(?:\s*{_OUT_OF}\s*({NUMBER}))?(?:\s*{_UNIT})?[\s*]*\]\]"
)
_MARKED = re.compile(
    r"(?:(?<![A-Za-z])(?i:(?:overall|final|total)\s+(?:score|rating)|score|rating|grade)"
    r"|综合评分|总体评分|最终得分|总分|评分|得分|分数|打分)"
    # An optional note in brackets, as in "Score (1-10): 8".
    r"(?:\s*[(（][^()（）\n]{0,24}[)）])?"
    r"[\s*_#\"'”]*(?:[:：=]|(?i:is|of)\b)[\s*_\"'“\[(]*"
    rf"({NUMBER})(?:\s*{_OUT_OF}\s*({NUMBER}))?"
)
_WHOLE = re.compile(
    rf"[\s*_\"'`]*({NUMBER})(?:\s*{_OUT_OF}\s*({NUMBER}))?(?:\s*{_UNIT})?[\s*_\"'`.。]*"
)
_PLACEHOLDER = re.compile(
    r"\[\[\s*(?:(?i:score|rating|n|x|number|your\s+score)|分数|评分|得分|\.\.\.)\s*\]\]"
)

EXPECTED = 'Expected a score such as "Score: [[7]]".'


def read_score(content: str, maximum: float | None) -> Reading:
    """Finds every score in the content, preferring the bracketed "[[n]]" forms.

    Args:
        content: The reply with its reasoning already removed.
        maximum: The top of the scale, when known, to notice "out of" mismatches.

    Returns:
        The scores found in order, notes on assumptions, or why none was found.
    """
    reading = Reading()
    conditional: list[Found] = []
    denominators: list[str] = []
    for pattern in (_BRACKETED, _MARKED):
        for match in pattern.finditer(content):
            kind = illustration(content, match.start(), match.end())
            if kind == EXAMPLE:
                continue
            if kind == CONDITION:
                conditional.extend(_found(match.group(1), match.span(1)))
                continue
            reading.found.extend(_found(match.group(1), match.span(1)))
            if match.group(2):
                denominators.append(match.group(2))
        if reading.found:
            break
    if not reading.found:
        whole = _WHOLE.fullmatch(content)
        if whole:
            reading.found.extend(_found(whole.group(1), whole.span(1)))
            if whole.group(2):
                denominators.append(whole.group(2))
    settle(reading, conditional)
    if not reading.found:
        if _PLACEHOLDER.search(content):
            reading.failure = (
                "The judge repeated the placeholder from the prompt (such as "
                '"[[score]]") instead of giving a number. ' + EXPECTED
            )
        return reading
    if maximum is not None and denominators:
        last = to_number(denominators[-1])
        if last is not None and last != maximum:
            reading.notes.append(
                f"The judge scored out of {number_label(last)}, not "
                f"{plain_number(maximum)}; its score was taken as written."
            )
    return reading


def _found(text: str, span: tuple[int, int]) -> list[Found]:
    value = to_number(text)
    return [] if value is None else [Found(number_label(value), value, spans=(span,))]
