"""A judge that is a model file: a GGUF run by llama-cpp-python in a worker process.

The client speaks to the run as an endpoint client does (``chat``, ``list_models``,
``pause``, ``aclose``, the same counters), so requests, the cache, the store, resume,
reasoning split and verdict reading are shared. The model runs in a process of its own
(``local_worker``), never the window's. It decodes ``parallel`` requests together: the
client sends that many without waiting and matches the answers to them by id as they come.
Stopping kills the process, so Stop takes effect at once; the next request starts it
again. Before loading, the file's header is read and its size, with a context for each
row decoded together, set against free memory (fewer rows at once when they do not fit).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judgedesk.core.judge.base import ChatReply, ChatRequest, ClientStats, JudgeCallError, ModelList
from judgedesk.core.judge.failures import AttemptFailure
from judgedesk.core.judge.local_fit import (
    EXTRA_MISSING,
    Parallel,
    model_file_problem,
    rows_at_once,
)
from judgedesk.core.judge.replies import parse_completion

__all__ = ["LocalFileClient", "local_endpoint", "worker_command"]

log = logging.getLogger(__name__)
_LINE_LIMIT = 64 * 1024 * 1024
_STDERR_TAIL = 8 * 1024


def local_endpoint(model_file: str | Path) -> str:
    """What stands for the endpoint of a model file in cache keys and the store: its file
    name, so a project moved to another machine keeps its cached replies."""
    return f"local:{Path(model_file).name}"


def worker_command() -> list[str]:
    """The command that starts a model worker (the app itself in a frozen build)."""
    if getattr(sys, "frozen", False):
        return [sys.executable, "local-worker"]
    return [sys.executable, "-m", "judgedesk", "local-worker"]


@dataclass
class _Pending:
    """A request sent to the worker, waiting for its answer."""

    answer: asyncio.Future[dict[str, Any]]
    sent: float = field(default_factory=time.monotonic)


class LocalFileClient:
    """Runs chat requests on a GGUF model file in a worker process, ``parallel`` at once.

    Attributes:
        base_url: ``local:<file name>``, used where an endpoint's address would be.
        stats: the same counters as an endpoint client's; ``concurrency`` is the rows
            decoded together, lower than ``concurrency_configured`` when they did not
            fit (``concurrency_note`` says why).
        tokens_per_second: how fast the model writes, all rows together, as last
            measured (0 before any).
        load_seconds: how long loading the model took (0 until loaded).
    """

    def __init__(
        self,
        model_file: str | Path,
        *,
        context_size: int = 4096,
        threads: int = 0,
        gpu_layers: int = 0,
        timeout: float = 120.0,
        parallel: int = 1,
        probabilities: bool = False,
    ) -> None:
        self.model_file = Path(model_file)
        self.base_url = local_endpoint(self.model_file)
        self.context_size, self.threads, self.gpu_layers = context_size, threads, gpu_layers
        self.timeout = timeout
        self.parallel = parallel
        # Token probabilities come from the batch decoder, so a judge reading them uses it
        # even for one row at a time.
        self.probabilities = probabilities
        width = max(parallel, 1)
        self.stats = ClientStats(
            concurrency=width, concurrency_configured=width, concurrency_lowest=width
        )
        self.tokens_per_second = 0.0
        self.load_seconds = 0.0
        self._proc: asyncio.subprocess.Process | None = None
        self._stderr = bytearray()
        self._drain: asyncio.Task[None] | None = None
        self._stopped: list[asyncio.subprocess.Process] = []
        self._drains: list[asyncio.Task[None]] = []
        self._lock = asyncio.Lock()
        self._gate = asyncio.Event()
        self._gate.set()
        self._next_id = 0
        self._interrupted = False
        self._pending: dict[int, _Pending] = {}
        self._reader: asyncio.Task[None] | None = None
        self._heard = 0.0  # when the worker last said anything
        self._slots = asyncio.Semaphore(width)
        self._rows = width  # rows the worker decodes together

    def __repr__(self) -> str:
        return f"LocalFileClient({str(self.model_file)!r})"

    # --- control ----------------------------------------------------------------------

    def pause(self) -> None:
        """Start no new request; the one being written finishes."""
        self._gate.clear()

    def resume(self) -> None:
        """Go on after :meth:`pause`."""
        self._gate.set()

    def interrupt(self) -> None:
        """On Stop, the reply being written is abandoned at once: the worker is killed
        and requests still waiting are not started (they are asked again by the next run)."""
        self._interrupted = True
        self._kill()

    @property
    def paused(self) -> bool:
        return not self._gate.is_set()

    async def aclose(self) -> None:
        """Stop the worker process (the model leaves memory) and reap it."""
        self._kill()
        stopped, self._stopped = self._stopped, []
        for proc in stopped:
            with contextlib.suppress(TimeoutError, ProcessLookupError):
                await asyncio.wait_for(proc.wait(), 10)
        drains, self._drains = self._drains, []
        await asyncio.gather(*drains, return_exceptions=True)

    async def __aenter__(self) -> LocalFileClient:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    def _kill(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None:
            if proc.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    proc.kill()
            self._stopped.append(proc)  # reaped by aclose
        for task in (self._drain, self._reader):
            if task is not None:
                task.cancel()
                self._drains.append(task)
        self._drain = self._reader = None
        self._fail_pending(
            self._fail("server", f"The process running {self.model_file.name} was stopped.")
        )

    def _fail_pending(self, error: JudgeCallError) -> None:
        pending, self._pending = self._pending, {}
        for entry in pending.values():
            if not entry.answer.done():
                entry.answer.set_exception(error)

    # --- the worker -------------------------------------------------------------------

    def _fail(self, kind: str, message: str) -> JudgeCallError:
        return JudgeCallError(kind, message)

    def _check_file(self) -> Parallel:
        problem = model_file_problem(self.model_file, self.context_size)
        if problem:
            raise self._fail("connect", problem)
        return rows_at_once(self.model_file, self.context_size, self.parallel)

    async def _drain_stderr(self, stream: asyncio.StreamReader) -> None:
        while chunk := await stream.read(65536):
            self._stderr += chunk
            del self._stderr[:-_STDERR_TAIL]

    def _stderr_tail(self) -> str:
        lines = self._stderr.decode("utf-8", "replace").strip().splitlines()
        return " ".join(lines[-3:])

    async def _receive(self, proc: asyncio.subprocess.Process, timeout: float) -> dict[str, Any]:
        assert proc.stdout is not None
        try:
            line = await asyncio.wait_for(proc.stdout.readline(), timeout)
        except TimeoutError:
            self._kill()
            raise self._fail(
                "timeout",
                f"The model {self.model_file.name} wrote nothing for {timeout:g} seconds, so "
                "its request was abandoned. Raise the judge's timeout, or lower max_tokens.",
            ) from None
        if not line:
            await asyncio.sleep(0.05)  # let the last words of stderr arrive
            tail = self._stderr_tail()
            self._kill()
            raise self._fail(
                "server",
                f"The process running {self.model_file.name} stopped"
                + (f": {tail}" if tail else ".")
                + " It starts again with the next request.",
            )
        message: dict[str, Any] = json.loads(line)
        return message

    async def _ensure(self) -> asyncio.subprocess.Process:
        if self._proc is not None and self._proc.returncode is None:
            return self._proc
        rows = await asyncio.to_thread(self._check_file)  # reads the file's header
        self._stderr.clear()
        proc = await asyncio.create_subprocess_exec(
            *worker_command(),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            limit=_LINE_LIMIT,
        )
        self._proc = proc
        assert proc.stderr is not None and proc.stdin is not None
        self._drain = asyncio.create_task(self._drain_stderr(proc.stderr))
        try:
            await self._receive(proc, 60)  # ready
            load = {
                "op": "load",
                "path": str(self.model_file),
                "context_size": self.context_size,
                "threads": self.threads,
                "gpu_layers": self.gpu_layers,
                "parallel": rows.rows,
                "probabilities": self.probabilities,
            }
            proc.stdin.write((json.dumps(load) + "\n").encode())
            await proc.stdin.drain()
            answer = await self._receive(proc, max(self.timeout, 300))
        except BaseException:
            self._kill()
            raise
        if not answer.get("ok"):
            self._kill()
            if answer.get("missing"):
                raise self._fail("connect", EXTRA_MISSING)
            raise self._fail(
                "connect",
                f"llama.cpp could not load {self.model_file.name}: {answer.get('error')}. "
                "The file may be damaged, or of an architecture this llama-cpp-python "
                "does not know; try updating the local extra or another file.",
            )
        self.load_seconds = float(answer.get("seconds") or 0.0)
        self._set_rows(rows, int(answer.get("parallel") or 1), str(answer.get("note") or ""))
        self._heard = time.monotonic()
        self._reader = asyncio.create_task(self._read(proc))
        return proc

    def _set_rows(self, rows: Parallel, loaded: int, note: str) -> None:
        """Sends as many requests at once as the worker decodes together; says why fewer."""
        stats = self.stats
        stats.concurrency_configured = rows.asked
        stats.concurrency = stats.concurrency_lowest = loaded
        stats.concurrency_note = " ".join(n for n in (rows.note, note) if n)
        if stats.concurrency_note:
            log.warning("%s: %s", self.model_file.name, stats.concurrency_note)
        if loaded != self._rows:
            self._rows, self._slots = loaded, asyncio.Semaphore(loaded)

    async def _read(self, proc: asyncio.subprocess.Process) -> None:
        """Hands each answer of the worker to the request it is for, as they come."""
        assert proc.stdout is not None
        while True:
            line = await proc.stdout.readline()
            if not line:
                break
            self._heard = time.monotonic()
            try:
                message = json.loads(line)
            except ValueError:
                continue
            if message.get("op") == "progress":
                speed = float(message.get("speed") or 0.0)
                if speed > 0:
                    self.tokens_per_second = speed
                continue
            entry = self._pending.pop(int(message.get("id") or 0), None)
            if entry is not None and not entry.answer.done():
                entry.answer.set_result(message)
        await asyncio.sleep(0.05)  # let the last words of stderr arrive
        tail = self._stderr_tail()
        self._fail_pending(
            self._fail(
                "server",
                f"The process running {self.model_file.name} stopped"
                + (f": {tail}" if tail else ".")
                + " It starts again with the next request.",
            )
        )
        if self._proc is proc:
            self._reader = None  # ending now: _kill must not cancel this task
            self._kill()

    # --- requests ---------------------------------------------------------------------

    async def list_models(self, *, timeout: float | None = None) -> ModelList:
        """Loads the model (the check that it can be used) and names it."""
        started = time.monotonic()
        async with self._lock:
            await self._ensure()
        return ModelList([self.model_file.name], time.monotonic() - started)

    async def server_slots(self, *, timeout: float = 5.0) -> int | None:
        """The rows the model decodes together (known once it is loaded)."""
        return self._rows

    async def chat(self, request: ChatRequest) -> ChatReply:
        """Runs one chat request on the model.

        Raises:
            JudgeCallError: the model cannot be loaded, the worker stopped, or the
                request was refused (a prompt longer than the context, a bad schema).
        """
        async with self._lock:  # one load at a time; requests then go together
            if self._interrupted:
                raise self._fail("server", "The run was stopped before this request started.")
            stats = self.stats
            try:
                await self._ensure()
            except JudgeCallError as exc:
                stats.requests_sent += 1
                stats.failed_calls += 1
                stats.failures[exc.kind] += 1
                stats.attempt_errors[exc.kind] += 1
                raise
        slots = self._slots
        async with slots:
            await self._gate.wait()
            if self._interrupted:
                raise self._fail("server", "The run was stopped before this request started.")
            stats.in_flight += 1
            stats.requests_sent += 1
            try:
                reply = await self._ask(request)
            except JudgeCallError as exc:
                stats.failed_calls += 1
                stats.failures[exc.kind] += 1
                stats.attempt_errors[exc.kind] += 1
                raise
            except BaseException:
                self._kill()  # Stop: the model stops writing now, not at the end
                raise
            finally:
                stats.in_flight -= 1
            stats.replies += 1
            stats.prompt_tokens += reply.usage.get("prompt_tokens", 0)
            stats.completion_tokens += reply.usage.get("completion_tokens", 0)
            return reply

    async def _ask(self, request: ChatRequest) -> ChatReply:
        proc = self._proc
        if proc is None or proc.returncode is not None or proc.stdin is None:
            raise self._fail(
                "server",
                f"The process running {self.model_file.name} stopped before this request "
                "was sent. It starts again with the next request.",
            )
        self._next_id += 1
        request_id = self._next_id
        body = request.body()
        body.pop("stream", None)
        body.pop("stream_options", None)
        message = {"op": "chat", "id": request_id, "body": body}
        entry = _Pending(asyncio.get_running_loop().create_future())
        self._pending[request_id] = entry
        started = entry.sent
        proc.stdin.write((json.dumps(message, ensure_ascii=False) + "\n").encode("utf-8"))
        await proc.stdin.drain()
        while not entry.answer.done():
            await asyncio.wait({entry.answer}, timeout=self.timeout)
            silent = time.monotonic() - max(self._heard, entry.sent)
            if not entry.answer.done() and silent >= self.timeout:
                self._kill()
                raise self._fail(
                    "timeout",
                    f"The model {self.model_file.name} wrote nothing for {self.timeout:g} "
                    "seconds, so its request was abandoned. Raise the judge's timeout, or "
                    "lower max_tokens.",
                )
        answer = entry.answer.result()
        if answer.get("op") == "error":
            raise self._fail(
                "bad_request",
                f"The model {self.model_file.name} refused the request: {answer.get('error')}. "
                "A prompt longer than the context size is the usual cause: raise the "
                "judge's context size.",
            )
        try:
            reply = parse_completion(json.dumps(answer.get("completion")).encode("utf-8"))
        except AttemptFailure as exc:
            raise self._fail("bad_reply", f"The model's worker answered oddly: {exc}") from None
        seconds = float(answer.get("seconds") or 0.0)
        written = reply.usage.get("completion_tokens", 0)
        if self._rows == 1 and seconds > 0 and written:  # else: the rows' speed together
            self.tokens_per_second = written / seconds
        return ChatReply(
            content=reply.content,
            reasoning_content=reply.reasoning_content,
            tool_calls=reply.tool_calls,
            finish_reason=reply.finish_reason,
            model=self.model_file.name,
            usage=dict(reply.usage),
            latency=time.monotonic() - started,
            logprobs=reply.logprobs,
        )
