"""The Template pane's right side: the prompt as the judge receives it, and its problems."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QFontDatabase, QPalette, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QSplitter,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.template import PromptPreview, TemplateIssue
from judgedesk.ui.core_strings import core_problem
from judgedesk.ui.editors import Marker

LINE_ROLE = Qt.ItemDataRole.UserRole
COLUMN_ROLE = Qt.ItemDataRole.UserRole + 1


def utf16_column(line_text: str, column: int) -> int:
    """A 1-based column counted in characters, as Qt counts it (UTF-16 units)."""
    return len(line_text[: max(column - 1, 0)].encode("utf-16-le")) // 2 + 1


def markers_for(
    issues: tuple[TemplateIssue, ...],
    source: str,
    describe: Callable[[TemplateIssue], str] = lambda issue: issue.message,
) -> list[Marker]:
    """Editor markers for the issues that have a line, explained by ``describe``."""
    lines = source.split("\n")
    markers = []
    for issue in issues:
        if not issue.line:
            continue
        text = lines[issue.line - 1] if issue.line <= len(lines) else ""
        column = utf16_column(text, issue.column) if issue.column else 0
        markers.append(
            Marker(issue.line, column, describe(issue), issue.severity, max(1, issue.length))
        )
    return markers


class PromptPreviewView(QWidget):
    """The rendered prompt, an estimate of its tokens, and the problems in words.

    Signals:
        sig_line_requested: (line, column), 1-based, when a problem is chosen.
    """

    sig_line_requested = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("templatePreviewView")
        title = QLabel(self.tr("&What the judge receives"), self)
        title.setObjectName("templatePreviewTitle")
        bold = title.font()
        bold.setBold(True)
        title.setFont(bold)
        self.tokens = QLabel("", self)
        self.tokens.setObjectName("templateTokens")
        self.tokens.setToolTip(
            self.tr(
                "An estimate: about 4 characters per token for English, 1 per Chinese "
                "character. Each model's tokenizer counts a little differently."
            )
        )
        self.text = QPlainTextEdit(self)
        self.text.setObjectName("templatePreview")
        self.text.setAccessibleName(self.tr("Rendered prompt"))
        self.text.setReadOnly(True)
        self.text.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
            | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.text.setTabChangesFocus(True)
        title.setBuddy(self.text)
        self.problems_title = QLabel(self.tr("&Problems"), self)
        self.problems_title.setObjectName("templateProblemsTitle")
        self.problems_title.setFont(bold)
        self.problems = QListWidget(self)
        self.problems.setObjectName("templateProblems")
        self.problems.setAccessibleName(self.tr("Problems"))
        self.problems.setWordWrap(True)
        self.problems.setAlternatingRowColors(True)
        self.problems.itemClicked.connect(self._chosen)
        self.problems.itemActivated.connect(self._chosen)
        self.problems_title.setBuddy(self.problems)

        heading = QHBoxLayout()
        heading.addWidget(title)
        heading.addStretch(1)
        heading.addWidget(self.tokens)
        top = QWidget(self)
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addLayout(heading)
        top_layout.addWidget(self.text, 1)
        bottom = QWidget(self)
        bottom_layout = QVBoxLayout(bottom)
        bottom_layout.setContentsMargins(0, 0, 0, 0)
        bottom_layout.addWidget(self.problems_title)
        bottom_layout.addWidget(self.problems, 1)
        self.splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.splitter.setObjectName("templatePreviewSplitter")
        self.splitter.addWidget(top)
        self.splitter.addWidget(bottom)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.splitter)

    # --- showing --------------------------------------------------------------------------

    def clear(self) -> None:
        self.text.clear()
        self.tokens.clear()
        self.problems.clear()
        self.problems_title.setText(self.tr("&Problems"))

    def show_preview(self, preview: PromptPreview, *, has_rows: bool) -> None:
        """Show a render; ``has_rows`` False says that no dataset row could be used."""
        prompt = preview.prompt
        scroll = self.text.verticalScrollBar().value()
        self.text.clear()
        cursor = QTextCursor(self.text.document())
        heading, plain, note = self._formats()
        if prompt.system:
            cursor.insertText(self.tr("System prompt") + "\n", heading)
            cursor.insertText(prompt.system + "\n\n", plain)
        cursor.insertText(self.tr("User message") + "\n", heading)
        if prompt.ok:
            cursor.insertText(prompt.user, plain)
        else:
            cursor.insertText(
                self.tr("Nothing can be rendered until the problems below are fixed."), note
            )
        self.text.verticalScrollBar().setValue(scroll)
        self.tokens.setText(self.tr("≈ {0} tokens").format(f"{preview.tokens:,}"))
        self._show_problems(prompt.issues, has_rows)

    def _formats(self) -> tuple[QTextCharFormat, QTextCharFormat, QTextCharFormat]:
        palette = self.text.palette()
        heading = QTextCharFormat()
        heading.setFontWeight(QFont.Weight.Bold)
        heading.setForeground(palette.color(QPalette.ColorRole.PlaceholderText))
        plain = QTextCharFormat()
        plain.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.GeneralFont))
        plain.setForeground(palette.color(QPalette.ColorRole.Text))
        note = QTextCharFormat(plain)
        note.setFontItalic(True)
        note.setForeground(palette.color(QPalette.ColorRole.PlaceholderText))
        return heading, plain, note

    def _show_problems(self, issues: tuple[TemplateIssue, ...], has_rows: bool) -> None:
        self.problems.clear()
        style = self.style()
        if not has_rows:
            self._note(self.tr("No dataset rows to show: values read from a row print as nothing."))
        for issue in issues:
            text = self.describe(issue)
            if issue.line:
                text = self.tr("Line {0}: {1}").format(issue.line, text)
            icon = (
                QStyle.StandardPixmap.SP_MessageBoxCritical
                if issue.severity == "error"
                else QStyle.StandardPixmap.SP_MessageBoxWarning
            )
            item = QListWidgetItem(style.standardIcon(icon), text)
            item.setData(LINE_ROLE, issue.line or 0)
            item.setData(COLUMN_ROLE, issue.column or 1)
            item.setToolTip(self.tr("Click to go to the line") if issue.line else "")
            self.problems.addItem(item)
        count = len(issues)
        if count:
            self.problems_title.setText(self.tr("&Problems ({0})").format(count))
        else:
            self.problems_title.setText(self.tr("&Problems"))
            if has_rows:
                self._note(self.tr("No problems for this row."))

    def _note(self, text: str) -> None:
        item = QListWidgetItem(text)
        item.setFlags(Qt.ItemFlag.ItemIsEnabled)
        item.setData(LINE_ROLE, 0)
        self.problems.addItem(item)

    def describe(self, issue: TemplateIssue) -> str:
        """An issue in words, in the interface's language where the kind is known."""
        # The core explains in English; the usual kinds are said again here so that they
        # can be translated. Others (syntax errors, failures) keep the core's words.
        name = issue.name
        if issue.kind == "undefined" and name:
            return self.tr(
                "“{0}” is not defined for this row, so it prints as nothing. Check the "
                "spelling against the dataset's fields, or define it as a project variable."
            ).format(name)
        if issue.kind == "none" and name:
            return self.tr(
                "“{0}” has no value (None) for this row, so it prints as nothing."
            ).format(name)
        if issue.kind == "empty" and name:
            return self.tr("“{0}” is empty for this row, so it prints as nothing.").format(name)
        if issue.kind == "limit":  # a render stopped by a limit, said in the core's words
            return core_problem(issue.message)
        return issue.message

    def problem_texts(self) -> list[str]:
        """The problems as listed (notes included)."""
        return [self.problems.item(i).text() for i in range(self.problems.count())]

    def _chosen(self, item: QListWidgetItem) -> None:
        line = int(item.data(LINE_ROLE) or 0)
        if line:
            self.sig_line_requested.emit(line, int(item.data(COLUMN_ROLE) or 1))
