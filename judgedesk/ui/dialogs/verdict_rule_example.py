"""The verdict rule dialog's example: a reply of the judge, where the person shows the verdict."""

from __future__ import annotations

import asyncio
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QComboBox,
    QGroupBox,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.judge import VerdictRule, read_with_rule
from judgedesk.ui.dialogs.choice import hint_label
from judgedesk.ui.dialogs.verdict_rule_pattern import (
    SelectionProblem,
    pattern_from_selection,
    utf16_to_index,
)
from judgedesk.ui.dialogs.verdict_rule_trial import load_replies
from judgedesk.ui.dialogs.verdict_rule_words import RuleWords
from judgedesk.ui.tasks import TaskRunner

EXAMPLES = 20
"""How many of the judge's stored replies are offered as examples."""
_SHOWN_CHARS = 70


class ExamplePanel(QGroupBox):
    """ "The verdict looks like…": a stored or pasted reply, and the verdict selected in it.

    Signals:
        sig_selected: a :class:`SelectedVerdict` made from the selection.
        sig_text_changed: the example's text changed (its reading is shown again).
    """

    sig_selected = Signal(object)
    sig_text_changed = Signal()

    def __init__(
        self, tasks: TaskRunner, store_path: Path, judge: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("verdictRuleExampleBox")
        self.setTitle(self.tr("The verdict looks like…"))
        self.tasks = tasks
        self.words = RuleWords(self)
        self.replies: list[tuple[str, str | None]] = []
        self._key = f"verdict-rule-examples-{id(self)}"
        self.examples = QComboBox(self)
        self.examples.setObjectName("verdictRuleExamples")
        self.examples.setAccessibleName(self.tr("The judge's stored replies"))
        self.examples.addItem(self.tr("Reading the judge's replies…"))
        self.examples.setEnabled(False)
        self.examples.activated.connect(self.pick)
        self.example = QPlainTextEdit(self)
        self.example.setObjectName("verdictRuleExample")
        self.example.setAccessibleName(self.tr("Example reply"))
        self.example.setPlaceholderText(
            self.tr("Paste a reply of this judge here, or pick one of its replies above.")
        )
        self.example.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.example.textChanged.connect(self.sig_text_changed.emit)
        self.use_selection = QPushButton(self.tr("&Use the selection as the verdict"), self)
        self.use_selection.setObjectName("verdictRuleUseSelection")
        self.use_selection.setAutoDefault(False)
        self.use_selection.setToolTip(
            self.tr(
                "Select the verdict in the reply with the mouse first, for example the 8 "
                "of Score: 8."
            )
        )
        self.use_selection.clicked.connect(self.use_selected_text)
        self.result = hint_label(self, "verdictRuleExampleResult")
        self.result.setStyleSheet("")
        layout = QVBoxLayout(self)
        layout.addWidget(self.examples)
        layout.addWidget(self.example, 1)
        layout.addWidget(self.use_selection, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.result)
        self.tasks.start(
            self._key,
            asyncio.to_thread(load_replies, store_path, judge, EXAMPLES),
            on_done=self._replies_loaded,
        )

    def stop(self) -> None:
        self.tasks.cancel(self._key)

    def loading(self) -> bool:
        """True while the judge's stored replies are being read."""
        return self.tasks.running(self._key)

    def _replies_loaded(self, replies: list[tuple[str, str | None]]) -> None:
        self.replies = replies
        self.examples.clear()
        if not replies:
            self.examples.addItem(self.tr("This judge has no stored replies yet: paste one below"))
            return
        for number, (content, _) in enumerate(replies, 1):
            flat = " ".join(content.split())
            shown = flat if len(flat) <= _SHOWN_CHARS else flat[: _SHOWN_CHARS - 1] + "…"
            self.examples.addItem(self.tr("Reply {0}: {1}").format(number, shown))
        self.examples.setEnabled(True)
        if not self.example.toPlainText():
            self.pick(0)

    def pick(self, index: int) -> None:
        """Show the stored reply number ``index`` (from 0)."""
        if 0 <= index < len(self.replies):
            self.examples.setCurrentIndex(index)
            self.example.setPlainText(self.replies[index][0])

    def use_selected_text(self) -> None:
        """Make a pattern from the text selected in the example (or say what is missing)."""
        text = self.example.toPlainText()
        cursor = self.example.textCursor()
        start = utf16_to_index(text, cursor.selectionStart())
        end = utf16_to_index(text, cursor.selectionEnd())
        try:
            selected = pattern_from_selection(text, start, end)
        except SelectionProblem as problem:
            self.result.setText(
                self.tr("Select the verdict within one line of the reply.")
                if problem.why == "lines"
                else self.tr("First select the verdict in the reply, by dragging over it.")
            )
            return
        self.sig_selected.emit(selected)

    def show_reading(self, rule: VerdictRule | None) -> None:
        """Say what ``rule`` reads in the example (nothing while the rule is unusable)."""
        text = self.example.toPlainText()
        if rule is None or not text.strip():
            self.result.setText("")
            return
        reasoning = next((r for content, r in self.replies if content == text), None)
        verdict = read_with_rule(rule, text, reasoning)
        if verdict.ok:
            words = self.words.verdict_words(rule.kind, verdict.label, verdict.value)
            self.result.setText(self.tr("In this reply the rule reads: {0}").format(words))
        else:
            self.result.setText(
                self.tr("In this reply nothing is read: {0}").format(
                    self.words.reason(verdict.reason, rule)
                )
            )
