"""Runs in a process of their own: the same news and controls as a run in a thread."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

from judgedesk.core.run.process import ProcessRun
from judgedesk.core.run.store import Store
from tests.core.test_background_run import collect
from tests.core.test_pipeline import ROWS, make_project, score_from_question
from tests.support.fake_openai import FakeOpenAI


def started(project: Any, fake: FakeOpenAI) -> ProcessRun:
    """A run started, once its first request has reached the judge."""
    run = ProcessRun(project)
    run.start()
    deadline = time.monotonic() + 30
    while not fake.requests:
        assert time.monotonic() < deadline, "the run sent nothing"
        time.sleep(0.01)
    return run


def test_a_run_in_its_own_process_reports_rows_progress_and_summary(tmp_path: Path) -> None:
    with FakeOpenAI(reply=score_from_question) as fake:
        project = make_project(tmp_path, fake.base_url)
        run = ProcessRun(project)
        run.start()
        news = collect(run, timeout=60)
    assert news.error == ""
    assert sorted(r.index for r in news.rows) == list(range(ROWS))
    assert news.summary is not None and news.summary.status == "finished"
    assert news.progress is not None and news.progress.done == ROWS
    assert news.run_id == news.summary.run_id
    with Store(project.store_path) as store:
        (record,) = store.runs()
        assert record.status == "finished" and len(store.latest_results()) == ROWS


def test_pause_resume_and_stop_reach_the_other_process(tmp_path: Path) -> None:
    with FakeOpenAI(reply=score_from_question, latency=0.2) as fake:
        project = make_project(tmp_path, fake.base_url, rows=40, concurrency=2)
        run = started(project, fake)
        run.pause()
        time.sleep(0.6)  # requests in flight finish; nothing new is sent
        sent = len(fake.requests)
        time.sleep(0.5)
        assert len(fake.requests) == sent
        run.resume()
        deadline = time.monotonic() + 30
        while len(fake.requests) <= sent:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        run.stop()
        news = collect(run, timeout=60)
    assert news.summary is not None and news.summary.status == "cancelled"
    assert len(news.rows) < 40


def test_a_run_that_cannot_start_says_why(tmp_path: Path) -> None:
    project = make_project(tmp_path, "")  # no endpoint
    run = ProcessRun(project)
    run.start()
    news = collect(run, timeout=60)
    assert news.summary is None and "cannot run" in news.error


def test_a_run_process_killed_is_reported_and_its_run_closed(tmp_path: Path) -> None:
    import os
    import signal

    with FakeOpenAI(reply=score_from_question, latency=0.3) as fake:
        project = make_project(tmp_path, fake.base_url, rows=40, concurrency=2)
        run = started(project, fake)
        os.kill(run._process.pid, signal.SIGKILL)
        news = collect(run, timeout=30)
    assert "ended unexpectedly" in news.error and news.summary is None
    with Store(project.store_path) as store:  # the killed process's run is closed
        assert [r.status for r in store.runs()] == ["interrupted"]


def test_on_news_says_when_there_is_something_to_drain(tmp_path: Path) -> None:
    woken = threading.Event()
    with FakeOpenAI(reply=score_from_question) as fake:
        project = make_project(tmp_path, fake.base_url)
        run = ProcessRun(project, on_news=woken.set)
        run.start()
        rows = []
        while True:
            assert woken.wait(60), "no news came"
            woken.clear()
            news = run.drain()
            rows += news.rows
            if news.done:
                break
    assert sorted(r.index for r in rows) == list(range(ROWS))
    assert run.done.wait(10)
