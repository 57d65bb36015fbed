"""A table model over the rows a run has finished, growing as they come in."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from judgedesk.core.run import RowResult, judge_steps, verdict_of
from judgedesk.ui.core_strings import core_reason, core_say

Index = QModelIndex | QPersistentModelIndex
ROW_ROLE = Qt.ItemDataRole.UserRole
"""The dataset row index of a table row."""
COLUMNS = ("row", "id", "status", "result", "reason")
STATUS_COLOURS = {"error": ("#c62828", "#ef9a9a"), "unparsed": ("#8d6e00", "#ffd54f")}


class RunRowsModel(QAbstractTableModel):
    """Each finished row: its number, id, status, result and why it failed, newest last.

    Multi-dimension verdicts add a column per dimension, as the dimensions appear.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[tuple[int, str, str, Any, str]] = []
        self._scores: list[dict[str, float]] = []
        self._dimensions: list[str] = []

    def clear(self) -> None:
        self.beginResetModel()
        self._rows = []
        self._scores = []
        self._dimensions = []
        self.endResetModel()

    def add(self, results: list[RowResult]) -> None:
        """Append finished rows (one insertion for the batch)."""
        if not results:
            return
        scores = [_dimensions(r) for r in results]
        new = [d for found in scores for d in found if d not in self._dimensions]
        new = list(dict.fromkeys(new))
        if new:
            first = len(COLUMNS) + len(self._dimensions)
            self.beginInsertColumns(QModelIndex(), first, first + len(new) - 1)
            self._dimensions += new
            self.endInsertColumns()
        start = len(self._rows)
        self.beginInsertRows(QModelIndex(), start, start + len(results) - 1)
        self._rows += [(r.index, r.row_id, r.status, r.value, r.error) for r in results]
        self._scores += scores
        self.endInsertRows()

    def dataset_row(self, row: int) -> int | None:
        return self._rows[row][0] if 0 <= row < len(self._rows) else None

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS) + len(self._dimensions)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role != Qt.ItemDataRole.DisplayRole or orientation != Qt.Orientation.Horizontal:
            return None
        if len(COLUMNS) <= section < len(COLUMNS) + len(self._dimensions):
            return self._dimensions[section - len(COLUMNS)]
        if not 0 <= section < len(COLUMNS):
            return None
        titles = {
            "row": self.tr("Row"),
            "id": self.tr("ID"),
            "status": self.tr("Status"),
            "result": self.tr("Result"),
            "reason": self.tr("Why"),
        }
        return titles[COLUMNS[section]]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row, row_id, status, value, error = self._rows[index.row()]
        if index.column() >= len(COLUMNS):
            dimension = self._dimensions[index.column() - len(COLUMNS)]
            score = self._scores[index.row()].get(dimension)
            if role == Qt.ItemDataRole.DisplayRole:
                return "" if score is None else f"{score:g}"
            if role == Qt.ItemDataRole.TextAlignmentRole:
                return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            return row if role == ROW_ROLE else None
        column = COLUMNS[index.column()]
        if role == ROW_ROLE:
            return row
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            if column == "row":
                return row
            if column == "id":
                return row_id
            if column == "status":
                return self.status_text(status)
            if column == "result":
                return self.value_text(value)
            error = core_reason(error) if status == "unparsed" else core_say(error)
            if error and role == Qt.ItemDataRole.DisplayRole:
                return error.splitlines()[0]
            return error
        if (
            role == Qt.ItemDataRole.ForegroundRole
            and column == "status"
            and status in STATUS_COLOURS
        ):
            light, dark = STATUS_COLOURS[status]
            base = QApplication.palette().color(QPalette.ColorRole.Base)
            return QColor(dark if base.lightness() < 128 else light)
        if role == Qt.ItemDataRole.TextAlignmentRole and column in ("row", "result"):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def status_text(self, status: str) -> str:
        return {
            "ok": self.tr("ok"),
            "error": self.tr("failed"),
            "unparsed": self.tr("no verdict"),
        }.get(status, status)

    def value_text(self, value: Any) -> str:
        if value is None:
            return ""
        if isinstance(value, bool):
            return self.tr("correct") if value else self.tr("incorrect")
        if isinstance(value, float):
            return f"{value:g}"
        return str(value)


def _dimensions(result: RowResult) -> dict[str, float]:
    """The last judge's per-dimension scores of a row (multi-dimension JSON verdicts)."""
    steps = judge_steps(result.detail)
    verdict = verdict_of(steps[-1]) if steps else None
    found = (verdict.get("dimensions") if verdict is not None else None) or {}
    return {str(k): float(v) for k, v in found.items() if isinstance(v, int | float)}
