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
    judges[0].name = "renamed"
    workspace.record_judges(before, "Rename", ("judge", 0, "name"))
    assert workspace.dirty and dirty == [True]
    workspace.undo.undo()
    assert project.judges is judges  # the list object is kept: views hold it
    assert judges[0].name == before[0].name and replaced == [judges]
    assert not workspace.dirty and dirty == [True, False]
    workspace.undo.redo()
    assert judges[0].name == "renamed" and workspace.dirty
    workspace.save_project()
    assert not workspace.dirty
    # Recording no change does nothing.
    workspace.record_judges(copy.deepcopy(judges), "Nothing")
    assert workspace.undo.undo_label == "Rename"
    assert os.path.exists(project.settings_path)
