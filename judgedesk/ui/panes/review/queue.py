"""The Review pane's queue: the table of rows, its count, and the calibration loop."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QItemSelectionModel, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from judgedesk.ui.counts import rows_said
from judgedesk.ui.models.review_queue_model import ReviewQueueModel

COLUMN_WIDTHS = (40, 64, 72, 72, 44, 34, 64)  # the note takes the rest


class ReviewQueue(QWidget):
    """The queue's table, how many rows it holds, and one click to the template or to
    judging these rows again.

    Signals:
        sig_template_requested: "Open the template" was clicked.
        sig_rejudge_requested: "Re-judge these rows" was clicked.
        sig_calibrate_requested: "Calibrate judges" was clicked.
    """

    sig_template_requested = Signal()
    sig_rejudge_requested = Signal()
    sig_calibrate_requested = Signal()

    def __init__(self, model: ReviewQueueModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("reviewQueuePanel")
        self.model = model
        self.view = QTableView(self)
        self.view.setObjectName("reviewQueue")
        self.view.setAccessibleName(self.tr("Rows to review"))
        self.view.setModel(model)
        self.view.verticalHeader().hide()
        self.view.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setAlternatingRowColors(True)
        self.view.setWordWrap(False)
        header = self.view.horizontalHeader()
        header.setStretchLastSection(True)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        for column, width in enumerate(COLUMN_WIDTHS):
            self.view.setColumnWidth(column, width)
        self.count = QLabel("", self)
        self.count.setObjectName("reviewQueueCount")
        self.message = QLabel("", self)
        self.message.setObjectName("reviewMessage")
        self.message.setWordWrap(True)
        self.template_button = self._button(
            "reviewOpenTemplate",
            self.tr("Open the &template"),
            self.tr("Edit the judge's prompt in the Template pane"),
            self.sig_template_requested.emit,
        )
        self.rejudge_button = self._button(
            "reviewRejudge",
            self.tr("Re-&judge these rows"),
            self.tr(
                "Judge the rows of the queue again from the Run pane (after a prompt edit, "
                "say). Replies already stored for an unchanged prompt are reused."
            ),
            self.sig_rejudge_requested.emit,
        )
        self.calibrate_button = self._button(
            "reviewCalibrate",
            self.tr("&Calibrate judges…"),
            self.tr(
                "Compare the enabled judges with the verdicts people gave, choose one on a "
                "tuning part and measure it on a test part (Ctrl+Shift+K)"
            ),
            self.sig_calibrate_requested.emit,
        )
        buttons = QHBoxLayout()
        buttons.addWidget(self.template_button)
        buttons.addWidget(self.rejudge_button)
        buttons.addWidget(self.calibrate_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.count)
        layout.addLayout(buttons)
        layout.addWidget(self.message)
        self.show_count(0)

    def _button(self, name: str, text: str, tip: str, slot: Callable[[], object]) -> QPushButton:
        button = QPushButton(text, self)
        button.setObjectName(name)
        button.setAccessibleName(text.replace("&", ""))
        button.setToolTip(tip)
        button.setAutoDefault(False)
        button.clicked.connect(lambda _=False: slot())
        return button

    def show_count(self, rows: int) -> None:
        """Say how many rows the queue holds; Re-judge names them."""
        self.count.setText(self.tr("{0} in the queue").format(rows_said(rows)))
        self.rejudge_button.setEnabled(rows > 0)
        if rows == 1:
            self.rejudge_button.setText(self.tr("Re-&judge this row"))
        else:
            self.rejudge_button.setText(
                self.tr("Re-&judge these {0} rows").format(f"{rows:,}")
                if rows
                else self.tr("Re-&judge these rows")
            )

    def select(self, position: int) -> None:
        """Make the row at ``position`` the current one, and bring it into view."""
        index = self.model.index(position, 0)
        flags = (
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows
        )
        self.view.selectionModel().setCurrentIndex(index, flags)
        self.view.scrollTo(index)

    def say(self, text: str) -> None:
        self.message.setText(text)
