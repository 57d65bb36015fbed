"""A model file decoding several rows together: the same verdicts, Stop and resume, bad rows."""

from __future__ import annotations

import asyncio
import json
import math
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from judgedesk.core.dataset import open_dataset
from judgedesk.core.judge.base import ChatRequest
from judgedesk.core.judge.local_file import LocalFileClient
from judgedesk.core.project.settings import Project
from judgedesk.core.run.pipeline import Run, run_project
from judgedesk.core.run.store import Store
from tests.support.local_projects import make_local_project


def run(project: Project, **options: Any) -> Any:
    with open_dataset(project.dataset_path()) as dataset:
        return asyncio.run(run_project(project, dataset, **options))


def replies(project: Project) -> dict[str, str]:
    """Each stored call's reply by its cache key (the same request in any project)."""
    with sqlite3.connect(project.store_path) as db:
        found = db.execute("SELECT key, json_extract(reply, '$.content') FROM calls")
        return {key: str(content) for key, content in found}


@pytest.mark.timeout(900)  # 40 rows on a laptop's CPU
def test_four_rows_at_once_give_the_verdicts_of_one_at_a_time(
    tmp_path: Path, model_file: Path
) -> None:
    alone = make_local_project(tmp_path / "alone", model_file, 20, parallel=1)
    together = make_local_project(tmp_path / "together", model_file, 20, parallel=4)
    first, second = run(alone), run(together)
    assert first.progress.ok == 20 and second.progress.ok == 20
    assert second.progress.unparsed == 0 and second.progress.failed == 0
    one, four = replies(alone), replies(together)
    assert one.keys() == four.keys() and len(four) == 20  # the same prompts
    verdicts = [json.loads(reply, strict=False)["verdict"] for reply in four.values()]
    assert all(1 <= verdict <= 10 for verdict in verdicts)
    # Each sequence keeps its own memory, so its arithmetic is that of a row decoded
    # alone: at temperature 0 the replies are the same, and any that differ are listed.
    differing = sorted(key for key in one if one[key] != four[key])
    same_reply = 1 - len(differing) / len(one)
    print(f"replies equal to one at a time: {same_reply:.0%}")
    for key in differing:
        print(f"differs: {key[:12]}: {one[key]!r} / {four[key]!r}")
    assert same_reply >= 0.9


@pytest.mark.timeout(600)
def test_stop_then_resume_asks_only_the_rows_not_answered(tmp_path: Path, model_file: Path) -> None:
    project = make_local_project(tmp_path / "p", model_file, 12, parallel=4)

    async def stop_after_some() -> Any:
        with open_dataset(project.dataset_path()) as dataset, Store(project.store_path) as store:
            run = Run(project, dataset, store)
            task = asyncio.ensure_future(run.execute())
            for _ in range(2400):  # wait for a few replies (a hang guard only)
                await asyncio.sleep(0.05)
                clients = [c.client for c in run._contexts if isinstance(c.client, LocalFileClient)]
                if clients and clients[0].stats.replies >= 3:
                    assert clients[0].stats.concurrency == 4
                    break
            run.cancel()
            return await asyncio.wait_for(task, 60)

    stopped = asyncio.run(stop_after_some())
    assert stopped.status == "cancelled" and stopped.progress.failed == 0
    answered = len(replies(project))
    assert 3 <= answered < 12
    again = run(project)
    assert again.status == "finished" and again.progress.ok == 12
    assert again.progress.cached == answered and again.progress.calls == 12 - answered
    assert len(replies(project)) == 12


def test_a_prompt_longer_than_its_context_fails_only_its_row(
    tmp_path: Path, model_file: Path
) -> None:
    project = make_local_project(tmp_path / "p", model_file, 6, parallel=3, context_size=1024)
    data = project.dataset_path()
    rows = [json.loads(line) for line in data.read_text(encoding="utf-8").splitlines()]
    rows[2]["question"] = "Why is the sky blue? " * 250  # far beyond 1024 tokens
    data.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    summary = run(project)
    assert summary.progress.ok == 5 and summary.progress.failed == 1
    with Store(project.store_path) as store:
        results = store.latest_results()
    failed = [r for r in results.values() if r.status != "ok"]
    assert len(failed) == 1 and failed[0].row_id == "q2"
    assert "exceed context window of 1024" in (failed[0].error or "")
    assert "context size" in (failed[0].error or "")


def test_rows_decoded_together_carry_their_token_probabilities(model_file: Path) -> None:
    client = LocalFileClient(model_file, context_size=1024, parallel=2)
    messages = [{"role": "user", "content": "Is Paris the capital of France? Say yes or no."}]

    async def ask() -> list[Any]:
        async with client:
            requests = [
                ChatRequest(
                    messages, "m", params={"temperature": 0, "max_tokens": 8}, logprobs=True
                ),
                ChatRequest(messages, "m", params={"temperature": 0, "max_tokens": 8}),
            ]
            return await asyncio.gather(*(client.chat(r) for r in requests))

    asked, plain = asyncio.run(ask())
    assert plain.logprobs is None and asked.content == plain.content
    tokens = asked.logprobs
    assert tokens and len(tokens) == asked.usage["completion_tokens"]
    assert "".join(t["token"] for t in tokens) == asked.content
    for token in tokens:
        top = token["top_logprobs"]
        assert len(top) == 20 and top[0]["logprob"] >= top[-1]["logprob"]
        assert token["logprob"] <= 0 and sum(math.exp(t["logprob"]) for t in top) <= 1.0001
    # At temperature 0 the first token is the most likely one (no penalty applies yet).
    assert tokens[0]["token"] == tokens[0]["top_logprobs"][0]["token"]


def test_a_structured_run_reads_an_expected_score_and_a_confidence_for_every_row(
    tmp_path: Path, model_file: Path
) -> None:
    project = make_local_project(tmp_path / "p", model_file, probabilities=True, parallel=4)
    with open_dataset(project.dataset_path()) as dataset:
        summary = asyncio.run(run_project(project, dataset))
    assert summary.status == "finished" and summary.progress.ok == 10
    with Store(project.store_path) as store:
        results = store.latest_results()
    assert len(results) == 10
    for result in results.values():
        step = result.detail["judges"][0]
        chances = step["probabilities"]
        # The schema's verdict value was read among its alternatives: scores 1 to 10.
        assert chances and set(chances) <= {str(n) for n in range(1, 11)}
        assert abs(sum(chances.values()) - 1.0) < 1e-9
        expected = sum(int(score) * p for score, p in chances.items())
        assert abs(step["expected"] - expected) < 1e-9
        assert 0.0 < step["confidence"] <= 1.0
        assert step["confidence"] == chances[str(step["sampled"])]


def test_one_row_at_a_time_still_gives_token_probabilities_when_asked(model_file: Path) -> None:
    client = LocalFileClient(model_file, context_size=1024, parallel=1, probabilities=True)
    messages = [{"role": "user", "content": "Is Paris the capital of France? Say yes or no."}]
    request = ChatRequest(messages, "m", params={"temperature": 0, "max_tokens": 8}, logprobs=True)

    async def ask() -> Any:
        async with client:
            return await client.chat(request)

    reply = asyncio.run(ask())
    assert client.stats.concurrency == 1
    tokens = reply.logprobs
    assert tokens and "".join(t["token"] for t in tokens) == reply.content
    assert all(len(t["top_logprobs"]) == 20 for t in tokens)
