"""Help › Keyboard Shortcuts: every key of the window, by menu and by pane, with a filter."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from PySide6.QtCore import QSize, QSortFilterProxyModel, Qt
from PySide6.QtGui import QFont, QFontMetrics, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTreeView,
    QVBoxLayout,
    QWidget,
)


class ShortcutGroup(NamedTuple):
    """The shortcuts of one menu or pane: (keys as shown, what they do) each."""

    title: str
    rows: Sequence[tuple[str, str]]


class ShortcutsDialog(QDialog):
    """A list of shortcuts under their menu or pane, narrowed by what is typed in the filter.

    It does not block the window, so a person can keep it open while trying the keys.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("shortcutsDialog")
        self.setWindowTitle(self.tr("Keyboard Shortcuts"))
        self.setModal(False)
        self.resize(660, 700)
        self.filter = QLineEdit(self)
        self.filter.setObjectName("shortcutsFilter")
        self.filter.setAccessibleName(self.tr("Filter the shortcuts"))
        self.filter.setPlaceholderText(self.tr("Filter: type a key or a word"))
        self.filter.setClearButtonEnabled(True)
        self.model = QStandardItemModel(0, 2, self)
        self.model.setHorizontalHeaderLabels([self.tr("Keys"), self.tr("What it does")])
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setFilterKeyColumn(-1)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.proxy.setRecursiveFilteringEnabled(True)
        self.proxy.setAutoAcceptChildRows(True)  # a group's name shows all its keys
        self.filter.textChanged.connect(self._filter)
        self.view = QTreeView(self)
        self.view.setObjectName("shortcutsList")
        self.view.setAccessibleName(self.tr("Keyboard shortcuts"))
        self.view.setModel(self.proxy)
        self.view.setRootIsDecorated(False)
        self.view.setItemsExpandable(False)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.view.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the filter keeps the typing
        self.view.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        self.view.header().setStretchLastSection(True)
        self.nothing = QLabel(self.tr("No shortcut matches the filter."), self)
        self.nothing.setObjectName("shortcutsNothing")
        self.nothing.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.nothing.hide()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.filter)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.nothing)
        layout.addWidget(buttons)

    def set_groups(self, groups: Sequence[ShortcutGroup]) -> None:
        """Show ``groups`` in their order; a group without a shortcut is left out."""
        self.proxy.setFilterFixedString("")  # the keys' column fits every row, not the filtered
        self.model.removeRows(0, self.model.rowCount())
        bold = QFont(self.font())
        bold.setBold(True)
        # A heading stands a little apart from the group above it.
        spaced = QSize(0, round(QFontMetrics(bold).height() * 1.9))
        bottom = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom
        for group in groups:
            if not group.rows:
                continue
            heading = QStandardItem(group.title)
            heading.setFont(bold)
            heading.setSizeHint(spaced)
            heading.setTextAlignment(bottom)
            heading.setAccessibleText(group.title)
            for keys, what in group.rows:
                heading.appendRow([QStandardItem(keys), QStandardItem(what)])
            self.model.appendRow([heading, QStandardItem("")])
        self._span_headings()
        self.view.resizeColumnToContents(0)
        self.view.setColumnWidth(
            0, self.view.columnWidth(0) + 2 * self.fontMetrics().averageCharWidth() + 8
        )
        self._filter(self.filter.text())

    def shown(self) -> list[tuple[str, str, str]]:
        """(group, keys, what they do) of every row the filter lets through."""
        found = []
        for row in range(self.proxy.rowCount()):
            heading = self.proxy.index(row, 0)
            for child in range(self.proxy.rowCount(heading)):
                keys = self.proxy.index(child, 0, heading).data()
                what = self.proxy.index(child, 1, heading).data()
                found.append((heading.data(), keys, what))
        return found

    def _filter(self, text: str) -> None:
        self.proxy.setFilterFixedString(text.strip())
        self._span_headings()
        self.nothing.setVisible(self.proxy.rowCount() == 0)

    def _span_headings(self) -> None:
        self.view.expandAll()
        for row in range(self.proxy.rowCount()):
            self.view.setFirstColumnSpanned(row, self.view.rootIndex(), True)
