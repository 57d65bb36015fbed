"""The Scripts pane: the project's preprocess and postprocess scripts, tried on one row."""

from __future__ import annotations

import asyncio
import itertools
from functools import partial
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QEvent, QObject, Qt, Signal
from PySide6.QtGui import QHideEvent, QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.project import Project, TrustState, Workspace, script_written
from judgedesk.core.run import ScriptTrial, sample_reply_text, try_script
from judgedesk.ui.dialogs.trust import untrusted_words, when_trusted
from judgedesk.ui.editors import Marker
from judgedesk.ui.keys import PaneKey, keys_for
from judgedesk.ui.panes.scripts.files import ScriptFiles
from judgedesk.ui.panes.scripts.limits import TimeLimitBox
from judgedesk.ui.panes.scripts.page import ScriptPage
from judgedesk.ui.panes.scripts.replies import RepliesBox, stored_replies_of
from judgedesk.ui.panes.scripts.results import ScriptTrialView
from judgedesk.ui.panes.template.files import TemplateFiles
from judgedesk.ui.panes.template.rows import RowPicker
from judgedesk.ui.tasks import TaskRunner

KINDS = ("preprocess", "postprocess")
TRY_TASK = "scripts-try"
SCRIPT_KEYS: tuple[PaneKey, ...] = (
    PaneKey(
        ("Ctrl+Return", "Ctrl+Enter"),
        QT_TRANSLATE_NOOP("Shortcuts", "Run the script on the row shown"),
        "run",
    ),
    PaneKey(("Esc",), QT_TRANSLATE_NOOP("Shortcuts", "Stop the script running"), "stop"),
)


class ScriptsPane(QWidget):
    """Edit ``scripts/preprocess.py`` and ``scripts/postprocess.py`` and try them on a row.

    Typing is saved to the file a second after it stops; a try runs the editor's text
    in a real worker process, with the project's time limit, and never blocks the window.

    Signals:
        sig_script_read: the kind of script, after its file was read into the editor.
        sig_script_saved: the path of a script file just written.
        sig_trial_shown: the :class:`ScriptTrial` the results now show.
        sig_trial_stopped: the kind of script whose try the person stopped.
        sig_trial_blocked: the :class:`TrustState` of a project whose scripts may not run,
            when Run on this row refused.
    """

    sig_script_read = Signal(str)
    sig_script_saved = Signal(str)
    sig_trial_shown = Signal(object)
    sig_trial_stopped = Signal(str)
    sig_trial_blocked = Signal(object)

    def __init__(self, workspace: Workspace, tasks: TaskRunner, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("scriptsPane")
        self.workspace = workspace
        self.tasks = tasks
        # What the person types into a script is theirs: it may run (core.trust).
        self.files = TemplateFiles(tasks, self, name="scripts", on_write=script_written)
        self.files.sig_saved.connect(self.sig_script_saved)
        self._trying: str | None = None  # the kind being tried
        self._try_task: asyncio.Task[Any] | None = None
        self._watched: QWidget | None = None

        self.rows = RowPicker(workspace, tasks, self, name="scripts")
        self.pages = {kind: ScriptPage(kind, self) for kind in KINDS}
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("scriptsTabs")
        self.tabs.setAccessibleName(self.tr("Scripts"))
        for kind, page in self.pages.items():
            self.tabs.addTab(page, f"{kind}.py")
            self.tabs.setTabToolTip(self.tabs.indexOf(page), self._purpose(kind))
        self.script_files = ScriptFiles(workspace, tasks, self.files, self.pages, self)
        self.script_files.sig_read.connect(self._script_read)
        self.tabs.currentChanged.connect(lambda _: self._kind_shown())
        self.purpose = QLabel("", self)
        self.purpose.setObjectName("scriptsPurpose")
        self.purpose.setWordWrap(True)

        self.run_button = QPushButton(self.tr("▶ Run on this row"), self)
        self.run_button.setObjectName("scriptsRun")
        self.run_button.setAccessibleName(self.tr("Run on this row"))
        self.run_button.setToolTip(
            self.tr("Run the script as it is in the editor on the row shown (Ctrl+Enter)")
        )
        self.run_button.clicked.connect(self.run_on_row)
        self.stop_button = QPushButton(self.tr("■ Stop"), self)
        self.stop_button.setObjectName("scriptsStop")
        self.stop_button.setAccessibleName(self.tr("Stop the try"))
        self.stop_button.setToolTip(self.tr("End the running script now (Esc)"))
        self.stop_button.setEnabled(False)
        self.stop_button.clicked.connect(self.stop)
        self.time_limit = TimeLimitBox(workspace, self)
        self.timeout = self.time_limit.spin
        self.replies = RepliesBox(self)
        self.results = ScriptTrialView(self)

        controls = QHBoxLayout()
        controls.addWidget(self.run_button)
        controls.addWidget(self.stop_button)
        controls.addStretch(1)
        controls.addWidget(self.time_limit)
        right = QWidget(self)
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(4, 0, 0, 0)
        right_layout.addLayout(controls)
        right_layout.addWidget(self.replies)
        right_layout.addWidget(self.results, 1)
        left = QWidget(self)
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.purpose)
        left_layout.addWidget(self.tabs, 1)
        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.setObjectName("scriptsSplitter")
        self.splitter.addWidget(left)
        self.splitter.addWidget(right)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setSizes([600, 400])
        layout = QVBoxLayout(self)
        layout.addWidget(self.rows)
        layout.addWidget(self.splitter, 1)

        self._shortcut(keys_for(SCRIPT_KEYS, "run"), self.run_on_row)
        self.stop_shortcut = self._shortcut(keys_for(SCRIPT_KEYS, "stop"), self.stop)
        self.stop_shortcut.setEnabled(False)
        self._set_tab_order()

        workspace.sig_project_opened.connect(self._project_opened)
        workspace.sig_dataset_loaded.connect(lambda _: self._row_changed())
        workspace.sig_dataset_completed.connect(lambda _: self._row_changed())
        workspace.sig_row_selected.connect(lambda _: self._row_changed())
        self._kind_shown()
        self._project_opened(workspace.project)

    def _shortcut(self, keys: list[QKeySequence], slot: Any) -> QShortcut:
        shortcut = QShortcut(self)
        shortcut.setKeys(keys)
        shortcut.setContext(Qt.ShortcutContext.WindowShortcut)  # only while the pane shows
        shortcut.activated.connect(slot)
        return shortcut

    def _set_tab_order(self) -> None:
        chain: list[QWidget] = [self.rows.search, self.tabs]
        for page in self.pages.values():
            chain += [page.editor, page.restore_button, page.disable_button]
        chain += [self.run_button, self.stop_button, self.timeout, *self.replies.focus_chain()]
        chain.append(self.results.tabs)
        for first, second in itertools.pairwise(chain):
            QWidget.setTabOrder(first, second)

    def _purpose(self, kind: str) -> str:
        if kind == "preprocess":
            return self.tr(
                "preprocess(data, resp, **kwargs) runs once per row before the judges: it may "
                "add or change fields of data and resp, and what it returns is "
                "preprocess_result in the templates."
            )
        return self.tr(
            "postprocess(judge_reqs, judge_resps, judge_models, data, resp, **kwargs) runs "
            "once per row after the judges; kwargs holds judge_req, judge_resp and "
            "judge_model of the last judge. What it returns is the row's result."
        )

    def current_kind(self) -> str:
        """The script whose tab is shown."""
        page = self.tabs.currentWidget()
        return page.kind if isinstance(page, ScriptPage) else KINDS[0]

    def show_kind(self, kind: str) -> None:
        """Show the tab of one script."""
        self.tabs.setCurrentWidget(self.pages[kind])

    def _kind_shown(self) -> None:
        kind = self.current_kind()
        self.purpose.setText(self._purpose(kind))
        self.replies.setVisible(kind == "postprocess")
        if kind == "postprocess":
            self._look_for_replies()

    # --- the project and its files ----------------------------------------------------

    def _project_opened(self, project: Project | None) -> None:
        self.files.flush()
        self.stop()
        self.rows.refresh()
        self.results.clear()
        self.replies.reset()
        self.time_limit.show_project(project)
        if project is None:
            for page in self.pages.values():
                page.clear()
            self.run_button.setEnabled(False)
            return
        self.script_files.read_all(project)
        self.tasks.start(
            "scripts-sample",
            asyncio.to_thread(sample_reply_text, project),
            on_done=self.replies.set_default_sample,
        )
        self._update_run_button()

    def _script_read(self, kind: str) -> None:
        self._update_run_button()
        self.sig_script_read.emit(kind)

    # --- trying a script ------------------------------------------------------------------

    def _row_changed(self) -> None:
        self.rows.refresh()
        self._update_run_button()
        row, dataset = self.rows.row(), self.workspace.dataset
        if row is not None and dataset is not None:
            self.tasks.start(
                "scripts-row-id",
                asyncio.to_thread(lambda: dataset.row(row).id),
                on_done=lambda row_id: self.rows.show_row_id(row, row_id),
            )
        if self.current_kind() == "postprocess":
            self._look_for_replies()

    def _look_for_replies(self) -> None:
        project, row = self.workspace.project, self.rows.row()
        if project is None or row is None:
            self.replies.show_stored(None)
            return
        self.tasks.start(
            "scripts-stored-replies",
            asyncio.to_thread(stored_replies_of, project, row),
            on_done=self.replies.show_stored,
        )

    def _update_run_button(self) -> None:
        ready = (
            self.workspace.project is not None
            and self.rows.row() is not None
            and all(page.loaded for page in self.pages.values())
        )
        self.run_button.setEnabled(ready and self._trying is None)

    def run_on_row(self) -> None:
        """Run the shown script, as typed, on the row shown, in a worker process."""
        project, dataset, row = self.workspace.project, self.workspace.dataset, self.rows.row()
        kind = self.current_kind()
        if (
            project is None
            or dataset is None
            or row is None
            or self._trying is not None
            or not self.run_button.isEnabled()
        ):
            return
        sources = {kind: self.pages[kind].editor.toPlainText()}
        pre = self.pages["preprocess"]
        if kind == "postprocess" and pre.exists:
            sources["preprocess"] = pre.editor.toPlainText()
        for page in self.pages.values():
            page.editor.set_markers([])
        self._trying = kind
        self._set_running(True)
        self.results.show_running(f"{kind}.py", row, project.scripts.timeout)
        trial = partial(
            try_script,
            project,
            dataset,
            row,
            kind,
            sources,
            sample_reply=self.replies.sample_text(),
            use_stored=not self.replies.sample_only(),
        )
        self._try_task = self.tasks.start(
            TRY_TASK, when_trusted(project.root, trial), on_done=self._tried
        )
        self._try_task.add_done_callback(self._task_finished)

    def _task_finished(self, task: asyncio.Task[Any]) -> None:
        if task is self._try_task:
            self._try_ended()

    def stop(self) -> None:
        """End the running try at once (its worker process is killed)."""
        task, kind = self._try_task, self._trying
        if task is None or task.done() or kind is None:
            return
        task.cancel()
        self.results.show_stopped(f"{kind}.py")
        self._try_ended()
        self.sig_trial_stopped.emit(kind)

    def _try_ended(self) -> None:
        self._trying = None
        self._try_task = None
        self._set_running(False)

    def _set_running(self, running: bool) -> None:
        self.stop_button.setEnabled(running)
        self.stop_shortcut.setEnabled(running)
        self._update_run_button()

    def _tried(self, trial: ScriptTrial | TrustState) -> None:
        if isinstance(trial, TrustState):
            self.results.show_blocked(untrusted_words(trial))
            self.sig_trial_blocked.emit(trial)
            return
        project = self.workspace.project
        timeout = project.scripts.timeout if project else 0.0
        memory = project.scripts.memory_mb if project else 0
        self.results.show_trial(trial, timeout, memory)
        if trial.replies is not None:
            self.replies.show_used(trial.replies)
        failure = trial.failure
        if failure is not None and failure.error_line:
            failed = "preprocess" if trial.outcome is None else trial.kind
            editor = self.pages[failed].editor
            if failure.error_line <= editor.blockCount():
                message = failure.summary or failure.kind
                editor.set_markers([Marker(failure.error_line, 0, message)])
                editor.go_to_line(failure.error_line)
        self.sig_trial_shown.emit(trial)

    # --- events ---------------------------------------------------------------------------

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self.current_kind() == "postprocess":
            self._look_for_replies()  # a run may have judged the row meanwhile
        window = self.window()
        if window is not self._watched:
            window.installEventFilter(self)
            self._watched = window

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        self.files.flush()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._watched and event.type() == QEvent.Type.Close:
            self.files.save_now()
        return super().eventFilter(watched, event)
