"""The Template pane's "Judge this row": the judge's reply and verdict for the row shown."""

from __future__ import annotations

import asyncio
import copy
import html
import threading
from functools import partial
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, QUrl, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.project import TrustState, Workspace
from judgedesk.core.review import ReviewExamples
from judgedesk.core.run import DryRun, judge_one_row_blocking
from judgedesk.ui.core_strings import core_reason
from judgedesk.ui.dialogs.trust import untrusted_words, when_trusted
from judgedesk.ui.keys import PaneKey, keys_for
from judgedesk.ui.rich_text import (
    MARKDOWN_LIMIT,
    ROLE_COLOURS,
    DataBrowser,
    markdown_html,
    plain_html,
)
from judgedesk.ui.tasks import TaskRunner

TASK = "template-dry-run"
DRY_RUN_KEYS: tuple[PaneKey, ...] = (
    PaneKey(
        ("Ctrl+Return",),
        QT_TRANSLATE_NOOP("Shortcuts", "Judge the row shown (no run is recorded)"),
        "judge",
    ),
)
"""The dry run's key (on its Judge this row button)."""


class DryRunView(QWidget):
    """Sends the prompt being edited to the chosen judge for one row, shows what it said.

    Nothing is recorded as a run; the reply is kept in the project's call cache, so a
    later run of the same prompt and row does not ask the judge again.

    Signals:
        sig_judged: the :class:`DryRun` shown, once the judge answered (or failed).
        sig_blocked: the project's :class:`TrustState` when its preprocess script may
            not run, so the row was not judged.
    """

    sig_judged = Signal(object)
    sig_blocked = Signal(object)

    def __init__(self, workspace: Workspace, tasks: TaskRunner, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("templateDryRun")
        self.workspace = workspace
        self.tasks = tasks
        self._stop: threading.Event | None = None
        self._result: DryRun | None = None
        self._show_reasoning = False

        title = QLabel(self.tr("The judge's &verdict"), self)
        title.setObjectName("templateDryRunTitle")
        bold = title.font()
        bold.setBold(True)
        title.setFont(bold)
        self.judge_button = QPushButton(self.tr("Judge this row"), self)
        self.judge_button.setObjectName("templateJudgeRow")
        self.judge_button.setAccessibleName(self.tr("Judge this row"))
        self.judge_button.setToolTip(
            self.tr(
                "Send the prompt shown to the judge and read its verdict (Ctrl+Enter). "
                "No run is recorded; the reply is kept, so a run does not ask again."
            )
        )
        self.judge_button.setShortcut(keys_for(DRY_RUN_KEYS, "judge")[0])
        self.stop_button = QPushButton(self.tr("Stop"), self)
        self.stop_button.setObjectName("templateJudgeRowStop")
        self.stop_button.setAccessibleName(self.tr("Stop judging this row"))
        self.stop_button.setEnabled(False)
        self.stop_button.clicked.connect(self.stop)
        self.summary = QLabel("", self)
        self.summary.setObjectName("templateDryRunSummary")
        self.summary.setWordWrap(True)
        # It quotes the judge's label and reasons: words, never markup.
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.reply = DataBrowser(self)
        self.reply.setObjectName("templateDryRunReply")
        self.reply.setAccessibleName(self.tr("The judge's reply"))
        self.reply.anchorClicked.connect(self._anchor)
        title.setBuddy(self.reply)

        heading = QHBoxLayout()
        heading.addWidget(title)
        heading.addStretch(1)
        heading.addWidget(self.stop_button)
        heading.addWidget(self.judge_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(heading)
        layout.addWidget(self.summary)
        layout.addWidget(self.reply, 1)
        self.show_idle("")

    # --- judging --------------------------------------------------------------------------

    def judge(self, judge: str, row: int | None, template: str) -> None:
        """Ask ``judge`` about ``row`` with the text ``template`` (in a worker thread)."""
        project, dataset = self.workspace.project, self.workspace.dataset
        if project is None or dataset is None or row is None:
            self._show_message(self.tr("There is no row to judge: open a dataset first."))
            return
        self.stop()
        stop = threading.Event()
        self._stop = stop
        self._result = None
        self.judge_button.setEnabled(False)
        self.stop_button.setEnabled(True)
        self.summary.setText(self.tr("Asking {0} about row {1}…").format(judge, row))
        self.reply.clear()
        work = partial(
            asyncio.to_thread,
            judge_one_row_blocking,
            copy.deepcopy(project),  # the worker reads a copy; edits go on meanwhile
            dataset,
            row,
            judge,
            template_source=template,
            stop=stop,
            examples=ReviewExamples(),  # the examples a run would show the judge
        )
        # Only the preprocess script runs here: an untrusted one refuses the question.
        self.tasks.start(
            TASK, when_trusted(project.root, work, ("preprocess",)), on_done=self._judged
        )

    def stop(self) -> None:
        """Abandon the question being asked."""
        if self._stop is not None:
            self._stop.set()
            self._stop = None

    def busy(self) -> bool:
        return self.tasks.running(TASK)

    def show_idle(self, judge: str) -> None:
        """The state before any question: what the button does."""
        self.stop()
        self._result = None
        self.judge_button.setEnabled(bool(judge))
        self.stop_button.setEnabled(False)
        self.summary.setText(
            self.tr(
                "Press Judge this row (Ctrl+Enter) to send this prompt to {0} and see its "
                "verdict, without starting a run."
            ).format(judge)
            if judge
            else ""
        )
        self.reply.clear()

    def _judged(self, result: DryRun | TrustState) -> None:
        self._stop = None
        self.judge_button.setEnabled(True)
        self.stop_button.setEnabled(False)
        if isinstance(result, TrustState):
            self._show_message(untrusted_words(result))
            self.sig_blocked.emit(result)
            return
        self._result = result
        self._show_reasoning = False
        self.summary.setText(self.describe(result))
        self._render()
        self.sig_judged.emit(result)

    def _show_message(self, text: str) -> None:
        self.summary.setText(text)
        self.reply.clear()

    # --- showing --------------------------------------------------------------------------

    def describe(self, result: DryRun) -> str:
        """The outcome in one line: the verdict, then how it was obtained."""
        if result.status == "error":
            if result.error_kind == "stopped":
                return self.tr("Stopped before the judge answered.")
            return self.tr("Row {0} could not be judged: {1}").format(result.row, result.reason)
        if result.status == "unparsed":
            head = self.tr("No verdict could be read from the reply: {0}").format(
                core_reason(result.reason)
            )
        else:
            head = self.tr("Verdict: {0}").format(self.verdict_text(result))
        facts = [self.tr("read as “{0}”").format(result.parser)] if result.parser else []
        if result.cached:
            facts.append(self.tr("reply from the cache (the judge was not asked again)"))
        else:
            facts.append(self.tr("{0:.1f} s").format(result.latency))
            if result.attempts > 1:
                facts.append(self.tr("{0} attempts").format(result.attempts))
        if result.prompt_tokens or result.completion_tokens:
            facts.append(
                self.tr("{0} + {1} tokens").format(
                    f"{result.prompt_tokens:,}", f"{result.completion_tokens:,}"
                )
            )
        return head + " · " + " · ".join(facts)

    def _render(self) -> None:
        result = self._result
        if result is None:
            self.reply.clear()
            return
        parts: list[str] = []
        if result.dimensions:
            rows = "".join(
                f"<tr><td>{html.escape(name)}</td><td align='right'>{value:g}</td></tr>"
                for name, value in result.dimensions.items()
            )
            parts.append(f"<table cellpadding='3'>{rows}</table>")
        if result.reasoning:
            label = (
                self.tr("Hide the judge's reasoning")
                if self._show_reasoning
                else self.tr("Show the judge's reasoning ({0} characters)").format(
                    f"{len(result.reasoning):,}"
                )
            )
            parts.append(f"<p><a href='#toggle-reasoning'>{html.escape(label)}</a></p>")
            if self._show_reasoning:
                parts.append(self._box(self._rich(result.reasoning), "system"))
        if result.content is not None:
            parts.append(self._box(self._rich(result.content), "assistant"))
        for warning in result.warnings:
            parts.append(f"<p><i>{html.escape(warning)}</i></p>")
        scroll = self.reply.verticalScrollBar().value()
        self.reply.setHtml("".join(parts))
        self.reply.verticalScrollBar().setValue(scroll)

    def _rich(self, text: str) -> str:
        if len(text) > MARKDOWN_LIMIT:
            return f"<p>{plain_html(text)}</p>"
        return markdown_html(text, self.palette().color(QPalette.ColorRole.Link).name())

    def _box(self, body: str, role: str) -> str:
        light, dark = ROLE_COLOURS.get(role, ROLE_COLOURS["system"])
        dark_theme = self.palette().color(QPalette.ColorRole.Base).lightness() < 128
        return (
            f"<table width='100%' cellpadding='8' cellspacing='0' style='background-color:"
            f"{dark if dark_theme else light}'><tr><td>{body}</td></tr></table>"
        )

    def _anchor(self, url: QUrl) -> None:
        if url.toString() == "#toggle-reasoning":
            self._show_reasoning = not self._show_reasoning
            self._render()

    def verdict_text(self, result: DryRun) -> str:
        """The verdict as a person reads it: a score, a label, correct or incorrect."""
        value: Any = result.value
        if isinstance(value, bool):
            return self.tr("✔ correct") if value else self.tr("✘ incorrect")
        if result.label and str(result.label) != str(value):
            return f"{value} ({result.label})"
        return str(value)

    def result(self) -> DryRun | None:
        """The outcome shown, if any."""
        return self._result
