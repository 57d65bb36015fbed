"""A table model over the project's variables: name, kind, value; each edit undoable."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, Qt, Signal

from judgedesk.core.project import Workspace
from judgedesk.core.template import (
    VariableError,
    check_name,
    convert_kind,
    format_value,
    kind_of,
    new_name,
    parse_value,
    renamed,
)

from .judges_model import Index

NAME, KIND, VALUE = range(3)
KIND_ROLE = Qt.ItemDataRole.UserRole
_CELL_CHARS = 120
_TOOLTIP_CHARS = 2000


class VariablesTableModel(QAbstractTableModel):
    """The project's variables, in their order; changes go through the workspace's undo.

    A multi-line text is shown on one line and edited elsewhere (it is not editable in
    the cell); a list or table written in the file by hand is shown and kept, not edited.

    Signals:
        sig_refused: a message in words, when a name or value typed cannot be used.
    """

    sig_refused = Signal(str)

    def __init__(self, workspace: Workspace, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.workspace = workspace
        self._names: list[str] = []
        self._titles = (self.tr("Name"), self.tr("Kind"), self.tr("Value"))
        self.kind_names = {
            "text": self.tr("Text"),
            "number": self.tr("Number"),
            "boolean": self.tr("True or false"),
            "other": self.tr("List or table"),
        }
        workspace.sig_project_opened.connect(lambda _: self.refresh())
        workspace.sig_variables_changed.connect(lambda _: self.refresh())
        self.refresh()

    # --- reading --------------------------------------------------------------------------

    def variables(self) -> dict[str, Any]:
        project = self.workspace.project
        return project.variables if project is not None else {}

    def name(self, row: int) -> str | None:
        return self._names[row] if 0 <= row < len(self._names) else None

    def row_of(self, name: str) -> int:
        return self._names.index(name) if name in self._names else -1

    def refresh(self) -> None:
        """Follow the project's variables: values changed in place, or names changed."""
        names = list(self.variables())
        if names == self._names:
            if names:
                last = self.index(len(names) - 1, VALUE)
                self.dataChanged.emit(self.index(0, NAME), last)
            return
        self.beginResetModel()
        self._names = names
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._names)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 3

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        name = self.name(index.row()) if index.isValid() else None
        if name is None or name not in self.variables():
            return None
        value = self.variables()[name]
        column = index.column()
        if role == KIND_ROLE:
            return kind_of(value)
        if column == NAME and role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return name
        if column == NAME and role == Qt.ItemDataRole.ToolTipRole:
            return self.tr("Templates read it as {{{{ {0} }}}}").format(name)
        if column == KIND and role == Qt.ItemDataRole.DisplayRole:
            return self.kind_names[kind_of(value)]
        if column == KIND and role == Qt.ItemDataRole.EditRole:
            return kind_of(value)
        if column == VALUE:
            text = format_value(value)
            if role == Qt.ItemDataRole.EditRole:
                return text
            if role == Qt.ItemDataRole.DisplayRole:
                flat = " ⏎ ".join(line.strip() for line in text.strip().splitlines())
                return flat if len(flat) <= _CELL_CHARS else flat[: _CELL_CHARS - 1] + "…"
            if role == Qt.ItemDataRole.ToolTipRole:
                return text[:_TOOLTIP_CHARS] or None
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

    def flags(self, index: Index) -> Qt.ItemFlag:
        flags = super().flags(index)
        name = self.name(index.row()) if index.isValid() else None
        if name is None or name not in self.variables():
            return flags
        value = self.variables()[name]
        editable = index.column() == NAME or kind_of(value) != "other"
        if index.column() == VALUE and isinstance(value, str) and "\n" in value:
            editable = False  # edited in the multi-line field below the table
        return flags | Qt.ItemFlag.ItemIsEditable if editable else flags

    # --- changing -------------------------------------------------------------------------

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        name = self.name(index.row()) if index.isValid() else None
        if name is None or role != Qt.ItemDataRole.EditRole:
            return False
        try:
            if index.column() == NAME:
                return self.rename(name, str(value))
            if index.column() == KIND:
                return self.set_kind(name, str(value))
            if index.column() == VALUE:
                current = self.variables().get(name)
                return self.set_value(name, parse_value(str(value), kind_of(current)))
        except VariableError as exc:
            self.sig_refused.emit(self.explain(exc))
        return False

    def explain(self, error: VariableError) -> str:
        """A refusal in the interface's language."""
        subject = error.subject
        texts = {
            "not-number": self.tr(
                "“{0}” is not a number. Type a number such as 10 or 0.5, or make the variable text."
            ),
            "not-boolean": self.tr("“{0}” is neither true nor false. Type true or false."),
            "no-name": self.tr("A variable needs a name, such as max_score."),
            "bad-name": self.tr(
                "“{0}” cannot name a variable: use letters, digits and _ only, not starting "
                "with a digit (for example max_score)."
            ),
            "reserved": self.tr(
                "“{0}” is a name templates already use for the row. Choose another name."
            ),
            "taken": self.tr("There is already a variable called “{0}”. Choose another name."),
        }
        text = texts.get(error.code)
        return text.format(subject) if text else str(error)

    def rename(self, name: str, new: str) -> bool:
        """Give a variable another name (refused, with a message, when it cannot be)."""
        if new.strip() == name:
            return False
        others = [n for n in self.variables() if n != name]
        new = check_name(new, others)
        label = self.tr("Rename the variable “{0}” to “{1}”").format(name, new)
        return self._change(renamed(self.variables(), name, new), label)

    def set_kind(self, name: str, kind: str) -> bool:
        """Make a variable text, a number or true/false, converting its value."""
        variables = dict(self.variables())
        variables[name] = convert_kind(variables[name], kind)
        label = self.tr("Make “{0}” {1}").format(name, self.kind_names.get(kind, kind).lower())
        return self._change(variables, label)

    def set_value(self, name: str, value: object, merge: bool = False) -> bool:
        """Give a variable a value; with ``merge``, steps of typing are undone together."""
        variables = dict(self.variables())
        if name not in variables or variables[name] == value:
            return False
        variables[name] = value
        key: Hashable | None = ("variable-value", name) if merge else None
        return self._change(variables, self.tr("Set the variable “{0}”").format(name), key)

    def add(self, name: str = "", value: object = "") -> int:
        """Add a variable (a new name when none is given); return its row."""
        variables = dict(self.variables())
        name = check_name(name, variables) if name else new_name(variables)
        variables[name] = value
        self._change(variables, self.tr("Add the variable “{0}”").format(name))
        return self.row_of(name)

    def remove(self, rows: list[int]) -> None:
        """Remove the variables of these rows, as one step of undo."""
        names = [n for n in (self.name(r) for r in rows) if n is not None]
        if not names:
            return
        variables = {n: v for n, v in self.variables().items() if n not in names}
        if len(names) == 1:
            label = self.tr("Remove the variable “{0}”").format(names[0])
        else:
            label = self.tr("Remove {0} variables").format(len(names))
        self._change(variables, label)

    def _change(self, variables: dict[str, Any], label: str, key: Hashable | None = None) -> bool:
        if self.workspace.project is None:
            return False
        self.workspace.change_variables(variables, label, key)
        return True
