"""Table models of a calibration: the candidates side by side on the tuning part, and the
selected candidate's confusion matrix and disagreements with people."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QFont

from judgedesk.core.report import Calibration, JudgeCalibration, JudgeOutcome, PartFigures
from judgedesk.core.review import CalibrationSplit, same_value
from judgedesk.ui.counts import rows_said
from judgedesk.ui.models.estimate_model import duration_text

Index = QModelIndex | QPersistentModelIndex
COLUMNS = (
    "judge",
    "n",
    "agreement",
    "kappa",
    "interval",
    "weighted",
    "spearman",
    "rates",
    "unread",
    "calls",
    "tokens",
    "cost",
    "time",
    "test",
)
"""The test column stays empty until a candidate is chosen."""


def figure_text(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f}"


def interval_text(interval: tuple[float | None, float | None]) -> str:
    low, high = interval
    return "—" if low is None or high is None else f"{low:.2f}–{high:.2f}"


def rates_text(figures: PartFigures) -> str:
    """TPR/TNR for correct/incorrect verdicts, else each label's recall."""
    recall = figures.recall
    if figures.figures.kind == "boolean":
        return QCoreApplication.translate("CalibrationModel", "TPR {0} · TNR {1}").format(
            figure_text(recall.get("true")), figure_text(recall.get("false"))
        )
    return " · ".join(f"{_label(label)} {figure_text(value)}" for label, value in recall.items())


def held_back_text(figures: PartFigures) -> str:
    """A candidate's test figure in a few words: κ and its interval over n rows."""
    return QCoreApplication.translate("CalibrationModel", "κ {0} ({1}), {2}").format(
        figure_text(figures.kappa), interval_text(figures.kappa_interval), rows_said(figures.n)
    )


class CalibrationTableModel(QAbstractTableModel):
    """One row per candidate, its figures on the tuning part; the proposed candidate in
    bold and marked; the test column empty until one is chosen, then the chosen one's test
    figure, and the others' once asked for, marked as seen after the choice."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.result: Calibration | None = None
        self.chosen: str | None = None
        self.show_others = False

    def show(self, result: Calibration | None) -> None:
        self.beginResetModel()
        self.result = result
        self.chosen = None
        self.show_others = False
        self.endResetModel()

    def choose(self, name: str | None) -> None:
        self.chosen = name
        self._test_changed()

    def reveal_others(self, shown: bool) -> None:
        self.show_others = shown
        self._test_changed()

    def _test_changed(self) -> None:
        if self.rowCount():
            column = COLUMNS.index("test")
            self.dataChanged.emit(self.index(0, column), self.index(self.rowCount() - 1, column))
            self.dataChanged.emit(self.index(0, 0), self.index(self.rowCount() - 1, 0))

    def judge(self, row: int) -> JudgeCalibration | None:
        judges = self.result.judges if self.result is not None else ()
        return judges[row] if 0 <= row < len(judges) else None

    def row_of(self, name: str) -> int:
        judges = self.result.judges if self.result is not None else ()
        return next((i for i, j in enumerate(judges) if j.name == name), -1)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        if parent.isValid() or self.result is None:
            return 0
        return len(self.result.judges)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(COLUMNS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return {
                "judge": QCoreApplication.translate("CalibrationModel", "Judge"),
                "n": QCoreApplication.translate("CalibrationModel", "Rows"),
                "agreement": QCoreApplication.translate("CalibrationModel", "Agreement"),
                "kappa": QCoreApplication.translate("CalibrationModel", "κ"),
                "interval": QCoreApplication.translate("CalibrationModel", "κ 95% interval"),
                "weighted": QCoreApplication.translate("CalibrationModel", "Weighted κ"),
                "spearman": QCoreApplication.translate("CalibrationModel", "Spearman"),
                "rates": QCoreApplication.translate("CalibrationModel", "Found what people found"),
                "unread": QCoreApplication.translate("CalibrationModel", "Unread"),
                "calls": QCoreApplication.translate("CalibrationModel", "Calls"),
                "tokens": QCoreApplication.translate("CalibrationModel", "Tokens"),
                "cost": QCoreApplication.translate("CalibrationModel", "Cost"),
                "time": QCoreApplication.translate("CalibrationModel", "Time"),
                "test": QCoreApplication.translate("CalibrationModel", "Test part"),
            }[COLUMNS[section]]
        if role == Qt.ItemDataRole.ToolTipRole and COLUMNS[section] == "test":
            return QCoreApplication.translate(
                "CalibrationModel",
                "Hidden until you choose a candidate, so that the choice cannot use it.",
            )
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        judge = self.judge(index.row()) if index.isValid() else None
        if judge is None or self.result is None:
            return None
        column = COLUMNS[index.column()]
        proposed = judge.name == self.result.chosen
        if role == Qt.ItemDataRole.FontRole and proposed:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ToolTipRole and column == "judge":
            if judge.problem:
                return judge.problem
            if proposed:
                return QCoreApplication.translate(
                    "CalibrationModel",
                    "Proposed: the best agreement with people on the tuning part.",
                )
            return None
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        return self._text(judge, column, proposed)

    def _text(self, judge: JudgeCalibration, column: str, proposed: bool) -> str:
        tuning, usage = judge.tuning, judge.usage
        if column == "judge":
            marks = (
                ["★ " + QCoreApplication.translate("CalibrationModel", "proposed")]
                if proposed
                else []
            )
            if judge.name == self.chosen:
                marks.append(QCoreApplication.translate("CalibrationModel", "chosen"))
            return f"{judge.name} ({', '.join(marks)})" if marks else judge.name
        if column == "test":
            if self.chosen is None:
                return QCoreApplication.translate("CalibrationModel", "hidden until you choose")
            if judge.name == self.chosen:
                return held_back_text(judge.test)
            if self.show_others:
                return QCoreApplication.translate(
                    "CalibrationModel", "{0} — seen after the choice"
                ).format(held_back_text(judge.test))
            return "…"
        texts = {
            "n": str(tuning.n),
            "agreement": figure_text(tuning.agreement),
            "kappa": figure_text(tuning.kappa),
            "interval": interval_text(tuning.kappa_interval),
            "weighted": figure_text(tuning.weighted_kappa),
            "spearman": figure_text(tuning.figures.spearman.value),
            "unread": str(tuning.unread + tuning.failed),
            "calls": QCoreApplication.translate("CalibrationModel", "{0} ({1} stored)").format(
                usage.calls, usage.cached
            ),
            "tokens": str(usage.prompt_tokens + usage.completion_tokens),
            "cost": "—" if usage.cost is None else f"{usage.cost:.4f}",
            "time": "—" if usage.seconds is None else duration_text(usage.seconds),
        }
        if column == "rates":
            return "" if judge.problem else rates_text(tuning)
        return texts[column]


class ConfusionModel(QAbstractTableModel):
    """A confusion matrix: people's verdicts down, the judge's across."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.labels: list[str] = []
        self.counts: list[list[int]] = []

    def show(self, figures: PartFigures | None) -> None:
        self.beginResetModel()
        confusion = figures.figures.confusion if figures is not None else None
        self.labels = [_label(v) for v in confusion.labels] if confusion is not None else []
        self.counts = [list(r) for r in confusion.counts] if confusion is not None else []
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.labels)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.labels)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role != Qt.ItemDataRole.DisplayRole or not 0 <= section < len(self.labels):
            return None
        if orientation == Qt.Orientation.Horizontal:
            return QCoreApplication.translate("CalibrationModel", "judge: {0}").format(
                self.labels[section]
            )
        return QCoreApplication.translate("CalibrationModel", "people: {0}").format(
            self.labels[section]
        )

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or role != Qt.ItemDataRole.DisplayRole:
            return None
        return str(self.counts[index.row()][index.column()])


def _label(value: Any) -> str:
    """A verdict in a few characters: a whole score without ".0"."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, str):
        try:
            number = float(value)
        except ValueError:
            return value
        return str(int(number)) if number.is_integer() else value
    if isinstance(value, bool):
        return (
            QCoreApplication.translate("CalibrationModel", "correct")
            if value
            else QCoreApplication.translate("CalibrationModel", "incorrect")
        )
    return str(value)


class DisagreementsModel(QAbstractTableModel):
    """The tuning rows where a candidate's verdict differs from people's: the row's id,
    the people's verdict and note, the judge's verdict; each row leads to the dataset row."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.rows: list[tuple[int, str, str, str, str]] = []

    def show(
        self, split: CalibrationSplit | None, outcome: JudgeOutcome | None, rows: Sequence[int]
    ) -> None:
        self.beginResetModel()
        self.rows = []
        if split is not None and outcome is not None:
            for index in rows:
                labelled = split.rows[index]
                said = outcome.verdicts.get(index)
                if said is None or same_value(said, labelled.verdict):
                    continue
                people = labelled.label or _label(labelled.verdict)
                self.rows.append((index, labelled.row_id, people, _label(said), labelled.note))
        self.endResetModel()

    def row_index(self, row: int) -> int | None:
        """The dataset row of a table row."""
        return self.rows[row][0] if 0 <= row < len(self.rows) else None

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 4

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        names = (
            QCoreApplication.translate("CalibrationModel", "Row"),
            QCoreApplication.translate("CalibrationModel", "People"),
            QCoreApplication.translate("CalibrationModel", "Judge"),
            QCoreApplication.translate("CalibrationModel", "People's note"),
        )
        return names[section] if 0 <= section < len(names) else None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or role not in (
            Qt.ItemDataRole.DisplayRole,
            Qt.ItemDataRole.ToolTipRole,
        ):
            return None
        return self.rows[index.row()][index.column() + 1]
