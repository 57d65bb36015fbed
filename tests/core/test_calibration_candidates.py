"""Candidates run for a calibration in processes of their own, as the window runs them,
and the calibration's workspace operations (the split, adopting a candidate)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from judgedesk.core.errors import ProjectError
from judgedesk.core.project import Workspace, adopted_judges, load_project, open_project_dataset
from judgedesk.core.report import CandidateRuns, calibrate, plan_calibration, run_candidates
from judgedesk.core.run import Store
from tests.core.test_calibrate_cli import LABELLED, labelled_project, reply
from tests.support.fake_openai import FakeOpenAI


@pytest.fixture
def server() -> Iterator[FakeOpenAI]:
    with FakeOpenAI(reply=reply) as fake:
        yield fake


def test_candidates_run_in_processes_give_what_the_command_line_gives(
    tmp_path: Path, server: FakeOpenAI
) -> None:
    project = labelled_project(tmp_path / "p", server.base_url)
    with open_project_dataset(project) as dataset:
        plan = plan_calibration(project, dataset)
    assert plan.candidates == ("judge", "large")
    assert plan.estimate is not None and plan.estimate.requests == 2 * LABELLED
    assert plan.ceiling is None  # one reviewer: no ceiling to show
    woken = threading.Event()
    runs = CandidateRuns(project, plan, on_news=woken.set)
    runs.start()
    assert runs.join(120)
    news = runs.drain()
    assert news.done and not news.error and set(news.outcomes) == {"judge", "large"}
    assert news.outcomes["judge"].usage.calls == LABELLED and woken.is_set()
    # The replies are stored: the command line's runs reuse them and say the same.
    with open_project_dataset(project) as dataset:
        again = __import__("asyncio").run(run_candidates(project, dataset, plan))
    assert all(o.usage.calls == 0 for o in again.values())
    mine = calibrate(plan.split, news.outcomes, seed=plan.split.seed)
    theirs = calibrate(plan.split, again, seed=plan.split.seed)
    assert mine.chosen == theirs.chosen == "judge"
    assert [j.tuning.to_dict() for j in mine.judges] == [j.tuning.to_dict() for j in theirs.judges]


def test_a_stopped_calibration_keeps_the_replies_received(
    tmp_path: Path, server: FakeOpenAI
) -> None:
    project = labelled_project(tmp_path / "p", server.base_url)
    with open_project_dataset(project) as dataset:
        plan = plan_calibration(project, dataset)
    runs = CandidateRuns(project, plan)
    runs.stop()  # before anything ran: nothing is asked
    runs.start()
    assert runs.join(60)
    news = runs.drain()
    assert news.done and news.stopped and not news.outcomes
    assert not server.requests
    with Store(project.store_path) as store:
        assert store.count_calls() == 0


def test_the_workspace_adopts_a_candidate_and_keeps_the_split_with_undo(
    tmp_path: Path, server: FakeOpenAI
) -> None:
    project = labelled_project(tmp_path / "p", server.base_url)
    workspace = Workspace()
    workspace.open_project(project.root)
    seen: list[object] = []
    workspace.sig_calibration_changed.connect(seen.append)
    workspace.sig_judges_changed.connect(seen.append)
    workspace.change_calibration("Split", share=0.6, seed=3)
    workspace.change_calibration("Split", seed=4)
    assert workspace.project is not None
    assert (workspace.project.calibration.share, workspace.project.calibration.seed) == (0.6, 4)
    workspace.change_adopted_judge("large", ["judge", "large"], "Adopt large")
    assert [(j.name, j.enabled) for j in workspace.project.judges] == [
        ("judge", False),
        ("large", True),
    ]
    assert len(seen) == 3 and workspace.dirty
    workspace.undo.undo()
    assert all(j.enabled for j in workspace.project.judges)
    workspace.undo.undo()  # the two split changes were one step
    assert (workspace.project.calibration.share, workspace.project.calibration.seed) == (0.5, 0)
    workspace.undo.redo()
    workspace.undo.redo()
    workspace.save_project()
    saved = load_project(project.root)
    assert saved.calibration.seed == 4 and not saved.judges[0].enabled
    with pytest.raises(ProjectError, match="not among the candidates"):
        adopted_judges(saved.judges, ["judge"], "large")
