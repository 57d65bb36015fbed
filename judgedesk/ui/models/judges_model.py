"""A list model over the project's judges, in the order they run."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from judgedesk.core.judge import METRICS, JudgeSettings
from judgedesk.ui.core_strings import core_tr

Index = QModelIndex | QPersistentModelIndex


class JudgesListModel(QAbstractListModel):
    """Shows each judge's name with its kind; the list itself belongs to the project."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._judges: list[JudgeSettings] = []

    def set_judges(self, judges: list[JudgeSettings]) -> None:
        self.beginResetModel()
        self._judges = judges
        self.endResetModel()

    def judges(self) -> list[JudgeSettings]:
        return self._judges

    def judge(self, row: int) -> JudgeSettings | None:
        return self._judges[row] if 0 <= row < len(self._judges) else None

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._judges)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        judge = self.judge(index.row()) if index.isValid() else None
        if judge is None:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            if judge.kind == "metric":  # the rule's name; its id is in the tooltip
                info = METRICS.get(judge.metric)
                kind = core_tr(info.title) if info else judge.metric
            else:
                kind = judge.model_name() or "?"
            off = "" if judge.enabled else self.tr(" (off)")
            return f"{judge.name} — {kind}{off}"
        if role == Qt.ItemDataRole.ToolTipRole:
            return judge.model_file if judge.kind == "local" else judge.base_url or judge.metric
        return None

    def insert(self, row: int, judge: JudgeSettings) -> None:
        self.beginInsertRows(QModelIndex(), row, row)
        self._judges.insert(row, judge)
        self.endInsertRows()

    def remove(self, row: int) -> None:
        self.beginRemoveRows(QModelIndex(), row, row)
        del self._judges[row]
        self.endRemoveRows()

    def move(self, row: int, offset: int) -> bool:
        target = row + offset
        if not (0 <= row < len(self._judges) and 0 <= target < len(self._judges)):
            return False
        # Qt's destination index counts positions before the move.
        destination = target + 1 if offset > 0 else target
        self.beginMoveRows(QModelIndex(), row, row, QModelIndex(), destination)
        self._judges.insert(target, self._judges.pop(row))
        self.endMoveRows()
        return True

    def refresh(self, row: int) -> None:
        index = self.index(row)
        self.dataChanged.emit(index, index)
