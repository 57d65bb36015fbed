"""The row inspector: a chat shown as chat bubbles, the derived fields, the response, a tree."""

from __future__ import annotations

import html
import json
from typing import Any

from PySide6.QtCore import QEvent, QUrl
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QCheckBox,
    QHeaderView,
    QTabWidget,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.dataset import DERIVED_FIELDS, Row, message_text
from judgedesk.ui.models.json_tree_model import JsonTreeModel
from judgedesk.ui.rich_text import MARKDOWN_LIMIT, ROLE_COLOURS, DataBrowser, markdown_html
from judgedesk.ui.rich_text import plain_html as _plain

_OTHER_LIMIT = 300


class RowInspector(QWidget):
    """Shows one row as a person reads it; reasoning is folded until asked for.

    The "Overview" tab shows chats as bubbles and texts as Markdown; the "Fields" tab
    shows ``data`` and ``response`` as a tree, as templates get them.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rowInspector")
        self.browser = DataBrowser(self)  # it asks about web addresses itself
        self.browser.setObjectName("rowInspectorText")
        self.browser.anchorClicked.connect(self._on_anchor)
        self.browser.setAccessibleName(self.tr("Row details"))
        self.fields = JsonTreeModel(self)
        self.tree = QTreeView(self)
        self.tree.setObjectName("rowFieldsTree")
        self.tree.setAccessibleName(self.tr("Fields of the row"))
        self.tree.setModel(self.fields)
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.header().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.tree.header().setStretchLastSection(False)
        self.tree.header().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.tree.setColumnWidth(0, 150)
        self.tree.setColumnWidth(2, 80)
        self.markdown = QCheckBox(self.tr("Markdown"), self)
        self.markdown.setObjectName("rowInspectorMarkdown")
        self.markdown.setToolTip(
            self.tr("Show messages and responses as formatted Markdown, or as plain text")
        )
        self.markdown.setChecked(True)
        self.markdown.toggled.connect(lambda _: self._render())
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("rowInspectorTabs")
        self.tabs.setAccessibleName(self.tr("Row views"))
        self.tabs.addTab(self.browser, self.tr("Overview"))
        self.tabs.addTab(self.tree, self.tr("Fields"))
        self.tabs.setCornerWidget(self.markdown)
        self.tabs.setDocumentMode(True)
        # The Markdown switch is about the Overview only.
        self.tabs.currentChanged.connect(lambda i: self.markdown.setVisible(i == 0))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.tabs)
        self._row: Row | None = None
        self._show_reasoning = False
        self.show_row(None)

    def add_tab(self, widget: QWidget, title: str) -> None:
        """Add a view of the row made elsewhere (the Judging tab)."""
        self.tabs.addTab(widget, title)

    def show_row(self, row: Row | None) -> None:
        self._row = row
        self._show_reasoning = False
        self._render()
        if row is None:
            self.fields.set_roots({})
        else:
            self.fields.set_roots({"data": row.data, "response": row.response})
            self.tree.expandToDepth(0)
            self.tree.resizeColumnToContents(0)
            self.tree.setColumnWidth(0, min(self.tree.columnWidth(0) + 8, 220))

    def changeEvent(self, event: QEvent) -> None:
        """Draw the row again in a new look: its boxes' colours are written into its HTML."""
        super().changeEvent(event)
        # A change can come while __init__ is still making the parts _render uses.
        if event.type() == QEvent.Type.PaletteChange and hasattr(self, "_show_reasoning"):
            self._render()

    def _on_anchor(self, url: QUrl) -> None:
        if url.toString() == "#toggle-reasoning":
            self._show_reasoning = not self._show_reasoning
            self._render()
        elif url.toString() == "#fields":
            self.tabs.setCurrentWidget(self.tree)

    def _render(self) -> None:
        if self._row is None:
            self.browser.setHtml(
                f"<p style='color:{self._muted()}'>"
                + html.escape(self.tr("Select a row to see it here."))
                + "</p>"
            )
            return
        scroll = self.browser.verticalScrollBar().value()
        self.browser.setHtml(self._html(self._row))
        self.browser.verticalScrollBar().setValue(scroll)

    def _dark(self) -> bool:
        return self.palette().color(QPalette.ColorRole.Base).lightness() < 128

    def _muted(self) -> str:
        return str(self.palette().color(QPalette.ColorRole.PlaceholderText).name())

    def _html(self, row: Row) -> str:
        data, response = row.data, row.response
        muted = self._muted()
        # lupdate reads tr() calls outside f-strings only.
        none_text = self.tr("none")
        title = self.tr("Row {0} · {1}").format(row.index, row.id)
        conversation = self.tr("Conversation")
        derived = self.tr("What templates see")
        response_title = self.tr("Response")
        other_title = self.tr("Other fields")
        none = f"<i style='color:{muted}'>{html.escape(none_text)}</i>"
        parts = [f"<h3>{html.escape(title)}</h3>"]
        messages = data.get("messages")
        if isinstance(messages, list) and messages:
            parts.append(f"<h4>{html.escape(conversation)}</h4>")
            parts += [self._bubble(m) for m in messages if isinstance(m, dict)]
        parts.append(f"<h4>{html.escape(derived)}</h4>")
        parts.append("<table cellpadding='3'>")
        for name in DERIVED_FIELDS:
            value = data.get(name)
            shown = _plain(value) if value is not None else none
            parts.append(f"<tr><td valign='top'><code>data.{name}</code></td><td>{shown}</td></tr>")
        parts.append("</table>")
        parts.append(f"<h4>{html.escape(response_title)} (response.content)</h4>")
        content = response.get("content")
        if content is None:
            parts.append(f"<p><i style='color:{muted}'>")
            parts.append(html.escape(self.tr("No response in this row.")) + "</i></p>")
        else:
            parts.append(self._box(self._rich(content), "assistant"))
        reasoning = response.get("reasoning_content")
        if reasoning:
            label = (
                self.tr("Hide reasoning")
                if self._show_reasoning
                else self.tr("Show reasoning ({0} characters)").format(len(str(reasoning)))
            )
            parts.append(f"<p><a href='#toggle-reasoning'>{html.escape(label)}</a></p>")
            if self._show_reasoning:
                parts.append(self._box(self._rich(reasoning), "system"))
        tool_calls = response.get("tool_calls")
        if tool_calls:
            dumped = json.dumps(tool_calls, ensure_ascii=False, indent=2)
            parts.append(f"<h4>tool_calls</h4><pre>{html.escape(dumped)}</pre>")
        shown_above = {"messages", "response", *DERIVED_FIELDS}
        others = {k: v for k, v in data.items() if k not in shown_above}
        if others:
            parts.append(f"<h4>{html.escape(other_title)}</h4><table cellpadding='3'>")
            for key, value in others.items():
                parts.append(
                    f"<tr><td valign='top'><code>data.{html.escape(key)}</code></td>"
                    f"<td>{self._other(value)}</td></tr>"
                )
            parts.append("</table>")
        return "".join(parts)

    def _bubble(self, message: dict[str, Any]) -> str:
        role = str(message.get("role", "?"))
        align = "right" if role == "user" else "left"
        body = self._rich(message_text(message))
        return (
            f"<table width='100%' cellspacing='0' cellpadding='0'><tr><td align='{align}'>"
            f"{self._box(f'<b>{html.escape(role)}</b>{body}', role)}</td></tr></table>"
        )

    def _box(self, body: str, role: str) -> str:
        light, dark = ROLE_COLOURS.get(role, ROLE_COLOURS["system"])
        background = dark if self._dark() else light
        return (
            f"<table cellpadding='8' cellspacing='0' style='background-color:{background}; "
            f"margin-bottom:8px'><tr><td>{body}</td></tr></table>"
        )

    def _rich(self, value: Any) -> str:
        if not isinstance(value, str):
            return _plain(value)
        if not self.markdown.isChecked() or len(value) > MARKDOWN_LIMIT:
            return f"<p>{_plain(value)}</p>"
        link = self.palette().color(QPalette.ColorRole.Link).name()
        return markdown_html(value, link)

    def _other(self, value: Any) -> str:
        if not isinstance(value, dict | list):
            return _plain(value)
        text = json.dumps(value, ensure_ascii=False, default=str)
        see = self.tr("see it in Fields")
        link = f"<a href='#fields'>{html.escape(see)}</a>"
        if len(text) > _OTHER_LIMIT:
            text = text[:_OTHER_LIMIT] + "…"
        return f"<code>{html.escape(text)}</code> · {link}"
