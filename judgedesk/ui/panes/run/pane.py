"""The Run pane: choose rows, see what it will cost, run, watch, pause, stop, recompute."""

from __future__ import annotations

import asyncio
import copy
import dataclasses
from collections.abc import Callable, Sequence

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QAction, QHideEvent, QKeySequence, QShowEvent
from PySide6.QtWidgets import QHBoxLayout, QMenu, QPushButton, QVBoxLayout, QWidget

from judgedesk.core.dataset import Dataset
from judgedesk.core.project import Workspace, key_uses
from judgedesk.core.review import ReviewExamples
from judgedesk.core.run import (
    ProcessRun,
    Progress,
    RunEstimate,
    RunNews,
    RunSummary,
    Selection,
    estimate_run,
)
from judgedesk.ui.approvals import KeyGate
from judgedesk.ui.dialogs.answering_models import AnsweringModelsDialog
from judgedesk.ui.dialogs.trust import untrusted_words
from judgedesk.ui.panes.run.batch import RunBatch
from judgedesk.ui.panes.run.check import RunCheck
from judgedesk.ui.panes.run.estimate import EstimateBox, priced_models, token_prices
from judgedesk.ui.panes.run.figures import RunFigures
from judgedesk.ui.panes.run.options import RunOptions
from judgedesk.ui.panes.run.rows import FinishedRows
from judgedesk.ui.panes.run.scope import RunScope
from judgedesk.ui.tasks import TaskRunner

NEWS_MS = 100
"""A run's news is taken in at most this often: the table and figures update at this pace."""
_NEWS_TASK = "run-news"
ESTIMATE_DELAY_MS = 300


class RunPane(QWidget):
    """Runs the project over a choice of rows in the background.

    Signals:
        sig_run_finished: the :class:`RunSummary` (None when the run could not start).
        sig_status_changed: a one-line state of the run for the status bar.
        sig_estimated: the :class:`RunEstimate` shown.
        sig_show_requested: a menu command wants this pane in view.
    """

    sig_run_finished = Signal(object)
    sig_status_changed = Signal(str)
    sig_estimated = Signal(object)
    sig_show_requested = Signal()

    def __init__(self, workspace: Workspace, tasks: TaskRunner, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("runPane")
        self.workspace = workspace
        self.tasks = tasks
        self.keys = KeyGate(tasks, self)
        self.background: ProcessRun | None = None
        self._estimate_stale = True
        self._estimate: RunEstimate | None = None

        self.choice = RunScope(workspace, self)
        self.choice.sig_changed.connect(self._schedule_estimate)
        self.figures = RunFigures(self)
        self.start_button = self._button("runStart", self.tr("&Start"), self.start)
        self.start_button.setToolTip(self.tr("Judge the chosen rows (Ctrl+R)"))
        self.check = RunCheck(tasks, self.figures, self)
        self.check.anyway_button.clicked.connect(lambda _=False: self._launch())
        self.pause_button = self._button("runPause", self.tr("&Pause"), self.toggle_pause)
        self.pause_button.setToolTip(self.tr("Pause or resume the run (Ctrl+Shift+P)"))
        self.stop_button = self._button("runStop", self.tr("S&top"), self.stop)
        self.stop_button.setToolTip(self.tr("Stop the run; replies received are kept (Ctrl+.)"))
        self.recompute_button = self._button(
            "runRecompute", self.tr("Re&compute results"), self.recompute
        )
        self.actions_by_name: dict[str, QAction] = {}
        self.recompute_button.setToolTip(
            self.tr(
                "Parse the stored replies again and run the postprocess script, without "
                "asking any judge: use it after editing a script or a parser setting."
            )
        )
        controls = QHBoxLayout()
        controls.addWidget(self.choice)
        controls.addStretch(1)
        for button in (self.recompute_button, self.stop_button, self.pause_button):
            controls.addWidget(button)
        controls.addWidget(self.check.anyway_button)
        controls.addWidget(self.start_button)

        self.estimates = EstimateBox(self._set_price, self)

        self.finished_rows = FinishedRows(workspace, self)

        layout = QVBoxLayout(self)
        layout.addLayout(controls)
        self.options = RunOptions(workspace, self)
        layout.addWidget(self.options)
        layout.addWidget(self.estimates)
        layout.addWidget(self.figures)
        layout.addWidget(self.finished_rows, 1)

        self._estimate_timer = QTimer(self, singleShot=True, interval=ESTIMATE_DELAY_MS)
        self._estimate_timer.timeout.connect(self.estimate)
        workspace.sig_project_opened.connect(lambda _: self._project_changed())
        workspace.sig_dataset_loaded.connect(lambda _: self._schedule_estimate())
        workspace.sig_dataset_completed.connect(lambda _: self._schedule_estimate())
        workspace.sig_judges_changed.connect(lambda _: self._schedule_estimate())
        workspace.sig_run_settings_changed.connect(lambda _: self._schedule_estimate())
        workspace.sig_dataset_closing.connect(self._dataset_closing)
        self._schedule_estimate()
        self._update_buttons()

    def _button(self, name: str, text: str, slot: Callable[[], object]) -> QPushButton:
        button = QPushButton(text, self)
        button.setObjectName(name)
        button.setAccessibleName(text.replace("&", ""))
        button.clicked.connect(lambda _=False: slot())
        return button

    def add_actions(self, menu: QMenu) -> None:
        """Put the run's commands, with their shortcuts, in ``menu`` (the window's Run menu).

        Each shows this pane first, so what happens can be watched.
        """
        for name, text, keys, slot in (
            ("startRunAction", self.tr("&Start Run"), "Ctrl+R", self.start),
            ("pauseRunAction", self.tr("&Pause or Resume"), "Ctrl+Shift+P", self.toggle_pause),
            ("stopRunAction", self.tr("S&top Run"), "Ctrl+.", self.stop),
            ("recomputeAction", self.tr("Re&compute Results"), None, self.recompute),
        ):
            action = QAction(text, self)
            action.setObjectName(name)
            if keys:
                action.setShortcut(QKeySequence(keys))
            action.triggered.connect(lambda _=False, run=slot: self._from_menu(run))
            menu.addAction(action)
            self.actions_by_name[name] = action
        menu.addSeparator()
        models = QAction(self.tr("&Models that Answer…"), self)
        models.setObjectName("answeringModelsAction")
        models.setToolTip(
            self.tr("A candidate model for rows without a response, a baseline for pairs")
        )
        models.triggered.connect(lambda _=False: self.edit_answering_models())
        menu.addAction(models)
        RunBatch(self).add_actions(menu)
        self._update_buttons()

    def edit_answering_models(self) -> AnsweringModelsDialog:
        """Open the candidate and baseline settings (returned for tests; modal when shown)."""
        dialog = AnsweringModelsDialog(self.workspace, self.tasks, self.window())
        dialog.accepted.connect(self._schedule_estimate)
        dialog.open()
        return dialog

    def _from_menu(self, command: Callable[[], object]) -> None:
        self.sig_show_requested.emit()
        command()

    # --- choosing rows and estimating ---------------------------------------------------

    def run_rows(self, rows: Sequence[int]) -> None:
        """Show this pane and judge exactly ``rows`` (sent from the Review pane).

        The choice stays in the list as "The rows sent from Review", to run them again.
        """
        self.choice.choose(rows)
        self.sig_show_requested.emit()
        if self.background is None:
            self.start()

    def selection(self) -> Selection:
        """The rows the controls choose."""
        return self.choice.selection()

    def _project_changed(self) -> None:
        self.finished_rows.model.clear()
        self.figures.clear()
        self.choice.forget_chosen()  # rows of the project closed
        self._schedule_estimate()

    def _schedule_estimate(self) -> None:
        self.check.forget()
        self._estimate_stale = True
        if self.isVisible():
            self._estimate_timer.start()

    def estimate(self) -> None:
        """Estimate the chosen rows in a worker thread."""
        project, dataset = self.workspace.project, self.workspace.dataset
        if project is None or dataset is None:
            self.estimates.show_estimate(
                None, {}, self.tr("Open a project with a dataset to run it.")
            )
            return
        self._estimate_stale = False
        self.estimates.say(self.tr("Estimating…"))
        self.tasks.start(
            "run-estimate",
            asyncio.to_thread(
                estimate_run,
                copy.deepcopy(project),
                dataset,
                self.selection(),
                examples=ReviewExamples(),
            ),
            on_done=self._show_estimate,
        )

    def _show_estimate(self, estimate: RunEstimate) -> None:
        self._estimate = estimate
        words = self.figures.describe_estimate(estimate)
        self.estimates.show_estimate(estimate, token_prices(self.workspace.project), words)
        self.sig_estimated.emit(estimate)

    def _set_price(self, judge: str, field: str, price: float) -> None:
        project = self.workspace.project
        settings = next((m for m in priced_models(project) if m.name == judge), None)
        if project is None or settings is None or getattr(settings, field) == price:
            return
        label = self.tr("Set the price of “{0}”").format(judge)
        if settings in (project.candidate, project.baseline):
            changed = dataclasses.replace(settings, **{field: price})
            candidate = changed if settings is project.candidate else project.candidate
            baseline = changed if settings is project.baseline else project.baseline
            self.workspace.change_answering_models(candidate, baseline, label)
        else:
            self.workspace.change_judge(judge, label, ("judge-price", judge), **{field: price})
        self._schedule_estimate()

    # --- running ------------------------------------------------------------------------

    def is_running(self) -> bool:
        return self.background is not None

    def start(self, *, offline: bool = False) -> None:
        """Start a run of the chosen rows (``offline``: stored replies only)."""
        project, busy = self.workspace.project, self.background is not None or self.check.checking
        if busy or project is None or self.workspace.dataset is None:
            return
        if offline:  # stored replies only: no key leaves the computer
            self._launch(offline=True)
            return
        self.keys.then(key_uses(project), self._check_judges, self._not_allowed, key="run-keys")

    def _check_judges(self) -> None:
        """Ask every judge's server first (no key is sent before the approvals above)."""
        project = self.workspace.project
        if self.background is None and not self.check.checking and project is not None:
            self.check.run(project, self._launch, self._judges_failed)
            self._update_buttons()
            self.sig_status_changed.emit(self.check.status)

    def _judges_failed(self) -> None:
        self._update_buttons()
        self.sig_status_changed.emit(self.check.status)
        self.sig_run_finished.emit(None)

    def _not_allowed(self, words: str) -> None:
        self.figures.finished(None, words)
        self._update_buttons()
        self.sig_status_changed.emit(self.figures.status_line())

    def _launch(self, *, offline: bool = False) -> None:
        project, dataset = self.workspace.project, self.workspace.dataset
        if self.background is not None or project is None or dataset is None:
            return
        self.check.forget()
        selection = Selection(None) if offline else self.selection()
        self.finished_rows.model.clear()
        self.figures.starting(offline)
        # A process of its own: the run's work and garbage stay away from the window.
        # Judges that ask for examples are shown those of the calibration's tuning part,
        # as `judgedesk run` shows them.
        self.background = ProcessRun(
            project, selection, offline=offline, trusted_only=True, examples=ReviewExamples()
        )
        self.background.start()
        self._follow(self.background)
        self._update_buttons()
        self.sig_status_changed.emit(self.figures.status_line())

    def recompute(self) -> None:
        """Recompute every row's result from stored replies; no judge is asked."""
        self.start(offline=True)

    def toggle_pause(self) -> None:
        background = self.background
        if background is None:
            return
        if self.figures.paused:
            background.resume()
        else:
            background.pause()
        self.figures.set_paused(not self.figures.paused)
        self._update_buttons()
        self.sig_status_changed.emit(self.figures.status_line())

    def stop(self) -> None:
        """Stop the run (or the check before it); replies already received are kept."""
        if self.check.checking:
            self.check.cancel()
            self._update_buttons()
            self.sig_status_changed.emit(self.check.status)
        if self.background is not None:
            self.background.stop()
            self.figures.stopping()
            self._update_buttons()

    def stop_and_wait(self, seconds: float = 10.0) -> None:
        """Stop the run (or its check) and wait for its thread (the dataset is about to close)."""
        self.check.cancel()
        background = self.background
        if background is None:
            return
        background.stop()
        background.join(seconds)
        self.tasks.cancel(_NEWS_TASK)  # what came is taken now, not once the loop gets to it
        news = background.drain()
        self._take(news)
        if news.done:
            self._finished(news)
        else:  # it did not end in time: its news go on coming
            self._follow(background)

    def _dataset_closing(self, dataset: Dataset) -> None:
        # Another project (or its data) is being opened: the run belongs to this one.
        self.stop_and_wait()

    def _follow(self, background: ProcessRun) -> None:
        self.tasks.follow(_NEWS_TASK, background, self._take, self._finished, every=NEWS_MS / 1000)

    def _take(self, news: RunNews) -> None:
        self.finished_rows.model.add(news.rows)
        if news.progress is not None:
            self.figures.show_progress(news.progress, token_prices(self.workspace.project))
            self.sig_status_changed.emit(self.figures.status_line())
        if news.rows and news.run_id:
            self.workspace.results_stored(news.run_id)

    def _finished(self, news: RunNews) -> None:
        self.background = None
        error = untrusted_words(news.untrusted) if news.untrusted is not None else news.error
        self.figures.finished(news.summary, error)
        self._update_buttons()
        self.sig_status_changed.emit(self.figures.status_line())
        if news.summary is not None:
            self.workspace.results_stored(news.summary.run_id)
        self.sig_run_finished.emit(news.summary)
        self._schedule_estimate()

    def _update_buttons(self) -> None:
        running = self.background is not None or self.check.checking
        ready = self.workspace.project is not None and self.workspace.dataset is not None
        self.start_button.setEnabled(ready and not running)
        self.recompute_button.setEnabled(ready and not running)
        self.choice.scope.setEnabled(not running)
        self.choice.first.setEnabled(not running)
        self.options.setEnabled(not running)
        self.pause_button.setEnabled(self.background is not None and not self.figures.stopping_now)
        self.stop_button.setEnabled(running and not self.figures.stopping_now)
        self.pause_button.setText(self.tr("&Resume") if self.figures.paused else self.tr("&Pause"))
        for name, button in (
            ("startRunAction", self.start_button),
            ("pauseRunAction", self.pause_button),
            ("stopRunAction", self.stop_button),
            ("recomputeAction", self.recompute_button),
        ):
            if name in self.actions_by_name:
                self.actions_by_name[name].setEnabled(button.isEnabled())

    def last_estimate_requests(self) -> int | None:
        """The requests of the estimate shown, or None before one."""
        estimate = self._estimate
        return estimate.requests if estimate is not None else None

    def last_progress(self) -> Progress | None:
        return self.figures.progress

    def last_summary(self) -> RunSummary | None:
        return self.figures.summary

    # --- events -------------------------------------------------------------------------

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._update_buttons()
        if self._estimate_stale and self.background is None:
            self._estimate_timer.start(0)

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        self._estimate_timer.stop()
