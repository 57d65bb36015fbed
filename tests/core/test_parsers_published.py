"""Tests for the readers of published judges' formats: MT-Bench, Prometheus, LLMBar, JudgeLM."""

from __future__ import annotations

import pytest

from judgedesk.core.judge.parsers import PARSERS, parse_verdict

# --- MT-Bench: [[A]], [[B]], [[C]] -------------------------------------------------------

MTBENCH_REPLY = """\
Both assistants explain how a hash map resolves collisions. Assistant A describes
chaining but claims lookups stay constant time even when every key collides, which is
wrong. Assistant B covers chaining and open addressing and states the worst case
correctly. B is the more accurate answer.

[[B]]"""

# The judge first repeats the instruction it was given, then decides.
MTBENCH_ECHO = (
    "I must give my final verdict in this format: "
    '"[[A]]" if assistant A is better, "[[B]]" if assistant B is better, '
    'and "[[C]]" for a tie.'
)

MTBENCH_CHINESE = """\
助手A的回答列出了三个原因，但把条约的年份写错了；助手B的回答更短，所有事实都准确。
综合考虑，助手B更好。

最终裁决：[[B]]"""


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        (MTBENCH_REPLY, 4, "B>A"),
        (MTBENCH_CHINESE, 4, "B>A"),
        (f"{MTBENCH_ECHO}\n\nA handles the empty input; B crashes on it.\n\n[[A]]", 2, "A>B"),
        ("[[A]]", 2, "A>B"),
        ("[[B]]", 4, "B>A"),
        ("[[C]]", 3, "A=B"),
        ("My final verdict is: [[C]].", 3, "A=B"),
        # MT-Bench's own judge ends a tie so; the legend's words follow the decision.
        ("Both answers are equally helpful.\n\nFinal verdict: [[C]] for a tie.", 3, "A=B"),
        (f"{MTBENCH_ECHO}\n\nNeither is better.\nFinal verdict: [[C]] for a tie.", 3, "A=B"),
        ("最终裁决：[[C]]，平局。", 3, "A=B"),
        ("**[[A]]**", 2, "A>B"),
        ("[[ B ]]", 4, "B>A"),
        ("［［Ａ］］", 2, "A>B"),
        ("［［Ｃ］］", 3, "A=B"),
        ("两者都正确，难分高下。［［C］］", 3, "A=B"),
        ('The format "[[A]]" means assistant A wins. Here assistant B wins: [[B]]', 4, "B>A"),
        ("<think>Maybe [[A]]? No: A misreads the question.</think>\n[[B]]", 4, "B>A"),
        ("A is better.\n[[A]]\n\nTo repeat my verdict: [[A]]", 2, "A>B"),
    ],
)
def test_mtbench_reads_verdicts(text: str, value: int, label: str) -> None:
    verdict = parse_verdict("mtbench_pair", text)
    assert verdict.ok, verdict.reason
    assert (verdict.value, verdict.label) == (value, label)
    assert not verdict.ambiguous
    assert verdict.reason == ""


def test_mtbench_takes_the_last_of_two_different_verdicts_and_flags_it() -> None:
    reply = "At first sight [[A]].\nBut A's code does not compile, so: [[B]]"
    verdict = parse_verdict("mtbench_pair", reply)
    assert verdict.value == 4
    assert verdict.ambiguous
    assert verdict.candidates == ("A>B", "B>A")
    assert "several different" in verdict.reason


def test_mtbench_verdict_inside_an_if_sentence_is_a_fallback_and_said() -> None:
    verdict = parse_verdict("mtbench_pair", "If only accuracy counts, then [[B]].")
    assert verdict.value == 4
    assert '"if"' in verdict.reason


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        (MTBENCH_ECHO, "Expected"),
        (
            '如果助手A更好，输出"[[A]]"；如果助手B更好，输出"[[B]]"；如果平局，输出"[[C]]"。',
            "Expected",
        ),
        ("Format: [[A]], [[B]] or [[C]].", "copied the list"),
        ("Say [[A]] if A is better, [[B]] if B is better, and [[C]] for a tie.", "Expected"),
        ("[[A]] / [[B]] / [[C]]", "copied the list"),
        ("[A]", "Expected"),
        ("[[D]]", "Expected"),
        ("Assistant A is better.", "Expected"),
    ],
)
def test_mtbench_unparsed(text: str, needle: str) -> None:
    verdict = parse_verdict("mtbench_pair", text)
    assert verdict.ok is False
    assert verdict.value is None
    assert needle in verdict.reason
    assert '"[[C]]" (a tie)' in verdict.reason


# --- Prometheus: Feedback: … [RESULT] n / [RESULT] A --------------------------------------

PROMETHEUS_REPLY = """\
Feedback: The response names the right treaty and year, and it explains the two main
causes the rubric asks for. It leaves out the economic consequences, which a top answer
would cover. [RESULT] 4"""


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (PROMETHEUS_REPLY, 4),
        ("Feedback: Accurate and complete. [RESULT] 5", 5),
        ("Feedback: Off topic. [RESULT]: 1", 1),
        ("Feedback: Partly right. [RESULT] (3)", 3),
        ("Feedback: Mostly right. [Result] 4", 4),
        ("Feedback: Mostly right. [result] 4.", 4),
        ("**Feedback:** Mostly right.\n**[RESULT]** 4", 4),
        ("Feedback: Mostly right. ［RESULT］ 4", 4),
        ("<think>Is it a 2? [RESULT] 2</think>\nFeedback: Solid work. [RESULT] 4", 4),
    ],
)
def test_prometheus_reads_the_grade(text: str, value: int) -> None:
    verdict = parse_verdict("prometheus", text)
    assert verdict.ok, verdict.reason
    assert verdict.value == value
    assert verdict.label == str(value)
    assert not verdict.ambiguous


def test_prometheus_keeps_the_feedback_as_the_reason() -> None:
    verdict = parse_verdict("prometheus", PROMETHEUS_REPLY)
    assert verdict.reason.startswith("The judge's feedback: The response names the right")
    assert verdict.reason.endswith("would cover.")
    assert "[RESULT]" not in verdict.reason


def test_prometheus_feedback_in_chinese() -> None:
    reply = "Feedback: 回答给出了正确的年份，但没有解释原因，不符合评分细则中满分的要求。[RESULT] 3"
    verdict = parse_verdict("prometheus", reply)
    assert verdict.value == 3
    assert verdict.reason == (
        "The judge's feedback: 回答给出了正确的年份，但没有解释原因，不符合评分细则中满分的要求。"
    )


def test_prometheus_without_feedback_has_a_clean_reason() -> None:
    verdict = parse_verdict("prometheus", "[RESULT] 2")
    assert verdict.value == 2
    assert verdict.reason == ""


def test_prometheus_takes_the_last_of_two_grades_and_flags_it() -> None:
    reply = "Feedback: Good. [RESULT] 3\nOn second reading the proof has a gap. [RESULT] 2"
    verdict = parse_verdict("prometheus", reply)
    assert verdict.value == 2
    assert verdict.ambiguous
    assert verdict.candidates == ("3", "2")
    assert verdict.reason.startswith("The reply gives several different verdicts")
    assert "The judge's feedback: On second reading the proof has a gap." in verdict.reason


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("Feedback: Flawless. [RESULT] 6", "gave 6 after [RESULT]"),
        ("Feedback: Useless. [RESULT] 0", "gave 0 after [RESULT]"),
        ("Feedback: Between two grades. [RESULT] 4.5", "gave 4.5 after [RESULT]"),
        ("Feedback: Good. [RESULT] 4\nCorrection: [RESULT] 7", "gave 7 after [RESULT]"),
        ("Feedback: (your feedback) [RESULT] (a whole number from 1 to 5)", "Expected"),
        ("Feedback: <your feedback> [RESULT] N", "Expected"),
        ("Feedback: Good. [RESULT] (1-5)", "Expected"),
        ("Feedback: Good. Score: 4", "Expected"),
        ("For example: Feedback: fine. [RESULT] 4", "Expected"),
    ],
)
def test_prometheus_unparsed(text: str, needle: str) -> None:
    verdict = parse_verdict("prometheus", text)
    assert verdict.ok is False
    assert verdict.value is None
    assert needle in verdict.reason
    assert "whole number from 1 to 5" in verdict.reason


def test_prometheus_grade_outside_the_scale_ignores_the_project_bounds() -> None:
    verdict = parse_verdict("prometheus", "Feedback: x. [RESULT] 8", options={"min": 1, "max": 10})
    assert verdict.ok is False


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        ("Feedback: Response A cites the source the rubric asks for. [RESULT] A", 2, "A>B"),
        ("Feedback: B answers both parts. [RESULT] B", 4, "B>A"),
        ("Feedback: B answers both parts. [RESULT]: B", 4, "B>A"),
        ("Feedback: B answers both parts. [RESULT] (B)", 4, "B>A"),
        ("反馈：回答 A 更贴合评分细则。[RESULT] A", 2, "A>B"),
    ],
)
def test_prometheus_pair_reads_the_verdict(text: str, value: int, label: str) -> None:
    verdict = parse_verdict("prometheus_pair", text)
    assert verdict.ok, verdict.reason
    assert (verdict.value, verdict.label) == (value, label)
    assert verdict.reason.startswith("The judge's feedback: ")


@pytest.mark.parametrize(
    "text",
    ['[RESULT] (Either "A" or "B")', "Feedback: x [RESULT] A or B", "[RESULT] Alpha"],
)
def test_prometheus_pair_unparsed(text: str) -> None:
    verdict = parse_verdict("prometheus_pair", text)
    assert verdict.ok is False
    assert '"[RESULT] A" or "[RESULT] B"' in verdict.reason


def test_each_prometheus_reader_names_the_other_for_its_format() -> None:
    relative = parse_verdict("prometheus", "Feedback: B is closer to the rubric. [RESULT] B")
    assert relative.ok is False
    assert "choose the prometheus_pair reader" in relative.reason
    absolute = parse_verdict("prometheus_pair", "Feedback: Fine. [RESULT] 4")
    assert absolute.ok is False
    assert "choose the prometheus reader" in absolute.reason


# --- LLMBar: Output (a) / Output (b) ------------------------------------------------------

LLMBAR_REASONED = """\
Output (a) writes the poem in four lines as the instruction demands. Output (b) is more
vivid but runs to six lines, which breaks the instruction.

Output (a)"""


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        ("Output (a)", 2, "A>B"),
        ("Output (b)", 4, "B>A"),
        ("output (A)", 2, "A>B"),
        ("OUTPUT (B).", 4, "B>A"),
        ("Output（b）", 4, "B>A"),
        ("**Output (b)**", 4, "B>A"),
        ('"Output (a)"', 2, "A>B"),
        ("Final answer: Output (b)", 4, "B>A"),
        ("最终答案：Output (a)", 2, "A>B"),
        ("两份输出中，第二份完全按要求写成了四行。\nOutput (b)", 4, "B>A"),
        (LLMBAR_REASONED, 2, "A>B"),
        ("Output (a) misses the word limit.\nTherefore, Output (b) is better.", 4, "B>A"),
        ("I prefer Output (a).", 2, "A>B"),
        ("<think>Output (a)? It ignores the limit.</think>\nOutput (b)", 4, "B>A"),
        # Headings copied from the prompt are not verdicts.
        ("[Output (a)]\nToo long.\n[Output (b)]\nFits.\n\nOutput (b)", 4, "B>A"),
    ],
)
def test_llmbar_reads_verdicts(text: str, value: int, label: str) -> None:
    verdict = parse_verdict("llmbar", text)
    assert verdict.ok, verdict.reason
    assert (verdict.value, verdict.label) == (value, label)
    assert not verdict.ambiguous
    assert verdict.reason == ""


def test_llmbar_verdict_inside_an_if_sentence_is_a_fallback_and_said() -> None:
    verdict = parse_verdict("llmbar", "If length does not matter, Output (b) is better.")
    assert verdict.value == 4
    assert '"if"' in verdict.reason


def test_llmbar_two_verdict_lines_take_the_last_and_flag_it() -> None:
    verdict = parse_verdict("llmbar", "Output (a)\n\nWait, (a) misses a line.\nOutput (b)")
    assert verdict.value == 4
    assert verdict.ambiguous
    assert verdict.candidates == ("A>B", "B>A")


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("Output (a) or Output (b)", "named both"),
        ('Reply with "Output (a)" or "Output (b)".', "named both"),
        ("Output (a)/Output (b)", "named both"),
        ("Output (a) follows the word limit, while Output (b) does not.", "Expected"),
        ("Neither Output (a) nor Output (b) is better.", "Expected"),
        ("[Output (b)]", "Expected"),
        ("Output (c)", "Expected"),
        ("(b)", "Expected"),
    ],
)
def test_llmbar_unparsed(text: str, needle: str) -> None:
    verdict = parse_verdict("llmbar", text)
    assert verdict.ok is False
    assert verdict.value is None
    assert needle in verdict.reason
    assert '"Output (a)" or "Output (b)"' in verdict.reason


# --- JudgeLM: two scores on the first line ------------------------------------------------

JUDGELM_REPLY = """\
8 6
Assistant 1 gives the correct boiling point and explains the effect of altitude.
Assistant 2 gives the right number but says nothing about altitude, which the question
asks about. Assistant 2 also mentions a score of 9 for effort, which is beside the point."""


@pytest.mark.parametrize(
    ("text", "value", "label", "scores"),
    [
        (JUDGELM_REPLY, 2, "A>B", (8.0, 6.0)),
        ("8.5 7\nBoth are fine; 1 is tidier.", 2, "A>B", (8.5, 7.0)),
        ("8, 6\nAssistant 1 is more complete.", 2, "A>B", (8.0, 6.0)),
        ("8\t6\nAssistant 1 is more complete.", 2, "A>B", (8.0, 6.0)),
        ("7 7\nThey are equally good.", 3, "A=B", (7.0, 7.0)),
        ("5 9\n助手2的回答更准确，也更完整。", 4, "B>A", (5.0, 9.0)),
        ("6，9\n助手2更好。", 4, "B>A", (6.0, 9.0)),
        ("**3 10**\nAssistant 2 is far better.", 4, "B>A", (3.0, 10.0)),
        ("Scores: 4 6\nAssistant 2 is better.", 4, "B>A", (4.0, 6.0)),
        ("<think>Maybe 9 9 … no.</think>\n9 7\nAssistant 1 is better.", 2, "A>B", (9.0, 7.0)),
        ("10 2", 2, "A>B", (10.0, 2.0)),
    ],
)
def test_judgelm_compares_the_two_scores(
    text: str, value: int, label: str, scores: tuple[float, float]
) -> None:
    verdict = parse_verdict("judgelm", text)
    assert verdict.ok, verdict.reason
    assert (verdict.value, verdict.label) == (value, label)
    assert verdict.dimensions == {"score_a": scores[0], "score_b": scores[1]}
    assert not verdict.ambiguous
    assert verdict.reason == ""


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("8\nAssistant 1 is better.", "a single number"),
        ("Assistant 1: 8, Assistant 2: 6", "more than two numbers"),
        ("8 6 7\nThree scores.", "more than two numbers"),
        ("I would give them 8 and 6.\nExplanation follows.", "other words"),
        ("Both answers are good.\n8 6", "No verdict was found"),
        ("86\nOne number only.", "a single number"),
    ],
)
def test_judgelm_unparsed(text: str, needle: str) -> None:
    verdict = parse_verdict("judgelm", text)
    assert verdict.ok is False
    assert verdict.value is None
    assert verdict.dimensions == {}
    assert needle in verdict.reason
    assert 'such as "8 6"' in verdict.reason


# --- five-way choices on their own line ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        ("B+", 4, "B+"),
        ("A++", 1, "A++"),
        ("A=B", 3, "A=B"),
        ("**B++**", 5, "B++"),
        ("Response B fixes the bug that A leaves in.\n\nB+", 4, "B+"),
        ("[[A++]]", 1, "A++"),
        ("[[B+]]", 4, "B+"),
    ],
)
def test_choice5_reads_a_choice_on_its_own_line(text: str, value: int, label: str) -> None:
    verdict = parse_verdict("choice5", text)
    assert verdict.ok, verdict.reason
    assert (verdict.value, verdict.label) == (value, label)


def test_choice5_list_of_choices_copied_from_the_prompt_is_not_a_choice() -> None:
    verdict = parse_verdict("choice5", "Pick one of:\nA++\nA+\nA=B\nB+\nB++")
    assert verdict.ok is False
    assert "copied the list" in verdict.reason


# --- no reader takes another format's verdict as its own ----------------------------------

FOREIGN = {
    "mtbench_pair": "Assistant B is more accurate.\n[[C]]",
    "prometheus": "Feedback: Complete and correct. [RESULT] 5",
    "prometheus_pair": "Feedback: B follows the rubric. [RESULT] B",
    "llmbar": "Output (b)",
    "comparison": "B handles the edge case.\n[[B>A]]",
    "choice5": '{"analysis_a": "…", "choice": "B+"}',
    "score": "Accurate and concise.\nScore: [[8]]",
    "judgelm": "8 6\nAssistant 1 is more complete.",
}
HINT_SHOWS = {
    "mtbench_pair": "an MT-Bench pairwise verdict ([[C]])",
    "prometheus": "a Prometheus score ([RESULT] 5)",
    "prometheus_pair": "a Prometheus relative verdict ([RESULT] B)",
    "llmbar": "an LLMBar verdict (Output (b))",
    "comparison": "a comparison verdict ([[B>A]])",
    "choice5": "a five-way choice (B+)",
    "score": "a score in double brackets ([[8]])",
    "judgelm": 'a JudgeLM pair of scores ("8 6" on the first line)',
}
CROSSINGS = [
    (reader, written_in) for reader in PARSERS for written_in in FOREIGN if reader != written_in
]


def test_every_format_is_tried_by_every_other_reader() -> None:
    assert {written_in for _, written_in in CROSSINGS} == set(FOREIGN)
    assert {reader for reader, _ in CROSSINGS} == set(PARSERS)


@pytest.mark.parametrize(("reader", "written_in"), CROSSINGS)
def test_a_reader_refuses_another_formats_verdict_and_names_its_reader(
    reader: str, written_in: str
) -> None:
    verdict = parse_verdict(reader, FOREIGN[written_in])
    assert verdict.ok is False, verdict
    assert verdict.value is None
    assert verdict.reason.startswith(
        f"This looks like {HINT_SHOWS[written_in]}; choose the {written_in} reader."
    )
    assert "Expected" in verdict.reason


def test_the_example_in_the_reason_matches_the_brief() -> None:
    verdict = parse_verdict("comparison", "[[C]]")
    assert verdict.reason.startswith(
        "This looks like an MT-Bench pairwise verdict ([[C]]); choose the mtbench_pair reader."
    )


def test_an_echoed_legend_of_another_format_names_no_reader() -> None:
    verdict = parse_verdict("comparison", MTBENCH_ECHO)
    assert verdict.ok is False
    assert "looks like" not in verdict.reason


def test_published_readers_are_registered_with_their_kind() -> None:
    kinds = {
        "mtbench_pair": "pairwise",
        "prometheus": "score",
        "prometheus_pair": "pairwise",
        "llmbar": "pairwise",
        "judgelm": "pairwise",
    }
    for parser_id, kind in kinds.items():
        info = PARSERS[parser_id]
        assert info.kind == kind
        assert info.title and info.description
        assert parse_verdict(parser_id, info.example).ok
