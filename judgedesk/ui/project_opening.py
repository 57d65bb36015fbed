"""After a project opens: remember it and read its dataset in the background."""

from __future__ import annotations

import asyncio
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtWidgets import QWidget

from judgedesk.core.dataset import Dataset
from judgedesk.core.project import (
    DatasetOpening,
    OutsideFileError,
    Pending,
    Project,
    Workspace,
    approve,
    begin_project_dataset,
    project_files,
)
from judgedesk.ui import approvals
from judgedesk.ui.counts import rows_said
from judgedesk.ui.settings import AppSettings
from judgedesk.ui.tasks import TaskRunner


class ProjectOpening(QObject):
    """Adds each opened project to the recent ones and reads its dataset off the GUI thread.

    The first rows come first; a dataset still to be indexed is finished in a second task.
    The words keep the ``MainWindow`` translation context they had in the window.

    Signals:
        sig_status_changed: a sentence for the status bar.
    """

    sig_status_changed = Signal(str)

    def __init__(
        self, workspace: Workspace, tasks: TaskRunner, settings: AppSettings, parent: QObject
    ) -> None:
        super().__init__(parent)
        self.workspace = workspace
        self.tasks = tasks
        self.settings = settings
        workspace.sig_project_opened.connect(self._project_opened)
        workspace.sig_dataset_loaded.connect(self._dataset_loaded)
        workspace.sig_dataset_completed.connect(self._dataset_loaded)

    def _project_opened(self, project: Project) -> None:
        self.settings.add_recent_project(str(project.root))
        self.sig_status_changed.emit(
            QCoreApplication.translate("MainWindow", "Reading {0}…").format(project.dataset.path)
        )
        self.tasks.start(
            "dataset", asyncio.to_thread(_begin, project, False), on_done=self._dataset_begun
        )

    def _dataset_begun(self, opening: DatasetOpening | tuple[Path, ...]) -> None:
        if isinstance(opening, tuple):
            self._ask_to_read(opening)
            return
        self.workspace.set_dataset(opening.dataset, opening.stop)
        if opening.finish is not None:
            self.sig_status_changed.emit(
                QCoreApplication.translate("MainWindow", "Indexing {0}…").format(
                    opening.dataset.path.name
                )
            )
            self.tasks.start(
                "dataset-index",
                asyncio.to_thread(opening.finish),
                on_done=self.workspace.dataset_completed,
            )

    def _ask_to_read(self, paths: tuple[Path, ...]) -> None:
        project = self.workspace.project
        if project is None:
            return
        parent = self.parent()
        window = parent if isinstance(parent, QWidget) else None
        if approvals.ask_to_read(window, project.name or project.root.name, paths):
            self.tasks.start(
                "dataset", asyncio.to_thread(_begin, project, True), on_done=self._dataset_begun
            )
            return
        self.sig_status_changed.emit(
            QCoreApplication.translate(
                "MainWindow",
                "The dataset was not read: it is outside the project folder and you did not "
                "allow it. Open the project again to be asked again.",
            )
        )

    def _dataset_loaded(self, dataset: Dataset) -> None:
        project = self.workspace.project
        name = project.name if project else ""
        self.sig_status_changed.emit(
            QCoreApplication.translate("MainWindow", "{0} · {1}").format(
                name, rows_said(len(dataset))
            )
        )


def _begin(project: Project, allow: bool) -> DatasetOpening | tuple[Path, ...]:
    """Begin reading the dataset; the files outside the folder still to allow, if any."""
    if allow:
        approve(project, Pending(files=tuple(project_files(project))))
    try:
        return begin_project_dataset(project)
    except OutsideFileError as exc:
        return exc.paths
