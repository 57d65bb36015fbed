"""Every pane of the Chinese window after a run, its tables and texts included: no
English left but the person's own data, names and code."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QTextBrowser, QWidget
from pytestqt.qtbot import QtBot

from judgedesk.resources import resource_path
from tests.ui import windows
from tests.ui.test_review_pane import run_all
from tests.ui.test_translations import chinese, english_left, visible_texts  # noqa: F401

pytestmark = pytest.mark.usefixtures("chinese")

# Shown as written in any language: the seed's chat lines, what published judges write,
# a server's own option names, a metric's id (as in judgedesk.toml).
AS_WRITTEN = [
    "[SYSTEM]",
    "[USER]",
    "[BOT]",
    "[RESULT]",
    "Output (a)",
    "Output (b)",
    "contains",
]
# The structured-verdict dialects, named as the servers name them.
DIALECTS = ("response_format ", "format（")


def _strings(value: Any, found: set[str]) -> None:
    if isinstance(value, str):
        found.update([value, *value.splitlines()])
    elif isinstance(value, dict):
        for key, item in value.items():
            found.add(str(key))
            _strings(item, found)
    elif isinstance(value, list):
        for item in value:
            _strings(item, found)


def shown_texts(pane: QWidget) -> Iterator[str]:
    """Labels, buttons, tips, every table's cells and tips, every text view's lines."""
    yield from visible_texts(pane)
    roles = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole)
    for view in pane.findChildren(QAbstractItemView):
        model = view.model()
        if model is None:
            continue
        try:
            columns = model.columnCount()
        except TypeError:  # a list model
            columns = 1
        for row in range(min(model.rowCount(), 40)):
            for column in range(columns):
                for role in roles:
                    value = model.index(row, column).data(role)
                    if isinstance(value, str) and value:
                        yield value
        for column in range(columns):
            header = model.headerData(column, Qt.Orientation.Horizontal)
            if isinstance(header, str):
                yield header
    for browser in pane.findChildren(QTextBrowser):
        yield from browser.toPlainText().splitlines()


def test_every_pane_after_a_run_is_in_chinese(qtbot: QtBot, tmp_path: Path) -> None:
    folder = tmp_path / "sample"
    shutil.copytree(resource_path("sample"), folder)
    data: set[str] = set(AS_WRITTEN)
    for line in (folder / "data" / "sample.jsonl").read_text("utf-8").splitlines():
        _strings(json.loads(line), data)
    window = windows.open_window(qtbot, folder)
    run_all(qtbot, window)  # the sample's rule judge needs no network
    assert window.workspace.project is not None
    data |= {judge.name for judge in window.workspace.project.judges}
    assert window.workspace.dataset is not None
    data |= set(window.workspace.dataset.fields())  # field names, shown as they are
    data = {d for d in data if len(d) > 2}
    seen = []
    for row in range(window.nav.count()):
        window.nav.setCurrentRow(row)
        pane = window.stack.currentWidget()
        qtbot.wait(200)  # texts read in worker threads
        texts = [
            t for t in shown_texts(pane) if t.strip() not in data and not t.startswith(DIALECTS)
        ]
        left = english_left(iter(texts), data)
        assert left == [], (pane.objectName(), left)
        seen.append((pane.objectName(), len(texts)))
    assert all(count > 10 for _, count in seen), seen
    assert english_left(iter([window.statusBar().currentMessage()]), data) == []
