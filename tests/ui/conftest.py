"""GUI test setup: a qasync loop on the test QApplication, GC on the GUI thread only."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Iterator
from pathlib import Path

import pytest
import qasync
from PySide6.QtWidgets import QApplication

from judgedesk.core.project.trust import TrustState
from judgedesk.ui.project_actions import ProjectActions


@pytest.fixture(autouse=True)
def settings_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "settings"
    monkeypatch.setenv("JUDGEDESK_SETTINGS_DIR", str(folder))
    return folder


@pytest.fixture(autouse=True)
def trust_questions(monkeypatch: pytest.MonkeyPatch) -> list[TrustState]:
    """Opening a project with untrusted scripts asks in a modal dialog, which would wait
    forever here: it is answered "Open without running scripts", and each question is
    listed. Tests of the other answer replace ``ask_trust`` themselves."""
    asked: list[TrustState] = []

    def answer(actions: ProjectActions, state: TrustState) -> bool:
        asked.append(state)
        return False

    monkeypatch.setattr(ProjectActions, "ask_trust", answer)
    return asked


@pytest.fixture(scope="session")
def qasync_loop(qapp: QApplication) -> Iterator[asyncio.AbstractEventLoop]:
    """One qasync loop for the session, driven by the waits of pytest-qt."""
    loop = qasync.QEventLoop(qapp, already_running=True)
    # Our own executor, so its threads are joined before the session ends.
    executor = qasync.QThreadExecutor(2)
    loop.set_default_executor(executor)
    asyncio.set_event_loop(loop)
    yield loop
    executor.shutdown(wait=True)


@pytest.fixture(autouse=True)
def gui_thread_gc(qasync_loop: asyncio.AbstractEventLoop) -> Iterator[None]:
    # The cyclic GC may otherwise destroy Qt objects from a worker thread.
    gc.disable()
    yield
    for task in asyncio.all_tasks(qasync_loop):
        task.cancel()
    gc.collect()
