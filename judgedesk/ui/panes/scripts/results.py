"""The Scripts pane's results: what a script returned, changed, printed, or why it failed."""

from __future__ import annotations

import html
import json
from typing import Any

from PySide6.QtCore import QCoreApplication, QDateTime, Qt
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QLabel,
    QPlainTextEdit,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.run import FieldChange, JudgeReplies, ScriptTrial
from judgedesk.core.scripts import ScriptOutcome
from judgedesk.ui.core_strings import core_say
from judgedesk.ui.rich_text import DataBrowser

VALUE_LIMIT = 400  # characters of a value shown in the table of changes
CHANGE_COLOURS = {"added": "#188038", "removed": "#d93025", "changed": "#e37400"}
FAILED_COLOUR = "#d93025"
OK_COLOUR = "#188038"


def pretty(value: Any) -> str:
    """A value as indented JSON, Chinese and other scripts kept readable."""
    return json.dumps(value, ensure_ascii=False, indent=2, default=str)


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= VALUE_LIMIT else text[: VALUE_LIMIT - 1] + "…"


class ScriptTrialView(QWidget):
    """One line saying how the last try went, and tabs with the details."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("scriptsTrialView")
        self.outcome = QLabel("", self)
        self.outcome.setObjectName("scriptsOutcome")
        self.outcome.setWordWrap(True)
        self.outcome.setTextFormat(Qt.TextFormat.PlainText)
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("scriptsResultTabs")
        self.tabs.setAccessibleName(self.tr("Results of the try"))
        self.returned = self._text("scriptsReturned", self.tr("Returned value"))
        self.changes = DataBrowser(self)
        self.changes.setObjectName("scriptsChanges")
        self.changes.setAccessibleName(self.tr("Changes to data and resp"))
        self.stdout = self._text("scriptsStdout", self.tr("Printed output (stdout)"))
        self.stderr = self._text("scriptsStderr", self.tr("Error output (stderr)"))
        printed = QSplitter(Qt.Orientation.Vertical, self)
        printed.setObjectName("scriptsPrinted")
        for title, edit in ((self.tr("stdout"), self.stdout), (self.tr("stderr"), self.stderr)):
            box = QWidget(printed)
            box_layout = QVBoxLayout(box)
            box_layout.setContentsMargins(0, 0, 0, 0)
            label = QLabel(title, box)
            label.setObjectName(f"{edit.objectName()}Label")
            label.setBuddy(edit)
            box_layout.addWidget(label)
            box_layout.addWidget(edit, 1)
            printed.addWidget(box)
        self.replies = self._text("scriptsJudgeReplies", self.tr("Judge replies passed in"))
        self.problem = self._text("scriptsProblem", self.tr("What went wrong"))
        self.tabs.addTab(self.returned, self.tr("Returned"))
        self.tabs.addTab(self.changes, self.tr("Changes"))
        self.tabs.addTab(printed, self.tr("Printed"))
        self.tabs.addTab(self.replies, self.tr("Judge replies"))
        self.tabs.addTab(self.problem, self.tr("Problem"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.outcome)
        layout.addWidget(self.tabs, 1)
        self.clear()

    def _text(self, name: str, spoken: str) -> QPlainTextEdit:
        edit = QPlainTextEdit(self)
        edit.setObjectName(name)
        edit.setAccessibleName(spoken)
        edit.setReadOnly(True)
        edit.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        return edit

    # --- states -----------------------------------------------------------------------

    def clear(self, message: str = "") -> None:
        """Forget the last try."""
        for edit in (self.returned, self.stdout, self.stderr, self.replies, self.problem):
            edit.clear()
        self.changes.clear()
        self.tabs.setTabVisible(self.tabs.indexOf(self.replies), False)
        self._set_titles(None, False)
        hint = self.tr("Press Run on this row (Ctrl+Enter) to try the script on the row shown.")
        self._say(message or hint, "")

    def show_running(self, script: str, row: int, timeout: float) -> None:
        """Say that a try is under way, and when it will be stopped at the latest."""
        self.clear()
        if timeout > 0:
            text = self.tr("Running {0} on row {1}… It is stopped after {2} s.").format(
                script, row, f"{timeout:g}"
            )
        else:
            text = self.tr("Running {0} on row {1}… (no time limit: press Stop to end it)")
            text = text.format(script, row)
        self._say(text, "")

    def show_stopped(self, script: str) -> None:
        """The person stopped the try."""
        self._say(self.tr("Stopped: {0} was ended before it finished.").format(script), "")

    def show_blocked(self, words: str) -> None:
        """The try was refused: the project's scripts are not trusted (``words`` say why)."""
        self.clear(words)
        self.problem.setPlainText(words)
        self.outcome.setStyleSheet(f"color: {FAILED_COLOUR};")

    def show_trial(self, trial: ScriptTrial, timeout: float, memory_mb: int) -> None:
        """Show how a try went: the value and changes, or the failure in words."""
        script = f"{trial.kind}.py"
        outcome, failure = trial.outcome, trial.failure
        where = self.tr("row {0} (id {1})").format(trial.row, trial.row_id)
        self.replies.setPlainText(self._replies_text(trial.replies))
        self.tabs.setTabVisible(self.tabs.indexOf(self.replies), trial.replies is not None)
        shown = outcome if outcome is not None else trial.preprocess
        if shown is not None:
            self.stdout.setPlainText(shown.stdout)
            self.stderr.setPlainText(shown.stderr)
        if failure is not None:
            failed = "preprocess.py" if outcome is None else script
            words = failure_words(failure, failed, timeout, memory_mb)
            if outcome is None:
                words = self.tr("{0} failed first, so {1} did not run. {2}").format(
                    failed, script, words
                )
            line = self.tr(" (line {0})").format(failure.error_line) if failure.error_line else ""
            self._say(self.tr("Failed on {0}{1}: {2}").format(where, line, words), FAILED_COLOUR)
            detail = core_say(failure.error or "") if failure.kind != "timeout" else ""
            self.problem.setPlainText(f"{words}\n\n{detail}".strip())
            self._set_titles(None, True)
            self.tabs.setCurrentWidget(self.problem)
            return
        assert outcome is not None
        self.returned.setPlainText(pretty(outcome.value))
        self.changes.setHtml(self._changes_html(trial.changes))
        self._set_titles(len(trial.changes), False)
        self._say(
            self.tr("{0} ran on {1} in {2} and returned {3}.").format(
                script, where, self._duration(outcome.duration), _short(outcome.value)
            )
            + " "
            + self.tr("Fields changed: {0}.").format(len(trial.changes)),
            OK_COLOUR,
        )
        self.tabs.setCurrentWidget(self.returned)

    # --- pieces -----------------------------------------------------------------------

    def _duration(self, seconds: float) -> str:
        if seconds >= 1:
            return self.tr("{0} s").format(f"{seconds:.1f}")
        return self.tr("{0} ms").format(max(1, round(seconds * 1000)))

    def _say(self, text: str, colour: str) -> None:
        self.outcome.setText(text)
        self.outcome.setStyleSheet(f"color: {colour};" if colour else "")

    def _set_titles(self, changes: int | None, failed: bool) -> None:
        index = self.tabs.indexOf(self.changes)
        if changes is None:
            self.tabs.setTabText(index, self.tr("Changes"))
        else:
            self.tabs.setTabText(index, self.tr("Changes ({0})").format(changes))
        self.tabs.setTabText(
            self.tabs.indexOf(self.problem), self.tr("Problem ●") if failed else self.tr("Problem")
        )

    def _changes_html(self, changes: list[FieldChange]) -> str:
        if not changes:
            return "<p>" + html.escape(self.tr("Nothing in data or resp was changed.")) + "</p>"
        words = {
            "added": self.tr("added"),
            "removed": self.tr("removed"),
            "changed": self.tr("changed"),
        }
        head = "".join(
            f"<th align='left'>{html.escape(t)}</th>"
            for t in (self.tr("Field"), self.tr("Change"), self.tr("Before"), self.tr("After"))
        )
        rows = []
        for change in changes:
            old = "—" if change.change == "added" else html.escape(_short(change.old))
            new = "—" if change.change == "removed" else html.escape(_short(change.new))
            colour = CHANGE_COLOURS[change.change]
            rows.append(
                f"<tr><td><code>{html.escape(change.path)}</code></td>"
                f"<td style='color:{colour}'>{html.escape(words[change.change])}</td>"
                f"<td><code>{old}</code></td><td><code>{new}</code></td></tr>"
            )
        return (
            "<table cellspacing='0' cellpadding='4' width='100%'>"
            f"<tr>{head}</tr>{''.join(rows)}</table>"
        )

    def _replies_text(self, replies: JudgeReplies | None) -> str:
        if replies is None:
            return self.tr("Only postprocess receives judge replies.")
        lines = [replies_source_text(replies), ""]
        for name, reply in zip(replies.judges, replies.judge_resps, strict=False):
            lines.append(f"── {name} ──")
            lines.append(pretty(reply))
            lines.append("")
        return "\n".join(lines)


def replies_source_text(replies: JudgeReplies) -> str:
    """Where the judge replies of a postprocess try came from, in words."""
    names = ", ".join(replies.judges)
    if replies.source == "store":
        when = ""
        if replies.run_started is not None:
            moment = QDateTime.fromSecsSinceEpoch(int(replies.run_started))
            when = moment.toString("yyyy-MM-dd HH:mm")
        return QCoreApplication.translate(
            "ScriptTrialView", "Stored replies from run {0} ({1}) of the judges: {2}."
        ).format(replies.run_id, when, names)
    return QCoreApplication.translate(
        "ScriptTrialView", "The sample reply, standing in for judge {0}."
    ).format(names)


def failure_words(outcome: ScriptOutcome, script: str, timeout: float, memory_mb: int) -> str:
    """What kind of failure it was, and what to do about it."""
    kind = outcome.kind
    if kind == "exception":
        return QCoreApplication.translate("ScriptTrialView", "{0} raised an exception: {1}").format(
            script, outcome.summary
        )
    if kind == "timeout":
        return QCoreApplication.translate(
            "ScriptTrialView",
            "{0} ran longer than the time limit of {1} s and was stopped. Look for an "
            "endless loop or slow work; if it is just slow, raise the time limit.",
        ).format(script, f"{timeout:g}")
    if kind == "exit":
        return QCoreApplication.translate(
            "ScriptTrialView",
            "{0} called sys.exit() or exit(), which would end every row. Return a value instead.",
        ).format(script)
    if kind == "memory":
        return QCoreApplication.translate(
            "ScriptTrialView", "{0} needed more memory than the limit of {1} MB and was stopped."
        ).format(script, memory_mb)
    if kind == "crash":
        return QCoreApplication.translate(
            "ScriptTrialView",
            "The process running {0} crashed (os._exit, or a fault in a native library).",
        ).format(script)
    if kind == "bad_value":
        return QCoreApplication.translate(
            "ScriptTrialView",
            "{0} returned or stored a value that is not plain data. Use text, numbers, "
            "true/false, None, and lists or dicts of those.",
        ).format(script)
    if kind == "load":
        return QCoreApplication.translate(
            "ScriptTrialView",
            "{0} could not be loaded: a syntax error, an error outside the function, or "
            "no function with the right name.",
        ).format(script)
    return QCoreApplication.translate("ScriptTrialView", "{0} failed: {1}").format(
        script, outcome.summary or kind
    )
