"""Table models of the Report pane: a chart's figures as text, and the rows two runs
judged differently."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from judgedesk.core.report import RowChange

Index = QModelIndex | QPersistentModelIndex
ROW_ROLE = Qt.ItemDataRole.UserRole
"""The dataset row index of a changed row."""


class FigureTableModel(QAbstractTableModel):
    """A small table of text: a chart's figures, for screen readers and exact values."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._headers: list[str] = []
        self._row_headers: list[str] = []
        self._rows: list[list[str]] = []

    def set_table(
        self, headers: Sequence[str], rows: Sequence[Sequence[str]], row_headers: Sequence[str] = ()
    ) -> None:
        """Replace the table; ``row_headers`` name the rows (a confusion matrix's)."""
        self.beginResetModel()
        self._headers = list(headers)
        self._rows = [[str(cell) for cell in row][: len(self._headers)] for row in rows]
        for row in self._rows:
            row.extend([""] * (len(self._headers) - len(row)))
        self._row_headers = list(row_headers)
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._headers)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return self._headers[section] if 0 <= section < len(self._headers) else None
        if 0 <= section < len(self._row_headers):
            return self._row_headers[section]
        return section + 1 if 0 <= section < len(self._rows) else None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return self._rows[index.row()][index.column()]
        return None

    def cells(self) -> list[list[str]]:
        """The table's text, row by row."""
        return [list(row) for row in self._rows]


class ChangedRowsModel(QAbstractTableModel):
    """The rows two runs judged differently: row, id, run A's result, run B's result.

    Results are written only for the rows on screen (a comparison may list thousands).
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._headers = ["", "", "", ""]
        self._rows: Sequence[RowChange] = []
        self._text: Callable[[str | None, Any], str] = lambda status, value: str(value)

    def set_rows(
        self,
        headers: Sequence[str],
        rows: Sequence[RowChange],
        text: Callable[[str | None, Any], str] | None = None,
    ) -> None:
        """Replace the rows; ``headers`` title the four columns, ``text(status, value)``
        writes a result."""
        self.beginResetModel()
        self._headers = list(headers)[:4]
        self._rows = rows  # a comparison's rows: each made when shown
        if text is not None:
            self._text = text
        self.endResetModel()

    def dataset_row(self, row: int) -> int | None:
        """The dataset row index of table row ``row``."""
        return self._rows[row].row_index if 0 <= row < len(self._rows) else None

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 4

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role != Qt.ItemDataRole.DisplayRole or orientation != Qt.Orientation.Horizontal:
            return None
        return self._headers[section] if 0 <= section < len(self._headers) else None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        change = self._rows[index.row()]
        if role == ROW_ROLE:
            return change.row_index
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            column = index.column()
            if column == 0:
                return change.row_index
            if column == 1:
                return change.row_id
            if column == 2:
                return self._text(change.before_status, change.before)
            return self._text(change.after_status, change.after)
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() == 0:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None
