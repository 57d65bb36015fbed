"""Texts from datasets and models are shown, never run: no image is fetched or read from
disk, and a link opens only web addresses, only once the person said yes."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QByteArray, QSize, Qt, QUrl
from PySide6.QtGui import QColor, QDesktopServices, QImage, QTextDocument
from PySide6.QtWidgets import QApplication, QMessageBox, QToolTip, QWidget
from pytestqt.qtbot import QtBot

from judgedesk.core.dataset import open_dataset
from judgedesk.core.project.workspace import Workspace
from judgedesk.ui import rich_text
from judgedesk.ui.guide import GuideDialog
from judgedesk.ui.panes.review.card import ReviewCard
from judgedesk.ui.panes.review.card_text import CardContent
from judgedesk.ui.panes.row_inspector import RowInspector
from judgedesk.ui.panes.row_judging import RowJudgingView
from judgedesk.ui.panes.scripts.results import ScriptTrialView
from judgedesk.ui.panes.template.dry_run import DryRunView
from judgedesk.ui.rich_text import DataBrowser
from judgedesk.ui.tasks import TaskRunner

SECRET_SIZE = QSize(37, 23)  # sizes no placeholder has: seeing one means the file was read
RELATIVE_SIZE = QSize(29, 17)
IMAGE = QTextDocument.ResourceType.ImageResource
# Tooltips are raised, which the offscreen platform only warns about.
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support raise")


@dataclass
class Server:
    """An HTTP server on 127.0.0.1 that lists every path asked of it."""

    port: int
    paths: list[str] = field(default_factory=list)


@pytest.fixture
def server() -> Iterator[Server]:
    asked: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            asked.append(self.path)
            self.send_response(404)
            self.end_headers()

        def log_message(self, format: str, *args: Any) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    found = Server(httpd.server_address[1], asked)
    yield found
    httpd.shutdown()
    httpd.server_close()
    thread.join()


@dataclass
class Pictures:
    """A Markdown text with images from the server, a file on disk and a relative path."""

    text: str
    web: list[str]
    on_disk: list[str]


@pytest.fixture
def pictures(server: Server, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Pictures:
    secret = tmp_path / "secret.png"
    _image(SECRET_SIZE).save(str(secret))
    _image(RELATIVE_SIZE).save(str(tmp_path / "relative.png"))
    monkeypatch.chdir(tmp_path)  # where a relative path would be looked for
    base = f"http://127.0.0.1:{server.port}"
    secret_url = QUrl.fromLocalFile(str(secret)).toString()
    text = (
        f"A chart: ![x]({base}/pixel.png)\n\n"
        f'And <img src="{base}/a.png"> in the text.\n\n'
        f"Mine: ![s]({secret_url}) and ![r](relative.png) and ![p]({secret})"
    )
    return Pictures(text, [f"{base}/pixel.png"], [secret_url, "relative.png", str(secret)])


@dataclass
class Loads:
    """What every DataBrowser was asked to load, and what it answered."""

    asked: list[str] = field(default_factory=list)
    answers: list[Any] = field(default_factory=list)


@pytest.fixture
def loads(monkeypatch: pytest.MonkeyPatch) -> Loads:
    found = Loads()
    original = DataBrowser.loadResource

    def spy(browser: DataBrowser, kind: int, name: QUrl | str, /) -> Any:
        answer = original(browser, kind, name)
        found.asked.append(QUrl(name).toString())
        found.answers.append(answer)
        return answer

    monkeypatch.setattr(DataBrowser, "loadResource", spy)
    return found


@dataclass
class Links:
    """The links the person was asked about, the answer given, and the links opened."""

    asked: list[str] = field(default_factory=list)
    opened: list[str] = field(default_factory=list)
    answer: bool = False


@pytest.fixture
def links(monkeypatch: pytest.MonkeyPatch) -> Links:
    found = Links()

    def confirm(parent: QWidget | None, url: QUrl) -> bool:
        found.asked.append(url.toString())
        return found.answer

    def open_url(url: QUrl) -> bool:
        found.opened.append(url.toString())
        return True

    monkeypatch.setattr(rich_text, "confirm_open", confirm)
    monkeypatch.setattr(QDesktopServices, "openUrl", open_url)
    return found


def _image(size: QSize) -> QImage:
    image = QImage(size, QImage.Format.Format_ARGB32)
    image.fill(QColor("red"))
    return image


def _image_names(document: QTextDocument) -> list[str]:
    names = []
    block = document.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            form = it.fragment().charFormat()
            if form.isImageFormat():
                names.append(form.toImageFormat().name())
            it += 1
        block = block.next()
    return names


def _painted(browser: DataBrowser) -> None:
    """Lays the text out and paints it, as a person would see it."""
    browser.document().documentLayout().documentSize()
    browser.viewport().grab()
    QApplication.processEvents()


def _assert_nothing_loaded(
    browser: DataBrowser, pictures: Pictures, server: Server, loads: Loads
) -> None:
    _painted(browser)
    document = browser.document()
    names = _image_names(document)
    # Markdown images reached the document (and so the browser's guard)…
    assert set(pictures.web + pictures.on_disk) <= set(names)
    # …HTML written in the text stays text.
    assert not any(name.endswith("/a.png") for name in names)
    assert f'<img src="http://127.0.0.1:{server.port}/a.png">' in document.toPlainText()
    assert server.paths == []
    assert set(pictures.web + pictures.on_disk) <= set(loads.asked)
    for answer in loads.answers:  # a stand-in image, or nothing
        assert isinstance(answer, QImage | QByteArray)
        if isinstance(answer, QImage):
            assert answer.size() not in (SECRET_SIZE, RELATIVE_SIZE)
        else:
            assert answer.isEmpty()
    for name in pictures.web + pictures.on_disk:
        shown = document.resource(IMAGE, QUrl(name))
        size = shown.size() if shown is not None and hasattr(shown, "size") else None
        assert size not in (SECRET_SIZE, RELATIVE_SIZE), name


def test_the_row_inspector_loads_no_image_from_the_web_or_the_disk(
    qtbot: QtBot, tmp_path: Path, pictures: Pictures, server: Server, loads: Loads
) -> None:
    row = {
        "id": "r0",
        "messages": [{"role": "user", "content": pictures.text}],
        "response": {"content": pictures.text},
    }
    path = tmp_path / "rows.jsonl"
    path.write_text(json.dumps(row) + "\n", encoding="utf-8")
    inspector = RowInspector()
    qtbot.addWidget(inspector)
    inspector.resize(700, 900)
    inspector.show()
    with open_dataset(path) as dataset:
        inspector.show_row(dataset.row(0))
    assert isinstance(inspector.browser, DataBrowser)
    _assert_nothing_loaded(inspector.browser, pictures, server, loads)


def test_the_review_card_loads_no_image_from_the_web_or_the_disk(
    qtbot: QtBot, pictures: Pictures, server: Server, loads: Loads
) -> None:
    card = ReviewCard()
    qtbot.addWidget(card)
    card.resize(700, 900)
    card.show()
    content = CardContent(0, "r0", {"question": pictures.text}, {"content": pictures.text})
    card.show_content(content)
    assert isinstance(card.browser, DataBrowser)
    _assert_nothing_loaded(card.browser, pictures, server, loads)


def test_a_web_link_opens_only_once_the_person_says_yes(qtbot: QtBot, links: Links) -> None:
    inspector = RowInspector()
    qtbot.addWidget(inspector)
    address = "https://example.org/page?q=1#part"
    inspector.browser.anchorClicked.emit(QUrl(address))
    assert links.asked == [address]
    assert links.opened == []

    links.answer = True
    inspector.browser.anchorClicked.emit(QUrl(address))
    assert links.opened == [address]
    links.asked.clear()
    links.opened.clear()
    inspector.browser.anchorClicked.emit(QUrl("mailto:someone@example.org"))
    assert links.asked == links.opened == ["mailto:someone@example.org"]


@pytest.mark.parametrize(
    "address",
    [
        "file:///etc/passwd",
        "javascript:alert(1)",
        "data:text/html,<b>hi</b>",
        "judgedesk-custom://x",
        "relative/page.html",
    ],
)
def test_other_links_are_never_opened_nor_asked_about(
    qtbot: QtBot, links: Links, address: str
) -> None:
    links.answer = True
    card = ReviewCard()
    qtbot.addWidget(card)
    card.show_content(CardContent(0, "r0", {"question": "q"}, {"content": "a"}))
    card.browser.anchorClicked.emit(QUrl(address))
    assert links.asked == [] and links.opened == []
    assert "was not opened" in card.browser.refused
    assert QUrl(address).toString() in card.browser.refused
    assert card.text.open == set()  # not taken for one of the card's own links


def test_the_panes_own_links_still_reach_them_and_ask_nothing(
    qtbot: QtBot, tmp_path: Path, links: Links
) -> None:
    row = {"id": "r0", "question": "q", "response": {"content": "a", "reasoning_content": "hm"}}
    path = tmp_path / "rows.jsonl"
    path.write_text(json.dumps(row) + "\n", encoding="utf-8")
    inspector = RowInspector()
    qtbot.addWidget(inspector)
    with open_dataset(path) as dataset:
        inspector.show_row(dataset.row(0))
    inspector.browser.anchorClicked.emit(QUrl("#toggle-reasoning"))
    assert "Hide reasoning" in inspector.browser.toPlainText()
    inspector.browser.anchorClicked.emit(QUrl("#fields"))
    assert inspector.tabs.currentWidget() is inspector.tree
    assert links.asked == [] and links.opened == []


def test_hovering_a_link_shows_where_it_goes(qtbot: QtBot) -> None:
    browser = DataBrowser()
    qtbot.addWidget(browser)
    browser.show()
    address = "https://example.org/<b>page</b>"
    browser.highlighted.emit(QUrl(address))
    assert QToolTip.isVisible()
    shown = QTextDocument()
    shown.setHtml(QToolTip.text())
    assert shown.toPlainText() == QUrl(address).toString()  # as written, never as markup
    browser.highlighted.emit(QUrl())
    qtbot.waitUntil(lambda: not QToolTip.isVisible())


def test_the_question_names_the_whole_address(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    said: list[tuple[str, Any]] = []

    def answer(box: QMessageBox) -> int:
        said.append((box.text(), box.textFormat()))
        return 0

    monkeypatch.setattr(QMessageBox, "exec", answer)
    parent = QWidget()
    qtbot.addWidget(parent)
    address = "https://example.org/a/long/path?with=query&and=more#fragment"
    assert rich_text.confirm_open(parent, QUrl(address)) is False  # closed: not opened
    ((text, form),) = said
    assert address in text and "web browser" in text
    assert form == Qt.TextFormat.PlainText


def test_every_pane_showing_data_uses_the_safe_browser(qtbot: QtBot) -> None:
    workspace = Workspace()
    tasks = TaskRunner()
    judging = RowJudgingView(workspace, tasks)
    dry_run = DryRunView(workspace, tasks)
    trial = ScriptTrialView()
    guide = GuideDialog()
    for widget in (judging, dry_run, trial, guide):
        qtbot.addWidget(widget)
    for browser in (judging.browser, dry_run.reply, trial.changes, guide.browser):
        assert isinstance(browser, DataBrowser)
        assert not browser.openLinks() and not browser.openExternalLinks()
    workspace.close()
