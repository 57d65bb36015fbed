"""A chart of the Report pane with its title, what it is based on, and its figures as a
table (for screen readers, and for reading exact values)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSizePolicy,
    QStackedWidget,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from judgedesk.ui.models.report_models import FigureTableModel
from judgedesk.ui.panes.report.charts import ChartCanvas


class ChartCard(QFrame):
    """A chart with its title, a line on what it is based on, and its figures as a table.

    Args:
        name: the stem of the objectNames (``reportDistribution`` → …Chart, …Table).
        canvas: the chart.
    """

    def __init__(self, name: str, canvas: ChartCanvas, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(f"{name}Card")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.canvas = canvas
        canvas.setObjectName(f"{name}Chart")
        self.title = QLabel("", self)
        self.title.setObjectName(f"{name}Title")
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.caption = QLabel("", self)
        self.caption.setObjectName(f"{name}Caption")
        self.caption.setWordWrap(True)
        self.model = FigureTableModel(self)
        self.table = QTableView(self)
        self.table.setObjectName(f"{name}Table")
        self.table.setModel(self.model)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setSizeAdjustPolicy(QAbstractItemView.SizeAdjustPolicy.AdjustToContents)
        self.stack = QStackedWidget(self)
        self.stack.addWidget(canvas)
        self.stack.addWidget(self.table)
        self.table.setMaximumHeight(420)
        self.show_table(False)
        self.header = QHBoxLayout()
        self.header.addWidget(self.title, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(self.header)
        layout.addWidget(self.caption)
        layout.addWidget(self.stack)

    def set_title(self, title: str, caption: str) -> None:
        self.title.setText(title)
        self.caption.setText(caption)
        self.canvas.setAccessibleName(title)
        self.table.setAccessibleName(self.tr("{0}, as a table").format(title))
        self.table.setAccessibleDescription(caption)

    def set_table(
        self, headers: Sequence[str], rows: Sequence[Sequence[str]], row_headers: Sequence[str] = ()
    ) -> None:
        self.model.set_table(headers, rows, row_headers)
        self.table.verticalHeader().setVisible(bool(row_headers))

    def show_table(self, table: bool) -> None:
        """Show the figures as a table (True) or as the chart."""
        ignored = QSizePolicy.Policy.Ignored
        shown, hidden = (self.table, self.canvas) if table else (self.canvas, self.table)
        hidden.setSizePolicy(ignored, ignored)  # the hidden one must not size the card
        shown.setSizePolicy(
            QSizePolicy.Policy.Expanding,
            QSizePolicy.Policy.Preferred if table else QSizePolicy.Policy.Fixed,
        )
        self.stack.setCurrentWidget(shown)
