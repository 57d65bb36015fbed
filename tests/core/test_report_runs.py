"""What the Report pane reads headless: the runs, two runs compared, the default breakdown."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judgedesk.core.dataset import open_dataset
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.judge.settings import JudgeSettings
from judgedesk.core.project.settings import Project
from judgedesk.core.report.build import default_category, project_comparison, project_runs
from judgedesk.core.run.store import Store


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
