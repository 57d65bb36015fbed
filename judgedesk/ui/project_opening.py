"""After a project opens: remember it and read its dataset in the background."""

from __future__ import annotations

import asyncio

from PySide6.QtCore import QCoreApplication, QObject, Signal

from judgedesk.core.dataset import Dataset
from judgedesk.core.project.settings import Project
from judgedesk.core.project.workspace import DatasetOpening, Workspace, begin_project_dataset
from judgedesk.ui.settings import AppSettings
from judgedesk.ui.tasks import TaskRunner


class ProjectOpening(QObject):
    """Adds each opened project to the recent ones and reads its dataset off the GUI thread.

    The first rows come first; a dataset still to be indexed is finished in a second task.
    The words keep the ``MainWindow`` translation context they had in the window.

    Signals:
        sig_status: a sentence for the status bar.
    """

    sig_status = Signal(str)

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
        self.sig_status.emit(
            QCoreApplication.translate("MainWindow", "Reading {0}…").format(project.dataset.path)
        )
        self.tasks.start(
            "dataset",
            asyncio.to_thread(begin_project_dataset, project),
            on_done=self._dataset_begun,
        )

    def _dataset_begun(self, opening: DatasetOpening) -> None:
        self.workspace.set_dataset(opening.dataset, opening.stop)
        if opening.finish is not None:
            self.sig_status.emit(
                QCoreApplication.translate("MainWindow", "Indexing {0}…").format(
                    opening.dataset.path.name
                )
            )
            self.tasks.start(
                "dataset-index",
                asyncio.to_thread(opening.finish),
                on_done=self.workspace.dataset_completed,
            )

    def _dataset_loaded(self, dataset: Dataset) -> None:
        project = self.workspace.project
        name = project.name if project else ""
        self.sig_status.emit(
            QCoreApplication.translate("MainWindow", "{0} · {1} rows").format(
                name, f"{len(dataset):,}"
            )
        )
