"""A table model over a core Dataset that reads rows only as the view needs them."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from judgedesk.core.datasets import Dataset, Row
from judgedesk.core.errors import RowError

BATCH = 500
CELL_LIMIT = 300
CACHE_ROWS = 2000
Index = QModelIndex | QPersistentModelIndex

# The derived fields come first: they are what templates see.
COLUMNS: tuple[tuple[str, str], ...] = (
    ("id", "ID"),
    ("question", "Question"),
    ("reference", "Reference"),
    ("response", "Response"),
    ("history", "History"),
)


class DatasetTableModel(QAbstractTableModel):
    """Rows of a dataset: id, question, reference, response, history, other fields.

    ``rowCount`` grows by batches through ``fetchMore`` so a 200,000-row file opens
    at once; rows are parsed when shown and kept in a small cache.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._dataset: Dataset | None = None
        self._loaded = 0
        self._extra: list[str] = []
        self._cache: OrderedDict[int, Row | None] = OrderedDict()

    def set_dataset(self, dataset: Dataset | None) -> None:
        self.beginResetModel()
        self._dataset = dataset
        self._cache.clear()
        self._loaded = min(BATCH, len(dataset)) if dataset is not None else 0
        self._extra = _extra_columns(dataset) if dataset is not None else []
        self.endResetModel()

    # --- Qt overrides -----------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._loaded

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS) + len(self._extra)

    def canFetchMore(self, parent: Index) -> bool:
        if parent.isValid() or self._dataset is None:
            return False
        return self._loaded < len(self._dataset)

    def fetchMore(self, parent: Index) -> None:
        if parent.isValid() or self._dataset is None:
            return
        more = min(BATCH, len(self._dataset) - self._loaded)
        if more <= 0:
            return
        self.beginInsertRows(QModelIndex(), self._loaded, self._loaded + more - 1)
        self._loaded += more
        self.endInsertRows()

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Vertical:
            return str(section)
        if 0 <= section < len(COLUMNS):
            return self.tr(COLUMNS[section][1])
        if 0 <= section - len(COLUMNS) < len(self._extra):
            return self._extra[section - len(COLUMNS)]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or role not in (
            Qt.ItemDataRole.DisplayRole,
            Qt.ItemDataRole.ToolTipRole,
        ):
            return None
        row = self.row(index.row())
        if row is None:
            return self.tr("(unreadable row)") if index.column() == 0 else None
        value = _cell(row, self._column_key(index.column()))
        if value is None:
            return None
        text = value if isinstance(value, str) else str(value)
        if role == Qt.ItemDataRole.ToolTipRole:
            return text[:2000] if len(text) > CELL_LIMIT else None
        text = " ".join(text[: CELL_LIMIT * 2].split())
        return text[:CELL_LIMIT] + "…" if len(text) > CELL_LIMIT else text

    # --- helpers ----------------------------------------------------------------------

    def row(self, index: int) -> Row | None:
        """The core row shown at ``index`` (cached), or None when unreadable."""
        if self._dataset is None or not 0 <= index < len(self._dataset):
            return None
        if index in self._cache:
            self._cache.move_to_end(index)
            return self._cache[index]
        try:
            row: Row | None = self._dataset.row(index)
        except RowError:
            row = None
        self._cache[index] = row
        if len(self._cache) > CACHE_ROWS:
            self._cache.popitem(last=False)
        return row

    def _column_key(self, column: int) -> str:
        if column < len(COLUMNS):
            return COLUMNS[column][0]
        return "field:" + self._extra[column - len(COLUMNS)]

    def column_names(self) -> list[str]:
        return [title for _, title in COLUMNS] + self._extra


def _extra_columns(dataset: Dataset) -> list[str]:
    hidden = {"messages", "response", "question", "gt", "history", "ref_answer", "id"}
    return [f for f in dataset.fields() if "." not in f and f not in hidden]


def _cell(row: Row, key: str) -> Any:
    if key == "id":
        return row.id
    if key == "response":
        return row.response.get("content")
    data = row.data
    if key == "reference":
        reference = data.get("ref_answer")
        return data.get("gt") if reference is None else reference
    if key.startswith("field:"):
        return data.get(key[6:])
    return data.get(key)
