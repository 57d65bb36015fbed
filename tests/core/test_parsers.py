"""Tests for the verdict parsers: the shared contract, reasoning, scores and robustness."""

from __future__ import annotations

import dataclasses
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judgedesk.core.errors import JudgeDeskError, ParserError
from judgedesk.core.judge.parsers import (
    PARSERS,
    ParserInfo,
    Verdict,
    infer_parser,
    parse_verdict,
    split_reasoning,
)

SCALE = {"min": 1, "max": 10}

ENGLISH_SCORE_REPLY = """\
The assistant correctly states that Newton's first law concerns inertia: a body keeps
its state of rest or uniform straight-line motion unless an external force acts on it.
Compared with the reference answer it is equally accurate and slightly more concise.
It does not mention inertial frames, which the reference also omits, so nothing
important is missing. The wording is clear and relevant.

Score: [[9]]"""

CHINESE_SCORE_REPLY = """\
评价：助手的回答覆盖了北京夏季高温多雨的主要特点，与参考答案基本一致。
不过回答没有提到降水集中在七、八月，细节略显不足，表达清晰简洁。

评分：[[7]]"""


# --- registry and contract -------------------------------------------------------------


def test_registry_lists_every_built_in_parser() -> None:
    assert list(PARSERS) == [
        "score",
        "comparison",
        "choice5",
        "correctness",
        "json",
        "mtbench_pair",
        "prometheus",
        "prometheus_pair",
        "llmbar",
        "judgelm",
    ]
    assert {info.kind for info in PARSERS.values()} == {
        "score",
        "pairwise",
        "correctness",
        "json",
    }
    for parser_id, info in PARSERS.items():
        assert isinstance(info, ParserInfo)
        assert info.id == parser_id
        assert info.title and info.description
        # Every documented example must be readable by its own parser.
        assert parse_verdict(parser_id, info.example).ok, parser_id


def test_unknown_parser_id_names_the_valid_ones() -> None:
    with pytest.raises(ParserError) as caught:
        parse_verdict("stars", "Score: [[8]]")
    message = str(caught.value)
    assert "stars" in message
    for parser_id in PARSERS:
        assert parser_id in message
    assert isinstance(caught.value, JudgeDeskError)


@pytest.mark.parametrize("bad", ["ten", True, [1, 10], float("nan")])
def test_options_that_are_not_numbers_are_refused(bad: object) -> None:
    with pytest.raises(ParserError, match="max"):
        parse_verdict("score", "Score: [[8]]", options={"max": bad})


def test_verdict_is_frozen() -> None:
    verdict = parse_verdict("score", "Score: [[8]]")
    with pytest.raises(dataclasses.FrozenInstanceError):
        verdict.ok = False  # type: ignore[misc]


@pytest.mark.parametrize("parser_id", list(PARSERS))
@pytest.mark.parametrize("text", [None, "", "   \n\t  "])
def test_empty_reply_is_unparsed_with_a_reason(parser_id: str, text: str | None) -> None:
    verdict = parse_verdict(parser_id, text)
    assert verdict.ok is False
    assert verdict.value is None and verdict.label is None
    assert "empty" in verdict.reason
    assert verdict.candidates == ()


@pytest.mark.parametrize(
    ("parser_id", "decoy"),
    [
        ("score", "Probably Score: [[3]]."),
        ("comparison", "Leaning [[A>>B]]."),
        ("choice5", '{"choice": "A++"}'),
        ("correctness", "Answer: A"),
        ("json", '{"score": 8}'),
        ("mtbench_pair", "Leaning [[A]]."),
        ("prometheus", "Feedback: fine. [RESULT] 3"),
        ("prometheus_pair", "Feedback: fine. [RESULT] A"),
        ("llmbar", "Output (a)"),
        ("judgelm", "8 6"),
    ],
)
def test_reply_with_only_reasoning_reads_nothing_from_the_reasoning(
    parser_id: str, decoy: str
) -> None:
    verdict = parse_verdict(parser_id, f"<think>{decoy} Let me check again…</think>\n  ")
    assert verdict.ok is False
    assert verdict.value is None
    assert "only reasoning, no answer" in verdict.reason
    assert verdict.reasoning is not None and decoy in verdict.reasoning
    assert verdict.raw == ""


def test_reasoning_given_by_the_server_is_kept_and_ignored_for_the_verdict() -> None:
    verdict = parse_verdict(
        "score",
        "Score: [[6]]",
        reasoning_content="First impression: Score: [[2]]. On reflection it is better.",
    )
    assert verdict.value == 6
    assert verdict.reasoning is not None and "[[2]]" in verdict.reasoning
    assert not verdict.ambiguous


# --- split_reasoning -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "server", "content", "reasoning"),
    [
        ("Score: [[8]]", None, "Score: [[8]]", None),
        ("<think>check facts</think>\n\nScore: [[8]]", None, "Score: [[8]]", "check facts"),
        ("<THINKING>\nupper case\n</Thinking>A", None, "A", "upper case"),
        ("<think>one</think>mid<think>two</think> end", None, "mid end", "one\n\ntwo"),
        ("<think>cut off while thinking [[9]]", None, "", "cut off while thinking [[9]]"),
        ("the prompt opened the tag\n</think>\nB", None, "B", "the prompt opened the tag"),
        ("<think></think>  [[A>B]]  ", None, "[[A>B]]", None),
        ("answer", "server side", "answer", "server side"),
        ("<think>inline</think>answer", "server side", "answer", "server side\n\ninline"),
        (None, None, "", None),
        (None, "  only server  ", "", "only server"),
        ("< think >spaced</ think >x", None, "x", "spaced"),
        # An opening tag after the answer has begun is quoted text, not reasoning.
        (
            "It wraps its steps in <think> tags. Score: [[6]]",
            None,
            "It wraps its steps in <think> tags. Score: [[6]]",
            None,
        ),
        ("<think>a</think>Answer: B <think> stray", None, "Answer: B <think> stray", "a"),
    ],
)
def test_split_reasoning(
    text: str | None, server: str | None, content: str, reasoning: str | None
) -> None:
    assert split_reasoning(text, server) == (content, reasoning)


def test_lone_closing_tag_turns_earlier_blocks_into_reasoning_in_order() -> None:
    content, reasoning = split_reasoning("first <think>second</think> third </think> answer")
    assert content == "answer"
    assert reasoning == "first\n\nsecond\n\nthird"


# --- score -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        (ENGLISH_SCORE_REPLY, 9, "9"),
        (CHINESE_SCORE_REPLY, 7, "7"),
        ("Rating: [[6]]", 6, "6"),
        ("The answer is thorough.\n\n**Rating:** [[8.5]]", 8.5, "8.5"),
        ("Score: [[ 7 ]]", 7, "7"),
        ("[[8]]", 8, "8"),
        ("Final verdict follows.\nScore: [[8]] — solid but not perfect.", 8, "8"),
        ("Score: 8/10", 8, "8"),
        ("Rating: 7 out of 10", 7, "7"),
        ("Overall I give [[8/10]].", 8, "8"),
        ("Score: 7", 7, "7"),
        ("**Score**: 6.5", 6.5, "6.5"),
        ("The final score is 4.", 4, "4"),
        ("Score (1-10): 9", 9, "9"),
        ("得分：8分", 8, "8"),
        ("综合评分：[[9分]]", 9, "9"),
        ("7", 7, "7"),
        ("**8/10**", 8, "8"),
        ("Score: [[8.0]]", 8.0, "8.0"),
        ("Score: [[08]]", 8, "8"),
    ],
)
def test_score_reads_common_forms(text: str, value: float, label: str) -> None:
    verdict = parse_verdict("score", text, options=SCALE)
    assert verdict.ok, verdict.reason
    assert verdict.value == value
    assert type(verdict.value) is type(value)
    assert verdict.label == label
    assert not verdict.ambiguous
    assert verdict.reason == ""
    assert verdict.dimensions == {}
    assert verdict.raw == text.strip()


def test_bracketed_score_is_preferred_over_plain_ones() -> None:
    reply = (
        "Helpfulness score: 9\nAccuracy score: 6\nConciseness score: 8\n\n"
        "Weighing accuracy most, Score: [[7]]"
    )
    verdict = parse_verdict("score", reply)
    assert verdict.value == 7
    assert verdict.candidates == ("7",)
    assert not verdict.ambiguous


def test_decoy_score_inside_reasoning_is_never_taken() -> None:
    reply = (
        "<think>The user wants Score: [[score]]. First guess Score: [[3]], but the\n"
        "answer is right, so maybe [[9]].</think>\n"
        "The answer is correct and well explained.\n\nScore: [[8]]"
    )
    verdict = parse_verdict("score", reply)
    assert verdict.value == 8
    assert verdict.candidates == ("8",)
    assert verdict.reasoning is not None and "[[3]]" in verdict.reasoning
    assert "[[3]]" not in verdict.raw


def test_echoed_instructions_and_examples_are_not_verdicts() -> None:
    reply = (
        'As instructed, I must use the format "Score: [[score]]", for example: '
        '"Score: [[5]]".\n\nThe response misses the second half of the question.\n\n'
        "Score: [[4]]"
    )
    verdict = parse_verdict("score", reply)
    assert verdict.value == 4
    assert verdict.candidates == ("4",)
    assert not verdict.ambiguous


def test_a_score_inside_an_if_sentence_is_used_only_as_a_fallback() -> None:
    verdict = parse_verdict("score", "Overall, if we weigh accuracy most, Score: [[7]]")
    assert verdict.ok and verdict.value == 7
    assert 'starting with "if"' in verdict.reason

    clear = parse_verdict("score", "If the answer were complete: Score: [[9]].\nScore: [[6]]")
    assert clear.value == 6
    assert clear.candidates == ("6",)
    assert clear.reason == ""


@pytest.mark.parametrize(
    ("text", "value", "candidates"),
    [
        ("Score: [[6]]\n\nOn second thought the answer is complete.\nScore: [[8]]", 8, ("6", "8")),
        ("Rating: [[7]] … I revise: Rating: [[6.5]]", 6.5, ("7", "6.5")),
        ("评分：[[5]]\n复核后修改为：评分：[[6]]", 6, ("5", "6")),
    ],
)
def test_several_different_scores_take_the_last_and_flag_it(
    text: str, value: float, candidates: tuple[str, ...]
) -> None:
    verdict = parse_verdict("score", text)
    assert verdict.ok
    assert verdict.value == value
    assert verdict.ambiguous
    assert verdict.candidates == candidates
    assert "several different" in verdict.reason
    assert candidates[-1] in verdict.reason


def test_the_same_score_repeated_is_not_ambiguous() -> None:
    verdict = parse_verdict("score", "Score: [[8]]\n\nTo restate my verdict: Score: [[8.0]]")
    assert verdict.ok and verdict.value == 8.0
    assert not verdict.ambiguous
    assert verdict.candidates == ("8", "8.0")
    assert verdict.reason == ""


@pytest.mark.parametrize(
    ("text", "options", "needle"),
    [
        ("Score: [[12]]", SCALE, "the judge gave 12, outside 1–10"),
        ("Score: [[0]]", SCALE, "the judge gave 0, outside 1–10"),
        ("Score: [[5.5]]", {"min": 0, "max": 5}, "outside 0–5"),
        ("Score: [[11]]", {"max": 10}, "above the highest allowed score, 10"),
        ("Score: [[0]]", {"min": "1"}, "below the lowest allowed score, 1"),
    ],
)
def test_score_outside_the_range_is_unparsed(
    text: str, options: dict[str, object], needle: str
) -> None:
    verdict = parse_verdict("score", text, options=options)
    assert verdict.ok is False
    assert verdict.value is None
    assert needle.lower() in verdict.reason.lower()
    assert verdict.candidates


def test_score_out_of_another_scale_is_taken_as_written_and_said() -> None:
    verdict = parse_verdict("score", "Rating: 4/5", options=SCALE)
    assert verdict.ok and verdict.value == 4
    assert "The judge scored out of 5, not 10;" in verdict.reason


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("Score: [[score]]", "placeholder"),
        ("Rating: [[rating]]", "placeholder"),
        (
            "The answer is fine overall, though a bit long.",
            'Expected a score such as "Score: [[7]]"',
        ),
        ("Score: excellent", "Expected a score"),
        ("Score: [[-1]]", "Expected a score"),
        ("I would say it deserves about an eight.", "Expected a score"),
    ],
)
def test_score_unparsed_says_what_was_expected(text: str, needle: str) -> None:
    verdict = parse_verdict("score", text)
    assert verdict.ok is False
    assert verdict.value is None and verdict.label is None
    assert needle in verdict.reason
    assert verdict.raw == text


# --- robustness ------------------------------------------------------------------------

_HOSTILE = {
    "open brackets": "[[[[" * 50_000,
    "number run": "1234567890" * 20_000,
    "spaces after marker": "Score:" + " " * 200_000 + "x",
    "spaces in brackets": "[[8" + " " * 200_000,
    "spaces after answer": "The answer is" + " " * 200_000 + "x",
    "open braces": "{" * 200_000,
    "nested braces": "{" * 100_000 + ":" + "}" * 100_000,
    "many objects": '{"score": 1} ' * 15_000,
    "stars": "**" + "*" * 100_000 + "A" + "*" * 100_000 + "x",
    "blank lines": "\n" * 200_000,
    "unclosed quote": '{"' + "a" * 200_000,
    "think tags": "<think>" * 30_000,
    "choice plus": "choice: A" + "+" * 200_000,
}


@pytest.mark.parametrize("name", list(_HOSTILE))
def test_hostile_replies_are_handled_quickly(name: str) -> None:
    text = _HOSTILE[name]
    started = time.perf_counter()
    for parser_id in PARSERS:
        verdict = parse_verdict(parser_id, text)
        assert isinstance(verdict, Verdict)
    infer_parser(text)
    elapsed = time.perf_counter() - started
    assert elapsed < 5.0, f"{name} took {elapsed:.2f}s"


# Pieces of verdicts glued at random reach the parsers' corner cases far more often than
# arbitrary characters do.
_VERDICTISH = st.lists(
    st.sampled_from(
        [
            *"[]{}()AB<>=+*:：\"'“” \n\t0123456789.,/-#",
            *("Score", "Rating", "choice", "answer", "<think>", "</think>", "评分", "正确"),
            *("CORRECT", "INCORRECT", "综合评分", "or", "//", "/*", "*/", "分", "＞"),
        ]
    ),
    max_size=80,
).map("".join)


def _check_invariants(parser_id: str, verdict: Verdict) -> None:
    assert isinstance(verdict.candidates, tuple)
    if verdict.ok:
        assert verdict.value is not None and verdict.label is not None
        assert verdict.candidates and verdict.candidates[-1] == verdict.label
        if PARSERS[parser_id].kind == "pairwise" or parser_id == "prometheus":
            assert verdict.value in (1, 2, 3, 4, 5)
        if parser_id == "correctness":
            assert isinstance(verdict.value, bool)
    else:
        assert verdict.value is None and verdict.label is None
        assert verdict.reason


@settings(max_examples=300, deadline=None)
@given(text=st.one_of(st.text(max_size=300), _VERDICTISH), reasoning=st.none() | st.text())
def test_parsers_never_raise_on_any_text(text: str, reasoning: str | None) -> None:
    for parser_id in PARSERS:
        verdict = parse_verdict(parser_id, text, reasoning_content=reasoning, options=SCALE)
        _check_invariants(parser_id, verdict)
