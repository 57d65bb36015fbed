"""Counting a project's results and a reviewer's reviews in one look at its results file."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from judgedesk.core.dataset import open_dataset
from judgedesk.core.review import project_split
from judgedesk.core.review.session import ReviewSession
from judgedesk.core.review.standing import NOTHING, read_standing
from judgedesk.core.run import Review
from judgedesk.core.run.store import Store
from tests.core.test_pipeline import ROWS, make_project, run, server  # noqa: F401
from tests.support.fake_openai import FakeOpenAI


def test_a_project_never_run_stands_at_nothing(tmp_path: Path) -> None:
    project = make_project(tmp_path, "http://127.0.0.1:9/v1")
    assert read_standing(project, None) == NOTHING
    assert not project.store_path.exists()  # looking made no file


def test_results_failures_and_reviews_are_counted(
    tmp_path: Path,
    server: FakeOpenAI,  # noqa: F811
) -> None:
    project = make_project(tmp_path, server.base_url)
    run(project)
    with open_dataset(project.dataset_path()) as dataset:
        standing = read_standing(project, dataset, "Ana")
    assert (standing.results, standing.failed, standing.unparsed) == (ROWS, 0, 1)  # row 7
    assert standing.progress.total == ROWS and standing.progress.reviewed == 0
    with Store(project.store_path) as store:
        session = ReviewSession(store, project=project, reviewer="Ana")
        session.set_value(0, 1)  # the judge gave row 0 a 1: agreed
        session.set_value(1, 9)  # and row 1 a 2: a disagreement
    standing = read_standing(project, None, "Ana")
    assert (standing.progress.reviewed, standing.progress.disagreed) == (2, 1)
    assert read_standing(project, None, "Bo").progress.reviewed == 0  # someone else's
    with Store(project.store_path) as store:
        ReviewSession(store, project=project, reviewer="Bo").set_value(1, 2)
        ReviewSession(store, project=project, reviewer="Bo").set_value(5, 9)
    # What the Review pane counts for each reviewer, without an item for every row.
    with Store(project.store_path) as store, open_dataset(project.dataset_path()) as dataset:
        for name in ("Ana", "Bo", "Cy"):
            session = ReviewSession(store, dataset, project=project, reviewer=name)
            assert read_standing(project, dataset, name).progress == session.progress()


def test_rows_whose_script_failed_are_counted_apart(
    tmp_path: Path,
    server: FakeOpenAI,  # noqa: F811
) -> None:
    project = make_project(tmp_path, server.base_url, rows=4)
    (project.root / "scripts").mkdir()
    project.script_path("postprocess").write_text(
        "def postprocess(judge_reqs, judge_resps, judge_models, data, resp, **kwargs):\n"
        "    if data['id'] == 'r2':\n"
        "        raise ValueError('row two is broken')\n"
        "    return 1\n"
    )
    run(project)
    standing = read_standing(project, None)
    assert (standing.results, standing.failed, standing.script_failures) == (4, 1, 1)


def test_the_calibration_split_is_counted_when_judges_can_be_compared(tmp_path: Path) -> None:
    project = make_project(tmp_path, "http://127.0.0.1:9/v1")
    with Store(project.store_path) as store:
        for i in range(8):
            store.reviews.put(Review(i, f"r{i}", value=i % 10 + 1))
    with open_dataset(project.dataset_path()) as dataset:
        alone = read_standing(project, dataset)
        assert alone.calibration_test == 0  # one judge: nothing to compare
        project.judges.append(dataclasses.replace(project.judges[0], name="other"))
        standing = read_standing(project, dataset)
        with Store(project.store_path) as store:
            split = project_split(store, dataset, project)
    assert standing.calibration_test == len(split.test) > 0
    assert standing.calibration_more == split.more_needed(5)
    assert standing.calibration_goal_more == split.more_needed(30) > 0
