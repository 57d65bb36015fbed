"""The files behind the Scripts pane's editors: read, saved as typed, set aside, put back."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from functools import partial
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QMessageBox, QWidget

from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.fileio import atomic_write_text
from judgedesk.core.project import Project, Workspace
from judgedesk.core.scripts import disable_script, has_disabled_copy, restore_script
from judgedesk.ui.panes.scripts.page import ScriptPage
from judgedesk.ui.panes.template.files import TemplateFiles, TemplateWriter
from judgedesk.ui.tasks import TaskRunner

ScriptMove = Callable[[Path, str], object]
"""Moves the script of a kind, given the project's folder (core.scripts.files)."""


class ScriptFiles(QObject):
    """Keeps each :class:`ScriptPage` in step with ``scripts/<kind>.py`` through ``files``.

    Signals:
        sig_read: the kind of script, after its file was read into its page.
    """

    sig_read = Signal(str)

    def __init__(
        self,
        workspace: Workspace,
        tasks: TaskRunner,
        files: TemplateFiles,
        pages: dict[str, ScriptPage],
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self.workspace = workspace
        self.tasks = tasks
        self.files = files
        self.pages = pages
        self._parent = parent  # the questions and problems show over it
        files.sig_read.connect(self._file_read)
        files.sig_changed.connect(self._update_save_states)
        for page in pages.values():
            page.sig_edited.connect(self._edited)
            page.sig_disable_requested.connect(self.ask_disable)
            page.sig_restore_requested.connect(self.restore)

    def read_all(self, project: Project) -> None:
        """Read the project's scripts; each page is read-only until its file is read."""
        for kind, page in self.pages.items():
            page.loaded = False
            page.editor.setReadOnly(True)
            self.files.read(project.script_path(kind))

    def _file_read(self, path: Path, text: str, state: str) -> None:
        project = self.workspace.project
        if project is None:
            return
        for kind in self.pages:
            if project.script_path(kind) == path:
                self.tasks.start(
                    f"scripts-disabled-{kind}",
                    asyncio.to_thread(has_disabled_copy, project.root, kind),
                    on_done=partial(self._show_file, kind, path, text, state),
                )

    def _show_file(self, kind: str, path: Path, text: str, state: str, disabled: bool) -> None:
        project = self.workspace.project
        if project is None or project.script_path(kind) != path:
            return  # another project was opened meanwhile
        self.pages[kind].show_file(text, state, disabled)
        self._update_save_states()
        self.sig_read.emit(kind)

    def _edited(self, kind: str, text: str) -> None:
        project = self.workspace.project
        if project is not None:
            self.files.edited(project.script_path(kind), text)

    def _update_save_states(self) -> None:
        project = self.workspace.project
        if project is None:
            return
        for kind, page in self.pages.items():
            page.set_save_state(self.files.state(project.script_path(kind)))

    def ask_disable(self, kind: str) -> None:
        """Ask before moving a script out of the way of runs."""
        box = QMessageBox(
            QMessageBox.Icon.Question,
            self.tr("Stop using {0}.py?").format(kind),
            self.tr(
                "scripts/{0}.py is moved to scripts/disabled/{0}.py, so runs no longer call "
                "it. Nothing is deleted: “Use it again” puts it back."
            ).format(kind),
            QMessageBox.StandardButton.Cancel,
            self._parent,
        )
        box.setObjectName("scriptsDisableQuestion")
        move = box.addButton(self.tr("Move it aside"), QMessageBox.ButtonRole.AcceptRole)
        move.setObjectName("scriptsDisableConfirm")
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        move.clicked.connect(lambda: self.disable(kind))
        box.open()

    def disable(self, kind: str) -> None:
        """Move ``scripts/<kind>.py`` to ``scripts/disabled/`` (text typed is kept)."""
        self._move(kind, disable_script)

    def restore(self, kind: str) -> None:
        """Put the script last set aside back where runs use it."""
        self._move(kind, restore_script)

    def _move(self, kind: str, action: ScriptMove) -> None:
        project = self.workspace.project
        if project is None:
            return
        path = project.script_path(kind)
        text, ticket = self.files.take(path)
        self.pages[kind].loaded = False
        self.tasks.start(
            f"scripts-move-{kind}",
            asyncio.to_thread(_move_file, self.files.writer, path, text, ticket, action, kind),
            on_done=partial(self._moved, path),
        )

    def _moved(self, path: Path, problem: str) -> None:
        if problem:
            box = QMessageBox(
                QMessageBox.Icon.Warning, self.tr("Scripts"), problem, parent=self._parent
            )
            box.setObjectName("scriptsMoveProblem")
            box.open()
        self.files.read(path)


def _move_file(
    writer: TemplateWriter,
    path: Path,
    text: str | None,
    ticket: int,
    action: ScriptMove,
    kind: str,
) -> str:
    """Write the text typed last, then move the file; "" or why not (worker thread)."""
    with writer.hold(path, ticket):
        try:
            if text is not None:
                writer.before_write(path, text)
                atomic_write_text(path, text)
            action(path.parent.parent, kind)
        except JudgeDeskError as exc:
            return str(exc)
        except OSError as exc:
            return f"{path}: {exc.strerror or exc}"
        return ""
