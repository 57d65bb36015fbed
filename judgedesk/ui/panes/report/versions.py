"""Table models of the Report pane's agreement history: each version of a judge against
people, and the rows whose verdict moved between two versions."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont

from judgedesk.core.report import RowMove, VersionFigures, best_versions
from judgedesk.core.review import ReviewScale
from judgedesk.ui.models.queue_table import ListedTableModel
from judgedesk.ui.panes.report.terms import ReportTerms

Index = QModelIndex | QPersistentModelIndex
RATE_COLUMNS = (6, 7)
"""The columns of the true-positive and true-negative rates (two-valued verdicts only)."""


class HistoryTableModel(ListedTableModel):
    """Each version of each judge, newest first: its hash, when it was first used, rows
    compared with people, exact agreement, κ, the two rates, and which agrees best."""

    def __init__(self, terms: ReportTerms, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.terms = terms
        self._rows: list[VersionFigures] = []
        self._best: set[tuple[str, str]] = set()
        self._headers = [
            self.tr("Judge"),
            self.tr("Version"),
            self.tr("First used"),
            self.tr("Rows compared"),
            self.tr("Accuracy"),
            self.tr("Cohen's κ"),
            self.tr("True-positive rate"),
            self.tr("True-negative rate"),
            self.tr("Agrees best"),
        ]
        self._tips = [
            "",
            self.tr(
                "A short hash of the judge's template, system prompt, verdict reading, "
                "model and parameters: a new hash is a new version"
            ),
            self.tr("When the first run with this version started, and which run it was"),
            self.tr("Rows both this version and people gave a verdict for"),
            self.tr("Share of those rows where this version gave the people's verdict"),
            self.tr("Agreement beyond chance: 1 is perfect, 0 no better than chance"),
            self.tr("Of the rows people called correct, the share this version called correct"),
            self.tr("Of the rows people called incorrect, the share this version called incorrect"),
            self.tr("The version of each judge that agrees best with people (highest κ)"),
        ]

    def set_history(self, history: Sequence[VersionFigures]) -> None:
        """Show ``history`` (oldest first for each judge, as the core gives it)."""
        self.beginResetModel()
        self._rows = list(reversed(history))
        self._best = best_versions(history)
        self.endResetModel()

    def has_rates(self) -> bool:
        """Whether any version has a true-positive or true-negative rate."""
        return any(
            v.true_positive_rate is not None or v.true_negative_rate is not None for v in self._rows
        )

    def is_best(self, row: int) -> bool:
        version = self._rows[row]
        return (version.judge, version.version) in self._best

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return self.cells_of(index.row())[index.column()]
        if role == Qt.ItemDataRole.FontRole and self.is_best(index.row()):
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole and 3 <= index.column() <= 7:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def cells_of(self, row: int) -> list[str]:
        v, terms = self._rows[row], self.terms
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(v.first_used or 0))
        first = v.runs[0] if v.runs else "–"
        return [
            v.judge,
            v.version,
            self.tr("{0} · run {1}").format(when, first) if v.first_used else "–",
            f"{v.n:,}",
            terms.percent(v.exact.value),
            terms.number(v.kappa.value),
            terms.percent(v.true_positive_rate),
            terms.percent(v.true_negative_rate),
            self.tr("★ best") if self.is_best(row) else "",
        ]

    def cells(self) -> list[list[str]]:
        """The table's text, row by row."""
        return [self.cells_of(row) for row in range(len(self._rows))]


class MovedRowsModel(QAbstractTableModel):
    """The rows whose verdict moved between two versions: row, id, which way, the two
    verdicts and the people's."""

    def __init__(self, terms: ReportTerms, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.terms = terms
        self.scale = ReviewScale("score")
        self._rows: list[RowMove] = []
        self._cells: dict[int, list[str]] = {}  # each row's text, made when first asked
        self._headers = ["", "", "", "", "", ""]

    def set_rows(
        self, moves: Sequence[RowMove], scale: ReviewScale, before: str, after: str
    ) -> None:
        self.beginResetModel()
        self._rows = list(moves)
        self._cells = {}
        self.scale = scale
        self._headers = [
            self.tr("Row"),
            self.tr("ID"),
            self.tr("Moved"),
            before,
            after,
            self.tr("People"),
        ]
        self.endResetModel()

    def dataset_row(self, row: int) -> int | None:
        """The dataset row index of table row ``row``."""
        return self._rows[row].row_index if 0 <= row < len(self._rows) else None

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._headers)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role != Qt.ItemDataRole.DisplayRole or orientation != Qt.Orientation.Horizontal:
            return None
        return self._headers[section] if 0 <= section < len(self._headers) else None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        if role in (
            Qt.ItemDataRole.DisplayRole,
            Qt.ItemDataRole.AccessibleTextRole,
            Qt.ItemDataRole.ToolTipRole,
        ):
            row = index.row()
            cells = self._cells.get(row)
            if cells is None:
                cells = self._cells[row] = self.cells_of(self._rows[row])
            return cells[index.column()]
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() == 0:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def cells_of(self, move: RowMove) -> list[str]:
        way = self.tr("▲ toward people") if move.toward else self.tr("▼ away from people")
        return [
            str(move.row_index),
            move.row_id,
            way,
            self.verdict(move.before),
            self.verdict(move.after),
            self.verdict(move.person),
        ]

    def verdict(self, value: Any) -> str:
        if isinstance(value, float) and not value.is_integer():
            return f"{value:.2f}"  # the mean of people's scores
        return self.terms.verdict(value, self.scale)

    def cells(self) -> list[list[str]]:
        """The table's text, row by row."""
        return [self.cells_of(move) for move in self._rows]
