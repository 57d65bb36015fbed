"""A table model over a core Dataset that reads rows only as the view needs them."""

from __future__ import annotations

from bisect import bisect_left
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)

from judgedesk.core.dataset import Dataset, Row
from judgedesk.core.errors import RowError
from judgedesk.ui.rich_text import plain_tip

BATCH = 500
CELL_LIMIT = 300
CACHE_ROWS = 2000
Index = QModelIndex | QPersistentModelIndex


# The derived fields come first: they are what templates see. Each column names the core
# fields a search limited to it looks in (see ``search_rows``).
COLUMNS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("id", QT_TRANSLATE_NOOP("DatasetTableModel", "ID"), ("id",)),
    ("question", QT_TRANSLATE_NOOP("DatasetTableModel", "Question"), ("question",)),
    ("reference", QT_TRANSLATE_NOOP("DatasetTableModel", "Reference"), ("ref_answer", "gt")),
    ("response", QT_TRANSLATE_NOOP("DatasetTableModel", "Response"), ("response.content",)),
    ("history", QT_TRANSLATE_NOOP("DatasetTableModel", "History"), ("history",)),
)
# Shown by the columns above, or too big for a cell (messages).
_NOT_EXTRA = {"messages", "response", "question", "gt", "history", "ref_answer", "id"}


class DatasetTableModel(QAbstractTableModel):
    """Rows of a dataset: id, question, reference, response, history, other fields.

    The model shows either every row or, after :meth:`set_filter`, the rows a search
    found. Either way ``rowCount`` grows by batches through ``fetchMore`` so a
    200,000-row file opens at once; rows are parsed when shown and kept in a small cache.
    A *view row* is a row of this model; a *dataset row* is a row's index in the Dataset
    (what the workspace selects): :meth:`dataset_row` and :meth:`view_row` convert.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._dataset: Dataset | None = None
        self._loaded = 0
        self._extra: list[str] = []
        self._filter: list[int] | None = None
        self._cache: OrderedDict[int, Row | None] = OrderedDict()

    @property
    def dataset(self) -> Dataset | None:
        return self._dataset

    def set_dataset(self, dataset: Dataset | None) -> None:
        self.beginResetModel()
        self._dataset = dataset
        self._cache.clear()
        self._filter = None
        self._loaded = min(BATCH, self._available())
        self._extra = _extra_columns(dataset) if dataset is not None else []
        self.endResetModel()

    def set_filter(self, rows: Sequence[int] | None) -> None:
        """Shows only ``rows`` (dataset rows, ascending), or every row again for None."""
        self.beginResetModel()
        self._filter = None if rows is None else list(rows)
        self._loaded = min(BATCH, self._available())
        self.endResetModel()

    @property
    def filtered(self) -> bool:
        return self._filter is not None

    def match_count(self) -> int:
        """How many rows the filter lets through (every row when there is none)."""
        return self._available()

    def update_columns(self) -> bool:
        """Adds the columns of fields found since the dataset was shown (while indexing).

        Returns:
            True when columns were added.
        """
        if self._dataset is None:
            return False
        extra = _extra_columns(self._dataset)
        new = [name for name in extra if name not in self._extra]
        if not new:
            return False
        first = len(COLUMNS) + len(self._extra)
        self.beginInsertColumns(QModelIndex(), first, first + len(new) - 1)
        self._extra.extend(new)
        self.endInsertColumns()
        return True

    # --- Qt overrides -----------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._loaded

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS) + len(self._extra)

    def canFetchMore(self, parent: Index) -> bool:
        if parent.isValid():
            return False
        return self._loaded < self._available()

    def fetchMore(self, parent: Index) -> None:
        if parent.isValid():
            return
        more = min(BATCH, self._available() - self._loaded)
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
            # The dataset row, so a filtered table still tells which rows matched.
            return str(self.dataset_row(section)) if 0 <= section < self._loaded else None
        if 0 <= section < len(COLUMNS):
            return QCoreApplication.translate("DatasetTableModel", COLUMNS[section][1])
        if 0 <= section - len(COLUMNS) < len(self._extra):
            return self._extra[section - len(COLUMNS)]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or role not in (
            Qt.ItemDataRole.DisplayRole,
            Qt.ItemDataRole.ToolTipRole,
        ):
            return None
        row = self.row(self.dataset_row(index.row()))
        if row is None:
            return self.tr("(unreadable row)") if index.column() == 0 else None
        value = _cell(row, self.column_key(index.column()))
        if value is None:
            return None
        text = value if isinstance(value, str) else str(value)
        if role == Qt.ItemDataRole.ToolTipRole:
            return plain_tip(text[:2000]) if len(text) > CELL_LIMIT else None
        text = " ".join(text[: CELL_LIMIT * 2].split())
        return text[:CELL_LIMIT] + "…" if len(text) > CELL_LIMIT else text

    # --- rows -------------------------------------------------------------------------

    def dataset_row(self, view_row: int) -> int:
        """The dataset row shown at ``view_row``."""
        return view_row if self._filter is None else self._filter[view_row]

    def view_row(self, dataset_row: int) -> int | None:
        """Where ``dataset_row`` is (or will be, once fetched) in the view; None if hidden."""
        if self._filter is None:
            return dataset_row if 0 <= dataset_row < self._available() else None
        at = bisect_left(self._filter, dataset_row)
        return at if at < len(self._filter) and self._filter[at] == dataset_row else None

    def row(self, index: int) -> Row | None:
        """The core row at dataset row ``index`` (cached), or None when unreadable."""
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

    # --- columns ----------------------------------------------------------------------

    def column_key(self, column: int) -> str:
        """A stable name for ``column`` (``question``, ``field:lang``…), to remember it by."""
        if column < len(COLUMNS):
            return COLUMNS[column][0]
        return "field:" + self._extra[column - len(COLUMNS)]

    def column_names(self) -> list[str]:
        return [
            str(self.headerData(column, Qt.Orientation.Horizontal))
            for column in range(self.columnCount())
        ]

    def search_fields(self, column: int) -> tuple[str, ...]:
        """The core fields a search limited to ``column`` looks in."""
        if column < len(COLUMNS):
            return COLUMNS[column][2]
        return ("data." + self._extra[column - len(COLUMNS)],)

    def _available(self) -> int:
        if self._filter is not None:
            return len(self._filter)
        return len(self._dataset) if self._dataset is not None else 0


def _extra_columns(dataset: Dataset) -> list[str]:
    return [f for f in dataset.fields() if "." not in f and f not in _NOT_EXTRA]


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
