"""Judge this row: one judge, one row, the editor's text, replies kept in the cache."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgedesk.core.dataset import open_dataset
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.run.dry_run import judge_one_row_blocking
from judgedesk.core.run.selection import Selection
from judgedesk.core.run.store import Store
from tests.core.test_pipeline import make_project, run, score_from_question
from tests.support.fake_openai import FakeOpenAI


def dry(project, row: int, **options):  # type: ignore[no-untyped-def]
    with open_dataset(project.dataset_path()) as dataset:
        return judge_one_row_blocking(project, dataset, row, "judge", **options)


def test_a_dry_run_parses_the_reply_and_keeps_it_for_the_next_run(tmp_path: Path) -> None:
    with FakeOpenAI(reply=score_from_question) as fake:
        project = make_project(tmp_path, fake.base_url)
        found = dry(project, 3)
        assert (found.status, found.value, found.label, found.parser) == ("ok", 4, "4", "score")
        assert not found.cached and found.attempts == 1
        assert found.content is not None and "Score: [[4]]" in found.content
        assert found.messages[-1]["content"].startswith("Judge item: What about item 3?")
        assert found.prompt_tokens > 0 and found.latency > 0
        assert len(fake.requests) == 1
        again = dry(project, 3)
        assert again.cached and again.value == 4 and len(fake.requests) == 1
        summary = run(project, Selection((3,)))
        assert summary.progress.cached == 1 and len(fake.requests) == 1
    with Store(project.store_path) as store:  # no run was recorded for the dry runs
        assert len(store.runs()) == 1


def test_the_editors_text_is_used_rather_than_the_file(tmp_path: Path) -> None:
    with FakeOpenAI(reply=score_from_question) as fake:
        project = make_project(tmp_path, fake.base_url)
        found = dry(project, 2, template_source="Edited: item {{ data.id[1:] }}. Score: [[n]]")
        assert found.messages[-1]["content"] == "Edited: item 2. Score: [[n]]"
        assert found.value == 3


def test_an_unparsed_reply_and_a_broken_template_say_why(tmp_path: Path) -> None:
    with FakeOpenAI(reply=score_from_question) as fake:
        project = make_project(tmp_path, fake.base_url)
        unparsed = dry(project, 7)
        assert unparsed.status == "unparsed" and unparsed.value is None
        assert unparsed.reason and unparsed.content == "I cannot decide."
        broken = dry(project, 1, template_source="{% if %}")
        assert broken.status == "error" and broken.error_kind == "template"
        assert "line 1" in broken.reason.lower()
        assert len(fake.requests) == 1  # the broken template was never sent


def test_a_closed_port_fails_with_the_reason(tmp_path: Path) -> None:
    with FakeOpenAI() as fake:
        url = fake.base_url
    project = make_project(tmp_path, url, timeout=2)
    found = dry(project, 0)
    assert found.status == "error"
    assert "connect" in found.error_kind
    assert found.reason


def test_an_unknown_judge_is_refused(tmp_path: Path) -> None:
    project = make_project(tmp_path, "http://127.0.0.1:9/v1")
    with open_dataset(project.dataset_path()) as dataset, pytest.raises(JudgeDeskError):
        judge_one_row_blocking(project, dataset, 0, "nobody")


def test_a_dry_run_can_be_stopped_while_the_judge_thinks(tmp_path: Path) -> None:
    import threading

    with FakeOpenAI(reply=score_from_question, latency=30) as fake:
        project = make_project(tmp_path, fake.base_url)
        stop = threading.Event()
        timer = threading.Timer(0.3, stop.set)
        timer.start()
        with open_dataset(project.dataset_path()) as dataset:
            found = judge_one_row_blocking(project, dataset, 0, "judge", stop=stop)
        assert (found.status, found.error_kind) == ("error", "stopped")
