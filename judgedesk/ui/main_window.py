"""The main window: assembles the panes, the menus and the status bar (no business rules)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QMimeData, Qt
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QKeySequence,
)
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMainWindow,
    QMenu,
    QMessageBox,
    QStackedWidget,
    QWidget,
)

from judgedesk import __version__
from judgedesk.core.dataset import Dataset
from judgedesk.core.project.settings import Project
from judgedesk.core.project.trust import TrustState
from judgedesk.core.project.workspace import DatasetOpening, Workspace, begin_project_dataset
from judgedesk.ui.dialogs.trust import untrusted_words
from judgedesk.ui.i18n import LANGUAGES
from judgedesk.ui.panes.dataset_pane import DatasetPane
from judgedesk.ui.panes.judges_pane import JudgesPane
from judgedesk.ui.panes.report_pane import ReportPane
from judgedesk.ui.panes.review_pane import ReviewPane
from judgedesk.ui.panes.row_inspector import RowInspector
from judgedesk.ui.panes.row_judging import RowJudgingView
from judgedesk.ui.panes.run_pane import RunPane
from judgedesk.ui.panes.scripts_pane import ScriptsPane
from judgedesk.ui.panes.template_pane import TemplatePane
from judgedesk.ui.project_actions import ProjectActions
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
        self.files = ProjectActions(workspace, self.tasks, settings, self)
        self._may_close = False
        self.setAcceptDrops(True)
        self.resize(1280, 800)

        self.nav = QListWidget(self)
        self.nav.setObjectName("paneNavigation")
        self.nav.setAccessibleName(self.tr("Panes"))
        self.nav.setFixedWidth(150)
        self.stack = QStackedWidget(self)
        self.dataset_pane = DatasetPane(workspace, self.tasks, self, settings=settings)
        self._add_pane(self.tr("Dataset"), self.dataset_pane)
        self.template_pane = TemplatePane(workspace, self.tasks, self)
        self._add_pane(self.tr("Template"), self.template_pane)
        self.scripts_pane = ScriptsPane(workspace, self.tasks, self)
        self._add_pane(self.tr("Scripts"), self.scripts_pane)
        self.judges_pane = JudgesPane(workspace, self.tasks, self)
        self._add_pane(self.tr("Judges"), self.judges_pane)
        self.run_pane = RunPane(workspace, self.tasks, self)
        self._add_pane(self.tr("Run"), self.run_pane)
        self.review_pane = ReviewPane(workspace, self.tasks, settings, self)
        self._add_pane(self.tr("Review"), self.review_pane)
        self.review_pane.sig_rejudge_requested.connect(self.run_pane.run_rows)
        self.review_pane.sig_template_requested.connect(
            lambda: self.nav.setCurrentRow(self.stack.indexOf(self.template_pane))
        )
        self.report_pane = ReportPane(workspace, self.tasks, self)
        self._add_pane(self.tr("Report"), self.report_pane)
        self.report_pane.sig_export_requested.connect(self.files.export)
        self.nav.currentRowChanged.connect(self.stack.setCurrentIndex)
        self.nav.setCurrentRow(0)
        central = QWidget(self)
        layout = QHBoxLayout(central)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.nav)
        layout.addWidget(self.stack, 1)
        self.setCentralWidget(central)

        self.inspector = RowInspector(self)
        self.judging = RowJudgingView(workspace, self.tasks, self)
        self.inspector.add_tab(self.judging, self.tr("Judging"))
        dock = QDockWidget(self.tr("Row"), self)
        dock.setObjectName("rowInspectorDock")
        dock.setWidget(self.inspector)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        dock.setMinimumWidth(380)
        self.inspector_dock = dock
        self._inspector_away = False
        self._inspector_shown = True
        self.nav.currentRowChanged.connect(lambda _: self._review_card_or_inspector())

        self.status = QLabel(self.tr("No project open."), self)
        self.status.setObjectName("statusText")
        self.statusBar().addWidget(self.status, 1)
        self.files.sig_status.connect(self.status.setText)
        self.report_pane.sig_status_changed.connect(self.status.setText)
        self.statusBar().addPermanentWidget(self.files.progress)
        self.run_status = QLabel("", self)
        self.run_status.setObjectName("runStatusText")
        self.statusBar().addPermanentWidget(self.run_status)
        self.run_pane.sig_status_changed.connect(self.run_status.setText)
        self.trust_status = QLabel("", self)
        self.trust_status.setObjectName("scriptTrustText")
        self.trust_status.setAccessibleName(self.tr("Whether the project's scripts may run"))
        self.statusBar().addPermanentWidget(self.trust_status)
        self.files.sig_trust_settled.connect(self._show_trust)
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

    def _action(
        self,
        menu: QMenu,
        name: str,
        text: str,
        slot: Callable[[], object],
        shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
    ) -> QAction:
        action = QAction(text, self)
        action.setObjectName(name)
        if shortcut is not None:
            action.setShortcut(shortcut)
        action.triggered.connect(lambda _=False: slot())
        menu.addAction(action)
        return action

    def _build_menus(self) -> None:
        files = self.files
        keys = QKeySequence.StandardKey
        menu = self.menuBar().addMenu(self.tr("&File"))
        self._action(
            menu, "newProjectAction", self.tr("&New Project…"), files.new_project, keys.New
        )
        self._action(
            menu, "openProjectAction", self.tr("&Open Project…"), files.choose_and_open, keys.Open
        )
        self.recent_menu = menu.addMenu(self.tr("Open &Recent"))
        self.recent_menu.setObjectName("recentMenu")
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        menu.addSeparator()
        self.save_action = self._action(menu, "saveAction", self.tr("&Save"), files.save, keys.Save)
        self._action(menu, "saveAsAction", self.tr("Save &As…"), files.save_as, keys.SaveAs)
        self._action(
            menu, "trustScriptsAction", self.tr("&Trust Project Scripts…"), files.trust_scripts
        )
        menu.addSeparator()
        self._action(
            menu, "importDatasetAction", self.tr("&Import Dataset…"), files.import_dataset, "Ctrl+I"
        )
        self._action(menu, "exportAction", self.tr("&Export Results…"), files.export, "Ctrl+E")
        menu.addSeparator()
        self._action(menu, "quitAction", self.tr("&Quit"), self.close, keys.Quit)

        menu = self.menuBar().addMenu(self.tr("&Edit"))
        self.undo_action = self._action(
            menu, "undoAction", self.tr("&Undo"), self.workspace.undo.undo, keys.Undo
        )
        self.redo_action = self._action(
            menu, "redoAction", self.tr("&Redo"), self.workspace.undo.redo, keys.Redo
        )
        menu.addSeparator()
        self._action(menu, "findAction", self.tr("&Find…"), self.find, keys.Find)
        self.workspace.undo.sig_changed.connect(lambda _: self._update_undo_actions())
        self._update_undo_actions()

        menu = self.menuBar().addMenu(self.tr("&View"))
        for number in range(self.nav.count()):
            self._action(
                menu,
                f"showPane{number + 1}",
                self.nav.item(number).text(),
                lambda n=number: self.nav.setCurrentRow(n),
                f"Ctrl+{number + 1}",
            )
        menu.addSeparator()
        self._action(
            menu,
            "toggleInspector",
            self.tr("Row &Inspector"),
            self._toggle_inspector,
            "Ctrl+Shift+I",
        )

        languages = menu.addMenu(self.tr("&Language"))
        languages.setObjectName("languageMenu")
        group = QActionGroup(self)
        choices = [("", self.tr("Same as the system")), *LANGUAGES.items()]
        for code, name in choices:
            action = languages.addAction(name)
            action.setCheckable(True)
            action.setChecked(self.settings.language() == code)
            action.setActionGroup(group)
            action.triggered.connect(lambda _=False, c=code: self._choose_language(c))

        menu = self.menuBar().addMenu(self.tr("&Run"))
        menu.setObjectName("runMenu")
        self.run_pane.add_actions(menu)
        self.run_pane.sig_show_requested.connect(
            lambda: self.nav.setCurrentRow(self.stack.indexOf(self.run_pane))
        )

        menu = self.menuBar().addMenu(self.tr("&Help"))
        self._action(
            menu, "guideAction", self.tr("JudgeDesk &Guide"), self.show_guide, keys.HelpContents
        )
        self._action(menu, "aboutAction", self.tr("&About JudgeDesk"), self._about)

    def _update_undo_actions(self) -> None:
        stack = self.workspace.undo
        self.undo_action.setEnabled(stack.can_undo)
        self.redo_action.setEnabled(stack.can_redo)
        self.undo_action.setText(
            self.tr("&Undo {0}").format(stack.undo_label) if stack.can_undo else self.tr("&Undo")
        )
        self.redo_action.setText(
            self.tr("&Redo {0}").format(stack.redo_label) if stack.can_redo else self.tr("&Redo")
        )

    def _show_trust(self, state: TrustState) -> None:
        self.trust_status.setText(self.tr("Scripts blocked") if state.blocked else "")
        self.trust_status.setToolTip(untrusted_words(state) if state.blocked else "")

    def find(self) -> None:
        """Show the Dataset pane and put the cursor in its search field."""
        self.nav.setCurrentRow(self.stack.indexOf(self.dataset_pane))
        self.dataset_pane.focus_search()

    def _choose_language(self, code: str) -> None:
        self.settings.set_language(code)
        self.status.setText(self.tr("The new language is used from the next start of JudgeDesk."))

    def _toggle_inspector(self) -> None:
        self.inspector_dock.setVisible(not self.inspector_dock.isVisible())

    def _review_card_or_inspector(self, closing: bool = False) -> None:
        # In Review the card is the inspector (and in blind mode the inspector would show
        # the judge's verdict): the dock steps aside and comes back afterwards.
        reviewing = self.stack.currentWidget() is self.review_pane and not closing
        if reviewing == self._inspector_away:
            return
        self._inspector_away = reviewing
        if reviewing:
            self._inspector_shown = not self.inspector_dock.isHidden()
            self.inspector_dock.hide()
        else:
            self.inspector_dock.setVisible(self._inspector_shown)

    # --- projects ---------------------------------------------------------------------

    def open_project(self, folder: str | Path) -> None:
        """Open a project (read in the background), asking about unsaved changes first."""
        self.files.then_if_saved(lambda: self.files.open(folder))

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        for path in self.settings.recent_projects():
            action = self.recent_menu.addAction(path)
            action.triggered.connect(lambda _=False, p=path: self.open_project(p))
        if self.recent_menu.isEmpty():
            self.recent_menu.addAction(self.tr("(none yet)")).setEnabled(False)

    def save_project(self) -> None:
        """Save the project's settings in the background."""
        self.files.save()

    # --- drag and drop ----------------------------------------------------------------

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if _dropped_paths(event.mimeData()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        for path in _dropped_paths(event.mimeData()):
            if self.files.open_dropped(path):
                event.acceptProposedAction()
                return
        self._show_failure(
            "drop",
            self.tr(
                "JudgeDesk opens project folders and datasets (JSONL, JSON, CSV, TSV, XLSX). "
                "Drop one of those."
            ),
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

    def show_guide(self) -> None:
        from judgedesk.ui.guide import GuideDialog

        dialog = GuideDialog(self)
        dialog.show()

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self._may_close and self.run_pane.is_running() and not self.ask_stop_run():
            event.ignore()
            return
        if not self._may_close and self.workspace.dirty:
            event.ignore()
            self.files.then_if_saved(self._close_now)
            return
        self.run_pane.stop_and_wait()
        self.review_pane.shutdown()
        self.report_pane.shutdown()
        self._review_card_or_inspector(closing=True)
        self.settings.set_geometry(self.saveGeometry())
        self.settings.set_window_state(self.saveState())
        self.settings.sync()
        self.tasks.cancel_all()
        self.workspace.close()
        super().closeEvent(event)

    def ask_stop_run(self) -> bool:
        """Ask whether to stop the run going on and quit (tests replace this)."""
        answer = QMessageBox.question(
            self,
            self.tr("A run is going on"),
            self.tr(
                "Quit and stop the run? Replies received so far are kept: running again "
                "later asks only for the rest."
            ),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        return answer == QMessageBox.StandardButton.Yes

    def _close_now(self) -> None:
        self._may_close = True
        self.close()


def _dropped_paths(mime: QMimeData) -> list[Path]:
    """Local files and folders in a drop."""
    if not mime.hasUrls():
        return []
    return [Path(url.toLocalFile()) for url in mime.urls() if url.isLocalFile()]
