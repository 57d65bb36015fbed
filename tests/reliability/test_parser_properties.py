"""Every verdict parser, fed random text, gives a verdict or says plainly why it cannot.

Nothing but ParserError (an unknown parser or an option that is not a number) may
escape, a read verdict has the kind of value its parser promises, and an unread one
carries a reason a person can understand.
"""

from __future__ import annotations

import math
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judgedesk.core.errors import ParserError
from judgedesk.core.judge.parsers import PARSERS, infer_parser, parse_verdict, split_reasoning

EXAMPLES = int(os.environ.get("JUDGEDESK_FUZZ_EXAMPLES") or 150)
FAST = settings(
    max_examples=EXAMPLES,
    deadline=5_000,  # generous: the machine is shared; this catches only runaway regexes
    suppress_health_check=[HealthCheck.too_slow],
    database=None,
)

# Pieces of real verdicts, so random text often comes close to something readable.
FRAGMENTS = [
    "Score: [[",
    "Rating: [[",
    "评分：[[",
    "]]",
    "[[A>>B]]",
    "[[B>A]]",
    "[[A=B]]",
    "A++",
    "B+",
    "A=B",
    "<think>",
    "</think>",
    "<thinking>",
    "{",
    "}",
    "[",
    "]",
    '"score": ',
    '"overall": ',
    '"综合评分": ',
    '"choice": "',
    '"',
    ":",
    ",",
    "```json\n",
    "```",
    "A",
    "B",
    "CORRECT",
    "INCORRECT",
    "/10",
    "7",
    "8.5",
    "1e999",
    "NaN",
    "-3",
    "99999999999",
    "١٢",
    "\n",
    " ",
    "\x00",
    "\ufeff",
]
replies = st.one_of(
    st.text(max_size=400),
    st.lists(st.sampled_from(FRAGMENTS) | st.text(max_size=4), max_size=40).map("".join),
)
bounds = st.one_of(
    st.none(),
    st.integers(-100, 100),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=5),
    st.booleans(),
)


def check_verdict(parser_id: str, verdict: object) -> None:
    from judgedesk.core.judge.parsers.common import Verdict

    assert isinstance(verdict, Verdict)
    if not verdict.ok:
        assert verdict.value is None
        assert len(verdict.reason) > 15 and verdict.reason[0].isupper(), verdict.reason
        return
    value, kind = verdict.value, PARSERS[parser_id].kind
    assert verdict.label
    if kind == "correctness":
        assert isinstance(value, bool)
    elif kind == "pairwise":
        assert isinstance(value, int) and 1 <= value <= 5
    else:
        assert isinstance(value, int | float) and not isinstance(value, bool)
        assert math.isfinite(value), verdict
    for score in verdict.dimensions.values():
        assert math.isfinite(score), verdict


@FAST
@given(
    parser_id=st.sampled_from(sorted(PARSERS)),
    text=st.none() | replies,
    reasoning=st.none() | replies,
    low=bounds,
    high=bounds,
)
def test_random_replies_to_every_parser(
    parser_id: str, text: str | None, reasoning: str | None, low: object, high: object
) -> None:
    options = {key: value for key, value in (("min", low), ("max", high)) if value is not None}
    try:
        verdict = parse_verdict(parser_id, text, reasoning_content=reasoning, options=options)
    except ParserError as exc:
        assert "min" in str(exc) or "max" in str(exc), exc
        return
    check_verdict(parser_id, verdict)


@FAST
@given(text=replies)
def test_random_templates_imply_a_known_parser_or_none(text: str) -> None:
    assert infer_parser(text) in (None, *PARSERS)


@FAST
@given(text=st.none() | replies, reasoning=st.none() | replies)
def test_reasoning_splits_into_text(text: str | None, reasoning: str | None) -> None:
    answer, thought = split_reasoning(text, reasoning)
    assert isinstance(answer, str) and answer == answer.strip()
    assert thought is None or isinstance(thought, str)


def test_an_unknown_parser_is_named_with_the_known_ones() -> None:
    with pytest.raises(ParserError, match='"score"'):
        parse_verdict("scores", "Score: [[7]]")


@pytest.mark.parametrize("parser_id", sorted(PARSERS))
@pytest.mark.parametrize("depth", [50, 2_000, 20_000])
def test_deeply_nested_json_replies(parser_id: str, depth: int) -> None:
    for text in (
        '{"score": ' + "[" * depth + "8" + "]" * depth + "}",
        '{"a": ' * depth + '{"score": 8, "choice": "A+"}' + "}" * depth,
        "[" * depth,
    ):
        check_verdict(parser_id, parse_verdict(parser_id, text))


@pytest.mark.parametrize("parser_id", sorted(PARSERS))
def test_huge_replies(parser_id: str) -> None:
    pieces = [
        "Score: [[" * 20_000,
        "{" * 50_000 + '"score": 8',
        "<think>" * 20_000 + "Score: [[7]]",
        "[[A>" * 30_000,
        "A+" * 100_000,
        "9" * 500_000,
        '"choice": "' * 30_000,
        "CORRECT " * 60_000 + "\nA",
    ]
    for text in pieces:
        check_verdict(parser_id, parse_verdict(parser_id, text))
        assert infer_parser(text) in (None, *PARSERS)
