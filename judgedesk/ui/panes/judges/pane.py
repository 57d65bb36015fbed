"""The Judges pane: the judges in running order, each one's settings, Test connection."""

from __future__ import annotations

import asyncio
import copy
import dataclasses
from collections.abc import Hashable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QListView,
    QMenu,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.judge import PRESETS, JudgeSettings
from judgedesk.core.project import Project, Workspace
from judgedesk.core.template import get_template
from judgedesk.ui.dialogs.verdict_rule import VerdictRuleDialog
from judgedesk.ui.models.judges_model import JudgesListModel
from judgedesk.ui.panes.judges.form import JudgeForm
from judgedesk.ui.tasks import TaskRunner

if TYPE_CHECKING:
    from judgedesk.ui.dialogs.find_servers import FindServersDialog
    from judgedesk.ui.dialogs.revision import RevisionDialog


class JudgesPane(QWidget):
    """Add, order and set up judges; every edit goes straight into the project.

    The list shows the judges; :attr:`form` shows the one chosen.

    Signals:
        sig_recompute_requested: a judge's verdict rule changed and the person wants the
            stored replies read again (results recomputed, no judge asked).
        sig_connection_tested: a judge's name and what keeps its server from being used
            ("" when it answered), after Test connection.
    """

    sig_recompute_requested = Signal()
    sig_connection_tested = Signal(str, str)

    def __init__(self, workspace: Workspace, tasks: TaskRunner, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("judgesPane")
        self.workspace = workspace
        self.tasks = tasks
        self.rule_dialog: VerdictRuleDialog | None = None

        self.model = JudgesListModel(self)
        self.list = QListView(self)
        self.list.setObjectName("judgesList")
        self.list.setAccessibleName(self.tr("Judges, in the order they run"))
        self.list.setModel(self.model)
        self.list.selectionModel().currentRowChanged.connect(lambda cur, _: self._show(cur.row()))
        self.list.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.list.customContextMenuRequested.connect(self._context_menu)
        self.revision_dialog: RevisionDialog | None = None
        # Two rows of buttons and combo boxes that may show less than their longest item
        # (the list they open shows it whole): the pane fits beside the inspector on a
        # laptop's screen.
        buttons = QGridLayout()
        for place, (name, label, slot) in enumerate(
            (
                ("addJudge", self.tr("Add"), self.add_judge),
                ("duplicateJudge", self.tr("Duplicate"), self.duplicate_judge),
                ("moveJudgeUp", self.tr("Up"), lambda: self.move_judge(-1)),
                ("moveJudgeDown", self.tr("Down"), lambda: self.move_judge(1)),
                ("removeJudge", self.tr("Remove"), self.remove_judge),
            )
        ):
            button = QPushButton(label, self)
            button.setObjectName(name)
            button.clicked.connect(slot)
            buttons.addWidget(button, *((0, place) if place < 3 else (1, place - 3)))
            setattr(self, name + "_button", button)
        self.find_button = QPushButton(self.tr("Find Local Servers…"), self)
        self.find_button.setObjectName("findLocalServers")
        self.find_button.setToolTip(
            self.tr("List the model servers and model files on this computer, to add as judges")
        )
        self.find_button.clicked.connect(self.open_find_servers)
        self.find_dialog: FindServersDialog | None = None
        left = QVBoxLayout()
        left.addWidget(self.list, 1)
        left.addLayout(buttons)
        left.addWidget(self.find_button)

        # Made after the list and its buttons, so Tab reaches those first.
        self.form = JudgeForm(tasks, self._project_root, self)
        self.form.sig_judge_edited.connect(self._judge_edited)
        self.form.sig_key_stored.connect(self._key_stored)
        self.form.sig_rule_requested.connect(self.open_rule_dialog)
        self.form.sig_connection_tested.connect(self.sig_connection_tested)

        for combo in self.form.findChildren(QComboBox):
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            combo.setMinimumContentsLength(18)

        layout = QHBoxLayout(self)
        layout.addLayout(left, 1)
        layout.addWidget(self.form, 2)
        workspace.sig_project_opened.connect(self.show_project)
        workspace.sig_judges_changed.connect(self._judges_replaced)
        self._show(-1)

    # --- the list -----------------------------------------------------------------------

    def show_project(self, project: Project) -> None:
        # The list shows a copy being edited; each edit goes into the project through
        # the workspace, which records it for undo.
        self.model.set_judges(copy.deepcopy(project.judges))
        if project.judges:
            self.list.setCurrentIndex(self.model.index(0))
        else:
            self._show(-1)

    def _judges_replaced(self, judges: list[JudgeSettings]) -> None:
        """The judges changed (here, elsewhere, undone): show them, keeping the place."""
        if judges == self.model.judges():  # this pane's own edit: the form stays as it is
            return
        row = self._current()
        self.model.set_judges(copy.deepcopy(judges))
        if judges:
            self.list.setCurrentIndex(self.model.index(min(max(row, 0), len(judges) - 1)))
        else:
            self._show(-1)

    def _record(self, label: str, merge_key: Hashable | None = None) -> None:
        """Put the judges as edited here into the project, as one step of undo."""
        self.workspace.change_judges(self.model.judges(), label, merge_key)

    def _project_root(self) -> Path | None:
        project = self.workspace.project
        return project.root if project is not None else None

    def _current(self) -> int:
        return self.list.currentIndex().row()

    def add_judge(self) -> None:
        self._add(JudgeSettings(name="judge", base_url=PRESETS["ollama"].base_url))

    def open_find_servers(self) -> FindServersDialog | None:
        """Show Find Local Servers; the server model or file chosen there becomes a judge."""
        if self.workspace.project is None:
            return None
        # Imported on first use: finding servers brings the HTTP clients, which the
        # window does not need to show.
        from judgedesk.ui.dialogs.find_servers import FindServersDialog

        dialog = FindServersDialog(self.tasks, self)
        dialog.sig_judge_chosen.connect(self._add)
        dialog.finished.connect(dialog.deleteLater)
        self.find_dialog = dialog
        dialog.open()
        return dialog

    def _add(self, judge: JudgeSettings) -> None:
        """Add ``judge`` at the end under a name no other judge has, with its own template."""
        project = self.workspace.project
        if project is None:
            return
        name = _unique_name(judge.name, [j.name for j in project.judges])
        judge.name, judge.template = name, f"templates/{name}.j2"
        self._insert(len(project.judges), judge)
        # A new judge starts from the first judge's prompt, or the reference-based one.
        source = next((j for j in project.judges if j.kind == "openai" and j.name != name), None)
        self.tasks.start(
            f"template-{name}", asyncio.to_thread(_start_template, project, judge, source)
        )

    def duplicate_judge(self) -> None:
        project = self.workspace.project
        row = self._current()
        original = self.model.judge(row)
        if project is None or original is None:
            return
        name = _unique_name(original.name + "-copy", [j.name for j in project.judges])
        copy = dataclasses.replace(
            original, name=name, params=dict(original.params), headers=dict(original.headers)
        )
        self._insert(row + 1, copy)

    def _insert(self, row: int, judge: JudgeSettings) -> None:
        self.model.insert(row, judge)
        self.list.setCurrentIndex(self.model.index(row))
        self._record(self.tr("Add judge “{0}”").format(judge.name))

    def remove_judge(self) -> None:
        row = self._current()
        judge = self.model.judge(row)
        if judge is None:
            return
        self.model.remove(row)
        self._record(self.tr("Remove judge “{0}”").format(judge.name))
        if self.model.rowCount():
            self.list.setCurrentIndex(self.model.index(min(row, self.model.rowCount() - 1)))
        else:
            self._show(-1)

    def move_judge(self, offset: int) -> None:
        row = self._current()
        if self.model.move(row, offset):
            self.list.setCurrentIndex(self.model.index(row + offset))
            self._record(self.tr("Move judge"))

    def context_menu(self, row: int) -> QMenu:
        """The menu of the judge at ``row``: Duplicate, Suggest a Revision…"""
        judge = self.model.judge(row)
        menu = QMenu(self)
        menu.addAction(self.tr("Duplicate"), self.duplicate_judge)
        suggest = menu.addAction(
            self.tr("Suggest a Revision…"),
            lambda: self.open_revision_dialog(judge.name) if judge is not None else None,
        )
        suggest.setObjectName("suggestRevision")
        suggest.setEnabled(judge is not None and judge.kind != "metric")
        suggest.setToolTip(
            self.tr("A model rewrites the template from the judge's disagreements with people")
        )
        return menu

    def _context_menu(self, point: QPoint) -> None:
        index = self.list.indexAt(point)
        if not index.isValid():
            return
        self.list.setCurrentIndex(index)
        menu = self.context_menu(index.row())
        menu.aboutToHide.connect(menu.deleteLater)
        menu.popup(self.list.viewport().mapToGlobal(point))

    def open_revision_dialog(self, judge: str) -> RevisionDialog | None:
        """Show Suggest a Revision for ``judge`` (None without a project)."""
        if self.workspace.project is None:
            return None
        from judgedesk.ui.dialogs.revision import RevisionDialog  # brings the report stage

        dialog = RevisionDialog(self.workspace, self.tasks, judge, self)
        dialog.finished.connect(dialog.deleteLater)
        self.revision_dialog = dialog
        dialog.open()
        return dialog

    # --- the form -----------------------------------------------------------------------

    def _show(self, row: int) -> None:
        self.form.show_judge(self.model.judge(row))

    def _judge_edited(self, judge: JudgeSettings, field: str) -> None:
        self.model.refresh(self._current())
        self._record(
            self.tr("Edit judge “{0}”").format(judge.name), ("judge", self._current(), field)
        )

    def open_rule_dialog(self) -> VerdictRuleDialog | None:
        """Show the verdict rule dialog for the judge shown (None when there is none)."""
        project, judge = self.workspace.project, self.form.judge
        if project is None or judge is None:
            return None
        dialog = VerdictRuleDialog(project, judge, self.tasks, self)
        dialog.sig_rule_chosen.connect(lambda table: self._rule_chosen(judge, table))
        dialog.rejected.connect(lambda: self._rule_kept(judge))
        dialog.finished.connect(dialog.deleteLater)
        self.rule_dialog = dialog
        dialog.open()
        return dialog

    def _rule_kept(self, judge: JudgeSettings) -> None:
        # "My own rule…" was chosen, then the dialog cancelled: show the reader still in use.
        if self.form.judge is judge:
            self.form.show_reader(judge)

    def _rule_chosen(self, judge: JudgeSettings, table: dict[str, object]) -> None:
        dialog = self.rule_dialog
        if table == judge.verdict:
            return
        judge.verdict = dict(table)
        self.form.show_reader(judge)
        self.model.refresh(self._current())
        self._record(self.tr("Change how “{0}” reads its verdicts").format(judge.name))
        if dialog is not None and dialog.had_replies() and self.ask_recompute():
            self.sig_recompute_requested.emit()

    def ask_recompute(self) -> bool:
        """Ask whether to read the stored replies again now (tests replace this)."""
        answer = QMessageBox.question(
            self,
            self.tr("Read the stored replies again?"),
            self.tr(
                "The judge's new rule applies to replies read from now on. Read the replies "
                "already stored again now, to recompute the results? No judge is asked."
            ),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.Yes,
        )
        return answer == QMessageBox.StandardButton.Yes

    def _key_stored(self, judge: JudgeSettings) -> None:
        self._record(self.tr("Store the key of “{0}”").format(judge.name))


def _start_template(project: Project, judge: JudgeSettings, source: JudgeSettings | None) -> None:
    if project.template_path(judge).exists():
        return
    text = project.read_template(source) if source else get_template("score_reference").text
    project.write_template(judge, text)


def _unique_name(base: str, taken: list[str]) -> str:
    if base not in taken:
        return base
    number = 2
    while f"{base}-{number}" in taken:
        number += 1
    return f"{base}-{number}"
