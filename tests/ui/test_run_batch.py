"""Run › Export for Batch… and Import Batch Results…: the counts shown, the window free."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

from judgedesk.ui.panes.run.batch import RunBatch
from tests.core.test_pipeline import make_project, score_from_question
from tests.support.batch_runner import run_batch
from tests.support.fake_openai import FakeOpenAI
from tests.ui.test_run_pane import open_run_pane

ROWS = 12


def message(window: object, name: str) -> str:
    box = window.findChild(QMessageBox, name)  # type: ignore[attr-defined]
    assert box is not None and box.isVisible()
    text = box.text()
    box.close()
    return str(text)


def test_export_run_elsewhere_import_then_a_run_asks_nothing(qtbot: QtBot, tmp_path: Path) -> None:
    with FakeOpenAI(reply=score_from_question) as fake:
        make_project(tmp_path / "p", fake.base_url)
        window, pane = open_run_pane(qtbot, tmp_path / "p")
        assert window.findChild(QAction, "exportBatchAction") is not None
        assert window.findChild(QAction, "importBatchAction") is not None
        batch = pane.findChild(RunBatch)
        assert batch is not None

        with qtbot.waitSignal(batch.sig_exported, timeout=20_000) as exported:
            batch.export_batch(tmp_path / "out")
        done = exported.args[0]
        assert done.requests == ROWS and len(done.files) == 1
        text = message(window, "batchExportMessage")
        assert f"Requests written: {ROWS} (files: 1, in {tmp_path / 'out'})." in text
        assert f"judge: {ROWS}" in text and "Replies stored already: 0." in text
        assert window.run_status.text().startswith(f"Requests written: {ROWS}")

        files = [tmp_path / "out" / f.name for f in done.files]
        run_batch(files, fake.base_url, tmp_path / "results.jsonl")
        # A second file, cut off in the middle of its only line.
        (tmp_path / "cut.jsonl").write_text(
            (tmp_path / "results.jsonl").read_text()[:50], encoding="utf-8"
        )
        with (
            qtbot.waitSignal(pane.sig_estimated, timeout=20_000) as estimated,
            qtbot.waitSignal(batch.sig_imported, timeout=20_000) as imported,
        ):
            batch.import_results([tmp_path / "results.jsonl", tmp_path / "cut.jsonl"])
        assert imported.args[0].stored == ROWS and imported.args[0].truncated == 1
        text = message(window, "batchImportMessage")
        assert "Replies stored: 12; stored already: 0; files read: 2." in text
        assert "cut.jsonl is cut off before its end" in text
        assert estimated.args[0].requests == 0  # the pane knows nothing is left to ask

        fake.clear()
        with qtbot.waitSignal(pane.sig_run_finished, timeout=30_000) as finished:
            pane.start()
        assert finished.args[0].progress.calls == 0 and fake.count() == 0


def test_an_import_of_a_project_never_exported_names_the_unknown_ids(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The file dialogs are modal: they answer at once here.
    folder = str(tmp_path / "out")
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *args: folder)
    results = ([str(tmp_path / "results.jsonl")], "")
    monkeypatch.setattr(QFileDialog, "getOpenFileNames", lambda *args: results)
    with FakeOpenAI(reply=score_from_question) as fake:
        make_project(tmp_path / "a", fake.base_url, rows=3)
        window, pane = open_run_pane(qtbot, tmp_path / "a")
        batch = pane.findChild(RunBatch)
        assert batch is not None
        with qtbot.waitSignal(batch.sig_exported, timeout=20_000) as exported:
            window.findChild(QAction, "exportBatchAction").trigger()
        message(window, "batchExportMessage")
        files = [tmp_path / "out" / f.name for f in exported.args[0].files]
        run_batch(files, fake.base_url, tmp_path / "results.jsonl")
        other = make_project(tmp_path / "b", fake.base_url, rows=3, model="judge-large")
        window.open_project(other.root)
        opened = window.workspace
        qtbot.waitUntil(
            lambda: opened.project is not None and opened.project.root == other.root,
            timeout=10_000,
        )
        with qtbot.waitSignal(batch.sig_imported, timeout=20_000) as imported:
            window.findChild(QAction, "importBatchAction").trigger()
        assert imported.args[0].unknown == 3
        text = message(window, "batchImportMessage")
        assert "Lines not stored: 3 with an id no export of this project wrote" in text
