"""A run in a process of its own: the window's process only receives what happened.

A run allocates for every row it judges; in the window's process that garbage would be
collected on the window's thread, and the run's Python work would hold the interpreter
lock the window needs. In a process of its own the run has both to itself. It has the
same controls as :class:`~judgedesk.core.run.background.BackgroundRun`, whose work it does
in the other process: ``start``, ``pause``, ``resume``, ``stop``, ``join``, ``drain``.
The other process opens the project's dataset itself.
"""

from __future__ import annotations

import contextlib
import copy
import logging
import multiprocessing
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.project import Project, open_project_dataset
from judgedesk.core.run.background import BackgroundRun, RunNews
from judgedesk.core.run.examples import ExampleSource
from judgedesk.core.run.selection import Selection

log = logging.getLogger(__name__)

SEND_EVERY = 0.05
"""Seconds between two messages from the run's process (at most)."""
COMMANDS = ("pause", "resume", "stop")


def _run_in_process(
    project: Project,
    selection: Selection,
    options: dict[str, Any],
    connection: Connection,
) -> None:
    """The run's process: run, obey the commands received, send what happens."""
    try:
        dataset = open_project_dataset(project)
    except JudgeDeskError as exc:
        connection.send(RunNews(error=str(exc), done=True))
        return
    woken = threading.Event()
    run = BackgroundRun(project, dataset, selection, on_news=woken.set, **options)
    run.start()
    sent_id = None
    try:
        while True:
            while connection.poll():
                command = connection.recv()
                if command in COMMANDS:
                    getattr(run, command)()
            woken.wait(SEND_EVERY)
            woken.clear()
            news = run.drain()
            fresh_id = news.run_id is not None and news.run_id != sent_id
            if news.rows or news.progress or news.summary or news.error or news.done or fresh_id:
                connection.send(news)
                sent_id = news.run_id
            if news.done:
                break
    except (BrokenPipeError, EOFError, OSError):
        run.stop()  # the window is gone: stop, keeping what was answered
    finally:
        run.join(30)
        dataset.close()


class ProcessRun:
    """Runs a project in a process of its own; its controls are thread-safe.

    The project is copied when the run starts: edits made meanwhile apply to the next
    run.
    """

    def __init__(
        self,
        project: Project,
        selection: Selection | None = None,
        *,
        offline: bool = False,
        concurrency: int | None = None,
        trusted_only: bool = False,
        on_news: Callable[[], None] | None = None,
        examples: ExampleSource | None = None,
        calibration: bool = False,
    ) -> None:
        """``on_news`` is called from the thread receiving the run's messages whenever
        there is something to drain, and once the run is done (an attribute: it may be
        set while the run goes). ``examples``: see ``Run``; picklable, as it goes to the
        run's process. ``calibration``: see ``Run``."""
        self.project = copy.deepcopy(project)
        self.selection = selection or Selection()
        self._options = {
            "offline": offline,
            "concurrency": concurrency,
            "trusted_only": trusted_only,
            "examples": examples,
            "calibration": calibration,
        }
        self._lock = threading.Lock()
        self._send_lock = threading.Lock()
        self._news = RunNews()
        self._connection: Connection | None = None
        self._process: Any = None
        self.done = threading.Event()
        self.on_news = on_news

    # --- control (any thread) -----------------------------------------------------------

    def start(self) -> None:
        # "spawn": a fresh interpreter, never a copy of the window's threads and Qt.
        context = multiprocessing.get_context("spawn")
        mine, theirs = context.Pipe()
        self._connection = mine
        self._process = context.Process(
            target=_run_in_process,
            args=(self.project, self.selection, self._options, theirs),
            name="judgedesk-run",
            daemon=True,
        )
        self._process.start()
        theirs.close()
        threading.Thread(target=self._read, name="judgedesk-run-news", daemon=True).start()

    def pause(self) -> None:
        """Send no new request; those in flight finish."""
        self._send("pause")

    def resume(self) -> None:
        self._send("resume")

    def stop(self) -> None:
        """End the run soon; answered calls are kept, rows in flight are not recorded."""
        self._send("stop")

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the run to end; True when it has."""
        return self.done.wait(timeout)

    def drain(self) -> RunNews:
        """Take what happened since the last call."""
        with self._lock:
            news, self._news = self._news, RunNews(run_id=self._news.run_id)
            self._news.done = news.done
        return news

    # --- receiving ------------------------------------------------------------------------

    def _send(self, command: str) -> None:
        connection = self._connection
        if connection is None or self.done.is_set():
            return
        with self._send_lock, contextlib.suppress(BrokenPipeError, OSError):
            connection.send(command)

    def _read(self) -> None:
        connection = self._connection
        assert connection is not None
        ended = False
        while not ended:
            try:
                news: RunNews = connection.recv()
            except (EOFError, OSError):
                break
            with self._lock:
                self._news.rows += news.rows
                self._news.progress = news.progress or self._news.progress
                self._news.run_id = news.run_id or self._news.run_id
                self._news.summary = news.summary or self._news.summary
                self._news.error = news.error or self._news.error
                self._news.untrusted = news.untrusted or self._news.untrusted
                ended = self._news.done = news.done
            self._notify()
        self._process.join(5)
        if not ended:
            code = self._process.exitcode
            log.error("the run's process ended unexpectedly (exit code %s)", code)
            with self._lock:
                self._news.error = self._news.error or (
                    f"The run's process ended unexpectedly (exit code {code}). Replies "
                    "received so far are kept: run again to go on."
                )
                self._news.done = True
        with contextlib.suppress(OSError):
            connection.close()
        self.done.set()
        self._notify()

    def _notify(self) -> None:
        on_news = self.on_news  # read once: another thread may take it away meanwhile
        if on_news is not None:
            on_news()
