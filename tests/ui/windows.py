"""Opening a project in a real main window for GUI tests, and a copy of the sample."""

from __future__ import annotations

import shutil
from pathlib import Path

from pytestqt.qtbot import QtBot

from judgedesk.core.project.workspace import Workspace
from judgedesk.resources import resource_path
from judgedesk.ui.main_window import MainWindow
from judgedesk.ui.settings import AppSettings


def copy_sample(tmp_path: Path) -> Path:
    """A copy of the shipped sample project, to change freely."""
    folder = tmp_path / "sample"
    shutil.copytree(resource_path("sample"), folder)
    return folder


def _close_quietly(window: MainWindow) -> None:
    # Closing asks about a run going on or unsaved changes; a test's teardown must not.
    window.run_pane.stop_and_wait()
    window.workspace.dirty = False


def open_window(qtbot: QtBot, folder: Path, *, active: bool = False) -> MainWindow:
    """A shown main window with ``folder`` open and its dataset's first rows read.

    ``active``: also make it the active window, for tests that type keys.
    """
    window = MainWindow(Workspace(), AppSettings())
    qtbot.addWidget(window, before_close_func=_close_quietly)
    window.show()
    with qtbot.waitSignal(window.dataset_pane.model.modelReset, timeout=10_000):
        window.open_project(folder)
    qtbot.waitUntil(lambda: window.workspace.dataset is not None, timeout=10_000)
    if active:
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow)
    return window
