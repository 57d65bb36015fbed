"""The inspector's "Judging" tab: what each judge was sent and answered for the row."""

from __future__ import annotations

import asyncio
import html
import json
from typing import Any

from PySide6.QtCore import QTimer, QUrl, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QVBoxLayout, QWidget

from judgedesk.core.project import Workspace
from judgedesk.core.run import JudgeStep, RowOutcome, row_outcome
from judgedesk.ui.core_strings import core_detail, core_reason, core_say
from judgedesk.ui.rich_text import (
    MARKDOWN_LIMIT,
    ROLE_COLOURS,
    DataBrowser,
    is_anchor,
    markdown_html,
    plain_html,
)
from judgedesk.ui.tasks import TaskRunner

RELOAD_MS = 400
"""During a run, the row shown is read again at most this often."""
ALTERNATIVES_SHOWN = 8  # of a 0-10 scale, the likeliest: the rest are slivers
BAR_PIXELS = 120
"""The length of the bar of a verdict certain to be given."""


class RowJudgingView(QWidget):
    """The selected row's latest result: requests, replies, verdicts, scripts, errors.

    Requests and reasoning are folded until asked for; the outcome is read from the
    results store in a worker thread.

    Signals:
        sig_shown: the :class:`RowOutcome` shown (None when the row was never judged).
    """

    sig_shown = Signal(object)

    def __init__(self, workspace: Workspace, tasks: TaskRunner, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("rowJudging")
        self.workspace = workspace
        self.tasks = tasks
        self.browser = DataBrowser(self)
        self.browser.setObjectName("rowJudgingText")
        self.browser.setAccessibleName(self.tr("How the row was judged"))
        self.browser.anchorClicked.connect(self._anchor)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.browser)
        self._outcome: RowOutcome | None = None
        self._open: set[str] = set()  # folded parts opened: "request-0", "reasoning-1"
        self._timer = QTimer(self, singleShot=True, interval=RELOAD_MS)
        self._timer.timeout.connect(self.reload)
        workspace.sig_row_selected.connect(lambda _: self._row_changed())
        workspace.sig_project_opened.connect(lambda _: self._row_changed())
        workspace.sig_results_changed.connect(lambda _: self._schedule())
        self._show(None)

    def _row_changed(self) -> None:
        self._open.clear()
        self._timer.stop()
        self.reload()

    def _schedule(self) -> None:
        if not self._timer.isActive():
            self._timer.start()

    def reload(self) -> None:
        """Read the row's outcome again (in a worker thread)."""
        project, row = self.workspace.project, self.workspace.row
        if project is None or row is None:
            self._show(None)
            return
        self.tasks.start(
            "row-judging",
            asyncio.to_thread(row_outcome, project.store_path, row),
            on_done=self._show,
        )

    def outcome(self) -> RowOutcome | None:
        return self._outcome

    def _show(self, outcome: RowOutcome | None) -> None:
        self._outcome = outcome
        self._render()
        self.sig_shown.emit(outcome)

    def _anchor(self, url: QUrl) -> None:
        if not is_anchor(url):
            return  # an address: the browser asks about it
        part = url.toString().removeprefix("#")
        if part in self._open:
            self._open.discard(part)
        else:
            self._open.add(part)
        self._render()

    # --- HTML -----------------------------------------------------------------------------

    def _render(self) -> None:
        scroll = self.browser.verticalScrollBar().value()
        self.browser.setHtml(self._html())
        self.browser.verticalScrollBar().setValue(scroll)

    def _muted(self, text: str) -> str:
        colour = self.palette().color(QPalette.ColorRole.PlaceholderText).name()
        return f"<span style='color:{colour}'>{html.escape(text)}</span>"

    def _html(self) -> str:
        outcome = self._outcome
        if self.workspace.row is None:
            text = self.tr("Select a row to see how it was judged.")
            return f"<p>{self._muted(text)}</p>"
        if outcome is None:
            text = self.tr(
                "This row has not been judged yet. Run it from the Run pane, or try the "
                "prompt on it with Judge this row in the Template pane."
            )
            return f"<p>{self._muted(text)}</p>"
        value = self._value(outcome.value)
        label = outcome.steps[-1].verdict.get("label") if outcome.steps else None
        numeric = isinstance(outcome.value, int | float) and not isinstance(outcome.value, bool)
        if label and numeric and str(label) != value and outcome.status == "ok":
            value = f"{value} ({label})"  # a pairwise verdict: 3 (A=B)
        status = {
            "ok": self.tr("Result: {0}").format(value),
            "unparsed": self.tr("No verdict could be read"),
            "error": self.tr("Failed"),
        }.get(outcome.status, outcome.status)
        title = self.tr("Run {0} · {1}").format(outcome.run_id, status)
        parts = [f"<h3>{html.escape(title)}</h3>"]
        if outcome.error:
            error = (
                core_reason(outcome.error)
                if outcome.status == "unparsed"
                else core_say(outcome.error)
            )
            parts.append(self._box(plain_html(error), "error"))
        if outcome.decided_by_rule:
            decided = self.tr("A rule judge decided this row.")
            parts.append(f"<p>{self._muted(decided)}</p>")
        if outcome.candidate:
            generated = self.tr("Answer generated by the candidate")
            parts.append(f"<h4>{html.escape(generated)}</h4>")
            parts.append(self._box(self._rich(outcome.candidate.get("content")), "assistant"))
        if outcome.preprocess:
            parts.append(self._script(self.tr("Preprocess script"), outcome.preprocess))
        for number, step in enumerate(outcome.steps):
            parts.append(self._step(number, step))
        if outcome.postprocess:
            parts.append(self._script(self.tr("Postprocess script"), outcome.postprocess))
        return "".join(parts)

    def _step(self, number: int, step: JudgeStep) -> str:
        verdict = step.verdict
        heading = self.tr("Judge {0}").format(step.judge)
        parts = [f"<h4>{html.escape(heading)}</h4>"]
        if verdict.get("ok"):
            said = self.tr("Verdict: {0}").format(self._value(verdict.get("value")))
            label = verdict.get("label")
            if label is not None and str(label) != str(verdict.get("value")):
                said += f" ({label})"
        else:
            said = self.tr("No verdict: {0}").format(core_reason(verdict.get("reason") or "—"))
        facts = [said]
        if len(step.orders) == 2 and step.consistent is not None:
            facts.append(self.orders_text(step))
        elif verdict.get("ok") and verdict.get("reason"):
            facts.append(str(verdict["reason"]))
        if step.metric:
            facts.append(self.tr("rule “{0}”").format(step.metric))
        elif step.cached:
            facts.append(self.tr("reply reused from the cache"))
        elif step.attempts:
            facts.append(self.tr("{0:.1f} s").format(step.latency))
            if step.attempts > 1:
                facts.append(self.tr("{0} attempts").format(step.attempts))
        if step.prompt_tokens or step.completion_tokens:
            facts.append(
                self.tr("{0} + {1} tokens").format(
                    f"{step.prompt_tokens:,}", f"{step.completion_tokens:,}"
                )
            )
        parts.append(f"<p>{html.escape(' · '.join(facts))}</p>")
        parts.append(self._alternatives(step))
        dimensions = verdict.get("dimensions") or {}
        if dimensions:
            rows = "".join(
                f"<tr><td>{html.escape(str(k))}</td><td align='right'>{html.escape(str(v))}</td>"
                "</tr>"
                for k, v in dimensions.items()
            )
            parts.append(f"<table cellpadding='2'>{rows}</table>")
        if step.messages:
            parts.append(self._fold(f"request-{number}", self.tr("the request")))
            if f"request-{number}" in self._open:
                for message in step.messages:
                    role = str(message.get("role", "user"))
                    body = f"<b>{html.escape(role)}</b><br>{plain_html(message.get('content'))}"
                    parts.append(self._box(body, role))
        if step.reasoning:
            parts.append(self._fold(f"reasoning-{number}", self.tr("the judge's reasoning")))
            if f"reasoning-{number}" in self._open:
                parts.append(self._box(self._rich(step.reasoning), "system"))
        if step.content is not None:
            # A rule judge's finding is the core's sentence: said in the interface's words.
            content = core_detail(step.content) if step.metric else step.content
            parts.append(self._box(self._rich(content), "assistant"))
        for warning in step.warnings:
            parts.append(f"<p>{self._muted(warning)}</p>")
        return "".join(parts)

    def _alternatives(self, step: JudgeStep) -> str:
        """A judge reading probabilities: the verdict's alternatives as small bars, most
        probable first, or why they were not read."""
        if step.sampled is None:
            return ""
        if not step.probabilities:
            note = self.tr("Probabilities not read: {0}. The verdict is the one it wrote.")
            return f"<p>{self._muted(note.format(step.probability_note or '—'))}</p>"
        head = self.tr("Its alternatives (it wrote {0}; confidence {1}):").format(
            step.sampled, f"{(step.confidence or 0.0):.0%}"
        )
        colour = self.palette().color(QPalette.ColorRole.Highlight).name()
        rows = []
        for label, p in step.probabilities[:ALTERNATIVES_SHOWN]:
            width = max(1, round(p * BAR_PIXELS))
            bar = (
                f"<table cellspacing='0' cellpadding='0'><tr><td width='{width}' "
                f"height='10' bgcolor='{colour}'></td></tr></table>"
            )
            rows.append(
                f"<tr><td>{html.escape(label)}</td><td>{bar}</td>"
                f"<td align='right'>{p:.0%}</td></tr>"
            )
        return (
            f"<p>{html.escape(head)}</p><table cellpadding='2' cellspacing='0'>"
            f"{''.join(rows)}</table>"
        )

    def orders_text(self, step: JudgeStep) -> str:
        """A pair judged in both orders, in words: did the two verdicts agree?"""
        given, swapped = (label or "?" for label in step.orders)
        if step.consistent:
            return self.tr("both orders agree ({0} as shown, {1} with A and B swapped)").format(
                given, swapped
            )
        return self.tr(
            "the orders disagree ({0} as shown, {1} with A and B swapped): counted as a tie"
        ).format(given, swapped)

    def _fold(self, part: str, what: str) -> str:
        text = self.tr("Hide {0}") if part in self._open else self.tr("Show {0}")
        return f"<p><a href='#{part}'>{html.escape(text.format(what))}</a></p>"

    def _script(self, title: str, outcome: dict[str, Any]) -> str:
        parts = [f"<h4>{html.escape(title)}</h4>"]
        if outcome.get("ok"):
            value = json.dumps(outcome.get("value"), ensure_ascii=False, default=str)
            returned = self.tr("Returned: {0}").format(value)
            parts.append(f"<p>{html.escape(returned)}</p>")
        else:
            line = outcome.get("error_line")
            head = (
                self.tr("Failed at line {0}").format(line) if line else self.tr("Failed")
            ) + f" ({outcome.get('kind', '')})"
            parts.append(f"<p>{html.escape(head)}</p>")
            parts.append(f"<pre>{html.escape(str(outcome.get('error') or ''))}</pre>")
        for name, label in (("stdout", self.tr("Printed")), ("stderr", self.tr("Errors printed"))):
            if outcome.get(name):
                parts.append(f"<p>{html.escape(label)}:</p>")
                parts.append(f"<pre>{html.escape(str(outcome[name]))}</pre>")
        return "".join(parts)

    def _value(self, value: Any) -> str:
        if isinstance(value, bool):
            return self.tr("correct") if value else self.tr("incorrect")
        if value is None:
            return "—"
        if isinstance(value, float):
            return f"{value:g}"
        return str(value) if not isinstance(value, dict | list) else json.dumps(value)

    def _rich(self, text: Any) -> str:
        if not isinstance(text, str):
            return plain_html(text)
        if len(text) > MARKDOWN_LIMIT:
            return f"<p>{plain_html(text)}</p>"
        return markdown_html(text, self.palette().color(QPalette.ColorRole.Link).name())

    def _box(self, body: str, role: str) -> str:
        colours = dict(ROLE_COLOURS)
        colours["error"] = ("#fde7e7", "#4a1f1f")
        light, dark = colours.get(role, colours["system"])
        dark_theme = self.palette().color(QPalette.ColorRole.Base).lightness() < 128
        return (
            f"<table width='100%' cellpadding='8' cellspacing='0' style='background-color:"
            f"{dark if dark_theme else light}; margin-bottom:6px'><tr><td>{body}</td></tr>"
            "</table>"
        )
