"""Trying a verdict rule on a judge's stored replies: what it reads, what it leaves unread."""

from __future__ import annotations

import asyncio
import copy
from itertools import islice
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.judge import VerdictRule, to_number
from judgedesk.core.project import Project
from judgedesk.core.run import RuleTrial, Store, try_rule
from judgedesk.ui.dialogs.choice import hint_label
from judgedesk.ui.dialogs.verdict_rule_words import RuleWords
from judgedesk.ui.tasks import TaskRunner

Index = QModelIndex | QPersistentModelIndex


class CountsTableModel(QAbstractTableModel):
    """Rows of (what, how many replies), each maybe with an example reply.

    ``Qt.UserRole`` on a row holds its example (empty when there is none).
    """

    def __init__(self, what: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._what = what
        self._rows: list[tuple[str, int, str]] = []

    def set_rows(self, rows: list[tuple[str, int, str]]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 2

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        text, count, example = self._rows[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return text if index.column() == 0 else f"{count:,}"
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() == 1:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.UserRole:
            return example
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role != Qt.ItemDataRole.DisplayRole or orientation != Qt.Orientation.Horizontal:
            return None
        return (self._what, self.tr("Replies"))[section] if section in (0, 1) else None


def load_replies(store_path: Path, judge: str, limit: int) -> list[tuple[str, str | None]]:
    """The first ``limit`` stored replies of ``judge``: (content, reasoning) (blocking)."""
    if not store_path.is_file():
        return []
    with Store(store_path, readonly=True) as store:
        if store.empty:
            return []
        return list(islice(store.replies(judge), limit))


def trial_or_none(project: Project, judge: str, rule: VerdictRule) -> RuleTrial | None:
    """:func:`try_rule`, or None when the project has no results store yet (blocking)."""
    if not project.store_path.is_file():
        return None
    try:
        return try_rule(project, judge, rule)
    except JudgeDeskError:
        if not project.store_path.is_file():
            return None
        raise


class TrialPanel(QWidget):
    """The Try on stored replies button and what the trial found.

    Signals:
        sig_trial_shown: the :class:`RuleTrial` shown (None: the project has no store).
    """

    sig_trial_shown = Signal(object)

    def __init__(self, tasks: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("verdictRuleTrial")
        self.tasks = tasks
        self.trial: RuleTrial | None = None
        self.words = RuleWords(self)
        self._rule: VerdictRule | None = None
        self._key = f"verdict-rule-trial-{id(self)}"
        tasks.sig_task_failed.connect(self._failed)
        self.button = QPushButton(self.tr("&Try on stored replies"), self)
        self.button.setObjectName("verdictRuleTry")
        self.button.setAutoDefault(False)
        self.button.setToolTip(
            self.tr("Read every reply this judge already gave with the rule; no judge is asked.")
        )
        self.summary = hint_label(self, "verdictRuleTrialSummary")
        self.summary.setStyleSheet("")
        self.outcomes_model = CountsTableModel(self.tr("What happened"), self)
        self.outcomes = self._table(self.outcomes_model, "verdictRuleOutcomes")
        self.outcomes.setAccessibleName(self.tr("Replies read and not read, by reason"))
        self.outcomes.selectionModel().currentRowChanged.connect(self._show_example)
        self.example = QPlainTextEdit(self)
        self.example.setObjectName("verdictRuleTrialExample")
        self.example.setAccessibleName(self.tr("An example reply"))
        self.example.setReadOnly(True)
        self.example.setPlaceholderText(self.tr("Select a line above to see an example reply."))
        self.example.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.verdicts_model = CountsTableModel(self.tr("Verdict"), self)
        self.verdicts = self._table(self.verdicts_model, "verdictRuleDistribution")
        self.verdicts.setAccessibleName(self.tr("How often each verdict was given"))
        top = QHBoxLayout()
        top.addWidget(self.button)
        top.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.summary)
        layout.addWidget(self.outcomes, 2)
        layout.addWidget(QLabel(self.tr("Example reply"), self))
        layout.addWidget(self.example, 2)
        layout.addWidget(QLabel(self.tr("Verdicts the rule gives"), self))
        layout.addWidget(self.verdicts, 2)

    def _table(self, model: CountsTableModel, name: str) -> QTableView:
        view = QTableView(self)
        view.setObjectName(name)
        view.setModel(model)
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        view.verticalHeader().setVisible(False)
        view.setWordWrap(True)
        view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header = view.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        return view

    def start(self, project: Project, judge: str, rule: VerdictRule) -> None:
        """Try ``rule`` on ``judge``'s stored replies in a worker thread."""
        self.button.setEnabled(False)
        self._rule = rule
        self.summary.setText(self.tr("Reading the stored replies…"))
        self.tasks.start(
            self._key,
            asyncio.to_thread(trial_or_none, copy.deepcopy(project), judge, rule),
            on_done=self.show_trial,
        )

    def stop(self) -> None:
        self.tasks.cancel(self._key)

    def running(self) -> bool:
        return self.tasks.running(self._key)

    def set_ready(self, ready: bool) -> None:
        """Allow a trial only while the rule is usable (and none is running)."""
        self.button.setEnabled(ready and not self.running())

    def show_trial(self, trial: RuleTrial | None) -> None:
        self.trial = trial
        rule = self._rule
        pick = rule.pick if rule is not None else "last"
        self.button.setEnabled(True)
        self.example.clear()
        if trial is None or not trial.replies:
            self.summary.setText(
                self.tr(
                    "This judge has no stored replies yet, so there is nothing to try the "
                    "rule on. Run it on a few rows first (Run pane, “first 10 rows”), then "
                    "come back."
                )
            )
            self.outcomes_model.set_rows([])
            self.verdicts_model.set_rows([])
            self.sig_trial_shown.emit(trial)
            return
        words = self.tr("The rule reads {0} of {1} stored replies.").format(
            f"{trial.read:,}", f"{trial.replies:,}"
        )
        left = trial.replies - trial.read
        if left:
            words = _then(
                words, self.tr("{0} are not read (the reasons are below).").format(f"{left:,}")
            )
        if trial.conflicting:
            taken = (
                self.tr("{0} give several different verdicts; the first one was taken.")
                if pick == "first"
                else self.tr("{0} give several different verdicts; the last one was taken.")
            )
            words = _then(words, taken.format(f"{trial.conflicting:,}"))
        self.summary.setText(words)
        examples = trial.examples
        rows = [(self.tr("Read"), trial.read, examples.get("read", ""))]
        if trial.conflicting:
            rows.append(
                (
                    self.tr("Read, but with conflicting verdicts"),
                    trial.conflicting,
                    examples.get("conflicting", ""),
                )
            )
        for reason, count in trial.unparsed.most_common():
            words = self.words.reason(reason, rule) if rule is not None else reason
            rows.append((self.tr("Not read: {0}").format(words), count, examples[reason]))
        self.outcomes_model.set_rows(rows)
        verdicts = trial.distribution.most_common()
        numbers = [to_number(label) for label, _ in verdicts]
        if None not in numbers:  # scores read best in their order
            verdicts.sort(key=lambda item: to_number(item[0]) or 0)
        self.verdicts_model.set_rows([(label, count, "") for label, count in verdicts])
        first_problem = 1 if len(rows) > 1 else 0
        self.outcomes.selectRow(first_problem)
        self.sig_trial_shown.emit(trial)

    def _failed(self, key: str, message: str) -> None:
        if key == self._key:
            self.button.setEnabled(True)
            self.summary.setText(message)

    def _show_example(self, current: QModelIndex, _previous: QModelIndex) -> None:
        self.example.setPlainText(str(current.data(Qt.ItemDataRole.UserRole) or ""))


def _then(said: str, sentence: str) -> str:
    # Chinese sentences follow one another with no space.
    return said + ("" if said.endswith(("。", "！", "？")) else " ") + sentence
