"""The shipped sample project opens, checks clean and runs with no network."""

from __future__ import annotations

import shutil
from pathlib import Path

from judgedesk.cli import main
from judgedesk.core.project.checks import check_project
from judgedesk.core.project.settings import load_project
from judgedesk.core.run.store import Store
from judgedesk.resources import resource_path


def test_sample_project_runs_offline(tmp_path: Path, capsys: object) -> None:
    project_dir = tmp_path / "sample"
    shutil.copytree(resource_path("sample"), project_dir)
    project = load_project(project_dir)
    assert check_project(project) == []
    assert main(["run", str(project_dir), "--quiet", "--json"]) == 0
    with Store(project.store_path) as store:
        latest = store.latest_results()
    assert len(latest) == 24
    assert all(r.status == "ok" for r in latest.values())
    assert latest[0].value is True  # "The capital of Australia is Canberra."
    assert latest[2].value is False  # Mount Kenya is not Kilimanjaro
    assert main(["render", str(project_dir), "--row", "21", "--judge", "local-model"]) == 0
