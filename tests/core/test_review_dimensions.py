"""A person scores each dimension of a multi-dimension verdict: stored, agreed, exported."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pytest

from judgedesk.cli import main
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.project.settings import load_project
from judgedesk.core.project.undo import UndoStack
from judgedesk.core.report.build import project_report
from judgedesk.core.review.session import ReviewSession
from judgedesk.core.run.store import Store
from tests.support.fake_openai import FakeOpenAI

# The judge's accuracy and clarity scores for rows 0..3.
JUDGED = [(6, 9), (8, 9), (3, 7), (10, 8)]


def scores(body: dict[str, Any]) -> str:
    prompt = body["messages"][-1]["content"]
    row = next(i for i in range(len(JUDGED)) if f"Question {i}?" in prompt)
    accuracy, clarity = JUDGED[row]
    return json.dumps(
        {
            "accuracy": {"score": accuracy, "analysis": "…"},
            "clarity": {"score": clarity, "analysis": "…"},
            "overall_reason": "…",
            "overall_score": round((accuracy + clarity) / 2),
        }
    )


def make_judged_project(tmp_path: Path) -> Path:
    data = tmp_path / "qa.jsonl"
    data.write_text(
        "\n".join(
            json.dumps({"id": f"r{i}", "question": f"Question {i}?", "response": f"A{i}"})
            for i in range(len(JUDGED))
        ),
        encoding="utf-8",
    )
    folder = tmp_path / "dims"
    with FakeOpenAI(reply=scores) as fake:
        args = ["new", str(folder), "--dataset", str(data), "--template", "multidim_json"]
        assert main([*args, "--judge-url", fake.base_url, "--judge-model", "m"]) == 0
        assert main(["run", str(folder), "--quiet"]) == 0
    return folder


def test_dimension_scores_are_kept_undone_reported_and_exported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = make_judged_project(tmp_path)
    project = load_project(folder)
    undo = UndoStack()
    with Store(project.store_path) as store:
        session = ReviewSession(store, project=project, undo=undo, reviewer="ann")
        assert session.item(0).judge_dimensions == {"accuracy": 6.0, "clarity": 9.0}
        session.set_dimension(0, "accuracy", 6)  # agrees with the judge
        session.set_dimension(1, "accuracy", 5)  # the judge said 8
        session.set_dimension(2, "accuracy", 3.0)
        session.set_dimension(2, "clarity", 7)
        assert session.item(2).human_dimensions == {"accuracy": 3, "clarity": 7}
        undo.undo()
        assert session.item(2).human_dimensions == {"accuracy": 3}
        undo.redo()
        with pytest.raises(JudgeDeskError):
            session.set_dimension(3, "accuracy", -1)
        session.set_dimension(1, "accuracy", None)
        session.set_dimension(1, "accuracy", 5)
    # Kept in the file: a new session reads them back.
    with Store(project.store_path) as store:
        again = ReviewSession(store, project=project, reviewer="ann")
        assert again.item(1).human_dimensions == {"accuracy": 5}
        assert not again.item(3).human_dimensions
    report = project_report(project)
    by_name = {group.name: group for group in report.dimensions}
    # accuracy: rows 0 and 2 agree, row 1 does not → 2 of 3; clarity: row 2 only → 1 of 1.
    assert by_name["accuracy"].person_agreement.value == pytest.approx(2 / 3)
    assert by_name["accuracy"].person_agreement.n == 3
    assert by_name["clarity"].person_agreement.value == 1.0
    out = tmp_path / "dims.csv"
    assert main(["export", str(folder), "--out", str(out)]) == 0
    rows = list(csv.DictReader(out.open(encoding="utf-8-sig")))
    assert [r["human.accuracy"] for r in rows] == ["6", "5", "3", ""]
    assert [r["human.clarity"] for r in rows] == ["", "", "7", ""]
    assert rows[2]["judge.clarity"] == "7"


def test_the_workbook_has_the_judges_and_the_persons_dimension_scores(tmp_path: Path) -> None:
    import openpyxl

    folder = make_judged_project(tmp_path)
    project = load_project(folder)
    with Store(project.store_path) as store:
        ReviewSession(store, project=project).set_dimension(1, "clarity", 4)
    out = tmp_path / "dims.xlsx"
    assert main(["export", str(folder), "--out", str(out)]) == 0
    sheet = openpyxl.load_workbook(out, read_only=True)["Rows"]
    rows = list(sheet.iter_rows(values_only=True))
    head = list(rows[0])

    def column(name: str) -> list[Any]:  # a read-only sheet leaves trailing empty cells out
        at = head.index(name)
        return [row[at] if at < len(row) else None for row in rows[1:]]

    assert column("judge.accuracy") == [a for a, _ in JUDGED]
    assert column("human.clarity") == [None, 4, None, None]
