"""Tests for the pairwise parsers: "[[A>>B]]" comparisons and five-way A++ … B++ choices."""

from __future__ import annotations

import pytest

from judgedesk.core.judge.parsers import parse_verdict

COMPARISON_REPLY = """\
Both answers explain that special relativity deals with inertial frames. Assistant A
(the reference) also mentions time dilation and length contraction with a short example.
Assistant B covers the same two effects but adds a correct note that the speed of light
is the same for every observer, which the question implicitly asks about. B is slightly
more complete while staying concise.

My final verdict is: [[B>A]]"""

CHINESE_COMPARISON_REPLY = """\
分析：回答A给出了完整的步骤，但最后一步的单位换算有误；回答B的推导更简洁，结果正确。
综合考虑准确性和清晰度，B明显更好。

最终结论：[[B>>A]]"""

# An echo of the prompt's legend, which must not count as verdicts.
ECHOED_LEGEND_REPLY = """\
I will answer with one of these labels:
1. "[[A>>B]]" if assistant A is significantly better,
2. "[[A>B]]" if assistant A is slightly better,
3. "[[A=B]]" if they are about the same,
4. "[[B>A]]" if assistant B is slightly better,
5. "[[B>>A]]" if assistant B is significantly better.

Assistant A skips the edge case of an empty list; assistant B handles it.
Final verdict: [[B>A]]"""

CHOICE_REPLY = """\
Response A lists three causes but gets the date of the treaty wrong. Response B is
shorter, yet every fact in it is accurate and it answers the follow-up question.

```json
{
    "analysis of A": "Covers more ground but contains a factual error about the date.",
    "analysis of B": "Accurate and directly answers both parts of the query.",
    "reason of A=B": "Both are polite and well organised.",
    "reason of A>B": "A mentions an additional economic cause.",
    "reason of B>A": "B has no factual errors and addresses the follow-up.",
    "choice": "B+",
}
```"""


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        (COMPARISON_REPLY, 4, "B>A"),
        (CHINESE_COMPARISON_REPLY, 5, "B>>A"),
        (ECHOED_LEGEND_REPLY, 4, "B>A"),
        ("[[A>>B]]", 1, "A>>B"),
        ("[[A>B]]", 2, "A>B"),
        ("[[A=B]]", 3, "A=B"),
        ("[[B>A]]", 4, "B>A"),
        ("[[B>>A]]", 5, "B>>A"),
        ("[[ A > B ]]", 2, "A>B"),
        ("[[A<B]]", 4, "B>A"),
        ("[[A<<B]]", 5, "B>>A"),
        ("[[B<A]]", 2, "A>B"),
        ("[[B=A]]", 3, "A=B"),
        ("[[A＞＞B]]", 1, "A>>B"),
        ("[[A＝B]]", 3, "A=B"),
        ("［［B＞A］］", 4, "B>A"),
        ("**Final verdict:** A>B", 2, "A>B"),
        ("Verdict: B>>A, because A invents a citation.", 5, "B>>A"),
        ("最终结论：A=B", 3, "A=B"),
        ("Final verdict: [[B>A]] (B handles the edge case).", 4, "B>A"),
    ],
)
def test_comparison_reads_verdicts(text: str, value: int, label: str) -> None:
    verdict = parse_verdict("comparison", text)
    assert verdict.ok, verdict.reason
    assert (verdict.value, verdict.label) == (value, label)
    assert not verdict.ambiguous
    assert verdict.reason == ""


def test_comparison_takes_the_last_of_several_and_flags_it() -> None:
    reply = "At first glance [[A>B]].\nAfter checking the arithmetic, B is right: [[B>>A]]"
    verdict = parse_verdict("comparison", reply)
    assert verdict.value == 5
    assert verdict.ambiguous
    assert verdict.candidates == ("A>B", "B>>A")
    assert "B>>A" in verdict.reason


def test_comparison_in_reasoning_is_ignored() -> None:
    reply = "<think>Maybe [[A>>B]]? No, B is better.</think>\n[[B>A]]"
    verdict = parse_verdict("comparison", reply)
    assert verdict.value == 4
    assert verdict.candidates == ("B>A",)


@pytest.mark.parametrize(
    "text",
    [
        "Assistant A is better than assistant B in every respect.",
        "A>B",  # bare and with no verdict marker
        "The reason of A>B is the extra detail.",
        "[[A>A]]",
        "[[A>>C]]",
        "Both answers are fine.",
        # The prompt's legend echoed back with no decision after it.
        ECHOED_LEGEND_REPLY.rsplit("\n", 2)[0],
        "If A were shorter I would say [[A>B]]; if not, [[B>A]].",
    ],
)
def test_comparison_unparsed(text: str) -> None:
    verdict = parse_verdict("comparison", text)
    assert verdict.ok is False
    assert verdict.value is None
    assert "[[A>B]]" in verdict.reason


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        (CHOICE_REPLY, 4, "B+"),
        ('{"analysis of A": "ok", "analysis of B": "ok", "choice": "A++"}', 1, "A++"),
        ('{"choice": "A+"}', 2, "A+"),
        ('{"choice": "A=B"}', 3, "A=B"),
        ('{"choice": "B+"}', 4, "B+"),
        ('{"choice": "B++"}', 5, "B++"),
        ('{"choice": "[B++]"}', 5, "B++"),
        ("{'choice': 'A+'}", 2, "A+"),
        ('{"reason of A>B": "A is longer", "choice": "B=A"}', 3, "A=B"),
        ("Final assessment: A++", 1, "A++"),
        ("**Choice:** B+", 4, "B+"),
        ("After weighing both: [[A+]]", 2, "A+"),
        ("最终选择：B＋＋", 5, "B++"),
        # Broken JSON still yields the choice through its "choice" field.
        ('{"analysis of A": "fine", "choice": "B++" "oops": }', 5, "B++"),
    ],
)
def test_choice5_reads_choices(text: str, value: int, label: str) -> None:
    verdict = parse_verdict("choice5", text)
    assert verdict.ok, verdict.reason
    assert (verdict.value, verdict.label) == (value, label)
    assert not verdict.ambiguous


def test_choice5_json_wins_over_incidental_text() -> None:
    reply = (
        "The reason of A>B is the extra example; still the choice of words in A is odd.\n"
        '{"reason of A>B": "extra example", "reason of B>A": "clearer", "choice": "B+"}'
    )
    verdict = parse_verdict("choice5", reply)
    assert verdict.value == 4
    assert verdict.candidates == ("B+",)


def test_choice5_last_json_wins_and_is_flagged() -> None:
    reply = '{"choice": "A+"}\nLet me correct that.\n{"choice": "B++"}'
    verdict = parse_verdict("choice5", reply)
    assert verdict.value == 5
    assert verdict.ambiguous
    assert verdict.candidates == ("A+", "B++")


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ('{"analysis of A": "x", "choice": "[A++ or A+ or A=B or B+ or B++]"}', "copied"),
        ("Choice: A++ or A+ or A=B or B+ or B++", "copied"),
        ("Response A is a bit better overall (reason of A>B: detail).", "Expected one of"),
        ('{"analysis of A": "good", "analysis of B": "good"}', "Expected one of"),
        ("I rate A as A+ quality work.", "Expected one of"),
    ],
)
def test_choice5_unparsed(text: str, needle: str) -> None:
    verdict = parse_verdict("choice5", text)
    assert verdict.ok is False
    assert verdict.value is None
    assert needle in verdict.reason
