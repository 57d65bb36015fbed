"""Undo and redo of the changes a person makes, and the unsaved-changes state."""

from __future__ import annotations

import copy
import os
import shutil
from pathlib import Path

from judgedesk.core.judge.settings import JudgeSettings
from judgedesk.core.project.undo import SnapshotCommand, UndoStack
from judgedesk.core.project.workspace import Workspace
from judgedesk.resources import resource_path


class Box:
    def __init__(self) -> None:
        self.value: object = 0

    def set(self, value: object) -> None:
        self.value = value


def edit(box: Box, value: int, key: object = None) -> SnapshotCommand:
    return SnapshotCommand(f"set {value}", box.value, value, box.set, key)


def test_undo_redo_and_labels() -> None:
    box, stack = Box(), UndoStack()
    changes: list[None] = []
    stack.sig_changed.connect(changes.append)
    stack.push(edit(box, 1))
    stack.push(edit(box, 2))
    assert box.value == 2 and stack.undo_label == "set 2" and not stack.can_redo
    assert stack.undo() and box.value == 1
    assert stack.redo_label == "set 2"
    assert stack.undo() and box.value == 0
    assert not stack.undo() and not stack.can_undo
    assert stack.redo() and box.value == 1
    # A new command drops what was undone.
    stack.push(edit(box, 5))
    assert not stack.can_redo and stack.undo_label == "set 5"
    assert len(changes) == 6


def test_typing_merges_into_one_step_but_not_across_a_save() -> None:
    box, stack = Box(), UndoStack()
    for value in (1, 2, 3):
        stack.push(edit(box, value, key="name"))
    assert stack.undo() and box.value == 0 and not stack.can_undo
    stack.redo()
    stack.set_clean()
    stack.push(edit(box, 4, key="name"))
    assert not stack.is_clean
    stack.undo()
    assert box.value == 3 and stack.is_clean


def test_clean_state_follows_undo_and_is_lost_when_overwritten() -> None:
    box, stack = Box(), UndoStack()
    stack.push(edit(box, 1))
    stack.set_clean()
    stack.push(edit(box, 2))
    assert not stack.is_clean
    stack.undo()
    assert stack.is_clean
    stack.undo()
    stack.push(edit(box, 7))  # the saved state (1) can no longer be reached
    assert not stack.is_clean
    stack.undo()
    assert not stack.is_clean


def test_the_stack_keeps_a_limited_history() -> None:
    box, stack = Box(), UndoStack(limit=3)
    for value in range(1, 6):
        stack.push(edit(box, value))
    undone = 0
    while stack.undo():
        undone += 1
    assert undone == 3 and box.value == 2


def test_workspace_records_judge_changes_and_tracks_unsaved_state(tmp_path: Path) -> None:
    folder = tmp_path / "sample"
    shutil.copytree(resource_path("sample"), folder)
    workspace = Workspace()
    dirty: list[bool] = []
    replaced: list[list[JudgeSettings]] = []
    workspace.sig_dirty_changed.connect(dirty.append)
    workspace.sig_judges_changed.connect(replaced.append)
    project = workspace.open_project(folder)
    judges = project.judges
    before = copy.deepcopy(judges)
    edited = copy.deepcopy(judges)
    edited[0].name = "renamed"
    workspace.change_judges(edited, "Rename", ("judge", 0, "name"))
    assert judges[0].name == "renamed" and replaced == [judges]
    edited[0].name = "changed after"  # the project keeps its own copy
    assert judges[0].name == "renamed"
    assert workspace.dirty and dirty == [True]
    workspace.undo.undo()
    assert project.judges is judges  # the list object is kept: views hold it
    assert judges[0].name == before[0].name and replaced == [judges, judges]
    assert not workspace.dirty and dirty == [True, False]
    workspace.undo.redo()
    assert judges[0].name == "renamed" and workspace.dirty
    workspace.save_project()
    assert not workspace.dirty
    # Recording no change does nothing.
    workspace.change_judges(copy.deepcopy(judges), "Nothing")
    workspace.change_judge(judges[0].name, "Nothing", model=judges[0].model)
    workspace.change_judge("no such judge", "Nothing", model="x")
    assert workspace.undo.undo_label == "Rename"
    assert os.path.exists(project.settings_path)


def test_workspace_changes_one_judge_by_name_as_one_step(tmp_path: Path) -> None:
    folder = tmp_path / "sample"
    shutil.copytree(resource_path("sample"), folder)
    workspace = Workspace()
    replaced: list[list[JudgeSettings]] = []
    workspace.sig_judges_changed.connect(replaced.append)
    project = workspace.open_project(folder)
    name, model = project.judges[0].name, project.judges[0].model
    for text in ("q", "qw", "qwen"):  # typing into one field is one step of undo
        workspace.change_judge(name, "Type", ("model", name), model=text)
    assert project.judges[0].model == "qwen" and len(replaced) == 3
    workspace.undo.undo()
    assert project.judges[0].model == model and not workspace.undo.can_undo


def test_workspace_changes_the_script_time_limit_and_says_so(tmp_path: Path) -> None:
    folder = tmp_path / "sample"
    shutil.copytree(resource_path("sample"), folder)
    workspace = Workspace()
    limits: list[float] = []
    workspace.sig_script_timeout_changed.connect(limits.append)
    project = workspace.open_project(folder)
    start = project.scripts.timeout
    workspace.change_script_timeout(start + 1, "Limit")
    workspace.change_script_timeout(start + 2, "Limit")
    assert project.scripts.timeout == start + 2 and limits == [start + 1, start + 2]
    workspace.undo.undo()  # stepping a spin box up twice is one step of undo
    assert project.scripts.timeout == start and limits[-1] == start
    assert not workspace.undo.can_undo
    stored: list[int] = []
    workspace.sig_results_changed.connect(stored.append)
    workspace.results_stored(7)
    workspace.results_stored()
    assert stored == [7, 0]


def test_a_judge_changed_stays_the_object_those_showing_it_hold(tmp_path: Path) -> None:
    folder = tmp_path / "sample"
    shutil.copytree(resource_path("sample"), folder)
    workspace = Workspace()
    project = workspace.open_project(folder)
    first, second = project.judges[0], JudgeSettings(name="second")
    project.judges[:] = [first, second]
    edited = copy.deepcopy(project.judges)
    edited[0].model, edited[1].name = "other", "renamed"
    workspace.change_judges(edited, "Edit and rename")
    assert project.judges[0] is first and first.model == "other"
    assert project.judges[1] is second and second.name == "renamed"
    workspace.change_judges(list(reversed(project.judges)), "Move")
    assert project.judges[0] is second and project.judges[1] is first
    workspace.undo.undo()
    workspace.undo.undo()
    assert project.judges[0] is first and project.judges[1] is second
    assert second.name == "second" and first.model != "other"
