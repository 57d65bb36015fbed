"""Tests for the correctness parser: A means correct, B incorrect, never a guess."""

from __future__ import annotations

import pytest

from judgedesk.core.judge.parsers import parse_verdict

ENGLISH_REPLY = """\
The question asks for the capital of Australia. The reference answer is Canberra.
The model answered "Canberra, in the Australian Capital Territory", which names the
same city and adds a correct detail. A model that said Sydney would be wrong, but this
one is not.

A"""

ENGLISH_INCORRECT_REPLY = """\
The gold answer is 42. The prediction works through the steps but makes an arithmetic
slip in the last line and concludes 44, so it does not match.

Final answer: (B)"""

CHINESE_REPLY = """\
标准答案为"光合作用主要发生在叶绿体中"，模型回答同样指出叶绿体是主要场所，含义一致。

答案：A"""

CHINESE_WORD_REPLY = """\
模型给出的年份是1949年，而参考答案是1945年，两者不一致。

判断：错误"""

ECHO_REPLY = """\
Rule: if the prediction is correct, answer "A"; if it is incorrect, answer "B".
The prediction gives the right formula and the right value.

A"""


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        (ENGLISH_REPLY, True, "A"),
        (ENGLISH_INCORRECT_REPLY, False, "B"),
        (CHINESE_REPLY, True, "A"),
        (CHINESE_WORD_REPLY, False, "B"),
        (ECHO_REPLY, True, "A"),
        ("A", True, "A"),
        ("B", False, "B"),
        ("**A**", True, "A"),
        ("B.", False, "B"),
        ("(A)", True, "A"),
        ("Answer: B", False, "B"),
        ("A: CORRECT", True, "A"),
        ("B - INCORRECT", False, "B"),
        ("The response is correct. A", True, "A"),
        ("It contradicts the reference: B", False, "B"),
        ("答案：A", True, "A"),
        ("答案：B，因为数值不对。", False, "B"),
        ("CORRECT", True, "A"),
        ("INCORRECT", False, "B"),
        ("**Incorrect**", False, "B"),
        ("Verdict: correct", True, "A"),
        ("Final verdict: not correct", False, "B"),
        ("正确", True, "A"),
        ("The final answer is B because the units are wrong.", False, "B"),
        ("Judgement: **B**", False, "B"),
        ("Ａ", True, "A"),
        ("A. The response names the same author as the reference.", True, "A"),
        ("**B** — the year is off by one.", False, "B"),
        ("Both numbers agree, so the response is CORRECT.", True, "A"),
        ("The response is INCORRECT: it names the wrong city.", False, "B"),
    ],
)
def test_correctness_reads_verdicts(text: str, value: bool, label: str) -> None:
    verdict = parse_verdict("correctness", text)
    assert verdict.ok, verdict.reason
    assert verdict.value is value
    assert verdict.label == label
    assert not verdict.ambiguous
    assert verdict.reason == ""


def test_clear_forms_win_over_a_passing_mention_of_an_answer_letter() -> None:
    # A multiple-choice item: the analysis names options, the verdict stands alone.
    reply = (
        "The question is multiple choice. The reference answer is C and the model's "
        "answer is C as well, with a correct justification.\n\nA"
    )
    verdict = parse_verdict("correctness", reply)
    assert verdict.value is True
    assert verdict.candidates == ("A",)
    assert not verdict.ambiguous


def test_conflicting_verdicts_take_the_last_and_flag_it() -> None:
    reply = "At first sight: **A**\n\nBut the units are wrong, so the final answer is:\nB"
    verdict = parse_verdict("correctness", reply)
    assert verdict.value is False
    assert verdict.ambiguous
    assert verdict.candidates == ("A", "B")
    assert "several different" in verdict.reason


def test_a_letter_that_contradicts_its_word_is_flagged() -> None:
    verdict = parse_verdict("correctness", "A: INCORRECT")
    assert verdict.ambiguous
    assert verdict.candidates == ("A", "B")


def test_decoy_in_reasoning_is_ignored() -> None:
    reply = "<think>Looks wrong… B? No wait, 7 × 8 is 56, it matches.</think>\nA"
    verdict = parse_verdict("correctness", reply)
    assert verdict.value is True
    assert verdict.candidates == ("A",)


@pytest.mark.parametrize(
    ("text", "reader"),
    [
        # MT-Bench's "[[A]]" means "assistant A is better", never "correct".
        ("[[A]]", "mtbench_pair"),
        ("[[B]]", "mtbench_pair"),
        ("Assistant A's answer is correct and more detailed.\n\n[[A]]", "mtbench_pair"),
        ("The response is CORRECT.\n[RESULT] 5", "prometheus"),
        ("Feedback: A gives the right date.\n[RESULT]: A", "prometheus_pair"),
    ],
)
def test_another_judges_verdict_is_not_read_as_correctness(text: str, reader: str) -> None:
    verdict = parse_verdict("correctness", text)
    assert verdict.ok is False
    assert verdict.value is None
    assert f"choose the {reader} reader" in verdict.reason
    assert "Expected" in verdict.reason


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("A or B", "without choosing"),
        ("It could be **A** or **B**, the reference is unclear.", "without choosing"),
        ("I cannot tell whether the answer is A or B.", "without choosing"),
        ("A model would normally answer this with more detail.", "Expected"),
        ("A careful reading shows the response addresses the question.", "Expected"),
        ("The response is partially right.", "Expected"),
        ('If correct, answer "A"; if incorrect, answer "B".', "Expected"),
        ("Plan B would have been better.", "Expected"),
        ("I have to answer CORRECT or INCORRECT.", "without choosing"),
    ],
)
def test_correctness_is_strict_about_what_counts(text: str, needle: str) -> None:
    verdict = parse_verdict("correctness", text)
    assert verdict.ok is False, verdict
    assert verdict.value is None
    assert needle in verdict.reason
