"""A revised template suggested for a judge from its disagreements with people on the
tuning part: the prompt, the reply read, the checks, the new candidate."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judgedesk.cli import main
from judgedesk.core.dataset import Dataset, open_dataset
from judgedesk.core.errors import JudgeDeskError, ProjectError
from judgedesk.core.project import Workspace, load_project
from judgedesk.core.report import (
    read_revision,
    revision_prompt,
    suggest_revision,
    tuning_disagreements,
)
from judgedesk.core.review import Labelled, project_split, split_rows
from judgedesk.core.run import Store
from tests.core.test_calibrate_cli import labelled_project
from tests.support.fake_openai import FakeOpenAI
from tests.support.revision_server import ASKED, REVISED, Reviser


def revision_requests(revision_server: FakeOpenAI) -> list[str]:
    return [
        b["messages"][-1]["content"]
        for b in revision_server.requests
        if ASKED in b["messages"][-1]["content"]
    ]


def test_suggest_adds_the_revision_as_a_new_candidate_from_tuning_rows_only(
    tmp_path: Path, revision_server: FakeOpenAI, capsys: pytest.CaptureFixture[str]
) -> None:
    project = labelled_project(tmp_path / "p", revision_server.base_url)
    argv = ["calibrate", str(project.root), "--suggest", "large", "--with", "judge", "--json"]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    said = json.loads(out)
    assert said["candidate"] == "large-revised" and said["problem"] == ""
    assert "+Score as the reviewers do" in said["diff"]
    assert said["diff"].startswith("--- templates/judge.j2\n+++ templates/large-revised.j2")
    assert "never adopted by itself" in err
    saved = load_project(project.root)
    assert [(j.name, j.enabled) for j in saved.judges] == [
        ("judge", True),
        ("large", True),
        ("large-revised", True),
    ]
    revised = saved.judge("large-revised")
    assert revised.model == "judge-large" and saved.read_template(revised) == REVISED
    # The model read the tuning rows the judge got wrong, and no row of the test part.
    with Store(project.store_path) as store, open_dataset(project.dataset_path()) as data:
        split = project_split(store, data, saved)
        assert {r.purpose for r in store.runs()} == {"calibration"}  # no row's latest
        assert store.latest_results() == {}
    (prompt,) = revision_requests(revision_server)
    shown = set(re.findall(r"\(id (r\d+)\)", prompt))
    assert shown and shown <= set(split.ids("tuning"))
    assert set(said["disagreements"]) == shown
    asked = {
        int(re.search(r"item (\d+)", b["messages"][-1]["content"]).group(1))  # type: ignore[union-attr]
        for b in revision_server.requests
        if ASKED not in b["messages"][-1]["content"]
    }
    assert asked == set(split.tuning)  # the judge itself was run on the tuning rows only


def test_a_revision_that_does_not_render_shows_its_problem_and_adds_nothing(
    tmp_path: Path,
    revision_server: FakeOpenAI,
    reviser: Reviser,
    capsys: pytest.CaptureFixture[str],
) -> None:
    project = labelled_project(tmp_path / "p", revision_server.base_url)
    reviser.text = "```jinja\nJudge {{ data.question }\nScore: [[n]]\n```"
    assert main(["calibrate", str(project.root), "--suggest", "large"]) == 1
    err = capsys.readouterr().err
    assert "Nothing added: The revised template does not compile" in err
    assert [j.name for j in load_project(project.root).judges] == ["judge", "large"]
    assert not (project.root / "templates" / "large-revised.j2").exists()
    # A reply cut off inside its block, or with none, says so.
    reviser.text = "```jinja\nJudge {{ data.question }}\nScore:"
    assert main(["calibrate", str(project.root), "--suggest", "large"]) == 1
    assert "cut off inside its template" in capsys.readouterr().err
    # A template that no longer says how the verdict is written: refused.
    reviser.text = "```jinja\nJudge {{ data.question }}: say what you think.\n```"
    assert main(["calibrate", str(project.root), "--suggest", "large"]) == 1
    assert "no longer says how the judge writes its verdict" in capsys.readouterr().err
    # Verdicts nothing could read: refused too.
    reviser.text = "```jinja\nJudge {{ data.question }}: say what you think.\n```"
    project.judges[1].parser = ""
    project.save()
    assert main(["calibrate", str(project.root), "--suggest", "large", "--with", "large"]) == 1
    assert "Nothing can read the verdicts" in capsys.readouterr().err
    assert [j.name for j in load_project(project.root).judges] == ["judge", "large"]


def test_a_judge_that_agrees_on_every_tuning_row_has_nothing_to_revise(
    tmp_path: Path, revision_server: FakeOpenAI, capsys: pytest.CaptureFixture[str]
) -> None:
    project = labelled_project(tmp_path / "p", revision_server.base_url)
    project.write_template(project.judges[0], "Judge item: {{ data.question }}\nScore: [[n]]")
    project.save()
    agrees = pytest.raises(JudgeDeskError, match="agrees with people on every tuning row")
    with open_dataset(project.dataset_path()) as data, agrees:
        asyncio.run(suggest_revision(project, data, "judge"))
    assert not revision_requests(revision_server)
    assert main(["calibrate", str(project.root), "--suggest", "large", "--with", "x.gguf"]) == 2
    assert "--with names no judge" in capsys.readouterr().err
    assert main(["calibrate", str(project.root), "--with", "judge"]) == 2
    assert "use it with --suggest" in capsys.readouterr().err


def test_the_workspace_adds_the_candidate_with_its_template_as_one_step_of_undo(
    tmp_path: Path, revision_server: FakeOpenAI
) -> None:
    labelled_project(tmp_path / "p", revision_server.base_url)
    workspace = Workspace()
    project = workspace.open_project(tmp_path / "p")
    with open_dataset(project.dataset_path()) as data:
        revision = asyncio.run(suggest_revision(project, data, "large"))
    assert revision.ok and revision.candidate is not None
    changed: list[list[Any]] = []
    workspace.sig_judges_changed.connect(changed.append)
    workspace.add_judge(revision.candidate, revision.template, "Add", after="judge")
    assert [j.name for j in project.judges] == ["judge", "large-revised", "large"]
    assert project.read_template(project.judges[1]) == REVISED and changed
    with pytest.raises(ProjectError, match="exists already"):
        workspace.add_judge(revision.candidate, revision.template, "Add")
    workspace.undo.undo()
    assert [j.name for j in project.judges] == ["judge", "large"]
    workspace.undo.redo()
    assert project.judges[1].name == "large-revised"


def test_a_chinese_template_is_revised_in_chinese(
    tmp_path: Path, revision_server: FakeOpenAI
) -> None:
    project = labelled_project(tmp_path / "p", revision_server.base_url)
    project.write_template(
        project.judges[1],
        "请评审下面的回答。问题：item {{ data.question }}\n回答：{{ response.content }}\n"
        "按一到十打分，写成 Score: [[n]]",
    )
    with open_dataset(project.dataset_path()) as data:
        revision = asyncio.run(suggest_revision(project, data, "large"))
    assert "请修改这个模板" in revision.messages[-1]["content"]
    assert "人工结论：" in revision.messages[-1]["content"]


def test_the_reply_s_template_block_is_read() -> None:
    reply = "Intro\n```text\nnot it, but longer than the other one\n```\n~~~jinja\nT {{ x }}\n~~~\n"
    assert read_revision(reply) == ("T {{ x }}\n", "")
    assert read_revision("```\nA\n```\n```\nlonger B\n```") == ("longer B\n", "")
    # A block whose text holds a shorter fence ends at its own.
    assert read_revision("````jinja\n```\ncode\n```\n````") == ("```\ncode\n```\n", "")
    assert "no template" in read_revision("Score: [[8]]")[1]


@pytest.fixture(scope="module")
def marked(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Dataset]:
    """Rows whose question and answer hold a mark of their own (``zq7x``, ``za7x``)."""
    path = tmp_path_factory.mktemp("revision") / "rows.jsonl"
    with path.open("w", encoding="utf-8") as handle:
        for i in range(40):
            record = {"id": f"id{i}x", "question": f"zq{i}x?", "response": f"za{i}x"}
            handle.write(json.dumps(record) + "\n")
    with open_dataset(path) as opened:
        yield opened


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    seed=st.integers(0, 10_000),
    share=st.floats(0.05, 0.95),
    people=st.dictionaries(st.integers(0, 39), st.integers(1, 3), min_size=1),
    judged=st.dictionaries(st.integers(0, 39), st.integers(1, 3)),
)
def test_the_prompt_never_shows_a_row_of_the_test_part(
    marked: Dataset, seed: int, share: float, people: dict[int, int], judged: dict[int, int]
) -> None:
    rows = {i: Labelled(i, f"id{i}x", v, str(v), note=f"zn{i}x") for i, v in people.items()}
    split = split_rows(rows, share, seed)
    found = tuning_disagreements(split, judged, marked)
    prompt = revision_prompt("T", found, len(split.tuning), "en")[-1]["content"]
    for index in split.test:
        for mark in ("id", "zq", "za", "zn"):
            assert f"{mark}{index}x" not in prompt
    wrong = [i for i in split.tuning if i in judged and judged[i] != people[i]]
    assert [d.index for d in found] == wrong
    assert all(f"zq{i}x" in prompt and f"zn{i}x" in prompt for i in wrong[:12])


def test_suggest_prints_the_diff_and_the_new_candidate_s_name(
    tmp_path: Path, revision_server: FakeOpenAI, capsys: pytest.CaptureFixture[str]
) -> None:
    project = labelled_project(tmp_path / "p", revision_server.base_url)
    assert main(["calibrate", str(project.root), "--suggest", "large"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("--- templates/judge.j2\n+++ templates/large-revised.j2\n")
    assert "+Score as the reviewers do" in out
    assert "Added the candidate large-revised (templates/large-revised.j2)" in out
