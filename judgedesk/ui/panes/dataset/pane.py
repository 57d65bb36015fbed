"""The Dataset pane: the rows of the evaluation set, searchable, and the problems reading it."""

from __future__ import annotations

import asyncio
from functools import partial
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QItemSelection, QModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.dataset import Dataset, search_rows
from judgedesk.core.project import Workspace
from judgedesk.ui.counts import rows_said
from judgedesk.ui.keys import PaneKey, keys_for
from judgedesk.ui.models.dataset_model import DatasetTableModel
from judgedesk.ui.panes.dataset.columns import ColumnChooser
from judgedesk.ui.panes.dataset.search import SearchJob, SearchScope
from judgedesk.ui.settings import AppSettings
from judgedesk.ui.tasks import TaskRunner

SEARCH_DELAY_MS = 250
_SEARCH_TASK = "dataset-search"
_WIDTHS = (70, 320, 200, 320, 160)
DATASET_KEYS: tuple[PaneKey, ...] = (
    # The search field's own Enter (returnPressed).
    PaneKey(("Return",), QT_TRANSLATE_NOOP("Shortcuts", "In the search: search at once")),
    PaneKey(
        ("Esc",),
        QT_TRANSLATE_NOOP("Shortcuts", "In the search: clear it, then back to the table"),
        "escape",
    ),
)


class DatasetPane(QWidget):
    """Browse and search the dataset; the selected row becomes the workspace's row.

    A search filters the table to the matching rows. A row selected elsewhere (another
    pane) that the search hides stays selected in the workspace and shown in the
    inspector; the table then selects nothing and says so under the search field.

    Signals:
        sig_filter_changed: (rows shown, rows in the dataset) after a search finished or
            was cleared.
    """

    sig_filter_changed = Signal(int, int)

    def __init__(
        self,
        workspace: Workspace,
        tasks: TaskRunner,
        parent: QWidget | None = None,
        *,
        settings: AppSettings | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("datasetPane")
        self.workspace = workspace
        self.tasks = tasks
        self.settings = settings if settings is not None else AppSettings()
        self._job: SearchJob | None = None
        self._task: asyncio.Task[Any] | None = None
        self._matches = (0, 0)  # (rows found, rows searched) by the last search
        self._focus_table_after_search = False

        self.summary = QLabel(self.tr("No dataset yet."), self)
        self.summary.setObjectName("datasetSummary")
        self.summary.setWordWrap(True)
        self.model = DatasetTableModel(self)
        self.table = QTableView(self)
        self.table.setObjectName("datasetTable")
        self.table.setAccessibleName(self.tr("Dataset rows"))
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setWordWrap(False)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().setDefaultSectionSize(24)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        self.table.selectionModel().selectionChanged.connect(self._on_selection)
        self.columns = ColumnChooser(self.table, self.model, self.settings)
        self.model.columnsInserted.connect(lambda *_: self._columns_changed())
        self._build_search_bar()
        self.issues = QPlainTextEdit(self)
        self.issues.setObjectName("datasetIssues")
        self.issues.setAccessibleName(self.tr("Problems found in the dataset"))
        self.issues.setReadOnly(True)
        self.issues.hide()
        splitter = QSplitter(Qt.Orientation.Vertical, self)
        splitter.addWidget(self.table)
        splitter.addWidget(self.issues)
        splitter.setStretchFactor(0, 4)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addLayout(self._search_row)
        layout.addLayout(self._status_row)
        layout.addWidget(splitter, 1)
        self.setTabOrder(self.search, self.scope)
        self.setTabOrder(self.scope, self.columns_button)
        self.setTabOrder(self.columns_button, self.table)

        workspace.sig_dataset_loaded.connect(self.show_dataset)
        workspace.sig_dataset_completed.connect(self._on_completed)
        workspace.sig_row_selected.connect(self._select)

    def _build_search_bar(self) -> None:
        self.search = QLineEdit(self)
        self.search.setObjectName("datasetSearch")
        self.search.setAccessibleName(self.tr("Search the rows"))
        self.search.setPlaceholderText(self.tr("Search all fields…"))
        self.search.setToolTip(
            self.tr("Shows only the rows whose text contains this, ignoring case. Esc clears it.")
        )
        self.search.setClearButtonEnabled(True)
        for button in self.search.findChildren(QToolButton):  # the clear button Qt adds
            button.setObjectName("datasetSearchClear")
            button.setAccessibleName(self.tr("Clear the search"))
        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(SEARCH_DELAY_MS)
        self._debounce.timeout.connect(self._start_search)
        self.search.textChanged.connect(self._on_text)
        self.search.returnPressed.connect(self._search_now)
        escape = QShortcut(self.search)
        escape.setKeys(keys_for(DATASET_KEYS, "escape"))
        escape.setContext(Qt.ShortcutContext.WidgetShortcut)
        escape.activated.connect(self._escape)
        self.scope = SearchScope(self.model, self)
        self.scope.currentIndexChanged.connect(self._on_scope)
        self.columns_button = QPushButton(self)
        self.columns_button.setObjectName("datasetColumnsButton")
        self.columns_button.setText(self.tr("Columns"))
        self.columns_button.setAccessibleName(self.tr("Choose the columns to show"))
        self.columns_button.setToolTip(self.tr("Choose the columns to show (also on the header)"))
        self.columns_button.setMenu(self.columns.menu)
        self._search_row = QHBoxLayout()
        self._search_row.addWidget(self.search, 1)
        self._search_row.addWidget(self.scope)
        self._search_row.addWidget(self.columns_button)

        self.search_status = QLabel(self)
        self.search_status.setObjectName("datasetSearchStatus")
        self.search_status.setAccessibleName(self.tr("Search result"))
        self.search_progress = QProgressBar(self)
        self.search_progress.setObjectName("datasetSearchProgress")
        self.search_progress.setAccessibleName(self.tr("Search progress"))
        self.search_progress.setMaximumWidth(160)
        self.search_progress.setMaximumHeight(14)
        self.search_progress.setTextVisible(False)
        self.search_progress.hide()
        self._status_row = QHBoxLayout()
        self._status_row.addWidget(self.search_status, 1)
        self._status_row.addWidget(self.search_progress)
        self.search_status.hide()

    # --- the dataset --------------------------------------------------------------------

    def show_dataset(self, dataset: Dataset) -> None:
        self._cancel_search()
        self.search.blockSignals(True)
        self.search.clear()
        self.search.blockSignals(False)
        self._debounce.stop()
        self.model.set_dataset(dataset)
        for column, width in enumerate(_WIDTHS):
            self.table.setColumnWidth(column, width)
        self.columns.set_dataset_key(str(dataset.path))
        self.scope.fill()
        self.scope.setCurrentIndex(0)
        self._describe(dataset)
        self._show_search_status()
        if len(dataset):
            self.table.selectRow(0)

    def _on_completed(self, dataset: Dataset) -> None:
        self.model.update_columns()
        self._describe(dataset)
        if self.model.filtered or self._job is not None:
            self._start_search()  # the rows indexed since were not searched yet

    def _describe(self, dataset: Dataset) -> None:
        errors = [i for i in dataset.issues if i.severity == "error"]
        text = self.tr("{0} — {1}, read as {2} ({3})").format(
            dataset.path.name, rows_said(len(dataset)), dataset.format.upper(), dataset.encoding
        )
        if len(errors) == 1:
            text += self.tr(" · 1 row could not be read and is listed below")
        elif errors:
            text += self.tr(" · {0} rows could not be read and are listed below").format(
                f"{len(errors):,}"
            )
        if not dataset.complete:
            text += self.tr(" so far · still indexing…")
        self.summary.setText(text)
        self.issues.setPlainText("\n".join(str(i) for i in dataset.issues))
        self.issues.setVisible(bool(dataset.issues))

    # --- selection ----------------------------------------------------------------------

    def _on_selection(self, selected: QItemSelection, _deselected: QItemSelection) -> None:
        indexes = selected.indexes()
        if indexes:
            self.workspace.select_row(self.model.dataset_row(indexes[0].row()))
        self._show_search_status()

    def _select(self, index: int) -> None:
        view_row = self.model.view_row(index)
        if view_row is None:  # hidden by the search: the workspace keeps it selected
            self.table.clearSelection()
            self._show_search_status()
            return
        current = self.table.currentIndex()
        if current.isValid() and current.row() == view_row and self._has_selection():
            return
        root = QModelIndex()
        while view_row >= self.model.rowCount() and self.model.canFetchMore(root):
            self.model.fetchMore(root)
        self.table.selectRow(view_row)

    def _has_selection(self) -> bool:
        return self.table.selectionModel().hasSelection()

    # --- search -------------------------------------------------------------------------

    def focus_search(self) -> None:
        """Puts the keyboard in the search field (Edit › Find)."""
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search.selectAll()

    def _escape(self) -> None:
        if self.search.text():
            self.search.clear()
        else:
            self.table.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _on_scope(self, _index: int) -> None:
        self.search.setPlaceholderText(self.scope.placeholder())
        if self.search.text():
            self._debounce.stop()
            self._start_search()

    def _on_text(self, text: str) -> None:
        if text:
            self._debounce.start()
        else:  # cleared: every row comes back at once
            self._debounce.stop()
            self._start_search()

    def _search_now(self) -> None:
        """Enter: search at once if the text changed, then go to the rows found."""
        if self._debounce.isActive():
            self._debounce.stop()
            self._start_search()
        if self._job is not None:
            self._focus_table_after_search = True
        else:
            self._focus_table()

    def _focus_table(self) -> None:
        if self.model.rowCount() and not self._has_selection():
            self.table.selectRow(0)
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)

    def _start_search(self) -> None:
        self._cancel_search()
        query = self.search.text()
        dataset = self.model.dataset
        if not query or dataset is None:
            if self.model.filtered:
                self.model.set_filter(None)
                self._reselect()
                rows = self.model.match_count()
                self.sig_filter_changed.emit(rows, rows)
            self._show_search_status()
            return
        column = self.scope.column()
        fields = self.model.search_fields(column) if column is not None else None
        job = SearchJob(query, len(dataset))
        self._job = job
        # Only plain data goes to the thread: the dataset, the query, the job's methods.
        self._task = self.tasks.run_in_thread(
            _SEARCH_TASK,
            partial(search_rows, stop=job.total, cancel=job.cancelled),
            dataset,
            query,
            fields,
            on_done=partial(self._found, job),
            on_progress=partial(self._show_progress, job),
        )
        self._task.add_done_callback(partial(self._search_ended, job))
        self._show_search_status()

    def _found(self, job: SearchJob, rows: list[int]) -> None:
        if job is not self._job or self.model.dataset is None:
            return
        self._job = None
        self.model.set_filter(rows)
        self._matches = (len(rows), job.total)
        self._reselect()
        self._show_search_status()
        if self._focus_table_after_search:
            self._focus_table_after_search = False
            self._focus_table()
        self.sig_filter_changed.emit(len(rows), job.total)

    def _search_ended(self, job: SearchJob, task: asyncio.Task[Any]) -> None:
        if task.cancelled():
            # Replaced by a newer search, or every task stopped as the window closes:
            # stop the thread, and leave the widgets alone (they may be gone).
            job.cancel()
            if job is self._job:
                self._job = None
            return
        if job is self._job:  # it failed: the task runner tells the person why
            self._job = None
            self._show_search_status()

    def _cancel_search(self) -> None:
        if self._job is not None:
            self._job.cancel()
            self._job = None
        if self._task is not None and not self._task.done():
            self._task.cancel()
        self._task = None

    def _reselect(self) -> None:
        """After the filter changed: select the workspace's row again if it is shown."""
        if self.workspace.row is not None:
            self._select(self.workspace.row)

    def _show_progress(self, job: SearchJob, done: int, _total: int) -> None:
        if job is self._job and job.total:
            self.search_progress.setValue(int(100 * done / job.total))

    def _show_search_status(self) -> None:
        job = self._job
        self.search_progress.setVisible(job is not None)
        if job is not None:
            self.search_progress.setRange(0, 100)
            self.search_status.setText(self.tr("Searching {0}…").format(rows_said(job.total)))
        elif self.model.filtered:
            found, total = self._matches
            text = self.tr("{0} of {1} match").format(f"{found:,}", rows_said(total))
            row = self.workspace.row
            if row is not None and self.model.view_row(row) is None:
                text += self.tr(" · the selected row ({0}) is not among them").format(row)
            self.search_status.setText(text)
        self.search_status.setVisible(job is not None or self.model.filtered)

    # --- columns ------------------------------------------------------------------------

    def _columns_changed(self) -> None:
        self.columns.refresh()
        self.scope.fill()
