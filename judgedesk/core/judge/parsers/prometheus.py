"""Reading Prometheus verdicts: "Feedback: … [RESULT] 4" (absolute) and "[RESULT] A" (relative)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from judgedesk.core.judge.parsers.common import (
    CONDITION,
    EXAMPLE,
    Found,
    Reading,
    illustration,
    narrow,
    settle,
    to_number,
)
from judgedesk.core.judge.parsers.pairwise import COMPARISON_SCALE

PROMETHEUS_EXPECTED = (
    'Expected "[RESULT]" followed by a whole number from 1 to 5, such as "[RESULT] 4".'
)
PROMETHEUS_PAIR_EXPECTED = 'Expected "[RESULT] A" or "[RESULT] B".'

_RESULT = re.compile(
    r"(?:\*\*|__)?[\[【][ \t]*(?i:result)[ \t]*[\]】](?:\*\*|__)?[ \t]*+[:：]?[ \t*_]*+"
    r"[(（\"'“]?[ \t]*+(?:(\d{1,9}(?:\.\d{1,6})?)(?!\d|\.\d)|([AB])(?![A-Za-z'’]))"
)
# "[RESULT] (1-5)", "[RESULT] A or B": the prompt's placeholder, not a verdict.
_RANGE_AFTER = re.compile(r"[ \t]*(?:-|–|—|~|～|,|，|(?i:to|or|and)\b|或|到|至)[ \t]*\d")
_CHOICES_AFTER = re.compile(
    r"[ \t\"'”’)）]*(?:/|\||,|，|、|(?i:or|and)\b|或)[ \t\"'“(（]*[AB](?![A-Za-z])"
)
_FEEDBACK_LEAD = re.compile(
    r"\A[ \t>#*_]*(?:(?i:feedback)|反馈|评语)[ \t*_]*[:：]?[ \t*_]*(?:\n[ \t]*)?"
)
_PAIR_LABELS = {"A": "A>B", "B": "B>A"}


@dataclass(frozen=True)
class ResultToken:
    """One "[RESULT] …" found in a reply.

    Attributes:
        start: Where it starts.
        end: Where it ends.
        text: What follows "[RESULT]": a number as written, or "A" or "B".
        letter: True for "A"/"B" (relative grading), False for a number.
        kind: EXAMPLE, CONDITION or None, as :func:`illustration` tells.
        at: Where the number or the letter is written.
    """

    start: int
    end: int
    text: str
    letter: bool
    kind: str | None
    at: tuple[int, int] = (0, 0)


def result_tokens(text: str) -> list[ResultToken]:
    """Every "[RESULT] n" and "[RESULT] A/B" in a narrowed text, minus copied placeholders."""
    tokens: list[ResultToken] = []
    for match in _RESULT.finditer(text):
        if match.group(1) is not None:
            if _RANGE_AFTER.match(text, match.end()):
                continue
            value, letter = match.group(1), False
        else:
            if _CHOICES_AFTER.match(text, match.end()):
                continue
            value, letter = match.group(2), True
        kind = illustration(text, match.start(), match.end())
        at = match.span(2 if letter else 1)
        tokens.append(ResultToken(match.start(), match.end(), value, letter, kind, at))
    return tokens


def _feedback(text: str, tokens: list[ResultToken], chosen: ResultToken) -> str:
    earlier = [token.end for token in tokens if token.end <= chosen.start]
    piece = text[max(earlier, default=0) : chosen.start].strip()
    return _FEEDBACK_LEAD.sub("", piece, count=1).strip()


def _read(content: str, letters: bool) -> Reading:
    text = narrow(content)
    tokens = result_tokens(text)
    reading = Reading()
    conditional: list[Found] = []
    where: dict[int, ResultToken] = {}
    invalid: ResultToken | None = None
    for token in tokens:
        if token.letter != letters or token.kind == EXAMPLE:
            continue
        if letters:
            label = _PAIR_LABELS[token.text]
            found = Found(label=label, value=COMPARISON_SCALE[label], spans=(token.at,))
        else:
            value = to_number(token.text)
            if not isinstance(value, int) or not 1 <= value <= 5:
                invalid = token
                continue
            found = Found(label=str(value), value=value, spans=(token.at,))
        where[id(found)] = token
        (conditional if token.kind == CONDITION else reading.found).append(found)
    settle(reading, conditional)
    last = reading.found[-1] if reading.found else None
    if invalid is not None and (last is None or where[id(last)].start < invalid.start):
        reading.found = []
        reading.notes = []
        reading.failure = (
            f"The judge gave {invalid.text} after [RESULT]; Prometheus scores are whole "
            "numbers from 1 to 5, so nothing was read. " + PROMETHEUS_EXPECTED
        )
        return reading
    if invalid is not None:
        reading.notes.append(f"An earlier [RESULT] {invalid.text}, outside 1–5, was left out.")
    if last is not None:
        feedback = _feedback(text, tokens, where[id(last)])
        if feedback:
            reading.notes.append(f"The judge's feedback: {feedback}")
    return reading


def read_prometheus(content: str) -> Reading:
    """Finds Prometheus' absolute grade, a whole number from 1 to 5 after "[RESULT]".

    Accepts "[RESULT] 4", "[RESULT]: 4", "[RESULT] (4)" and "[Result] 4". A grade
    outside 1–5 (or with a decimal part) leaves the reply unparsed. The feedback written
    before "[RESULT]" is added to the notes, so a clean reading's reason is
    "The judge's feedback: …".

    Args:
        content: The reply with its reasoning already removed.

    Returns:
        The grades found in order, the feedback as a note, or why none was found.
    """
    return _read(content, letters=False)


def read_prometheus_pair(content: str) -> Reading:
    """Finds Prometheus' relative verdict, "[RESULT] A" (2, A>B) or "[RESULT] B" (4, B>A).

    The feedback written before "[RESULT]" is added to the notes, as for the absolute
    grade.

    Args:
        content: The reply with its reasoning already removed.

    Returns:
        The verdicts found in order, the feedback as a note, or why none was found.
    """
    return _read(content, letters=True)
