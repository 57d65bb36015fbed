"""The pipeline end to end: real HTTP judge, real script workers, real SQLite."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from judgedesk.core.dataset import open_dataset
from judgedesk.core.judge.settings import JudgeSettings
from judgedesk.core.project.approvals import approve
from judgedesk.core.project.settings import Project, load_project
from judgedesk.core.run.pipeline import Run, RunSummary, run_project
from judgedesk.core.run.selection import Selection
from judgedesk.core.run.store import Store
from tests.support.fake_openai import FakeOpenAI, FaultPlan

ROWS = 12


def score_from_question(body: dict[str, Any]) -> str:
    """The fake judge scores each row by the number in its question (deterministic)."""
    prompt = body["messages"][-1]["content"]
    number = int(re.search(r"item (\d+)", prompt).group(1))  # type: ignore[union-attr]
    if number == 7:
        return "I cannot decide."  # row 7 is always unparsed
    return f"The answer is fine.\nScore: [[{number % 10 + 1}]]"


def item_number(body: dict[str, Any]) -> int:
    return int(re.search(r"item (\d+)", body["messages"][-1]["content"]).group(1))  # type: ignore[union-attr]


def make_project(root: Path, base_url: str, rows: int = ROWS, **judge: Any) -> Project:
    data = root / "data" / "items.jsonl"
    data.parent.mkdir(parents=True)
    with data.open("w", encoding="utf-8") as handle:
        for i in range(rows):
            record = {
                "id": f"r{i}",
                "question": f"What about item {i}?",
                "ref_answer": f"ref {i}",
                "response": {"content": f"answer {i}"},
            }
            handle.write(json.dumps(record) + "\n")
    project = Project(root=root, name="items")
    project.dataset.path = "data/items.jsonl"
    project.variables = {"min_score": 1, "max_score": 10}
    settings = {
        "name": "judge",
        "base_url": base_url,
        "model": "judge-small",
        "template": "templates/judge.j2",
        "parser": "score",
        "concurrency": 4,
    }
    settings.update(judge)
    project.judges = [JudgeSettings(**settings)]
    project.save()
    project.write_template(
        project.judges[0],
        "Judge item: {{ data.question }}\nAnswer: {{ response.content }}\nScore: [[n]]",
    )
    approve(project)  # as a project made on this computer
    return project


@pytest.fixture
def server() -> Iterator[FakeOpenAI]:
    with FakeOpenAI(reply=score_from_question) as fake:
        yield fake


def run(project: Project, selection: Selection | None = None, **options: Any) -> Any:
    with open_dataset(project.dataset_path()) as dataset:
        return asyncio.run(run_project(project, dataset, selection, **options))


def test_a_run_judges_every_row_and_a_rerun_asks_nothing(
    tmp_path: Path, server: FakeOpenAI
) -> None:
    project = make_project(tmp_path / "p", server.base_url)
    summary = run(project)
    assert summary.status == "finished"
    figures = summary.to_dict()
    assert (figures["ok"], figures["unparsed"], figures["error"]) == (ROWS - 1, 1, 0)
    assert figures["calls"] == ROWS and len(server.requests) == ROWS
    expected = [i % 10 + 1 for i in range(ROWS) if i != 7]
    assert figures["mean_score"] == pytest.approx(sum(expected) / len(expected))
    said = summary.lines()  # what `judgedesk run` prints
    assert (
        said[0]
        == f"Run {summary.run_id} finished: {ROWS} rows — {ROWS - 1} ok, 0 errors, 1 unparsed"
    )
    assert f"  mean score: {figures['mean_score']:.3f}" in said
    assert said[-1].startswith(f"  judge calls: {ROWS} made, 0 reused; tokens ")
    cut = RunSummary.cut_short(dataclasses.replace(summary.progress, done=5, ok=4))
    assert cut.to_dict()["status"] == "cancelled" and cut.not_judged == ROWS - 5
    assert cut.stopped_line() == (
        f"Run {summary.run_id} stopped: 4 ok, 0 errors, 1 unparsed; {ROWS - 5} of {ROWS} rows "
        "not judged."
    )
    with Store(project.store_path) as store:
        latest = store.latest_results()
        assert latest[3].value == 4 and latest[3].row_id == "r3"
        assert latest[7].status == "unparsed" and "Score" in latest[7].error
        assert store.count_calls() == ROWS

    again = run(project).to_dict()
    assert again["calls"] == 0 and again["cached_calls"] == ROWS
    assert len(server.requests) == ROWS  # nothing asked twice


def test_selection_and_only_unparsed(tmp_path: Path, server: FakeOpenAI) -> None:
    project = make_project(tmp_path / "p", server.base_url)
    assert run(project, Selection.parse("0:5")).to_dict()["rows"] == 5
    assert run(project, Selection.parse("6:9")).to_dict()["unparsed"] == 1
    only = run(project, Selection(None, "unparsed")).to_dict()
    assert only["rows"] == 1 and only["cached_calls"] == 1
    assert Selection.parse("1,4,9").rows == (1, 4, 9)
    with pytest.raises(Exception, match="not a row selection"):
        Selection.parse("a:b")


def test_faults_are_retried_and_every_row_ends(tmp_path: Path) -> None:
    plan = FaultPlan(error_500=0.2, error_429=0.1, cut_stream=0.1, malformed=0.1, seed=3)
    with FakeOpenAI(reply=score_from_question, faults=plan) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=30, stream=True)
        project.judges[0].timeout = 5
        figures = run(project).to_dict()
        assert figures["rows"] == 30
        assert figures["ok"] + figures["error"] + figures["unparsed"] == 30
        assert figures["ok"] >= 27  # a few may exhaust their retries
        assert len(fake.requests) > 30  # retries happened
    with Store(project.store_path) as store:
        for result in store.latest_results().values():
            assert result.status in ("ok", "unparsed") or result.error


def test_a_dead_endpoint_fails_rows_with_the_reason(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p", "http://127.0.0.1:9/v1", rows=2)
    figures = run(project).to_dict()
    assert figures["error"] == 2
    with Store(project.store_path) as store:
        error = store.latest_results()[0].error
    assert "Nothing answered at http://127.0.0.1:9/v1" in error


SCRIPT_PRE = """
def preprocess(data, resp, **kwargs):
    if data["id"] == "r3":
        raise ValueError("row three is broken")
    data["shout"] = data["question"].upper()
    return len(resp["content"])
"""

SCRIPT_POST = """
def postprocess(judge_reqs, judge_resps, judge_models, data, resp, **kwargs):
    print("post", data["id"])
    assert kwargs["judge_resp"] is judge_resps[-1] or kwargs["judge_resp"] == judge_resps[-1]
    return {"r7": None}.get(data["id"], data["shout"][:4] + "|" + judge_resps[-1]["content"][-5:])
"""


def test_scripts_shape_the_result_and_a_broken_row_fails_alone(
    tmp_path: Path, server: FakeOpenAI
) -> None:
    project = make_project(tmp_path / "p", server.base_url, rows=6)
    project.write_template(
        project.judges[0],
        "Judge item: {{ data.question }} ({{ data.shout }}, {{ preprocess_result }})\nScore: [[n]]",
    )
    (project.root / "scripts").mkdir()
    project.script_path("preprocess").write_text(SCRIPT_PRE)
    project.script_path("postprocess").write_text(SCRIPT_POST)
    figures = run(project).to_dict()
    assert (figures["ok"], figures["error"]) == (5, 1)
    with Store(project.store_path) as store:
        latest = store.latest_results()
        assert latest[0].value == "WHAT|[[1]]"
        assert "row three is broken" in latest[3].error
        assert latest[3].detail["preprocess"]["kind"] == "exception"
        assert latest[1].detail["postprocess"]["stdout"] == "post r1\n"
    prompts = [r["messages"][-1]["content"] for r in server.requests]
    assert any("(WHAT ABOUT ITEM 0?, 8)" in p for p in prompts)


def test_a_postprocess_without_a_verdict_leaves_the_row_unparsed(
    tmp_path: Path, server: FakeOpenAI
) -> None:
    project = make_project(tmp_path / "p", server.base_url, rows=3)
    (project.root / "scripts").mkdir()
    project.script_path("postprocess").write_text(
        "def postprocess(judge_reqs, judge_resps, judge_models, data, resp, **kwargs):\n"
        "    return None if data['id'] == 'r1' else 'fine'\n"
    )
    summary = run(project)
    figures = summary.to_dict()
    assert (figures["ok"], figures["unparsed"], figures["error"]) == (2, 1, 0)
    assert "1 unparsed" in summary.lines()[0]
    with Store(project.store_path) as store:
        row = store.latest_results()[1]
    assert row.status == "unparsed" and "postprocess returned no verdict" in row.error


def test_recompute_uses_stored_replies_only(tmp_path: Path, server: FakeOpenAI) -> None:
    project = make_project(tmp_path / "p", server.base_url, rows=5)
    run(project)
    asked = len(server.requests)
    (project.root / "scripts").mkdir()
    project.script_path("postprocess").write_text(
        "def postprocess(judge_reqs, judge_resps, judge_models, data, resp, **kwargs):\n"
        "    return 'recomputed'\n"
    )
    figures = run(project, offline=True).to_dict()
    assert figures["ok"] == 5 and figures["calls"] == 0
    assert len(server.requests) == asked
    with Store(project.store_path) as store:
        assert {r.value for r in store.latest_results().values()} == {"recomputed"}


def test_offline_metric_judge_needs_no_server(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p", "http://127.0.0.1:9/v1", rows=4)
    project.judges = [JudgeSettings(name="exact", kind="metric", metric="contains")]
    project.save()
    rows = tmp_path / "p" / "data" / "items.jsonl"
    lines = [json.loads(x) for x in rows.read_text().splitlines()]
    lines[1]["response"]["content"] = "It is ref 1, surely"
    rows.write_text("".join(json.dumps(x) + "\n" for x in lines))
    figures = run(load_project(project.root)).to_dict()
    assert figures["ok"] == 4 and figures["accuracy"] == pytest.approx(0.25)


def test_cascade_asks_the_llm_only_when_the_rule_cannot_decide(
    tmp_path: Path, server: FakeOpenAI
) -> None:
    project = make_project(tmp_path / "p", server.base_url, rows=4)
    rule = JudgeSettings(
        name="rule", kind="metric", metric="exact", params={"undecided_when_false": True}
    )
    project.judges.insert(0, rule)
    project.run.cascade = True
    rows = project.dataset_path()
    lines = [json.loads(x) for x in rows.read_text().splitlines()]
    lines[2]["response"]["content"] = "ref 2"
    rows.write_text("".join(json.dumps(x) + "\n" for x in lines))
    project.save()
    run(project)
    asked = {item_number(r) for r in server.requests}
    assert asked == {0, 1, 3}
    with Store(project.store_path) as store:
        latest = store.latest_results()
        assert latest[2].value is True and latest[2].detail["decided_by_rule"]


def test_candidate_answers_rows_without_a_response(tmp_path: Path, server: FakeOpenAI) -> None:
    project = make_project(tmp_path / "p", server.base_url, rows=3)
    rows = project.dataset_path()
    lines = [json.loads(x) for x in rows.read_text().splitlines()]
    for line in lines:
        del line["response"]
    rows.write_text("".join(json.dumps(x) + "\n" for x in lines))
    project.candidate = JudgeSettings(
        name="candidate", base_url=server.base_url, model="judge-large", template=""
    )
    project.save()

    def reply(body: dict[str, Any]) -> str:
        if body["model"] == "judge-large":
            return "candidate says " + body["messages"][-1]["content"]
        return score_from_question(body)

    server.set_reply(reply)
    figures = run(load_project(project.root)).to_dict()
    assert figures["ok"] == 3 and figures["calls"] == 6
    judged = [r for r in server.requests if r["model"] == "judge-small"]
    assert all("candidate says What about item" in r["messages"][-1]["content"] for r in judged)
    assert run(load_project(project.root)).to_dict()["calls"] == 0


def test_the_api_key_is_sent_but_never_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    secret = "test-key-7f3a9c1e5b2d"
    monkeypatch.setenv("JUDGE_TEST_KEY", secret)
    caplog.set_level("DEBUG")
    with FakeOpenAI(reply=score_from_question, api_key=secret) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=3, api_key="env:JUDGE_TEST_KEY")
        assert run(project).to_dict()["ok"] == 3
        from judgedesk.cli import main

        assert main(["export", str(project.root), "--out", str(tmp_path / "p" / "out.jsonl")]) == 0
        assert main(["export", str(project.root), "--out", str(tmp_path / "p" / "out.csv")]) == 0
    for path in (tmp_path / "p").rglob("*"):
        if path.is_file():
            assert secret.encode() not in path.read_bytes(), path
    assert secret not in caplog.text


def test_pause_and_resume(tmp_path: Path) -> None:
    with FakeOpenAI(reply=score_from_question, latency=0.05) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=20, concurrency=2)

        async def scenario() -> tuple[int, int, str]:
            with Store(project.store_path) as store, open_dataset(project.dataset_path()) as data:
                run_ = Run(project, data, store)
                seen: list[int] = []
                run_.sig_row_finished.connect(lambda r: seen.append(r.index))
                task = asyncio.ensure_future(run_.execute())
                while len(seen) < 3:
                    await asyncio.sleep(0.01)
                run_.pause()
                # Requests already sent finish; nothing new is sent.
                client = run_._clients()[0]
                while client.stats.in_flight:
                    await asyncio.sleep(0.01)
                during = len(fake.requests)
                await asyncio.sleep(0.3)  # a window in which no new row may start
                after = len(fake.requests)
                run_.resume()
                summary = await task
                return during, after, summary.status

        during, after, status = asyncio.run(scenario())
        assert during == after and status == "finished"
