"""The main window: assembles the panes, the menus and the status bar (no business rules)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMimeData, Qt
from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QMainWindow,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.project import Workspace
from judgedesk.ui.calibration_actions import CalibrationActions
from judgedesk.ui.menus import WindowMenus
from judgedesk.ui.next_step import NextStepBar
from judgedesk.ui.pane_stack import PaneStack
from judgedesk.ui.panes.dataset.pane import DatasetPane
from judgedesk.ui.panes.judges.pane import JudgesPane
from judgedesk.ui.panes.report.pane import ReportPane
from judgedesk.ui.panes.review.pane import ReviewPane
from judgedesk.ui.panes.row_inspector import RowInspector
from judgedesk.ui.panes.row_judging import RowJudgingView
from judgedesk.ui.panes.run.pane import RunPane
from judgedesk.ui.panes.scripts.pane import ScriptsPane
from judgedesk.ui.panes.template.pane import TemplatePane
from judgedesk.ui.pipeline_guide import PipelineGuide
from judgedesk.ui.project_actions import ProjectActions
from judgedesk.ui.project_opening import ProjectOpening
from judgedesk.ui.sample_offer import SampleOfferBar
from judgedesk.ui.settings import AppSettings
from judgedesk.ui.sidebar import PipelineSidebar
from judgedesk.ui.stage_words import stage_title
from judgedesk.ui.status_bar import WindowStatusBar
from judgedesk.ui.tasks import TaskRunner
from judgedesk.ui.theme import use_theme
from judgedesk.ui.window_fit import fit_window, place_inspector


class MainWindow(QMainWindow):
    """Navigation on the left, the selected pane in the middle, the row on the right."""

    def __init__(
        self, workspace: Workspace, settings: AppSettings, *, sample_folder: Path | None = None
    ) -> None:
        """``sample_folder``: where the app keeps its sample project, which is offered a
        model found on this computer (none: no offer)."""
        super().__init__()
        self.setObjectName("mainWindow")
        self.workspace = workspace
        self.settings = settings
        self.tasks = TaskRunner(self)
        self.tasks.sig_task_failed.connect(self._show_failure)
        self.files = ProjectActions(workspace, self.tasks, settings, self)
        self._may_close = False
        self.setAcceptDrops(True)

        self.nav = PipelineSidebar(self)
        self.stack = PaneStack(self)
        self.dataset_pane = DatasetPane(workspace, self.tasks, self, settings=settings)
        self._add_pane("dataset", self.dataset_pane)
        self.template_pane = TemplatePane(workspace, self.tasks, self)
        self._add_pane("template", self.template_pane)
        self.scripts_pane = ScriptsPane(workspace, self.tasks, self)
        self._add_pane("scripts", self.scripts_pane)
        self.judges_pane = JudgesPane(workspace, self.tasks, self)
        self._add_pane("judges", self.judges_pane)
        self.run_pane = RunPane(workspace, self.tasks, self)
        self._add_pane("run", self.run_pane)
        self.judges_pane.sig_recompute_requested.connect(self.run_pane.recompute)
        self.judges_pane.sig_recompute_requested.connect(self.run_pane.sig_show_requested)
        self.review_pane = ReviewPane(workspace, self.tasks, settings, self)
        self._add_pane("review", self.review_pane)
        self.review_pane.sig_rejudge_requested.connect(self.run_pane.run_rows)
        self.review_pane.sig_template_requested.connect(
            lambda: self.nav.setCurrentRow(self.stack.indexOf(self.template_pane))
        )
        self.report_pane = ReportPane(workspace, self.tasks, self)
        self._add_pane("report", self.report_pane)
        self.report_pane.sig_export_requested.connect(self.files.export)
        self.calibration = CalibrationActions(self, workspace, self.tasks, self.run_pane)
        for pane in (self.review_pane, self.report_pane):
            pane.sig_calibrate_requested.connect(self.calibration.open)
        self.nav.currentRowChanged.connect(self.stack.setCurrentIndex)
        self.nav.setCurrentRow(0)
        central = QWidget(self)
        column = QVBoxLayout(central)
        column.setContentsMargins(4, 4, 4, 4)
        self.sample_offer = SampleOfferBar(workspace, self.tasks, settings, sample_folder, self)
        column.addWidget(self.sample_offer)
        layout = QHBoxLayout()
        column.addLayout(layout, 1)
        layout.addWidget(self.nav)
        panes = QVBoxLayout()
        self.next_step = NextStepBar(self)
        panes.addWidget(self.next_step)
        panes.addWidget(self.stack, 1)
        layout.addLayout(panes, 1)
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

        bar = WindowStatusBar(self, self.files.progress)
        self.setStatusBar(bar)
        self.status = bar.status
        self.run_status = bar.run_status
        self.trust_status = bar.trust_status
        self.files.sig_status_changed.connect(self.status.setText)
        self.report_pane.sig_status_changed.connect(self.status.setText)
        self.run_pane.sig_status_changed.connect(self.run_status.setText)
        self.files.sig_trust_settled.connect(bar.show_trust)
        self.menus = WindowMenus(
            self,
            self.files,
            workspace,
            settings,
            self.tasks,
            self.nav,
            open_project=self.open_project,
            find=self.find,
            toggle_inspector=self._toggle_inspector,
            add_run_actions=self.run_pane.add_actions,
            show_guide=self.show_guide,
            calibrate=self.calibration.open,
        )
        self.menus.sig_status_changed.connect(self.status.setText)
        self.menus.sig_preferences_saved.connect(self._preferences_saved)
        self.save_action = self.menus.save_action
        self.undo_action, self.redo_action = self.menus.undo_action, self.menus.redo_action
        self.recent_menu = self.menus.recent_menu
        self.run_pane.sig_show_requested.connect(
            lambda: self.nav.setCurrentRow(self.stack.indexOf(self.run_pane))
        )
        self.guide = PipelineGuide(self, self.nav, self.next_step, self)
        reviewer = self.review_pane.card.reviewer
        reviewer.editingFinished.connect(lambda: self.guide.reviewer_changed(reviewer.text()))

        workspace.sig_project_opened.connect(lambda _: self._update_title())
        self.opening = ProjectOpening(workspace, self.tasks, settings, self)
        self.opening.sig_status_changed.connect(self.status.setText)
        workspace.sig_row_selected.connect(self._on_row_selected)
        workspace.sig_dirty_changed.connect(lambda _: self._update_title())
        geometry = settings.geometry()
        fit_window(self, geometry is not None and self.restoreGeometry(geometry))
        state = settings.window_state()
        if state is None or not self.restoreState(state):
            place_inspector(self, dock, self.nav)

    def _add_pane(self, stage: str, pane: QWidget) -> None:
        self.nav.add_stage(stage)
        self.stack.add_pane(pane, stage_title(stage))

    def find(self) -> None:
        """Show the Dataset pane and put the cursor in its search field."""
        self.nav.setCurrentRow(self.stack.indexOf(self.dataset_pane))
        self.dataset_pane.focus_search()

    def _preferences_saved(self) -> None:
        use_theme(self.settings.theme())
        # The Review card keeps its own copy of the two review preferences.
        card = self.review_pane.card
        card.advance.setChecked(self.settings.advance_after_verdict())
        if card.reviewer.text().strip() != self.settings.reviewer_name():
            card.reviewer.setText(self.settings.reviewer_name())
            card.reviewer.editingFinished.emit()  # what the card does when the name is typed

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
                "JudgeDesk opens project folders and datasets "
                "(JSONL, JSON, CSV, TSV, XLSX, Parquet). Drop one of those."
            ),
        )

    def _update_title(self) -> None:
        project = self.workspace.project
        if project is not None:
            marker = " ●" if self.workspace.dirty else ""
            self.setWindowTitle(f"{project.name}{marker} — JudgeDesk")

    def _on_row_selected(self, index: int) -> None:
        self.inspector.show_row(self.dataset_pane.model.row(index))

    # --- messages ---------------------------------------------------------------------

    def _show_failure(self, key: str, message: str) -> None:
        self.status.setText(message)
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("JudgeDesk"), message, parent=self)
        box.setObjectName("failureMessage")
        box.open()

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
        self.calibration.shutdown()
        self.template_pane.close_dialogs()
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
