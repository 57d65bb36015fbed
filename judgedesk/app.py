"""Composition root: the Qt application, the qasync loop, the workspace and the window."""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path

os.environ.setdefault("QT_API", "pyside6")

import qasync
from platformdirs import user_data_dir
from PySide6.QtCore import QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QMainWindow

from judgedesk.core.project import Workspace, ensure_sample_project
from judgedesk.core.review import PACK_SUFFIX
from judgedesk.resources import resource_path
from judgedesk.ui.i18n import install_translators
from judgedesk.ui.main_window import MainWindow
from judgedesk.ui.pack_window import PackWindow
from judgedesk.ui.settings import AppSettings
from judgedesk.ui.theme import use_theme

log = logging.getLogger(__name__)


GC_INTERVAL_MS = 50
"""How often the GUI thread looks whether a garbage collection is due."""
FULL_GC_SECONDS = 30.0
"""Full collections (every object scanned, tens of milliseconds) at most this often."""
BURST_OBJECTS = 20_000
"""New objects past which both young generations are collected at once: a burst (a
review session, a report arriving) is scanned once, as it arrives, not scanned again by
a later collection of the middle generation while a person types."""


def collect_garbage_on_gui_thread(app: QApplication) -> QTimer:
    """Run Python's cycle collector from a GUI-thread timer only.

    Automatic collection may run in a worker thread and destroy Qt objects there, which
    crashes Qt. Here the timer does what automatic collection would: it collects the
    youngest generation once it holds more new objects than Python's threshold, and an
    older one once enough younger collections have run, so each collection stays small
    (a few milliseconds) and no generation is left uncollected.
    """
    gc.disable()
    gc.freeze()  # what start-up made (modules, classes) stays: never scanned again
    thresholds = gc.get_threshold()
    last_full = time.monotonic()

    def collect() -> None:
        nonlocal last_full
        counts = gc.get_count()
        if counts[0] <= thresholds[0]:
            return
        if counts[1] <= thresholds[1] and counts[0] < BURST_OBJECTS:
            gc.collect(0)
        elif counts[2] > thresholds[2] and time.monotonic() - last_full > FULL_GC_SECONDS:
            gc.collect(2)  # scans every object: the one pause worth spacing out
            last_full = time.monotonic()
        else:
            gc.collect(1)

    timer = QTimer(app)
    timer.timeout.connect(collect)
    timer.start(GC_INTERVAL_MS)
    return timer


def sample_folder() -> Path:
    """Where the sample project is copied on first start."""
    return Path(user_data_dir("JudgeDesk")) / "Sample project"


def initial_project(args: Sequence[str], settings: AppSettings) -> Path:
    """The project to open: the one named, the last one used, or the sample."""
    if args:
        return Path(args[0]).expanduser()
    for recent in settings.recent_projects():
        if (Path(recent) / "judgedesk.toml").is_file():
            return Path(recent)
    return ensure_sample_project(sample_folder())


def pack_argument(args: Sequence[str]) -> Path | None:
    """The review pack named on the command line, if it names one (then no project opens)."""
    if args and args[0].lower().endswith(PACK_SUFFIX):
        return Path(args[0]).expanduser()
    return None


def main(args: Sequence[str] = ()) -> int:
    """Start the desktop app; ``args`` may name a project folder, or a review pack to
    review on its own."""
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setApplicationName("JudgeDesk")
    app.setOrganizationName("JudgeDesk")
    app.setWindowIcon(QIcon(str(resource_path("icons", "judgedesk.svg"))))
    app.setDesktopFileName("judgedesk")
    collect_garbage_on_gui_thread(app)
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    settings = AppSettings()
    use_theme(settings.theme())
    install_translators(app, settings.language())
    pack = pack_argument(args)
    window: QMainWindow
    if pack is not None:
        window = PackWindow(settings)
        window.show()
        window.open_pack(pack)
    else:
        window = MainWindow(Workspace(), settings, sample_folder=sample_folder())
        window.show()
        window.open_project(initial_project(args, settings))
    closed = asyncio.Event()
    app.lastWindowClosed.connect(closed.set)
    with loop:
        loop.run_until_complete(closed.wait())
    return 0
