"""The rows a run has finished, as they come; choosing one shows it in every pane."""

from __future__ import annotations

from PySide6.QtCore import QItemSelection
from PySide6.QtWidgets import QAbstractItemView, QLabel, QTableView, QVBoxLayout, QWidget

from judgedesk.core.project import Workspace
from judgedesk.ui.models.run_rows_model import RunRowsModel


class FinishedRows(QWidget):
    """A titled table of the rows finished; the row chosen becomes the workspace's row."""

    def __init__(self, workspace: Workspace, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("runRowsBox")
        self.workspace = workspace
        self.model = RunRowsModel(self)
        self.view = QTableView(self)
        self.view.setObjectName("runRows")
        self.view.setAccessibleName(self.tr("Rows finished"))
        self.view.setModel(self.model)
        self.view.verticalHeader().hide()
        self.view.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        for column, width in enumerate((64, 140, 90, 110)):
            self.view.setColumnWidth(column, width)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.horizontalHeader().setStretchLastSection(True)
        self.view.setAlternatingRowColors(True)
        self.view.selectionModel().selectionChanged.connect(self._row_chosen)
        label = QLabel(self.tr("Rows &finished"), self)
        label.setBuddy(self.view)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(label)
        layout.addWidget(self.view, 1)

    def _row_chosen(self, selected: QItemSelection, _: QItemSelection) -> None:
        indexes = selected.indexes()
        if indexes:
            row = self.model.dataset_row(indexes[0].row())
            if row is not None:
                self.workspace.select_row(row)
