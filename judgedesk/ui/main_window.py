"""The main window: assembles the panes, the menus and the status bar (no business rules)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMainWindow,
    QMessageBox,
    QStackedWidget,
    QWidget,
)

from judgedesk import __version__
from judgedesk.core.datasets import Dataset
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.project import Project
from judgedesk.core.workspace import DatasetOpening, Workspace, begin_project_dataset
from judgedesk.ui.panes.dataset_pane import DatasetPane
from judgedesk.ui.panes.judges_pane import JudgesPane
from judgedesk.ui.panes.row_inspector import RowInspector
from judgedesk.ui.settings import AppSettings
from judgedesk.ui.tasks import TaskRunner


class MainWindow(QMainWindow):
    """Navigation on the left, the selected pane in the middle, the row on the right."""

    def __init__(self, workspace: Workspace, settings: AppSettings) -> None:
        super().__init__()
        self.setObjectName("mainWindow")
        self.workspace = workspace
        self.settings = settings
        self.tasks = TaskRunner(self)
        self.tasks.sig_task_failed.connect(self._show_failure)
        self.resize(1280, 800)

        self.nav = QListWidget(self)
        self.nav.setObjectName("paneNavigation")
        self.nav.setAccessibleName(self.tr("Panes"))
        self.nav.setFixedWidth(150)
        self.stack = QStackedWidget(self)
        self.dataset_pane = DatasetPane(workspace, self)
        self._add_pane(self.tr("Dataset"), self.dataset_pane)
        self.judges_pane = JudgesPane(workspace, self.tasks, self)
        self._add_pane(self.tr("Judges"), self.judges_pane)
        self.nav.currentRowChanged.connect(self.stack.setCurrentIndex)
        self.nav.setCurrentRow(0)
        central = QWidget(self)
        layout = QHBoxLayout(central)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.nav)
        layout.addWidget(self.stack, 1)
        self.setCentralWidget(central)

        self.inspector = RowInspector(self)
        dock = QDockWidget(self.tr("Row"), self)
        dock.setObjectName("rowInspectorDock")
        dock.setWidget(self.inspector)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        dock.setMinimumWidth(380)

        self.status = QLabel(self.tr("No project open."), self)
        self.status.setObjectName("statusText")
        self.statusBar().addWidget(self.status, 1)
        self._build_menus()

        workspace.sig_project_opened.connect(self._on_project_opened)
        workspace.sig_dataset_loaded.connect(self._on_dataset_loaded)
        workspace.sig_dataset_completed.connect(self._on_dataset_loaded)
        workspace.sig_row_selected.connect(self._on_row_selected)
        workspace.sig_dirty_changed.connect(lambda _: self._update_title())
        geometry = settings.geometry()
        if geometry is not None:
            self.restoreGeometry(geometry)
        state = settings.window_state()
        if state is not None:
            self.restoreState(state)

    def _add_pane(self, title: str, pane: QWidget) -> None:
        self.nav.addItem(title)
        self.stack.addWidget(pane)

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu(self.tr("&File"))
        open_action = QAction(self.tr("&Open Project…"), self)
        open_action.setShortcut(QKeySequence.StandardKey.Open)
        open_action.triggered.connect(self._choose_project)
        file_menu.addAction(open_action)
        self.recent_menu = file_menu.addMenu(self.tr("Open &Recent"))
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        self.save_action = QAction(self.tr("&Save"), self)
        self.save_action.setShortcut(QKeySequence.StandardKey.Save)
        self.save_action.triggered.connect(self.save_project)
        file_menu.addAction(self.save_action)
        file_menu.addSeparator()
        quit_action = QAction(self.tr("&Quit"), self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        file_menu.addAction(quit_action)
        view_menu = self.menuBar().addMenu(self.tr("&View"))
        for number in range(self.nav.count()):
            action = QAction(self.nav.item(number).text(), self)
            action.setShortcut(QKeySequence(f"Ctrl+{number + 1}"))
            action.triggered.connect(lambda _=False, n=number: self.nav.setCurrentRow(n))
            view_menu.addAction(action)
        help_menu = self.menuBar().addMenu(self.tr("&Help"))
        about = QAction(self.tr("&About JudgeDesk"), self)
        about.triggered.connect(self._about)
        help_menu.addAction(about)

    # --- projects ---------------------------------------------------------------------

    def open_project(self, folder: str | Path) -> None:
        """Open a project; its dataset is read in the background."""
        try:
            self.workspace.open_project(folder)
        except JudgeDeskError as exc:
            self._show_failure("open", str(exc))

    def _choose_project(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, self.tr("Open a project folder"))
        if folder:
            self.open_project(folder)

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        for path in self.settings.recent_projects():
            action = self.recent_menu.addAction(path)
            action.triggered.connect(lambda _=False, p=path: self.open_project(p))
        if self.recent_menu.isEmpty():
            self.recent_menu.addAction(self.tr("(none yet)")).setEnabled(False)

    def save_project(self) -> None:
        """Save the project's settings in the background."""
        if self.workspace.project is None:
            return
        self.tasks.start(
            "save",
            asyncio.to_thread(self.workspace.project.save),
            on_done=lambda _: self.workspace.save_project_done(),
        )

    def _update_title(self) -> None:
        project = self.workspace.project
        if project is not None:
            marker = " ●" if self.workspace.dirty else ""
            self.setWindowTitle(f"{project.name}{marker} — JudgeDesk")

    def _on_project_opened(self, project: Project) -> None:
        self._update_title()
        self.settings.add_recent_project(str(project.root))
        self.status.setText(self.tr("Reading {0}…").format(project.dataset.path))
        self.tasks.start(
            "dataset",
            asyncio.to_thread(begin_project_dataset, project),
            on_done=self._on_dataset_begun,
        )

    def _on_dataset_begun(self, opening: DatasetOpening) -> None:
        self.workspace.set_dataset(opening.dataset, opening.stop)
        if opening.finish is not None:
            self.status.setText(self.tr("Indexing {0}…").format(opening.dataset.path.name))
            self.tasks.start(
                "dataset-index",
                asyncio.to_thread(opening.finish),
                on_done=self.workspace.dataset_completed,
            )

    def _on_dataset_loaded(self, dataset: Dataset) -> None:
        project = self.workspace.project
        name = project.name if project else ""
        self.status.setText(self.tr("{0} · {1} rows").format(name, f"{len(dataset):,}"))

    def _on_row_selected(self, index: int) -> None:
        self.inspector.show_row(self.dataset_pane.model.row(index))

    # --- messages ---------------------------------------------------------------------

    def _show_failure(self, key: str, message: str) -> None:
        self.status.setText(message)
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("JudgeDesk"), message, parent=self)
        box.setObjectName("failureMessage")
        box.open()

    def _about(self) -> None:
        QMessageBox.about(
            self,
            self.tr("About JudgeDesk"),
            self.tr(
                "<b>JudgeDesk {0}</b><p>A desktop workbench for LLM-as-judge evaluation: "
                "write the judge's prompt, run it, review its verdicts and report.</p>"
            ).format(__version__),
        )

    def closeEvent(self, event: QCloseEvent) -> None:
        self.settings.set_geometry(self.saveGeometry())
        self.settings.set_window_state(self.saveState())
        self.settings.sync()
        self.tasks.cancel_all()
        self.workspace.close()
        super().closeEvent(event)
