"""What the review card shows of a row: the question, reference, response and the judge."""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QWidget

from judgedesk.core.dataset import Dataset, message_text
from judgedesk.core.errors import JudgeDeskError, RowError
from judgedesk.core.run import JudgeStep, RowOutcome, row_outcome
from judgedesk.ui.core_strings import core_detail, core_reason, core_say
from judgedesk.ui.rich_text import MARKDOWN_LIMIT, ROLE_COLOURS, markdown_html, plain_html


@dataclass(frozen=True)
class CardContent:
    """A row's texts and its latest outcome, read in a worker thread.

    Attributes:
        row: the row's index.
        row_id: its id ("" when the row could not be read).
        data: the row's ``data`` as templates see it (empty when unreadable).
        response: its ``response``.
        outcome: the latest result with each judge's reply; None when never judged.
        problem: why the row could not be read, in words.
    """

    row: int
    row_id: str = ""
    data: dict[str, Any] = field(default_factory=dict)
    response: dict[str, Any] = field(default_factory=dict)
    outcome: RowOutcome | None = None
    problem: str = ""


def read_card(dataset: Dataset | None, store_path: Path, row: int) -> CardContent:
    """Read a row and its outcome (blocking: call it in a worker thread).

    ``dataset`` is closed once read: give it a handle of its own
    (:meth:`~judgedesk.core.dataset.Dataset.with_mapping`), so that the project
    closing its dataset meanwhile cannot pull the file away.
    """
    problem = ""
    row_id, data, response = "", {}, {}
    if dataset is not None:
        try:
            found = dataset.row(row)
            row_id, data, response = found.id, found.data, found.response
        except (IndexError, RowError) as exc:  # the file changed on disk
            problem = str(exc)
        finally:
            dataset.close()
    try:
        outcome = row_outcome(store_path, row)
    except (JudgeDeskError, OSError) as exc:
        outcome, problem = None, problem or str(exc)
    return CardContent(row, row_id, data, response, outcome, problem)


class CardText(QObject):
    """Builds the card's HTML; folded parts open when their link is followed.

    Args:
        widget: the widget whose palette decides light or dark colours.
    """

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self._widget = widget
        self.open: set[str] = set()  # folded parts opened: "reasoning", "judge-0"

    def html(self, content: CardContent | None, judge_shown: bool, value_text: Any) -> str:
        """The card for ``content``; the judge's part only when ``judge_shown``.

        ``value_text`` turns a verdict into words.
        """
        if content is None:
            return self._muted_p(self.tr("Choose a row in the queue to review it."))
        if content.row < 0:  # on its way
            title = self.tr("Row {0} · {1}").format(-content.row - 1, content.row_id)
            return f"<h3>{html.escape(title)}</h3>"
        title = self.tr("Row {0} · {1}").format(content.row, content.row_id or "?")
        parts = [f"<h3>{html.escape(title)}</h3>"]
        if content.problem:
            parts.append(self._box(plain_html(content.problem), "error"))
        parts += self._question(content.data)
        reference = content.data.get("ref_answer") or content.data.get("gt")
        pair = [content.data.get(side) for side in ("response_a", "response_b")]
        if reference is not None or not any(pair):
            parts.append(self._h4(self.tr("Reference")))
        if reference is None and not any(pair):
            parts.append(self._muted_p(self.tr("No reference in this row.")))
        elif reference is not None:
            parts.append(self._box(self._rich(reference), "system"))
        if any(pair):
            parts += self._pair(pair[0], pair[1])
        else:
            parts.append(self._h4(self.tr("Response")))
            answer = content.response.get("content")
            if answer is None:
                parts.append(self._muted_p(self.tr("No response in this row.")))
            else:
                parts.append(self._box(self._rich(answer), "assistant"))
            reasoning = content.response.get("reasoning_content")
            if reasoning:
                parts += self._fold("reasoning", self.tr("the response's reasoning"), reasoning)
        parts.append(self._h4(self.tr("The judge")))
        if not judge_shown:
            parts.append(
                self._muted_p(
                    self.tr(
                        "Blind mode: the judge's verdict and reply are hidden until you "
                        "give your own verdict."
                    )
                )
            )
        else:
            parts += self._judge(content.outcome, value_text)
        return "".join(parts)

    def _pair(self, a: Any, b: Any) -> list[str]:
        """Answers A and B side by side, as the judge compared them."""
        cells = []
        for title, side in ((self.tr("Answer A"), a), (self.tr("Answer B"), b)):
            text = side.get("content") if isinstance(side, dict) else side
            body = (
                self._muted_p(self.tr("No answer."))
                if text is None
                else self._box(self._rich(text), "assistant")
            )
            cells.append(f"<td width='50%' valign='top'>{self._h4(title)}{body}</td>")
        return [f"<table width='100%' cellspacing='6'><tr>{''.join(cells)}</tr></table>"]

    def _question(self, data: dict[str, Any]) -> list[str]:
        messages = data.get("messages")
        if isinstance(messages, list) and len(messages) > 1:
            parts = [self._h4(self.tr("Conversation"))]
            for message in messages:
                if isinstance(message, dict):
                    role = str(message.get("role", "?"))
                    body = f"<b>{html.escape(role)}</b>{self._rich(message_text(message))}"
                    parts.append(self._box(body, role))
            return parts
        question = data.get("question")
        parts = [self._h4(self.tr("Question"))]
        if question is None:
            parts.append(self._muted_p(self.tr("No question in this row.")))
        else:
            parts.append(self._box(self._rich(question), "user"))
        return parts

    def _judge(self, outcome: RowOutcome | None, value_text: Any) -> list[str]:
        if outcome is None:
            return [self._muted_p(self.tr("This row has not been judged yet."))]
        said = {
            "ok": self.tr("Result: {0}").format(value_text(outcome.value)),
            "unparsed": self.tr("No verdict could be read"),
            "error": self.tr("Failed"),
        }.get(outcome.status, outcome.status)
        parts = [f"<p><b>{html.escape(said)}</b> · {html.escape(self._run(outcome))}</p>"]
        if outcome.error:
            error = (
                core_reason(outcome.error)
                if outcome.status == "unparsed"
                else core_say(outcome.error)
            )
            parts.append(self._box(plain_html(error), "error"))
        for number, step in enumerate(outcome.steps):
            parts += self._step(number, step, value_text)
        return parts

    def _run(self, outcome: RowOutcome) -> str:
        return self.tr("run {0}").format(outcome.run_id)

    def _step(self, number: int, step: JudgeStep, value_text: Any) -> list[str]:
        verdict = step.verdict
        if verdict.get("ok"):
            said = self.tr("{0}: verdict {1}").format(step.judge, value_text(verdict.get("value")))
        else:
            reason = core_reason(verdict.get("reason") or "—")
            said = self.tr("{0}: no verdict ({1})").format(step.judge, reason)
        parts = [f"<p>{html.escape(said)}</p>"]
        if step.content is not None:
            # A rule judge's finding is the core's sentence: said in the interface's words.
            content = core_detail(step.content) if step.metric else step.content
            parts.append(self._box(self._rich(content), "assistant"))
        if step.reasoning:
            parts += self._fold(f"judge-{number}", self.tr("the judge's reasoning"), step.reasoning)
        return parts

    def _fold(self, part: str, what: str, text: Any) -> list[str]:
        opened = part in self.open
        link = (self.tr("Hide {0}") if opened else self.tr("Show {0}")).format(what)
        parts = [f"<p><a href='#{part}'>{html.escape(link)}</a></p>"]
        if opened:
            parts.append(self._box(self._rich(text), "system"))
        return parts

    # --- pieces -------------------------------------------------------------------------

    def _h4(self, text: str) -> str:
        return f"<h4>{html.escape(text)}</h4>"

    def _dark(self) -> bool:
        return self._widget.palette().color(QPalette.ColorRole.Base).lightness() < 128

    def _muted_p(self, text: str) -> str:
        colour = self._widget.palette().color(QPalette.ColorRole.PlaceholderText).name()
        return f"<p style='color:{colour}'><i>{html.escape(text)}</i></p>"

    def _rich(self, value: Any) -> str:
        if not isinstance(value, str):
            return plain_html(value)
        if len(value) > MARKDOWN_LIMIT:
            return f"<p>{plain_html(value)}</p>"
        link = self._widget.palette().color(QPalette.ColorRole.Link).name()
        return markdown_html(value, link)

    def _box(self, body: str, role: str) -> str:
        colours = dict(ROLE_COLOURS)
        colours["error"] = ("#fde7e7", "#4a1f1f")
        light, dark = colours.get(role, colours["system"])
        return (
            f"<table width='100%' cellpadding='8' cellspacing='0' style='background-color:"
            f"{dark if self._dark() else light}; margin-bottom:6px'><tr><td>{body}</td></tr>"
            "</table>"
        )
