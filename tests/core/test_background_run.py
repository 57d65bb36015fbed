"""Runs in a thread of their own, and estimates before a run."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from judgedesk.core.dataset import open_dataset
from judgedesk.core.run.background import BackgroundRun, RunNews
from judgedesk.core.run.estimate import UNKNOWN_REPLY_TOKENS, estimate_run
from judgedesk.core.run.selection import Selection
from judgedesk.core.run.store import Store
from tests.core.test_pipeline import ROWS, make_project, run, score_from_question
from tests.support.fake_openai import FakeOpenAI


def collect(background: BackgroundRun, timeout: float = 30) -> RunNews:
    """Everything the run reported, merged, once it is done."""
    merged = RunNews()
    deadline = time.monotonic() + timeout
    while True:
        news = background.drain()
        merged.rows += news.rows
        merged.progress = news.progress or merged.progress
        merged.run_id = news.run_id or merged.run_id
        merged.summary = news.summary or merged.summary
        merged.error = news.error or merged.error
        if news.done:
            return merged
        assert time.monotonic() < deadline, "the run did not end"
        background.done.wait(0.02)


def test_a_background_run_reports_rows_progress_and_summary(tmp_path: Path) -> None:
    woken = threading.Event()
    with FakeOpenAI(reply=score_from_question) as fake:
        project = make_project(tmp_path, fake.base_url)
        with open_dataset(project.dataset_path()) as dataset:
            background = BackgroundRun(project, dataset, on_news=woken.set)
            background.start()
            news = collect(background)
    assert woken.is_set() and news.error == ""
    assert sorted(r.index for r in news.rows) == list(range(ROWS))
    assert news.summary is not None and news.summary.status == "finished"
    assert news.progress is not None and news.progress.done == ROWS
    assert (news.progress.unparsed, news.progress.errors) == (1, {})  # row 7: no verdict
    assert news.progress.tokens_by_judge["judge"][0] > 0
    assert news.run_id == news.summary.run_id


def test_pause_resume_and_stop_from_another_thread(tmp_path: Path) -> None:
    with FakeOpenAI(reply=score_from_question, latency=0.2) as fake:
        project = make_project(tmp_path, fake.base_url, rows=40, concurrency=2)
        with open_dataset(project.dataset_path()) as dataset:
            background = BackgroundRun(project, dataset)
            background.start()
            while not fake.requests:
                time.sleep(0.01)
            background.pause()
            time.sleep(0.5)  # requests in flight finish; nothing new is sent
            sent = len(fake.requests)
            time.sleep(0.5)
            assert len(fake.requests) == sent
            background.resume()
            while len(fake.requests) <= sent:
                time.sleep(0.01)
            background.stop()
            news = collect(background)
    assert news.summary is not None and news.summary.status == "cancelled"
    assert len(news.rows) < 40


def test_a_run_that_cannot_start_says_why(tmp_path: Path) -> None:
    project = make_project(tmp_path, "")  # no endpoint
    with open_dataset(project.dataset_path()) as dataset:
        background = BackgroundRun(project, dataset)
        background.start()
        news = collect(background)
    assert news.summary is None and "cannot run" in news.error


def test_the_estimate_counts_stored_replies_tokens_cost_and_time(tmp_path: Path) -> None:
    with FakeOpenAI(reply=score_from_question) as fake:
        project = make_project(tmp_path, fake.base_url, price_input=2.0, price_output=8.0)
        with open_dataset(project.dataset_path()) as dataset:
            before = estimate_run(project, dataset, Selection())
            assert before.rows == ROWS and before.requests == ROWS
            (judge,) = before.judges
            assert judge.stored == 0 and not judge.measured and judge.seconds is None
            assert judge.prompt_tokens > ROWS * 10
            assert judge.cost == pytest.approx(
                (judge.prompt_tokens * 2.0 + judge.completion_tokens * 8.0) / 1e6
            )
            run(project, Selection(tuple(range(6))))
            after = estimate_run(project, dataset, Selection())
            (judge,) = after.judges
            assert (judge.stored, judge.requests) == (6, ROWS - 6)
            assert judge.measured and judge.seconds is not None
            with Store(project.store_path) as store:
                _, reply_tokens, _ = store.call_stats("judge")
            assert judge.completion_tokens == round((ROWS - 6) * reply_tokens)
            failed_only = estimate_run(project, dataset, Selection(only="unparsed"))
            assert failed_only.rows == 0  # row 7 has not run yet


def test_before_any_reply_the_estimate_is_the_most_max_tokens_allows(tmp_path: Path) -> None:
    with FakeOpenAI(reply=score_from_question) as fake:
        project = make_project(
            tmp_path, fake.base_url, price_output=8.0, params={"max_tokens": 1024}
        )
        with open_dataset(project.dataset_path()) as dataset:
            before = estimate_run(project, dataset, Selection())
            (judge,) = before.judges
            # No reply is longer than max_tokens: the figures are the run's ceiling.
            assert judge.ceiling and before.ceiling and not before.measured
            assert judge.completion_tokens == ROWS * 1024
            assert judge.cost == pytest.approx(ROWS * 1024 * 8.0 / 1e6)
            run(project, Selection(tuple(range(4))))
            after = estimate_run(project, dataset, Selection())
        assert after.measured and not after.ceiling and not after.judges[0].ceiling
        assert after.judges[0].completion_tokens < (ROWS - 4) * 1024


def test_without_max_tokens_the_estimate_is_no_ceiling(tmp_path: Path) -> None:
    with FakeOpenAI(reply=score_from_question) as fake:
        project = make_project(tmp_path, fake.base_url)
        with open_dataset(project.dataset_path()) as dataset:
            before = estimate_run(project, dataset, Selection())
    (judge,) = before.judges
    assert not judge.ceiling and not before.ceiling and not before.measured
    assert judge.completion_tokens == ROWS * UNKNOWN_REPLY_TOKENS


def test_a_rows_outcome_holds_each_judges_request_reply_and_verdict(tmp_path: Path) -> None:
    from judgedesk.core.run.outcome import row_outcome

    with FakeOpenAI(reply=score_from_question) as fake:
        project = make_project(tmp_path, fake.base_url)
        assert row_outcome(project.store_path, 3) is None  # no store yet
        project.store_path.parent.mkdir()
        project.store_path.write_bytes(b"")  # a run is creating it: no tables yet
        assert row_outcome(project.store_path, 3) is None
        project.store_path.unlink()
        run(project, Selection((3, 7)))
    outcome = row_outcome(project.store_path, 3)
    assert outcome is not None and (outcome.status, outcome.value) == ("ok", 4)
    (step,) = outcome.steps
    assert step.judge == "judge" and step.verdict["value"] == 4 and not step.cached
    assert step.messages[-1]["content"].startswith("Judge item: What about item 3?")
    assert step.content is not None and step.content.endswith("Score: [[4]]")
    assert step.attempts == 1 and step.prompt_tokens > 0
    unparsed = row_outcome(project.store_path, 7)
    assert unparsed is not None and unparsed.status == "unparsed" and unparsed.error
    assert row_outcome(project.store_path, 5) is None


def test_only_runs_whose_process_is_gone_are_marked_interrupted(tmp_path: Path) -> None:
    import subprocess
    import sys

    from judgedesk.core.run import store as store_module

    path = tmp_path / "results.sqlite"
    with Store(path) as store:
        ours = store.start_run("ours")
    done = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    gone = int(done.stdout)  # a process that has ended
    host = store_module.OWNER.rpartition(":")[0]
    with Store(path) as store:
        dead = store.start_run("dead")
        elsewhere = store.start_run("elsewhere")
        legacy = store.start_run("legacy")
        store._db.execute("UPDATE runs SET owner=? WHERE id=?", (f"{host}:{gone}", dead))
        store._db.execute("UPDATE runs SET owner='other-host:1' WHERE id=?", (elsewhere,))
        store._db.execute("UPDATE runs SET owner='' WHERE id=?", (legacy,))
    with Store(path) as store:
        status = {run.id: run.status for run in store.runs()}
    assert status == {
        ours: "running",  # this process is alive
        dead: "interrupted",
        elsewhere: "running",  # cannot be checked from here
        legacy: "interrupted",  # written before runs had owners
    }
