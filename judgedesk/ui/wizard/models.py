"""Item models of the New Project wizard: the mapping preview and the template list."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)

from judgedesk.core.project import PREVIEW_ROLES

_Index = QModelIndex | QPersistentModelIndex
# A preview cell shows the start of a long text; the whole of it is in the tooltip.
_CELL_CHARS = 160
_TOOLTIP_CHARS = 2000


def _one_line(text: str, limit: int) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


class PreviewTableModel(QAbstractTableModel):
    """The first rows as templates see them: one column per role of ``PREVIEW_ROLES``."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[dict[str, str]] = []
        self._titles = {
            "id": self.tr("ID"),
            "question": self.tr("Question"),
            "reference": self.tr("Reference"),
            "response": self.tr("Response"),
            "human": self.tr("Human rating"),
        }
        self._names = {
            "id": "row.id",
            "question": "question",
            "reference": "ref_answer",
            "response": "response.content",
            "human": "data.human",
        }

    def set_rows(self, rows: list[dict[str, str]]) -> None:
        """Show new preview rows (dicts keyed by role)."""
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def text(self, row: int, role_name: str) -> str:
        """The full text of one cell, by role name."""
        return self._rows[row].get(role_name, "")

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(PREVIEW_ROLES)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        text = self._rows[index.row()].get(PREVIEW_ROLES[index.column()], "")
        if role == Qt.ItemDataRole.DisplayRole:
            return _one_line(text, _CELL_CHARS)
        if role == Qt.ItemDataRole.ToolTipRole:
            return text[:_TOOLTIP_CHARS] or None
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Vertical:
            if role == Qt.ItemDataRole.DisplayRole and 0 <= section < len(self._rows):
                return str(section + 1)
            return None
        if not 0 <= section < len(PREVIEW_ROLES):
            return None
        name = PREVIEW_ROLES[section]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._titles[name]
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.tr("Templates see this as {{{{ {0} }}}}").format(self._names[name])
        return None
