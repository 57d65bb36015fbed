"""GUI test setup: a qasync loop on the test QApplication, GC on the GUI thread only."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Iterator
from pathlib import Path

import pytest
import qasync
from PySide6.QtWidgets import QApplication


@pytest.fixture(autouse=True)
def settings_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "settings"
    monkeypatch.setenv("JUDGEDESK_SETTINGS_DIR", str(folder))
    return folder


@pytest.fixture(autouse=True)
def qasync_loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    # The cyclic GC may otherwise destroy Qt objects from a worker thread.
    gc.disable()
    loop = qasync.QEventLoop(qapp, already_running=True)
    # Our own executor, so its threads can be joined before the test ends.
    executor = qasync.QThreadExecutor(2)
    loop.set_default_executor(executor)
    asyncio.set_event_loop(loop)
    yield loop
    for task in asyncio.all_tasks(loop):
        task.cancel()
    executor.shutdown(wait=True)
    gc.collect()
