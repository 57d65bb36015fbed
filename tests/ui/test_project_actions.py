"""File and Edit menus: undo, unsaved changes on close, Save As, autosave, export, drops."""

from __future__ import annotations

import csv
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent
from pytestqt.qtbot import QtBot

from judgedesk.core.project.files import recovery_path
from judgedesk.core.project.settings import load_project
from judgedesk.core.project.workspace import Workspace
from judgedesk.resources import resource_path
from judgedesk.ui import project_actions
from judgedesk.ui.main_window import MainWindow
from judgedesk.ui.settings import AppSettings


def sample_window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    folder = tmp_path / "sample"
    if not folder.exists():
        shutil.copytree(resource_path("sample"), folder)
    window = MainWindow(Workspace(), AppSettings())
    qtbot.addWidget(window, before_close_func=lambda w: setattr(w, "_may_close", True))
    window.show()
    with qtbot.waitSignal(window.dataset_pane.model.modelReset, timeout=10_000):
        window.open_project(folder)
    return window


def rename_first_judge(window: MainWindow, name: str) -> None:
    pane = window.judges_pane
    pane.list.setCurrentIndex(pane.model.index(0))
    pane.form.name.setText(name)
    pane.form.name.textEdited.emit(name)


def test_judge_edits_are_undone_and_redone_from_the_edit_menu(qtbot: QtBot, tmp_path: Path) -> None:
    window = sample_window(qtbot, tmp_path)
    pane = window.judges_pane
    assert not window.undo_action.isEnabled()
    for typed in ("s", "st", "strict"):  # typing one word is one step of undo
        rename_first_judge(window, typed)
    pane.addJudge_button.click()
    assert pane.model.rowCount() == 3 and "●" in window.windowTitle()
    assert "Add judge" in window.undo_action.text()
    window.undo_action.trigger()
    assert pane.model.rowCount() == 2 and pane.model.judge(0).name == "strict"
    assert "Add judge" in window.redo_action.text()
    window.undo_action.trigger()
    assert pane.model.judge(0).name == "answer-check"
    pane.list.setCurrentIndex(pane.model.index(0))
    assert pane.form.name.text() == "answer-check"
    assert not window.undo_action.isEnabled() and "●" not in window.windowTitle()
    window.redo_action.trigger()
    window.redo_action.trigger()
    assert pane.model.rowCount() == 3 and pane.model.judge(0).name == "strict"
    assert "●" in window.windowTitle()


@pytest.mark.parametrize(
    "redo",
    [
        (Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier),
        (Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier),
    ],
    ids=["Ctrl+Shift+Z", "Ctrl+Y"],
)
def test_every_redo_key_the_platform_has_redoes(
    qtbot: QtBot, tmp_path: Path, redo: tuple[Qt.Key, Qt.KeyboardModifier]
) -> None:
    window = sample_window(qtbot, tmp_path)
    pane = window.judges_pane
    pane.addJudge_button.click()
    window.undo_action.trigger()
    assert pane.model.rowCount() == 2 and window.redo_action.isEnabled()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.nav.setFocus()  # not a text field, which has its own undo
    qtbot.keyClick(window.nav, *redo)
    assert pane.model.rowCount() == 3 and not window.redo_action.isEnabled()


def test_closing_with_unsaved_changes_asks_and_saves(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = sample_window(qtbot, tmp_path)
    rename_first_judge(window, "kept")
    answers = iter([project_actions.CANCEL, project_actions.SAVE])
    asked: list[str] = []

    def ask() -> str:
        asked.append("asked")
        return next(answers)

    monkeypatch.setattr(window.files, "ask_unsaved", ask)
    assert not window.close()  # cancelled: the window stays
    assert window.isVisible() and asked == ["asked"]
    window.close()
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=5_000)
    assert load_project(tmp_path / "sample").judges[0].name == "kept"


def test_discarding_changes_when_opening_another_project(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = sample_window(qtbot, tmp_path)
    rename_first_judge(window, "dropped")
    other = tmp_path / "other"
    shutil.copytree(resource_path("sample"), other)
    monkeypatch.setattr(window.files, "ask_unsaved", lambda: project_actions.DISCARD)
    with qtbot.waitSignal(window.dataset_pane.model.modelReset, timeout=10_000):
        window.open_project(other)
    assert window.workspace.project.root == other.resolve()
    assert "●" not in window.windowTitle()
    assert load_project(tmp_path / "sample").judges[0].name == "answer-check"


def test_save_as_opens_the_copy_with_the_changes(qtbot: QtBot, tmp_path: Path) -> None:
    window = sample_window(qtbot, tmp_path)
    rename_first_judge(window, "in-the-copy")
    with qtbot.waitSignal(window.dataset_pane.model.modelReset, timeout=10_000):
        window.files.save_to(tmp_path / "copy")
    assert window.workspace.project.root == (tmp_path / "copy").resolve()
    assert "●" not in window.windowTitle()
    assert load_project(tmp_path / "copy").judges[0].name == "in-the-copy"
    assert window.dataset_pane.model.rowCount() == 24
    window.files.save_to(tmp_path / "sample")  # not empty
    qtbot.waitUntil(lambda: "not empty" in window.status.text())


def test_autosave_keeps_changes_that_a_crash_would_lose(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = sample_window(qtbot, tmp_path)
    project = window.workspace.project
    window.files.autosave()  # nothing to keep yet
    assert not recovery_path(project).exists()
    rename_first_judge(window, "typed-before-the-crash")
    window.files.autosave()
    qtbot.waitUntil(recovery_path(project).exists)
    # The settings file itself is untouched until the person saves.
    assert load_project(project.root).judges[0].name == "answer-check"
    later = time.time() + 2
    os.utime(recovery_path(project), (later, later))

    # A new window (the app started again after a crash) offers the kept changes.
    again = MainWindow(Workspace(), AppSettings())
    qtbot.addWidget(again, before_close_func=lambda w: setattr(w, "_may_close", True))
    monkeypatch.setattr(again.files, "ask_restore", lambda when: True)
    with qtbot.waitSignal(again.dataset_pane.model.modelReset, timeout=10_000):
        again.open_project(project.root)
    assert again.workspace.project.judges[0].name == "typed-before-the-crash"
    assert again.workspace.dirty and "●" in again.windowTitle()
    again.save_action.trigger()
    qtbot.waitUntil(lambda: not recovery_path(project).exists())
    assert load_project(project.root).judges[0].name == "typed-before-the-crash"


def test_export_after_a_run_and_before_one(qtbot: QtBot, tmp_path: Path) -> None:
    window = sample_window(qtbot, tmp_path)
    window.files.export_to(tmp_path / "early.csv")
    qtbot.waitUntil(lambda: "not been run" in window.status.text())
    # The run happens in its own process, as `judgedesk run` would.
    done = subprocess.run(
        [sys.executable, "-m", "judgedesk", "run", str(tmp_path / "sample")],
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    window.files.export_to(tmp_path / "results.csv")
    qtbot.waitUntil(lambda: "Exported 24 rows" in window.status.text(), timeout=10_000)
    with (tmp_path / "results.csv").open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 24 and "question" in rows[0]


def drop(window: MainWindow, path: Path) -> None:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    event = QDropEvent(
        QPointF(QPoint(200, 200)),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    window.dropEvent(event)


def test_dropping_a_project_folder_opens_it(qtbot: QtBot, tmp_path: Path) -> None:
    window = sample_window(qtbot, tmp_path)
    other = tmp_path / "other"
    shutil.copytree(resource_path("sample"), other)
    with qtbot.waitSignal(window.dataset_pane.model.modelReset, timeout=10_000):
        drop(window, other)
    assert window.workspace.project.root == other.resolve()
    (tmp_path / "notes.docx").write_text("x")
    drop(window, tmp_path / "notes.docx")
    assert "Drop one of those" in window.status.text()


def test_the_guide_opens_from_the_help_menu(qtbot: QtBot, tmp_path: Path) -> None:
    window = sample_window(qtbot, tmp_path)
    window.show_guide()
    guides = [w for w in window.findChildren(object) if w.objectName() == "guideDialog"]
    assert guides
    text = guides[0].browser.toPlainText()
    assert "New Project" in text and "Ctrl+F" in text
    guides[0].close()


def test_a_dropped_dataset_becomes_a_project_through_the_wizard(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from judgedesk.ui.wizard import NewProjectWizard

    window = sample_window(qtbot, tmp_path)
    data = tmp_path / "answers.csv"
    data.write_text("prompt,gold,model_output\n2+2?,4,4\nSky?,blue,green\n", encoding="utf-8")
    monkeypatch.setattr(window.settings, "projects_folder", lambda: tmp_path / "projects")
    drop(window, data)
    wizard = window.findChild(NewProjectWizard)
    assert wizard is not None and wizard.isVisible()
    qtbot.waitUntil(lambda: not wizard.dataset_page.is_reading(), timeout=10_000)
    for _ in range(4):
        wizard.next()
    assert Path(wizard.project_page.folder.text()) == tmp_path / "projects" / "answers"
    with qtbot.waitSignal(window.dataset_pane.model.modelReset, timeout=10_000):
        wizard.button(wizard.WizardButton.FinishButton).click()
    assert window.workspace.project.root == (tmp_path / "projects" / "answers").resolve()
    assert window.dataset_pane.model.rowCount() == 2
    assert "answers" in window.windowTitle()
