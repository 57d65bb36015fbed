"""Telling which built-in format a reply is written in, when the chosen reader finds nothing.

A reply in another judge's format is the most common reason a reader finds no verdict
(the template asks for one format, the project names another parser). Saying which
reader would read it is more use than "expected …".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from judgedesk.core.judge.parsers.common import EXAMPLE, illustration, narrow
from judgedesk.core.judge.parsers.pairwise import read_comparison
from judgedesk.core.judge.parsers.prometheus import result_tokens
from judgedesk.core.judge.parsers.published import read_judgelm, read_llmbar, read_mtbench

Finder = Callable[[str], str | None]

_MTBENCH_TOKENS = {"A>B": "[[A]]", "B>A": "[[B]]", "A=B": "[[C]]"}
_LLMBAR_TOKENS = {"A>B": "Output (a)", "B>A": "Output (b)"}
_CHOICE = re.compile(
    r"\[\[[ \t]*([AB][ \t]*(?:\+[ \t]*\+|\+)|A[ \t]*=[ \t]*B)[ \t]*\]\]"
    r"|[\"'](?i:choice)[\"'][ \t]*:[ \t]*[\"']\[?([AB](?:\+\+|\+)|A=B)\]?[\"']"
)
_SCORE = re.compile(r"\[\[[ \t]*(\d{1,3}(?:\.\d{1,2})?)[ \t]*\]\]")
# Verdicts close a reply; looking at its end keeps a huge reply from costing every
# reader a full pass per format.
_TAIL = 20_000


def _mtbench(content: str) -> str | None:
    reading = read_mtbench(content)
    return _MTBENCH_TOKENS[reading.found[-1].label] if reading.found else None


def _result(content: str, letter: bool) -> str | None:
    tokens = [
        token
        for token in result_tokens(narrow(content))
        if token.letter == letter and token.kind != EXAMPLE
    ]
    return f"[RESULT] {tokens[-1].text}" if tokens else None


def _llmbar(content: str) -> str | None:
    reading = read_llmbar(content)
    return _LLMBAR_TOKENS[reading.found[-1].label] if reading.found else None


def _comparison(content: str) -> str | None:
    reading = read_comparison(content)
    return f"[[{reading.found[-1].label}]]" if reading.found else None


def _pattern(pattern: re.Pattern[str], show: Callable[[re.Match[str]], str]) -> Finder:
    def find(content: str) -> str | None:
        text = narrow(content)
        for match in pattern.finditer(text):
            if illustration(text, match.start(), match.end()) != EXAMPLE:
                return show(match)
        return None

    return find


def _judgelm(content: str) -> str | None:
    reading = read_judgelm(content)
    if not reading.found:
        return None
    scores = dict(reading.found[-1].dimensions)
    return f'"{scores["score_a"]:g} {scores["score_b"]:g}" on the first line'


@dataclass(frozen=True)
class _Format:
    parser: str
    what: str
    find: Finder
    strong: bool


# The most distinctive first: "[[A]]" also looks like a correctness letter, "[RESULT] A"
# like an answer, so they are told apart before anything looser is tried.
_FORMATS = (
    _Format("mtbench_pair", "an MT-Bench pairwise verdict", _mtbench, True),
    _Format("prometheus_pair", "a Prometheus relative verdict", lambda c: _result(c, True), True),
    _Format("prometheus", "a Prometheus score", lambda c: _result(c, False), True),
    _Format("llmbar", "an LLMBar verdict", _llmbar, False),
    _Format("comparison", "a comparison verdict", _comparison, False),
    _Format(
        "choice5",
        "a five-way choice",
        _pattern(_CHOICE, lambda m: re.sub(r"\s+", "", m.group(1) or m.group(2))),
        False,
    ),
    _Format("score", "a score in double brackets", _pattern(_SCORE, lambda m: m.group(0)), False),
    _Format("judgelm", "a JudgeLM pair of scores", _judgelm, False),
)


def looks_like(content: str, chosen: str, *, strong_only: bool = False) -> str | None:
    """Names the built-in format a reply's verdict is written in, when it is not ``chosen``.

    Args:
        content: The reply with its reasoning already removed.
        chosen: The parser id that was asked to read it; its own format is not named.
        strong_only: Consider only formats no other reader could mistake for its own
            ("[[A]]", "[RESULT] …"), as the correctness reader does before reading.

    Returns:
        A sentence such as "This looks like an MT-Bench pairwise verdict ([[C]]); choose
        the mtbench_pair reader.", or None when the reply looks like no other format.
    """
    tail = content[-_TAIL:]
    for form in _FORMATS:
        if form.parser == chosen or (strong_only and not form.strong):
            continue
        shown = form.find(content if form.parser == "judgelm" else tail)
        if shown is not None:
            return f"This looks like {form.what} ({shown}); choose the {form.parser} reader."
    return None
