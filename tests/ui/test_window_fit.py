"""The window fits the screen it opens on: 1280 × 720 and up, at 100 % and 200 %."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMainWindow
from pytestqt.qtbot import QtBot

from judgedesk.ui.window_fit import available_area, fit_window

REPO = Path(__file__).resolve().parents[2]

PROBE = r"""
import asyncio, json, os, shutil, sys, tempfile
from pathlib import Path
from PySide6.QtWidgets import QApplication
import qasync
app = QApplication(sys.argv[:1])
loop = qasync.QEventLoop(app)
asyncio.set_event_loop(loop)
from judgedesk.core.project import Workspace
from judgedesk.resources import resource_path
from judgedesk.ui.main_window import MainWindow
from judgedesk.ui.settings import AppSettings
folder = Path(tempfile.mkdtemp()) / "sample"
shutil.copytree(resource_path("sample"), folder)
window = MainWindow(Workspace(), AppSettings())
window.show()
window.open_project(folder)

def rect(r):
    return [r.x(), r.y(), r.width(), r.height()]

async def probe():
    while window.workspace.project is None:
        await asyncio.sleep(0.05)
    out = {"screen": rect(window.screen().availableGeometry()), "panes": {}}
    out["window"] = rect(window.frameGeometry())
    out["minimum"] = [window.minimumSizeHint().width(), window.minimumSizeHint().height()]
    inside = window.rect()
    for name in ("inspector_dock", "statusBar", "nav"):
        widget = getattr(window, name)
        widget = widget() if callable(widget) else widget
        out[name] = inside.contains(widget.geometry()) and widget.isVisible()
    view = window.nav
    out["stages_in_sight"] = all(
        view.viewport().rect().contains(view.visualItemRect(view.item(row)))
        for row in range(view.count())
    )
    for row in range(window.stack.count()):
        window.nav.setCurrentRow(row)
        await asyncio.sleep(0.05)
        pane = window.stack.currentWidget()
        out["panes"][type(pane).__name__] = pane.isVisible() and pane.width() > 0
    print("PROBE " + json.dumps(out))
    window.workspace.dirty = False
    window.run_pane.stop_and_wait()

with loop:
    loop.run_until_complete(probe())
"""


def probe(tmp_path: Path, width: int, height: int, scale: int) -> dict[str, object]:
    config = tmp_path / f"screen-{width}x{height}@{scale}.json"
    screen = {
        "name": "probe",
        "x": 0,
        "y": 0,
        "width": width,
        "height": height,
        "logicalDpi": 96,
        "logicalBaseDpi": 96,
        "dpr": scale,
    }
    config.write_text(json.dumps({"windowFrameMargins": False, "screens": [screen]}))
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": f"offscreen:configfile={config}",
        "JUDGEDESK_SETTINGS_DIR": str(tmp_path / f"settings-{width}-{scale}"),
        "QT_API": "pyside6",
    }
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    line = next((x for x in done.stdout.splitlines() if x.startswith("PROBE ")), None)
    assert line is not None, done.stderr[-2000:]
    result: dict[str, object] = json.loads(line.removeprefix("PROBE "))
    return result


@pytest.mark.parametrize(
    ("width", "height", "scale"),
    [(1280, 720, 1), (1366, 768, 1), (1280, 720, 2), (1920, 1080, 1)],
)
def test_the_window_fits_the_screen_with_everything_in_reach(
    tmp_path: Path, width: int, height: int, scale: int
) -> None:
    seen = probe(tmp_path, width, height, scale)
    sx, sy, sw, sh = seen["screen"]  # type: ignore[misc]
    assert (sw, sh) == (width, height)
    x, y, w, h = seen["window"]  # type: ignore[misc]
    assert sx <= x and sy <= y and x + w <= sx + sw and y + h <= sy + sh, seen
    mw, mh = seen["minimum"]  # type: ignore[misc]
    assert mw <= sw and mh <= sh, seen
    assert seen["inspector_dock"] and seen["statusBar"] and seen["nav"], seen
    assert seen["stages_in_sight"], seen
    panes = seen["panes"]
    assert isinstance(panes, dict) and len(panes) == 7 and all(panes.values()), seen


def test_a_kept_size_larger_than_the_screen_is_clamped_into_it(qtbot: QtBot) -> None:
    window = QMainWindow()
    qtbot.addWidget(window)
    area = available_area(window)
    window.resize(area.width() + 900, area.height() + 500)
    window.move(area.x() + area.width() - 50, area.y() - 300)
    fit_window(window, restored=True)
    assert window.width() <= area.width() and window.height() <= area.height()
    assert area.contains(window.pos())
    window.resize(400, 300)
    window.move(area.x() + 10, area.y() + 10)
    fit_window(window, restored=True)
    assert (window.width(), window.height()) == (400, 300)  # a size that fits is kept
    assert (window.x(), window.y()) == (area.x() + 10, area.y() + 10)
