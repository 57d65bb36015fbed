"""The judge page's model-file choice: a GGUF file on this computer, described as it is read."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFormLayout, QHBoxLayout, QLineEdit, QPushButton, QVBoxLayout, QWidget

from judgedesk.core.judge import EXTRA_MISSING, local_extra_installed
from judgedesk.ui.core_strings import core_tr
from judgedesk.ui.panes.judges import local as judge_local
from judgedesk.ui.panes.judges.local import FileFacts, read_facts
from judgedesk.ui.tasks import TaskRunner
from judgedesk.ui.wizard.common import buddy_label, note_label, show_text

# The context size the description is read for; the wizard does not ask for one.
_CONTEXT_SIZE = 4096


def choose_model_file(parent: QWidget, start: str) -> str:
    """Ask for a GGUF file; "" when none was chosen (tests replace this function)."""
    return judge_local.choose_model_file(parent, start)


def absolute(text: str) -> str:
    """``text`` as an absolute path; "" for an empty text (no file system access)."""
    text = text.strip()
    return os.path.abspath(Path(text).expanduser()) if text else ""


class ModelFileBox(QWidget):
    """The path of a GGUF file with Browse…, what the file is, and whether it can run here.

    The file is read off the GUI thread each time the path changes; until it has been read
    and found to be a GGUF model, :meth:`ready` is False.

    Signals:
        sig_state_changed: the path was changed or the file has been read.
    """

    sig_state_changed = Signal()

    def __init__(
        self, tasks: Callable[[], TaskRunner | None], parent: QWidget | None = None
    ) -> None:
        """Args:
        tasks: gives the runner that reads the file (None while there is none).
        """
        super().__init__(parent)
        self._tasks = tasks
        self._key = f"wizard-{id(self)}-model-file"
        self._cancel_hooked = False
        # The facts read for one absolute path; stale ones are ignored.
        self._facts: tuple[str, FileFacts] | None = None
        form = QFormLayout(self)
        form.setContentsMargins(24, 0, 0, 0)
        self.path = QLineEdit(self)
        self.path.setObjectName("judgeModelFile")
        self.path.setAccessibleName(self.tr("Model file"))
        self.path.setPlaceholderText(self.tr("A .gguf file, as LM Studio and Ollama keep them"))
        self.path.textChanged.connect(self._read)
        self.browse = QPushButton(self.tr("Browse…"), self)
        self.browse.setObjectName("judgeBrowseModelFile")
        self.browse.setAccessibleName(self.tr("Browse for the model file"))
        self.browse.clicked.connect(self._browse)
        line = QHBoxLayout()
        line.addWidget(self.path, 1)
        line.addWidget(self.browse)
        self.description = note_label(self, "judgeModelFileDescription", "hint")
        self.missing = note_label(self, "judgeLocalMissing")
        show_text(self.missing, "" if local_extra_installed() else core_tr(EXTRA_MISSING))
        self.description.setVisible(False)
        # Stacked in one row: a wrapped label alone in a form row is measured wrong.
        column = QVBoxLayout()
        column.setSpacing(2)
        column.addLayout(line)
        column.addWidget(self.description)
        column.addWidget(self.missing)
        form.addRow(buddy_label(self, self.tr("Model &file:"), self.path), column)

    # --- the file -----------------------------------------------------------------------

    def model_file(self) -> str:
        """The chosen file as an absolute path ("" when none is)."""
        return absolute(self.path.text())

    def set_path(self, path: str) -> None:
        """Show ``path`` and read what it is."""
        self.path.setText(path)

    def _browse(self) -> None:
        current = self.model_file()
        chosen = choose_model_file(self, str(Path(current).parent) if current else "")
        if chosen:
            self.set_path(chosen)

    def _read(self) -> None:
        path = self.model_file()
        self._facts = None
        runner = self._tasks()
        if not path or runner is None:
            if runner is not None:
                runner.cancel(self._key)
            show_text(self.description, "")
            self.sig_state_changed.emit()
            return
        if not self._cancel_hooked:
            # Plain values only: the slot must not reach into a widget being destroyed.
            key = self._key
            self.destroyed.connect(lambda *_: runner.cancel(key))
            self._cancel_hooked = True
        show_text(self.description, self.tr("Reading the file…"), "hint")
        coro = asyncio.to_thread(read_facts, Path(path), _CONTEXT_SIZE)
        runner.start(self._key, coro, on_done=lambda facts: self._show(path, facts))
        self.sig_state_changed.emit()

    def _show(self, path: str, facts: FileFacts) -> None:
        if path != self.model_file():
            return  # the path changed while the file was read
        self._facts = (path, facts)
        show_text(self.description, "" if facts.problem else facts.description)
        self.sig_state_changed.emit()

    # --- what the page asks -------------------------------------------------------------

    def reading(self) -> bool:
        """True while the chosen file has not been read yet."""
        return bool(self.model_file()) and self._facts is None

    def problem(self) -> str:
        """Why the file cannot be the judge ("" when it can, or while it is read)."""
        if not self.path.text().strip():
            return self.tr("Choose the model file: Browse… finds it.")
        if self._facts is None:
            return ""
        return self._facts[1].problem

    def ready(self) -> bool:
        """True when the chosen file has been read and is a GGUF model."""
        return not self.reading() and not self.problem()
