"""Keeps the facts of where a project stands, from events, and says when its states change."""

from __future__ import annotations

import asyncio
import copy
import dataclasses
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from judgedesk.core.dataset import Dataset
from judgedesk.core.errors import ProjectError
from judgedesk.core.project import (
    Facts,
    NextStep,
    Project,
    Spot,
    StageState,
    Workspace,
    check_project,
    next_step,
    project_facts,
    stage_states,
)
from judgedesk.core.report import Report
from judgedesk.core.review import ReviewExamples, ReviewFigures, Standing, read_standing
from judgedesk.core.run import Progress, RunEstimate, Selection, estimate_run
from judgedesk.core.template import PromptPreview
from judgedesk.ui.tasks import TaskRunner

SHOW_DELAY_MS = 250
"""The states are shown again at most this often: a run's progress comes many times a
second, and the sidebar need not follow each."""

LOOK_DELAY_MS = 400
"""Quiet time after a change of settings before the project is checked again."""


def _look(project: Project) -> Facts:
    """Check a project's settings and files (blocking: a worker thread's)."""
    problems = check_project(project)
    scripts = []
    for kind in ("preprocess", "postprocess"):
        try:
            if project.script_path(kind).is_file():
                scripts.append(kind)
        except ProjectError:  # a script outside the folder is not used: not "on"
            continue
    return project_facts(project, problems, tuple(scripts))


class StageWatcher(QObject):
    """Gathers the facts of the open project from the workspace's and the panes' events.

    Reading files happens in worker threads, after a quiet time; the states are worked
    out from the facts and announced at most every :data:`SHOW_DELAY_MS`.

    Signals:
        sig_changed: the stages' states (a tuple of :class:`StageState`) and the next
            step (a :class:`NextStep` or None).
    """

    sig_changed = Signal(object, object)

    def __init__(self, workspace: Workspace, tasks: TaskRunner, parent: QObject) -> None:
        super().__init__(parent)
        self.workspace = workspace
        self.tasks = tasks
        self.reviewer = ""
        self.facts = Facts()
        self.states: tuple[StageState, ...] = stage_states(self.facts)
        self.step: NextStep | None = next_step(self.facts)
        self._unreachable: tuple[Spot, ...] = ()  # judges whose server did not answer
        self._judge_settings: tuple[Spot, ...] = ()  # judges whose settings are wrong
        self._saved_template: tuple[Spot, ...] = ()  # problems of the templates' files
        self._live_template: dict[str, tuple[Spot, ...]] = {}  # as typed, by judge
        # Fields the rows lack, by judge: only a render against a row finds them, so the
        # saved file's check cannot, and they outlive a look until the next preview.
        self._unknown_fields: dict[str, tuple[Spot, ...]] = {}
        self._show_timer = QTimer(self, singleShot=True, interval=SHOW_DELAY_MS)
        self._show_timer.timeout.connect(self._show)
        self._look_timer = QTimer(self, singleShot=True, interval=LOOK_DELAY_MS)
        self._look_timer.timeout.connect(self.look)
        self._standing_timer = QTimer(self, singleShot=True, interval=LOOK_DELAY_MS)
        self._standing_timer.timeout.connect(self.read_standing)
        workspace.sig_project_opened.connect(lambda _: self._project_opened())
        workspace.sig_dataset_loaded.connect(self._dataset_loaded)
        workspace.sig_calibration_changed.connect(lambda _: self._standing_timer.start())
        workspace.sig_dataset_completed.connect(self._dataset_loaded)
        for signal in (
            workspace.sig_judges_changed,
            workspace.sig_variables_changed,
            workspace.sig_run_settings_changed,
            workspace.sig_answering_models_changed,
        ):
            signal.connect(lambda _: self.settings_changed())
        workspace.sig_results_changed.connect(lambda _: self.results_changed())

    # --- what comes in ----------------------------------------------------------------

    def _project_opened(self) -> None:
        self._unreachable = self._judge_settings = self._saved_template = ()
        self._live_template = {}
        self._unknown_fields = {}
        self.facts = Facts(project=True)
        self._schedule_show()
        self.look()
        self._standing_timer.start()

    def _dataset_loaded(self, dataset: Dataset) -> None:
        rows = len(dataset) if dataset.complete else None
        unreadable = sum(1 for issue in dataset.issues if issue.severity == "error")
        self._update(rows=rows, unreadable=unreadable if rows is not None else 0)
        if rows is not None:
            self._standing_timer.start()

    def settings_changed(self) -> None:
        """The project's settings or files changed: check it again after a quiet time."""
        self._look_timer.start()

    def results_changed(self) -> None:
        """Results were stored: count them again, unless a run is still storing them."""
        if self.facts.running is None:
            self._standing_timer.start()

    def run_progress(self, progress: Progress | None) -> None:
        """A run's progress, while it goes."""
        if progress is not None and progress.total:
            self._update(running=min(1.0, progress.done / progress.total))

    def run_finished(self, ran: bool) -> None:
        """A run ended (``ran``) or did not start: count the results at once, for the
        moment people look is the run's end."""
        stale = (ran and self.facts.exported) or self.facts.changed_since_export
        self._update(running=None, changed_since_export=stale)
        self.read_standing()

    def judges_checked(self, problems: list[tuple[str, str]]) -> None:
        """The judges' servers were asked: (judge, problem) for each that cannot be used."""
        self._unreachable = tuple(Spot(text, name, None, True) for name, text in problems)
        self._update(judge_problems=self._judge_settings + self._unreachable)

    def connection_tested(self, name: str, problem: str) -> None:
        """Test connection asked a judge's server: ``problem`` is "" when it answered."""
        kept = tuple(s for s in self._unreachable if s.judge != name)
        if problem:
            kept += (Spot(problem, name, None, True),)
        self._unreachable = kept
        self._update(judge_problems=self._judge_settings + self._unreachable)

    def preview_shown(self, preview: PromptPreview) -> None:
        """The Template pane rendered a judge's template as it is typed."""
        name, project = preview.prompt.judge, self.workspace.project
        used = project is not None and any(j.enabled and j.name == name for j in project.judges)
        # A judge switched off stops no run: its template's problems are the pane's alone.
        self._live_template[name] = tuple(
            Spot(str(issue), name, issue.line)
            for issue in preview.prompt.issues
            if issue.severity == "error" and used
        )
        # A misspelt field prints as nothing: only a warning in the preview, but a run
        # would ask the judge a prompt with a hole in it.
        self._unknown_fields[name] = tuple(
            Spot(str(issue), name, issue.line)
            for issue in preview.prompt.issues
            if issue.kind == "undefined" and used
        )
        others = tuple(s for s in self._saved_template if s.judge != name)
        live = self._live_template[name] + self._unknown_fields[name]
        self._update(template_problems=others + live + self._other_unknown(name))

    def _other_unknown(self, name: str) -> tuple[Spot, ...]:
        """The unknown fields last seen in the templates of judges other than ``name``."""
        project = self.workspace.project
        used = {j.name for j in project.judges if j.enabled} if project is not None else set()
        return tuple(
            s
            for judge, found in self._unknown_fields.items()
            if judge != name and judge in used
            for s in found
        )

    def review_figures(self, figures: ReviewFigures) -> None:
        """The Review pane's figures (fresher than a count of the file)."""
        p = figures.progress
        self._update(review_total=p.total, reviewed=p.reviewed, disagreements=p.disagreed)

    def report_shown(self, report: Report | None) -> None:
        """The Report pane's report: a corrected figure still wider than planned makes
        reviewing more of the random sample the next step."""
        correction = report.correction if report is not None else None
        widest = correction.widest() if correction is not None else None
        if widest is None:
            self._update(sample_more=0)
            return
        assert correction is not None
        self._update(
            sample_more=widest.more_for_target or 0,
            sample_left=max(0, len(correction.sample) - correction.reviewed),
            sample_width=widest.target,
            sample_rate=widest.rate,
        )

    def reviews_changed(self) -> None:
        """A person changed a review (or undid one): an export before it is out of date."""
        if self.facts.exported:
            self._update(changed_since_export=True)

    def exported(self) -> None:
        """A report was exported."""
        self._update(exported=True, changed_since_export=False)

    def calibrated(self) -> None:
        """The judges were calibrated: the next step is no longer to calibrate them."""
        self._update(calibrated=True)

    # --- reading, in worker threads ---------------------------------------------------

    def look(self) -> None:
        """Check the project's settings and files in a worker thread."""
        project = self.workspace.project
        if project is None:
            return
        self.tasks.start(
            "stages-look", asyncio.to_thread(_look, copy.deepcopy(project)), on_done=self._looked
        )

    def _looked(self, facts: Facts) -> None:
        self._saved_template = facts.template_problems
        self._live_template = {}
        self._judge_settings = facts.judge_problems
        self._update(
            project=True,
            dataset_set=facts.dataset_set,
            dataset_found=facts.dataset_found,
            templates=facts.templates,
            template_problems=facts.template_problems + self._other_unknown(""),
            scripts=facts.scripts,
            judges=facts.judges,
            judges_total=facts.judges_total,
            judge_problems=facts.judge_problems + self._unreachable,
            run_problems=facts.run_problems,
        )
        self._standing_timer.start()

    def read_standing(self) -> None:
        """Count the results and reviews in a worker thread."""
        project, dataset = self.workspace.project, self.workspace.dataset
        if project is None or self.facts.running is not None:
            return
        handle = dataset.with_mapping(dataset.mapping) if dataset is not None else None
        self.tasks.start(
            "stages-standing",
            _standing(copy.deepcopy(project), handle, self.reviewer),
            on_done=self._stood,
        )

    def _stood(self, standing: Standing) -> None:
        p = standing.progress
        changed = standing.results != self.facts.results or standing.failed != self.facts.failed
        self._update(
            results=standing.results,
            failed=standing.failed,
            unparsed=standing.unparsed,
            script_failures=standing.script_failures,
            review_total=p.total,
            reviewed=p.reviewed,
            disagreements=p.disagreed,
            calibration_test=standing.calibration_test,
            calibration_more=standing.calibration_more,
            calibration_goal_more=standing.calibration_goal_more,
            calibration_goal=standing.calibration_goal,
            changed_since_export=self.facts.changed_since_export
            or (changed and self.facts.exported),
        )
        self._estimate()

    def _estimate(self) -> None:
        project, dataset = self.workspace.project, self.workspace.dataset
        if project is None or dataset is None or not dataset.complete or not self.facts.to_run:
            return
        self.tasks.start(
            "stages-estimate",
            asyncio.to_thread(
                estimate_run,
                copy.deepcopy(project),
                dataset,
                Selection(),
                examples=ReviewExamples(),
            ),
            on_done=self._estimated,
        )

    def _estimated(self, estimate: RunEstimate) -> None:
        self._update(
            estimate_seconds=estimate.seconds,
            estimate_cost=estimate.cost,
            estimate_ceiling=estimate.ceiling,
        )

    # --- what goes out ----------------------------------------------------------------

    def _update(self, **changes: Any) -> None:
        self.facts = dataclasses.replace(self.facts, **changes)
        self._schedule_show()

    def _schedule_show(self) -> None:
        if not self._show_timer.isActive():
            self._show_timer.start()

    def _show(self) -> None:
        states, step = stage_states(self.facts), next_step(self.facts)
        if states == self.states and step == self.step:
            return
        self.states, self.step = states, step
        self.sig_changed.emit(states, step)


async def _standing(project: Project, dataset: Dataset | None, reviewer: str) -> Standing:
    try:
        return await asyncio.to_thread(read_standing, project, dataset, reviewer)
    finally:
        if dataset is not None:
            dataset.close()
