"""A candidate model with a prompt template of its own (OpenCompass's infer_cfg): each row
is asked as the template renders it, in a run, an estimate, the stored answers and a batch."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from judgedesk.cli import main
from judgedesk.core.dataset import open_dataset
from judgedesk.core.errors import ProjectError
from judgedesk.core.project.settings import load_project
from judgedesk.core.run import Selection, answered_row, estimate_run
from judgedesk.core.run.store import Store
from tests.core.test_pipeline import run
from tests.support.fake_openai import FakeOpenAI

PROMPT = "Solve the problem and give only the final answer.\n{problem}"


def reply(body: dict[str, Any]) -> str:
    if body["model"] == "cand":
        return "answer to: " + body["messages"][-1]["content"].splitlines()[-1]
    return "Score: [[7]]"


def make(tmp_path: Path, base_url: str) -> Path:
    data = tmp_path / "problems.jsonl"
    rows = [{"id": f"p{i}", "problem": f"What is {i}+{i}?", "answer": str(2 * i)} for i in range(3)]
    data.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    prompt = tmp_path / "infer.txt"
    prompt.write_text(PROMPT, encoding="utf-8")
    folder = tmp_path / "proj"
    args = ["new", str(folder), "--dataset", str(data), "--template", "score_reference"]
    args += ["--judge-url", base_url, "--judge-model", "judge"]
    args += ["--candidate-model", "cand", "--candidate-template", str(prompt)]
    args += ["--field", "question=problem", "--field", "reference=answer"]
    assert main(args) == 0
    return folder


def test_the_candidate_is_asked_with_its_own_template(tmp_path: Path) -> None:
    with FakeOpenAI(reply=reply) as fake:
        folder = make(tmp_path, fake.base_url)
        project = load_project(folder)
        assert project.candidate is not None
        assert project.candidate.prompt_template == "templates/candidate.j2"
        template = (folder / "templates" / "candidate.j2").read_text(encoding="utf-8")
        assert "{problem}" not in template and "problem" in template
        with open_dataset(project.dataset_path(), project.dataset.fields) as dataset:
            estimate = estimate_run(project, dataset, Selection())
        assert estimate.requests > 0
        summary = run(project).to_dict()
        assert summary["ok"] == 3
    asked = [b for b in fake.requests if b["model"] == "cand"]
    assert len(asked) == 3
    assert asked[0]["messages"] == [
        {
            "role": "user",
            "content": "Solve the problem and give only the final answer.\nWhat is 0+0?",
        }
    ]
    judged = [b for b in fake.requests if b["model"] == "judge"]
    assert "answer to: What is 1+1?" in judged[1]["messages"][-1]["content"]
    # The answer shown outside a run is found by the same request.
    with open_dataset(project.dataset_path(), project.dataset.fields) as dataset:
        shown = answered_row(project, dataset.row(2))
    assert shown.response["content"] == "answer to: What is 2+2?"
    with Store(project.store_path) as store:
        assert store.count_calls() == 6  # a rerun would ask nothing again


def test_a_missing_candidate_template_is_refused(tmp_path: Path) -> None:
    with FakeOpenAI(reply=reply) as fake:
        folder = make(tmp_path, fake.base_url)
        (folder / "templates" / "candidate.j2").unlink()
        project = load_project(folder)
        with pytest.raises(ProjectError, match="prompt template of the candidate model is missing"):
            run(project)
    assert not fake.requests
    args = ["new", str(tmp_path / "x"), "--dataset", str(tmp_path / "problems.jsonl")]
    assert main([*args, "--candidate-template", str(tmp_path / "infer.txt")]) == 2


def test_check_names_a_missing_or_broken_candidate_template(tmp_path: Path) -> None:
    from judgedesk.core.project import check_project

    with FakeOpenAI(reply=reply) as fake:
        folder = make(tmp_path, fake.base_url)
    project = load_project(folder)
    assert not [p for p in check_project(project) if p.severity == "error"]
    template = folder / "templates" / "candidate.j2"
    template.write_text("{{ data.problem ", encoding="utf-8")
    (broken,) = [p for p in check_project(project) if p.severity == "error"]
    assert broken.stage == "run" and "prompt template of the candidate model" in broken.message
    template.unlink()
    (missing,) = [p for p in check_project(project) if p.severity == "error"]
    assert "is missing: templates/candidate.j2" in missing.message


def test_a_candidate_without_a_system_role_reads_its_system_prompt_first(tmp_path: Path) -> None:
    with FakeOpenAI(reply=reply) as fake:
        folder = make(tmp_path, fake.base_url)
        project = load_project(folder)
        assert project.candidate is not None
        project.candidate.system_prompt = "Answer in one line."
        project.candidate.system_role = False
        run(project, Selection(rows=[0]))
    (asked,) = [b for b in fake.requests if b["model"] == "cand"]
    assert [m["role"] for m in asked["messages"]] == ["user"]
    assert asked["messages"][0]["content"].startswith("Answer in one line.\n\nSolve the problem")
