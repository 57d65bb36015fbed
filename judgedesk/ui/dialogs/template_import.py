"""Import template: a prompt written with {$name} or {name} placeholders, converted to Jinja2."""

from __future__ import annotations

import asyncio
from pathlib import Path

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.project import Workspace
from judgedesk.core.template import (
    KNOWN_NAMES,
    Conversion,
    ImportNote,
    convert_placeholders,
    read_prompt_file,
    review_conversion,
    template_needs,
)
from judgedesk.ui.dialogs.choice import MissingVariables, TemplateChoice, hint_label
from judgedesk.ui.editors import CodeEditor
from judgedesk.ui.models.library_model import ConversionModel
from judgedesk.ui.tasks import TaskRunner

_READ_TASK = "template-import-read"
_CONVERT_DELAY_MS = 120


def _read(path: Path) -> tuple[str, str]:
    """(text, "") or ("", why the file cannot be used); runs in a worker thread."""
    try:
        return read_prompt_file(path), ""
    except JudgeDeskError as exc:
        return "", str(exc)


class TemplateImportDialog(QDialog):
    """Open or paste a prompt, see it converted to Jinja2 with each change listed.

    Signals:
        sig_chosen: a :class:`TemplateChoice` with the converted text.
        sig_converted: the :class:`Conversion` now shown.
        sig_file_read: the name of a file read into the original, or "" when it failed.
    """

    sig_chosen = Signal(object)
    sig_converted = Signal(object)
    sig_file_read = Signal(str)

    def __init__(self, workspace: Workspace, tasks: TaskRunner, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("templateImportDialog")
        self.setWindowTitle(self.tr("Import a Template"))
        self.resize(1060, 700)
        self.workspace = workspace
        self.tasks = tasks
        self.conversion: Conversion | None = None
        self._folder = str(Path.home())

        intro = hint_label(
            self,
            "importIntro",
            self.tr(
                "Prompts written for other tools mark the values they insert as {$name} or "
                "{name}. JudgeDesk templates write {{ name }}: open or paste such a prompt "
                "and check how each placeholder was converted."
            ),
        )
        self.open_button = QPushButton(self.tr("&Open a file…"), self)
        self.open_button.setObjectName("importOpenFile")
        self.open_button.setAutoDefault(False)
        self.open_button.clicked.connect(self.browse)
        self.file_name = QLabel("", self)
        self.file_name.setObjectName("importFileName")
        self.style_choice = QComboBox(self)
        self.style_choice.setObjectName("importStyle")
        self.style_choice.setAccessibleName(self.tr("Placeholder style"))
        self.style_choice.addItem(self.tr("Recognise automatically"), "auto")
        self.style_choice.addItem("{$name}", "dollar")
        self.style_choice.addItem("{name}", "brace")
        self.style_choice.currentIndexChanged.connect(lambda _: self.convert())
        style_label = QLabel(self.tr("&Placeholders:"), self)
        style_label.setBuddy(self.style_choice)
        top = QHBoxLayout()
        top.addWidget(self.open_button)
        top.addWidget(self.file_name, 1)
        top.addWidget(style_label)
        top.addWidget(self.style_choice)

        self.original = QPlainTextEdit(self)
        self.original.setObjectName("importOriginal")
        self.original.setAccessibleName(self.tr("Original prompt"))
        self.original.setPlaceholderText(self.tr("Paste a prompt here, or open a file"))
        self.original.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.original.setTabChangesFocus(True)
        self.original.textChanged.connect(lambda: self._timer.start())
        self.converted = CodeEditor("jinja", self)
        self.converted.setObjectName("importConverted")
        self.converted.setAccessibleName(self.tr("Converted to Jinja2"))
        self.converted.setReadOnly(True)
        self.converted.setTabChangesFocus(True)
        for editor in (self.original, self.converted):
            editor.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.setObjectName("importSplitter")
        self.splitter.addWidget(self._titled(self.tr("O&riginal"), self.original))
        self.splitter.addWidget(self._titled(self.tr("Converted to &Jinja2"), self.converted))
        self.splitter.setChildrenCollapsible(False)

        self.model = ConversionModel(self)
        self.changes = QTableView(self)
        self.changes.setObjectName("importChanges")
        self.changes.setAccessibleName(self.tr("Placeholders converted, and what to check"))
        self.changes.setModel(self.model)
        self.changes.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.changes.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.changes.setWordWrap(True)
        self.changes.verticalHeader().setVisible(False)
        header = self.changes.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.changes.activated.connect(self._go_to_change)
        self.changes_title = QLabel(self.tr("&Changes"), self)
        self.changes_title.setBuddy(self.changes)
        self.error = hint_label(self, "importError")
        self.error.setStyleSheet("color: #b3261e;")
        self.error.setVisible(False)
        self.add_variables = MissingVariables("importAddVariables", self)

        self.replace_button = self._button(self.tr("R&eplace the template"), "importReplace")
        self.replace_button.clicked.connect(lambda: self.choose(replace=True))
        self.insert_button = self._button(self.tr("&Insert at the cursor"), "importInsert")
        self.insert_button.clicked.connect(lambda: self.choose(replace=False))
        close_button = self._button(self.tr("Close"), "importClose")
        close_button.clicked.connect(self.reject)
        buttons = QDialogButtonBox(self)
        buttons.setObjectName("importButtons")
        buttons.addButton(self.insert_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.replace_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(close_button, QDialogButtonBox.ButtonRole.RejectRole)

        bottom = QWidget(self)
        bottom_layout = QVBoxLayout(bottom)
        bottom_layout.setContentsMargins(0, 0, 0, 0)
        bottom_layout.addWidget(self.changes_title)
        bottom_layout.addWidget(self.changes, 1)
        outer = QSplitter(Qt.Orientation.Vertical, self)
        outer.setObjectName("importOuterSplitter")
        outer.addWidget(self.splitter)
        outer.addWidget(bottom)
        outer.setChildrenCollapsible(False)
        outer.setSizes([430, 170])
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(top)
        layout.addWidget(self.error)
        layout.addWidget(outer, 1)
        layout.addWidget(self.add_variables)
        layout.addWidget(buttons)
        self._timer = QTimer(self, singleShot=True, interval=_CONVERT_DELAY_MS)
        self._timer.timeout.connect(self.convert)
        self.convert()

    def _titled(self, title: str, editor: QPlainTextEdit) -> QWidget:
        box = QWidget(self)
        label = QLabel(title, box)
        label.setBuddy(editor)
        layout = QVBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(label)
        layout.addWidget(editor, 1)
        return box

    def _button(self, text: str, name: str) -> QPushButton:
        button = QPushButton(text, self)
        button.setObjectName(name)
        button.setAutoDefault(False)
        return button

    def prepare(self, editable: bool) -> None:
        """Before showing: ``editable`` False greys the buttons (the editor is read-only)."""
        for button in (self.replace_button, self.insert_button):
            button.setEnabled(editable)
        self.convert()

    # --- the original ---------------------------------------------------------------------

    def browse(self) -> None:
        """Choose a prompt file with the usual dialog, then read it."""
        name, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Choose a prompt file"),
            self._folder,
            self.tr("Text files (*.txt *.md *.j2 *.jinja *.jinja2 *.prompt);;All files (*)"),
        )
        if name:
            self.open_file(Path(name))

    def open_file(self, path: Path) -> None:
        """Read ``path`` (in a worker thread) into the original."""
        self._folder = str(path.parent)
        self.file_name.setText(self.tr("Reading {0}…").format(path.name))
        self.tasks.start(
            _READ_TASK,
            asyncio.to_thread(_read, path),
            on_done=lambda result: self._file_read(path, *result),
        )

    def _file_read(self, path: Path, text: str, error: str) -> None:
        self.error.setText(error)
        self.error.setVisible(bool(error))
        if error:
            self.file_name.clear()
            self.sig_file_read.emit("")
            return
        self.file_name.setText(path.name)
        self.original.setPlainText(text)
        self.convert()
        self.sig_file_read.emit(path.name)

    # --- converting -----------------------------------------------------------------------

    def convert(self) -> None:
        """Convert the original now and show the result with the list of changes."""
        self._timer.stop()
        original = self.original.toPlainText()
        project, dataset = self.workspace.project, self.workspace.dataset
        fields = dataset.fields() if dataset is not None else []
        variables = project.variables if project is not None else {}
        style = str(self.style_choice.currentData())
        conversion = convert_placeholders(original, style, fields=fields)
        notes = review_conversion(original, conversion, fields=fields, variables=variables)
        if not original.strip():
            notes = []
        self.conversion = conversion
        self.converted.setPlainText(conversion.text)
        self.model.set_conversion(conversion, [(note, self.describe(note)) for note in notes])
        self.changes.resizeRowsToContents()
        converted, checks = len(conversion.replacements), len(notes)
        self.changes_title.setText(
            self.tr("&Changes: {0} placeholders converted, {1} to check").format(converted, checks)
        )
        missing = template_needs(conversion.text, variables).missing if original.strip() else {}
        self.add_variables.set_missing(missing)
        has_text = bool(original.strip())
        for button in (self.replace_button, self.insert_button):
            button.setToolTip("" if has_text else self.tr("Paste or open a prompt first"))
        self.sig_converted.emit(conversion)

    def describe(self, note: ImportNote) -> str:
        """A note in words, in the interface's language."""
        name = note.text.strip("{}").lstrip("$")
        if note.kind == "variable":
            return self.tr(
                "Neither a field of the dataset nor a known name: it reads the project "
                "variable “{0}”, which the project does not have yet."
            ).format(name)
        if note.kind == "field":
            return self.tr(
                "The dataset's field “{0}”. If it meant {1}, change it to {{{{ {1} }}}}."
            ).format(name, KNOWN_NAMES.get(name, name))
        if note.kind == "other-style":
            return self.tr(
                "Left as text: the prompt uses the other placeholder style. If it is a "
                "placeholder too, write it as {{{{ {0} }}}}."
            ).format(name)
        if note.kind == "literal":
            return self.tr("Kept as plain text, not read as Jinja2.")
        if note.kind == "nothing":
            return self.tr(
                "No {$name} or {name} placeholders were found: the text is used as it is "
                "(it may already be a Jinja2 template)."
            )
        return note.message

    def _go_to_change(self) -> None:
        line = self.model.data(self.model.index(self.changes.currentIndex().row(), 0))
        if line:
            self.converted.go_to_line(int(line))

    # --- choosing -------------------------------------------------------------------------

    def choose(self, replace: bool) -> None:
        """Hand the converted text over (replacing the template, or at the cursor), and close."""
        self.convert()
        button = self.replace_button if replace else self.insert_button
        if self.conversion is None or not self.original.toPlainText().strip():
            return
        if not button.isEnabled():
            return
        title = self.file_name.text() or self.tr("the imported prompt")
        self.sig_chosen.emit(
            TemplateChoice(self.conversion.text, replace, title, self.add_variables.chosen())
        )
        self.accept()
