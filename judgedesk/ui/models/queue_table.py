"""A flat table model with named columns: its counts, its headers, a row's change."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

Index = QModelIndex | QPersistentModelIndex


class QueueTableModel(QAbstractTableModel):
    """Rows in a queue's order under the columns named in ``columns``; no tree below.

    A subclass says how many rows there are (:meth:`row_total`), what the headers say
    (:meth:`header_texts`) and what the cells hold (``data``).
    """

    columns: tuple[str, ...] = ()

    def row_total(self) -> int:
        raise NotImplementedError

    def header_texts(self, role: int) -> dict[str, str]:
        """Each column's header for ``role`` (columns left out have none)."""
        return {}

    def row_changed_at(self, position: int) -> None:
        """Every cell of the row at ``position`` changed."""
        self.dataChanged.emit(self.index(position, 0), self.index(position, len(self.columns) - 1))

    # --- Qt -----------------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self.row_total()

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.columns)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.columns):
            return None
        return self.header_texts(role).get(self.columns[section])


class ListedTableModel(QAbstractTableModel):
    """Rows of a list under headers given as a list, each with its tooltip (empty: none).

    A subclass fills ``_rows``, ``_headers`` and ``_tips`` and says what the cells hold.
    """

    _rows: list[Any]
    _headers: list[str]
    _tips: list[str]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._headers)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self._headers):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._headers[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tips[section] or None
        return None
