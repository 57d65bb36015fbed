"""The row inspector: a chat shown as chat bubbles, the derived fields, the response."""

from __future__ import annotations

import html
import json
from typing import Any

from PySide6.QtCore import QUrl
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QTextBrowser, QVBoxLayout, QWidget

from judgedesk.core.datasets import Row

ROLE_COLOURS = {  # (light, dark) backgrounds by role
    "system": ("#ececec", "#3a3a3a"),
    "user": ("#dcebff", "#1f3550"),
    "assistant": ("#e3f5e1", "#203d24"),
    "tool": ("#fff3d6", "#4a3b17"),
}


class RowInspector(QWidget):
    """Shows one row as a person reads it; reasoning is folded until asked for."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rowInspector")
        self.browser = QTextBrowser(self)
        self.browser.setObjectName("rowInspectorText")
        self.browser.setOpenLinks(False)
        self.browser.anchorClicked.connect(self._on_anchor)
        self.browser.setAccessibleName(self.tr("Row details"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.browser)
        self._row: Row | None = None
        self._show_reasoning = False
        self.show_row(None)

    def show_row(self, row: Row | None) -> None:
        self._row = row
        self._show_reasoning = False
        self._render()

    def _on_anchor(self, url: QUrl) -> None:
        if url.toString() == "#toggle-reasoning":
            self._show_reasoning = not self._show_reasoning
            self._render()

    def _render(self) -> None:
        if self._row is None:
            self.browser.setHtml(
                "<p style='color:gray'>" + self.tr("Select a row to see it here.") + "</p>"
            )
            return
        dark = self.palette().color(QPalette.ColorRole.Window).lightness() < 128
        self.browser.setHtml(self._html(self._row, dark))

    def _html(self, row: Row, dark: bool) -> str:
        parts = [f"<h3>{html.escape(self.tr('Row'))} {row.index} · {html.escape(row.id)}</h3>"]
        messages = row.data.get("messages")
        if isinstance(messages, list) and messages:
            parts.append(f"<h4>{html.escape(self.tr('Conversation'))}</h4>")
            parts += [_bubble(m, dark) for m in messages if isinstance(m, dict)]
        parts.append(f"<h4>{html.escape(self.tr('What templates see'))}</h4>")
        fields = [
            ("data.question", row.data.get("question")),
            ("data.gt", row.data.get("gt")),
            ("data.history", row.data.get("history")),
            ("data.ref_answer", row.data.get("ref_answer")),
        ]
        parts.append("<table cellpadding='3'>")
        for name, value in fields:
            shown = (
                _text(value)
                if value is not None
                else f"<i style='color:gray'>{self.tr('none')}</i>"
            )
            parts.append(f"<tr><td valign='top'><code>{name}</code></td><td>{shown}</td></tr>")
        parts.append("</table>")
        parts.append(f"<h4>{html.escape(self.tr('Response'))} (response.content)</h4>")
        content = row.response.get("content")
        parts.append(
            _text(content)
            if content is not None
            else f"<i style='color:gray'>{self.tr('No response in this row.')}</i>"
        )
        reasoning = row.response.get("reasoning_content")
        if reasoning:
            label = (
                self.tr("Hide reasoning")
                if self._show_reasoning
                else self.tr("Show reasoning ({0} characters)").format(len(str(reasoning)))
            )
            parts.append(f"<p><a href='#toggle-reasoning'>{html.escape(label)}</a></p>")
            if self._show_reasoning:
                parts.append(f"<div style='color:gray'>{_text(reasoning)}</div>")
        tool_calls = row.response.get("tool_calls")
        if tool_calls:
            dumped = json.dumps(tool_calls, ensure_ascii=False, indent=2)
            parts.append(f"<h4>tool_calls</h4><pre>{html.escape(dumped)}</pre>")
        others = {
            k: v
            for k, v in row.data.items()
            if k not in ("messages", "question", "gt", "history", "ref_answer", "response")
        }
        if others:
            parts.append(f"<h4>{html.escape(self.tr('Other fields'))}</h4><table cellpadding='3'>")
            for key, value in others.items():
                parts.append(
                    f"<tr><td valign='top'><code>data.{html.escape(key)}</code></td>"
                    f"<td>{_text(value)}</td></tr>"
                )
            parts.append("</table>")
        return "".join(parts)


def _bubble(message: dict[str, Any], dark: bool) -> str:
    role = str(message.get("role", "?"))
    light_bg, dark_bg = ROLE_COLOURS.get(role, ROLE_COLOURS["system"])
    background = dark_bg if dark else light_bg
    align = "right" if role == "user" else "left"
    content = message.get("content")
    body = _text(content) if content is not None else ""
    return (
        f"<table width='100%' cellspacing='0' cellpadding='0'><tr><td align='{align}'>"
        f"<table cellpadding='8' style='background-color:{background}'><tr><td>"
        f"<b>{html.escape(role)}</b><br>{body}</td></tr></table></td></tr></table><br>"
    )


def _text(value: Any) -> str:
    if not isinstance(value, str):
        value = json.dumps(value, ensure_ascii=False, indent=2, default=str)
    return html.escape(value).replace("\n", "<br>")
