"""The window's one way to work in the background: coroutines on the qasync loop, blocking
functions in threads, a worker's futures and a process's news, each under a key."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import threading
import time
from collections.abc import Callable, Coroutine
from typing import Any, Protocol, TypeVar

from PySide6.QtCore import QObject, Signal

log = logging.getLogger(__name__)

T = TypeVar("T")
PROGRESS_EVERY = 0.1
"""Seconds between two progress reports handed to the GUI thread (at most)."""


class News(Protocol):
    """What a :class:`NewsSource` drains: it says whether the work is over."""

    @property
    def done(self) -> bool:
        """True once the work has ended (nothing follows these news)."""
        ...


NewsT = TypeVar("NewsT", bound=News)


class NewsSource(Protocol[NewsT]):
    """Work in another thread or process that gathers news for the window to drain.

    ``on_news`` is called from that thread whenever there is something to drain.
    """

    on_news: Callable[[], None] | None

    def drain(self) -> NewsT:
        """Take the news gathered since the last call."""
        ...


class TaskRunner(QObject):
    """Runs background work on behalf of panes; the results come back on the GUI thread.

    Every piece of work has a key. Starting work with a key cancels the running work with
    the same key (its result is then dropped), so a live preview only ever computes the
    latest request. A thread cannot be stopped: its result is dropped when it ends.

    Work that fails, and an ``on_done`` that raises, are told in :attr:`sig_task_failed`;
    ``on_done`` is never called for work that failed or was cancelled.

    Only plain data goes to threads (never a widget or a QObject's ``self``): a Qt object
    whose last reference a thread drops is destroyed on that thread.

    Signals:
        sig_task_finished: (key, result) once work succeeded and its ``on_done`` ran.
        sig_task_failed: (key, message) when work or its ``on_done`` raised; shown to the
            person.
    """

    sig_task_finished = Signal(str, object)
    sig_task_failed = Signal(str, str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._tasks: dict[str, asyncio.Task[Any]] = {}

    def start(
        self,
        key: str,
        work: Coroutine[Any, Any, T] | concurrent.futures.Future[T],
        on_done: Callable[[T], object] | None = None,
    ) -> asyncio.Task[T]:
        """Start ``work``: a coroutine, or a future a worker of the core answers.

        ``on_done(result)`` runs on the GUI thread when it succeeds.
        """
        coro = _future_result(work) if isinstance(work, concurrent.futures.Future) else work
        previous = self._tasks.pop(key, None)
        if previous is not None and not previous.done():
            previous.cancel()
        task = asyncio.ensure_future(coro)
        self._tasks[key] = task
        task.add_done_callback(lambda done: self._finished(key, done, on_done))
        return task

    def run_in_thread(
        self,
        key: str,
        function: Callable[..., T],
        *args: Any,
        on_done: Callable[[T], object] | None = None,
        on_progress: Callable[..., object] | None = None,
    ) -> asyncio.Task[T]:
        """Call the blocking ``function(*args)`` in a thread (``asyncio.to_thread``).

        With ``on_progress``, ``function`` is also given ``progress=``: a callable the
        thread may call with any values, as often as it likes; the latest values reach
        ``on_progress`` on the GUI thread at most every :data:`PROGRESS_EVERY` seconds.
        """
        if on_progress is None:
            return self.start(key, asyncio.to_thread(function, *args), on_done)
        return self.start(key, _with_progress(function, args, on_progress), on_done)

    def follow(
        self,
        key: str,
        source: NewsSource[NewsT],
        on_news: Callable[[NewsT], object],
        on_done: Callable[[NewsT], object] | None = None,
        every: float = PROGRESS_EVERY,
    ) -> asyncio.Task[NewsT]:
        """Hand ``source``'s news to ``on_news`` on the GUI thread as they come, at least
        ``every`` seconds apart, until news say the work is done; ``on_done`` then gets
        those last news (``on_news`` had them too)."""
        return self.start(key, _follow(source, on_news, every), on_done)

    def running(self, key: str) -> bool:
        """True while work with ``key`` runs."""
        task = self._tasks.get(key)
        return task is not None and not task.done()

    def cancel(self, key: str) -> None:
        """Cancel the work with ``key``, if any runs (its result is then dropped)."""
        task = self._tasks.pop(key, None)
        if task is not None:
            task.cancel()

    def cancel_all(self) -> None:
        """Cancel all running work (at shutdown)."""
        for task in self._tasks.values():
            task.cancel()
        self._tasks.clear()

    def _finished(
        self, key: str, done: asyncio.Task[T], on_done: Callable[[T], object] | None
    ) -> None:
        if self._tasks.get(key) is done:
            del self._tasks[key]
        if done.cancelled():
            return
        error = done.exception()
        if error is None:
            result = done.result()
            try:
                if on_done is not None:
                    on_done(result)
            except Exception as exc:  # the person is told, as of work that failed
                error = exc
            else:
                self.sig_task_finished.emit(key, result)
                return
        log.error("task %s failed", key, exc_info=error)
        self.sig_task_failed.emit(key, str(error) or type(error).__name__)


async def _future_result(future: concurrent.futures.Future[T]) -> T:
    return await asyncio.wrap_future(future)


class _ProgressRelay:
    """Carries a thread's latest progress values to the loop; holds no Qt object."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._lock = threading.Lock()
        self._values: tuple[Any, ...] | None = None
        self.fresh = asyncio.Event()

    def __call__(self, *values: Any) -> None:
        """Called by the thread."""
        with self._lock:
            first, self._values = self._values is None, values
        if first:
            with contextlib.suppress(RuntimeError):  # the loop closed: nobody is waiting
                self._loop.call_soon_threadsafe(self.fresh.set)

    def take(self) -> tuple[Any, ...] | None:
        """The values reported since the last call, or None."""
        self.fresh.clear()
        with self._lock:
            values, self._values = self._values, None
        return values


async def _with_progress(
    function: Callable[..., T], args: tuple[Any, ...], on_progress: Callable[..., object]
) -> T:
    relay = _ProgressRelay(asyncio.get_running_loop())
    # The thread gets the relay only: on_progress (a pane's method) stays on this thread.
    work = asyncio.ensure_future(asyncio.to_thread(function, *args, progress=relay))
    fresh: asyncio.Future[Any] | None = None
    try:
        while not work.done():
            fresh = asyncio.ensure_future(relay.fresh.wait())
            await asyncio.wait({work, fresh}, return_when=asyncio.FIRST_COMPLETED)
            fresh.cancel()
            values = relay.take()
            if values is not None and not work.done():
                on_progress(*values)
                await asyncio.wait({work}, timeout=PROGRESS_EVERY)
        return work.result()
    finally:
        if fresh is not None:
            fresh.cancel()
        work.cancel()


async def _follow(
    source: NewsSource[NewsT], on_news: Callable[[NewsT], object], every: float
) -> NewsT:
    loop = asyncio.get_running_loop()
    woken = asyncio.Event()

    def wake() -> None:  # called from the source's thread: it touches only the loop
        with contextlib.suppress(RuntimeError):  # the loop closed: nobody is waiting
            loop.call_soon_threadsafe(woken.set)

    # Set before the first drain: what came earlier is drained, what comes later wakes.
    source.on_news = wake
    try:
        while True:
            woken.clear()  # a wake from now on is about news this drain may not take
            news = source.drain()
            on_news(news)
            if news.done:
                return news
            last = time.monotonic()
            await woken.wait()
            await asyncio.sleep(max(0.0, every - (time.monotonic() - last)))
    finally:
        if source.on_news is wake:  # a newer follower may have taken over already
            source.on_news = None
