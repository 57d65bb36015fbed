"""The judge form's row for how a verdict is read: a built-in reader, or the judge's own rule."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from judgedesk.core.judge import PARSERS, JudgeSettings
from judgedesk.ui.dialogs.verdict_rule_words import RuleWords

OWN_RULE = "rule"
"""The reader choice that stands for the judge's own verdict rule."""


class JudgeReaderRow(QWidget):
    """ "How the verdict is read": a built-in reader, or the judge's own rule.

    Signals:
        sig_reader_chosen: the person chose a built-in reader (read it with :meth:`parser`).
        sig_rule_requested: the person asks to write or change the judge's own rule.
    """

    sig_reader_chosen = Signal()
    sig_rule_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("judgeReaderRow")
        self.rule_words = RuleWords(self)
        self.reader = QComboBox(self)
        self.reader.setObjectName("judgeVerdictReader")
        self.reader.setAccessibleName(self.tr("How the verdict is read"))
        self.reader.addItem(self.tr("As the template asks (chosen automatically)"), "")
        names = {
            "score": self.tr("A score such as Score: [[7]]"),
            "comparison": self.tr("A comparison [[A>>B]] … [[B>>A]]"),
            "choice5": self.tr("A five-way choice A++ … B++"),
            "correctness": self.tr("Correct or incorrect (A or B)"),
            "json": self.tr("JSON with an overall score"),
            "mtbench_pair": self.tr("MT-Bench comparison: [[A]], [[B]] or [[C]] for a tie"),
            "prometheus": self.tr("Prometheus grade: [RESULT] 1 to 5"),
            "prometheus_pair": self.tr("Prometheus comparison: [RESULT] A or B"),
            "llmbar": self.tr("LLMBar choice: Output (a) or Output (b)"),
            "judgelm": self.tr("JudgeLM's two scores on the first line"),
        }
        for info in PARSERS.values():
            self.reader.addItem(names.get(info.id, info.title), info.id)
        self.reader.addItem(self.tr("My own rule…"), OWN_RULE)
        self.reader.activated.connect(self._reader_chosen)
        self.rule_button = QPushButton(self.tr("Edit the rule…"), self)
        self.rule_button.setObjectName("judgeEditRule")
        self.rule_button.clicked.connect(self.sig_rule_requested)
        self.rule_text = QLabel("", self)
        self.rule_text.setObjectName("judgeVerdictRule")
        self.rule_text.setWordWrap(True)
        self.rule_text.setTextFormat(Qt.TextFormat.PlainText)
        self.rule_text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        choice = QHBoxLayout()
        choice.addWidget(self.reader, 1)
        choice.addWidget(self.rule_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(choice)
        layout.addWidget(self.rule_text)

    def show_reader(self, judge: JudgeSettings, model: bool = True) -> None:
        """Show how ``judge``'s verdict is read: its built-in reader or its own rule.

        ``model``: the judge asks a model (a rule judge reads no verdict: no rule shown).
        """
        reader = OWN_RULE if judge.verdict else judge.parser
        if self.reader.findData(reader) < 0:
            self.reader.insertItem(self.reader.count() - 1, reader, reader)
        self.reader.setCurrentIndex(self.reader.findData(reader))
        self.rule_text.setText(self.rule_words.describe(judge.verdict) if judge.verdict else "")
        self.set_model(model)

    def set_model(self, model: bool) -> None:
        """Show the rule's button and words only where they apply."""
        self.rule_button.setVisible(self.reader.currentData() == OWN_RULE)
        self.rule_text.setVisible(model and bool(self.rule_text.text()))

    def parser(self) -> str | None:
        """The built-in reader chosen (None: the judge's own rule is chosen)."""
        data = self.reader.currentData()
        return None if data == OWN_RULE else str(data)

    def apply(self, judge: JudgeSettings) -> None:
        """Put a built-in reader chosen into ``judge`` (it then has no own rule)."""
        parser = self.parser()
        if parser is not None:
            judge.parser = parser
            judge.verdict = {}
            self.rule_text.clear()

    def _reader_chosen(self) -> None:
        if self.reader.currentData() == OWN_RULE:
            self.sig_rule_requested.emit()
        else:
            self.sig_reader_chosen.emit()
