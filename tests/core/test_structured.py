"""Structured verdicts: the schema made from what a judge reads, each server's dialect, and
reading the JSON back with the judge's own reader."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from judgedesk.core.judge.dialects import find_format, find_format_at
from judgedesk.core.judge.openai import OpenAIClient
from judgedesk.core.judge.parsers import PARSERS
from judgedesk.core.judge.parsers.rule import VerdictRule
from judgedesk.core.judge.structured import (
    FORMATS,
    REASON_LIMIT,
    dimension_names,
    structured_params,
    structured_verdict,
)
from judgedesk.core.run.store import Store
from tests.core.test_pipeline import make_project, run
from tests.support.fake_openai import FakeOpenAI, Quirks
from tests.support.fake_replies import fill_schema, requested_schema


def test_every_built_in_reader_has_a_schema_and_reads_its_own_json_back() -> None:
    for parser in PARSERS:
        made = structured_verdict(parser, None, {"min": 1, "max": 10}, {"max_score": 10})
        assert made is not None, parser
        assert made.schema["type"] == "object"
        assert made.schema["required"] == list(made.schema["properties"])
        verdict = made.verdict(json.dumps(fill_schema(made.schema)))
        assert verdict.ok, (parser, verdict.reason)
        assert verdict.raw.startswith("{")


@pytest.mark.parametrize(
    ("parser", "answer", "value"),
    [
        ("score", {"reason": "fine", "verdict": 8}, 8),
        ("comparison", {"reason": "B shows steps", "verdict": "B>A"}, 4),
        ("choice5", {"reason": "A is wrong", "verdict": "B++"}, 5),
        ("correctness", {"reason": "same value", "verdict": "A"}, True),
        ("correctness", {"reason": "other value", "verdict": "B"}, False),
        ("mtbench_pair", {"reason": "a tie", "verdict": "C"}, 3),
        ("prometheus", {"reason": "misses a step", "verdict": 4}, 4),
        ("llmbar", {"reason": "b follows", "verdict": "Output (b)"}, 4),
        ("judgelm", {"reason": "1 covers more", "score_a": 8, "score_b": 6}, 2),
    ],
)
def test_a_structured_verdict_means_what_the_free_text_one_would(
    parser: str, answer: dict[str, Any], value: object
) -> None:
    made = structured_verdict(parser, None, {"min": 1, "max": 10})
    assert made is not None
    verdict = made.verdict(json.dumps(answer))
    assert verdict.ok and verdict.value == value


def test_a_score_range_becomes_an_enum_and_the_feedback_is_kept() -> None:
    made = structured_verdict("score", None, {"min": 1, "max": 5})
    assert made is not None
    assert made.schema["properties"]["verdict"]["enum"] == [1, 2, 3, 4, 5]
    assert list(made.schema["properties"]) == ["reason", "verdict"]  # reason written first
    wide = structured_verdict("score", None, {"min": 0, "max": 1000.5})
    assert wide is not None
    assert wide.schema["properties"]["verdict"] == {
        "type": "number",
        "minimum": 0,
        "maximum": 1000.5,
    }
    prometheus = structured_verdict("prometheus", None)
    assert prometheus is not None
    read = prometheus.verdict('{"reason": "It skips the units.", "verdict": 3}')
    assert read.value == 3 and "It skips the units." in read.reason


def test_a_multi_dimension_template_asks_for_every_dimension_by_name() -> None:
    variables = {
        "max_score": 10,
        "evaluation_metric": (
            "1. Accuracy: facts are right.\n2. 完整性：覆盖所有要点。\n3. Style: reads well."
        ),
    }
    assert dimension_names(variables) == ["Accuracy", "完整性", "Style"]
    made = structured_verdict("json", None, {}, variables)
    assert made is not None
    assert list(made.schema["properties"]) == [
        "Accuracy", "完整性", "Style", "overall_reason", "overall_score",
    ]  # fmt: skip
    answer = fill_schema(made.schema, lambda values: values[len(values) // 2])
    verdict = made.verdict(json.dumps(answer, ensure_ascii=False))
    assert verdict.ok and verdict.value == 5
    assert verdict.dimensions == {"Accuracy": 5, "完整性": 5, "Style": 5}


def test_a_rule_gives_its_labels_as_the_choices_and_reads_the_field() -> None:
    rule = VerdictRule.from_table(
        {"kind": "label", "pattern": r"Label: (\w+)", "labels": ["safe", "unsafe", "unsure"]}
    )
    made = structured_verdict(None, rule)
    assert made is not None
    assert made.schema["properties"]["verdict"]["enum"] == ["safe", "unsafe", "unsure"]
    assert made.verdict('{"reason": "a threat", "verdict": "unsafe"}').value == "unsafe"
    mapped = VerdictRule.from_table(
        {"kind": "correctness", "pattern": "(yes|no)", "map": {"Yes": True, "No": False}}
    )
    made = structured_verdict(None, mapped)
    assert made is not None
    assert made.schema["properties"]["verdict"]["enum"] == ["Yes", "No"]
    assert made.verdict('{"reason": "-", "verdict": "No"}').value is False


def test_a_reply_not_in_json_is_read_as_free_text_and_says_so() -> None:
    made = structured_verdict("score", None, {"min": 1, "max": 10})
    assert made is not None
    free = made.verdict("Good answer overall.\nScore: [[6]]")
    assert free.ok and free.value == 6
    assert "did not answer in it" in free.reason and "free text" in free.reason
    nothing = made.verdict("I cannot judge this.")
    assert not nothing.ok and "asked for a JSON verdict" in nothing.reason
    thinking = made.verdict('<think>hm</think>{"reason": "ok", "verdict": 9}')
    assert thinking.value == 9 and thinking.reasoning == "hm"


def test_no_reader_means_no_schema() -> None:
    assert structured_verdict(None, None) is None


def test_each_dialect_puts_the_schema_where_its_servers_look() -> None:
    schema = {"type": "object", "properties": {}, "required": []}
    for name in FORMATS:
        assert requested_schema(structured_params(name, schema)) == (name, schema)
    made = structured_verdict("score", None)
    assert made is not None
    reason = made.schema["properties"]["reason"]
    assert reason["maxLength"] == REASON_LIMIT  # grammars bound it: the verdict always fits
    strict = structured_params("json_schema", made.schema)["response_format"]["json_schema"]
    assert "maxLength" not in strict["schema"]["properties"]["reason"]  # OpenAI refuses it
    with pytest.raises(ValueError):
        structured_params("xml", schema)


def _schema_reply(body: dict[str, Any]) -> str:
    asked = requested_schema(body)
    if asked is None:
        return "The answer is mostly right."  # a small model drifting from [[n]]
    return json.dumps(fill_schema(asked[1], lambda values: values[len(values) // 2]))


@pytest.mark.parametrize("dialect", FORMATS)
def test_a_run_with_structured_verdicts_reads_every_row(tmp_path: Path, dialect: str) -> None:
    with FakeOpenAI(reply=_schema_reply, models=["judge-small"]) as fake:
        project = make_project(
            tmp_path / "p", fake.base_url, rows=6, structured=True, structured_format=dialect
        )
        summary = run(project)
        assert summary.progress.ok == 6 and summary.progress.unparsed == 0
        assert all(requested_schema(body) is not None for body in fake.requests)
        asked = requested_schema(fake.requests[0])
        assert asked is not None and asked[0] == dialect
        assert asked[1]["properties"]["verdict"]["enum"] == list(range(1, 11))
        with Store(project.store_path) as store:
            replies = list(store.replies("judge"))
        assert replies and all(json.loads(content)["verdict"] == 6 for content, _ in replies)
        # Without structured verdicts the same judge's replies hold no verdict, and say why.
        project.judges[0].structured = False
        project.save()
        free = run(project)
        assert free.progress.unparsed == 6


def _probe_reply(body: dict[str, Any]) -> str:
    asked = requested_schema(body)
    return json.dumps(fill_schema(asked[1])) if asked else '{"answer": "maybe"}'


def test_the_probe_finds_the_dialect_a_server_honours() -> None:
    quirks = Quirks(refuse_formats=("json_schema",))
    with FakeOpenAI(reply=_probe_reply, models=["m"], quirks=quirks) as fake:

        async def probe() -> Any:
            async with OpenAIClient(fake.base_url) as client:
                return await find_format(client, "m")

        finding = asyncio.run(probe())
        assert finding.format == "json_object"
        assert finding.tried[0][1].startswith("refused (400)")
        assert "json_object" in finding.describe()
        first = asyncio.run(find_format_at(fake.base_url, "m", first="format"))
        assert first.format == "format" and len(first.tried) == 1


def test_a_server_that_ignores_every_dialect_falls_back_to_free_text() -> None:
    with FakeOpenAI(reply=lambda body: "Yes, water is wet.", models=["m"]) as fake:
        finding = asyncio.run(find_format_at(fake.base_url, "m"))
    assert finding.format is None
    assert len(finding.tried) == len(FORMATS)
    assert "free text" in finding.describe()


def test_a_server_that_cannot_be_reached_stops_the_probe_at_once() -> None:
    finding = asyncio.run(find_format_at("http://127.0.0.1:9/v1", "m"))
    assert finding.format is None and len(finding.tried) == 1
