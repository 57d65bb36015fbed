"""A model file as the judge, in-process: the whole pipeline with a real small model."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from judgedesk.core.dataset import open_dataset
from judgedesk.core.judge.base import ChatRequest, JudgeCallError
from judgedesk.core.judge.gguf import read_model_file
from judgedesk.core.judge.local_file import LocalFileClient
from judgedesk.core.project.settings import Project
from judgedesk.core.run.dry_run import judge_one_row_blocking
from judgedesk.core.run.pipeline import Run, run_project
from judgedesk.core.run.store import Store
from tests.support.local_projects import make_local_project


def run(project: Project, **options: Any) -> Any:
    with open_dataset(project.dataset_path()) as dataset:
        return asyncio.run(run_project(project, dataset, **options))


def test_the_header_of_a_real_model_file(model_file: Path) -> None:
    model = read_model_file(model_file)
    assert model.architecture == "llama" and model.layers == 30
    assert model.chat_template and model.context_length == 8192


def test_structured_verdicts_make_every_reply_of_a_small_model_readable(
    tmp_path: Path, model_file: Path
) -> None:
    project = make_local_project(tmp_path / "p", model_file)
    summary = run(project)
    assert summary.status == "finished"
    assert summary.progress.ok == 10 and summary.progress.unparsed == 0
    with Store(project.store_path) as store:
        replies = [content for content, _ in store.replies("smol")]
        results = store.latest_results()
    assert len(replies) == 10
    assert all(1 <= json.loads(reply, strict=False)["verdict"] <= 10 for reply in replies)
    assert all(result.status == "ok" for result in results.values())
    # A second run asks the model nothing: every request is in the cache.
    again = run(project)
    assert again.progress.calls == 0 and again.progress.cached == 10


def test_without_structured_verdicts_the_unread_rows_say_why(
    tmp_path: Path, model_file: Path
) -> None:
    project = make_local_project(tmp_path / "p", model_file, structured=False)
    summary = run(project)
    assert summary.progress.unparsed >= 1  # a 135M model does not keep to [[n]]
    with Store(project.store_path) as store:
        unread = [r for r in store.latest_results().values() if r.status == "unparsed"]
    assert unread and all("Score: [[" in (r.error or "") for r in unread)


def test_a_run_killed_midway_resumes_without_asking_again(tmp_path: Path, model_file: Path) -> None:
    project = make_local_project(tmp_path / "p", model_file)
    env = {**os.environ, "JUDGEDESK_SETTINGS_DIR": os.environ["JUDGEDESK_SETTINGS_DIR"]}
    command = [sys.executable, "-m", "judgedesk", "run", str(project.root)]
    process = subprocess.Popen(command, env=env, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        stored = 0
        while stored < 3 and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.2)
            if project.store_path.exists():
                with Store(project.store_path) as store:
                    stored = len(list(store.replies("smol")))
        assert stored >= 3, "the run stored too few replies before it could be killed"
        process.send_signal(signal.SIGKILL)
    finally:
        process.wait(30)
    summary = run(project)
    assert summary.progress.ok + summary.progress.unparsed == 10
    assert summary.progress.cached >= stored and summary.progress.calls == 10 - stored
    with Store(project.store_path) as store:
        assert len(list(store.replies("smol"))) == 10  # each request asked once


def test_stop_ends_the_model_s_writing_at_once(tmp_path: Path, model_file: Path) -> None:
    project = make_local_project(
        tmp_path / "p",
        model_file,
        structured=False,
        params={"temperature": 1.0, "max_tokens": 4000, "seed": 3},
    )

    async def stop_midway() -> tuple[Any, LocalFileClient | None, float]:
        with open_dataset(project.dataset_path()) as dataset, Store(project.store_path) as store:
            run = Run(project, dataset, store)
            task = asyncio.ensure_future(run.execute())
            client: LocalFileClient | None = None
            for _ in range(600):  # wait for the model to be writing (a hang guard only)
                await asyncio.sleep(0.05)
                contexts = [c for c in run._contexts if isinstance(c.client, LocalFileClient)]
                client = contexts[0].client if contexts else None  # type: ignore[assignment]
                if client is not None and client.tokens_per_second > 0:
                    break
            stopped = time.monotonic()
            run.cancel()
            summary = await asyncio.wait_for(task, 60)
            return summary, client, time.monotonic() - stopped

    summary, client, seconds = asyncio.run(stop_midway())
    assert summary.status == "cancelled"
    assert client is not None and client._proc is None  # the worker is gone
    assert summary.progress.failed == 0  # a stopped row is not a failure
    print(f"stopped in {seconds:.2f} s")


def test_a_file_that_cannot_fit_is_refused_before_loading(tmp_path: Path, model_file: Path) -> None:
    client = LocalFileClient(model_file, context_size=2**40)

    async def ask() -> None:
        async with client:
            await client.chat(ChatRequest([{"role": "user", "content": "hi"}], "m"))

    with pytest.raises(JudgeCallError, match=r"needs about .* of memory"):
        asyncio.run(ask())
    assert client._proc is None  # nothing was started


def test_judge_this_row_asks_the_model_file_and_keeps_the_reply(
    tmp_path: Path, model_file: Path
) -> None:
    project = make_local_project(tmp_path / "p", model_file)
    with open_dataset(project.dataset_path()) as dataset:
        first = judge_one_row_blocking(project, dataset, 2, "smol")
        again = judge_one_row_blocking(project, dataset, 2, "smol")
    assert first.status == "ok" and 1 <= first.value <= 10, first.reason
    assert not first.cached and first.completion_tokens > 0
    assert again.cached and again.value == first.value  # the next run asks nothing
