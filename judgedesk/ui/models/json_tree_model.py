"""A tree model over nested JSON-like values (a row's data and response), built lazily."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractItemModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QFont, QGuiApplication, QPalette

from judgedesk.ui.rich_text import plain_tip

Index = QModelIndex | QPersistentModelIndex

MAX_CHILDREN = 1000
"""Items shown under one object or list; a last item says how many more there are."""
VALUE_LIMIT = 300
TOOLTIP_LIMIT = 4000
_CONTEXT = "JsonTreeModel"
_HEADERS = (
    QT_TRANSLATE_NOOP("JsonTreeModel", "Field"),
    QT_TRANSLATE_NOOP("JsonTreeModel", "Value"),
    QT_TRANSLATE_NOOP("JsonTreeModel", "Type"),
)
_TYPES = {
    "object": QT_TRANSLATE_NOOP("JsonTreeModel", "object"),
    "list": QT_TRANSLATE_NOOP("JsonTreeModel", "list"),
    "text": QT_TRANSLATE_NOOP("JsonTreeModel", "text"),
    "number": QT_TRANSLATE_NOOP("JsonTreeModel", "number"),
    "bool": QT_TRANSLATE_NOOP("JsonTreeModel", "true/false"),
    "none": QT_TRANSLATE_NOOP("JsonTreeModel", "none"),
    "more": "",
}
_MORE = object()


def _tr(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


class _Node:
    """One key/value of the tree; its children are made the first time they are needed."""

    __slots__ = ("_children", "key", "parent", "row", "value")

    def __init__(self, key: str, value: Any, parent: _Node | None, row: int) -> None:
        self.key = key
        self.value = value
        self.parent = parent
        self.row = row
        self._children: list[_Node] | None = None

    def has_children(self) -> bool:
        return isinstance(self.value, dict | list) and bool(self.value)

    def children(self) -> list[_Node]:
        if self._children is None:
            items: Sequence[tuple[str, Any]]
            if isinstance(self.value, dict):
                items = [(str(k), v) for k, v in self.value.items()]
            elif isinstance(self.value, list):
                items = [(f"[{i}]", v) for i, v in enumerate(self.value)]
            else:
                items = []
            nodes = [_Node(k, v, self, i) for i, (k, v) in enumerate(items[:MAX_CHILDREN])]
            if len(items) > MAX_CHILDREN:
                nodes.append(_Node("…", (_MORE, len(items) - MAX_CHILDREN), self, len(nodes)))
            self._children = nodes
        return self._children

    def kind(self) -> str:
        value = self.value
        if isinstance(value, tuple) and value and value[0] is _MORE:
            return "more"
        if isinstance(value, dict):
            return "object"
        if isinstance(value, list):
            return "list"
        if isinstance(value, bool):
            return "bool"
        if isinstance(value, int | float):
            return "number"
        return "none" if value is None else "text"


class JsonTreeModel(QAbstractItemModel):
    """Field / value / type of nested values, e.g. ``data`` and ``response`` of a row.

    Children are created only when a branch is expanded, so a row holding a list of
    thousands of items shows at once.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._root = _Node("", {}, None, 0)

    def set_roots(self, roots: dict[str, Any]) -> None:
        """Shows each of ``roots`` (name → value) as a top-level item."""
        self.beginResetModel()
        self._root = _Node("", dict(roots), None, 0)
        self.endResetModel()

    # --- Qt overrides -----------------------------------------------------------------

    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        if column < 0 or column >= len(_HEADERS) or row < 0:
            return QModelIndex()
        node = self._node(parent)
        children = node.children()
        if row >= len(children):
            return QModelIndex()
        return self.createIndex(row, column, children[row])

    def parent(self, index: Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        if not index.isValid():
            return QModelIndex()
        node: _Node = index.internalPointer()
        parent = node.parent
        if parent is None or parent is self._root:
            return QModelIndex()
        return self.createIndex(parent.row, 0, parent)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        if parent.isValid() and parent.column() != 0:
            return 0
        return len(self._node(parent).children())

    def hasChildren(self, parent: Index = QModelIndex()) -> bool:  # noqa: B008
        if not parent.isValid():
            return self._root.has_children()
        return parent.column() == 0 and self._node(parent).has_children()

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return len(_HEADERS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if (
            orientation == Qt.Orientation.Horizontal
            and role == Qt.ItemDataRole.DisplayRole
            and 0 <= section < len(_HEADERS)
        ):
            return _tr(_HEADERS[section])
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        node: _Node = index.internalPointer()
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(node, column)
        if role == Qt.ItemDataRole.ToolTipRole and column == 1 and node.kind() == "text":
            text = str(node.value)
            return plain_tip(text if len(text) <= TOOLTIP_LIMIT else text[:TOOLTIP_LIMIT] + "…")
        if role == Qt.ItemDataRole.ForegroundRole and (
            column == 2 or (column == 1 and node.kind() in ("none", "more", "object", "list"))
        ):
            # Summaries and types are secondary: the palette's muted colour, light or dark.
            return QGuiApplication.palette().color(QPalette.ColorRole.PlaceholderText)
        if role == Qt.ItemDataRole.FontRole and column == 0 and node.parent is self._root:
            font = QFont()
            font.setBold(True)
            return font
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    # --- helpers ----------------------------------------------------------------------

    def _node(self, index: Index) -> _Node:
        return index.internalPointer() if index.isValid() else self._root  # type: ignore[no-any-return]

    def _display(self, node: _Node, column: int) -> str:
        kind = node.kind()
        if column == 0:
            return node.key
        if column == 2:
            return _tr(_TYPES[kind]) if _TYPES[kind] else ""
        if kind == "more":
            return self.tr("{0} more not shown").format(f"{node.value[1]:,}")
        if kind == "object":
            return self.tr("{0} fields").format(len(node.value))
        if kind == "list":
            return self.tr("{0} items").format(len(node.value))
        if kind == "bool":
            return str(node.value)  # True/False, as a template prints it
        if kind == "none":
            return "None"
        text = " ".join(str(node.value)[: VALUE_LIMIT * 2].split())
        return text[:VALUE_LIMIT] + "…" if len(text) > VALUE_LIMIT else text
