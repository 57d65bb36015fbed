"""Built-in parsers that read a verdict (score, comparison, choice, A/B, JSON) from a reply."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from judgedesk.core.errors import ParserError
from judgedesk.core.judge.parsers.common import Reading, Verdict, format_list, plain_number
from judgedesk.core.judge.parsers.infer import infer_parser
from judgedesk.core.judge.parsers.reasoning import split_reasoning

__all__ = [
    "PARSERS",
    "ParserInfo",
    "Verdict",
    "infer_parser",
    "parse_verdict",
    "split_reasoning",
]


@dataclass(frozen=True)
class ParserInfo:
    """What a built-in parser reads, described for the person choosing one.

    Attributes:
        id: The name used in project settings and templates.
        title: A short name for menus.
        description: One or two sentences on what it reads and what it returns.
        example: A judge reply it reads.
        kind: "score", "pairwise", "correctness" or "json".
    """

    id: str
    title: str
    description: str
    example: str
    kind: str


PARSERS: dict[str, ParserInfo] = {
    info.id: info
    for info in (
        ParserInfo(
            id="score",
            title="Score in double brackets",
            description=(
                'Reads a number such as "Score: [[7]]" or "Rating: [[8.5]]"; also accepts '
                '"Score: 8/10" and "评分：[[7]]". The result is the score itself.'
            ),
            example="The answer is accurate and complete.\nScore: [[8]]",
            kind="score",
        ),
        ParserInfo(
            id="comparison",
            title="Comparison [[A>>B]] … [[B>>A]]",
            description=(
                "Reads which of two answers is better, from [[A>>B]] (A much better) to "
                "[[B>>A]] (B much better), as 1 to 5. A is usually the reference and B the "
                "model under evaluation, so a higher number is better for the model."
            ),
            example="Both are correct, but B explains the steps.\n[[B>A]]",
            kind="pairwise",
        ),
        ParserInfo(
            id="choice5",
            title="Five-way choice A++ … B++",
            description=(
                'Reads the "choice" of a JSON verdict among A++, A+, A=B, B+ and B++, as '
                '1 to 5 (A++ is 1, B++ is 5); also [[B+]], "Choice: B+" and a choice '
                "standing alone on its line."
            ),
            example='{"analysis of A": "…", "analysis of B": "…", "choice": "B+"}',
            kind="pairwise",
        ),
        ParserInfo(
            id="correctness",
            title="Correct or incorrect (A/B)",
            description=(
                'Reads "A" (the response is correct) or "B" (it is incorrect); the words '
                "CORRECT and INCORRECT are accepted too. The result is true or false."
            ),
            example="The response gives the same value as the reference.\nA",
            kind="correctness",
        ),
        ParserInfo(
            id="json",
            title="JSON with an overall score and dimensions",
            description=(
                "Finds a JSON object in the reply and reads its overall score (fields such "
                'as "overall", "score" or "综合评分") and every per-dimension score.'
            ),
            example='{"综合评分": 8, "准确度": {"score": 9}, "流畅度": {"score": 7}}',
            kind="json",
        ),
        ParserInfo(
            id="mtbench_pair",
            title="MT-Bench pairwise [[A]] / [[B]] / [[C]]",
            description=(
                "Reads MT-Bench's pairwise verdict: [[A]] (A is better) is 2, [[C]] (a tie) "
                "3, [[B]] (B is better) 4, on the 1 to 5 scale of the comparisons. The list "
                "of verdicts copied from the prompt is not a verdict."
            ),
            example="Assistant B also handles the empty list, which A misses.\n[[B]]",
            kind="pairwise",
        ),
        ParserInfo(
            id="prometheus",
            title="Prometheus grade [RESULT] 1–5",
            description=(
                'Reads Prometheus\' absolute grade, "Feedback: … [RESULT] 4": a whole '
                "number from 1 to 5; anything else is not read. The judge's feedback is "
                "kept with the verdict."
            ),
            example=(
                "Feedback: The answer is correct but skips the second step the rubric "
                "asks for. [RESULT] 4"
            ),
            kind="score",
        ),
        ParserInfo(
            id="prometheus_pair",
            title="Prometheus comparison [RESULT] A / B",
            description=(
                'Reads Prometheus\' relative verdict: "[RESULT] A" (A is better) is 2 and '
                '"[RESULT] B" (B is better) 4, on the 1 to 5 scale of the comparisons. The '
                "judge's feedback is kept with the verdict."
            ),
            example="Feedback: Response B cites the source the rubric requires. [RESULT] B",
            kind="pairwise",
        ),
        ParserInfo(
            id="llmbar",
            title="LLMBar Output (a) / Output (b)",
            description=(
                'Reads LLMBar\'s verdict: "Output (a)" is 2 (A is better) and "Output (b)" '
                "is 4 (B is better), on the 1 to 5 scale of the comparisons. Naming both "
                "outputs decides nothing."
            ),
            example="Output (b)",
            kind="pairwise",
        ),
        ParserInfo(
            id="judgelm",
            title="JudgeLM scores on the first line",
            description=(
                'Reads JudgeLM\'s first line, two scores such as "8 6" for answers A and '
                "B: A higher is 2 (A>B), equal 3 (A=B), B higher 4 (B>A). Both scores are "
                "kept as score_a and score_b."
            ),
            example="8 6\nAssistant 1 answers every part; assistant 2 leaves out the dates.",
            kind="pairwise",
        ),
    )
}

Reader = tuple[Callable[[str, float | None], Reading], str]


@functools.cache
def _readers() -> dict[str, Reader]:
    """Each parser's reader and what it expects, imported on first use: the readers'
    patterns take a while to compile, and most commands only name the parsers."""
    from judgedesk.core.judge.parsers.correctness import EXPECTED as CORRECTNESS_EXPECTED
    from judgedesk.core.judge.parsers.correctness import read_correctness
    from judgedesk.core.judge.parsers.json_verdict import EXPECTED as JSON_EXPECTED
    from judgedesk.core.judge.parsers.json_verdict import read_json
    from judgedesk.core.judge.parsers.pairwise import (
        CHOICE_EXPECTED,
        COMPARISON_EXPECTED,
        read_choice,
        read_comparison,
    )
    from judgedesk.core.judge.parsers.prometheus import (
        PROMETHEUS_EXPECTED,
        PROMETHEUS_PAIR_EXPECTED,
        read_prometheus,
        read_prometheus_pair,
    )
    from judgedesk.core.judge.parsers.published import (
        JUDGELM_EXPECTED,
        LLMBAR_EXPECTED,
        MTBENCH_EXPECTED,
        read_judgelm,
        read_llmbar,
        read_mtbench,
    )
    from judgedesk.core.judge.parsers.score import EXPECTED as SCORE_EXPECTED
    from judgedesk.core.judge.parsers.score import read_score

    return {
        "score": (lambda content, maximum: read_score(content, maximum), SCORE_EXPECTED),
        "comparison": (lambda content, _maximum: read_comparison(content), COMPARISON_EXPECTED),
        "choice5": (lambda content, _maximum: read_choice(content), CHOICE_EXPECTED),
        "correctness": (
            lambda content, _maximum: read_correctness(content),
            CORRECTNESS_EXPECTED,
        ),
        "json": (lambda content, _maximum: read_json(content), JSON_EXPECTED),
        "mtbench_pair": (lambda content, _maximum: read_mtbench(content), MTBENCH_EXPECTED),
        "prometheus": (lambda content, _maximum: read_prometheus(content), PROMETHEUS_EXPECTED),
        "prometheus_pair": (
            lambda content, _maximum: read_prometheus_pair(content),
            PROMETHEUS_PAIR_EXPECTED,
        ),
        "llmbar": (lambda content, _maximum: read_llmbar(content), LLMBAR_EXPECTED),
        "judgelm": (lambda content, _maximum: read_judgelm(content), JUDGELM_EXPECTED),
    }


_RANGED = frozenset({"score", "json"})


def _bound(options: Mapping[str, object], name: str) -> float | None:
    value = options.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise ParserError(f'The parser option "{name}" must be a number, not {value!r}.')
    try:
        number = float(value)
    except ValueError:
        raise ParserError(f'The parser option "{name}" must be a number, not {value!r}.') from None
    if not math.isfinite(number):
        raise ParserError(f'The parser option "{name}" must be a finite number.')
    return number


def _unparsed(
    reason: str,
    raw: str,
    reasoning: str | None,
    candidates: tuple[str, ...] = (),
    spans: tuple[tuple[int, int], ...] = (),
) -> Verdict:
    return Verdict(
        ok=False,
        value=None,
        label=None,
        ambiguous=False,
        candidates=candidates,
        reason=reason,
        raw=raw,
        reasoning=reasoning,
        spans=spans,
    )


def parse_verdict(
    parser_id: str,
    text: str | None,
    *,
    reasoning_content: str | None = None,
    options: Mapping[str, object] | None = None,
) -> Verdict:
    """Reads a judge's verdict from its reply with one of the built-in parsers.

    The reasoning is split off first and the verdict is read from the answer only. When
    the reply holds several different verdicts the last one is taken and flagged as
    ambiguous. Nothing readable gives an unparsed verdict (``ok`` False) whose reason says
    what was expected, and which reader would read the reply when it is written in another
    built-in format; it is never turned into a zero, a tie or "incorrect".

    Args:
        parser_id: One of the ids in ``PARSERS``.
        text: The reply content, possibly with ``<think>`` blocks.
        reasoning_content: Reasoning the server returned separately, if any.
        options: For "score" and "json", "min" and "max" bound the accepted overall score.

    Returns:
        The verdict, read or unparsed.

    Raises:
        ParserError: The parser id is unknown or an option is not a number.
    """
    if parser_id not in PARSERS:
        known = ", ".join(f'"{name}"' for name in PARSERS)
        raise ParserError(f'There is no verdict parser called "{parser_id}". Use one of {known}.')
    options = options or {}
    low, high = _bound(options, "min"), _bound(options, "max")
    content, reasoning = split_reasoning(text, reasoning_content)
    if not content:
        if reasoning:
            return _unparsed(
                "The reply has only reasoning, no answer: the judge stopped before giving "
                "its verdict, so nothing was read.",
                content,
                reasoning,
            )
        return _unparsed("The judge's reply is empty, so there is no verdict to read.", "", None)

    reader, expected = _readers()[parser_id]
    reading = reader(content, high)
    candidates = tuple(found.label for found in reading.found)
    if not reading.found:
        reason = reading.failure or f"No verdict was found in the reply. {expected}"
        from judgedesk.core.judge.parsers.lookalike import looks_like

        elsewhere = looks_like(content, parser_id)
        if elsewhere is not None and elsewhere not in reason:
            reason = f"{elsewhere} {reading.failure or expected}"
        return _unparsed(reason, content, reasoning)

    chosen = reading.found[-1]
    distinct = {(type(found.value) is bool, found.value) for found in reading.found}
    ambiguous = len(distinct) > 1
    notes: list[str] = []
    if ambiguous:
        notes.append(
            f"The reply gives several different verdicts ({format_list(list(candidates))}); "
            f"the last one, {chosen.label}, was taken."
        )
    notes.extend(reading.notes)

    value = chosen.value
    if _out_of_range(parser_id, value, low, high):
        if low is None:
            where = f"above the highest allowed score, {_show(high)}"
        elif high is None:
            where = f"below the lowest allowed score, {_show(low)}"
        else:
            where = f"outside {_show(low)}–{_show(high)}"
        notes.insert(0, f"The judge gave {chosen.label}, {where}.")
        return _unparsed(" ".join(notes), content, reasoning, candidates, chosen.spans)

    return Verdict(
        ok=True,
        value=value,
        label=chosen.label,
        dimensions=dict(chosen.dimensions),
        ambiguous=ambiguous,
        candidates=candidates,
        reason=" ".join(notes),
        raw=content,
        reasoning=reasoning,
        spans=chosen.spans,
        explanation=chosen.explanation,
        analyses=dict(chosen.analyses),
    )


def _show(bound: float | None) -> str:
    return "" if bound is None else plain_number(bound)


def _out_of_range(parser_id: str, value: object, low: float | None, high: float | None) -> bool:
    if parser_id not in _RANGED or isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return (low is not None and value < low) or (high is not None and value > high)
