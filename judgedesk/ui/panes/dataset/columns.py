"""Which columns of the dataset table are shown: a menu of checkable columns, remembered."""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import QObject, QPoint, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QTableView

from judgedesk.ui.models.dataset_model import DatasetTableModel
from judgedesk.ui.settings import AppSettings


class ColumnChooser(QObject):
    """Hides and shows columns of a dataset table, remembering them per dataset.

    The same :attr:`menu` serves a "Columns" button and the header's context menu. The
    hidden columns are kept by their keys (``question``, ``field:lang``), for the
    session and in the settings, under the dataset's path.
    """

    def __init__(self, table: QTableView, model: DatasetTableModel, settings: AppSettings) -> None:
        super().__init__(table)
        self.table = table
        self.model = model
        self.settings = settings
        self.menu = QMenu(table)
        self.menu.setObjectName("datasetColumnsMenu")
        self._key = ""
        self._hidden: dict[str, set[str]] = {}
        self._actions: list[QAction] = []
        self._show_all = QAction(self)
        header = table.horizontalHeader()
        header.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        header.customContextMenuRequested.connect(self._header_menu)

    def set_dataset_key(self, key: str) -> None:
        """Switches to the columns remembered for the dataset ``key`` (its path)."""
        self._key = key
        self.refresh()

    def refresh(self) -> None:
        """Applies the remembered choice to the model's columns (after they changed)."""
        hidden = self._hidden_keys()
        for column in range(self.model.columnCount()):
            self.table.setColumnHidden(column, self.model.column_key(column) in hidden)
        self._fill_menu()

    def set_hidden(self, column: int, hidden: bool) -> None:
        """Hides or shows ``column``; the last column shown stays shown."""
        if hidden and self._shown() == [column]:
            hidden = False
        self.table.setColumnHidden(column, hidden)
        keys = self._hidden_keys()
        name = self.model.column_key(column)
        if hidden:
            keys.add(name)
        else:
            keys.discard(name)
        if self._key:
            self.settings.set_hidden_columns(self._key, sorted(keys))
        self._sync_menu()

    def show_all(self) -> None:
        for column in range(self.model.columnCount()):
            self.set_hidden(column, False)

    def _hidden_keys(self) -> set[str]:
        if self._key not in self._hidden:
            stored = self.settings.hidden_columns(self._key) if self._key else []
            self._hidden[self._key] = set(stored)
        return self._hidden[self._key]

    def _shown(self) -> list[int]:
        count = self.model.columnCount()
        return [c for c in range(count) if not self.table.isColumnHidden(c)]

    def _fill_menu(self) -> None:
        self.menu.clear()
        self._actions = []
        for column in range(self.model.columnCount()):
            title = str(self.model.headerData(column, Qt.Orientation.Horizontal))
            action = QAction(title, self.menu)
            action.setCheckable(True)
            action.setObjectName(f"datasetColumn:{self.model.column_key(column)}")
            action.toggled.connect(partial(self._toggled, column))
            self.menu.addAction(action)
            self._actions.append(action)
        self.menu.addSeparator()
        self._show_all = self.menu.addAction(self.tr("Show All Columns"))
        self._show_all.setObjectName("datasetShowAllColumns")
        self._show_all.triggered.connect(self.show_all)
        self._sync_menu()

    def _sync_menu(self) -> None:
        shown = self._shown()
        for column, action in enumerate(self._actions):
            action.blockSignals(True)
            action.setChecked(column in shown)
            action.setEnabled(shown != [column])
            action.blockSignals(False)
        self._show_all.setEnabled(len(shown) < len(self._actions))

    def _toggled(self, column: int, checked: bool) -> None:
        self.set_hidden(column, not checked)

    def _header_menu(self, position: QPoint) -> None:
        header = self.table.horizontalHeader()
        self.menu.popup(header.viewport().mapToGlobal(position))
