"""The Report pane's People section: how far people agree with each other (the human
ceiling) beside how far the judge agrees with them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QVBoxLayout, QWidget

from judgedesk.core.review import ME, Ceiling, PairAgreement, PeopleFigures
from judgedesk.ui.models.queue_table import ListedTableModel
from judgedesk.ui.panes.report.section import (
    ReportSection,
    fit_height,
    plain_label,
    section_table,
)

Index = QModelIndex | QPersistentModelIndex


def _number(value: float | None) -> str:
    return "–" if value is None else f"{value:.2f}"


def _percent(value: float | None) -> str:
    return "–" if value is None else f"{value * 100:.1f}%"


@dataclass(frozen=True)
class PeopleRow:
    """One line of the table: who is compared with whom, and how far they agree."""

    who: str
    pair: PairAgreement


class PeopleTableModel(ListedTableModel):
    """Each pair of reviewers, then the judge against each reviewer and the consensus:
    who, rows compared, exact agreement, κ."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[PeopleRow] = []
        self._headers = [
            self.tr("Who"),
            self.tr("Rows compared"),
            self.tr("Exact agreement"),
            self.tr("Cohen's κ"),
        ]
        self._tips = [
            "",
            self.tr("Rows both gave a verdict for"),
            self.tr("Share of those rows where both gave the same verdict"),
            self.tr(
                "Agreement beyond chance: 1 is perfect, 0 no better than chance; scores and "
                "ordered verdicts count near misses as partly agreeing (quadratic weights)"
            ),
        ]

    def set_rows(self, rows: list[PeopleRow]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return self.cells_of(self._rows[index.row()])[index.column()]
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() > 0:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    @staticmethod
    def cells_of(row: PeopleRow) -> list[str]:
        pair = row.pair
        return [row.who, f"{pair.n:,}", _percent(pair.exact.value), _number(pair.kappa.value)]

    def cells(self) -> list[list[str]]:
        """The table's text, row by row."""
        return [self.cells_of(row) for row in self._rows]


class PeopleSection(ReportSection):
    """The People section: the sentence that compares the judge with people, α across
    the reviewers, and a table of every pair. Hidden while no one else's labels were
    imported."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("People", "", parent)
        self.title.setText(self.tr("People"))
        self.sentence = plain_label("", self, "reportPeopleSentence")
        font = self.sentence.font()
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.sentence.setFont(font)
        self.alpha = plain_label("", self, "reportPeopleAlpha")
        self.caption = plain_label("", self, "reportPeopleCaption")
        self.model = PeopleTableModel(self)
        self.table = section_table(self, "reportPeopleTable", self.model)
        self.table.setAccessibleName(self.tr("Agreement of each pair, as a table"))
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.sentence)
        layout.addWidget(self.alpha)
        layout.addWidget(self.table)
        layout.addWidget(self.caption)
        self.people: PeopleFigures | None = None
        self.setVisible(False)

    def show_people(self, people: PeopleFigures | None) -> None:
        """Show ``people``'s figures, or hide the section when there are none."""
        self.people = people
        self.setVisible(people is not None)
        if people is None:
            self.model.set_rows([])
            return
        self.sentence.setText(self.sentence_text(people))
        self.alpha.setText(self.alpha_text(people.ceiling))
        self.caption.setText(self.consensus_text(people))
        for label in (self.alpha, self.caption):
            label.setVisible(people.ceiling is not None)
        self.model.set_rows(self.rows(people))
        fit_height(self.table, 12)
        self.table.setAccessibleDescription(self.sentence.text())

    # --- words ------------------------------------------------------------------------

    def sentence_text(self, people: PeopleFigures) -> str:
        """The judge against people beside people against each other, in one sentence."""
        ceiling = people.ceiling
        if ceiling is None:
            return self.tr(
                "Only one person's verdicts: how far people agree with each other needs the "
                "verdicts of two or more. Import another person's labels to compare."
            )
        judge = people.judge_vs_consensus
        if judge is None or judge.kappa.value is None or ceiling.mean_kappa is None:
            return self.tr("Too few rows judged and reviewed by several people to compare.")
        return self.tr(
            "The judge agrees with people at κ {0}; people agree with each other at κ {1} "
            "(α {2}, n = {3})."
        ).format(
            _number(judge.kappa.value),
            _number(ceiling.mean_kappa),
            _number(ceiling.alpha.value),
            f"{ceiling.rows:,}",
        )

    def alpha_text(self, ceiling: Ceiling | None) -> str:
        """Krippendorff's α across the reviewers, its interval, and what it compares."""
        if ceiling is None:
            return ""
        low, high = ceiling.interval
        names = ", ".join(self.name(r) for r in ceiling.raters)
        if ceiling.alpha.value is None:
            figure = self.tr("– (too few rows with two verdicts)")
        elif low is None or high is None:
            figure = self.tr("{0} (n = {1}, too few rows for an interval)").format(
                _number(ceiling.alpha.value), f"{ceiling.rows:,}"
            )
        else:
            figure = self.tr("{0} (95% interval {1}–{2}, n = {3})").format(
                _number(ceiling.alpha.value), _number(low), _number(high), f"{ceiling.rows:,}"
            )
        return self.tr("Krippendorff's α across {0}: {1}. {2}").format(
            names, figure, self.level(ceiling.level)
        )

    def level(self, level: str) -> str:
        """What α's level of measurement means for these verdicts."""
        return {
            "nominal": self.tr(
                "Verdicts are compared as names: any two different verdicts disagree as much."
            ),
            "ordinal": self.tr(
                "Verdicts are compared by their order: verdicts further apart disagree more."
            ),
            "interval": self.tr(
                "Verdicts are compared as numbers: scores further apart disagree more."
            ),
            "ratio": self.tr(
                "Verdicts are compared as numbers measured from zero: scores further apart "
                "disagree more."
            ),
        }.get(level, level)

    def consensus_text(self, people: PeopleFigures) -> str:
        """What "people's consensus" means for these verdicts."""
        if people.ceiling is None:
            return ""  # one person: their verdicts are the consensus
        if people.ceiling.level in ("interval", "ratio"):
            return self.tr("People's consensus: on each row, the mean of the scores people gave.")
        return self.tr(
            "People's consensus: on each row, the verdict most people gave (rows where "
            "they are split evenly are left out)."
        )

    def name(self, reviewer: str) -> str:
        """A reviewer's name; this person's own reviews, when they gave no name, as "you"."""
        return self.tr("you") if reviewer == ME else reviewer

    def rows(self, people: PeopleFigures) -> list[PeopleRow]:
        """Each pair of reviewers, the judge against each, and against their consensus."""
        rows: list[PeopleRow] = []
        pairs = people.ceiling.pairs if people.ceiling is not None else ()
        for pair in pairs:
            who = self.tr("{0} – {1}").format(self.name(pair.first), self.name(pair.second))
            rows.append(PeopleRow(who, pair))
        for pair in people.judge_vs:
            rows.append(PeopleRow(self.tr("Judge – {0}").format(self.name(pair.second)), pair))
        if people.judge_vs_consensus is not None:
            consensus = people.judge_vs_consensus
            rows.append(PeopleRow(self.tr("Judge – people's consensus"), consensus))
        return rows

    def summary_text(self) -> str:
        """The section as plain text for Copy Summary ("" when it is hidden)."""
        if self.people is None:
            return ""
        lines = [self.title.text(), f"  {self.sentence.text()}"]
        if self.people.ceiling is not None:
            lines.append(f"  {self.alpha.text()}")
        headers = [
            str(self.model.headerData(c, Qt.Orientation.Horizontal))
            for c in range(self.model.columnCount())
        ]
        for cells in self.model.cells():
            lines.append(
                f"  {cells[0]}: "
                + ", ".join(f"{h} {c}" for h, c in zip(headers[1:], cells[1:], strict=True))
            )
        if self.people.ceiling is not None:
            lines.append(f"  {self.caption.text()}")
        return "\n".join(lines) + "\n"
