"""Rich text: Markdown as HTML, plain values escaped, role colours, a browser that only shows."""

from __future__ import annotations

import html
import json
from functools import cache
from typing import Any

from PySide6.QtCore import QByteArray, QCoreApplication, QUrl
from PySide6.QtGui import QColor, QCursor, QDesktopServices, QImage, QTextDocument
from PySide6.QtWidgets import QTextBrowser, QToolTip, QWidget

from judgedesk.ui.question import ask

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
ASKED_SCHEMES = ("http", "https", "mailto")
"""Links opened outside the app once the person says yes; any other link never is."""
TIP_LIMIT = 500
"""Longer addresses (a data: link, say) are cut short in the tip shown on hovering."""
_PLACEHOLDER = ":/qt-project.org/styles/commonstyle/images/file-16.png"


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


def plain_tip(text: str) -> str:
    """A tooltip that shows ``text`` as written: Qt would read a tag in it as markup."""
    return f"<p>{html.escape(text)}</p>"


def is_anchor(url: QUrl) -> bool:
    """Whether ``url`` is a link within the text ("#toggle-reasoning"), not an address."""
    return url.hasFragment() and not (url.scheme() or url.host() or url.path())


def confirm_open(parent: QWidget | None, url: QUrl) -> bool:
    """Ask whether to open ``url`` in the web browser or mail program (tests replace this)."""
    address = url.toString()
    if url.scheme().lower() == "mailto":
        title = QCoreApplication.translate("DataBrowser", "Write an e-mail?")
        text = QCoreApplication.translate("DataBrowser", "Open {0} in your e-mail program?")
    else:
        title = QCoreApplication.translate("DataBrowser", "Open a web page?")
        text = QCoreApplication.translate("DataBrowser", "Open {0} in your web browser?")
    detail = QCoreApplication.translate(
        "DataBrowser",
        "The link is part of the text shown, which comes from a dataset or a model, "
        "not from JudgeDesk. Open it only if you know the address.",
    )
    yes = QCoreApplication.translate("DataBrowser", "Open")
    text = text.format(address)
    return ask(parent, name="openLinkQuestion", title=title, text=text, detail=detail, yes=yes)


@cache
def _placeholder() -> QImage:
    image = QImage(_PLACEHOLDER)  # Qt's own sign for a missing image, built into Qt
    if image.isNull():
        image = QImage(1, 1, QImage.Format.Format_ARGB32)
        image.fill(QColor(0, 0, 0, 0))
    return image


class DataBrowser(QTextBrowser):
    """Shows rows, model replies and notes, which may come from anyone: it loads nothing
    and opens nothing by itself.

    No image, style sheet or other resource is read, from the network or from disk: an
    image shows as a small placeholder. Links within the text ("#toggle-reasoning")
    reach :attr:`anchorClicked` for the pane. A web or e-mail address opens outside the
    app only once the person said yes (:func:`confirm_open`); any other link (``file:``,
    ``javascript:``, ``data:``…) is never opened. Hovering a link shows its address.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setOpenLinks(False)
        self.setOpenExternalLinks(False)
        self.refused = ""  # what was said about the last link not opened
        self.anchorClicked.connect(self._follow)
        self.highlighted.connect(self._hovered)

    def loadResource(self, type: int, name: QUrl | str, /) -> Any:
        # An empty answer (None) is not enough: Qt then reads a local file itself. A value
        # that is there but empty stops it; an image that is not null stops every Qt
        # version from trying the file as an image of its own.
        if type == QTextDocument.ResourceType.ImageResource.value:
            return _placeholder()
        return QByteArray()

    def _follow(self, url: QUrl) -> None:
        if is_anchor(url):
            return  # the pane's own link: the pane follows it
        if url.scheme().lower() in ASKED_SCHEMES:
            if confirm_open(self, url):
                QDesktopServices.openUrl(url)
            return
        self.refused = self.tr(
            "This link was not opened: JudgeDesk opens only web and e-mail addresses, and "
            "this one leads to {0}"
        ).format(_shortened(url.toString()))
        self._tip(self.refused)

    def _hovered(self, url: QUrl) -> None:
        if url.isEmpty() or is_anchor(url):
            QToolTip.hideText()
        else:
            self._tip(_shortened(url.toString()))

    def _tip(self, text: str) -> None:
        QToolTip.showText(QCursor.pos(), plain_tip(text), self)


def _shortened(address: str) -> str:
    return address if len(address) <= TIP_LIMIT else address[:TIP_LIMIT] + "…"
