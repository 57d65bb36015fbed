"""Wires the sidebar's states and the next-step bar to the panes: what each state comes from,
and what a click on a stage or on the next step does."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QObject
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QPlainTextEdit

from judgedesk.core.project import NextStep, Spot, StageState, Workspace
from judgedesk.ui.calibration_actions import CalibrationActions
from judgedesk.ui.next_step import NextStepBar
from judgedesk.ui.panes.judges.pane import JudgesPane
from judgedesk.ui.panes.report.pane import ReportPane
from judgedesk.ui.panes.review.pane import ReviewPane
from judgedesk.ui.panes.run.pane import RunPane
from judgedesk.ui.panes.scripts.pane import ScriptsPane
from judgedesk.ui.panes.template.pane import TemplatePane
from judgedesk.ui.project_actions import ProjectActions
from judgedesk.ui.settings import AppSettings
from judgedesk.ui.sidebar import PipelineSidebar
from judgedesk.ui.stage_watch import StageWatcher
from judgedesk.ui.tasks import TaskRunner


class GuidedWindow(Protocol):
    """What the guide uses of the main window."""

    workspace: Workspace
    tasks: TaskRunner
    settings: AppSettings
    files: ProjectActions
    template_pane: TemplatePane
    scripts_pane: ScriptsPane
    judges_pane: JudgesPane
    run_pane: RunPane
    review_pane: ReviewPane
    calibration: CalibrationActions
    report_pane: ReportPane


class PipelineGuide(QObject):
    """The sidebar and the next-step bar of a main window, kept up to date from events.

    Args:
        window: the main window, whose panes, files and settings are used.
        sidebar: the stages list (the window's navigation).
        bar: the next-step bar.
    """

    def __init__(
        self, window: GuidedWindow, sidebar: PipelineSidebar, bar: NextStepBar, parent: QObject
    ) -> None:
        super().__init__(parent)
        self.window = window
        self.sidebar = sidebar
        self.bar = bar
        self.watcher = StageWatcher(window.workspace, window.tasks, self)
        self.watcher.reviewer = window.settings.reviewer_name()
        w = self.watcher
        w.sig_changed.connect(self._show)
        window.template_pane.sig_preview_shown.connect(w.preview_shown)
        window.template_pane.sig_template_saved.connect(lambda _: w.settings_changed())
        window.scripts_pane.sig_script_saved.connect(lambda _: w.settings_changed())
        run = window.run_pane
        run.sig_status_changed.connect(
            lambda _: w.run_progress(run.last_progress()) if run.is_running() else None
        )
        run.sig_run_finished.connect(lambda summary: w.run_finished(summary is not None))
        run.check.sig_checked.connect(w.judges_checked)
        window.judges_pane.sig_connection_tested.connect(w.connection_tested)
        window.review_pane.sig_figures_shown.connect(w.review_figures)
        window.review_pane.sig_changed.connect(lambda _: self._reviewed())
        window.report_pane.sig_report_shown.connect(w.report_shown)
        window.files.sig_exported.connect(lambda _: w.exported())
        window.calibration.sig_calibrated.connect(lambda _: w.calibrated())
        sidebar.sig_problem_requested.connect(lambda s: self.go_to_problem(s.stage, s.spot))
        bar.sig_step_requested.connect(self.take_step)
        self._show(w.states, w.step)

    def _reviewed(self) -> None:
        self.watcher.reviews_changed()
        if self.watcher.facts.sample_more:  # the step's count follows the reviews given
            self.window.report_pane.refresh_soon()

    def reviewer_changed(self, name: str) -> None:
        """The person reviews under another name: count their reviews instead."""
        self.watcher.reviewer = name
        self.watcher.read_standing()

    def _show(self, states: tuple[StageState, ...], step: NextStep | None) -> None:
        self.sidebar.show_states(states)
        self.bar.show_step(step)

    # --- going where the work is --------------------------------------------------------

    def show_stage(self, stage: str) -> None:
        """Show a stage's pane."""
        self.sidebar.setCurrentRow(self.sidebar.stage_row(stage))

    def go_to_problem(self, stage: str, spot: Spot | None) -> None:
        """Show a stage's pane at its problem: the template's line, the judge's settings,
        the models that answer."""
        self.show_stage(stage)
        if spot is not None and stage == "template":
            self._template_line(spot.judge, spot.line or 1)
        elif spot is not None and stage == "judges":
            self._judge(spot.judge)
        elif spot is not None and stage == "run":
            self.window.run_pane.edit_answering_models()  # the candidate or the baseline

    def _template_line(self, judge: str, line: int) -> None:
        pane = self.window.template_pane
        index = pane.judge.findText(judge) if judge else -1
        if index >= 0 and index != pane.judge.currentIndex():
            # The template is read in the background: go to the line once it is there.
            def read(*_: object) -> None:
                pane.files.sig_read.disconnect(read)
                self._put_cursor(pane.editor, line)

            pane.files.sig_read.connect(read)
            pane.judge.setCurrentIndex(index)
            return
        self._put_cursor(pane.editor, line)

    @staticmethod
    def _put_cursor(editor: QPlainTextEdit, line: int) -> None:
        editor.setTextCursor(QTextCursor(editor.document().findBlockByNumber(max(0, line - 1))))
        editor.centerCursor()
        editor.setFocus()

    def _judge(self, name: str) -> None:
        pane = self.window.judges_pane
        names = [j.name for j in pane.model.judges()]
        if name in names:
            pane.list.setCurrentIndex(pane.model.index(names.index(name)))

    def take_step(self, step: NextStep) -> None:
        """Do what the next-step bar's button says."""
        window = self.window
        code = step.code
        if code == "open":
            window.files.new_project()
        elif code == "dataset":
            window.files.import_dataset()
        elif code == "add_judge":
            self.show_stage("judges")
            window.judges_pane.add_judge()
        elif code in ("fix_template", "fix_judge", "fix_run"):
            self.go_to_problem(step.stage, step.spot)
        elif code == "running":
            self.show_stage("run")
        elif code in ("run", "retry"):
            self.show_stage("run")
            scope = window.run_pane.choice.scope
            scope.setCurrentIndex(scope.findData("all" if code == "run" else "failed"))
            window.run_pane.start()
        elif code in ("disagreements", "review"):
            self.show_stage("review")
            window.review_pane.filters.choose(
                "disagreements" if code == "disagreements" else "unreviewed"
            )
        elif code == "calibrate":
            window.calibration.open()
        elif code == "review_sample":  # reviewed blind, as the sample always is
            self.show_stage("review")
            window.review_pane.filters.choose("sample")
        elif code in ("export", "refresh_export"):
            window.files.export()
