"""The main window's way to the Calibrate window (from Review, Report, the Review menu and
the next-step bar), and what the window asks of the Run pane afterwards."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from judgedesk.core.project import Workspace
from judgedesk.ui.dialogs.calibrate import CalibrateDialog
from judgedesk.ui.panes.run.pane import RunPane
from judgedesk.ui.tasks import TaskRunner


class CalibrationActions(QObject):
    """Opens one Calibrate window beside the main window and carries out its requests.

    Signals:
        sig_calibrated: the :class:`~judgedesk.core.report.Calibration` shown once the
            candidates ran.
    """

    sig_calibrated = Signal(object)

    def __init__(
        self, window: QWidget, workspace: Workspace, tasks: TaskRunner, run_pane: RunPane
    ) -> None:
        super().__init__(window)
        self.window = window
        self.workspace = workspace
        self.tasks = tasks
        self.run_pane = run_pane
        self.dialog: CalibrateDialog | None = None

    def open(self) -> CalibrateDialog:
        """Show the Calibrate window (the one already open, if any), its split read anew."""
        if self.dialog is None:
            self.dialog = CalibrateDialog(self.workspace, self.tasks, self.window)
            self.dialog.sig_calibrated.connect(self.sig_calibrated)
            self.dialog.sig_rejudge_requested.connect(self.rejudge_all)
        elif self.dialog.isVisible():
            self.dialog.raise_()
            self.dialog.activateWindow()
        elif self.dialog.runs is None:
            self.dialog.refresh()
        self.dialog.show()
        return self.dialog

    def rejudge_all(self) -> None:
        """Judge every row again from the Run pane, which shows how it goes."""
        scope = self.run_pane.choice.scope
        scope.setCurrentIndex(scope.findData("all"))
        self.run_pane.sig_show_requested.emit()
        self.run_pane.start()

    def shutdown(self) -> None:
        """Stop the candidates running (the window closes); replies received are kept."""
        if self.dialog is not None:
            self.dialog.stop()
