"""The task runner: results, failures, cancelling by key, threads, futures and news."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from pytestqt.qtbot import QtBot

from judgedesk.core.errors import JudgeDeskError
from judgedesk.ui.tasks import TaskRunner


async def _value(value: object) -> object:
    await asyncio.sleep(0)
    return value


async def _fail(message: str) -> None:
    await asyncio.sleep(0)
    raise JudgeDeskError(message)


def test_a_result_reaches_on_done_then_the_finished_signal(qtbot: QtBot) -> None:
    tasks = TaskRunner()
    seen: list[object] = []

    with qtbot.waitSignal(tasks.sig_task_finished, timeout=5_000) as finished:
        tasks.start("answer", _value(42), on_done=seen.append)

    assert finished.args == ["answer", 42]
    assert seen == [42]
    assert not tasks.running("answer")


def test_a_failing_coroutine_is_told_and_on_done_is_not_called(qtbot: QtBot) -> None:
    tasks = TaskRunner()
    seen: list[object] = []
    finished: list[object] = []
    tasks.sig_task_finished.connect(lambda *args: finished.append(args))

    with qtbot.waitSignal(tasks.sig_task_failed, timeout=5_000) as failed:
        tasks.start("broken", _fail("Choose another file."), on_done=seen.append)

    assert failed.args == ["broken", "Choose another file."]
    assert seen == []
    assert finished == []


def test_a_failure_inside_on_done_is_told_like_a_failing_task(qtbot: QtBot) -> None:
    tasks = TaskRunner()
    finished: list[object] = []
    tasks.sig_task_finished.connect(lambda *args: finished.append(args))

    def show(value: object) -> None:
        raise ValueError(f"cannot show {value}")

    with qtbot.waitSignal(tasks.sig_task_failed, timeout=5_000) as failed:
        tasks.start("shown", _value(7), on_done=show)

    assert failed.args == ["shown", "cannot show 7"]
    assert finished == []


def test_work_with_the_same_key_cancels_the_work_before(qtbot: QtBot) -> None:
    tasks = TaskRunner()
    seen: list[object] = []
    never = asyncio.Event()

    async def slow() -> str:
        await never.wait()
        return "old"

    first = tasks.start("preview", slow(), on_done=seen.append)
    assert tasks.running("preview")
    with qtbot.waitSignal(tasks.sig_task_finished, timeout=5_000) as finished:
        tasks.start("preview", _value("new"), on_done=seen.append)

    qtbot.waitUntil(first.done, timeout=5_000)
    assert first.cancelled()
    assert finished.args == ["preview", "new"]
    assert seen == ["new"]


def test_cancel_drops_the_result(qtbot: QtBot) -> None:
    tasks = TaskRunner()
    seen: list[object] = []
    task = tasks.start("gone", _value(1), on_done=seen.append)
    tasks.cancel("gone")
    qtbot.waitUntil(task.done, timeout=5_000)
    assert task.cancelled()
    assert not tasks.running("gone")
    assert seen == []


def test_a_blocking_function_runs_in_a_thread(qtbot: QtBot) -> None:
    tasks = TaskRunner()
    gui = threading.get_ident()

    with qtbot.waitSignal(tasks.sig_task_finished, timeout=5_000) as finished:
        tasks.run_in_thread("ident", lambda base: base + threading.get_ident(), 1)

    assert finished.args[0] == "ident"
    assert finished.args[1] != gui + 1


def test_progress_of_a_thread_reaches_the_gui_thread(qtbot: QtBot) -> None:
    tasks = TaskRunner()
    gui = threading.get_ident()
    heard = threading.Event()
    reports: list[tuple[int, int, bool]] = []

    def count(total: int, *, progress: Callable[[int, int], None]) -> int:
        progress(1, total)
        # The thread goes on once the GUI thread heard; it never waits forever.
        assert heard.wait(10)
        return total

    def show(done: int, total: int) -> None:
        reports.append((done, total, threading.get_ident() == gui))
        heard.set()

    with qtbot.waitSignal(tasks.sig_task_finished, timeout=10_000) as finished:
        tasks.run_in_thread("count", count, 3, on_progress=show)

    assert finished.args == ["count", 3]
    assert reports == [(1, 3, True)]


def test_a_failing_thread_is_told(qtbot: QtBot) -> None:
    tasks = TaskRunner()

    def read() -> None:
        raise JudgeDeskError("The file is gone: choose it again.")

    with qtbot.waitSignal(tasks.sig_task_failed, timeout=5_000) as failed:
        tasks.run_in_thread("read", read)

    assert failed.args == ["read", "The file is gone: choose it again."]


def test_a_workers_future_is_awaited(qtbot: QtBot) -> None:
    tasks = TaskRunner()
    with ThreadPoolExecutor(max_workers=1) as worker:
        future = worker.submit(sum, [1, 2, 3])
        with qtbot.waitSignal(tasks.sig_task_finished, timeout=5_000) as finished:
            tasks.start("sum", future)
    assert finished.args == ["sum", 6]


@dataclass
class _News:
    items: list[int] = field(default_factory=list)
    done: bool = False


class _Source:
    """News gathered by a thread, as a run in its own process gathers them."""

    def __init__(self) -> None:
        self.on_news: Callable[[], None] | None = None
        self._lock = threading.Lock()
        self._news = _News()

    def add(self, item: int, *, done: bool = False) -> None:
        with self._lock:
            self._news.items.append(item)
            self._news.done = done
        on_news = self.on_news
        if on_news is not None:
            on_news()

    def drain(self) -> _News:
        with self._lock:
            news, self._news = self._news, _News(done=self._news.done)
        return news


def test_a_sources_news_come_in_order_until_it_is_done(qtbot: QtBot) -> None:
    tasks = TaskRunner()
    source = _Source()
    source.add(0)  # before anyone follows: the first drain takes it
    taken: list[int] = []
    last: list[_News] = []
    gui = threading.get_ident()
    threads: list[bool] = []

    def take(news: _News) -> None:
        taken.extend(news.items)
        threads.append(threading.get_ident() == gui)

    def feed() -> None:
        for item in range(1, 30):
            source.add(item)
        source.add(30, done=True)

    tasks.follow("news", source, take, last.append, every=0.01)
    feeder = threading.Thread(target=feed)
    with qtbot.waitSignal(tasks.sig_task_finished, timeout=10_000):
        feeder.start()
    feeder.join()

    assert taken == list(range(31))
    assert len(last) == 1 and last[0].done
    assert all(threads)
    assert source.on_news is None  # the thread no longer reaches the loop
