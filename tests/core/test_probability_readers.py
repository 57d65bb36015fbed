"""Verdict probabilities for every way a verdict is read: the published readers, at the
very place the reader found the verdict, and at the value of a structured (JSON) verdict."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from judgedesk.core.judge import (
    VerdictRule,
    read_probabilities,
    read_with_rule,
    structured_verdict,
)
from judgedesk.core.run import Store
from tests.core.test_pipeline import make_project, run
from tests.core.test_verdict_probabilities import plain, read, token
from tests.support.fake_openai import FakeOpenAI

SCALE = {"min": 1, "max": 10}


def test_prometheus_comparisons_read_their_letter() -> None:
    tokens = [*plain("Feedback", ": B cites it.", " [RESULT]", " "), token("B", 0.7, {"A": 0.3})]
    verdict, found, _ = read("prometheus_pair", tokens)
    assert verdict.label == "B>A" and found.ok
    assert found.probabilities == pytest.approx({"B>A": 0.7, "A>B": 0.3}, abs=1e-12)
    assert found.b_better == pytest.approx(0.7 * 0.75 + 0.3 * 0.25, abs=1e-9)
    assert found.confidence == pytest.approx(0.7, abs=1e-9)


def test_llmbar_reads_the_output_letter() -> None:
    tokens = [*plain("Output", " ("), token("b", 0.8, {"a": 0.15, "c": 0.05}), *plain(")")]
    _, found, _ = read("llmbar", tokens)
    assert found.probabilities == pytest.approx({"B>A": 0.8 / 0.95, "A>B": 0.15 / 0.95})
    assert found.b_better == pytest.approx((0.8 * 0.75 + 0.15 * 0.25) / 0.95, abs=1e-9)


def test_judgelm_compares_the_two_scores_probabilities() -> None:
    tokens = [token("8", 0.5, {"7": 0.5}), *plain(" "), token("6", 0.5, {"8": 0.5})]
    tokens += plain("\n", "Both answer; the first is fuller.")
    verdict, found, _ = read("judgelm", tokens)
    assert verdict.label == "A>B"
    # By hand: A's 8 or 7 against B's 6 or 8, each one half: A>B 8-6 and 7-6, A=B 8-8,
    # B>A 7-8.
    assert found.probabilities == pytest.approx({"A>B": 0.5, "A=B": 0.25, "B>A": 0.25})
    assert found.b_better == pytest.approx(0.5 * 0.25 + 0.25 * 0.5 + 0.25 * 0.75, abs=1e-9)
    assert found.confidence == pytest.approx(0.5, abs=1e-9)


def test_a_score_is_read_where_the_reader_found_it_not_where_its_number_comes_last() -> None:
    tokens = [*plain("Score", ": [["), token("7", 0.6, {"8": 0.4}), *plain("]]", " All")]
    tokens += plain(" 7", " steps", " hold", ".")
    _, found, after = read("score", tokens, SCALE)
    assert found.confidence == pytest.approx(0.6, abs=1e-9)
    assert after.value == pytest.approx(7.4, abs=1e-9)


def test_a_rule_taking_the_first_verdict_is_read_at_the_first() -> None:
    rule = VerdictRule.from_table(
        {"kind": "score", "pattern": r"Grade: (\d)", "max": 5, "pick": "first"}
    )
    tokens = [*plain("Grade", ": "), token("4", 0.5, {"5": 0.5}), *plain(". Again, Grade", ": ")]
    tokens += [token("4", 0.9, {"3": 0.1}), *plain(".")]
    verdict = read_with_rule(rule, "".join(t["token"] for t in tokens))
    found = read_probabilities(verdict, rule, tokens)
    assert found.probabilities == pytest.approx({"4": 0.5, "5": 0.5}, abs=1e-12)


def _json_tokens(verdict: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        *plain('{"', "reason", '":', ' "', "All", " 7", " steps", " hold", '",', ' "verdict', '":'),
        *plain(" "),
        verdict,
        *plain("}"),
    ]


def test_a_structured_verdict_is_read_at_its_value() -> None:
    structured = structured_verdict("score", None, SCALE)
    assert structured is not None
    # A server that puts the reason last: the 7 written in it is not the verdict.
    tokens = [*plain('{"verdict', '": '), token("7", 0.6, {"8": 0.3, "9": 0.1})]
    tokens += plain(', "reason', '": "', "All", " 7", " steps", '"}')
    verdict = structured.verdict("".join(t["token"] for t in tokens))
    assert structured.reader is not None
    found = read_probabilities(verdict, structured.reader, tokens, options=structured.options)
    assert found.expected == pytest.approx(7 * 0.6 + 8 * 0.3 + 9 * 0.1, abs=1e-9)
    assert found.confidence == pytest.approx(0.6, abs=1e-9)


def test_a_structured_rule_verdict_is_read_at_its_value() -> None:
    rule = VerdictRule.from_table(
        {"kind": "pairwise", "pattern": r"(better|worse)", "map": {"better": "B>A", "worse": "A>B"}}
    )
    structured = structured_verdict(None, rule)
    assert structured is not None
    tokens = [*plain('{"reason": "B is better", "verdict": "')]
    tokens += [token("worse", 0.25, {"better": 0.75}), *plain('"}')]
    verdict = structured.verdict("".join(t["token"] for t in tokens))
    found = read_probabilities(verdict, rule, tokens)
    assert verdict.label == "A>B"
    assert found.probabilities == pytest.approx({"A>B": 0.25, "B>A": 0.75}, abs=1e-12)


def test_a_structured_run_keeps_the_expected_score_and_confidence(tmp_path: Path) -> None:
    def reply(body: dict[str, Any]) -> dict[str, Any]:
        assert body["response_format"]["type"] == "json_schema"
        tokens = _json_tokens(token("7", 0.75, {"8": 0.25}))
        return {"content": "".join(t["token"] for t in tokens), "logprobs": tokens}

    with FakeOpenAI(reply=reply) as fake:
        project = make_project(
            tmp_path / "p",
            fake.base_url,
            rows=2,
            probabilities=True,
            structured=True,
            structured_format="json_schema",
        )
        assert run(project).to_dict()["ok"] == 2
    with Store(project.store_path) as store:
        results = store.latest_results()
    for result in results.values():
        step = result.detail["judges"][0]
        assert step["expected"] == pytest.approx(7.25, abs=1e-9)
        assert step["confidence"] == pytest.approx(0.75, abs=1e-9)
        assert result.value == pytest.approx(7.25)
        assert json.loads(step["sampled"]) == 7
