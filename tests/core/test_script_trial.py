"""Trying a script on one row: real worker processes, a real judge server, real SQLite."""

from __future__ import annotations

import asyncio
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from judgedesk.core.dataset import open_dataset
from judgedesk.core.judge.settings import JudgeSettings
from judgedesk.core.project.settings import Project
from judgedesk.core.run.pipeline import run_project
from judgedesk.core.run.script_trial import (
    FieldChange,
    field_changes,
    sample_reply_text,
    stored_replies,
    try_script,
)
from judgedesk.core.run.store import Store
from judgedesk.core.scripts import SKELETONS
from tests.core.test_pipeline import make_project, score_from_question
from tests.support.fake_openai import FakeOpenAI

FAST = [sys.executable, "-m", "judgedesk.core.scripts.worker"]

PRE = """
def preprocess(data, resp, **kwargs):
    data["words"] = len(resp["content"].split())
    resp["content"] = resp["content"].upper()
    del data["ref_answer"]
    return {"seen": data["id"]}
"""

POST = """
import re

def postprocess(judge_reqs, judge_resps, judge_models, data, resp, **kwargs):
    print("judges:", [m["name"] for m in judge_models])
    found = re.findall(r"\\[\\[(\\d+)\\]\\]", kwargs["judge_resp"]["content"])
    messages = kwargs["judge_req"].get("messages") or [{"content": ""}]
    score = int(found[-1]) if found else None
    return {"score": score, "words": data.get("words"), "asked": messages[-1]["content"]}
"""


def trial(project: Project, row: int, kind: str, sources: dict[str, str], **options: Any) -> Any:
    options.setdefault("command", FAST)
    with open_dataset(project.dataset_path()) as dataset:
        return asyncio.run(try_script(project, dataset, row, kind, sources, **options))


@pytest.fixture
def project(tmp_path: Path) -> Project:
    return make_project(tmp_path / "p", "http://127.0.0.1:9/v1", rows=4)


def test_field_changes_name_each_key_added_removed_or_changed() -> None:
    before = {"a": 1, "b": {"x": "old", "y": 2}, "gone": None, "same": [1]}
    after = {"a": 1.0, "b": {"x": "new", "y": 2, "z": True}, "same": [1], "new": "v"}
    assert field_changes(before, after, "data") == [
        FieldChange("data.a", "changed", 1, 1.0),
        FieldChange("data.b.x", "changed", "old", "new"),
        FieldChange("data.b.z", "added", None, True),
        FieldChange("data.gone", "removed", None, None),
        FieldChange("data.new", "added", None, "v"),
    ]


def test_preprocess_runs_the_text_given_and_reports_its_changes(project: Project) -> None:
    result = trial(project, 2, "preprocess", {"preprocess": PRE})
    assert result.outcome.ok and result.outcome.value == {"seen": "r2"}
    assert (result.row, result.row_id) == (2, "r2")
    assert FieldChange("data.words", "added", None, 2) in result.changes
    assert FieldChange("data.ref_answer", "removed", "ref 2", None) in result.changes
    assert FieldChange("resp.content", "changed", "answer 2", "ANSWER 2") in result.changes
    assert result.replies is None and result.failure is None
    assert not project.script_path("preprocess").exists()  # trying never writes the file


def test_a_failing_script_reports_the_line_in_the_text_tried(project: Project) -> None:
    source = "def preprocess(data, resp, **kwargs):\n    x = 1\n    return 1 / 0\n"
    result = trial(project, 0, "preprocess", {"preprocess": source})
    assert result.failure is result.outcome
    assert (result.outcome.kind, result.outcome.error_line) == ("exception", 3)
    assert "ZeroDivisionError" in result.outcome.error and result.changes == []


def test_an_endless_loop_stops_at_the_project_time_limit(project: Project) -> None:
    project.scripts.timeout = 1
    source = "def preprocess(data, resp, **kwargs):\n    while True:\n        pass\n"
    result = trial(project, 0, "preprocess", {"preprocess": source})
    assert result.outcome.kind == "timeout" and "1 s" in result.outcome.error


def test_postprocess_with_a_sample_reply_sees_the_rendered_request(project: Project) -> None:
    result = trial(
        project, 1, "postprocess", {"postprocess": POST}, sample_reply="<think>hm</think>Ok [[6]]"
    )
    assert result.replies.source == "sample" and result.replies.judges == ("judge",)
    assert result.replies.judge_resps == [
        {"content": "Ok [[6]]", "reasoning_content": "hm", "tool_calls": None}
    ]
    value = result.outcome.value
    assert value["score"] == 6 and value["words"] is None
    assert value["asked"].startswith("Judge item: What about item 1?")
    assert result.outcome.stdout == "judges: ['judge']\n"


def test_postprocess_gets_what_preprocess_left(project: Project) -> None:
    sources = {"preprocess": PRE, "postprocess": POST}
    result = trial(project, 1, "postprocess", sources, sample_reply="[[3]]")
    assert result.preprocess.ok and result.data["words"] == 2
    assert result.outcome.value["score"] == 3 and result.outcome.value["words"] == 2
    assert "ANSWER 1" in result.outcome.value["asked"]  # the template saw preprocess's resp

    broken = {**sources, "preprocess": "def preprocess(data, resp):\n    raise KeyError('x')\n"}
    failed = trial(project, 1, "postprocess", broken, sample_reply="[[3]]")
    assert failed.outcome is None and failed.failure is failed.preprocess
    assert failed.preprocess.kind == "exception" and failed.preprocess.error_line == 2


def test_postprocess_uses_the_replies_of_the_latest_run(tmp_path: Path) -> None:
    with FakeOpenAI(reply=score_from_question) as server:
        project = make_project(tmp_path / "p", server.base_url, rows=4)
        project.judges.insert(0, JudgeSettings(name="has-ref", kind="metric", metric="contains"))
        with open_dataset(project.dataset_path()) as dataset:
            asyncio.run(run_project(project, dataset))
    assert stored_replies(project, 3) is not None
    result = trial(project, 3, "postprocess", {"postprocess": POST}, sample_reply="[[1]]")
    replies = result.replies
    assert replies.source == "store" and replies.judges == ("has-ref", "judge")
    assert replies.run_id == 1 and replies.run_started is not None
    assert replies.judge_reqs[0]["metric"] == "contains"
    assert replies.judge_resps[1]["content"] == "The answer is fine.\nScore: [[4]]"
    assert replies.judge_models[1]["judge_template_content"].startswith("Judge item:")
    assert result.outcome.value["score"] == 4
    # Asked for the sample instead, it is used even though replies are stored.
    sample = trial(
        project, 3, "postprocess", {"postprocess": POST}, sample_reply="[[1]]", use_stored=False
    )
    assert sample.replies.source == "sample" and sample.outcome.value["score"] == 1


def test_no_store_or_an_unjudged_row_means_no_stored_replies(project: Project) -> None:
    assert stored_replies(project, 0) is None
    with Store(project.store_path) as store:
        run_id = store.start_run()
        store.put_result(run_id, 0, "r0", "error", None, "preprocess failed", {})
    assert stored_replies(project, 0) is None
    assert stored_replies(project, 1) is None


def test_the_sample_reply_follows_the_judges_parser(project: Project) -> None:
    assert "[[" in sample_reply_text(project)
    project.judges[0].parser = "correctness"
    assert sample_reply_text(project).rstrip().endswith("A")
    project.judges = []
    assert "[[" in sample_reply_text(project)


def test_a_readonly_store_leaves_a_running_run_alone(tmp_path: Path) -> None:
    path = tmp_path / ".judgedesk" / "results.sqlite"
    with Store(path) as store:
        run_id = store.start_run()
        store.put_result(run_id, 5, "r5", "ok", 7, detail={"judges": []})
        store.flush()
        with Store(path, readonly=True) as reader:
            assert reader.latest_result(5).value == 7
            assert reader.latest_result(6) is None
        assert [r.status for r in store.runs()] == ["running"]
    assert not (tmp_path / "elsewhere").exists()
    with pytest.raises(Exception, match="cannot be used"):
        Store(tmp_path / "elsewhere" / "results.sqlite", readonly=True)


def test_the_skeletons_run_as_they_are(project: Project) -> None:
    for kind, text in SKELETONS.items():
        result = trial(project, 0, kind, {kind: textwrap.dedent(text)}, sample_reply="[[2]]")
        assert result.outcome.ok and result.outcome.value is None and result.changes == []
