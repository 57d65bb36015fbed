"""Guessing which verdict parser a scoring prompt's requested output format implies."""

from __future__ import annotations

import re

_CHOICE5 = re.compile(r"A\s*\+\s*\+.{0,400}?B\s*\+\s*\+|B\s*\+\s*\+.{0,400}?A\s*\+\s*\+", re.S)
# MT-Bench: all three verdicts [[A]], [[B]] and [[C]] (a tie) are asked for.
_MTBENCH = tuple(re.compile(rf"\[\[\s*{letter}\s*\]\]|［［\s*{letter}\s*］］") for letter in "ABC")
# Prometheus: "[RESULT]" and, close after it, A or B (relative) or a number (absolute).
# A "[Result]" heading alone on its line asks for nothing.
_RESULT = re.compile(r"[\[【［][ \t]*(?i:result)[ \t]*[\]】］][ \t:：]*[^\s:：]")
_RESULT_LETTERS = re.compile(
    r"[\[【［]\s*(?i:result)\s*[\]】］][^\n]{0,40}?(?<![A-Za-z])[\"'“(]?A[\"'”)]?(?![A-Za-z])"
    r"[^\n]{0,20}?(?<![A-Za-z])[\"'“(]?B(?![A-Za-z])"
)
# LLMBar: the judge answers "Output (a)" or "Output (b)".
_LLMBAR = (
    re.compile(r"(?i:output)\s*[(（]\s*[aAａ]\s*[)）]"),
    re.compile(r"(?i:output)\s*[(（]\s*[bBｂ]\s*[)）]"),
)
# JudgeLM: two scores, one per answer, on the reply's first line.
_JUDGELM = re.compile(
    r"(?i:\b(?:first|single|one)\s+line\b[^.]{0,120}?\btwo\s+(?:scores|values|numbers|ratings)\b"
    r"|\btwo\s+(?:scores|values|numbers|ratings)\b[^.]{0,120}?\bfirst\s+line\b)"
    r"|第一行[^。]{0,40}?两个(?:分数|数字|数值|得分)|两个(?:分数|数字|数值|得分)[^。]{0,40}?第一行"
)
_COMPARISON = re.compile(r"\[\[\s*[AB]\s*(?:>>?|=|<<?|＞＞?|＝)\s*[AB]\s*\]\]")
_SCORE = re.compile(
    r"(?:(?i:score|rating)|评分|得分|分数|打分)[\s*\"'“]*[:：][\s*\"'“]*\[\["
    r"|\[\[\s*(?:(?i:score|rating|n|x|number)|分数|评分|得分|\d{1,3}(?:\.\d{1,2})?)\s*\]\]"
)
_JSON_WORDING = re.compile(
    r"```\s*json"
    r"|(?i:\b(?:output|return|respond|reply|answer|format(?:ted)?|provide|give|write)\b"
    r"[^.\n]{0,40}\bjson\b|\bjson\s+(?:format|object|output))"
    r"|(?i:json)\s*(?:格式|对象|输出)|(?:输出|返回|以|用)[^。\n]{0,10}(?i:json)"
)
_JSON_SCORE_KEY = re.compile(
    r"[\"“'](?:(?i:score|overall(?:[ _]score)?|total(?:[ _]score)?|final[ _]score|rating)"
    r"|综合评分|总分|总体评分|评分|得分|分数)[\"”']\s*[:：]"
)
_CORRECTNESS = (
    # "If correct, answer "A"; if incorrect, answer "B"", the other way round, and a
    # legend over two lines ("A: correct" then "B: incorrect").
    re.compile(
        r"(?i:(?<!in)correct)[^.\n]{0,50}?(?<![A-Za-z])[\"'“(\[]?A[\"'”)\]]?(?![A-Za-z])"
        r"[\s\S]{0,160}?(?i:incorrect|wrong)[^.\n]{0,50}?(?<![A-Za-z])[\"'“(\[]?B(?![A-Za-z])"
    ),
    re.compile(
        r"(?<![A-Za-z])[\"'“(\[]?A[\"'”)\]]?(?![A-Za-z])[^.\n]{0,50}?(?i:(?<!in)correct)"
        r"[\s\S]{0,160}?(?<![A-Za-z])[\"'“(\[]?B[\"'”)\]]?(?![A-Za-z])[^.\n]{0,50}?"
        r"(?i:incorrect|wrong)"
    ),
    re.compile(
        r"(?<!不)正确[^。\n]{0,30}?(?<![A-Za-z])A(?![A-Za-z]).{0,80}?(?:错误|不正确)[^。\n]{0,30}?B",
        re.S,
    ),
    re.compile(
        r"(?<![A-Za-z])A(?![A-Za-z])[^。\n]{0,20}?(?<!不)正确.{0,80}?B(?![A-Za-z])[^。\n]{0,20}?(?:错误|不正确)",
        re.S,
    ),
    # The words themselves as the requested output.
    re.compile(
        r"(?<![A-Za-z])CORRECT(?![A-Za-z]).{0,200}?(?<![A-Za-z])INCORRECT(?![A-Za-z])", re.S
    ),
    re.compile(
        r"(?<![A-Za-z])INCORRECT(?![A-Za-z]).{0,200}?(?<![A-Za-z])CORRECT(?![A-Za-z])", re.S
    ),
)


def infer_parser(template_text: str) -> str | None:
    """Names the parser that a scoring prompt's requested output format implies.

    Looks only at what the prompt asks the judge to write, in English or Chinese: the
    five choices A++ … B++ (also inside a JSON "choice" field), MT-Bench's "[[A]]",
    "[[B]]" and "[[C]]", Prometheus' "[RESULT]" with a grade or with A or B, LLMBar's
    "Output (a)" or "Output (b)", JudgeLM's two scores on the first line, "[[A>>B]]"-style
    comparisons, "Score: [[n]]", a JSON answer, or "A" for correct and "B" for incorrect.

    Args:
        template_text: The scoring prompt (its template source is fine).

    Returns:
        One of "choice5", "mtbench_pair", "prometheus_pair", "prometheus", "llmbar",
        "judgelm", "comparison", "score", "json", "correctness", or None when the prompt
        does not make the format clear.
    """
    text = template_text or ""
    if _CHOICE5.search(text):
        return "choice5"
    if all(pattern.search(text) for pattern in _MTBENCH):
        return "mtbench_pair"
    if _RESULT.search(text):
        return "prometheus_pair" if _RESULT_LETTERS.search(text) else "prometheus"
    if all(pattern.search(text) for pattern in _LLMBAR):
        return "llmbar"
    if _JUDGELM.search(text):
        return "judgelm"
    if _COMPARISON.search(text):
        return "comparison"
    if _SCORE.search(text):
        return "score"
    if _JSON_WORDING.search(text) or _JSON_SCORE_KEY.search(text):
        return "json"
    if any(pattern.search(text) for pattern in _CORRECTNESS):
        return "correctness"
    return None
