"""A code editor for templates and scripts: line numbers, colours, brackets, markers."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QT_TRANSLATE_NOOP, QEvent, QRect, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFontDatabase,
    QHelpEvent,
    QKeyEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QResizeEvent,
    QTextCursor,
    QTextFormat,
    QWheelEvent,
)
from PySide6.QtWidgets import QPlainTextEdit, QTextEdit, QToolTip, QWidget

from judgedesk.ui.editors.brackets import bracket_selections
from judgedesk.ui.editors.highlighters import JinjaHighlighter, PythonHighlighter, is_dark
from judgedesk.ui.editors.markers import MARKER_COLOURS, Marker, marker_selections
from judgedesk.ui.keys import PaneKey

EDITOR_KEYS: tuple[PaneKey, ...] = (
    PaneKey(("Ctrl+=", "Ctrl++"), QT_TRANSLATE_NOOP("Shortcuts", "Larger text")),
    PaneKey(("Ctrl+-",), QT_TRANSLATE_NOOP("Shortcuts", "Smaller text")),
    PaneKey(("Ctrl+0",), QT_TRANSLATE_NOOP("Shortcuts", "Text at its usual size")),
    PaneKey(("Tab",), QT_TRANSLATE_NOOP("Shortcuts", "Indent the line or the lines selected")),
    PaneKey(
        ("Shift+Tab",), QT_TRANSLATE_NOOP("Shortcuts", "Unindent the line or the lines selected")
    ),
    PaneKey(
        ("Ctrl+Tab", "Ctrl+Shift+Tab"),
        QT_TRANSLATE_NOOP("Shortcuts", "Leave the editor: next or previous field"),
    ),
)
"""The keys :meth:`CodeEditor._key` reads itself; keep the two in step."""


class KeyCompanion(Protocol):
    """Something that follows the typing in an editor, such as a completion popup."""

    def wants_key(self, event: QKeyEvent) -> bool:
        """True to leave this key to the companion instead of the editor."""
        ...

    def key_pressed(self, event: QKeyEvent) -> None:
        """Called after the editor handled a key."""
        ...


class CodeEditor(QPlainTextEdit):
    """A plain-text editor for Jinja2 templates (``language="jinja"``) or Python.

    Tab inserts spaces (Shift+Tab removes them; Ctrl+Tab and Ctrl+Shift+Tab move to the
    next and previous control), Enter keeps the indentation, Ctrl+= and
    Ctrl+- zoom (Ctrl+0 resets), brackets are matched, problems are underlined and marked
    in the gutter with their message as a tooltip.

    Signals:
        sig_zoom_changed: the font size in points after a zoom.
    """

    sig_zoom_changed = Signal(int)

    def __init__(self, language: str = "jinja", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.language = language
        self.indent = "    " if language == "python" else "  "
        font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        self._base_size = font.pointSize() if font.pointSize() > 0 else 10
        self.setFont(font)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.setTabStopDistance(self.fontMetrics().horizontalAdvance(" ") * len(self.indent))
        dark = is_dark(self.palette())
        if language == "python":
            self.highlighter: JinjaHighlighter | PythonHighlighter = PythonHighlighter(
                self.document(), dark
            )
        else:
            self.highlighter = JinjaHighlighter(self.document(), dark)
        self._markers: list[Marker] = []
        self._companion: KeyCompanion | None = None
        self.gutter = _Gutter(self)
        self.blockCountChanged.connect(self._update_gutter_width)
        self.updateRequest.connect(self._update_gutter)
        self.cursorPositionChanged.connect(self._update_selections)
        self._update_gutter_width()
        self._update_selections()

    # --- markers ------------------------------------------------------------------------

    def set_markers(self, markers: list[Marker]) -> None:
        """Show these problems (and forget the previous ones)."""
        self._markers = list(markers)
        self._update_selections()
        self.gutter.update()

    def markers(self) -> list[Marker]:
        return list(self._markers)

    def marker_at_line(self, line: int) -> Marker | None:
        """The most severe marker on a 1-based line."""
        found = [m for m in self._markers if m.line == line]
        found.sort(key=lambda m: m.severity != "error")
        return found[0] if found else None

    def go_to_line(self, line: int, column: int = 1) -> None:
        """Put the cursor at a 1-based line and column and show it."""
        block = self.document().findBlockByNumber(max(0, line - 1))
        cursor = QTextCursor(block)
        cursor.movePosition(
            QTextCursor.MoveOperation.Right,
            QTextCursor.MoveMode.MoveAnchor,
            max(0, min(column - 1, block.length() - 1)),
        )
        self.setTextCursor(cursor)
        self.centerCursor()

    # --- zoom ---------------------------------------------------------------------------

    def zoom(self, steps: int) -> None:
        """Make the text bigger (positive steps) or smaller; 0 returns to the normal size."""
        font = self.font()
        size = self._base_size if steps == 0 else font.pointSize() + steps
        font.setPointSize(max(6, min(48, size)))
        self.setFont(font)
        self.setTabStopDistance(self.fontMetrics().horizontalAdvance(" ") * len(self.indent))
        self._update_gutter_width()
        self.sig_zoom_changed.emit(font.pointSize())

    def wheelEvent(self, event: QWheelEvent) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.zoom(1 if event.angleDelta().y() > 0 else -1)
            event.accept()
            return
        super().wheelEvent(event)

    # --- keys ---------------------------------------------------------------------------

    def set_key_companion(self, companion: KeyCompanion | None) -> None:
        """Let ``companion`` (a completer) see the keys typed, and take some while open."""
        self._companion = companion

    def keyPressEvent(self, event: QKeyEvent) -> None:
        companion = self._companion
        if companion is not None and companion.wants_key(event):
            event.ignore()  # the companion's popup acts on it (Enter, Tab, Escape)
            return
        self._key(event)
        if companion is not None:
            companion.key_pressed(event)

    def _key(self, event: QKeyEvent) -> None:
        # Help › Keyboard Shortcuts lists these keys from EDITOR_KEYS.
        key = event.key()
        control = event.modifiers() & Qt.KeyboardModifier.ControlModifier
        if control and key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom(1)
        elif control and key == Qt.Key.Key_Minus:
            self.zoom(-1)
        elif control and key == Qt.Key.Key_0:
            self.zoom(0)
        elif control and key in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab):
            # Tab indents, so the keyboard leaves the editor with Ctrl+Tab.
            # (QPlainTextEdit's own focusNextPrevChild refuses while the text is editable.)
            QWidget.focusNextPrevChild(self, key == Qt.Key.Key_Tab)
        elif key == Qt.Key.Key_Tab and not event.modifiers():
            self._indent()
        elif key == Qt.Key.Key_Backtab:
            self._unindent()
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not event.modifiers():
            self._newline()
        else:
            super().keyPressEvent(event)

    def _selected_blocks(self) -> tuple[int, int]:
        cursor = self.textCursor()
        document = self.document()
        first = document.findBlock(cursor.selectionStart()).blockNumber()
        last = document.findBlock(cursor.selectionEnd()).blockNumber()
        if (
            cursor.hasSelection()
            and document.findBlock(cursor.selectionEnd()).position() == (cursor.selectionEnd())
            and last > first
        ):
            last -= 1  # a selection ending at a line's start leaves that line alone
        return first, last

    def _indent(self) -> None:
        cursor = self.textCursor()
        if not cursor.hasSelection():
            column = cursor.positionInBlock()
            cursor.insertText(" " * (len(self.indent) - column % len(self.indent)))
            return
        first, last = self._selected_blocks()
        cursor.beginEditBlock()
        for number in range(first, last + 1):
            line = QTextCursor(self.document().findBlockByNumber(number))
            line.insertText(self.indent)
        cursor.endEditBlock()

    def _unindent(self) -> None:
        first, last = self._selected_blocks()
        cursor = self.textCursor()
        cursor.beginEditBlock()
        for number in range(first, last + 1):
            block = self.document().findBlockByNumber(number)
            text = block.text()
            spaces = len(text) - len(text.lstrip(" "))
            remove = min(spaces, len(self.indent))
            if remove:
                line = QTextCursor(block)
                line.movePosition(
                    QTextCursor.MoveOperation.Right, QTextCursor.MoveMode.KeepAnchor, remove
                )
                line.removeSelectedText()
        cursor.endEditBlock()

    def _newline(self) -> None:
        cursor = self.textCursor()
        text = cursor.block().text()
        before = text[: cursor.positionInBlock()]
        indent = before[: len(before) - len(before.lstrip(" \t"))]
        if self.language == "python" and before.rstrip().endswith(":"):
            indent += self.indent
        cursor.insertText("\n" + indent)
        self.ensureCursorVisible()

    # --- painting -----------------------------------------------------------------------

    def gutter_width(self) -> int:
        digits = len(str(max(1, self.blockCount())))
        return 14 + self.fontMetrics().horizontalAdvance("9") * max(3, digits) + 6

    def _update_gutter_width(self) -> None:
        self.setViewportMargins(self.gutter_width(), 0, 0, 0)

    def _update_gutter(self, rect: QRect, dy: int) -> None:
        if dy:
            self.gutter.scroll(0, dy)
        else:
            self.gutter.update(0, rect.y(), self.gutter.width(), rect.height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        area = self.contentsRect()
        self.gutter.setGeometry(QRect(area.left(), area.top(), self.gutter_width(), area.height()))

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            # Re-colouring changes formats, not text, yet the document reports it as a
            # change: textChanged would pass it off as typing (and a script shown from
            # its skeleton would be written into the project).
            blocked = self.blockSignals(True)
            try:
                self.highlighter.set_dark(is_dark(self.palette()))
            finally:
                self.blockSignals(blocked)
            self._update_selections()

    def paint_gutter(self, event: QPaintEvent) -> None:
        painter = QPainter(self.gutter)
        palette = self.palette()
        painter.fillRect(event.rect(), palette.color(QPalette.ColorRole.AlternateBase))
        block = self.firstVisibleBlock()
        number = block.blockNumber()
        top = round(self.blockBoundingGeometry(block).translated(self.contentOffset()).top())
        height = self.fontMetrics().height()
        current = self.textCursor().blockNumber()
        while block.isValid() and top <= event.rect().bottom():
            bottom = top + round(self.blockBoundingRect(block).height())
            if block.isVisible() and bottom >= event.rect().top():
                marker = self.marker_at_line(number + 1)
                if marker is not None:
                    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
                    painter.setPen(Qt.PenStyle.NoPen)
                    painter.setBrush(QColor(MARKER_COLOURS.get(marker.severity, "#d93025")))
                    size = min(10, height - 4)
                    painter.drawEllipse(3, top + (height - size) // 2, size, size)
                role = (
                    QPalette.ColorRole.Text
                    if number == current
                    else QPalette.ColorRole.PlaceholderText
                )
                painter.setPen(palette.color(role))
                painter.drawText(
                    0,
                    top,
                    self.gutter.width() - 6,
                    height,
                    Qt.AlignmentFlag.AlignRight,
                    str(number + 1),
                )
            block = block.next()
            top = bottom
            number += 1
        painter.end()

    # --- highlights ---------------------------------------------------------------------

    def _update_selections(self) -> None:
        selections = []
        line = QTextEdit.ExtraSelection()
        highlight = self.palette().color(QPalette.ColorRole.Highlight)
        current = QColor(highlight)
        current.setAlpha(28)
        line.format.setBackground(current)
        line.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
        line.cursor = self.textCursor()
        line.cursor.clearSelection()
        selections.append(line)
        selections += bracket_selections(self.document(), self.textCursor().position(), highlight)
        selections += marker_selections(self.document(), self._markers)
        self.setExtraSelections(selections)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            position = event.pos()
            position.setX(position.x() - self.viewportMargins().left())
            cursor = self.cursorForPosition(position)
            line = cursor.blockNumber() + 1
            messages = [m.message for m in self._markers if m.line == line]
            if messages:
                QToolTip.showText(event.globalPos(), "\n".join(messages), self)
                return True
            QToolTip.hideText()
        return super().event(event)

    def tooltip_for_line(self, line: int) -> str:
        """The text the gutter's and the line's tooltip show for a 1-based line."""
        return "\n".join(m.message for m in self._markers if m.line == line)


class _Gutter(QWidget):
    """The line numbers and problem marks to the left of the text."""

    def __init__(self, editor: CodeEditor) -> None:
        super().__init__(editor)
        self.setObjectName("editorGutter")
        self.editor = editor

    def sizeHint(self) -> QSize:
        return QSize(self.editor.gutter_width(), 0)

    def paintEvent(self, event: QPaintEvent) -> None:
        self.editor.paint_gutter(event)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            cursor = self.editor.cursorForPosition(event.pos())
            text = self.editor.tooltip_for_line(cursor.blockNumber() + 1)
            if text:
                QToolTip.showText(event.globalPos(), text, self)
            else:
                QToolTip.hideText()
            return True
        return super().event(event)
