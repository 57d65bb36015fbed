"""The render guard: templates that might run away render in a warm worker process.

The sandbox's limits (:mod:`judgedesk.core.template.limits`) stop most runaway templates
in the calling process, but not all for certain: one step of C code (a filter consuming a
long generator, a list built item by item) never reaches a hook, and memory is not
counted at all. A worker process can be stopped for certain, so a template that
:func:`~judgedesk.core.template.risk.might_run_away` renders in one: its memory is capped
(``RLIMIT_AS`` of :data:`MEMORY_MB` on POSIX), and a render that is not back
:data:`SLACK_SECONDS` after its own time limit (2.5 s in all by default) has its worker
killed and replaced; the person reads a limit issue, as for the in-process limits.

Where the work is done, and why:

- Plain templates (the built-in library, the sample, most prompts) render in the calling
  process exactly as before: the live preview of a 10 KB template keeps its speed
  (``bench/template_render.py``, median per keystroke before → after: 2.7 → 2.7 ms in
  the prose, 12.0 → 12.1 ms inside a tag), and so does a run (``bench/run_scale.py
  --quick``, 2,000 rows at concurrency 64: 1,039 → 1,018 rows/s, within the noise).
- Templates that might run away render in the worker for every row, preview and
  ``judgedesk render`` alike: no in-process signal could send them there in time, as a
  render under way (a first one taking long, say) can no longer be stopped. The round
  trip (the context pickled, the worker compiling each text once) costs a run about
  0.2 ms of CPU a row (the same bench with ``|map('upper')``: about 700 rows/s rather
  than 1,000) and the preview about 14 ms a keystroke, under its 20 ms target.
- Workers are started once and kept (:data:`WORKERS` at most); a run's renders
  and the preview's each take an idle worker, so they never wait for one another. A
  run renders on its event loop through :meth:`RenderGuard.render_async`, which waits in
  a thread of the guard's own (one per worker): the loop stays free, rows in flight
  queue for a worker without taking the loop's threads, and Ctrl+C cancels the render
  by killing its worker.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import logging
import os
import pickle
import queue
import struct
import subprocess
import sys
import threading
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import IO, Any

from judgedesk.core.template import limits
from judgedesk.core.template.limits import RenderLimitError
from judgedesk.core.template.problems import TemplateIssue, limit_issue

log = logging.getLogger(__name__)

MEMORY_MB = 512
"""The most memory (address space) a render worker may use."""
SLACK_SECONDS = 0.5
"""How long past a render's own time limit its worker is given before it is killed."""
WORKERS = max(2, min(4, os.cpu_count() or 2))
"""How many worker processes render at most at once (more would only share the cores)."""
START_SECONDS = 60.0
"""How long a worker may take to start (a busy machine), before its first render."""

HEADER = struct.Struct("!Q")
"""The length put before each pickled message on the pipes."""
Outcome = tuple[str, tuple[TemplateIssue, ...]]


def worker_command() -> list[str]:
    """The command that starts a render worker (the app itself when frozen)."""
    if getattr(sys, "frozen", False):
        return [sys.executable, "template-worker"]
    return [sys.executable, "-m", "judgedesk", "template-worker"]


def memory_issue() -> TemplateIssue:
    """The issue of a render that asked for more memory than a worker has."""
    return limit_issue(
        RenderLimitError(
            f"This template needs more than {MEMORY_MB} MB of memory to render. "
            f"{limits.STOPPED}; make it build smaller lists and texts."
        )
    )


def _too_slow(seconds: float) -> TemplateIssue:
    return limit_issue(
        RenderLimitError(
            f"This template took longer than {seconds + SLACK_SECONDS:g} seconds to render. "
            f"{limits.STOPPED}; make it do less work, or give it more time with "
            "render_seconds under [run] in judgedesk.toml."
        )
    )


def _gone() -> TemplateIssue:
    return limit_issue(
        RenderLimitError(
            "The process rendering this template ended before the prompt was made (most "
            f"often: more than {MEMORY_MB} MB of memory). {limits.STOPPED}; make it build "
            "smaller lists and texts."
        )
    )


class _Worker:
    """One worker process and the thread that reads its replies."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            worker_command(),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self.ready = False
        self.replies: queue.Queue[bytes | None] = queue.Queue()
        reader = threading.Thread(
            target=self._read, args=(self.process.stdout,), daemon=True, name="render-guard"
        )
        reader.start()

    def _read(self, stream: IO[bytes]) -> None:
        while True:
            frame = read_frame(stream)
            self.replies.put(frame)
            if frame is None:
                return

    def ask(self, payload: bytes, wait: float) -> Any:
        """Send one render and wait at most ``wait`` seconds; None when it did not come back.

        A worker still starting is waited for first (its imports are not the render's
        time): it says it is ready with an empty message.
        """
        try:
            if not self.ready:
                self.ready = self.replies.get(timeout=START_SECONDS) is not None
                if not self.ready:
                    return None
            assert self.process.stdin is not None
            self.process.stdin.write(HEADER.pack(len(payload)) + payload)
            self.process.stdin.flush()
            reply = self.replies.get(timeout=wait)
        except (OSError, queue.Empty):
            return None
        return None if reply is None else pickle.loads(reply)

    def kill(self) -> None:
        """End the process at once (its reader thread then ends too)."""
        try:
            self.process.kill()
            self.process.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            log.warning("A template worker (pid %s) did not end when killed", self.process.pid)
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()


class _Ticket:
    """One render's claim on a worker, so that a cancelled wait can stop it."""

    def __init__(self) -> None:
        self.worker: _Worker | None = None
        self.cancelled = False


class RenderGuard:
    """Renders templates in a fixed set of worker processes, each killed when it overruns.

    Safe to use from several threads at once: each render takes a worker of its own, or
    waits for one (that wait is not counted in its time).
    """

    def __init__(self, size: int = WORKERS) -> None:
        self._idle: list[_Worker] = []
        self._size = size
        self._started = 0
        self._all: set[_Worker] = set()
        self._free = threading.Condition()
        # Async renders wait in threads of their own: one per worker, so that a run with
        # many rows in flight queues them here rather than filling the loop's executor.
        self._threads: ThreadPoolExecutor | None = None
        self.peak_kb = 0
        """The most memory a worker has held (kB, as the system counts it), for tests."""

    def render(self, source: str, context: Mapping[str, Any], seconds: float) -> Outcome | None:
        """Render ``source`` for ``context`` in a worker; None when the context cannot be sent.

        Args:
            source: the template text.
            context: what the template sees (plain data: it is pickled).
            seconds: the render's own time limit; the worker is killed
                :data:`SLACK_SECONDS` after it.
        """
        payload = _payload(source, context, seconds)
        if payload is None:
            return None
        return self._run(payload, seconds, _Ticket())

    async def render_async(
        self, source: str, context: Mapping[str, Any], seconds: float
    ) -> Outcome | None:
        """``render`` without holding the event loop; cancelling it kills the worker."""
        payload = _payload(source, context, seconds)
        if payload is None:
            return None
        ticket = _Ticket()
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor(), self._run, payload, seconds, ticket)
        except BaseException:  # cancelled (Ctrl+C): the thread's wait ends with the process
            ticket.cancelled = True
            if ticket.worker is not None:
                ticket.worker.kill()
            raise

    def _executor(self) -> ThreadPoolExecutor:
        with self._free:
            if self._threads is None:
                self._threads = ThreadPoolExecutor(self._size, thread_name_prefix="render-guard")
            return self._threads

    def close(self) -> None:
        """End every worker, busy ones too (at exit: no render goes on without a reader)."""
        with self._free:
            workers, self._all, self._idle = list(self._all), set(), []
            self._started = 0
        for worker in workers:
            worker.kill()

    def _run(self, payload: bytes, seconds: float, ticket: _Ticket) -> Outcome | None:
        worker = self._take()
        ticket.worker = worker
        if ticket.cancelled:  # given up while waiting for a worker
            self._give_back(worker)
            return None
        try:
            reply = worker.ask(payload, seconds + SLACK_SECONDS)
        except BaseException:  # Ctrl+C in a command: no render goes on without a reader
            worker.kill()
            self._replace(worker)
            raise
        return self._finish(worker, reply, seconds)

    def _take(self) -> _Worker:
        with self._free:
            while True:
                while self._idle:
                    worker = self._idle.pop()
                    if worker.process.poll() is None:
                        return worker
                    self._all.discard(worker)
                    self._started -= 1  # it died while idle
                if self._started < self._size:
                    self._started += 1
                    break
                self._free.wait()
        worker = _Worker()
        with self._free:
            self._all.add(worker)
        return worker

    def _replace(self, worker: _Worker) -> None:
        """Count ``worker`` (killed) out, so that a fresh one is started when needed."""
        with self._free:
            self._all.discard(worker)
            self._started -= 1
            self._free.notify()

    def _give_back(self, worker: _Worker) -> None:
        with self._free:
            self._idle.append(worker)
            self._free.notify()

    def _finish(self, worker: _Worker, reply: Any, seconds: float) -> Outcome:
        if reply is None:
            timed_out = worker.process.poll() is None and worker.ready
            worker.kill()
            self._replace(worker)
            self._prestart()  # the next render finds a warm one
            return ("", (_too_slow(seconds) if timed_out else _gone(),))
        text, issues, peak_kb, spent = reply
        self.peak_kb = max(self.peak_kb, peak_kb)
        if spent:  # it ran out of memory: a fresh process has none left over
            worker.kill()
            self._replace(worker)
            self._prestart()
        else:
            self._give_back(worker)
        return text, issues

    def _prestart(self) -> None:
        with self._free:
            if self._started >= self._size:
                return
            self._started += 1
        worker = _Worker()
        with self._free:
            self._all.add(worker)
        self._give_back(worker)


def _payload(source: str, context: Mapping[str, Any], seconds: float) -> bytes | None:
    try:
        return pickle.dumps((source, dict(context), seconds), protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # a value that cannot be sent: rendered in the calling process
        log.debug("A render context could not be pickled", exc_info=True)
        return None


def read_frame(stream: IO[bytes]) -> bytes | None:
    header = stream.read(HEADER.size)
    if len(header) < HEADER.size:
        return None
    (size,) = HEADER.unpack(header)
    body = stream.read(size)
    return body if len(body) == size else None


GUARD = RenderGuard()
atexit.register(GUARD.close)
