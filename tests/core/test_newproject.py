"""Creating projects from a plan (the CLI's `new` and the wizard share this)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judgedesk.core.dataset import open_dataset
from judgedesk.core.errors import LibraryError, ProjectError
from judgedesk.core.judge import JudgeSettings
from judgedesk.core.project.new import NewProjectPlan, create_project, suggested_fields
from judgedesk.core.project.settings import load_project


@pytest.fixture
def dataset_file(tmp_path: Path) -> Path:
    path = tmp_path / "qa.jsonl"
    path.write_text(json.dumps({"problem": "2+2?", "answer": "4", "prediction": "4"}) + "\n")
    return path


def test_suggested_fields_and_the_default_template(tmp_path: Path, dataset_file: Path) -> None:
    with open_dataset(dataset_file) as dataset:
        assert suggested_fields(dataset) == {
            "question": "problem",
            "reference": "answer",
            "response": "prediction",
        }
        report = create_project(NewProjectPlan(root=tmp_path / "p", dataset=dataset))
    project = load_project(tmp_path / "p")
    assert project.judges[0].parser == "score"
    assert "min_score" in project.variables  # the reference-based template's defaults
    assert report.replacements == [] and report.parser_guessed
    assert (tmp_path / "p" / "data" / "qa.jsonl").is_file()


def test_refuses_a_folder_in_use_and_leaves_nothing_on_a_bad_template(
    tmp_path: Path, dataset_file: Path
) -> None:
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "notes.txt").write_text("mine")
    with open_dataset(dataset_file) as dataset:
        with pytest.raises(ProjectError, match="not empty"):
            create_project(NewProjectPlan(root=busy, dataset=dataset))
        with pytest.raises(LibraryError):
            create_project(
                NewProjectPlan(root=tmp_path / "new", dataset=dataset, template="no_such_template")
            )
    assert not (tmp_path / "new").exists()


def test_preview_rows_show_what_templates_get(tmp_path: Path, dataset_file: Path) -> None:
    from judgedesk.core.project.new import default_template, preview_rows

    with open_dataset(dataset_file) as dataset:
        fields = {"question": "problem", "reference": "answer", "response": "prediction"}
        (row,) = preview_rows(dataset, fields)
        assert row["question"] == "2+2?" and row["reference"] == "4"
        assert row["response"] == "4" and row["human"] == ""
        assert default_template(dataset, fields) == "score_reference"
        only = {"question": "problem", "response": "prediction"}
        assert default_template(dataset, only) == "score_single"
        (bare,) = preview_rows(dataset, only)
        assert bare["reference"] == ""
    chat = tmp_path / "chat.jsonl"
    messages = [
        {"role": "user", "content": "Hi?"},
        {"role": "assistant", "content": "Hello."},
    ]
    chat.write_text(json.dumps({"messages": messages, "response": "Hey"}) + "\n")
    with open_dataset(chat) as dataset:
        (row,) = preview_rows(dataset, {})
        assert row["question"] == "Hi?" and row["reference"] == "Hello."
        assert default_template(dataset, {}) == "score_reference"


def test_workbook_sheets_and_free_folders(tmp_path: Path) -> None:
    import openpyxl

    from judgedesk.core.errors import DatasetError
    from judgedesk.core.project.new import free_folder, workbook_sheets

    book = openpyxl.Workbook()
    book.active.title = "first"
    book.create_sheet("second")
    book.save(tmp_path / "book.xlsx")
    assert workbook_sheets(tmp_path / "book.xlsx") == ["first", "second"]
    (tmp_path / "fake.xlsx").write_text("not a workbook")
    with pytest.raises(DatasetError, match="Excel workbook"):
        workbook_sheets(tmp_path / "fake.xlsx")
    assert free_folder(tmp_path, "new") == tmp_path / "new"
    (tmp_path / "new").mkdir()
    assert free_folder(tmp_path, "new") == tmp_path / "new"  # empty: usable
    (tmp_path / "new" / "x").write_text("x")
    assert free_folder(tmp_path, "new") == tmp_path / "new-2"
    assert free_folder(tmp_path, " . ") == tmp_path / "project"


SEED_TEMPLATE = """[Question]
{{ data.question }}
[Answer]
{{ response.content }}
Provide your score, with a maximum of {{ max_score }} and a minimum of {{ min_score }}.
Score: [[n]]
"""


def test_a_template_of_ones_own_gets_min_and_max_score_from_the_verdict_scale(
    tmp_path: Path, dataset_file: Path
) -> None:
    from judgedesk.cli import main
    from judgedesk.core.judge.request import render_prompt

    template = tmp_path / "mine.j2"
    template.write_text(SEED_TEMPLATE, encoding="utf-8")
    with open_dataset(dataset_file) as dataset:
        create_project(NewProjectPlan(root=tmp_path / "p", dataset=dataset, template=str(template)))
        project = load_project(tmp_path / "p")
        assert project.variables == {"min_score": 1, "max_score": 10}
        prompt = render_prompt(project, project.judges[0], dataset.row(0).data, {"content": "4"})
    assert "a maximum of 10 and a minimum of 1." in prompt.user
    assert not [i for i in prompt.issues if "max_score" in i.message or "min_score" in i.message]

    # A verdict rule's bounds are the scale; only the names the template reads are set,
    # and a --var still wins.
    both = "From {{ min_score }} to {{ max_score }}: {{ response.content }}"
    template.write_text(both, encoding="utf-8")
    rule = {"kind": "score", "pattern": r"(\d+)", "min": 0, "max": 5}
    with open_dataset(dataset_file) as dataset:
        judge = JudgeSettings(verdict=rule)
        plan = NewProjectPlan(tmp_path / "q", dataset, template=str(template), judge=judge)
        create_project(plan)
    assert load_project(tmp_path / "q").variables == {"min_score": 0, "max_score": 5}
    template.write_text("Score from 0 to {{ max_score }}: {{ response.content }}", "utf-8")
    args = ["new", str(tmp_path / "r"), "--dataset", str(dataset_file), "--template"]
    assert main([*args, str(template), "--parser", "score"]) == 0
    assert load_project(tmp_path / "r").variables == {"max_score": 10}
    args[1] = str(tmp_path / "s")
    assert main([*args, str(template), "--parser", "prometheus"]) == 0
    assert load_project(tmp_path / "s").variables == {"max_score": 5}
    args[1] = str(tmp_path / "t")
    assert main([*args, str(template), "--parser", "score", "--var", "max_score=100"]) == 0
    assert load_project(tmp_path / "t").variables == {"max_score": 100}
