"""A row picker for the panes that show one row: previous/next, jump to a row, find one."""

from __future__ import annotations

import asyncio
from bisect import bisect_left, bisect_right

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtGui import QKeySequence, QPalette
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QToolButton,
    QWidget,
)

from judgedesk.core.dataset import Dataset, search_rows
from judgedesk.core.project import Workspace
from judgedesk.ui.counts import rows_said
from judgedesk.ui.keys import PaneKey, keys_for
from judgedesk.ui.tasks import TaskRunner

ROW_KEYS: tuple[PaneKey, ...] = (
    PaneKey(("Alt+Left",), QT_TRANSLATE_NOOP("Shortcuts", "Previous row"), "previous"),
    PaneKey(("Alt+Right",), QT_TRANSLATE_NOOP("Shortcuts", "Next row"), "next"),
    # The row search field's own Enter (returnPressed).
    PaneKey(
        ("Return",),
        QT_TRANSLATE_NOOP("Shortcuts", "In the row search: the next row holding the text"),
    ),
)
"""The row picker's keys (over the Template and Scripts panes' previews)."""


def _find_rows(dataset: Dataset, query: str) -> list[int] | str:
    """The rows holding ``query``, or why the search failed (runs in a worker thread)."""
    try:
        return search_rows(dataset, query)
    except Exception as exc:  # a file changed or closed under the search: say so
        return str(exc) or type(exc).__name__


class RowPicker(QWidget):
    """Chooses the row the preview shows; it follows and drives the workspace's row.

    Alt+Left and Alt+Right go to the previous and next row; the number field jumps to a
    row; Enter in the search field goes to the next row holding the text. ``name``
    starts the object names of its controls (``templateRowNumber``…).
    """

    def __init__(
        self,
        workspace: Workspace,
        tasks: TaskRunner,
        parent: QWidget | None = None,
        *,
        name: str = "template",
    ):
        super().__init__(parent)
        self._name = name
        self.setObjectName(f"{name}RowPicker")
        self.workspace = workspace
        self.tasks = tasks
        self._row: int | None = None
        self._syncing = False
        self._matches: list[int] = []
        self._matched: tuple[int, str] | None = None  # (dataset id, query) of _matches

        self.previous_button = self._arrow(
            f"{name}PreviousRow",
            Qt.ArrowType.LeftArrow,
            self.tr("Previous row"),
            self.tr("Previous row (Alt+Left)"),
            keys_for(ROW_KEYS, "previous"),
        )
        self.number = QSpinBox(self)
        self.number.setObjectName(f"{name}RowNumber")
        self.number.setAccessibleName(self.tr("Row number"))
        self.number.setToolTip(
            self.tr(
                "Type a row number and press Enter; rows are numbered from 0, as in the "
                "Dataset pane"
            )
        )
        self.number.setKeyboardTracking(False)  # jump once the number is typed, not per digit
        self.number.setButtonSymbols(QAbstractSpinBox.ButtonSymbols.NoButtons)
        self.number.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.number.setMinimumWidth(56)
        self.number.valueChanged.connect(self._number_changed)
        self.next_button = self._arrow(
            f"{name}NextRow",
            Qt.ArrowType.RightArrow,
            self.tr("Next row"),
            self.tr("Next row (Alt+Right)"),
            keys_for(ROW_KEYS, "next"),
        )
        label = QLabel(self.tr("&Row"), self)
        label.setBuddy(self.number)
        self.count = QLabel("", self)
        self.count.setObjectName(f"{name}RowCount")
        self.row_id = QLineEdit(self)
        self.row_id.setObjectName(f"{name}RowId")
        self.row_id.setAccessibleName(self.tr("Row id"))
        self.row_id.setToolTip(self.tr("The id of the row shown"))
        self.row_id.setReadOnly(True)
        self.row_id.setFrame(False)
        palette = self.row_id.palette()  # text to read and copy, not a field to fill in
        palette.setColor(QPalette.ColorRole.Base, palette.color(QPalette.ColorRole.Window))
        self.row_id.setPalette(palette)
        id_label = QLabel(self.tr("id"), self)
        id_label.setBuddy(self.row_id)
        self.row_id.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.search = QLineEdit(self)
        self.search.setObjectName(f"{name}RowSearch")
        self.search.setAccessibleName(self.tr("Find a row"))
        self.search.setPlaceholderText(self.tr("Find a row…"))
        self.search.setToolTip(self.tr("Press Enter to show the next row holding this text"))
        self.search.setClearButtonEnabled(True)
        for button in self.search.findChildren(QToolButton):  # the clear button Qt adds
            button.setObjectName(f"{name}RowSearchClear")
            button.setAccessibleName(self.tr("Clear the search"))
        self.search.setMinimumWidth(120)
        self.search.returnPressed.connect(lambda: self.find(backward=False))
        self.search.textChanged.connect(lambda _: self.search_result.clear())
        self.search_result = QLabel("", self)
        self.search_result.setObjectName(f"{name}RowSearchResult")

        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(label)
        layout.addWidget(self.previous_button)
        layout.addWidget(self.number)
        layout.addWidget(self.next_button)
        layout.addWidget(self.count)
        layout.addSpacing(6)
        layout.addWidget(id_label)
        layout.addWidget(self.row_id)
        layout.addSpacing(8)
        layout.addWidget(self.search, 1)
        layout.addWidget(self.search_result)
        self.refresh()

    def _arrow(
        self, name: str, arrow: Qt.ArrowType, spoken: str, tip: str, keys: list[QKeySequence]
    ) -> QToolButton:
        button = QToolButton(self)
        button.setObjectName(name)
        button.setArrowType(arrow)
        button.setAccessibleName(spoken)
        button.setToolTip(tip)
        button.setShortcut(keys[0])
        button.setAutoRaise(True)
        button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        button.clicked.connect(lambda: self.step(-1 if arrow == Qt.ArrowType.LeftArrow else 1))
        return button

    # --- state ----------------------------------------------------------------------------

    def row(self) -> int | None:
        """The row shown: the workspace's, else the first one; None with no rows."""
        return self._row

    def refresh(self) -> None:
        """Follow the workspace: its dataset's size and its row."""
        dataset = self.workspace.dataset
        total = len(dataset) if dataset is not None else 0
        row = self.workspace.row if self.workspace.row is not None else 0
        self._row = min(max(row, 0), total - 1) if total else None
        self._syncing = True
        try:
            self.number.setRange(0, max(total - 1, 0))
            self.number.setValue(self._row if self._row is not None else 0)
        finally:
            self._syncing = False
        self.count.setText(rows_said(total) if total else self.tr("no rows"))
        for widget in (self.number, self.previous_button, self.next_button, self.search):
            widget.setEnabled(bool(total))
        self.previous_button.setEnabled(bool(total) and (self._row or 0) > 0)
        self.next_button.setEnabled(self._row is not None and self._row < total - 1)
        if self._row is None:
            self.row_id.clear()

    def show_row_id(self, row: int | None, row_id: str | None) -> None:
        """Show the id of the row the preview was made for."""
        if row == self._row:
            text = row_id or ""
            self.row_id.setText(text)
            self.row_id.setCursorPosition(0)
            width = self.row_id.fontMetrics().horizontalAdvance(text) + 12
            self.row_id.setFixedWidth(max(24, min(width, 180)))

    # --- moving ---------------------------------------------------------------------------

    def go_to(self, row: int) -> None:
        """Make ``row`` the workspace's row (and so the one every pane shows)."""
        dataset = self.workspace.dataset
        if dataset is None or not len(dataset):
            return
        row = min(max(row, 0), len(dataset) - 1)
        if self.workspace.row == row:
            self.refresh()
        else:
            self.workspace.select_row(row)

    def step(self, offset: int) -> None:
        """Go ``offset`` rows forward (negative: back)."""
        if self._row is not None:
            self.go_to(self._row + offset)

    def _number_changed(self, value: int) -> None:
        if not self._syncing:
            self.go_to(value)

    # --- finding --------------------------------------------------------------------------

    def find(self, backward: bool = False) -> None:
        """Go to the next (or previous) row holding the search text, wrapping around."""
        dataset = self.workspace.dataset
        query = self.search.text().strip()
        if dataset is None or not query:
            return
        if self._matched == (id(dataset), query):
            self._go_to_match(backward)
            return
        self.search_result.setText(self.tr("Searching…"))
        self.tasks.start(
            f"{self._name}-row-search",
            asyncio.to_thread(_find_rows, dataset, query),
            on_done=lambda found: self._found(id(dataset), query, backward, found),
        )

    def _found(self, dataset: int, query: str, backward: bool, found: list[int] | str) -> None:
        if isinstance(found, str):
            self.search_result.setText(self.tr("The search failed: {0}").format(found))
            return
        self._matches = found
        self._matched = (dataset, query)
        self._go_to_match(backward)

    def _go_to_match(self, backward: bool) -> None:
        matches = self._matches
        if not matches:
            self.search_result.setText(self.tr("No row holds this text"))
            return
        current = self._row if self._row is not None else -1
        at = bisect_left(matches, current) - 1 if backward else bisect_right(matches, current)
        at %= len(matches)
        self.go_to(matches[at])
        self.search_result.setText(
            self.tr("match {0} of {1}").format(f"{at + 1:,}", f"{len(matches):,}")
        )
