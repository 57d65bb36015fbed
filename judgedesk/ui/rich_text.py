"""Texts shown as rich text: Markdown to HTML fragments, plain values escaped, role colours."""

from __future__ import annotations

import html
import json
from typing import Any

from PySide6.QtGui import QTextDocument

ROLE_COLOURS = {  # (light, dark) backgrounds by role
    "system": ("#ececec", "#3a3a3a"),
    "user": ("#dcebff", "#1f3550"),
    "assistant": ("#e3f5e1", "#203d24"),
    "tool": ("#fff3d6", "#4a3b17"),
}
MARKDOWN_LIMIT = 100_000
"""Longer texts are shown as plain text: converting them would stall the window."""
_MARKDOWN = QTextDocument.MarkdownFeature
# Raw HTML in a text stays visible text (<think> tags, say), never markup.
_MARKDOWN_FEATURES = _MARKDOWN.MarkdownDialectGitHub | _MARKDOWN.MarkdownNoHTML


def markdown_html(text: str, link_colour: str) -> str:
    """Renders Markdown as an HTML fragment for a QTextBrowser (links in ``link_colour``)."""
    document = QTextDocument()
    document.setMarkdown(text, _MARKDOWN_FEATURES)
    page = document.toHtml()
    start = page.find(">", page.find("<body")) + 1
    end = page.rfind("</body>")
    # Qt writes links in a fixed blue, unreadable on a dark background.
    return page[start:end].replace("color:#0000ff;", f"color:{link_colour};")


def plain_html(value: Any) -> str:
    """A value as escaped HTML with its line breaks (non-strings as indented JSON)."""
    if not isinstance(value, str):
        value = json.dumps(value, ensure_ascii=False, indent=2, default=str)
    return html.escape(value).replace("\n", "<br>")
