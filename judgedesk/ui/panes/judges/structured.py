"""The judge form's rows for structured verdicts: asking for JSON, and in which dialect."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QT_TRANSLATE_NOOP, QObject, QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QWidget,
)

from judgedesk.core.judge import (
    FORMAT_TITLES,
    FORMATS,
    FormatFinding,
    JudgeSettings,
    find_format_at,
)
from judgedesk.ui.core_strings import core_tr
from judgedesk.ui.tasks import TaskRunner

# The core's names of the dialects, for lupdate; tests/ui/test_judge_local.py checks that
# they are spelled exactly as judgedesk.core.judge.structured.FORMAT_TITLES spells them.
CORE_STRINGS = (
    QT_TRANSLATE_NOOP("core", "response_format json_schema (OpenAI, vLLM)"),
    QT_TRANSLATE_NOOP("core", "response_format json_object + schema (llama.cpp, llama-cpp-python)"),
    QT_TRANSLATE_NOOP("core", "format (Ollama)"),
)


class StructuredRows(QObject):
    """The structured-verdict rows of the judge form, and the check Test connection adds.

    Each field calls ``edited`` (the form's one path for edits, undo included) when the
    person changes it; the form then reads the fields back with :meth:`apply`.
    """

    def __init__(
        self,
        parent: QWidget,
        form: QFormLayout,
        tasks: TaskRunner,
        edited: Callable[[], None],
    ) -> None:
        super().__init__(parent)
        self._form, self.tasks, self._edited = form, tasks, edited
        self._found: str | None = None
        self.checkbox = QCheckBox(self.tr("Structured verdicts"), parent)
        self.checkbox.setObjectName("judgeStructured")
        self.checkbox.setToolTip(
            self.tr(
                "Asks the model for its verdict as JSON in a schema made from what this "
                "judge reads (a score in its range, one of the labels, a choice between "
                "two answers), so that small models keep to the format. The prompt stays "
                "as the template writes it."
            )
        )
        self.checkbox.toggled.connect(edited)
        form.addRow("", self.checkbox)
        self.format = QComboBox(parent)
        self.format.setObjectName("judgeStructuredFormat")
        self.format.setAccessibleName(self.tr("How JSON is asked for"))
        self.format.addItem(self.tr("Usual for this server"), "")
        for name in FORMATS:
            self.format.addItem(core_tr(FORMAT_TITLES[name]), name)
        self.format.setToolTip(
            self.tr("Servers take the schema in different fields; Test connection finds one.")
        )
        self.format.currentIndexChanged.connect(edited)
        form.addRow(self.tr("Asked with"), self.format)
        self.finding = QLabel("", parent)
        self.finding.setObjectName("judgeStructuredFinding")
        self.finding.setWordWrap(True)
        self.finding.setTextFormat(Qt.TextFormat.PlainText)
        self.finding.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.use = QPushButton(self.tr("Use Structured Verdicts"), parent)
        self.use.setObjectName("useStructuredVerdicts")
        self.use.clicked.connect(self._use_found)
        self.finding_row = QHBoxLayout()
        self.finding_row.addWidget(self.finding, 1)
        self.finding_row.addWidget(self.use)
        form.addRow("", self.finding_row)

    def show(self, judge: JudgeSettings) -> None:
        """Fill the rows from ``judge`` (the form keeps its own edits quiet meanwhile)."""
        self.checkbox.setChecked(judge.structured)
        self.format.setCurrentIndex(max(0, self.format.findData(judge.structured_format)))
        self.clear_finding()

    def apply(self, judge: JudgeSettings) -> None:
        """Write the rows into ``judge``."""
        judge.structured = self.checkbox.isChecked()
        judge.structured_format = str(self.format.currentData() or "")

    def set_visible(self, model: bool, endpoint: bool) -> None:
        """Every model judge asks for JSON; only an endpoint has a dialect to choose
        (a model file is held to the schema by a grammar)."""
        self._form.setRowVisible(self.checkbox, model)
        self._form.setRowVisible(self.format, endpoint)
        self.format.setEnabled(self.checkbox.isChecked())
        self._form.setRowVisible(self.finding_row, model and bool(self.finding.text()))
        self._offer()

    def _offer(self) -> None:
        """Offer the dialect found, unless the judge asks for JSON in it already."""
        found = self._found
        in_use = self.checkbox.isChecked() and self.format.currentData() == found
        self.use.setVisible(found is not None and not in_use)

    def clear_finding(self) -> None:
        self.tasks.cancel("judge-find-format")
        self._found = None
        self.finding.clear()
        self.use.setVisible(False)
        self._form.setRowVisible(self.finding_row, False)

    # --- which dialect the server honours -------------------------------------------------

    def find_format(self, judge: JudgeSettings) -> None:
        """Ask ``judge``'s server which way of asking for JSON it honours (its key was
        approved for the address by Test connection) and show what was found."""
        self.clear_finding()
        self.finding.setText(self.tr("Checking whether the server answers in JSON…"))
        self._form.setRowVisible(self.finding_row, True)
        coro = find_format_at(
            judge.base_url,
            judge.model,
            key_reference=judge.api_key,
            headers=dict(judge.headers),
            first=judge.structured_dialect(),
        )
        self.tasks.start("judge-find-format", coro, on_done=self._show_finding)

    def _show_finding(self, finding: FormatFinding) -> None:
        self._found = finding.format
        self.finding.setText(finding.describe())
        self._offer()

    def _use_found(self) -> None:
        """Structured verdicts on, in the dialect found: one edit, so one step to undo."""
        if self._found is None:
            return
        with QSignalBlocker(self.checkbox), QSignalBlocker(self.format):
            self.checkbox.setChecked(True)
            self.format.setCurrentIndex(max(0, self.format.findData(self._found)))
        self._edited()
