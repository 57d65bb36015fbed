"""Review › Calibrate Judges…: every enabled judge run on the rows people gave a verdict on,
compared with people on a tuning part, chosen there, measured on the test part, adopted."""

from __future__ import annotations

import copy
import functools
from collections.abc import Mapping

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.dataset import Dataset
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.project import Project, Workspace, key_uses
from judgedesk.core.report import (
    Calibration,
    CalibrationPlan,
    CandidateNews,
    CandidateRuns,
    JudgeOutcome,
    calibrate,
    plan_calibration,
)
from judgedesk.core.review import MIN_PART
from judgedesk.core.run import RunEstimate, Selection, estimate_run
from judgedesk.ui.approvals import KeyGate
from judgedesk.ui.counts import calls_said, candidates_said, rows_said
from judgedesk.ui.dialogs.calibrate_results import CalibrationResults
from judgedesk.ui.dialogs.revision import RevisionDialog
from judgedesk.ui.models.estimate_model import cost_and_time
from judgedesk.ui.tasks import TaskRunner

RUN_KEY = "calibration-run"
PLAN_DELAY_MS = 300


def _plan(project: Project, dataset: Dataset) -> CalibrationPlan | str:
    """The calibration's plan, or why there is none (in words)."""
    try:
        return plan_calibration(project, dataset)
    except JudgeDeskError as exc:
        return str(exc)


class CalibrateDialog(QDialog):
    """The Calibrate window: the split (its share and seed kept in the project), the
    estimate, a run of every candidate in the background (with Stop: replies received are
    kept), the candidates side by side, the choice, the test figure, Adopt, and the offer
    to judge every row again with the adopted judge.

    Signals:
        sig_planned: the :class:`CalibrationPlan` shown (None when there is none).
        sig_calibrated: the :class:`Calibration` shown once the candidates ran.
        sig_adopted: the name of the candidate adopted.
        sig_rejudge_requested: the person asks to judge every row again.
    """

    sig_planned = Signal(object)
    sig_calibrated = Signal(object)
    sig_adopted = Signal(str)
    sig_rejudge_requested = Signal()

    def __init__(self, workspace: Workspace, tasks: TaskRunner, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("calibrateDialog")
        self.setWindowTitle(self.tr("Calibrate Judges"))
        self.workspace = workspace
        self.tasks = tasks
        self.keys = KeyGate(tasks, self)
        self.plan: CalibrationPlan | None = None
        self.runs: CandidateRuns | None = None
        self.outcomes: dict[str, JudgeOutcome] = {}
        intro = QLabel(
            self.tr(
                "Every enabled judge is a candidate. Each one judges the rows people gave a "
                "verdict on; the candidate that agrees best with people on the tuning part "
                "is proposed, and the test part, held back until you choose, says what to "
                "expect from the one chosen."
            ),
            self,
        )
        intro.setWordWrap(True)
        self.share = QDoubleSpinBox(self)
        self.share.setObjectName("calibrateShare")
        self.share.setRange(0.1, 0.9)
        self.share.setSingleStep(0.05)
        self.share.setDecimals(2)
        self.share.setToolTip(self.tr("The share of the labelled rows in the tuning part"))
        self.seed = QSpinBox(self)
        self.seed.setObjectName("calibrateSeed")
        self.seed.setRange(0, 2_000_000_000)
        self.seed.setToolTip(self.tr("Another seed draws another split; the same seed keeps it"))
        form = QFormLayout()
        form.addRow(self.tr("&Tuning share"), self.share)
        form.addRow(self.tr("S&eed"), self.seed)
        self.split_text = self._label("calibrateSplit")
        self.estimate_text = self._label("calibrateEstimate")
        self.progress_text = self._label("calibrateProgress")
        self.run_button = QPushButton(self.tr("&Run Candidates"), self)
        self.run_button.setObjectName("calibrateRun")
        self.run_button.setToolTip(self.tr("Run every candidate on the labelled rows"))
        self.run_button.clicked.connect(lambda _=False: self.run())
        self.stop_button = QPushButton(self.tr("S&top"), self)
        self.stop_button.setObjectName("calibrateStop")
        self.stop_button.setToolTip(self.tr("Stop; replies received are kept"))
        self.stop_button.clicked.connect(lambda _=False: self.stop())
        controls = QHBoxLayout()
        controls.addLayout(form)
        controls.addStretch(1)
        controls.addWidget(self.stop_button)
        controls.addWidget(self.run_button)

        self.results = CalibrationResults(self)
        self.results.sig_adopt_requested.connect(self.adopt)
        self.results.sig_row_chosen.connect(workspace.select_row)
        self.results.sig_revision_requested.connect(self.suggest_revision)
        self.revision: RevisionDialog | None = None
        self.rejudge_text = self._label("calibrateRejudgeText")
        self.rejudge_button = QPushButton(self.tr("&Judge Every Row Again"), self)
        self.rejudge_button.setObjectName("calibrateRejudge")
        self.rejudge_button.clicked.connect(lambda _=False: self.sig_rejudge_requested.emit())
        rejudge = QHBoxLayout()
        rejudge.addWidget(self.rejudge_text, 1)
        rejudge.addWidget(self.rejudge_button)

        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(controls)
        layout.addWidget(self.split_text)
        layout.addWidget(self.estimate_text)
        layout.addWidget(self.progress_text)
        layout.addWidget(self.results, 1)
        layout.addLayout(rejudge)
        self._offer_rejudge(False)
        self.resize(980, 720)

        self._plan_timer = QTimer(self, singleShot=True, interval=PLAN_DELAY_MS)
        self._plan_timer.timeout.connect(self.refresh)
        self.share.valueChanged.connect(self._split_edited)
        self.seed.valueChanged.connect(self._split_edited)
        workspace.sig_calibration_changed.connect(lambda _: self._settings_changed())
        workspace.sig_project_opened.connect(lambda _: self._project_opened())
        workspace.sig_judges_changed.connect(lambda _: self._schedule_plan())
        workspace.sig_dataset_loaded.connect(lambda _: self._schedule_plan())
        self._settings_changed()
        self._update_buttons()

    def _label(self, name: str) -> QLabel:
        label = QLabel(self)
        label.setObjectName(name)
        label.setWordWrap(True)
        return label

    # --- the split and the plan ---------------------------------------------------------

    def _project_opened(self) -> None:
        # What was shown belongs to the project closed; its candidates stop (replies kept).
        self.stop()
        self.outcomes = {}
        self.results.show_result(None, None, {})
        self._offer_rejudge(False)
        self.progress_text.clear()
        self._settings_changed()

    def _settings_changed(self) -> None:
        project = self.workspace.project
        if project is not None:
            for box, value in ((self.share, project.calibration.share), (self.seed, None)):
                box.blockSignals(True)
                box.setValue(value if value is not None else project.calibration.seed)
                box.blockSignals(False)
        self._schedule_plan()

    def _split_edited(self) -> None:
        share, seed = round(self.share.value(), 4), self.seed.value()
        self.workspace.change_calibration(
            self.tr("Change the calibration split"), share=share, seed=seed
        )

    def _schedule_plan(self) -> None:
        if self.runs is None:
            self._plan_timer.start()

    def suggest_revision(self, judge: str) -> RevisionDialog:
        """Show Suggest a Revision for the candidate ``judge``; a revision added becomes a
        candidate here once the split is read again (it is measured by the next run)."""
        if self.revision is not None:
            self.revision.close()
        self.revision = RevisionDialog(self.workspace, self.tasks, judge, self)
        self.revision.sig_added.connect(lambda _: self.refresh())
        self.revision.show()
        return self.revision

    def refresh(self) -> None:
        """Read the split and estimate the candidates' runs, in a thread."""
        project, dataset = self.workspace.project, self.workspace.dataset
        if project is None or dataset is None:
            self._show_plan(self.tr("Open a project with a dataset to calibrate its judges."))
            return
        self.split_text.setText(self.tr("Reading the rows people gave a verdict on…"))
        self.tasks.run_in_thread(
            "calibration-plan", _plan, copy.deepcopy(project), dataset, on_done=self._show_plan
        )

    def _show_plan(self, plan: CalibrationPlan | str) -> None:
        if isinstance(plan, str):
            self.plan = None
            self.split_text.setText(plan)
            self.estimate_text.clear()
            self._update_buttons()
            self.sig_planned.emit(None)
            return
        self.plan = plan
        split = plan.split
        more = split.more_needed()
        if more:
            review = (
                self.tr("Review about 1 more row.")
                if more == 1
                else self.tr("Review about {0} more rows.").format(more)
            )
            self.split_text.setText(
                self.tr(
                    "Too few rows have a person's verdict to calibrate: {0} ({1} for tuning, "
                    "{2} for the test; each part needs {3}). {4}"
                ).format(len(split.rows), len(split.tuning), len(split.test), MIN_PART, review)
            )
            self.estimate_text.clear()
        else:
            # Both parts hold MIN_PART rows at least here, so "rows" stays plural.
            self.split_text.setText(
                self.tr(
                    "{0} rows people gave a verdict on: {1} in the tuning part, {2} in the test "
                    "part. Candidates: {3}."
                ).format(
                    len(split.rows), len(split.tuning), len(split.test), ", ".join(plan.candidates)
                )
            )
            self.estimate_text.setText(self._estimate_words(plan.estimate, len(plan.candidates)))
        self._update_buttons()
        self.sig_planned.emit(plan)

    def _estimate_words(self, estimate: RunEstimate | None, candidates: int) -> str:
        if estimate is None:
            return ""
        stored = sum(j.stored for j in estimate.judges)
        reused = (
            self.tr("1 reply stored is reused")
            if stored == 1
            else self.tr("{0} replies stored are reused").format(f"{stored:,}")
        )
        text = self.tr("Before running: {0} on {1}, about {2} ({3}), about {4} tokens").format(
            candidates_said(candidates),
            rows_said(estimate.rows),
            calls_said(estimate.requests),
            reused,
            f"{estimate.tokens:,}",
        )
        return text + cost_and_time(estimate) + "."

    # --- running the candidates ---------------------------------------------------------

    def run(self) -> None:
        """Run every candidate on the labelled rows in the background (keys asked first)."""
        project, plan = self.workspace.project, self.plan
        if project is None or plan is None or self.runs is not None or plan.split.more_needed():
            return
        self.keys.then(
            key_uses(project), self._launch, self.progress_text.setText, "calibrate-keys"
        )

    def _launch(self) -> None:
        project, plan = self.workspace.project, self.plan
        if project is None or plan is None or self.runs is not None:
            return
        self.outcomes = {}
        self.results.show_result(None, None, {})
        self._offer_rejudge(False)
        self.runs = CandidateRuns(project, plan)
        self.runs.start()
        self.progress_text.setText(self.tr("Starting…"))
        self.tasks.follow(RUN_KEY, self.runs, self._take, self._finished)
        self._update_buttons()

    def stop(self) -> None:
        """Stop the candidates; every reply received is kept."""
        if self.runs is not None:
            self.runs.stop()
            self.progress_text.setText(self.tr("Stopping; replies received are kept…"))
            self._update_buttons()

    def _take(self, news: CandidateNews) -> None:
        if not self._ours():
            return
        self.outcomes.update(news.outcomes)
        for run_id in news.run_ids:
            self.workspace.results_stored(run_id)
        plan = self.plan
        if news.candidate and plan is not None and news.progress is not None:
            progress = news.progress
            self.progress_text.setText(
                self.tr("Candidate {0} of {1}, “{2}”: {3} of {4}, {5}.").format(
                    news.position + 1,
                    len(plan.candidates),
                    news.candidate,
                    progress.done,
                    rows_said(progress.total),
                    calls_said(progress.calls),
                )
            )
        if news.error:
            self.progress_text.setText(news.error)

    def _ours(self) -> bool:
        """Whether the candidates running are the open project's."""
        runs, project = self.runs, self.workspace.project
        return runs is not None and project is not None and runs.project.root == project.root

    def _finished(self, news: CandidateNews) -> None:
        ours = self._ours()
        self.runs = None
        plan = self.plan
        if not ours:  # another project was opened meanwhile: nothing to show
            self._update_buttons()
            self._schedule_plan()
            return
        if not news.error:
            self.progress_text.setText(
                self.tr("Stopped: the figures cover the candidates that finished.")
                if news.stopped
                else self.tr("Every candidate ran.")
            )
        self._update_buttons()
        outcomes = dict(self.outcomes)
        if plan is None or not outcomes:
            return
        self.tasks.run_in_thread(
            "calibration-figures",
            functools.partial(calibrate, seed=plan.split.seed),
            plan.split,
            outcomes,
            on_done=lambda result: self._show_result(result, plan, outcomes),
        )

    def _show_result(
        self, result: Calibration, plan: CalibrationPlan, outcomes: Mapping[str, JudgeOutcome]
    ) -> None:
        self.results.show_result(result, plan, outcomes)
        self.sig_calibrated.emit(result)

    # --- adopting -----------------------------------------------------------------------

    def adopt(self, name: str) -> None:
        """Make ``name`` the project's judge (the other candidates disabled, as one step of
        undo), then offer to judge every row again with its estimate."""
        plan = self.plan
        if plan is None:
            return
        try:
            self.workspace.change_adopted_judge(
                name, plan.candidates, self.tr("Adopt the judge “{0}”").format(name)
            )
        except JudgeDeskError as exc:
            QMessageBox.warning(self, self.windowTitle(), str(exc))
            return
        self.results.adopted(name)
        self.progress_text.setText(
            self.tr(
                "“{0}” is now the project's judge; the other candidates are disabled, not "
                "deleted (Undo brings them back)."
            ).format(name)
        )
        self.sig_adopted.emit(name)
        project, dataset = self.workspace.project, self.workspace.dataset
        if project is None or dataset is None:
            return
        self.rejudge_text.setText(self.tr("Estimating a run of every row…"))
        self._offer_rejudge(True)
        self.tasks.run_in_thread(
            "calibration-rejudge-estimate",
            estimate_run,
            copy.deepcopy(project),
            dataset,
            Selection(),
            on_done=lambda estimate: self._show_rejudge(name, estimate),
        )

    def _show_rejudge(self, name: str, estimate: RunEstimate) -> None:
        text = self.tr("Judge every row again with “{0}”: {1}, about {2}, about {3} tokens").format(
            name, rows_said(estimate.rows), calls_said(estimate.requests), f"{estimate.tokens:,}"
        )
        self.rejudge_text.setText(text + cost_and_time(estimate) + ".")

    def _offer_rejudge(self, shown: bool) -> None:
        self.rejudge_text.setVisible(shown)
        self.rejudge_button.setVisible(shown)

    def _update_buttons(self) -> None:
        running = self.runs is not None
        ready = self.plan is not None and not self.plan.split.more_needed()
        self.run_button.setEnabled(ready and not running)
        self.stop_button.setEnabled(running)
        self.share.setEnabled(not running)
        self.seed.setEnabled(not running)
