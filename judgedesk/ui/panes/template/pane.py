"""The Template pane: each model judge's prompt template and system prompt, previewed live."""

from __future__ import annotations

import asyncio
import copy
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QHideEvent, QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.errors import ProjectError
from judgedesk.core.judge import JudgeSettings
from judgedesk.core.project import Project, Workspace, key_uses, swap_places
from judgedesk.core.run import answered_dataset
from judgedesk.core.template import PromptPreview, completion_names, preview_prompt
from judgedesk.ui.approvals import KeyGate
from judgedesk.ui.editors.prompt_view import PromptPreviewView, markers_for
from judgedesk.ui.panes.template.dry_run import DryRunView
from judgedesk.ui.panes.template.editors import TemplateEditors
from judgedesk.ui.panes.template.files import TemplateFiles
from judgedesk.ui.panes.template.rows import RowPicker
from judgedesk.ui.panes.template.tools import TemplateTools
from judgedesk.ui.panes.template.words import no_template_words, save_words
from judgedesk.ui.tasks import TaskRunner

PREVIEW_DELAY_MS = 150
"""Quiet time after a keystroke before the preview is rendered again."""


class TemplatePane(QWidget):
    """Write a model judge's template and system prompt; see its prompt for any row.

    The template is saved to its file a second after typing stops (the editor's own
    Ctrl+Z undoes typing); system prompt edits go to the workspace's undo stack.

    Signals:
        sig_preview_shown: the :class:`PromptPreview` the preview now shows.
        sig_template_saved: the path of a template file just written.
    """

    sig_preview_shown = Signal(object)
    sig_template_saved = Signal(str)

    def __init__(self, workspace: Workspace, tasks: TaskRunner, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("templatePane")
        self.workspace = workspace
        self.tasks = tasks
        self.keys = KeyGate(tasks, self)
        self.files = TemplateFiles(tasks, self)
        self.files.sig_read.connect(self._template_read)
        self.files.sig_saved.connect(self.sig_template_saved)
        self.files.sig_changed.connect(self._update_status)
        self._judge_name: str | None = None
        self._path: Path | None = None
        self._loading = False  # text set by the pane, not typed
        self._loaded = False  # the editor holds the current judge's template
        self._file_state = ""  # what reading the file said ("" when it was read)
        self._stale = True  # the preview waits until the pane is seen
        self._watched: QWidget | None = None
        self.judge = QComboBox(self)
        self.judge.setObjectName("templateJudge")
        self.judge.setAccessibleName(self.tr("Judge"))
        self.judge.setMinimumContentsLength(14)
        self.judge.currentIndexChanged.connect(self._judge_chosen)
        judge_label = QLabel(self.tr("&Judge"), self)
        judge_label.setBuddy(self.judge)
        self.file_label = QLabel("", self)
        self.file_label.setObjectName("templateFile")
        self.save_status = QLabel("", self)
        self.save_status.setObjectName("templateSaveStatus")
        self.rows = RowPicker(workspace, tasks, self)
        top = QHBoxLayout()
        top.addWidget(judge_label)
        top.addWidget(self.judge)
        top.addSpacing(8)
        top.addWidget(self.file_label)
        top.addSpacing(8)
        top.addWidget(self.save_status)
        top.addStretch(1)
        top.addWidget(self.rows, 2)

        self.editors = TemplateEditors(self)
        self.system_prompt = self.editors.system_prompt
        self.system_prompt.textChanged.connect(self._system_prompt_edited)
        self.panel = self.editors.panel
        self.editor = self.editors.editor
        self.editor.textChanged.connect(self._template_edited)
        self.completer = self.editors.completer
        # Library…, Variables…, Import…: made once the editor exists, focused after the judge.
        self.tools = TemplateTools(
            workspace, tasks, self.editor, self.current_judge, self.rows.row, self
        )
        self.tools.sig_system_prompt_chosen.connect(self.system_prompt.setPlainText)
        top.insertWidget(top.indexOf(self.rows), self.tools)
        previous: QWidget = self.judge
        for button in self.tools.buttons():
            QWidget.setTabOrder(previous, button)
            previous = button
        self.view = PromptPreviewView(self)
        self.view.sig_line_requested.connect(self._go_to_line)
        self.preview = self.view.text
        self.problems = self.view.problems
        self.dry_run = DryRunView(workspace, tasks, self)
        self.dry_run.judge_button.clicked.connect(self.judge_row)
        right = QSplitter(Qt.Orientation.Vertical, self)
        right.setObjectName("templateRightSplitter")
        right.addWidget(self.view)
        right.addWidget(self.dry_run)
        right.setStretchFactor(0, 3)
        right.setStretchFactor(1, 2)
        right.setChildrenCollapsible(False)
        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.setObjectName("templateSplitter")
        self.splitter.addWidget(self.editors)
        self.splitter.addWidget(right)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setSizes([560, 440])

        self.empty = QLabel("", self)
        self.empty.setObjectName("templateEmpty")
        self.empty.setWordWrap(True)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setMargin(40)
        self.pages = QStackedWidget(self)
        self.pages.addWidget(self.splitter)
        self.pages.addWidget(self.empty)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.pages, 1)

        self._preview_timer = QTimer(self, singleShot=True, interval=PREVIEW_DELAY_MS)
        self._preview_timer.timeout.connect(self.render_preview)

        workspace.sig_project_opened.connect(self._project_opened)
        workspace.sig_judges_changed.connect(lambda _: self.refresh_judges())
        loaded = (workspace.sig_dataset_loaded, workspace.sig_dataset_completed)
        for fact in (*loaded, workspace.sig_variables_changed, workspace.sig_run_settings_changed):
            fact.connect(lambda _: self._follow_workspace())
        workspace.sig_row_selected.connect(lambda _: self._row_changed())
        workspace.sig_results_changed.connect(lambda _: self._schedule_preview(0))  # answers
        self.refresh_judges()

    # --- judges ---------------------------------------------------------------------------

    def current_judge(self) -> JudgeSettings | None:
        """The model judge whose template is shown."""
        project = self.workspace.project
        if project is None or self._judge_name is None:
            return None
        return next(
            (j for j in project.judges if j.name == self._judge_name and j.kind == "openai"),
            None,
        )

    def refresh_judges(self) -> None:
        """Follow the project's judges (added, renamed, undone elsewhere)."""
        project = self.workspace.project
        names = [j.name for j in project.judges if j.kind == "openai"] if project else []
        shown = [self.judge.itemText(i) for i in range(self.judge.count())]
        place = max(self.judge.currentIndex(), 0)
        if names != shown:
            self.judge.blockSignals(True)
            self.judge.clear()
            self.judge.addItems(names)
            self.judge.blockSignals(False)
        if not names:
            self._select(None)
            self.empty.setText(no_template_words(project is not None))
            self.pages.setCurrentWidget(self.empty)
            self.rows.setVisible(False)
            return
        self.pages.setCurrentWidget(self.splitter)
        self.rows.setVisible(True)
        # A judge renamed or removed elsewhere: keep the place in the list.
        kept = self._judge_name in names
        name = self._judge_name if kept else names[min(place, len(names) - 1)]
        self.judge.blockSignals(True)
        self.judge.setCurrentIndex(names.index(name))
        self.judge.blockSignals(False)
        self._select(name)

    def _judge_chosen(self, index: int) -> None:
        if index >= 0:
            self._select(self.judge.itemText(index))

    def _select(self, name: str | None) -> None:
        project = self.workspace.project
        changed = name != self._judge_name
        self._judge_name = name
        if changed:
            self.dry_run.show_idle(name or "")
        judge = self.current_judge()
        self._set_text(self.system_prompt, judge.system_prompt if judge else "")
        try:
            path = project.template_path(judge) if project and judge else None
        except ProjectError as exc:  # a template outside the project folder is not read
            self._open_template(None)
            self.save_status.setText(str(exc))
            return
        if path != self._path or changed:
            self._open_template(path)
        else:
            self._schedule_preview(0)

    def _system_prompt_edited(self) -> None:
        project, judge = self.workspace.project, self.current_judge()
        text = self.system_prompt.toPlainText()
        if self._loading or project is None or judge is None or judge.system_prompt == text:
            return
        self.workspace.change_judge(
            judge.name,
            self.tr("Edit the system prompt of “{0}”").format(judge.name),
            ("judge-system-prompt", judge.name),
            system_prompt=text,
        )
        self._schedule_preview(PREVIEW_DELAY_MS)

    # --- the template file ----------------------------------------------------------------

    def _open_template(self, path: Path | None) -> None:
        self.files.flush()
        self._path = path
        self._loaded = False
        self.editor.setReadOnly(True)
        self.file_label.setText(path.name if path else "")
        if path is None:
            self._set_text(self.editor, "")
            self.view.clear()
            self.save_status.clear()
            return
        self.save_status.setText(self.tr("Opening…"))
        self.files.read(path)

    def _template_read(self, path: Path, text: str, state: str) -> None:
        if path != self._path:
            return
        self._file_state = state
        self._set_text(self.editor, text)
        self.editor.document().clearUndoRedoStacks()
        self.editor.set_markers([])
        self.editor.setReadOnly(state not in ("", "missing"))
        self._loaded = True
        self._update_status()
        self._schedule_preview(0)

    def _template_edited(self) -> None:
        path = self._path
        if self._loading or not self._loaded or path is None:
            return
        self._file_state = ""
        self.files.edited(path, self.editor.toPlainText())
        self._schedule_preview(PREVIEW_DELAY_MS)

    def _update_status(self) -> None:
        path = self._path
        if path is None or not self._loaded:
            return
        self.save_status.setText(save_words(self.files.state(path), self._file_state))

    # --- rows and the preview -------------------------------------------------------------

    def close_dialogs(self) -> None:
        """Close the Library…, Variables… and Import… dialogs (the window is closing)."""
        self.tools.close_dialogs()

    def _project_opened(self, project: Project) -> None:
        self.tools.close_dialogs()  # they were opened for the project before
        self.files.flush()
        self._judge_name = self._path = None
        self.rows.refresh()
        self.refresh_judges()
        self._update_names()

    def _follow_workspace(self) -> None:
        """Another dataset, row or project variables: show the prompt again."""
        self.rows.refresh()
        self._update_names()
        self._schedule_preview(0)

    def _row_changed(self) -> None:
        if not self.dry_run.busy():  # a verdict shown is for the row it was asked about
            self.dry_run.show_idle(self._judge_name or "")
        self._follow_workspace()

    def _update_names(self, response_keys: tuple[str, ...] = ()) -> None:
        project, dataset = self.workspace.project, self.workspace.dataset
        self.completer.set_names(
            completion_names(
                dataset.fields() if dataset is not None else (),
                project.variables if project is not None else (),
                response_keys,
            )
        )

    def _schedule_preview(self, delay: int) -> None:
        self._preview_timer.start(delay)

    def render_preview(self) -> None:
        """Render the prompt for the row shown, in a worker thread (the latest one wins)."""
        project, judge = self.workspace.project, self.current_judge()
        if project is None or judge is None or not self._loaded:
            return
        if not self.isVisible():
            self._stale = True
            return
        self._stale = False
        self.tasks.start(
            "template-preview",
            asyncio.to_thread(
                preview_prompt,
                self.editor.toPlainText(),
                self.system_prompt.toPlainText(),
                variables=copy.deepcopy(project.variables),
                dataset=answered_dataset(self.workspace.dataset, project),
                row=self.rows.row(),
                judge=judge.name,
                swap=swap_places(project, judge, self.editor.toPlainText()),
                render_seconds=project.run.render_seconds,
                system_role=judge.system_role,
            ),
            on_done=self._show_preview,
        )

    def _show_preview(self, preview: PromptPreview) -> None:
        if preview.prompt.judge != self._judge_name:
            return
        self.view.show_preview(preview, has_rows=preview.row is not None)
        source = self.editor.toPlainText()
        self.editor.set_markers(markers_for(preview.prompt.issues, source, self.view.describe))
        self.rows.show_row_id(preview.row, preview.row_id)
        self._update_names(preview.response_keys)
        self.sig_preview_shown.emit(preview)

    def judge_row(self) -> None:
        """Send the prompt being edited, for the row shown, to the judge shown."""
        project, name = self.workspace.project, self._judge_name
        judges = [j for j in project.judges if j.name == name] if project else []
        if project is None or not judges or not self._loaded:
            return
        row, text = self.rows.row(), self.editor.toPlainText()
        self.keys.then(
            key_uses(project, judges),
            lambda: self.dry_run.judge(judges[0].name, row, text),
            self.dry_run.summary.setText,
            key="dry-run-keys",
        )

    def _go_to_line(self, line: int, column: int) -> None:
        self.editor.go_to_line(line, column)
        self.editor.setFocus()

    # --- helpers and events ---------------------------------------------------------------

    def _set_text(self, edit: QPlainTextEdit, text: str) -> None:
        if edit.toPlainText() == text:
            return
        self._loading = True
        try:
            edit.setPlainText(text)
        finally:
            self._loading = False

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        window = self.window()
        if window is not self._watched:
            window.installEventFilter(self)
            self._watched = window
        self.refresh_judges()
        if self._stale:
            self._schedule_preview(0)

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        self.files.flush()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._watched and event.type() == QEvent.Type.Close:
            self.files.save_now()
        return super().eventFilter(watched, event)
