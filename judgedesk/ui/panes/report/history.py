"""The Report pane's agreement history: each version of a judge against people, and the
rows whose verdict moved between two versions."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QItemSelection, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.report import VersionFigures, has_history, moved_rows
from judgedesk.core.review import ReviewScale
from judgedesk.ui.counts import rows_said
from judgedesk.ui.panes.report.section import (
    ReportSection,
    fit_height,
    plain_label,
    section_table,
)
from judgedesk.ui.panes.report.terms import ReportTerms
from judgedesk.ui.panes.report.versions import RATE_COLUMNS, HistoryTableModel, MovedRowsModel


class HistorySection(ReportSection):
    """The agreement history: every version of each judge against people, the best one
    marked, and the rows that moved between two chosen versions (by default the two
    newest). Hidden while no judge has two versions compared with people.

    Signals:
        sig_row_chosen: the dataset row of a moved row the person selected or activated.
    """

    sig_row_chosen = Signal(int)

    def __init__(self, terms: ReportTerms, parent: QWidget | None = None) -> None:
        super().__init__("History", "", parent)
        self.title.setText(self.tr("Agreement history"))
        self.terms = terms
        self.history: list[VersionFigures] = []
        self.scale = ReviewScale("score")
        self._picked: tuple[str, str, str] | None = None
        self.caption = plain_label(
            self.tr(
                "Each version of a judge against people's verdicts on the same rows, newest "
                "first. A version's verdicts are pooled over the runs that used it."
            ),
            self,
            "reportHistoryCaption",
        )
        self.model = HistoryTableModel(terms, self)
        self.table = section_table(self, "reportHistoryTable", self.model)
        self.table.setAccessibleName(self.tr("Each version of each judge against people"))

        self.judge = QComboBox(self)
        self.judge.setObjectName("reportHistoryJudge")
        self.judge.setAccessibleName(self.tr("Judge whose versions are compared"))
        self.judge.activated.connect(lambda _: self._judge_chosen())
        self.judge_label = QLabel(self.tr("&Judge:"), self)
        self.judge_label.setBuddy(self.judge)
        self.first = QComboBox(self)
        self.first.setObjectName("reportHistoryFirst")
        self.first.setAccessibleName(self.tr("Version A, before"))
        self.second = QComboBox(self)
        self.second.setObjectName("reportHistorySecond")
        self.second.setAccessibleName(self.tr("Version B, after"))
        for combo in (self.judge, self.first, self.second):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        for combo in (self.first, self.second):
            combo.activated.connect(lambda _: self._versions_chosen(picked=True))
        first_label = QLabel(self.tr("Version &A:"), self)
        first_label.setBuddy(self.first)
        second_label = QLabel(self.tr("Version &B:"), self)
        second_label.setBuddy(self.second)
        pick = QHBoxLayout()
        for widget in (self.judge_label, self.judge, first_label, self.first):
            pick.addWidget(widget)
        pick.addSpacing(12)
        pick.addWidget(second_label)
        pick.addWidget(self.second)
        pick.addStretch(1)
        self.moved_text = plain_label("", self, "reportHistoryMovedText")
        self.moved = MovedRowsModel(terms, self)
        self.moved_table = section_table(self, "reportHistoryMoved", self.moved)
        self.moved_table.setAccessibleName(self.tr("Rows whose verdict moved"))
        self.moved_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.moved_table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.moved_table.selectionModel().selectionChanged.connect(self._row_selected)
        # Selecting follows the keyboard; a click or Enter on the row already selected
        # shows it again after another pane chose another row.
        self.moved_table.clicked.connect(lambda index: self._choose(index.row()))
        self.moved_table.activated.connect(lambda index: self._choose(index.row()))
        self.moved_label = QLabel(
            self.tr("&Rows that moved (select one to see it in the inspector)"), self
        )
        self.moved_label.setBuddy(self.moved_table)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.caption)
        layout.addWidget(self.table)
        layout.addLayout(pick)
        layout.addWidget(self.moved_text)
        layout.addWidget(self.moved_label)
        layout.addWidget(self.moved_table)
        self.setVisible(False)

    def show_history(
        self, history: Sequence[VersionFigures], scale: ReviewScale | None = None
    ) -> None:
        """Show ``history`` (verdicts on ``scale``), or hide the section when there is
        none to show."""
        shown = list(history) if has_history(history) else []
        if _same_history(shown, self.history) and (scale or self.scale) == self.scale:
            return  # a report computed again after a change elsewhere: nothing to redo
        self.history = shown
        self.scale = scale or self.scale
        self.setVisible(bool(self.history))
        self.model.set_history(self.history)
        fit_height(self.table, 10)
        for column in RATE_COLUMNS:
            self.table.setColumnHidden(column, not self.model.has_rates())
        judges = [j for j in dict.fromkeys(v.judge for v in self.history) if len(self._of(j)) > 1]
        kept = self.judge.currentText()
        self.judge.clear()
        self.judge.addItems(judges)
        self.judge.setCurrentIndex(max(0, self.judge.findText(kept)))
        for widget in (self.judge, self.judge_label):
            widget.setVisible(len(judges) > 1)
        self._fill_versions()

    def _of(self, judge: str) -> list[VersionFigures]:
        """The versions of ``judge``, newest first."""
        return [v for v in reversed(self.history) if v.judge == judge]

    def _judge_chosen(self) -> None:
        self._picked = None
        self._fill_versions()

    def _fill_versions(self) -> None:
        judge = self.judge.currentText()
        versions = self._of(judge)
        picked = self._picked
        for combo in (self.first, self.second):
            combo.clear()
            for version in versions:
                combo.addItem(self.version_title(version), version.version)
        hashes = [v.version for v in versions]
        if picked and picked[0] == judge and picked[1] in hashes and picked[2] in hashes:
            chosen = picked[1:]
        else:
            self._picked = None
            chosen = (hashes[1], hashes[0]) if len(hashes) > 1 else ("", "")
        self.first.setCurrentIndex(max(0, self.first.findData(chosen[0])))
        self.second.setCurrentIndex(max(0, self.second.findData(chosen[1])))
        self._versions_chosen(picked=False)

    def version_title(self, version: VersionFigures) -> str:
        """ "a1b2c3d4 · runs 2, 3", or "a1b2c3d4 · run 1"."""
        runs = ", ".join(map(str, version.runs))
        if len(version.runs) == 1:
            return self.tr("{0} · run {1}").format(version.version, runs)
        return self.tr("{0} · runs {1}").format(version.version, runs)

    def pick(self, first: str, second: str) -> None:
        """Compare versions ``first`` and ``second`` of the judge shown, as a person would."""
        self.first.setCurrentIndex(self.first.findData(first))
        self.second.setCurrentIndex(self.second.findData(second))
        self._versions_chosen(picked=True)

    def _versions_chosen(self, *, picked: bool) -> None:
        judge = self.judge.currentText()
        found = {v.version: v for v in self._of(judge)}
        older, newer = found.get(self.first.currentData()), found.get(self.second.currentData())
        if picked:
            self._picked = (judge, self.first.currentData(), self.second.currentData())
        if older is None or newer is None:
            self.moved.set_rows([], self.scale, "", "")
            self.moved_text.setText("")
            self._show_moved(False)
            return
        moves = moved_rows(older, newer) if older is not newer else []
        self.moved.set_rows(
            moves,
            self.scale,
            self.tr("{0} (A)").format(older.version),
            self.tr("{0} (B)").format(newer.version),
        )
        toward = sum(move.toward for move in moves)
        if older is newer:
            text = self.tr("Version A and version B are the same: pick two different versions.")
        else:
            text = self.tr("From {0} to {1}: {2} moved toward people, {3} away from them.").format(
                older.version, newer.version, rows_said(toward), f"{len(moves) - toward:,}"
            )
        self.moved_text.setText(text)
        fit_height(self.moved_table, 12)
        self.moved_table.setAccessibleDescription(text)
        self._show_moved(bool(moves))

    def _show_moved(self, shown: bool) -> None:
        self.moved_table.setVisible(shown)
        self.moved_label.setVisible(shown)

    def _row_selected(self, selected: QItemSelection, _: QItemSelection) -> None:
        indexes = selected.indexes()
        if indexes:
            self._choose(indexes[0].row())

    def _choose(self, row: int) -> None:
        dataset_row = self.moved.dataset_row(row)
        if dataset_row is not None:
            self.sig_row_chosen.emit(dataset_row)

    def summary_text(self) -> str:
        """The section as plain text for Copy Summary ("" when it is hidden)."""
        if not self.history:
            return ""
        shown = [c for c in range(self.model.columnCount()) if not self.table.isColumnHidden(c)]
        headers = [str(self.model.headerData(c, Qt.Orientation.Horizontal)) for c in shown]
        lines = [self.title.text()]
        for cells in self.model.cells():
            figures = ", ".join(f"{headers[i]} {cells[c]}" for i, c in enumerate(shown[2:-1], 2))
            best = f" ({cells[-1]})" if cells[-1] else ""
            lines.append(f"  {cells[0]} {cells[1]}: {figures}{best}")
        if self.moved_text.text():
            lines.append(f"  {self.moved_text.text()}")
        return "\n".join(lines) + "\n"


def _same_history(a: Sequence[VersionFigures], b: Sequence[VersionFigures]) -> bool:
    """The same figures, and the same verdicts behind the rows that moved."""
    return a == b and all(
        x.verdicts == y.verdicts and x.people == y.people and x.ids == y.ids
        for x, y in zip(a, b, strict=True)
    )
