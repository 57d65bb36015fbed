"""The Template pane's Library…, Variables… and Import… buttons, and what their dialogs do."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QDialog, QHBoxLayout, QPlainTextEdit, QPushButton, QWidget

from judgedesk.core.judge import JudgeSettings
from judgedesk.core.project import Workspace
from judgedesk.ui.dialogs.choice import TemplateChoice
from judgedesk.ui.dialogs.template_import import TemplateImportDialog
from judgedesk.ui.dialogs.template_library import TemplateLibraryDialog
from judgedesk.ui.dialogs.variables import VariablesDialog
from judgedesk.ui.tasks import TaskRunner


class TemplateTools(QWidget):
    """Three buttons that open the template library, the project variables and the importer.

    Each dialog is made once and shown again, keeping what was chosen in it. A template
    chosen in the library or the importer goes into the pane's editor as one edit (the
    editor's Ctrl+Z takes it back); variables, a system prompt or a parser that come with
    it go through the workspace's undo stack.

    Signals:
        sig_template_applied: the :class:`TemplateChoice` just put into the editor.
        sig_system_prompt_chosen: the system prompt that came with a chosen template.
    """

    sig_template_applied = Signal(object)
    sig_system_prompt_chosen = Signal(str)

    def __init__(
        self,
        workspace: Workspace,
        tasks: TaskRunner,
        editor: QPlainTextEdit,
        current_judge: Callable[[], JudgeSettings | None],
        current_row: Callable[[], int | None],
        parent: QWidget,
    ) -> None:
        """Make the buttons.

        Args:
            workspace: the open project, its variables and undo stack.
            tasks: runs the dialogs' renders in the background.
            editor: the template editor a chosen template goes into.
            current_judge: the judge whose template the editor shows.
            current_row: the row the preview shows.
            parent: the pane; the dialogs open over it.
        """
        super().__init__(parent)
        self.setObjectName("templateTools")
        self.workspace = workspace
        self.tasks = tasks
        self.editor = editor
        self._current_judge = current_judge
        self._current_row = current_row
        self.library: TemplateLibraryDialog | None = None
        self.importer: TemplateImportDialog | None = None
        self.variables: VariablesDialog | None = None
        self.library_button = self._button(
            self.tr("&Library…"),
            "templateLibraryButton",
            self.tr("Start from a built-in template: see it rendered for this row first"),
        )
        self.library_button.clicked.connect(self.open_library)
        self.variables_button = self._button(
            self.tr("Varia&bles…"),
            "templateVariablesButton",
            self.tr("The project's variables (max_score, scene_desc, …) and scene presets"),
        )
        self.variables_button.clicked.connect(self.open_variables)
        self.import_button = self._button(
            self.tr("I&mport…"),
            "templateImportButton",
            self.tr("Turn a prompt written for another tool into a template"),
        )
        self.import_button.clicked.connect(self.open_import)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 8, 0)
        layout.setSpacing(4)
        for button in self.buttons():
            layout.addWidget(button)

    def buttons(self) -> tuple[QPushButton, ...]:
        """The three buttons, in their order on screen."""
        return (self.library_button, self.variables_button, self.import_button)

    def _button(self, text: str, name: str, tip: str) -> QPushButton:
        button = QPushButton(text, self)
        button.setObjectName(name)
        button.setToolTip(tip)
        button.setAutoDefault(False)
        return button

    # --- opening --------------------------------------------------------------------------

    def _editable(self) -> bool:
        return self._current_judge() is not None and not self.editor.isReadOnly()

    def open_library(self) -> TemplateLibraryDialog:
        """Show the template library for the pane's judge and row."""
        if self.library is None:
            self.library = TemplateLibraryDialog(self.workspace, self.tasks, self.parentWidget())
            self.library.sig_chosen.connect(self.apply)
        self.library.prepare(self._current_row(), self._current_judge(), self._editable())
        self.library.open()
        return self.library

    def open_import(self) -> TemplateImportDialog:
        """Show the importer of prompts written with other placeholders."""
        if self.importer is None:
            self.importer = TemplateImportDialog(self.workspace, self.tasks, self.parentWidget())
            self.importer.sig_chosen.connect(self.apply)
        self.importer.prepare(self._editable())
        self.importer.open()
        return self.importer

    def open_variables(self) -> VariablesDialog:
        """Show the project variables beside the window (the preview follows each change)."""
        if self.variables is None:
            self.variables = VariablesDialog(self.workspace, self.parentWidget())
        self.variables.show()
        self.variables.raise_()
        self.variables.activateWindow()
        return self.variables

    def close_dialogs(self) -> None:
        """Close the dialogs: what they show belongs to a project no longer open."""
        for dialog in (self.library, self.importer, self.variables):
            if dialog is not None and dialog.isVisible():
                dialog.done(QDialog.DialogCode.Rejected)

    # --- applying -------------------------------------------------------------------------

    def apply(self, choice: TemplateChoice) -> None:
        """Put a chosen template into the editor, with what comes with it."""
        workspace, editor = self.workspace, self.editor
        judge, project = self._current_judge(), workspace.project
        if judge is None or project is None or editor.isReadOnly():
            return
        cursor = editor.textCursor()
        cursor.beginEditBlock()
        if choice.replace:
            cursor.select(QTextCursor.SelectionType.Document)
        cursor.insertText(choice.text)
        cursor.endEditBlock()
        if choice.replace:
            cursor.movePosition(QTextCursor.MoveOperation.Start)
        editor.setTextCursor(cursor)
        editor.setFocus()
        if choice.variables:
            variables = {**project.variables, **choice.variables}
            label = self.tr("Add the variables of “{0}”").format(choice.title)
            workspace.change_variables(variables, label)
        if choice.system_prompt is not None:
            self.sig_system_prompt_chosen.emit(choice.system_prompt)  # the pane records it
        if choice.parser is not None and choice.parser != judge.parser:
            label = self.tr("Change how “{0}” reads its verdicts").format(judge.name)
            workspace.change_judge(judge.name, label, parser=choice.parser)
        self.sig_template_applied.emit(choice)
