"""The template library's right side: what a built-in template is, its source, its example."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QGridLayout,
    QLabel,
    QPlainTextEdit,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.template import PromptPreview, TemplateInfo, TemplateNeeds
from judgedesk.ui.dialogs.choice import hint_label
from judgedesk.ui.editors import CodeEditor
from judgedesk.ui.editors.prompt_view import PromptPreviewView


class TemplateDetailsView(QWidget):
    """A template's title and description, the verdict it asks for, what it reads, and
    two tabs: its source (read-only, in colour) and its prompt for a row of the dataset."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("libraryDetails")
        self._verdicts = {
            "score": self.tr("A score, written as “Score: [[n]]”"),
            "comparison": self.tr(
                "Which of two answers is better, [[A>>B]] … [[B>>A]], read as 1 to 5"
            ),
            "choice5": self.tr("One of five choices, A++ A+ A=B B+ B++, read as 1 to 5"),
            "correctness": self.tr("Correct or incorrect (A or B), read as true or false"),
            "json": self.tr("A JSON object: an overall score and a score for each dimension"),
            "mtbench_pair": self.tr("MT-Bench's [[A]], [[B]] or [[C]] (a tie), read as 2, 4 or 3"),
            "prometheus": self.tr("Prometheus' “[RESULT] n”, a score from 1 to 5"),
            "prometheus_pair": self.tr("Prometheus' “[RESULT] A” or “[RESULT] B”"),
            "llmbar": self.tr("LLMBar's “Output (a)” or “Output (b)”"),
            "judgelm": self.tr("JudgeLM's two scores on the first line, compared"),
        }
        self.title = QLabel("", self)
        self.title.setObjectName("libraryTitle")
        font = self.title.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.title.setFont(font)
        self.description = hint_label(self, "libraryDescription")
        self.description.setStyleSheet("")
        facts = QGridLayout()
        facts.setHorizontalSpacing(12)
        facts.setColumnStretch(1, 1)
        self.verdict = self._fact(facts, 0, self.tr("Verdict:"), "libraryVerdict")
        self.mode = self._fact(facts, 1, self.tr("Looks at:"), "libraryMode")
        self.row_values = self._fact(facts, 2, self.tr("Reads from the row:"), "libraryRowValues")
        self.variables = self._fact(facts, 3, self.tr("Project variables:"), "libraryVariables")
        self.source = CodeEditor("jinja", self)
        self.source.setObjectName("librarySource")
        self.source.setAccessibleName(self.tr("The template's source"))
        self.source.setReadOnly(True)
        self.source.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.source.setTabChangesFocus(True)
        example = QWidget(self)
        self.example_row = hint_label(example, "libraryExampleRow")
        self.example = PromptPreviewView(example)
        self.example.setObjectName("libraryExampleView")
        self.example.text.setObjectName("libraryExample")
        self.example.text.setAccessibleName(self.tr("The template rendered for the row"))
        self.example.problems.setObjectName("libraryExampleProblems")
        self.example.splitter.setObjectName("libraryExampleSplitter")
        self.example.splitter.setStretchFactor(0, 5)
        example_layout = QVBoxLayout(example)
        example_layout.setContentsMargins(4, 4, 4, 0)
        example_layout.addWidget(self.example_row)
        example_layout.addWidget(self.example, 1)
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("libraryTabs")
        self.tabs.setAccessibleName(self.tr("Source and example"))
        self.tabs.addTab(self.source, self.tr("Sour&ce"))
        self.tabs.addTab(example, self.tr("&Example for this row"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.description)
        layout.addLayout(facts)
        layout.addWidget(self.tabs, 1)

    def _fact(self, grid: QGridLayout, row: int, title: str, name: str) -> QLabel:
        heading = QLabel(title, self)
        heading.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        value = hint_label(self, name)
        value.setStyleSheet("")
        grid.addWidget(heading, row, 0)
        grid.addWidget(value, row, 1)
        return value

    def clear(self) -> None:
        """Show nothing (no template matches the search)."""
        for label in (self.title, self.description, self.verdict, self.mode):
            label.clear()
        for label in (self.row_values, self.variables, self.example_row):
            label.clear()
        self.source.clear()
        self.example.clear()

    def show_template(self, info: TemplateInfo, needs: TemplateNeeds) -> None:
        """Describe a template; its example follows with :meth:`show_example`."""
        self.title.setText(info.title)
        self.description.setText(info.description)
        self.verdict.setText(self._verdicts.get(info.parser, info.parser))
        self.mode.setText(self._mode(info))
        self.row_values.setText(", ".join(needs.row_values))
        self.variables.setText(self._variables_text(needs.variables, needs.missing))
        if self.source.toPlainText() != info.text:
            self.source.setPlainText(info.text)
        self.example_row.setText(self.tr("Rendering…"))

    def show_example(self, preview: PromptPreview, defaults_used: bool) -> None:
        """Show a template's prompt for a row; ``defaults_used``: the template's own values
        stood in for variables the project lacks."""
        self.example.show_preview(preview, has_rows=preview.row is not None)
        if preview.row is None:
            text = self.tr("No dataset row to show: values from a row are empty.")
        elif defaults_used:
            text = self.tr(
                "Row {0} (id {1}), with the project's variables and, for those the project "
                "lacks, this template's defaults."
            )
        else:
            text = self.tr("Row {0} (id {1}), with the project's variables.")
        self.example_row.setText(text.format(preview.row, preview.row_id))

    def _mode(self, info: TemplateInfo) -> str:
        parts = [
            self.tr("two answers side by side")
            if info.mode == "pairwise"
            else self.tr("one answer at a time")
        ]
        if info.uses_reference:
            parts.append(self.tr("the reference answer"))
        if info.multi_turn:
            parts.append(self.tr("the earlier turns of a chat"))
        return self.tr(", ").join(parts)

    def _variables_text(self, names: tuple[str, ...], missing: dict[str, object]) -> str:
        if not names:
            return self.tr("none")
        have = [n for n in names if n not in missing]
        parts = []
        if have:
            parts.append(self.tr("{0} (the project has them)").format(", ".join(have)))
        if missing:
            parts.append(self.tr("{0} (missing in the project)").format(", ".join(missing)))
        return self.tr("; ").join(parts)
