"""The Dataset pane's search pieces: the job shared with the worker thread, and the scope."""

from __future__ import annotations

import threading

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QComboBox, QWidget

from judgedesk.ui.models.dataset_model import DatasetTableModel


class SearchJob:
    """What a search in a worker thread shares with the pane: plain data, no Qt.

    The thread polls it for cancelling (nothing Qt is touched from the thread).
    """

    def __init__(self, query: str, total: int) -> None:
        self.query = query
        self.total = total
        self._cancelled = threading.Event()

    def cancel(self) -> None:
        self._cancelled.set()

    def cancelled(self) -> bool:
        return self._cancelled.is_set()


class SearchScope(QComboBox):
    """Where a search looks: every field (item data -1) or one column of the table.

    The words keep the ``DatasetPane`` translation context they had in the pane.
    """

    def __init__(self, table_model: DatasetTableModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._table_model = table_model
        self.setObjectName("datasetSearchScope")
        self.setAccessibleName(QCoreApplication.translate("DatasetPane", "Search in"))
        self.setToolTip(
            QCoreApplication.translate(
                "DatasetPane", "Search every field, or only the one chosen here"
            )
        )
        self.addItem(QCoreApplication.translate("DatasetPane", "All fields"), -1)

    def column(self) -> int | None:
        """The table column searched, or None for every field."""
        column = self.currentData()
        return None if column is None or column < 0 else int(column)

    def placeholder(self) -> str:
        """The search field's placeholder for this scope."""
        column = self.column()
        if column is None:
            return QCoreApplication.translate("DatasetPane", "Search all fields…")
        title = self._table_model.headerData(column, Qt.Orientation.Horizontal)
        return QCoreApplication.translate("DatasetPane", "Search {0}…").format(title)

    def fill(self) -> None:
        """List the table's columns again, keeping the choice if its column is still there."""
        current = self.currentData()
        self.blockSignals(True)
        self.clear()
        self.addItem(QCoreApplication.translate("DatasetPane", "All fields"), -1)
        for column in range(self._table_model.columnCount()):
            self.addItem(
                str(self._table_model.headerData(column, Qt.Orientation.Horizontal)), column
            )
        found = self.findData(current)
        self.setCurrentIndex(max(found, 0))
        self.blockSignals(False)
