"""The scripts' time limit, shown and changed in the Scripts pane (undoable)."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QSpinBox, QWidget

from judgedesk.core.project import Project, Workspace


class TimeLimitBox(QWidget):
    """Seconds one script call may take, here and in runs; 0 means no limit."""

    def __init__(self, workspace: Workspace, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("scriptsTimeLimitBox")
        self.workspace = workspace
        self.spin = QSpinBox(self)
        self.spin.setObjectName("scriptsTimeLimit")
        self.spin.setAccessibleName(self.tr("Time limit in seconds"))
        self.spin.setToolTip(
            self.tr(
                "How long one call of a script may take, here and in runs, before it is "
                "stopped. 0 means no limit."
            )
        )
        self.spin.setRange(0, 3600)
        self.spin.setSuffix(self.tr(" s"))
        self.spin.setSpecialValueText(self.tr("no limit"))
        self.spin.setKeyboardTracking(False)
        self.spin.valueChanged.connect(self._edited)
        label = QLabel(self.tr("&Time limit"), self)
        label.setObjectName("scriptsTimeLimitLabel")
        label.setBuddy(self.spin)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(label)
        layout.addWidget(self.spin)
        workspace.sig_script_timeout_changed.connect(self._show)  # Edit › Undo included

    def show_project(self, project: Project | None) -> None:
        """Show the limit of the project now open."""
        self.setEnabled(project is not None)
        self._show(project.scripts.timeout if project is not None else 0.0)

    def _show(self, seconds: float) -> None:
        self.spin.blockSignals(True)
        self.spin.setValue(round(seconds))
        self.spin.blockSignals(False)

    def _edited(self, value: int) -> None:
        self.workspace.change_script_timeout(float(value), self.tr("Change the script time limit"))
