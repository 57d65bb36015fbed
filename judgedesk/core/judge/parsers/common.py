"""Shared vocabulary of the verdict parsers: the Verdict record and small text helpers."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

VerdictValue = int | float | bool | str

# Numbers are bounded in length so a long run of digits can neither blow up int() nor the
# regex engine; the look-arounds stop us from reading a slice of a longer number.
NUMBER = r"(?<![\d.])\d{1,9}(?:\.\d{1,6})?(?![\d])"


@dataclass(frozen=True)
class Verdict:
    """What a parser read from one judge reply.

    Attributes:
        ok: False means nothing could be read; ``value`` is then None.
        value: The result: a score (int when written without a decimal point, float
            otherwise), 1..5 for the two pairwise scales, True/False for correctness.
        label: The verdict as found, normalised ("8", "8.5", "A>>B", "A++", "A").
        dimensions: Per-dimension scores from JSON verdicts; empty otherwise.
        ambiguous: The reply held several different verdicts and the last one was taken.
        candidates: Every verdict label found, in order of appearance.
        reason: In plain words, why nothing was read, why it is ambiguous or what was
            assumed; empty when the reading is clean, except that the "prometheus" and
            "prometheus_pair" readers end it with the judge's feedback when the reply has some.
        raw: The text the parser read, with the reasoning removed.
        reasoning: The reasoning split off the reply, if any.
        spans: Where in ``raw`` the verdict taken is written, as the reader found it
            (start, end): one place, or JudgeLM's two scores; empty when not known.
            Its probabilities are read at the tokens there.
        explanation: The judge's own summary of its overall verdict, from a JSON verdict's
            reason field (``综合评分原因``, ``reason``…); empty otherwise.
        analyses: Per dimension of a JSON verdict, the judge's own words about it (the
            dimension's ``analysis`` field); empty otherwise.
    """

    ok: bool
    value: VerdictValue | None
    label: str | None
    dimensions: dict[str, float] = field(default_factory=dict)
    ambiguous: bool = False
    candidates: tuple[str, ...] = ()
    reason: str = ""
    raw: str = ""
    reasoning: str | None = None
    spans: tuple[tuple[int, int], ...] = ()
    explanation: str = ""
    analyses: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Found:
    """One verdict spotted in a reply, before the parsers pick the last one."""

    label: str
    value: VerdictValue
    dimensions: tuple[tuple[str, float], ...] = ()
    spans: tuple[tuple[int, int], ...] = ()
    """Where in the content the verdict is written (see :attr:`Verdict.spans`)."""
    explanation: str = ""
    analyses: tuple[tuple[str, str], ...] = ()


@dataclass
class Reading:
    """Everything a single parser gathered from the content of a reply.

    Attributes:
        found: The verdicts seen, in order of appearance.
        notes: Assumptions the parser made, told to the person as they are.
        failure: Why nothing was found, when ``found`` is empty; the caller falls back to
            a generic "expected …" message when this is empty.
    """

    found: list[Found] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    failure: str = ""


def to_number(text: str) -> int | float | None:
    """Reads a decimal number as written: int without a decimal point, float with one.

    Args:
        text: The digits, possibly with a decimal part and surrounding spaces.

    Returns:
        The number, or None when the text is not a finite number.
    """
    text = text.strip().lstrip("+")
    try:
        if re.fullmatch(r"-?\d{1,12}", text):
            return int(text)
        number = float(text)
    except ValueError:
        return None
    return number if math.isfinite(number) else None


def number_label(value: int | float) -> str:
    """Writes a score back as a short label ("8", "8.5"), keeping "8.0" for a float."""
    if isinstance(value, int):
        return str(value)
    return repr(round(value, 6))


def plain_number(value: float) -> str:
    """Writes a setting such as a scale bound for a message: "10", not "10.0"."""
    return str(int(value)) if value.is_integer() else number_label(value)


def format_list(labels: list[str]) -> str:
    """Joins labels for a message, shortening long lists so the message stays readable."""
    unique = list(dict.fromkeys(labels))
    if len(unique) > 6:
        unique = [*unique[:3], "…", *unique[-2:]]
    return ", ".join(unique)


_EXAMPLE_BEFORE = re.compile(
    r"(?i:for\s+example|for\s+instance|e\.\s?g\.|example\s*[:：]|such\s+as)|例如|比如|示例"
)
_CONDITION_BEFORE = re.compile(r"(?i:\bif\b)|如果|假如|若")
_CONDITION_AFTER = re.compile(
    r"""^[\s"'”’`*)\]]*(?:(?i:if|when|means|represents)\b|如果|表示|代表)"""
)
_SENTENCE_END = re.compile(r"[.!?;。！？；](?!\d)")


EXAMPLE = "example"
CONDITION = "condition"


def illustration(text: str, start: int, end: int) -> str | None:
    """Tells whether a verdict-looking token is an example or a condition, not a verdict.

    Judges often repeat the prompt's instructions ("for example: Score: [[5]]", "[[A>B]]
    if A is better", "if it is correct, answer A"); counting those would turn an echo into
    a verdict.

    Args:
        text: The whole content being parsed.
        start: Where the token starts.
        end: Where the token ends.

    Returns:
        EXAMPLE for an example or a legend entry (never a verdict), CONDITION for a token
        in a sentence that starts with "if" (a verdict only when nothing better exists),
        or None.
    """
    window_start = max(0, start - 60)
    line_start = text.rfind("\n", window_start, start) + 1
    before = text[max(line_start, window_start) : start]
    line_end = text.find("\n", end, end + 24)
    after = text[end : line_end if line_end != -1 else end + 24]
    if _EXAMPLE_BEFORE.search(before) or _CONDITION_AFTER.search(after):
        return EXAMPLE
    sentence = before
    for match in _SENTENCE_END.finditer(before):
        sentence = before[match.end() :]
    return CONDITION if _CONDITION_BEFORE.search(sentence) else None


def settle(reading: Reading, conditional: list[Found]) -> None:
    """Falls back on verdicts stated inside an "if" sentence when no other was found.

    They are used only when they all agree: "if correct, answer A; if incorrect, answer
    B" is an echo of the instructions, while "if we weigh accuracy most, Score: [[7]]" is
    a decision.

    Args:
        reading: The reading to complete; left alone when it already found something.
        conditional: The verdicts seen inside "if" sentences, in order.
    """
    if reading.found or not conditional:
        return
    if len({(type(found.value) is bool, found.value) for found in conditional}) == 1:
        reading.found = list(conditional)
        reading.notes.append(
            'The verdict was read from a sentence starting with "if"; check that it is '
            "the judge's decision and not a repeated instruction."
        )


# Full-width and typographic forms that judges (notably Chinese ones) use for the verdict
# symbols; mapping them first lets one set of patterns cover both.
_WIDE = str.maketrans(
    {
        "＞": ">",
        "＜": "<",
        "＝": "=",
        "＋": "+",
        "［": "[",
        "］": "]",
        "Ａ": "A",
        "Ｂ": "B",
        "Ｃ": "C",
        "：": ":",
        "≫": ">>",
        "≪": "<<",
    }
)


def narrow(text: str) -> str:
    """Replaces full-width verdict symbols with their ASCII forms."""
    return text.translate(_WIDE)
