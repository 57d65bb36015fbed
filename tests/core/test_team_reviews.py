"""Other people's labels imported beside this person's reviews, and the human ceiling."""

from __future__ import annotations

import csv
import json
import math
from pathlib import Path

import krippendorff
import pytest

from judgedesk.cli import main
from judgedesk.core.dataset import open_dataset
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.report import format_report
from judgedesk.core.report.build import project_report
from judgedesk.core.review.human import scale_for
from judgedesk.core.review.team import import_labels, people_figures
from judgedesk.core.run.reviews import Review
from judgedesk.core.run.store import Store
from tests.core.test_pipeline import make_project, run, score_from_question
from tests.support.fake_openai import FakeOpenAI

ROWS = 12


def _judged(tmp_path: Path):  # type: ignore[no-untyped-def]
    with FakeOpenAI(reply=score_from_question, models=["judge-small"]) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=ROWS)
        run(project)
    return project


def _write_labels(path: Path, rows: list[tuple[str, object]], *, id_name: str = "id") -> Path:
    if path.suffix == ".jsonl":
        lines = [json.dumps({id_name: i, "verdict": v}) for i, v in rows]
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    else:
        with path.open("w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow([id_name, "verdict"])
            writer.writerows(rows)
    return path


def test_imported_labels_sit_beside_the_person_s_reviews(tmp_path: Path) -> None:
    project = _judged(tmp_path)
    ana = _write_labels(tmp_path / "ana.csv", [(f"r{i}", i % 10 + 1) for i in range(10)])
    bo = _write_labels(
        tmp_path / "bo.jsonl",
        [(f"r{i}", (i + i % 3) % 10 + 1) for i in range(12)] + [("zz9", 4), ("r1", "great")],
    )
    with open_dataset(project.dataset_path()) as dataset, Store(project.store_path) as store:
        for i in range(0, 12, 2):
            store.reviews.put(Review(i, f"r{i}", value=(i + 1) % 10 + 1, reviewer="me"))
        scale = scale_for(project, [r.value for r in store.latest_results().values()])
        first = import_labels(store, dataset, scale, ana, "ana")
        assert (first.merge.added, first.reading.labelled) == (10, 10)
        second = import_labels(store, dataset, scale, bo, "bo")
        assert second.unknown_count == 1 and second.unknown_ids == ("zz9",)
        assert second.reading.unreadable == 1 and "great" in second.summary()
        again = import_labels(store, dataset, scale, ana, "ana")  # the same file twice
        assert (again.merge.added, again.merge.changed, again.merge.unchanged) == (0, 0, 10)
        team = store.reviews.verdicts(exclude="me")
        assert sorted(team) == ["ana", "bo"] and len(team["ana"]) == 10
        assert len(store.reviews.all("me")) == 6  # the person's own reviews are untouched
    report = project_report(project, open_dataset(project.dataset_path()))
    people = report.people
    assert people is not None and people.ceiling is not None
    assert people.reviewers == ("ana", "bo", "me")
    table = [
        [team["ana"].get(r), team["bo"].get(r), (r + 1) % 10 + 1 if r % 2 == 0 else None]
        for r in range(ROWS)
    ]
    reference = krippendorff.alpha(
        reliability_data=[
            [math.nan if row[k] is None else row[k] for row in table] for k in range(3)
        ],
        level_of_measurement="interval",
    )
    assert people.ceiling.alpha.value == pytest.approx(reference)
    assert [p.second for p in people.judge_vs] == ["ana", "bo", "me"]
    assert people.judge_vs[0].exact.value == 1.0  # ana gave what the judge gave, row 7 aside
    assert "people agree with each other at κ" in people.sentence()
    text = format_report(report)
    assert "People" in text and "Krippendorff's α (interval) across ana, bo, me" in text
    assert report.to_dict()["people"]["ceiling"]["raters"] == ["ana", "bo", "me"]
    # Importing again left every figure as it was.
    assert (
        project_report(project, open_dataset(project.dataset_path())).to_dict()["people"]
        == report.to_dict()["people"]
    )


def test_without_other_reviewers_there_is_no_ceiling() -> None:
    assert people_figures({1: 3}, {}, {1: 3}, "interval") is None
    alone = people_figures({}, {"ana": {1: 3, 2: 4}}, {1: 3, 2: 5}, "interval")
    assert alone is not None and alone.ceiling is None
    assert "needs two or more" in alone.sentence()


def test_a_file_without_the_columns_says_which_it_has(tmp_path: Path) -> None:
    project = _judged(tmp_path)
    odd = _write_labels(tmp_path / "odd.csv", [("r1", 3)], id_name="item")
    with open_dataset(project.dataset_path()) as dataset, Store(project.store_path) as store:
        scale = scale_for(project, [5])
        with pytest.raises(JudgeDeskError, match="no 'id' and 'verdict' columns"):
            import_labels(store, dataset, scale, odd, "ana")
        with pytest.raises(JudgeDeskError, match="reviewer's name"):
            import_labels(store, dataset, scale, odd, " ")
        done = import_labels(store, dataset, scale, odd, "ana", id_column="item")
        assert done.merge.added == 1


def test_the_command_line_imports_and_says_what_it_did(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = _judged(tmp_path)
    good = _write_labels(tmp_path / "ana.csv", [("r1", 2), ("r2", 3)])
    assert main(["review", "import", str(project.root), str(good), "--reviewer", "ana"]) == 0
    out = capsys.readouterr().out
    assert "ana: 2 verdicts read from 2 lines; 2 added" in out
    bad = _write_labels(tmp_path / "bad.csv", [("nope", 2)])
    assert main(["review", "import", str(project.root), str(bad), "--reviewer", "bo"]) == 1
    assert "ids the dataset does not have (nope)" in capsys.readouterr().out


def test_columns_of_the_dataset_can_hold_a_reviewer_each(tmp_path: Path) -> None:
    data = tmp_path / "rated.csv"
    with data.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["id", "question", "ref", "answer", "ana_score", "bo_score"])
        for i in range(10):
            bo = "" if i == 3 else str((i + i % 2) % 10 + 1)  # a missing review
            writer.writerow([f"r{i}", f"What about item {i}?", "x", "y", i % 10 + 1, bo])
    with FakeOpenAI(reply=score_from_question, models=["judge-small"]) as fake:
        argv = ["new", str(tmp_path / "p"), "--dataset", str(data), "--template"]
        argv += ["score_reference", "--judge-url", fake.base_url, "--judge-model", "judge-small"]
        argv += ["--field", "question=question", "--field", "reference=ref"]
        argv += ["--field", "response=answer", "--field", "human.ana=ana_score"]
        argv += ["--field", "human.bo=bo_score"]
        assert main(argv) == 0
        assert main(["run", str(tmp_path / "p"), "--quiet"]) in (0, 1)
    from judgedesk.core.project.settings import load_project

    project = load_project(tmp_path / "p")
    report = project_report(project, open_dataset(project.dataset_path(), project.dataset.fields))
    people = report.people
    assert people is not None and people.ceiling is not None
    assert people.reviewers == ("ana", "bo")
    assert people.ceiling.rows == 9  # bo left row 3 unreviewed
    assert people.ceiling.pairs[0].n == 9
