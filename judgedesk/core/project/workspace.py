"""The one object the UI holds: the open project, its dataset, the selected row, events."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable, Hashable, Mapping, Sequence
from pathlib import Path
from typing import Any

from judgedesk.core.dataset import Dataset
from judgedesk.core.errors import ProjectError
from judgedesk.core.events import Signal
from judgedesk.core.judge import JudgeSettings
from judgedesk.core.project.adoption import adopted_judges
from judgedesk.core.project.settings import (
    CalibrationSettings,
    Project,
    RunSettings,
    load_project,
)
from judgedesk.core.project.undo import SnapshotCommand, UndoStack


class Workspace:
    """The open project and what the panes share.

    Reading a dataset is blocking work (:func:`begin_project_dataset`), which the UI
    runs in a worker thread; the rest is quick and runs anywhere.

    Signals:
        sig_project_opened: the :class:`Project`, after it is opened.
        sig_dataset_loaded: the :class:`Dataset`, after it is read.
        sig_row_selected: the row index every pane should show.
        sig_dirty_changed: True when the project has unsaved changes, False once saved.
        sig_dataset_completed: the :class:`Dataset`, once a progressive read is complete.
        sig_judges_changed: the project's judge list, after any change to it (made,
            undone or redone).
        sig_results_changed: the id of a run whose results were just stored (or 0 when
            results changed otherwise).
        sig_run_settings_changed: the project's :class:`RunSettings`, after a change,
            undo or redo.
        sig_answering_models_changed: the :class:`Project`, after its candidate or
            baseline model changed (or a change was undone).
        sig_dataset_closing: the :class:`Dataset` about to be closed; work reading it in
            other threads must stop before the handlers return.
        sig_variables_changed: the project's variables, after any change to them
            (made, undone or redone).
        sig_script_timeout_changed: seconds one script call may take (0: no limit), after
            a change, undo or redo.
        sig_calibration_changed: the project's :class:`CalibrationSettings` (the split's
            share and seed), after a change, undo or redo.

    Changes a person makes go through the ``change_*`` operations: each applies the edit,
    records it on :attr:`undo` and announces what changed; the project is dirty when the undo
    stack is away from the saved state, or the project was adopted unsaved (restored from
    recovery).
    """

    def __init__(self) -> None:
        self.project: Project | None = None
        self.dataset: Dataset | None = None
        self.row: int | None = None
        self.sig_project_opened: Signal[Project] = Signal()
        self.sig_dataset_loaded: Signal[Dataset] = Signal()
        self.sig_row_selected: Signal[int] = Signal()
        self.sig_dirty_changed: Signal[bool] = Signal()
        self.sig_dataset_completed: Signal[Dataset] = Signal()
        self.sig_judges_changed: Signal[list[JudgeSettings]] = Signal()
        self.sig_results_changed: Signal[int] = Signal()
        self.sig_dataset_closing: Signal[Dataset] = Signal()
        self.sig_run_settings_changed: Signal[RunSettings] = Signal()
        self.sig_answering_models_changed: Signal[Project] = Signal()
        self.sig_variables_changed: Signal[dict[str, Any]] = Signal()
        self.sig_script_timeout_changed: Signal[float] = Signal()
        self.sig_calibration_changed: Signal[CalibrationSettings] = Signal()
        self._stop_reading: Callable[[], None] | None = None
        self.undo = UndoStack()
        self.undo.sig_changed.connect(lambda _: self._update_dirty())
        self._unsaved = False
        self.dirty = False

    def open_project(self, folder: str | Path) -> Project:
        """Open a project folder (the dataset is read separately)."""
        project = load_project(folder)
        self.close_dataset()
        self.project = project
        self.row = None
        self._unsaved = False
        self.undo.clear()
        self.sig_project_opened.emit(project)
        return project

    def adopt_project(self, project: Project, *, unsaved: bool = False) -> None:
        """Show a project already loaded (restored from recovery, or saved elsewhere)."""
        self.close_dataset()
        self.project = project
        self.row = None
        self._unsaved = unsaved
        self.undo.clear()
        self.sig_project_opened.emit(project)

    def set_dataset(self, dataset: Dataset, stop_reading: Callable[[], None] | None = None) -> None:
        """Install a dataset; ``stop_reading`` stops a progressive read still going on."""
        self.close_dataset()
        self.dataset = dataset
        self._stop_reading = stop_reading
        self.sig_dataset_loaded.emit(dataset)

    def dataset_completed(self, dataset: Dataset | None) -> None:
        """Note that the progressive read of the current dataset has finished."""
        if dataset is not None and dataset is self.dataset:
            self._stop_reading = None
            self.sig_dataset_completed.emit(dataset)

    def close_dataset(self) -> None:
        """Stop reading and release the dataset's file."""
        if self._stop_reading is not None:
            self._stop_reading()
            self._stop_reading = None
        if self.dataset is not None:
            self.sig_dataset_closing.emit(self.dataset)
            self.dataset.close()
            self.dataset = None

    def select_row(self, index: int) -> None:
        """Make ``index`` the row every pane shows."""
        if self.row != index:
            self.row = index
            self.sig_row_selected.emit(index)

    def change_judges(
        self,
        judges: Sequence[JudgeSettings],
        label: str,
        merge_key: Hashable | None = None,
    ) -> None:
        """Replace the project's judges with copies of ``judges``, as one step of undo.

        Consecutive changes with the same ``merge_key`` (typing into one field) are
        undone together. Announces the change with :attr:`sig_judges_changed`.
        """
        if self.project is None:
            return
        before = copy.deepcopy(self.project.judges)
        after = copy.deepcopy(list(judges))
        if after == before:
            return
        self.undo.push(SnapshotCommand(label, before, after, self._apply_judges, merge_key))

    def change_judge(
        self, name: str, label: str, merge_key: Hashable | None = None, **changes: Any
    ) -> None:
        """Change fields of the judge called ``name`` (``model="x"``…), as one step of undo.

        Announces the change with :attr:`sig_judges_changed`; nothing happens when no
        judge has that name or nothing changes.
        """
        if self.project is None:
            return
        judges = copy.deepcopy(self.project.judges)
        judge = next((j for j in judges if j.name == name), None)
        if judge is None:
            return
        for field, value in changes.items():
            setattr(judge, field, value)
        self.change_judges(judges, label, merge_key)

    def change_adopted_judge(self, chosen: str, candidates: Sequence[str], label: str) -> None:
        """Adopt the calibrated candidate ``chosen``: it is enabled and the other
        candidates are disabled (never deleted), as one step of undo.

        Raises:
            ProjectError: ``chosen`` is not among the candidates or the judges.
        """
        if self.project is not None:
            self.change_judges(adopted_judges(self.project.judges, candidates, chosen), label)

    def change_calibration(self, label: str, **changes: Any) -> None:
        """Change how labelled rows are split to calibrate (``share``, ``seed``), as one
        step of undo; consecutive changes are undone together (a spin box stepped).

        Announces the change with :attr:`sig_calibration_changed`.
        """
        if self.project is None:
            return
        before = copy.deepcopy(self.project.calibration)
        after = dataclasses.replace(before, **changes)
        if after == before:
            return
        command = SnapshotCommand(
            label, before, after, self._apply_calibration, merge_key="calibration"
        )
        self.undo.push(command)

    def _apply_calibration(self, state: object) -> None:
        if self.project is None or not isinstance(state, CalibrationSettings):
            return
        self.project.calibration = copy.deepcopy(state)
        self.sig_calibration_changed.emit(self.project.calibration)

    def add_judge(
        self, judge: JudgeSettings, template: str, label: str, after: str | None = None
    ) -> None:
        """Add ``judge`` after the judge called ``after`` (at the end when None or not
        found), its template file written with ``template`` first, as one step of undo.

        Undoing takes the judge away; its template file stays, as any template file does
        when its judge is removed. A file already at the judge's template place is kept.
        Announces the change with :attr:`sig_judges_changed`.

        Raises:
            ProjectError: a judge has that name already, or its template file is outside
                the project folder.
        """
        project = self.project
        if project is None:
            return
        if any(j.name == judge.name for j in project.judges):
            raise ProjectError(f"A judge called '{judge.name}' exists already: rename it first.")
        if not project.template_path(judge).exists():
            project.write_template(judge, template)
        judges = copy.deepcopy(project.judges)
        place = next((i + 1 for i, j in enumerate(judges) if j.name == after), len(judges))
        judges.insert(place, copy.deepcopy(judge))
        self.change_judges(judges, label)

    def _apply_judges(self, state: object) -> None:
        if self.project is None or not isinstance(state, list):
            return
        self.project.judges[:] = _same_objects(self.project.judges, copy.deepcopy(state))
        self.sig_judges_changed.emit(self.project.judges)

    def change_script_timeout(self, seconds: float, label: str) -> None:
        """Set how long one script call may take (0: no limit), as one step of undo.

        Consecutive changes are undone together (a spin box stepped up and up).
        Announces the change with :attr:`sig_script_timeout_changed`.
        """
        if self.project is None or self.project.scripts.timeout == seconds:
            return
        before, after = self.project.scripts.timeout, float(seconds)
        command = SnapshotCommand(
            label, before, after, self._apply_script_timeout, merge_key="scripts-timeout"
        )
        self.undo.push(command)

    def _apply_script_timeout(self, state: object) -> None:
        if self.project is None or not isinstance(state, int | float):
            return
        self.project.scripts.timeout = float(state)
        self.sig_script_timeout_changed.emit(self.project.scripts.timeout)

    def results_stored(self, run_id: int = 0) -> None:
        """Note that results were stored: those of run ``run_id`` (a run going on or just
        finished), or others (0: reviews imported…). Announces :attr:`sig_results_changed`.
        """
        self.sig_results_changed.emit(run_id)

    def change_variables(
        self, variables: Mapping[str, Any], label: str, merge_key: Hashable | None = None
    ) -> None:
        """Replace the project's variables with ``variables``, as one step of undo.

        Consecutive changes with the same ``merge_key`` (typing into one value) are
        undone together; a new order alone is a change. Announces the change with
        :attr:`sig_variables_changed`.
        """
        if self.project is None:
            return
        before = copy.deepcopy(self.project.variables)
        after = copy.deepcopy(dict(variables))
        if after == before and list(after) == list(before):
            return
        self.undo.push(SnapshotCommand(label, before, after, self._apply_variables, merge_key))

    def _apply_variables(self, state: object) -> None:
        if self.project is None or not isinstance(state, dict):
            return
        self.project.variables.clear()
        self.project.variables.update(copy.deepcopy(state))
        self.sig_variables_changed.emit(self.project.variables)

    def change_run_settings(self, label: str, **changes: Any) -> None:
        """Change how runs go (``swap``, ``aggregate``, ``cascade``…), as one step of undo.

        Announces the change with :attr:`sig_run_settings_changed`.
        """
        if self.project is None:
            return
        before = copy.deepcopy(self.project.run)
        after = dataclasses.replace(before, **changes)
        if after == before:
            return
        command = SnapshotCommand(label, before, after, self._apply_run_settings)
        self.undo.push(command)

    def change_answering_models(
        self, candidate: JudgeSettings | None, baseline: JudgeSettings | None, label: str
    ) -> None:
        """Set the candidate and baseline models (None: none), as one step of undo.

        Announces the change with :attr:`sig_answering_models_changed`.
        """
        if self.project is None:
            return
        before = (copy.deepcopy(self.project.candidate), copy.deepcopy(self.project.baseline))
        after = (copy.deepcopy(candidate), copy.deepcopy(baseline))
        if after == before:
            return
        self.undo.push(SnapshotCommand(label, before, after, self._apply_answering_models))

    def _apply_answering_models(self, state: object) -> None:
        if self.project is None or not isinstance(state, tuple):
            return
        self.project.candidate, self.project.baseline = copy.deepcopy(state)
        self.sig_answering_models_changed.emit(self.project)

    def _apply_run_settings(self, state: object) -> None:
        if self.project is None or not isinstance(state, RunSettings):
            return
        self.project.run = copy.deepcopy(state)
        self.sig_run_settings_changed.emit(self.project.run)

    def _update_dirty(self) -> None:
        dirty = self.project is not None and (self._unsaved or not self.undo.is_clean)
        if dirty != self.dirty:
            self.dirty = dirty
            self.sig_dirty_changed.emit(dirty)

    def save_project(self) -> None:
        """Save the project's settings (atomic, and it refuses to write an API key)."""
        if self.project is None:
            return
        self.project.save()
        self.save_project_done()

    def save_project_done(self) -> None:
        """Note that a save (perhaps done in a worker thread) succeeded."""
        self._unsaved = False
        self.undo.set_clean()
        self._update_dirty()

    def close(self) -> None:
        """Close everything the workspace holds open."""
        self.close_dataset()
        self.project = None


def _same_objects(current: list[JudgeSettings], judges: list[JudgeSettings]) -> list[JudgeSettings]:
    """``judges``, with each judge that was there already kept as the same object.

    Panes and dialogs hold a judge while it is edited, so an edit changes the object they
    hold: a judge is the one of the same name, or the one renamed in its place.
    """
    names = {j.name for j in judges}
    left = {j.name: j for j in current}
    kept = []
    for place, judge in enumerate(judges):
        old = left.pop(judge.name, None)
        if old is None and place < len(current) and current[place].name not in names:
            old = left.pop(current[place].name, None)  # renamed
        if old is None:
            kept.append(judge)
            continue
        for field in dataclasses.fields(judge):
            setattr(old, field.name, getattr(judge, field.name))
        kept.append(old)
    return kept
