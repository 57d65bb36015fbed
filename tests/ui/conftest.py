"""GUI test setup: a qasync loop on the test QApplication, GC on the GUI thread only."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import qasync
from PySide6.QtWidgets import QApplication

from judgedesk.core.judge.approvals import KeyUse
from judgedesk.core.project.trust import TrustState
from judgedesk.ui import approvals
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


@dataclass
class Questions:
    """The approval questions asked (keys to send, files to read) and the answer given."""

    keys: list[list[KeyUse]] = field(default_factory=list)
    files: list[list[Path]] = field(default_factory=list)
    answer: bool = False


@pytest.fixture(autouse=True)
def approval_questions(monkeypatch: pytest.MonkeyPatch) -> Questions:
    """Sending a key to a new address, or reading a file outside a project, asks in a modal
    dialog, which would wait forever here: each question is listed and answered with
    ``answer`` (no, unless a test says otherwise)."""
    asked = Questions()

    def keys(parent: object, uses: list[KeyUse]) -> bool:
        asked.keys.append(list(uses))
        return asked.answer

    def files(parent: object, project: str, paths: list[Path]) -> bool:
        asked.files.append(list(paths))
        return asked.answer

    monkeypatch.setattr(approvals, "ask_to_send", keys)
    monkeypatch.setattr(approvals, "ask_to_read", files)
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
