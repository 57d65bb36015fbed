"""The Calibrate window's results: the candidates side by side on the tuning part with the
people's ceiling beside them, the proposed one marked, choosing one (which shows its test
figure), the selected one's confusion matrix and disagreements, and adopting it."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QItemSelection, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.report import Calibration, CalibrationPlan, JudgeCalibration, JudgeOutcome
from judgedesk.ui.counts import rows_said
from judgedesk.ui.models.calibration_model import (
    CalibrationTableModel,
    ConfusionModel,
    DisagreementsModel,
    figure_text,
)


def _table(parent: QWidget, name: str, model: object) -> QTableView:
    view = QTableView(parent)
    view.setObjectName(name)
    view.setModel(model)  # type: ignore[arg-type]
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    view.verticalHeader().hide()
    return view


def _label(parent: QWidget, name: str) -> QLabel:
    label = QLabel(parent)
    label.setObjectName(name)
    label.setWordWrap(True)
    return label


class CalibrationResults(QWidget):
    """What a calibration found, and the choice and adoption it leads to.

    The test figures stay hidden until a candidate is chosen: the choice is made on the
    tuning part only, so the chosen one's test figure is an honest one.

    Tools acting on the selected candidate (a revision of its template, proposed and
    measured as another candidate) go in :attr:`candidate_tools`.

    Signals:
        sig_chosen: the name of the candidate chosen.
        sig_adopt_requested: the name of the candidate to adopt.
        sig_row_chosen: the dataset row of a disagreement the person selected.
        sig_revision_requested: the name of the candidate whose template a model should
            revise from its tuning disagreements.
    """

    sig_chosen = Signal(str)
    sig_adopt_requested = Signal(str)
    sig_row_chosen = Signal(int)
    sig_revision_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("calibrationResults")
        self.result: Calibration | None = None
        self.outcomes: Mapping[str, JudgeOutcome] = {}
        self.chosen: str | None = None
        self.caption = _label(self, "calibrateCaption")
        self.model = CalibrationTableModel(self)
        self.table = _table(self, "calibrateTable", self.model)
        self.table.setAccessibleName(self.tr("The candidates against people"))
        self.table.selectionModel().selectionChanged.connect(self._selected)
        self.ceiling = _label(self, "calibrateCeiling")
        self.choose_button = QPushButton(self)
        self.choose_button.setObjectName("calibrateChoose")
        self.choose_button.clicked.connect(lambda _=False: self.choose())
        self.adopt_button = QPushButton(self.tr("&Adopt"), self)
        self.adopt_button.setObjectName("calibrateAdopt")
        self.adopt_button.setToolTip(
            self.tr(
                "Make the chosen candidate the project's judge: the other candidates are "
                "disabled, not deleted."
            )
        )
        self.adopt_button.clicked.connect(lambda _=False: self._adopt())
        self.others = QCheckBox(self.tr("Show the other candidates' test figures"), self)
        self.others.setObjectName("calibrateShowOthers")
        self.others.setToolTip(
            self.tr("Seen after the choice: they can no longer choose a judge honestly.")
        )
        self.others.toggled.connect(self.model.reveal_others)
        self.revise_button = QPushButton(self.tr("Suggest a &Revision…"), self)
        self.revise_button.setObjectName("calibrateRevise")
        self.revise_button.setToolTip(
            self.tr(
                "Have a model rewrite the selected candidate's template from its "
                "disagreements on the tuning part; the revision becomes another candidate."
            )
        )
        self.revise_button.setEnabled(False)
        self.revise_button.clicked.connect(self._ask_revision)
        self.candidate_tools = QHBoxLayout()
        self.candidate_tools.addWidget(self.choose_button)
        self.candidate_tools.addWidget(self.adopt_button)
        self.candidate_tools.addWidget(self.others)
        self.candidate_tools.addWidget(self.revise_button)
        self.candidate_tools.addStretch(1)
        self.test_figure = _label(self, "calibrateTestFigure")
        font = self.test_figure.font()
        font.setBold(True)
        self.test_figure.setFont(font)

        self.detail_caption = _label(self, "calibrateDetailCaption")
        self.confusion = ConfusionModel(self)
        self.confusion_table = _table(self, "calibrateConfusion", self.confusion)
        self.confusion_table.verticalHeader().show()
        self.confusion_table.setAccessibleName(self.tr("Confusion matrix"))
        self.disagreements = DisagreementsModel(self)
        self.disagreement_table = _table(self, "calibrateDisagreements", self.disagreements)
        self.disagreement_table.setAccessibleName(self.tr("Rows where the judge differs"))
        self.disagreement_table.setToolTip(self.tr("Click a row to show it in the row inspector."))
        self.disagreement_table.clicked.connect(self._row_clicked)
        self.disagreement_table.activated.connect(self._row_clicked)
        details = QSplitter(self)
        details.addWidget(self.confusion_table)
        details.addWidget(self.disagreement_table)
        details.setStretchFactor(1, 2)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.caption)
        layout.addWidget(self.table, 2)
        layout.addWidget(self.ceiling)
        layout.addLayout(self.candidate_tools)
        layout.addWidget(self.test_figure)
        layout.addWidget(self.detail_caption)
        layout.addWidget(details, 2)
        self.show_result(None, None, {})

    def show_result(
        self,
        result: Calibration | None,
        plan: CalibrationPlan | None,
        outcomes: Mapping[str, JudgeOutcome],
    ) -> None:
        """Show a calibration (None: none yet); the proposed candidate is selected."""
        self.result, self.outcomes, self.chosen = result, outcomes, None
        self.model.show(result)
        self.others.setChecked(False)
        self.others.setEnabled(False)
        self.test_figure.setText(self.tr("Test part: hidden until you choose a candidate."))
        self.adopt_button.setEnabled(False)
        self.setVisible(result is not None)
        if result is None:
            return
        split = result.split
        self.caption.setText(
            self.tr(
                "On the tuning part ({0}): the part the choice is made on. The proposed "
                "candidate, in bold, agrees best with people there."
            ).format(rows_said(len(split.tuning)))
        )
        self.ceiling.setText(self._ceiling_text(plan))
        if result.chosen is None:
            self.test_figure.setText(
                self.tr("No candidate can be proposed: none has a κ on the tuning rows.")
            )
        row = self.model.row_of(result.chosen) if result.chosen is not None else 0
        self.table.selectRow(max(row, 0))
        self._update_choose()

    def _ceiling_text(self, plan: CalibrationPlan | None) -> str:
        ceiling = plan.ceiling if plan is not None else None
        if ceiling is None:
            return self.tr(
                "People's ceiling: one reviewer per row, so how far people agree with each "
                "other is not known."
            )
        # A ceiling is measured between two reviewers at least, so "reviewers" stays plural.
        return self.tr(
            "People's ceiling: {0} reviewers agree with each other on {1} with "
            "Krippendorff's α {2} (mean κ {3}); no judge can be expected to do better."
        ).format(
            len(ceiling.raters),
            rows_said(ceiling.rows),
            figure_text(ceiling.alpha.value),
            figure_text(ceiling.mean_kappa),
        )

    def selected(self) -> JudgeCalibration | None:
        """The candidate selected in the table."""
        rows = self.table.selectionModel().selectedRows()
        return self.model.judge(rows[0].row()) if rows else None

    def _selected(self, *_: QItemSelection) -> None:
        judge = self.selected()
        result = self.result
        if judge is None or result is None:
            self.confusion.show(None)
            self.disagreements.show(None, None, ())
            self.detail_caption.clear()
            self._update_choose()
            return
        self.confusion.show(judge.tuning)
        self.disagreements.show(result.split, self.outcomes.get(judge.name), result.split.tuning)
        self.detail_caption.setText(
            self.tr(
                "“{0}” on the tuning part: its verdicts against people's, and the {1} "
                "where they differ (replies not read are left out)."
            ).format(judge.name, rows_said(self.disagreements.rowCount()))
        )
        self._update_choose()

    def _ask_revision(self) -> None:
        judge = self.selected()
        if judge is not None:
            self.sig_revision_requested.emit(judge.name)

    def _update_choose(self) -> None:
        judge = self.selected()
        can = self.chosen is None and judge is not None and not judge.problem
        self.choose_button.setEnabled(can)
        self.revise_button.setEnabled(judge is not None and not judge.problem)
        name = judge.name if judge is not None else ""
        self.choose_button.setText(self.tr("&Choose “{0}”").format(name))

    def choose(self, name: str | None = None) -> None:
        """Choose a candidate (the selected one unless named): its test figure is shown,
        and the others' can be shown, marked as seen after the choice."""
        judge = self.selected()
        if name is not None and self.result is not None:
            judge = next((j for j in self.result.judges if j.name == name), None)
        if judge is None or judge.problem or self.chosen is not None:
            return
        self.chosen = judge.name
        self.model.choose(judge.name)
        self.others.setEnabled(True)
        self.adopt_button.setEnabled(True)
        self.adopt_button.setText(self.tr("&Adopt “{0}”").format(judge.name))
        self.test_figure.setText(self.test_words(judge))
        self._update_choose()
        self.sig_chosen.emit(judge.name)

    def test_words(self, judge: JudgeCalibration) -> str:
        """The chosen candidate's test figure, as the project quotes it: Cohen's κ with
        its interval (and the weighted κ for scores)."""
        test = judge.test
        low, high = test.kappa_interval
        if test.kappa is None:
            text = self.tr(
                "Agreement with people on {0} held back: no κ can be computed "
                "(exact agreement {1})."
            ).format(rows_said(test.n), figure_text(test.agreement))
        elif low is None or high is None:
            text = self.tr("Agreement with people on {0} held back: κ {1}.")
            text = text.format(rows_said(test.n), figure_text(test.kappa))
        else:
            text = self.tr("Agreement with people on {0} held back: κ {1}, {2}–{3}.")
            text = text.format(
                rows_said(test.n), figure_text(test.kappa), figure_text(low), figure_text(high)
            )
        if test.figures.kind == "ordinal" and test.weighted_kappa is not None:
            text += " " + self.tr("Weighted κ {0}.").format(figure_text(test.weighted_kappa))
        return text

    def adopted(self, name: str) -> None:
        """Say that ``name`` was adopted; adopting again is not offered."""
        self.adopt_button.setEnabled(False)
        self.adopt_button.setText(self.tr("Adopted “{0}”").format(name))

    def _adopt(self) -> None:
        if self.chosen is not None:
            self.sig_adopt_requested.emit(self.chosen)

    def _row_clicked(self, index: object) -> None:
        row = self.disagreements.row_index(index.row())  # type: ignore[attr-defined]
        if row is not None:
            self.sig_row_chosen.emit(row)
