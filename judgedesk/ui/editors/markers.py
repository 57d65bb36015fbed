"""Problems shown in a code editor: the marker, its colours and its wavy underlines."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QColor, QTextCharFormat, QTextCursor, QTextDocument
from PySide6.QtWidgets import QTextEdit

MARKER_COLOURS = {"error": "#d93025", "warning": "#e37400"}


@dataclass(frozen=True)
class Marker:
    """A problem to show in the editor.

    Attributes:
        line: 1-based line.
        column: 1-based column (0 marks the whole line).
        length: characters underlined from the column (at least 1).
        message: the tooltip, in words.
        severity: "error" or "warning".
    """

    line: int
    column: int
    message: str
    severity: str = "error"
    length: int = 1


def text_selection(
    document: QTextDocument, position: int, length: int, fmt: QTextCharFormat
) -> QTextEdit.ExtraSelection:
    """``length`` characters from ``position`` drawn with ``fmt``, kept inside the text."""
    selection = QTextEdit.ExtraSelection()
    cursor = QTextCursor(document)
    last = max(document.characterCount() - 1, 0)  # an empty last line has no text
    cursor.setPosition(min(position, last))
    cursor.setPosition(min(position + length, last), QTextCursor.MoveMode.KeepAnchor)
    selection.cursor = cursor
    selection.format = fmt
    return selection


def marker_selections(
    document: QTextDocument, markers: list[Marker]
) -> list[QTextEdit.ExtraSelection]:
    """A wavy underline, with the message as its tooltip, for each marker on a line."""
    selections = []
    for marker in markers:
        block = document.findBlockByNumber(marker.line - 1)
        if not block.isValid():
            continue
        fmt = QTextCharFormat()
        fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
        fmt.setUnderlineColor(QColor(MARKER_COLOURS.get(marker.severity, "#d93025")))
        fmt.setToolTip(marker.message)
        text_length = max(1, block.length() - 1)
        if marker.column <= 0:
            start, length = 0, text_length
        else:
            start = min(marker.column - 1, text_length - 1)
            length = max(1, min(marker.length, text_length - start))
        selections.append(text_selection(document, block.position() + start, length, fmt))
    return selections
