"""The Dataset pane: searching, the filtered table, columns; the inspector's Markdown and tree."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QFont, QTextDocument
from PySide6.QtWidgets import QApplication
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from judgedesk.core.dataset import open_dataset
from judgedesk.core.project.workspace import Workspace
from judgedesk.ui.models.dataset_model import BATCH
from judgedesk.ui.models.json_tree_model import JsonTreeModel
from judgedesk.ui.panes.dataset.pane import DatasetPane
from judgedesk.ui.panes.row_inspector import RowInspector
from judgedesk.ui.settings import AppSettings
from judgedesk.ui.tasks import TaskRunner

FRUIT = ("apple", "pear", "plum")


def fruit_rows(count: int = 30) -> list[dict[str, Any]]:
    """Row i asks about FRUIT[i % 3]; every fifth row's answer mentions an apple."""
    rows = []
    for i in range(count):
        fruit = FRUIT[i % 3]
        answer = "Eat one a day" + (" (or an Apple pie)" if i % 5 == 0 else "")
        rows.append(
            {
                "id": f"r{i}",
                "messages": [{"role": "user", "content": f"Tell me about the {fruit}, #{i}"}],
                "response": {"content": answer},
                "lang": "en" if i % 2 else "fr",
            }
        )
    return rows


def write_jsonl(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.fixture
def workspace() -> Iterator[Workspace]:
    space = Workspace()
    yield space
    space.close()


def make_pane(qtbot: QtBot, workspace: Workspace, path: Path | None = None) -> DatasetPane:
    tasks = TaskRunner()
    pane = DatasetPane(workspace, tasks)
    tasks.setParent(pane)
    qtbot.addWidget(pane)
    pane.resize(900, 600)
    pane.show()
    if path is not None:
        workspace.set_dataset(open_dataset(path))
    return pane


def search(qtbot: QtBot, pane: DatasetPane, text: str) -> tuple[int, int]:
    with qtbot.waitSignal(pane.sig_filter_changed, timeout=10_000) as blocker:
        pane.search.setText(text)
    shown, total = blocker.args
    return shown, total


def shown_rows(pane: DatasetPane) -> list[int]:
    return [pane.model.dataset_row(r) for r in range(pane.model.rowCount())]


def test_search_filters_the_rows_and_clearing_restores_them(
    qtbot: QtBot, qtmodeltester: ModelTester, workspace: Workspace, tmp_path: Path
) -> None:
    pane = make_pane(qtbot, workspace, write_jsonl(tmp_path / "rows.jsonl", fruit_rows()))
    model = pane.model
    qtmodeltester.check(model)
    assert pane.search.placeholderText() == "Search all fields…"
    assert pane.search.isClearButtonEnabled()
    assert not pane.search_status.isVisibleTo(pane)

    # "apple" is in the question of rows 0, 3, 6… and in the answer of rows 0, 5, 10…
    assert search(qtbot, pane, "APPLE") == (14, 30)
    expected = sorted({*range(0, 30, 3), *range(0, 30, 5)})
    assert shown_rows(pane) == expected
    assert pane.search_status.text().startswith("14 of 30 rows match")
    assert not pane.search_progress.isVisibleTo(pane)
    # The row numbers on the left are the dataset's, so people see which rows matched.
    assert model.headerData(1, Qt.Orientation.Vertical) == "3"
    assert model.data(model.index(1, 0)) == "r3"
    qtmodeltester.check(model)

    assert search(qtbot, pane, "apple pie") == (6, 30)
    assert search(qtbot, pane, "no such words") == (0, 30)
    assert model.rowCount() == 0
    assert pane.search_status.text().startswith("0 of 30 rows match")

    assert search(qtbot, pane, "") == (30, 30)
    assert not model.filtered and model.rowCount() == 30
    assert not pane.search_status.isVisibleTo(pane)


def test_a_search_limited_to_one_column(qtbot: QtBot, workspace: Workspace, tmp_path: Path) -> None:
    pane = make_pane(qtbot, workspace, write_jsonl(tmp_path / "rows.jsonl", fruit_rows()))
    titles = [pane.scope.itemText(i) for i in range(pane.scope.count())]
    assert titles[:5] == ["All fields", "ID", "Question", "Reference", "Response"]
    assert "lang" in titles
    search(qtbot, pane, "apple")
    with qtbot.waitSignal(pane.sig_filter_changed, timeout=10_000) as blocker:
        pane.scope.setCurrentIndex(titles.index("Response"))
    assert blocker.args == [6, 30]
    assert shown_rows(pane) == list(range(0, 30, 5))
    assert pane.search.placeholderText() == "Search Response…"
    with qtbot.waitSignal(pane.sig_filter_changed, timeout=10_000) as blocker:
        pane.scope.setCurrentIndex(titles.index("Question"))
    assert shown_rows(pane) == list(range(0, 30, 3))
    assert search(qtbot, pane, "fr") == (0, 30)  # "fr" is a lang, not in any question
    with qtbot.waitSignal(pane.sig_filter_changed, timeout=10_000):
        pane.scope.setCurrentIndex(titles.index("lang"))
    assert shown_rows(pane) == list(range(0, 30, 2))


def test_selection_follows_dataset_rows_through_the_filter(
    qtbot: QtBot, workspace: Workspace, tmp_path: Path
) -> None:
    pane = make_pane(qtbot, workspace, write_jsonl(tmp_path / "rows.jsonl", fruit_rows()))
    assert workspace.row == 0
    search(qtbot, pane, "pie")  # rows 0, 5, 10, 15, 20, 25
    assert pane.table.currentIndex().row() == 0  # row 0 matches and stays selected

    pane.table.selectRow(3)
    assert workspace.row == 15
    with qtbot.waitSignal(workspace.sig_row_selected):
        workspace.select_row(20)  # another pane picks a row that is shown
    assert pane.table.currentIndex().row() == 4
    assert pane.table.selectionModel().isRowSelected(4, QModelIndex())

    workspace.select_row(7)  # …and one the search hides: it stays the workspace's row
    assert not pane.table.selectionModel().hasSelection()
    assert "the selected row (7) is not among them" in pane.search_status.text()
    assert workspace.row == 7

    search(qtbot, pane, "")  # cleared: the row is found again
    assert pane.model.dataset_row(pane.table.currentIndex().row()) == 7


def test_escape_clears_the_search_and_find_focuses_it(
    qtbot: QtBot, workspace: Workspace, tmp_path: Path
) -> None:
    pane = make_pane(qtbot, workspace, write_jsonl(tmp_path / "rows.jsonl", fruit_rows()))
    pane.activateWindow()
    pane.focus_search()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is pane.search)
    search(qtbot, pane, "plum")
    assert pane.model.rowCount() == 10
    with qtbot.waitSignal(pane.sig_filter_changed, timeout=10_000):
        qtbot.keyClick(pane.search, Qt.Key.Key_Escape)
    assert pane.search.text() == "" and pane.model.rowCount() == 30
    # Enter goes from the search field to the rows found.
    search(qtbot, pane, "pear")
    qtbot.keyClick(pane.search, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is pane.table)


def test_a_filter_of_many_rows_is_still_fetched_in_batches(
    qtbot: QtBot, qtmodeltester: ModelTester, workspace: Workspace, tmp_path: Path
) -> None:
    rows = fruit_rows(BATCH * 4)
    pane = make_pane(qtbot, workspace, write_jsonl(tmp_path / "big.jsonl", rows))
    assert search(qtbot, pane, "plum") == (len(rows) // 3, len(rows))
    model = pane.model
    assert model.rowCount() == BATCH and model.canFetchMore(QModelIndex())
    last = len(rows) - 1 - (len(rows) - 1 - 2) % 3  # the last plum row
    workspace.select_row(last)
    assert model.dataset_row(pane.table.currentIndex().row()) == last
    assert model.rowCount() == len(rows) // 3
    qtmodeltester.check(model)


def test_the_column_chooser_hides_and_shows_columns_and_remembers(
    qtbot: QtBot, workspace: Workspace, tmp_path: Path
) -> None:
    path = write_jsonl(tmp_path / "rows.jsonl", fruit_rows())
    pane = make_pane(qtbot, workspace, path)
    menu = pane.columns.menu
    assert pane.columns_button.menu() is menu
    actions = {a.objectName(): a for a in menu.actions() if a.objectName()}
    history = actions["datasetColumn:history"]
    assert history.isCheckable() and history.isChecked()
    history.trigger()  # unchecks it
    assert pane.table.isColumnHidden(4) and not history.isChecked()
    assert actions["datasetShowAllColumns"].isEnabled()
    actions["datasetColumn:field:lang"].trigger()
    assert pane.table.isColumnHidden(5)

    # Remembered for this file, by a new pane too (as after a restart).
    assert sorted(AppSettings().hidden_columns(str(path))) == ["field:lang", "history"]
    other = make_pane(qtbot, Workspace(), None)
    other.workspace.set_dataset(open_dataset(path))
    assert other.table.isColumnHidden(4) and other.table.isColumnHidden(5)
    assert not other.table.isColumnHidden(1)
    other.workspace.close()

    actions["datasetShowAllColumns"].trigger()
    assert not any(pane.table.isColumnHidden(c) for c in range(pane.model.columnCount()))
    assert AppSettings().hidden_columns(str(path)) == []

    # The last column shown cannot be hidden: the table would look empty.
    for column in range(pane.model.columnCount() - 1):
        pane.columns.set_hidden(column, True)
    last = pane.model.columnCount() - 1
    assert not actions["datasetColumn:field:lang"].isEnabled()
    pane.columns.set_hidden(last, True)
    assert not pane.table.isColumnHidden(last)


MARKDOWN_ROW = {
    "id": "md",
    "messages": [{"role": "user", "content": "Make it **bold**, please."}],
    "response": {
        "content": "Here is **bold** text and a list:\n\n- one\n- two\n\n<think>kept</think>",
        "reasoning_content": "Think *first*.",
    },
    "meta": {"category": "style", "scores": {"clarity": 4}, "tags": ["a", "b"]},
}


def bold_fragments(document: QTextDocument) -> list[str]:
    found = []
    block = document.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            fragment = it.fragment()
            if fragment.charFormat().fontWeight() >= QFont.Weight.Bold:
                found.append(fragment.text())
            it += 1
        block = block.next()
    return found


def test_the_inspector_renders_markdown_and_shows_fields_as_a_tree(
    qtbot: QtBot, qtmodeltester: ModelTester, tmp_path: Path
) -> None:
    path = write_jsonl(tmp_path / "md.jsonl", [MARKDOWN_ROW])
    inspector = RowInspector()
    qtbot.addWidget(inspector)
    with open_dataset(path) as dataset:
        inspector.show_row(dataset.row(0))
    document = inspector.browser.document()
    text = document.toPlainText()
    assert "**" not in text.split("What templates see")[0]  # the bubbles show Markdown…
    assert bold_fragments(document).count("bold") == 2  # …in the message and the response
    assert "Make it **bold**, please." in text  # data.question: what templates really get
    assert "<think>kept</think>" in text  # HTML in a row is text, not markup
    assert "one" in text and "two" in text
    assert "Show reasoning" in text and "first" not in text

    inspector.markdown.setChecked(False)  # plain text, as written
    assert "Here is **bold** text" in inspector.browser.toPlainText()

    tree = inspector.tree
    assert tree.objectName() == "rowFieldsTree"
    model = tree.model()
    assert isinstance(model, JsonTreeModel)
    qtmodeltester.check(model)
    roots = [model.data(model.index(r, 0)) for r in range(model.rowCount())]
    assert roots == ["data", "response"]
    data = model.index(0, 0)
    assert tree.isExpanded(data)
    keys = [model.data(model.index(r, 0, data)) for r in range(model.rowCount(data))]
    assert {"id", "messages", "meta", "question", "gt", "history", "ref_answer"} <= set(keys)
    meta = model.index(keys.index("meta"), 0, data)
    assert model.data(meta.siblingAtColumn(2)) == "object"
    assert model.data(meta.siblingAtColumn(1)) == "3 fields"
    inner = {
        model.data(model.index(r, 0, meta)): model.index(r, 0, meta)
        for r in range(model.rowCount(meta))
    }
    assert model.data(inner["category"].siblingAtColumn(1)) == "style"
    scores = inner["scores"]
    clarity = model.index(0, 0, scores)
    assert (model.data(clarity), model.data(clarity.siblingAtColumn(1))) == ("clarity", "4")
    assert model.data(clarity.siblingAtColumn(2)) == "number"
    assert model.data(model.index(1, 0, inner["tags"]).siblingAtColumn(1)) == "b"
    gt = model.index(keys.index("gt"), 1, data)
    assert model.data(gt) == "None"

    inspector.show_row(None)
    assert model.rowCount() == 0
    qtmodeltester.check(model)


def test_a_long_list_shows_its_first_items_and_says_how_many_more() -> None:
    model = JsonTreeModel()
    model.set_roots({"data": {"items": list(range(2500))}})
    items = model.index(0, 0, model.index(0, 0))
    assert model.rowCount(items) == 1001
    last = model.index(1000, 1, items)
    assert model.data(last) == "1,500 more not shown"


def test_a_search_during_indexing_is_run_again_once_every_row_is_read(
    qtbot: QtBot, workspace: Workspace, tmp_path: Path
) -> None:
    from judgedesk.core.dataset import JsonlIndexer

    rows: list[dict[str, Any]] = [{"text": f"row {i} " + "x" * 300} for i in range(4000)]
    rows.append({"text": "the last row", "late": "a field only the last row has"})
    indexer = JsonlIndexer(write_jsonl(tmp_path / "big.jsonl", rows))
    indexer.step(0.0)
    pane = make_pane(qtbot, workspace)
    workspace.set_dataset(indexer.dataset(), indexer.close)
    partial = len(indexer.dataset())
    assert 0 < partial < len(rows)
    assert search(qtbot, pane, "row") == (partial, partial)
    indexer.run()
    with qtbot.waitSignal(pane.sig_filter_changed, timeout=10_000) as blocker:
        workspace.dataset_completed(indexer.dataset())
    assert blocker.args == [len(rows), len(rows)]
    scopes = [pane.scope.itemText(i) for i in range(pane.scope.count())]
    assert "late" in scopes  # the column of a field found late, to search and to hide
    names = [a.objectName() for a in pane.columns.menu.actions()]
    assert "datasetColumn:field:late" in names
