"""Tests for the JSON parser: overall and per-dimension scores from lenient JSON."""

from __future__ import annotations

import json

import pytest

from judgedesk.core.judge.parsers import parse_verdict

# The multi-dimension shape the Chinese "AI judge" asks for: a fenced block, string
# scores, objects per dimension, a // comment and trailing commas.
TRANSLATION_REPLY = """\
```json
{
  "综合评分": "8",
  "综合评分原因": "译文整体忠实于原文，术语准确，个别句子语序略显生硬。具体表现如下：",
  "可理解度": {
      "score": "9",
      "analysis": "没有漏译或增译，意思完整传达。"
    },
  "准确度": {
      "score": "8",
      "analysis": "专业术语翻译准确，但有一处时态不当。",
    },
  "贴切度": {
      "score": "7",
      "analysis": "部分搭配不符合目标语言习惯。",
    },
    // 其他维度表现
  "语境适应性": {"score": "8", "analysis": "语气与原文一致。"},
}
```"""

ENGLISH_REPLY = """\
Here is my evaluation of the summary.

{
  "accuracy": {"score": 9, "analysis": "Every figure matches the source article."},
  "coverage": {"score": 6, "analysis": "Leaves out the second quarter results."},
  "style": {"score": 8, "analysis": "Readable and neutral."},
  "overall_score": 7.5,
  "comment": "Good, but incomplete."
}

Let me know if you need more detail."""


def test_chinese_multi_dimension_reply() -> None:
    verdict = parse_verdict("json", TRANSLATION_REPLY, options={"min": 0, "max": 10})
    assert verdict.ok, verdict.reason
    assert verdict.value == 8 and isinstance(verdict.value, int)
    assert verdict.label == "8"
    assert verdict.dimensions == {"可理解度": 9.0, "准确度": 8.0, "贴切度": 7.0, "语境适应性": 8.0}
    assert not verdict.ambiguous
    assert verdict.reason == ""


def test_the_overall_reason_and_each_dimensions_analysis_are_kept() -> None:
    verdict = parse_verdict("json", TRANSLATION_REPLY, options={"min": 0, "max": 10})
    said = "译文整体忠实于原文，术语准确，个别句子语序略显生硬。具体表现如下："
    assert verdict.explanation == said
    assert verdict.analyses == {
        "可理解度": "没有漏译或增译，意思完整传达。",
        "准确度": "专业术语翻译准确，但有一处时态不当。",
        "贴切度": "部分搭配不符合目标语言习惯。",
        "语境适应性": "语气与原文一致。",
    }
    english = parse_verdict("json", ENGLISH_REPLY)
    assert english.explanation == "Good, but incomplete."
    assert english.analyses["coverage"] == "Leaves out the second quarter results."
    grouped = parse_verdict(
        "json", '{"score": 6, "dimensions": {"tone": {"score": 5, "分析": "太生硬"}, "facts": 7}}'
    )
    assert grouped.analyses == {"tone": "太生硬"} and grouped.explanation == ""
    plain = parse_verdict("score", "Score: [[7]]")
    assert plain.explanation == "" and plain.analyses == {}


def test_english_reply_with_prose_around_the_object() -> None:
    verdict = parse_verdict("json", ENGLISH_REPLY)
    assert verdict.value == 7.5
    assert verdict.dimensions == {"accuracy": 9.0, "coverage": 6.0, "style": 8.0}


@pytest.mark.parametrize(
    ("text", "value", "dimensions"),
    [
        ('{"score": 8}', 8, {}),
        (
            '{"overall": "7分", "helpfulness": 8, "safety": "10"}',
            7,
            {"helpfulness": 8, "safety": 10},
        ),
        ('{"总分": 85, "内容": 40, "结构": 45}', 85, {"内容": 40, "结构": 45}),
        ('{"rating": "6/10", "notes": "fine"}', 6, {}),
        ('{"Total Score": 9.5}', 9.5, {}),
        ('{"final_score": {"score": 7, "reason": "ok"}}', 7, {}),
        ('{"总体评分": 8, "得分明细": "见下"}', 8, {}),
        (
            '{"overall": 6, "dimensions": {"accuracy": 5, "clarity": {"分数": 7}}}',
            6,
            {"accuracy": 5, "clarity": 7},
        ),
        ("{'score': 8, 'reason': 'single quotes'}", 8, {}),
        ("{“score”: 9, “reason”: “smart quotes”}", 9, {}),
        ('{"score": 7, /* block comment */ "fluency": 6,}', 7, {"fluency": 6}),
        ('{"reason": "he wrote \\"score: 2\\" {weird}", "score": 4}', 4, {}),
        ('{"score": 8, "reason": "don\'t panic"}', 8, {}),
        ('{"analysis": "a // b /* c */", "score": 3}', 3, {}),
    ],
)
def test_json_reads_overall_and_dimensions(
    text: str, value: float, dimensions: dict[str, float]
) -> None:
    verdict = parse_verdict("json", text)
    assert verdict.ok, verdict.reason
    assert verdict.value == value
    assert verdict.dimensions == dimensions


def test_dimensions_without_overall_are_averaged_and_said() -> None:
    reply = '```json\n{"relevance": {"score": 8}, "accuracy": {"score": 6}, "style": 7}\n```'
    verdict = parse_verdict("json", reply)
    assert verdict.ok
    assert verdict.value == pytest.approx(7.0)
    assert verdict.dimensions == {"relevance": 8.0, "accuracy": 6.0, "style": 7.0}
    assert "average of the 3 dimension scores" in verdict.reason


def test_last_scored_object_wins_and_differences_are_flagged() -> None:
    reply = (
        'Draft: {"score": 6, "reason": "too short"}\n'
        'Context object: {"note": "no score here"}\n'
        'Final: {"score": 8, "reason": "complete after all"}'
    )
    verdict = parse_verdict("json", reply)
    assert verdict.value == 8
    assert verdict.ambiguous
    assert verdict.candidates == ("6", "8")


def test_same_score_in_two_objects_is_not_ambiguous() -> None:
    verdict = parse_verdict("json", '{"score": 8}\n{"score": "8", "accuracy": 9}')
    assert verdict.value == 8
    assert verdict.dimensions == {"accuracy": 9.0}
    assert not verdict.ambiguous


def test_json_inside_reasoning_is_ignored() -> None:
    reply = '<think>{"score": 2}</think>\n{"score": 9}'
    verdict = parse_verdict("json", reply)
    assert verdict.value == 9
    assert verdict.candidates == ("9",)


def test_overall_outside_the_range_is_unparsed() -> None:
    verdict = parse_verdict("json", '{"综合评分": 15, "准确度": 9}', options={"min": 0, "max": 10})
    assert verdict.ok is False
    assert "the judge gave 15, outside 0–10" in verdict.reason.lower()


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("The summary is good and I would rate it highly.", "No JSON object"),
        ('{"analysis": "thorough", "verdict": "good"}', "holds no score"),
        ('{"score": 8, "analysis": "cut off in the mid', "could not be read"),
        ('{"score": 8 "analysis": }', "could not be read"),
        (
            '{"综合评分": "[加权平均得分，取整]", "综合评分原因": "（总结）"}',
            '"综合评分" field holds "[加权平均得分，取整]"',
        ),
        ('{"score": true}', '"score" field holds true, which is not a score'),
        ('{"score": NaN}', '"score" field holds NaN, which is not a score'),
        ('{"score": null, "reason": "unsure"}', '"score" field holds null'),
    ],
)
def test_json_unparsed(text: str, needle: str) -> None:
    verdict = parse_verdict("json", text)
    assert verdict.ok is False
    assert verdict.value is None
    assert verdict.dimensions == {}
    assert needle in verdict.reason
    assert "Expected a JSON object" in verdict.reason


@pytest.mark.parametrize("reason_key", ["综合评分原因", "综合评分理由", "overall_reason"])
def test_the_overall_reason_is_read_under_either_key_and_is_never_a_dimension(
    reason_key: str,
) -> None:
    # Seed 001 writes "综合评分原因"; our template wrote "综合评分理由" before, and the
    # English template writes "overall_reason". A reason that starts with the score
    # ("9分") must not become a dimension of its own.
    dimensions = {"准确性": {"score": 9, "analysis": "与材料一致。"}, "简洁性": {"score": "7"}}
    body = {reason_key: "9分", **dimensions, "综合评分": 8}
    verdict = parse_verdict("json", json.dumps(body, ensure_ascii=False))
    assert verdict.ok and verdict.value == 8
    assert verdict.dimensions == {"准确性": 9.0, "简洁性": 7.0}
    # With no overall score, the average is of the dimensions alone.
    del body["综合评分"]
    verdict = parse_verdict("json", json.dumps(body, ensure_ascii=False))
    assert verdict.ok and verdict.value == pytest.approx(8.0)
    assert verdict.dimensions == {"准确性": 9.0, "简洁性": 7.0}
