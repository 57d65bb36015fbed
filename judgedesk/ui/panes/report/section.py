"""The frame of the Report pane's text-and-table sections (People, Agreement history)."""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHeaderView,
    QLabel,
    QTableView,
    QWidget,
)

ROWS_MEASURED = 50
"""The rows a section's table measures to fit its columns to their text."""


class ReportSection(QFrame):
    """A framed section with a bold title, as tall as its wrapped text needs.

    A word-wrapped label hints at the height of a narrow column; the page would then
    leave a gap under such a section. Its hint follows the width it is given instead.
    """

    def __init__(self, name: str, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(f"report{name}Card")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.title = QLabel(title, self)
        self.title.setObjectName(f"report{name}Title")
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        if self.layout() is not None and self.width() > hint.width():
            hint.setHeight(self.heightForWidth(self.width()))
        return hint

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.updateGeometry()


def plain_label(text: str, parent: QWidget, name: str) -> QLabel:
    """A wrapped, selectable label whose text is never read as markup (names come from
    people and files)."""
    label = QLabel(text, parent)
    label.setObjectName(name)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


def fit_height(table: QTableView, most_rows: int) -> None:
    """Make ``table`` as tall as its rows, up to ``most_rows`` (then it scrolls): in the
    report's scrolled page a table left to the layout would be squeezed to a few rows."""
    rows = min(table.model().rowCount(), most_rows)
    height = table.horizontalHeader().sizeHint().height() + 2 * table.frameWidth()
    table.setFixedHeight(height + rows * table.verticalHeader().defaultSectionSize())


def section_table(parent: QWidget, name: str, model: QAbstractTableModel) -> QTableView:
    """A read-only table of a section, its columns as wide as their text."""
    table = QTableView(parent)
    table.setObjectName(name)
    table.setModel(model)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setAlternatingRowColors(True)
    table.verticalHeader().setVisible(False)
    table.verticalHeader().setDefaultSectionSize(parent.fontMetrics().height() + 8)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    # Measuring every one of thousands of rows (rows that moved) took most of a second.
    table.horizontalHeader().setResizeContentsPrecision(ROWS_MEASURED)
    table.horizontalHeader().setStretchLastSection(True)
    return table
