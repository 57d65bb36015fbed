"""Find and replace inside a code editor, as a bar under it."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut, QTextCursor, QTextDocument
from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from judgedesk.ui.editors.code_editor import CodeEditor
from judgedesk.ui.keys import PaneKey

FIND_KEYS: tuple[PaneKey, ...] = (
    PaneKey(
        (QKeySequence.StandardKey.Find,),
        QT_TRANSLATE_NOOP("Shortcuts", "Find in the editor"),
        "show_find",
    ),
    PaneKey(
        (QKeySequence.StandardKey.Replace,),
        QT_TRANSLATE_NOOP("Shortcuts", "Find and replace in the editor"),
        "show_replace",
    ),
    PaneKey(
        (QKeySequence.StandardKey.FindNext,),
        QT_TRANSLATE_NOOP("Shortcuts", "Next match"),
        "find_next",
    ),
    PaneKey(
        (QKeySequence.StandardKey.FindPrevious,),
        QT_TRANSLATE_NOOP("Shortcuts", "Previous match"),
        "find_previous",
    ),
    # The bar's own keys (its fields' returnPressed, keyPressEvent).
    PaneKey(("Return",), QT_TRANSLATE_NOOP("Shortcuts", "In the find bar: next match")),
    PaneKey(("Esc",), QT_TRANSLATE_NOOP("Shortcuts", "Close the find bar")),
)
"""The find bar's keys, over its editor; :class:`FindBar` binds those with a command."""


class FindBar(QWidget):
    """Find (Ctrl+F), find next/previous (Enter, F3 / Shift+F3), replace (Ctrl+H)."""

    def __init__(self, editor: CodeEditor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("findBar")
        self.editor = editor
        self.find_text = QLineEdit(self)
        self.find_text.setObjectName("findText")
        self.find_text.setAccessibleName(self.tr("Find"))
        self.find_text.setPlaceholderText(self.tr("Find"))
        self.find_text.setClearButtonEnabled(True)
        for button in self.find_text.findChildren(QToolButton):  # the clear button Qt adds
            button.setObjectName("findTextClear")
            button.setAccessibleName(self.tr("Clear the text to find"))
        self.find_text.textChanged.connect(self._count)
        self.find_text.returnPressed.connect(self.find_next)
        self.replace_text = QLineEdit(self)
        self.replace_text.setObjectName("replaceText")
        self.replace_text.setAccessibleName(self.tr("Replace with"))
        self.replace_text.setPlaceholderText(self.tr("Replace with"))
        self.replace_text.returnPressed.connect(self.replace)
        self.case = QCheckBox(self.tr("Match case"), self)
        self.case.setObjectName("findMatchCase")
        self.case.toggled.connect(self._count)
        self.count = QLabel("", self)
        self.count.setObjectName("findCount")
        self.count.setMinimumWidth(90)
        grid = QGridLayout()
        grid.setContentsMargins(4, 2, 4, 2)
        grid.addWidget(self.find_text, 0, 0)
        grid.addWidget(self._button("findPrevious", self.tr("Previous"), self.find_previous), 0, 1)
        grid.addWidget(self._button("findNext", self.tr("Next"), self.find_next), 0, 2)
        grid.addWidget(self.case, 0, 3)
        grid.addWidget(self.count, 0, 4)
        grid.addWidget(self._button("findClose", self.tr("Close"), self.close_bar), 0, 5)
        grid.addWidget(self.replace_text, 1, 0)
        grid.addWidget(self._button("replaceOne", self.tr("Replace"), self.replace), 1, 1)
        grid.addWidget(self._button("replaceAll", self.tr("Replace all"), self.replace_all), 1, 2)
        grid.setColumnStretch(0, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(grid)
        for entry in FIND_KEYS:
            if entry.command:
                shortcut = QShortcut(editor)
                shortcut.setKeys(entry.sequences())
                shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
                shortcut.activated.connect(getattr(self, entry.command))
        self.hide()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.close_bar()
            return
        super().keyPressEvent(event)

    def _button(self, name: str, text: str, slot: object) -> QPushButton:
        button = QPushButton(text, self)
        button.setObjectName(name)
        button.setAutoDefault(False)
        button.clicked.connect(slot)
        return button

    def _set_replace_visible(self, visible: bool) -> None:
        self.replace_text.setVisible(visible)
        for name in ("replaceOne", "replaceAll"):
            button = self.findChild(QPushButton, name)
            if button is not None:
                button.setVisible(visible)

    def show_find(self) -> None:
        """Show the bar with the selected text to find."""
        self._set_replace_visible(False)
        self._open()

    def show_replace(self) -> None:
        """Show the bar with the replace field."""
        self._set_replace_visible(True)
        self._open()

    def _open(self) -> None:
        selected = self.editor.textCursor().selectedText()
        if selected and "\u2029" not in selected:
            self.find_text.setText(selected)
        self.show()
        self.find_text.setFocus()
        self.find_text.selectAll()
        self._count()

    def close_bar(self) -> None:
        self.hide()
        self.editor.setFocus()

    def _flags(self, backward: bool = False) -> QTextDocument.FindFlag:
        flags = QTextDocument.FindFlag(0)
        if self.case.isChecked():
            flags |= QTextDocument.FindFlag.FindCaseSensitively
        if backward:
            flags |= QTextDocument.FindFlag.FindBackward
        return flags

    def find_next(self) -> bool:
        return self._find(backward=False)

    def find_previous(self) -> bool:
        return self._find(backward=True)

    def _find(self, backward: bool) -> bool:
        text = self.find_text.text()
        if not text:
            return False
        document = self.editor.document()
        found = document.find(text, self.editor.textCursor(), self._flags(backward))
        if found.isNull():  # wrap around
            start = QTextCursor(document)
            if backward:
                start.movePosition(QTextCursor.MoveOperation.End)
            found = document.find(text, start, self._flags(backward))
        if found.isNull():
            self.count.setText(self.tr("Not found"))
            return False
        self.editor.setTextCursor(found)
        return True

    def replace(self) -> None:
        """Replace the current match, then go to the next one."""
        cursor = self.editor.textCursor()
        text = self.find_text.text()
        sensitivity = (
            Qt.CaseSensitivity.CaseSensitive
            if self.case.isChecked()
            else Qt.CaseSensitivity.CaseInsensitive
        )
        selected = cursor.selectedText()
        if text and selected and _equal(selected, text, sensitivity):
            cursor.insertText(self.replace_text.text())
        self.find_next()
        self._count()

    def replace_all(self) -> int:
        """Replace every match (one step of undo); return how many."""
        text = self.find_text.text()
        if not text:
            return 0
        document = self.editor.document()
        editing = QTextCursor(document)
        editing.beginEditBlock()
        replaced = 0
        found = document.find(text, QTextCursor(document), self._flags())
        while not found.isNull():
            found.insertText(self.replace_text.text())
            replaced += 1
            found = document.find(text, found, self._flags())
        editing.endEditBlock()
        self.count.setText(self.tr("{0} replaced").format(replaced))
        return replaced

    def _count(self) -> None:
        text = self.find_text.text()
        if not text:
            self.count.clear()
            return
        document = self.editor.document()
        matches = 0
        found = document.find(text, QTextCursor(document), self._flags())
        while not found.isNull() and matches < 10_000:
            matches += 1
            found = document.find(text, found, self._flags())
        self.count.setText(
            self.tr("{0} matches").format(matches) if matches else self.tr("Not found")
        )


def _equal(a: str, b: str, sensitivity: Qt.CaseSensitivity) -> bool:
    if sensitivity == Qt.CaseSensitivity.CaseSensitive:
        return a == b
    return a.casefold() == b.casefold()


class EditorPanel(QWidget):
    """A code editor with its find bar below it."""

    def __init__(self, language: str = "jinja", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor = CodeEditor(language, self)
        self.find_bar = FindBar(self.editor, self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.editor, 1)
        layout.addWidget(self.find_bar)
