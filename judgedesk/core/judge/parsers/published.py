"""Reading pairwise verdicts in published judges' formats: MT-Bench, LLMBar and JudgeLM.

Each is read onto the shared pairwise scale (1 = A much better … 5 = B much better); none
of these formats says "much better", so they give 2 (A>B), 3 (A=B) or 4 (B>A).
"""

from __future__ import annotations

import re

from judgedesk.core.judge.parsers.common import (
    CONDITION,
    EXAMPLE,
    NUMBER,
    Found,
    Reading,
    illustration,
    narrow,
    settle,
    to_number,
)
from judgedesk.core.judge.parsers.pairwise import COMPARISON_SCALE

MTBENCH_EXPECTED = (
    'Expected "[[A]]" (assistant A is better), "[[B]]" (assistant B is better) or "[[C]]" (a tie).'
)
LLMBAR_EXPECTED = 'Expected "Output (a)" or "Output (b)" on a line of its own.'
JUDGELM_EXPECTED = 'Expected two scores on the first line, one for each answer, such as "8 6".'

# --- MT-Bench: [[A]], [[B]], [[C]] ------------------------------------------------------

MTBENCH_LABELS = {"A": "A>B", "B": "B>A", "C": "A=B"}
_MTBENCH = re.compile(r"\[\[[ \t]*([ABC])[ \t]*\]\]")
_MTBENCH_ANY = r"[\"'“‘`*]*\[\[[ \t]*[ABC][ \t]*\]\]"
_JOIN = r"(?:,|，|、|/|\||(?i:or|and)\b|或|和)"
# "[[A]], [[B]] or [[C]]": the prompt's list of verdicts, copied back.
_LISTED_AFTER = re.compile(rf"[\"'”’`*]*[ \t]*{_JOIN}[ \t]*(?:(?i:or|and)\b[ \t]*)?{_MTBENCH_ANY}")
_LISTED_BEFORE = re.compile(
    rf"{_MTBENCH_ANY}[\"'”’`*]*[ \t]*{_JOIN}[ \t]*(?:(?i:or|and)[ \t]*)?[\"'“‘`*]*\Z"
)
# '"[[C]]" for a tie' is the legend's last entry, not a decision.
_LEGEND_AFTER = re.compile(
    r"[ \t\"'”’`*)]*(?:(?i:for\s+(?:a\s+)?(?:tie|draw)|in\s+(?:the\s+)?case\s+of\s+a\s+tie)"
    r"|表示|代表|平局)"
)
_QUOTED_BEFORE = re.compile(r"[\"'“‘`]\Z")


def _in_legend(text: str, start: int) -> bool:
    """Whether the verdict at ``start`` is an entry of a copied legend: quoted, or after
    another verdict on its line ('[[A]] if A is better, …, [[C]] for a tie'). MT-Bench's
    judge itself ends a tie with "Final verdict: [[C]] for a tie."."""
    if _QUOTED_BEFORE.search(text, max(0, start - 1), start):
        return True
    line_start = text.rfind("\n", 0, start) + 1
    return _MTBENCH.search(text, line_start, start) is not None


def read_mtbench(content: str) -> Reading:
    """Finds MT-Bench's pairwise verdicts: "[[A]]", "[[B]]" and "[[C]]" (a tie).

    The legend that judges often copy from the prompt ('"[[A]]" if assistant A is
    better, …, "[[C]]" for a tie') is skipped.

    Args:
        content: The reply with its reasoning already removed.

    Returns:
        The verdicts found in order, or why none was found.
    """
    text = narrow(content)
    reading = Reading()
    conditional: list[Found] = []
    listed = False
    for match in _MTBENCH.finditer(text):
        start, end = match.span()
        if _LEGEND_AFTER.match(text, end) and _in_legend(text, start):
            continue
        if _LISTED_AFTER.match(text, end) or _LISTED_BEFORE.search(text, max(0, start - 40), start):
            listed = True
            continue
        kind = illustration(text, start, end)
        if kind == EXAMPLE:
            continue
        label = MTBENCH_LABELS[match.group(1)]
        found = Found(label=label, value=COMPARISON_SCALE[label], spans=(match.span(1),))
        (conditional if kind == CONDITION else reading.found).append(found)
    settle(reading, conditional)
    if not reading.found and listed:
        reading.failure = (
            "The judge copied the list of verdicts from the prompt without choosing one. "
            + MTBENCH_EXPECTED
        )
    return reading


# --- LLMBar: Output (a) / Output (b) ----------------------------------------------------

_OUTPUT = r"(?i:output)[ \t]*[(（][ \t]*([abABａｂ])[ \t]*[)）]"
_OUTPUT_TOKEN = re.compile(_OUTPUT)
_MARKER = (
    r"(?:(?i:(?:my\s+)?(?:final\s+)?(?:answer|verdict|choice|decision|selection|judge?ment"
    r"|output)|(?:the\s+)?better\s+(?:one|output|response)|winner|i\s+(?:choose|pick|prefer))"
    r"|最终答案|最终选择|最终结论|答案|选择|结论|更好的输出)"
)
# The verdict alone on its line, possibly after a marker such as "Final answer:". A line
# in square brackets is a heading copied from the prompt ("[Output (a)]"), not a verdict.
_LLMBAR_LINE = re.compile(
    rf"^[ \t>#*_\"'“‘`]*+(?:{_MARKER}(?:[ \t*_]*+(?i:is)\b)?(?:[ \t*_]*+[:：])?"
    rf"[ \t*_\"'“‘`]*+)?{_OUTPUT}[ \t*_\"'”’`]*+[.。!！]?[ \t*_]*+$",
    re.MULTILINE,
)
_BETTER_AFTER = re.compile(
    r"[ \t*_\"'”’`]*+(?:(?i:is|was|seems|would\s+be)[ \t]+"
    r"(?:(?i:clearly|slightly|much|far|definitely|overall|the|a)[ \t]+){0,3}"
    r"(?i:better|best|preferred|preferable|superior|the\s+winner)\b|更好|更优|胜出)"
)
_CHOSEN_BEFORE = re.compile(
    r"(?:(?i:\b(?:prefer|choose|pick|select)|(?:winner|better\s+(?:one|output|response))"
    r"\s+is)|选择|更好的是)[ \t*_:：\"'“]*\Z"
)
_NEGATED_BEFORE = re.compile(r"(?i:\b(?:nor|neither|not|than|whether))[ \t*_\"'“]*\Z|不是[ \t]*\Z")
_OUTPUT_ANY = r"[\"'“‘`*]*(?i:output)[ \t]*[(（]"
_BOTH_AFTER = re.compile(rf"[ \t*_\"'”’`]*{_JOIN}[ \t*_\"'“‘`]*{_OUTPUT_ANY}")
_BOTH_BEFORE = re.compile(
    rf"(?i:output)[ \t]*[(（][ \t]*[abABａｂ][ \t]*[)）][ \t*_\"'”’`]*{_JOIN}[ \t*_\"'“‘`]*\Z"
)
_LETTERS = {"a": "A>B", "ａ": "A>B", "b": "B>A", "ｂ": "B>A"}


def _llmbar_found(match: re.Match[str]) -> Found:
    label = _LETTERS[match.group(1).lower()]
    return Found(label=label, value=COMPARISON_SCALE[label], spans=(match.span(1),))


def _names_both(text: str, start: int, end: int) -> bool:
    return bool(
        _BOTH_AFTER.match(text, end) or _BOTH_BEFORE.search(text, max(0, start - 40), start)
    )


def read_llmbar(content: str) -> Reading:
    """Finds LLMBar's verdict: "Output (a)" or "Output (b)", in any letter case.

    The verdict alone on its line (bold, quoted, or after "Final answer:") is preferred;
    "Output (b) is better" and "I prefer Output (a)" count only when no such line exists.
    "Output (a) or Output (b)" names both and decides nothing.

    Args:
        content: The reply with its reasoning already removed.

    Returns:
        The verdicts found in order, or why none was found.
    """
    text = narrow(content)
    reading = Reading()
    named_both = False
    conditional: list[Found] = []
    for match in _LLMBAR_LINE.finditer(text):
        if illustration(text, match.start(), match.end()) != EXAMPLE:
            reading.found.append(_llmbar_found(match))
    if reading.found:
        return reading
    for match in _OUTPUT_TOKEN.finditer(text):
        start, end = match.span()
        if _names_both(text, start, end):
            named_both = True
            continue
        window = max(0, start - 40)
        if _NEGATED_BEFORE.search(text, window, start):
            continue
        if not (_BETTER_AFTER.match(text, end) or _CHOSEN_BEFORE.search(text, window, start)):
            continue
        kind = illustration(text, start, end)
        if kind == EXAMPLE:
            continue
        found = _llmbar_found(match)
        (conditional if kind == CONDITION else reading.found).append(found)
    settle(reading, conditional)
    if not reading.found and named_both:
        reading.failure = (
            'The judge named both outputs (such as "Output (a) or Output (b)") without '
            "choosing one. " + LLMBAR_EXPECTED
        )
    return reading


# --- JudgeLM: two scores on the first line ----------------------------------------------

_PAIR_LINE = re.compile(
    r"[ \t>#*_`\"'“]*+(?:(?:(?i:scores?|ratings?)|评分|得分|分数)[ \t*_]*+[:：][ \t*_`\"'“]*+)?"
    rf"({NUMBER})[ \t]*+(?:[,，;；、][ \t]*+)?(?<=[ \t,，;；、])({NUMBER})[ \t*_`\"'”.。]*+"
)
_ANY_NUMBER = re.compile(NUMBER)


def read_judgelm(content: str) -> Reading:
    """Reads JudgeLM's first line, two scores such as "8 6", as a comparison.

    The first score is answer A's (JudgeLM's assistant 1) and the second answer B's. A
    higher first score gives A>B (2), equal scores A=B (3), a higher second score B>A
    (4). The label is that comparison; both scores are kept as the dimensions
    "score_a" and "score_b".

    Args:
        content: The reply with its reasoning already removed.

    Returns:
        The comparison read from the first line, or why none was read.
    """
    reading = Reading()
    first_line = content.strip().split("\n", 1)[0].strip()
    offset = content.index(first_line) if first_line else 0
    match = _PAIR_LINE.fullmatch(first_line)
    if match is None:
        count = len(_ANY_NUMBER.findall(first_line))
        if count == 1:
            reading.failure = "The first line holds a single number, not two scores. "
        elif count == 2:
            reading.failure = "The first line holds other words besides the two scores. "
        elif count > 2:
            reading.failure = (
                "The first line holds more than two numbers, so the two scores are unclear. "
            )
        if reading.failure:
            reading.failure += JUDGELM_EXPECTED
        return reading
    first, second = to_number(match.group(1)), to_number(match.group(2))
    if first is None or second is None:
        return reading
    label = "A>B" if first > second else "A=B" if first == second else "B>A"
    dimensions = (("score_a", float(first)), ("score_b", float(second)))
    spans = tuple((offset + match.start(g), offset + match.end(g)) for g in (1, 2))
    found = Found(label, COMPARISON_SCALE[label], dimensions=dimensions, spans=spans)
    reading.found.append(found)
    return reading
