"""Judges ▸ a judge's menu ▸ Suggest a Revision…: a model rewrites the judge's template
from its disagreements with people on the tuning part; the diff, and Add as a Candidate."""

from __future__ import annotations

import asyncio
import copy

from PySide6.QtCore import Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.dataset import Dataset
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.judge import JudgeSettings
from judgedesk.core.project import Project, Workspace
from judgedesk.core.report import Revision, suggest_revision
from judgedesk.ui.core_strings import core_say
from judgedesk.ui.counts import rows_said
from judgedesk.ui.tasks import TaskRunner

TASK = "suggest-revision"


class RevisionDialog(QDialog):
    """Asks a model for a judge's template revised, shows the diff, adds it on request.

    The model reads only the tuning part's rows where the judge and people disagree
    (the judge is first run on the tuning rows, stored replies reused); the revision is
    added as a new candidate judge, never adopted. A revision that does not render says
    why, and nothing can be added.

    Signals:
        sig_suggested: the :class:`~judgedesk.core.report.Revision` shown, once checked.
        sig_added: the name of the candidate judge added.
    """

    sig_suggested = Signal(object)
    sig_added = Signal(str)

    def __init__(
        self, workspace: Workspace, tasks: TaskRunner, judge: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("revisionDialog")
        self.setWindowTitle(self.tr("Suggest a Revision of “{0}”").format(judge))
        self.workspace = workspace
        self.tasks = tasks
        self.judge = judge
        self.revision: Revision | None = None
        project = workspace.project
        self.model = QComboBox(self)
        self.model.setObjectName("revisionModel")
        for settings in project.judges if project is not None else []:
            if settings.kind != "metric":
                self.model.addItem(settings.name, settings.name)
        self.model.setCurrentIndex(max(0, self.model.findData(judge)))
        self.model.setToolTip(self.tr("The judge whose model (server or model file) writes it"))
        self.ask_button = QPushButton(self.tr("&Suggest"), self)
        self.ask_button.setObjectName("revisionAsk")
        self.ask_button.clicked.connect(self.suggest)
        form = QFormLayout()
        form.addRow(self.tr("&Written by"), self.model)
        self.status = QLabel(self)
        self.status.setObjectName("revisionStatus")
        self.status.setWordWrap(True)
        self.status.setText(
            self.tr(
                "A model reads the template and the rows of the tuning part where the judge "
                "and people disagree, with people's notes (never a row of the test part), "
                "and writes the template revised. It becomes a new candidate, measured like "
                "the others; it is never adopted by itself."
            )
        )
        self.diff = QPlainTextEdit(self)
        self.diff.setObjectName("revisionDiff")
        self.diff.setReadOnly(True)
        self.diff.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.diff.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.diff.setAccessibleName(self.tr("The changes to the template"))
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.add_button = self.buttons.addButton(
            self.tr("&Add as a Candidate"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.add_button.setObjectName("revisionAdd")
        self.add_button.setEnabled(False)
        self.buttons.accepted.connect(self.add)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.ask_button)
        layout.addWidget(self.status)
        layout.addWidget(self.diff, 1)
        layout.addWidget(self.buttons)
        self.resize(760, 560)

    def suggest(self) -> None:
        """Ask the chosen model in a thread; the diff is shown when it answered."""
        project, dataset = self.workspace.project, self.workspace.dataset
        if project is None or dataset is None:
            self.status.setText(self.tr("Open a project with a dataset first."))
            return
        name = str(self.model.currentData() or self.judge)
        model = copy.deepcopy(next((j for j in project.judges if j.name == name), None))
        self.revision = None
        self.add_button.setEnabled(False)
        self.ask_button.setEnabled(False)
        self.diff.clear()
        self.status.setText(
            self.tr(
                "Running “{0}” on the tuning rows (stored replies are reused), then asking "
                "“{1}” for a revision…"
            ).format(self.judge, name)
        )
        self.tasks.run_in_thread(
            TASK,
            _suggest,
            copy.deepcopy(project),
            dataset.with_mapping(dataset.mapping),  # a handle of the thread's own
            self.judge,
            model,
            on_done=self._shown,
        )

    def _shown(self, outcome: Revision | str) -> None:
        self.ask_button.setEnabled(True)
        if isinstance(outcome, str):
            self.status.setText(outcome)
            return
        self.revision = outcome
        self.diff.setPlainText(outcome.diff or outcome.reply)
        shown = len(outcome.disagreements)
        if outcome.ok and outcome.candidate is not None:
            text = self.tr(
                "“{0}” read {1} of the tuning part where the judge and people disagree "
                "(none of the test part). Add the revision as the candidate “{2}” to "
                "measure it with the others."
            ).format(outcome.model, rows_said(shown), outcome.candidate.name)
            if outcome.warnings:
                text += "\n" + self.tr("Rendered for a row, it notes: {0}").format(
                    " ".join(outcome.warnings)
                )
        else:
            text = self.tr("Nothing can be added: {0}").format(core_say(outcome.problem))
        self.status.setText(text)
        self.add_button.setEnabled(outcome.ok)
        self.sig_suggested.emit(outcome)

    def add(self) -> None:
        """Add the revision as a new candidate judge after the judge (one step of undo)."""
        revision = self.revision
        if revision is None or not revision.ok or revision.candidate is None:
            return
        label = self.tr("Add the revised judge “{0}”").format(revision.candidate.name)
        try:
            self.workspace.add_judge(revision.candidate, revision.template, label, self.judge)
        except JudgeDeskError as exc:
            self.status.setText(str(exc))
            return
        self.sig_added.emit(revision.candidate.name)
        self.accept()

    def done(self, result: int) -> None:
        self.tasks.cancel(TASK)  # a late answer is dropped with the dialog
        super().done(result)


def _suggest(
    project: Project, dataset: Dataset, judge: str, model: JudgeSettings | None
) -> Revision | str:
    """The revision, or why there is none (said in the dialog)."""
    try:
        return asyncio.run(suggest_revision(project, dataset, judge, model, trusted_only=True))
    except JudgeDeskError as exc:
        return str(exc)
    finally:
        dataset.close()
