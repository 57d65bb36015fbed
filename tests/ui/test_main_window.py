"""The main window opens the sample project, reads its rows and shows the selected row."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from PySide6.QtCore import QUrl
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from judgedesk.core.project.workspace import Workspace
from judgedesk.resources import resource_path
from judgedesk.ui.main_window import MainWindow
from judgedesk.ui.models.dataset_model import BATCH
from judgedesk.ui.settings import AppSettings


def make_window(qtbot: QtBot) -> MainWindow:
    window = MainWindow(Workspace(), AppSettings())
    qtbot.addWidget(window)
    window.show()
    return window


def test_opens_the_sample_and_browses_rows(
    qtbot: QtBot, qtmodeltester: ModelTester, tmp_path: Path
) -> None:
    folder = tmp_path / "sample"
    shutil.copytree(resource_path("sample"), folder)
    window = make_window(qtbot)
    with qtbot.waitSignal(window.dataset_pane.model.modelReset, timeout=10_000):
        window.open_project(folder)
    model = window.dataset_pane.model
    qtbot.waitUntil(lambda: model.rowCount() == 24)
    qtmodeltester.check(model)
    assert model.column_names()[:4] == ["ID", "Question", "Reference", "Response"]
    assert model.data(model.index(0, 1)) == "What is the capital of Australia?"
    assert "24 rows" in window.status.text()
    assert "Sample: general knowledge" in window.windowTitle()
    # The first row is selected and shown in the inspector.
    qtbot.waitUntil(lambda: "Canberra" in window.inspector.browser.toPlainText())
    window.dataset_pane.table.selectRow(21)
    text = window.inspector.browser.toPlainText()
    assert "I have eggs, spinach and cheese" in text  # the chat, as bubbles
    assert "[SYSTEM] You are a friendly cooking assistant." in text  # data.history
    assert "Show reasoning" in text and "hob" not in text  # folded until asked
    window.inspector.browser.anchorClicked.emit(QUrl("#toggle-reasoning"))
    assert "hob" in window.inspector.browser.toPlainText()
    assert window.workspace.row == 21
    assert AppSettings().recent_projects() == [str(folder.resolve())]


def test_rows_are_fetched_on_demand(
    qtbot: QtBot, qtmodeltester: ModelTester, tmp_path: Path
) -> None:
    data = tmp_path / "big.jsonl"
    with data.open("w") as handle:
        for i in range(BATCH * 3 + 7):
            handle.write(
                json.dumps({"question": f"q{i}", "response": f"r{i}", "lang": "en"}) + "\n"
            )
    project = tmp_path / "p"
    from judgedesk.cli import main

    assert main(["new", str(project), "--dataset", str(data), "--link"]) == 0
    window = make_window(qtbot)
    with qtbot.waitSignal(window.dataset_pane.model.modelReset, timeout=10_000):
        window.open_project(project)
    model = window.dataset_pane.model
    assert model.rowCount() == BATCH
    assert "lang" in model.column_names()
    window.workspace.select_row(BATCH * 3 + 6)
    assert model.rowCount() == BATCH * 3 + 7
    assert window.dataset_pane.table.currentIndex().row() == BATCH * 3 + 6
    qtmodeltester.check(model)


def test_load_problems_are_listed_and_a_bad_project_explained(qtbot: QtBot, tmp_path: Path) -> None:
    data = tmp_path / "rows.jsonl"
    data.write_text('{"question": "a"}\n{broken\n{"question": "b"}\n')
    project = tmp_path / "p"
    from judgedesk.cli import main

    assert main(["new", str(project), "--dataset", str(data)]) == 0
    window = make_window(qtbot)
    with qtbot.waitSignal(window.dataset_pane.model.modelReset, timeout=10_000):
        window.open_project(project)
    assert window.dataset_pane.model.rowCount() == 2
    assert window.dataset_pane.issues.isVisibleTo(window)
    assert "line 2" in window.dataset_pane.issues.toPlainText()
    assert "could not be read" in window.dataset_pane.summary.text()
    window.open_project(tmp_path / "nothing-here")
    qtbot.waitUntil(lambda: "does not exist" in window.status.text())


def test_a_big_jsonl_shows_rows_while_it_is_indexed(qtbot: QtBot, tmp_path: Path) -> None:
    data = tmp_path / "big.jsonl"
    rows = 60_000
    with data.open("w") as handle:
        for i in range(rows):
            handle.write(json.dumps({"question": f"question number {i} " + "x" * 80}) + "\n")
    project = tmp_path / "p"
    from judgedesk.cli import main

    assert main(["new", str(project), "--dataset", str(data), "--link"]) == 0
    window = make_window(qtbot)
    window.open_project(project)
    qtbot.waitUntil(lambda: window.workspace.dataset is not None, timeout=10_000)
    model = window.dataset_pane.model
    assert model.data(model.index(0, 1)).startswith("question number 0")
    qtbot.waitUntil(lambda: window.workspace.dataset.complete, timeout=30_000)
    qtbot.waitUntil(lambda: "60,000 rows" in window.status.text(), timeout=5_000)
    assert "still indexing" not in window.dataset_pane.summary.text()
    window.workspace.select_row(rows - 1)
    assert model.rowCount() == rows
