"""Reading a correctness verdict: A (or CORRECT) means correct, B (or INCORRECT) incorrect."""

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
from judgedesk.core.judge.parsers.lookalike import looks_like

# What may follow a verdict letter. Anything else (a noun in "A model would…") means the
# letter is the English article, not an answer.
_LETTER_END = (
    r"(?=[*_\"'”’`)\]）】]*[ \t]*(?:$|[.。,，;；:：!！?？\-–—(（]|[\u4e00-\u9fff]"
    r"|(?i:because|since|as|the\s+response\s+is)\b|(?i:in)?correct\b))"
)
_WORD = r"(?i:not\s+correct|incorrect|correct)|不正确|正确|错误"
# Decoration around a verdict. Each is a single character class with no newline, so a
# long run of spaces or stars is scanned once, never split several ways.
_OPEN = r"[ \t*_\"'“‘`(\[（【]*"
_CLOSE = r"[*_\"'”’`)\]）】]*"

_STRONG_MARKER = (
    r"(?:(?<![A-Za-z])(?i:final\s+(?:answer|verdict|judge?ment|grade|decision)|verdict"
    r"|judge?ment|grade|conclusion|decision)|最终答案|最终判断|最终结论|结论|判断|判定|评判)"
)
_WEAK_MARKER = r"(?:(?<![A-Za-z])(?i:answer|result|output)|答案|结果|回答)"
_AFTER_MARKER = r"[ \t*_]*(?:(?i:is)\b(?:[ \t]*[:：])?|[:：=\-–—])" + _OPEN

_PATTERNS_STRONG = (
    # A letter standing alone on its line, possibly bold, quoted or in brackets.
    re.compile(r"^[ \t>#*_\"'“‘`(\[（【]*([AB])" + _CLOSE + r"[.。!！]?[ \t]*$", re.MULTILINE),
    re.compile(r"(?<![\w*])\*\*[ \t]*([AB])[ \t]*\*\*(?!\*)" + _LETTER_END, re.MULTILINE),
    # "A: CORRECT" and "B - incorrect": the letter and its meaning together.
    re.compile(rf"(?<![A-Za-z])([AB])[ \t]*[:：\-–—][ \t*]*({_WORD})"),
    re.compile(rf"{_STRONG_MARKER}{_AFTER_MARKER}([AB]){_LETTER_END}", re.MULTILINE),
    re.compile(rf"{_STRONG_MARKER}{_AFTER_MARKER}({_WORD})"),
    # A word standing alone on its line.
    re.compile(rf"^[ \t>#*_\"'“‘`(\[（【]*({_WORD}){_CLOSE}[.。!！]?[ \t]*$", re.MULTILINE),
    # A letter opening the reply, then punctuation: "B. The dates do not match."
    re.compile(rf"\A{_OPEN}([AB]){_CLOSE}(?=[.。:：,，;；\-–—]|[ \t]*$)", re.MULTILINE),
    # A letter closing the reply after a sentence: "The response is correct. A".
    re.compile(rf"(?:^|[.!?。！？:：]){_OPEN}([AB]){_CLOSE}[.。]?\s*\Z"),
)
_PATTERNS_WEAK = (
    re.compile(rf"{_WEAK_MARKER}{_AFTER_MARKER}([AB]){_LETTER_END}", re.MULTILINE),
    re.compile(rf"{_WEAK_MARKER}{_AFTER_MARKER}({_WORD})"),
    # Capitals are how judges write the verdict word ("The response is CORRECT.").
    re.compile(r"(?<![A-Za-z])(NOT CORRECT|INCORRECT|CORRECT)(?![A-Za-z])"),
)
# Either option, as in "A or B" and "CORRECT / INCORRECT": naming both decides nothing.
_OPTION = r"(?:[AB](?![a-z])|(?i:(?:in)?correct)\b|不?正确|错误)"
_ALTERNATIVE_BEFORE = re.compile(
    rf"{_OPTION}[*_\"'”’`)\]）】]{{0,3}}[ \t]{{0,3}}(?:(?i:or)|/|或|、)[ \t]{{0,3}}\W{{0,3}}$"
)
_ALTERNATIVE_AFTER = re.compile(
    rf"\W{{0,3}}[ \t]{{0,3}}(?:(?i:or)\b|/|或|、)[ \t]{{0,3}}\W{{0,3}}{_OPTION}"
)
# "[[A]]" is MT-Bench's "assistant A is better", never "correct".
_DOUBLE_BRACKETS_BEFORE = re.compile(r"\[\[[ \t]*\Z")
_UNDECIDED = re.compile(rf"(?<![A-Za-z]){_OPTION}\W{{0,3}}(?:(?i:or)|/|或)\W{{0,3}}{_OPTION}")

EXPECTED = 'Expected "A" (the response is correct) or "B" (it is incorrect).'


def _label(token: str) -> str:
    word = token.lower()
    if token in ("A", "B"):
        return token
    if word.startswith(("not", "in")) or token in ("错误", "不正确"):
        return "B"
    return "A"


def _collect(text: str, patterns: tuple[re.Pattern[str], ...]) -> tuple[list[Found], list[Found]]:
    """Returns the clear verdicts and those stated inside an "if" sentence."""
    # Keyed by position so one answer matched by several forms counts once.
    by_position: dict[int, tuple[str, bool, tuple[int, int]]] = {}
    for pattern in patterns:
        for match in pattern.finditer(text):
            start, end = match.span(1)
            if start in by_position:
                continue
            if _DOUBLE_BRACKETS_BEFORE.search(text, max(0, start - 8), start):
                continue
            kind = illustration(text, start, end)
            if kind == EXAMPLE:
                continue
            if _ALTERNATIVE_BEFORE.search(text, max(0, start - 16), start):
                continue
            if _ALTERNATIVE_AFTER.match(text, end):
                continue
            label = _label(match.group(1))
            by_position[start] = (label, kind == CONDITION, match.span(1))
            # "A: INCORRECT" contradicts itself; keeping both halves flags it as ambiguous.
            if match.lastindex == 2 and _label(match.group(2)) != label:
                second = (_label(match.group(2)), kind == CONDITION, match.span(2))
                by_position[match.start(2)] = second
    clear: list[Found] = []
    conditional: list[Found] = []
    for _, (label, is_conditional, span) in sorted(by_position.items(), key=lambda item: item[0]):
        found = Found(label=label, value=label == "A", spans=(span,))
        (conditional if is_conditional else clear).append(found)
    return clear, conditional


def read_correctness(content: str) -> Reading:
    """Finds the A/B (or CORRECT/INCORRECT) verdicts in the content.

    Clear forms (a letter alone on a line, after "Final answer:", in bold, or closing the
    reply) are preferred; a plain "answer: A" counts only when no clear form is present.
    A reply holding another judge's verdict ("[[A]]" from MT-Bench, "[RESULT] …" from
    Prometheus) reads nothing, since its "A" means "A is better", not "correct"; the
    failure names the reader that fits.

    Args:
        content: The reply with its reasoning already removed.

    Returns:
        The verdicts found in order, or why none was found.
    """
    text = narrow(content)
    reading = Reading()
    elsewhere = looks_like(content, "correctness", strong_only=True)
    if elsewhere is not None:
        reading.failure = f"{elsewhere} {EXPECTED}"
        return reading
    reading.found, conditional = _collect(text, _PATTERNS_STRONG)
    if not reading.found:
        reading.found, weak_conditional = _collect(text, _PATTERNS_WEAK)
        conditional += weak_conditional
    settle(reading, conditional)
    if not reading.found and _UNDECIDED.search(text):
        reading.failure = (
            'The judge named both options (such as "A or B") without choosing one. ' + EXPECTED
        )
    return reading
