"""The main window's status bar: what the app did last, the run, whether scripts may run."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QLabel, QProgressBar, QStatusBar, QWidget

from judgedesk.core.project import TrustState
from judgedesk.ui.dialogs.trust import untrusted_words


class WindowStatusBar(QStatusBar):
    """A sentence on the left; the export's progress, the run and script trust on the right.

    The words keep the ``MainWindow`` translation context they had in the window.
    """

    def __init__(self, parent: QWidget, progress: QProgressBar) -> None:
        super().__init__(parent)
        self.status = QLabel(QCoreApplication.translate("MainWindow", "No project open."), self)
        self.status.setObjectName("statusText")
        self.addWidget(self.status, 1)
        self.addPermanentWidget(progress)
        self.run_status = QLabel("", self)
        self.run_status.setObjectName("runStatusText")
        self.addPermanentWidget(self.run_status)
        self.trust_status = QLabel("", self)
        self.trust_status.setObjectName("scriptTrustText")
        self.trust_status.setAccessibleName(
            QCoreApplication.translate("MainWindow", "Whether the project's scripts may run")
        )
        self.addPermanentWidget(self.trust_status)

    def show_trust(self, state: TrustState) -> None:
        """Say that the project's scripts are blocked, and why (in the tooltip)."""
        blocked = QCoreApplication.translate("MainWindow", "Scripts blocked")
        self.trust_status.setText(blocked if state.blocked else "")
        self.trust_status.setToolTip(untrusted_words(state) if state.blocked else "")
