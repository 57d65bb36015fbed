"""Verdicts with their probabilities: read from the tokens' log-probabilities of a reply."""

from __future__ import annotations

import copy
import csv
import json
import math
from pathlib import Path
from typing import Any

import pytest

from judgedesk.cli import main
from judgedesk.core.judge import (
    NO_PROBABILITIES,
    ChatReply,
    ChatRequest,
    OpenAIClient,
    VerdictRule,
    parse_verdict,
    read_probabilities,
    read_with_rule,
    with_probabilities,
)
from judgedesk.core.project.settings import load_project
from judgedesk.core.report.judges import ProbabilityFigures
from judgedesk.core.run import Store
from judgedesk.core.run.probability_steps import combine_probabilities, mirrored
from tests.core.test_pipeline import make_project, run
from tests.support.fake_openai import FakeOpenAI, Quirks

SCALE = {"min": 1, "max": 10}
MESSAGES = [{"role": "user", "content": "Rate item 1. Score: [[n]]"}]


def token(text: str, p: float, alternatives: dict[str, float] | None = None) -> dict[str, Any]:
    """One token as OpenAI gives it, its alternatives as probabilities (logged here)."""
    top = {text: p, **(alternatives or {})}
    return {
        "token": text,
        "logprob": math.log(p),
        "top_logprobs": [{"token": t, "logprob": math.log(q)} for t, q in top.items()],
    }


def plain(*texts: str) -> list[dict[str, Any]]:
    """Tokens sampled for sure, with no alternatives."""
    return [token(text, 1.0) for text in texts]


def read(parser: str, tokens: list[dict[str, Any]], options: dict[str, Any] | None = None) -> Any:
    content = "".join(entry["token"] for entry in tokens)
    verdict = parse_verdict(parser, content, options=options)
    found = read_probabilities(verdict, parser, tokens, options=options)
    return verdict, found, with_probabilities(verdict, found)


# --- scores ---------------------------------------------------------------------------------


def test_a_score_becomes_the_expected_score_with_the_sampled_one_beside() -> None:
    tokens = [
        *plain("Fine", ".\n", "Score", ":", " [["),
        token("8", 0.6, {"7": 0.3, "9": 0.05, "the": 0.05}),
        *plain("]]"),
    ]
    sampled, found, verdict = read("score", tokens, SCALE)
    assert sampled.value == 8 and found.sampled == "8" and found.ok
    assert found.probabilities == pytest.approx(
        {"8": 0.6 / 0.95, "7": 0.3 / 0.95, "9": 0.05 / 0.95}, abs=1e-12
    )
    assert found.expected == pytest.approx(7.35 / 0.95, abs=1e-9)
    assert found.confidence == pytest.approx(0.6 / 0.95, abs=1e-9)
    assert verdict.ok and verdict.value == pytest.approx(7.35 / 0.95, abs=1e-9)
    assert verdict.label == "8"


def test_a_score_of_two_tokens_is_read_when_the_first_token_allows() -> None:
    tokens = [
        *plain("Score", ":", " [["),
        token("1", 0.5, {"9": 0.3, "8": 0.2}),
        token("0", 0.7, {"]]": 0.2, "5": 0.1}),
        *plain("]]"),
    ]
    _, found, verdict = read("score", tokens, SCALE)
    # 10 = "1" then "0"; 1 = "1" then the end of the number; 15 is off the scale.
    assert found.probabilities == pytest.approx(
        {"10": 0.35 / 0.95, "9": 0.3 / 0.95, "8": 0.2 / 0.95, "1": 0.1 / 0.95}, abs=1e-12
    )
    assert found.expected == pytest.approx(7.9 / 0.95, abs=1e-9)
    assert found.confidence == pytest.approx(0.35 / 0.95, abs=1e-9)
    assert verdict.value == pytest.approx(7.9 / 0.95, abs=1e-9)


def test_a_sampled_score_outside_the_scale_gives_way_to_the_alternatives_on_it() -> None:
    tokens = [*plain("Score", ":", " [["), token("12", 0.5, {"10": 0.3, "9": 0.2}), *plain("]]")]
    sampled, found, verdict = read("score", tokens, SCALE)
    assert not sampled.ok
    assert found.sampled == "12" and found.confidence == 0.0
    assert found.probabilities == pytest.approx({"10": 0.6, "9": 0.4}, abs=1e-12)
    assert verdict.ok and verdict.value == pytest.approx(9.6, abs=1e-9)
    assert "outside the scale" in verdict.reason


# --- pairs and labels -------------------------------------------------------------------------


def test_a_pair_in_one_token_gets_the_probability_that_b_is_better() -> None:
    tokens = [
        *plain("B", " explains", ".\n", "[["),
        token("B>A", 0.5, {"B>>A": 0.2, "A=B": 0.2, "A>B": 0.1}),
        *plain("]]"),
    ]
    sampled, found, verdict = read("comparison", tokens)
    assert found.b_better == pytest.approx(0.7, abs=1e-9)
    assert found.expected == pytest.approx(3.8, abs=1e-9)
    assert found.confidence == pytest.approx(0.5, abs=1e-9)
    assert verdict == sampled  # the pair keeps its sampled place on the scale


def test_a_pair_over_several_tokens_multiplies_along_the_sampled_path() -> None:
    tokens = [
        *plain("[["),
        token("B", 0.7, {"A": 0.3}),  # "A" alone could still be A>>B, A>B or A=B
        token(">", 0.6, {">>": 0.4}),
        token("A", 0.9, {">": 0.1}),
        *plain("]]"),
    ]
    _, found, _ = read("comparison", tokens)
    strong, plain_b = 0.7 * 0.4 + 0.7 * 0.6 * 0.1, 0.7 * 0.6 * 0.9
    total = strong + plain_b
    assert found.probabilities == pytest.approx(
        {"B>>A": strong / total, "B>A": plain_b / total}, abs=1e-12
    )
    assert found.b_better == pytest.approx((strong + 0.75 * plain_b) / total, abs=1e-9)
    assert found.expected == pytest.approx((5 * strong + 4 * plain_b) / total, abs=1e-9)


def test_a_label_becomes_the_most_probable_one() -> None:
    tokens = [
        *plain("The", " response", " is", " right", ".\n"),
        token("A", 0.4, {"B": 0.55, "C": 0.05}),
    ]
    sampled, found, verdict = read("correctness", tokens)
    assert sampled.value is True
    assert found.probabilities == pytest.approx({"A": 0.4 / 0.95, "B": 0.55 / 0.95}, abs=1e-12)
    assert verdict.label == "B" and verdict.value is False
    assert found.confidence == pytest.approx(0.55 / 0.95, abs=1e-9)


def test_an_mtbench_verdict_names_its_comparison() -> None:
    tokens = [*plain("[["), token("C", 0.5, {"B": 0.25, "A": 0.25}), *plain("]]")]
    _, found, _ = read("mtbench_pair", tokens)
    assert found.probabilities == pytest.approx({"A=B": 0.5, "B>A": 0.25, "A>B": 0.25})
    assert found.b_better == pytest.approx(0.5, abs=1e-9)


# --- bad input --------------------------------------------------------------------------------


def _score_tokens(verdict: dict[str, Any]) -> list[dict[str, Any]]:
    return [*plain("Score", ":", " [["), verdict, *plain("]]")]


@pytest.mark.parametrize(
    ("tokens", "note"),
    [
        (plain("Score", ": [[", "8", "]]", " extra"), "do not make the reply"),
        (plain("Score", ": [["), "do not make the reply"),  # fewer tokens than the reply
        (_score_tokens({**token("8", 0.6), "logprob": float("nan")}), "not a number at or below 0"),
        (_score_tokens({**token("8", 0.6), "logprob": 0.5}), "not a number at or below 0"),
        (_score_tokens({**token("8", 0.6), "logprob": "high"}), "is not a number"),
        (_score_tokens({**token("8", 0.6, {"x": 0.4}), "token": None}), "not text"),
        (None, NO_PROBABILITIES),
    ],
)
def test_bad_logprobs_keep_the_sampled_verdict_and_say_why(
    tokens: list[dict[str, Any]] | None, note: str
) -> None:
    verdict = parse_verdict("score", "Score: [[8]]", options=SCALE)
    found = read_probabilities(verdict, "score", tokens, options=SCALE)
    assert not found.ok and note in found.note and found.sampled == "8"
    assert with_probabilities(verdict, found) == verdict


def test_alternatives_naming_no_allowed_verdict_keep_the_sampled_one() -> None:
    tokens = _score_tokens(token("12", 0.5, {"13": 0.3, "x": 0.2}))
    verdict, found, kept = read("score", tokens, SCALE)
    assert found.note == "no alternative at the verdict is a verdict the reader allows"
    assert kept == verdict and not kept.ok


def test_a_verdict_written_another_way_is_not_readable_here() -> None:
    tokens = [*plain("[["), token("B<A", 0.9, {"B>A": 0.1}), *plain("]]")]
    verdict, found, kept = read("comparison", tokens)
    assert verdict.label == "A>B" and found.note == "probabilities not readable here"
    assert kept == verdict


# --- the client and a run ---------------------------------------------------------------------

RECORDED = [*plain("Good", ".", " Score", ":", " [["), token("7", 0.5, {"8": 0.5}), *plain("]]")]


def _answer(body: dict[str, Any]) -> dict[str, Any]:
    return {"content": "".join(t["token"] for t in RECORDED), "logprobs": RECORDED}


def _client(fake: FakeOpenAI) -> OpenAIClient:
    return OpenAIClient(fake.base_url, backoff=0.01, max_backoff=0.05, timeout=5.0, max_retries=0)


@pytest.mark.asyncio
@pytest.mark.parametrize("stream", [True, False])
async def test_the_client_asks_for_logprobs_and_keeps_them(stream: bool) -> None:
    with FakeOpenAI(reply=_answer) as fake:
        async with _client(fake) as judge:
            reply = await judge.chat(ChatRequest(MESSAGES, "m", {}, stream, logprobs=True))
    assert fake.requests[0]["logprobs"] is True and fake.requests[0]["top_logprobs"] == 20
    assert reply.logprobs == RECORDED
    assert ChatReply.from_dict(reply.to_dict()).logprobs == RECORDED


@pytest.mark.asyncio
@pytest.mark.parametrize("stream", [True, False])
async def test_a_server_refusing_logprobs_is_asked_again_without_them(stream: bool) -> None:
    with FakeOpenAI(reply=_answer, quirks=Quirks(reject_logprobs=True)) as fake:
        async with _client(fake) as judge:
            reply = await judge.chat(ChatRequest(MESSAGES, "m", {}, stream, logprobs=True))
    assert reply.attempts == 2 and reply.logprobs is None
    assert "logprobs" not in fake.requests[-1] and "top_logprobs" not in fake.requests[-1]


def test_asking_for_probabilities_changes_the_request_and_its_key() -> None:
    asked = ChatRequest(MESSAGES, "m", {}, logprobs=True)
    assert "logprobs" not in ChatRequest(MESSAGES, "m", {}).body()
    assert asked.cache_key("http://x/v1") != ChatRequest(MESSAGES, "m", {}).cache_key("http://x/v1")


def _detail_step(project: Any) -> tuple[Any, dict[str, Any]]:
    with Store(project.store_path) as store:
        result = store.latest_results()[0]
    return result, result.detail["judges"][0]


@pytest.mark.parametrize("refuse", [False, True])
def test_a_run_keeps_the_probabilities_in_the_row_detail(tmp_path: Path, refuse: bool) -> None:
    with FakeOpenAI(reply=_answer, quirks=Quirks(reject_logprobs=refuse)) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=1, probabilities=True)
        figures = run(project).to_dict()
    assert figures["ok"] == 1
    result, step = _detail_step(project)
    assert step["sampled"] == "7"
    if refuse:
        assert step["probability_note"] == NO_PROBABILITIES and result.value == 7
        return
    assert step["probabilities"] == pytest.approx({"7": 0.5, "8": 0.5})
    assert step["expected"] == pytest.approx(7.5, abs=1e-9) and result.value == pytest.approx(7.5)
    assert step["confidence"] == pytest.approx(0.5, abs=1e-9)


def test_reasoning_before_the_answer_is_passed_over() -> None:
    tokens = [*plain("<think>", "Seven", " or", " eight", "</think>", "\n", "Score", ": [[")]
    tokens += [token("7", 0.75, {"8": 0.25}), *plain("]]")]
    verdict, found, _ = read("score", tokens, SCALE)
    assert verdict.reasoning and found.expected == pytest.approx(7.25, abs=1e-9)


def test_judgedesk_new_sets_the_judge_to_read_probabilities(tmp_path: Path) -> None:
    data = tmp_path / "qa.jsonl"
    row = {"question": "What is 2+2?", "ref_answer": "4", "response": {"content": "4"}}
    data.write_text(json.dumps(row) + "\n", encoding="utf-8")
    judge = ["--judge-url", "http://127.0.0.1:9/v1", "--judge-model", "m"]
    for name, flags in (("on", ["--verdict-probabilities"]), ("off", [])):
        assert main(["new", str(tmp_path / name), "--dataset", str(data), *judge, *flags]) == 0
    on, off = load_project(tmp_path / "on"), load_project(tmp_path / "off")
    assert on.judges[0].probabilities is True and off.judges[0].probabilities is False
    assert "probabilities = true" in on.settings_path.read_text(encoding="utf-8")


def test_samples_combine_their_probabilities_by_mean(tmp_path: Path) -> None:
    answers = iter(
        [
            [*plain("Score", ": [["), token("7", 0.5, {"8": 0.5}), *plain("]]")],
            [*plain("Score", ": [["), token("8", 0.9, {"9": 0.1}), *plain("]]")],
        ]
    )

    def reply(body: dict[str, Any]) -> dict[str, Any]:
        tokens = next(answers)
        return {"content": "".join(t["token"] for t in tokens), "logprobs": tokens}

    with FakeOpenAI(reply=reply) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=1, probabilities=True, samples=2)
        assert run(project).to_dict()["ok"] == 1
    result, step = _detail_step(project)
    assert step["probabilities"] == pytest.approx({"7": 0.25, "8": 0.7, "9": 0.05}, abs=1e-12)
    assert step["expected"] == pytest.approx(7.8, abs=1e-9)
    assert step["confidence"] == pytest.approx(0.7, abs=1e-9)
    assert result.value == pytest.approx(7.8)
    assert sorted(s["expected"] for s in step["samples"]) == pytest.approx([7.5, 8.1])


def test_samples_of_labels_give_the_most_probable_over_all() -> None:
    step: dict[str, Any] = {"judge": "j"}
    parts = [
        {"sampled": "A", "probabilities": {"A": 0.6, "B": 0.4}, "confidence": 0.6},
        {"sampled": "A", "probabilities": {"A": 0.55, "B": 0.45}, "confidence": 0.55},
        {"sampled": "B", "probabilities": {"A": 0.1, "B": 0.9}, "confidence": 0.9},
    ]
    best = combine_probabilities(step, parts)  # type: ignore[arg-type]
    # A wins two samples of three, but B is the more probable over the three.
    assert best == "B"
    assert step["probabilities"] == pytest.approx({"A": 1.25 / 3, "B": 1.75 / 3}, abs=1e-12)


def test_both_orders_of_a_pair_combine_with_the_second_mirrored() -> None:
    first = {"sampled": "B>A", "probabilities": {"B>A": 0.8, "A=B": 0.2}, "expected": 3.8}
    first |= {"b_better": 0.7, "confidence": 0.8}
    # Swapped, the judge preferred the first shown answer: the original B.
    second = {"sampled": "A>B", "probabilities": {"A>B": 0.6, "A>>B": 0.4}, "expected": 1.6}
    second |= {"b_better": 0.15, "confidence": 0.6}
    step: dict[str, Any] = {"judge": "j"}
    best = combine_probabilities(step, [first, mirrored(second)], "orders")  # type: ignore[arg-type]
    assert step["probabilities"] == pytest.approx({"B>A": 0.7, "A=B": 0.1, "B>>A": 0.2}, abs=1e-12)
    assert step["b_better"] == pytest.approx((0.7 + 0.85) / 2, abs=1e-9)
    assert step["expected"] == pytest.approx((3.8 + 4.4) / 2, abs=1e-9)
    assert best == "B>A"


def test_a_call_without_probabilities_leaves_none_combined() -> None:
    step: dict[str, Any] = {"judge": "j", "expected": 3.0}
    parts = [{"sampled": "7", "probabilities": {"7": 1.0}}, {"probability_note": NO_PROBABILITIES}]
    assert combine_probabilities(step, parts) is None  # type: ignore[arg-type]
    assert "expected" not in step and NO_PROBABILITIES in step["probability_note"]


def test_report_json_gives_the_expected_mean_beside_the_sampled_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with FakeOpenAI(reply=_answer) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=2, probabilities=True)
        assert run(project).to_dict()["ok"] == 2
    capsys.readouterr()
    assert main(["report", str(project.root), "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    judge = next(j for j in shown["judges"] if j["name"] == "judge")
    assert judge["probabilities"] == {
        "rows": 2,
        "not_read": 0,
        "mean_confidence": pytest.approx(0.5),
        "mean_expected_score": pytest.approx(7.5),
        "mean_sampled_score": 7.0,
    }


def test_pairs_give_a_weighted_win_rate_beside_the_counted_one() -> None:
    figures = ProbabilityFigures()
    figures.add({"judge": "j", "sampled": "B>A", "probabilities": {"B>A": 1.0}, "b_better": 0.7}, 3)
    figures.add({"judge": "j", "sampled": "A>B", "probabilities": {"A>B": 1.0}, "b_better": 0.4}, 1)
    figures.add({"judge": "j", "sampled": "A>B", "probability_note": NO_PROBABILITIES}, 1)
    shown = figures.to_dict()
    assert shown["weighted_win_rate"] == pytest.approx((3 * 0.7 + 0.4) / 4, abs=1e-12)
    assert shown["counted_win_rate"] == 0.75 and shown["not_read"] == 1


def test_exports_carry_the_probabilities(tmp_path: Path) -> None:
    with FakeOpenAI(reply=_answer) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=1, probabilities=True)
        assert run(project).to_dict()["ok"] == 1
    table, lines = tmp_path / "rows.csv", tmp_path / "rows.jsonl"
    assert main(["export", str(project.root), "--out", str(table), "--format", "csv"]) == 0
    assert main(["export", str(project.root), "--out", str(lines), "--format", "jsonl"]) == 0
    with table.open(encoding="utf-8-sig", newline="") as handle:
        row = next(csv.DictReader(handle))
    assert row["judge.sampled"] == "7" and float(row["judge.expected"]) == pytest.approx(7.5)
    assert json.loads(row["judge.probabilities"]) == pytest.approx({"7": 0.5, "8": 0.5})
    assert row["judge.verdict"] == "7.5"
    judge = json.loads(lines.read_text(encoding="utf-8").splitlines()[0])["judges"][0]
    assert judge["confidence"] == pytest.approx(0.5) and judge["sampled"] == "7"


def test_a_verdict_rule_reads_probabilities_over_its_map() -> None:
    rule = VerdictRule.from_table(
        {"kind": "pairwise", "pattern": r"Output \((a|b)\)", "map": {"a": "A>B", "b": "B>A"}}
    )
    tokens = [*plain("Output", " ("), token("b", 0.6, {"a": 0.3, "c": 0.1}), *plain(")")]
    content = "".join(t["token"] for t in tokens)
    verdict = read_with_rule(rule, content)
    found = read_probabilities(verdict, rule, tokens)
    assert found.sampled == "B>A"  # the rule's "b", on the comparison scale
    assert found.probabilities == pytest.approx({"B>A": 2 / 3, "A>B": 1 / 3}, abs=1e-12)
    assert found.b_better == pytest.approx(2 / 3 * 0.75 + 1 / 3 * 0.25, abs=1e-9)


def test_a_score_rule_gives_the_expected_score() -> None:
    rule = VerdictRule.from_table({"kind": "score", "pattern": r"Grade: (\d+)", "max": 5})
    tokens = [*plain("Grade", ":", " "), token("4", 0.5, {"5": 0.25, "3": 0.25})]
    verdict = read_with_rule(rule, "".join(t["token"] for t in tokens))
    found = read_probabilities(verdict, rule, tokens)
    assert with_probabilities(verdict, found).value == pytest.approx(4.0, abs=1e-9)
    assert found.probabilities == pytest.approx({"4": 0.5, "5": 0.25, "3": 0.25})


def test_several_judges_combine_their_probabilities_by_mean(tmp_path: Path) -> None:
    def reply(body: dict[str, Any]) -> dict[str, Any]:
        sure = 0.5 if body["model"] == "first" else 0.9
        tokens = [*plain("Score", ": [["), token("7", sure, {"8": 1 - sure}), *plain("]]")]
        return {"content": "".join(t["token"] for t in tokens), "logprobs": tokens}

    with FakeOpenAI(reply=reply) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=1, probabilities=True)
        second = copy.deepcopy(project.judges[0])
        project.judges[0].model, second.name, second.model = "first", "other", "second"
        project.judges.append(second)
        project.run.aggregate = "mean"
        project.save()
        assert run(project).to_dict()["ok"] == 1
    with Store(project.store_path) as store:
        result = store.latest_results()[0]
    assert result.detail["probabilities"] == pytest.approx({"7": 0.7, "8": 0.3}, abs=1e-12)
    assert result.detail["expected"] == pytest.approx(7.3, abs=1e-9)
    assert result.value == pytest.approx(7.3)  # the mean of the judges' expected scores
