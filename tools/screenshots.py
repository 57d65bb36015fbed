"""Regenerate the README's screenshots: each pane of the sample project, offscreen.

QT_QPA_PLATFORM=offscreen python tools/screenshots.py [--out docs/screenshots]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_API", "pyside6")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import qasync  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from judgedesk.core.workspace import Workspace  # noqa: E402
from judgedesk.resources import resource_path  # noqa: E402
from judgedesk.ui.main_window import MainWindow  # noqa: E402
from judgedesk.ui.settings import AppSettings  # noqa: E402


async def shoot(window: MainWindow, out: Path) -> None:
    while window.workspace.dataset is None:
        await asyncio.sleep(0.05)
    window.workspace.select_row(21)
    await asyncio.sleep(0.3)
    for number in range(window.nav.count()):
        window.nav.setCurrentRow(number)
        if window.stack.currentWidget() is window.judges_pane:
            pane = window.judges_pane
            pane.list.setCurrentIndex(pane.model.index(1))  # the model judge's full form
        await asyncio.sleep(0.2)
        name = window.nav.item(number).text().lower()
        window.grab().save(str(out / f"{name}.png"))
        print(out / f"{name}.png")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["JUDGEDESK_SETTINGS_DIR"] = tmp
        project = Path(tmp) / "Sample project"
        shutil.copytree(resource_path("sample"), project)
        app = QApplication(sys.argv[:1])
        loop = qasync.QEventLoop(app)
        asyncio.set_event_loop(loop)
        window = MainWindow(Workspace(), AppSettings())
        window.resize(1400, 860)
        window.show()
        window.open_project(project)
        with loop:
            loop.run_until_complete(shoot(window, out))
        window.close()


if __name__ == "__main__":
    main()
