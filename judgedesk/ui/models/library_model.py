"""Item models of the template dialogs: the built-in templates, and what an import changed."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractListModel, QAbstractTableModel, QModelIndex, QObject, Qt
from PySide6.QtWidgets import QApplication, QStyle

from judgedesk.core.template import Conversion, ImportNote, Replacement, TemplateInfo

from .judges_model import Index

ID_ROLE = Qt.ItemDataRole.UserRole
SEARCH_ROLE = Qt.ItemDataRole.UserRole + 1
KIND_ROLE = Qt.ItemDataRole.UserRole + 2


class LibraryListModel(QAbstractListModel):
    """The built-in templates in one language: the title shown, the id under ``ID_ROLE``.

    ``SEARCH_ROLE`` holds the words a search looks in: title, description, id, parser.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._templates: list[TemplateInfo] = []

    def set_templates(self, templates: list[TemplateInfo]) -> None:
        """Replace the list (the same templates in another language, usually)."""
        self.beginResetModel()
        self._templates = list(templates)
        self.endResetModel()

    def template(self, row: int) -> TemplateInfo | None:
        """The template at ``row``, or None."""
        return self._templates[row] if 0 <= row < len(self._templates) else None

    def row_of(self, template_id: str) -> int:
        """The row of ``template_id``, or -1."""
        return next((i for i, t in enumerate(self._templates) if t.id == template_id), -1)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._templates)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        info = self.template(index.row()) if index.isValid() else None
        if info is None:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return info.title
        if role == Qt.ItemDataRole.ToolTipRole:
            return info.description
        if role == ID_ROLE:
            return info.id
        if role == SEARCH_ROLE:
            return " ".join((info.title, info.description, info.id, info.parser))
        return None


class ConversionModel(QAbstractTableModel):
    """The placeholders an import converted and the notes on it, in the order of the text.

    Columns: line, the original text, what it became (or the note). ``KIND_ROLE`` is
    "converted" for a conversion, else the note's kind.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[Replacement | ImportNote] = []
        self._describe: dict[int, str] = {}
        self._titles = (self.tr("Line"), self.tr("In the original"), self.tr("Becomes"))

    def set_conversion(
        self, conversion: Conversion | None, notes: list[tuple[ImportNote, str]]
    ) -> None:
        """Show a conversion with its notes, each note with its text in words."""
        self.beginResetModel()
        rows: list[Replacement | ImportNote] = list(conversion.replacements if conversion else ())
        rows += [note for note, _ in notes]
        order = {id(row): number for number, row in enumerate(rows)}
        rows.sort(key=lambda row: (row.line, order[id(row)]))
        self._rows = rows
        self._describe = {id(note): text for note, text in notes}
        self.endResetModel()

    def texts(self) -> list[tuple[str, str, str]]:
        """Each row as shown: (line, original, becomes)."""
        shown = []
        for row in range(len(self._rows)):
            line, original, becomes = (str(self.data(self.index(row, c)) or "") for c in range(3))
            shown.append((line, original, becomes))
        return shown

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 3

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row, column = self._rows[index.row()], index.column()
        converted = isinstance(row, Replacement)
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            if column == 0:
                return str(row.line) if row.line else ""
            if column == 1:
                return row.original if isinstance(row, Replacement) else row.text
            if isinstance(row, Replacement):
                return "{{ " + row.expression + " }}"
            return self._describe.get(id(row), row.message)
        if role == KIND_ROLE:
            return row.kind if isinstance(row, ImportNote) else "converted"
        if role == Qt.ItemDataRole.DecorationRole and column == 0 and not converted:
            style = QApplication.style()
            return style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
        if role == Qt.ItemDataRole.TextAlignmentRole and column == 0:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if (
            orientation == Qt.Orientation.Horizontal
            and role == Qt.ItemDataRole.DisplayRole
            and 0 <= section < len(self._titles)
        ):
            return self._titles[section]
        return None
