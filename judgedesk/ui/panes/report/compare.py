"""Two runs side by side: the figures before and after, and the rows that changed."""

from __future__ import annotations

from PySide6.QtCore import QItemSelection, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.report import RunComparison
from judgedesk.core.review import ReviewScale
from judgedesk.core.run import RunRecord
from judgedesk.ui.models.report_models import ChangedRowsModel
from judgedesk.ui.panes.report.words import ReportWords


class RunCompareView(QWidget):
    """Pick run A and run B; see what changed from one to the other.

    Until a person picks, A and B follow the two latest runs.

    Signals:
        sig_runs_chosen: (A, B) when the person picks another pair of runs.
        sig_row_chosen: the dataset row of a changed row the person selected.
    """

    sig_runs_chosen = Signal(int, int)
    sig_row_chosen = Signal(int)

    def __init__(self, words: ReportWords, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("reportCompare")
        self.words = words
        self._picked = False
        self.first = QComboBox(self)
        self.first.setObjectName("reportCompareFirst")
        self.first.setAccessibleName(self.tr("Run A, before"))
        self.second = QComboBox(self)
        self.second.setObjectName("reportCompareSecond")
        self.second.setAccessibleName(self.tr("Run B, after"))
        for combo in (self.first, self.second):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            combo.activated.connect(lambda _: self._picked_runs())
        first_label = QLabel(self.tr("Run &A:"), self)
        first_label.setBuddy(self.first)
        second_label = QLabel(self.tr("Run &B:"), self)
        second_label.setBuddy(self.second)
        pick = QHBoxLayout()
        pick.addWidget(first_label)
        pick.addWidget(self.first)
        pick.addSpacing(12)
        pick.addWidget(second_label)
        pick.addWidget(self.second)
        pick.addStretch(1)
        self.text = QLabel("", self)
        self.text.setObjectName("reportCompareText")
        self.text.setWordWrap(True)
        self.model = ChangedRowsModel(self)
        self.table = QTableView(self)
        self.table.setObjectName("reportChangedRows")
        self.table.setAccessibleName(self.tr("Rows the two runs judged differently"))
        self.table.setModel(self.model)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.horizontalHeader().setStretchLastSection(True)
        for column, width in enumerate((64, 160, 160)):
            self.table.setColumnWidth(column, width)
        self.table.selectionModel().selectionChanged.connect(self._row_selected)
        table_label = QLabel(self.tr("&Changed rows (select one to see it in the inspector)"), self)
        table_label.setBuddy(self.table)
        self.table_label = table_label
        layout = QVBoxLayout(self)
        layout.addLayout(pick)
        layout.addWidget(self.text)
        layout.addWidget(table_label)
        layout.addWidget(self.table, 1)
        layout.addStretch(0)
        self.set_runs([])

    def set_runs(self, runs: list[RunRecord]) -> None:
        """Offer ``runs``; keep the person's pick while both runs still exist."""
        chosen = self.chosen()
        ids = [run.id for run in runs]
        for combo in (self.first, self.second):
            combo.blockSignals(True)
            combo.clear()
            for run in reversed(runs):
                combo.addItem(self.words.terms.run_title(run), run.id)
            combo.blockSignals(False)
        if len(runs) < 2:
            self._picked = False
            self.text.setText(
                self.tr(
                    "Comparing needs two runs. Change the template, a judge or a script, "
                    "run again, and come back to see which rows changed."
                )
            )
            self.model.set_rows(self._headers(0, 0), [])
            self._show_table(False)
            return
        if not (self._picked and chosen and chosen[0] in ids and chosen[1] in ids):
            self._picked = False
            chosen = (ids[-2], ids[-1])
        self.first.setCurrentIndex(self.first.findData(chosen[0]))
        self.second.setCurrentIndex(self.second.findData(chosen[1]))

    def chosen(self) -> tuple[int, int] | None:
        """The runs picked as A and B, or None with fewer than two runs."""
        first, second = self.first.currentData(), self.second.currentData()
        if first is None or second is None or self.first.count() < 2:
            return None
        return int(first), int(second)

    def pick(self, first: int, second: int) -> None:
        """Pick runs A and B as a person would."""
        self.first.setCurrentIndex(self.first.findData(first))
        self.second.setCurrentIndex(self.second.findData(second))
        self._picked_runs()

    def _picked_runs(self) -> None:
        chosen = self.chosen()
        if chosen is not None:
            self._picked = True
            self.sig_runs_chosen.emit(*chosen)

    def _headers(self, first: int, second: int) -> list[str]:
        return [
            self.tr("Row"),
            self.tr("ID"),
            self.tr("Run {0} (A)").format(first) if first else self.tr("Run A"),
            self.tr("Run {0} (B)").format(second) if second else self.tr("Run B"),
        ]

    def show_comparison(self, comparison: RunComparison, scale: ReviewScale) -> None:
        if self.chosen() != (comparison.first, comparison.second):
            return  # another pair was picked meanwhile
        words = self.words
        if comparison.first == comparison.second:
            self.text.setText(self.tr("Run A and run B are the same run: pick two different runs."))
        else:
            self.text.setText(words.comparison(comparison))
        self.model.set_rows(
            self._headers(comparison.first, comparison.second),
            comparison.changed,
            lambda status, value: words.terms.result(status, value, scale),
        )
        self._show_table(bool(comparison.changed))

    def _show_table(self, shown: bool) -> None:
        self.table.setVisible(shown)
        self.table_label.setVisible(shown)

    def _row_selected(self, selected: QItemSelection, _: QItemSelection) -> None:
        indexes = selected.indexes()
        if indexes:
            row = self.model.dataset_row(indexes[0].row())
            if row is not None:
                self.sig_row_chosen.emit(row)
