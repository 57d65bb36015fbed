"""Save As copies a project; autosave's recovery copy brings unsaved settings back."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from judgedesk.core.errors import ProjectError
from judgedesk.core.project.files import (
    read_recovery,
    recovery_path,
    save_project_as,
    write_recovery,
)
from judgedesk.core.project.settings import load_project
from judgedesk.resources import resource_path


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    folder = tmp_path / "sample"
    shutil.copytree(resource_path("sample"), folder)
    return folder


def test_save_as_copies_files_and_the_unsaved_settings(sample: Path, tmp_path: Path) -> None:
    project = load_project(sample)
    project.judges[0].name = "changed-but-not-saved"
    copied = save_project_as(project, tmp_path / "copy")
    assert copied.root == (tmp_path / "copy").resolve()
    again = load_project(tmp_path / "copy")
    assert again.judges[0].name == "changed-but-not-saved"
    assert again.dataset_path().is_file()
    assert again.dataset_path().resolve().parent.parent == copied.root
    for judge in again.judges:
        if judge.kind == "openai":
            assert again.template_path(judge).is_file()
    # The original is untouched.
    assert load_project(sample).judges[0].name != "changed-but-not-saved"


def test_save_as_points_at_a_dataset_kept_outside(sample: Path, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere.jsonl"
    shutil.copy(sample / load_project(sample).dataset.path, outside)
    project = load_project(sample)
    project.dataset.path = str(outside)
    project.save()
    project.dataset.path = os.path.relpath(outside, sample)
    copied = save_project_as(project, tmp_path / "copy")
    assert Path(copied.dataset.path) == outside.resolve()
    assert load_project(copied.root).dataset_path() == outside.resolve()


def test_save_as_refuses_unsuitable_folders(sample: Path, tmp_path: Path) -> None:
    project = load_project(sample)
    with pytest.raises(ProjectError, match="inside the project"):
        save_project_as(project, sample / "sub")
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "x.txt").write_text("x")
    with pytest.raises(ProjectError, match="not empty"):
        save_project_as(project, busy)


def test_recovery_brings_back_unsaved_settings(sample: Path) -> None:
    project = load_project(sample)
    assert read_recovery(project) is None
    project.judges[0].name = "typed-before-the-crash"
    write_recovery(project)
    later = time.time() + 5
    os.utime(recovery_path(project), (later, later))
    found = read_recovery(load_project(sample))
    assert found is not None
    restored, when = found
    assert restored.judges[0].name == "typed-before-the-crash"
    assert abs(when.timestamp() - later) < 1
    assert load_project(sample).judges[0].name != "typed-before-the-crash"


def test_a_recovery_older_than_the_save_is_dropped(sample: Path) -> None:
    project = load_project(sample)
    write_recovery(project)
    project.save()
    earlier = time.time() - 60
    os.utime(recovery_path(project), (earlier, earlier))
    assert read_recovery(project) is None
    assert not recovery_path(project).exists()


def test_a_broken_recovery_is_ignored(sample: Path) -> None:
    project = load_project(sample)
    path = recovery_path(project)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("schema_version = [", encoding="utf-8")
    later = time.time() + 5
    os.utime(path, (later, later))
    assert read_recovery(project) is None


def test_recovery_refuses_a_key_like_a_save(sample: Path) -> None:
    project = load_project(sample)
    project.judges[0].api_key = "sk-" + "x" * 40
    with pytest.raises(ProjectError):
        write_recovery(project)
    assert not recovery_path(project).exists()
