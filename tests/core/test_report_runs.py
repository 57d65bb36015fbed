"""What the Report pane reads headless: the runs, two runs compared, the default breakdown."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from judgedesk.cli import main
from judgedesk.core.dataset import open_dataset
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.judge.settings import JudgeSettings
from judgedesk.core.project.settings import Project, load_project
from judgedesk.core.report.build import default_category, project_comparison, project_runs
from judgedesk.core.run.outcome import row_outcome
from judgedesk.core.run.schema import STORE_VERSION, check_version
from judgedesk.core.run.store import Store
from judgedesk.resources import resource_path


def scored_project(tmp_path: Path) -> Project:
    project = Project(root=tmp_path / "p", name="scores")
    project.variables = {"min_score": 1, "max_score": 5}
    project.judges = [JudgeSettings(name="judge", base_url="http://127.0.0.1:9/v1", model="m")]
    project.save()
    return project


def test_runs_and_two_runs_compared_with_the_project_scale(tmp_path: Path) -> None:
    project = scored_project(tmp_path)
    assert project_runs(project) == []
    assert not project.store_path.exists()  # asking did not create a results file
    with pytest.raises(JudgeDeskError, match="no runs to compare"):
        project_comparison(project, 1, 2)
    with Store(project.store_path) as store:
        for scores in ((4, 2, 5), (4, 3, None)):
            run = store.start_run("all rows")
            for row, score in enumerate(scores):
                status = "ok" if score is not None else "unparsed"
                store.put_result(run, row, f"r{row}", status, score)
            store.finish_run(run, "finished")
    runs = project_runs(project)
    assert [(r.id, r.status, r.selection) for r in runs] == [
        (1, "finished", "all rows"),
        (2, "finished", "all rows"),
    ]
    comparison, scale = project_comparison(project, 1, 2)
    assert (scale.kind, scale.low, scale.high) == ("score", 1, 5)
    assert [(c.row_index, c.before, c.after_status, c.after) for c in comparison.changed] == [
        (1, 2, "ok", 3),
        (2, 5, "unparsed", None),
    ]
    assert comparison.before.mean is not None and comparison.before.mean.value == 11 / 3
    with pytest.raises(JudgeDeskError, match=r"no run 7 .*runs: 1, 2"):
        project_comparison(project, 1, 7)


def test_results_are_broken_down_by_the_category_column_or_one_named_like_it(
    tmp_path: Path,
) -> None:
    path = tmp_path / "rows.jsonl"
    path.write_text(json.dumps({"id": "a", "topic": "x", "domain": "y"}) + "\n", "utf-8")
    with open_dataset(path, {"category": "topic"}) as dataset:
        assert default_category(dataset) == "topic"
    with open_dataset(path) as dataset:
        assert default_category(dataset) == "domain"
    path.write_text(json.dumps({"id": "a", "question": "q"}) + "\n", "utf-8")
    with open_dataset(path) as dataset:
        assert default_category(dataset) is None


V1_DUMP = Path(__file__).parents[1] / "data" / "stores" / "results-v1.sql"


def version_1_sample(tmp_path: Path) -> Project:
    """The sample project with a results file as JudgeDesk's first version wrote it: the
    dump's run, and a second where row 2 (geo-3) changed from false to true."""
    folder = tmp_path / "sample"
    if folder.exists():
        shutil.rmtree(folder)
    shutil.copytree(resource_path("sample"), folder)
    project = load_project(folder)
    project.store_path.parent.mkdir(exist_ok=True)
    db = sqlite3.connect(project.store_path)
    db.executescript(V1_DUMP.read_text(encoding="utf-8"))
    db.execute("INSERT INTO runs VALUES (2, 2.0, 3.0, 'finished', '3 rows', '')")
    db.execute(
        "INSERT INTO results SELECT 2, row_index, row_id, status, 'true', error, "
        "replace(detail, '\"value\":false', '\"value\":true'), updated FROM results"
    )
    db.commit()
    db.close()
    return project


def stored_version(project: Project) -> int:
    db = sqlite3.connect(project.store_path)
    try:
        return int(db.execute("SELECT value FROM meta WHERE key='version'").fetchone()[0])
    finally:
        db.close()


def test_an_older_results_file_read_first_is_brought_up_to_date(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = version_1_sample(tmp_path)
    runs = project_runs(project)
    assert [(r.id, r.status, r.selection) for r in runs] == [
        (1, "finished", "3 rows"),
        (2, "finished", "3 rows"),
    ]
    assert stored_version(project) == STORE_VERSION
    project = version_1_sample(tmp_path)
    comparison, scale = project_comparison(project, 1, 2)
    assert scale.kind == "boolean"
    assert [(c.row_index, c.before, c.after) for c in comparison.changed] == [(2, False, True)]
    # The review card's look at one row, then `judgedesk report` on the same kind of file.
    project = version_1_sample(tmp_path)
    outcome = row_outcome(project.store_path, 2)
    assert outcome is not None and outcome.row_id == "geo-3" and outcome.value is True
    project = version_1_sample(tmp_path)
    assert main(["report", str(project.root), "--compare", "1", "2"]) == 0
    out, err = capsys.readouterr()
    assert "damaged" not in out + err and "geo-3" in out
    with Store(project.store_path) as store:
        assert store.reviews.all() == {} and len(store.latest_results()) == 3


def test_an_older_results_file_that_cannot_be_written_is_not_called_damaged(
    tmp_path: Path,
) -> None:
    project = version_1_sample(tmp_path)
    # A connection that cannot write, as a read-only folder gives.
    db = sqlite3.connect(f"{project.store_path.as_uri()}?mode=ro", uri=True)
    try:
        with pytest.raises(JudgeDeskError) as caught:
            check_version(db, project.store_path)
    finally:
        db.close()
    message = str(caught.value)
    assert "written by an older JudgeDesk" in message and "writable" in message
    assert "damaged" not in message
    assert stored_version(project) == 1
