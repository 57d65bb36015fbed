"""The Dataset pane: the rows of the evaluation set, and the problems found reading it."""

from __future__ import annotations

from PySide6.QtCore import QItemSelection, QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.datasets import Dataset
from judgedesk.core.workspace import Workspace
from judgedesk.ui.models.dataset_model import DatasetTableModel


class DatasetPane(QWidget):
    """Browse the dataset; the selected row becomes the workspace's row."""

    def __init__(self, workspace: Workspace, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("datasetPane")
        self.workspace = workspace
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
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.selectionModel().selectionChanged.connect(self._on_selection)
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
        layout.addWidget(splitter, 1)
        workspace.sig_dataset_loaded.connect(self.show_dataset)
        workspace.sig_dataset_completed.connect(self._describe)
        workspace.sig_row_selected.connect(self._select)

    def show_dataset(self, dataset: Dataset) -> None:
        self.model.set_dataset(dataset)
        widths = (70, 320, 200, 320, 160)
        for column, width in enumerate(widths):
            self.table.setColumnWidth(column, width)
        self._describe(dataset)
        if len(dataset):
            self.table.selectRow(0)

    def _describe(self, dataset: Dataset) -> None:
        errors = [i for i in dataset.issues if i.severity == "error"]
        text = self.tr("{0} — {1} rows, read as {2} ({3})").format(
            dataset.path.name, f"{len(dataset):,}", dataset.format.upper(), dataset.encoding
        )
        if errors:
            text += self.tr(" · {0} rows could not be read and are listed below").format(
                len(errors)
            )
        if not dataset.complete:
            text += self.tr(" so far · still indexing…")
        self.summary.setText(text)
        self.issues.setPlainText("\n".join(str(i) for i in dataset.issues))
        self.issues.setVisible(bool(dataset.issues))

    def _on_selection(self, selected: QItemSelection, _deselected: QItemSelection) -> None:
        indexes = selected.indexes()
        if indexes:
            self.workspace.select_row(indexes[0].row())

    def _select(self, index: int) -> None:
        current = self.table.currentIndex()
        if current.isValid() and current.row() == index:
            return
        root = QModelIndex()
        while index >= self.model.rowCount() and self.model.canFetchMore(root):
            self.model.fetchMore(root)
        self.table.selectRow(index)
