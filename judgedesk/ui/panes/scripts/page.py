"""One script of the Scripts pane: its editor, whether runs use it, and setting it aside."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from judgedesk.core.scripts import SKELETONS
from judgedesk.ui.editors import EditorPanel

USED_COLOUR = "#188038"
UNUSED_COLOUR = "#80868b"


class ScriptPage(QWidget):
    """The editor of ``scripts/<kind>.py`` and a line saying whether runs use the file.

    When the file does not exist the editor holds a documented starting point, which is
    written to disk only once the person types in it.

    Signals:
        sig_edited: (kind, text) after the person changed the text.
        sig_disable_requested: the kind, when "Stop using…" is clicked.
        sig_restore_requested: the kind, when "Use it again" is clicked.
    """

    sig_edited = Signal(str, str)
    sig_disable_requested = Signal(str)
    sig_restore_requested = Signal(str)

    def __init__(self, kind: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.kind = kind
        name = kind.capitalize()
        self.setObjectName(f"scripts{name}Page")
        self.exists = False  # the file is on disk (or typing is about to create it)
        self.loaded = False  # the editor holds what the file (or its absence) says
        self.file_state = ""  # what reading said: "", "missing", "not-utf8" or why not
        self.has_disabled_copy = False
        self._loading = False

        self.status = QLabel("", self)
        self.status.setObjectName(f"scripts{name}Status")
        self.status.setWordWrap(True)
        self.save_status = QLabel("", self)
        self.save_status.setObjectName(f"scripts{name}SaveStatus")
        self.save_status.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.disable_button = QPushButton(self.tr("Stop using…"), self)
        self.disable_button.setObjectName(f"scripts{name}Disable")
        self.disable_button.setAccessibleName(self.tr("Stop using the {0} script").format(kind))
        self.disable_button.setToolTip(
            self.tr("Move the file to scripts/disabled/ so that runs no longer call it")
        )
        self.disable_button.clicked.connect(lambda: self.sig_disable_requested.emit(kind))
        self.restore_button = QPushButton(self.tr("Use it again"), self)
        self.restore_button.setObjectName(f"scripts{name}Restore")
        self.restore_button.setAccessibleName(
            self.tr("Use the set-aside {0} script again").format(kind)
        )
        self.restore_button.setToolTip(
            self.tr("Put back the script last moved to scripts/disabled/")
        )
        self.restore_button.clicked.connect(lambda: self.sig_restore_requested.emit(kind))
        self.panel = EditorPanel("python", self)
        self.editor = self.panel.editor
        self.editor.setObjectName(f"scripts{name}Editor")
        self.editor.setAccessibleName(self.tr("{0} script").format(kind))
        self.editor.setReadOnly(True)
        self.editor.textChanged.connect(self._edited)

        top = QHBoxLayout()
        top.addWidget(self.status, 1)
        top.addWidget(self.save_status)
        top.addWidget(self.restore_button)
        top.addWidget(self.disable_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.panel, 1)
        self.update_status()

    # --- the file -------------------------------------------------------------------------

    def show_file(self, text: str, state: str, has_disabled_copy: bool) -> None:
        """Show what reading the file gave: its text, or the starting point when missing."""
        self.file_state = state
        self.exists = state != "missing"
        self.has_disabled_copy = has_disabled_copy
        self._set_text(SKELETONS[self.kind] if state == "missing" else text)
        self.editor.document().clearUndoRedoStacks()
        self.editor.set_markers([])
        self.editor.setReadOnly(state not in ("", "missing"))
        self.loaded = True
        self.update_status()

    def clear(self) -> None:
        """No project: nothing to edit."""
        self.loaded = False
        self.exists = False
        self.has_disabled_copy = False
        self._set_text("")
        self.editor.setReadOnly(True)
        self.editor.set_markers([])
        self.update_status()

    def _edited(self) -> None:
        if self._loading or not self.loaded:
            return
        if self.editor.markers():  # lines move as the person fixes them; the run will tell
            self.editor.set_markers([])
        if not self.exists:
            self.exists = True
            self.file_state = ""
            self.update_status()
        self.sig_edited.emit(self.kind, self.editor.toPlainText())

    def _set_text(self, text: str) -> None:
        if self.editor.toPlainText() == text:
            return
        self._loading = True
        try:
            self.editor.setPlainText(text)
        finally:
            self._loading = False

    # --- what the person is told ----------------------------------------------------------

    def set_save_state(self, state: str) -> None:
        """Show the saving state: "saving", "saved" or why the file could not be written."""
        if not self.loaded or not self.exists:
            self.save_status.clear()
        elif state == "saving":
            self.save_status.setText(self.tr("Saving…"))
        elif state == "saved":
            self.save_status.setText(self.tr("Saved"))
        else:
            self.save_status.setText(self.tr("Not saved: {0}").format(state))

    def update_status(self) -> None:
        """Say whether runs use this script, and offer what can be done about it."""
        file = f"scripts/{self.kind}.py"
        if not self.loaded:
            text, colour = "", UNUSED_COLOUR
        elif self.file_state == "not-utf8":
            text = self.tr("{0} is not UTF-8 text; save it as UTF-8 to edit it here.").format(file)
            colour = USED_COLOUR
        elif self.file_state not in ("", "missing"):
            text = self.tr("{0} cannot be read: {1}").format(file, self.file_state)
            colour = USED_COLOUR
        elif self.exists:
            text = self.tr("● Used by runs: the file {0} exists.").format(file)
            if self.kind == "postprocess":
                text += " " + self.tr(
                    "What it returns becomes each row's result, in place of the judges' "
                    "built-in verdict parser."
                )
            colour = USED_COLOUR
        else:
            text = self.tr(
                "○ Not used by runs: there is no {0} yet. Below is a starting point; "
                "typing in it creates the file."
            ).format(file)
            colour = UNUSED_COLOUR
        self.status.setText(text)
        self.status.setStyleSheet(f"color: {colour};")
        self.disable_button.setVisible(self.loaded and self.exists and self.file_state == "")
        self.restore_button.setVisible(self.loaded and not self.exists and self.has_disabled_copy)
