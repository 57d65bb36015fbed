"""Start core coroutines from the UI, keep them referenced, and report their failures."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any

from PySide6.QtCore import QObject, Signal

log = logging.getLogger(__name__)


class TaskRunner(QObject):
    """Runs coroutines on the qasync loop on behalf of panes.

    A task started with a key replaces (cancels) the running task with the same key, so
    a live preview only ever computes the latest request.

    Signals:
        sig_task_failed: (key, message) when a task raised; shown to the person.
    """

    sig_task_failed = Signal(str, str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._tasks: dict[str, asyncio.Task[Any]] = {}

    def start(
        self,
        key: str,
        coro: Coroutine[Any, Any, Any],
        on_done: Callable[[Any], None] | None = None,
    ) -> asyncio.Task[Any]:
        """Start ``coro``; ``on_done(result)`` runs on the GUI thread when it succeeds."""
        previous = self._tasks.pop(key, None)
        if previous is not None and not previous.done():
            previous.cancel()
        task = asyncio.ensure_future(coro)
        self._tasks[key] = task

        def finished(done: asyncio.Task[Any]) -> None:
            if self._tasks.get(key) is done:
                del self._tasks[key]
            if done.cancelled():
                return
            error = done.exception()
            if error is not None:
                log.error("task %s failed", key, exc_info=error)
                self.sig_task_failed.emit(key, str(error) or type(error).__name__)
            elif on_done is not None:
                on_done(done.result())

        task.add_done_callback(finished)
        return task

    def running(self, key: str) -> bool:
        """True while a task with ``key`` runs."""
        task = self._tasks.get(key)
        return task is not None and not task.done()

    def cancel(self, key: str) -> None:
        """Cancel the task with ``key``, if one runs (its result is then dropped)."""
        task = self._tasks.pop(key, None)
        if task is not None:
            task.cancel()

    def cancel_all(self) -> None:
        """Cancel every running task (at shutdown)."""
        for task in self._tasks.values():
            task.cancel()
        self._tasks.clear()
