"""A judge that is a model file: a GGUF run by llama-cpp-python in a worker process.

The client speaks to the run as an endpoint client does (``chat``, ``list_models``,
``pause``, ``aclose``, the same counters), so requests, the cache, the store, resume,
reasoning split and verdict reading are shared. The model runs in a process of its own
(``local_worker``), never the window's; one request at a time, as one model in memory
serves. Stopping kills the process, so Stop takes effect at once; the next request starts
it again. Before loading, the file's header is read and its size set against free memory.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import json
import sys
import time
from pathlib import Path
from typing import Any

from judgedesk.core.judge.base import ChatReply, ChatRequest, ClientStats, JudgeCallError, ModelList
from judgedesk.core.judge.failures import AttemptFailure
from judgedesk.core.judge.gguf import GGUFError, free_memory, memory_needed, read_model_file
from judgedesk.core.judge.replies import parse_completion

__all__ = ["EXTRA_MISSING", "LocalFileClient", "local_endpoint", "local_extra_installed"]

EXTRA_MISSING = (
    "Judging with a model file needs llama-cpp-python, which is not installed. Install "
    "JudgeDesk's local extra: pip install 'judgedesk[local]' (from a source folder: "
    "pip install -e '.[local]'); it builds llama.cpp, which takes several minutes."
)
_LINE_LIMIT = 64 * 1024 * 1024
_STDERR_TAIL = 8 * 1024


def local_extra_installed() -> bool:
    """Whether llama-cpp-python can be imported (checked without importing it)."""
    return importlib.util.find_spec("llama_cpp") is not None


def local_endpoint(model_file: str | Path) -> str:
    """What stands for the endpoint of a model file in cache keys and the store: its file
    name, so a project moved to another machine keeps its cached replies."""
    return f"local:{Path(model_file).name}"


def model_file_problem(path: str | Path, context_size: int) -> str:
    """Why a model file cannot be judged with here, or "" when it can (blocking: it reads
    the file's header): llama-cpp-python missing, not a GGUF file, or too big for memory."""
    if not local_extra_installed():
        return EXTRA_MISSING
    path = Path(path)
    try:
        model = read_model_file(path)
    except GGUFError as exc:
        return str(exc)
    needed, free = memory_needed(model, context_size), free_memory()
    if free is not None and needed > free:
        return (
            f"{path.name} needs about {needed / 2**30:.1f} GiB of memory with a context of "
            f"{context_size:,} tokens, but only {free / 2**30:.1f} GiB is free. Close other "
            "programs, lower the context size, or choose a smaller (more quantised) file."
        )
    return ""


def worker_command() -> list[str]:
    """The command that starts a model worker (the app itself in a frozen build)."""
    if getattr(sys, "frozen", False):
        return [sys.executable, "local-worker"]
    return [sys.executable, "-m", "judgedesk", "local-worker"]


class LocalFileClient:
    """Runs chat requests on a GGUF model file, one at a time, in a worker process.

    Attributes:
        base_url: ``local:<file name>``, used where an endpoint's address would be.
        stats: the same counters as an endpoint client's.
        tokens_per_second: how fast the model wrote its last reply (0 before any).
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
    ) -> None:
        self.model_file = Path(model_file)
        self.base_url = local_endpoint(self.model_file)
        self.context_size, self.threads, self.gpu_layers = context_size, threads, gpu_layers
        self.timeout = timeout
        self.stats = ClientStats(concurrency=1, concurrency_configured=1, concurrency_lowest=1)
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
        if self._drain is not None:
            self._drain.cancel()
            self._drains.append(self._drain)
            self._drain = None

    # --- the worker -------------------------------------------------------------------

    def _fail(self, kind: str, message: str) -> JudgeCallError:
        return JudgeCallError(kind, message)

    def _check_file(self) -> None:
        problem = model_file_problem(self.model_file, self.context_size)
        if problem:
            raise self._fail("connect", problem)

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
        await asyncio.to_thread(self._check_file)  # reads the file's header
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
        return proc

    # --- requests ---------------------------------------------------------------------

    async def list_models(self, *, timeout: float | None = None) -> ModelList:
        """Loads the model (the check that it can be used) and names it."""
        started = time.monotonic()
        async with self._lock:
            await self._ensure()
        return ModelList([self.model_file.name], time.monotonic() - started)

    async def server_slots(self, *, timeout: float = 5.0) -> int | None:
        """One request at a time, always."""
        return 1

    async def chat(self, request: ChatRequest) -> ChatReply:
        """Runs one chat request on the model.

        Raises:
            JudgeCallError: the model cannot be loaded, the worker stopped, or the
                request was refused (a prompt longer than the context, a bad schema).
        """
        await self._gate.wait()
        async with self._lock:
            if self._interrupted:
                raise self._fail("server", "The run was stopped before this request started.")
            stats = self.stats
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
        proc = await self._ensure()
        assert proc.stdin is not None
        self._next_id += 1
        body = request.body()
        body.pop("stream", None)
        body.pop("stream_options", None)
        message = {"op": "chat", "id": self._next_id, "body": body}
        started = time.monotonic()
        proc.stdin.write((json.dumps(message, ensure_ascii=False) + "\n").encode("utf-8"))
        await proc.stdin.drain()
        while True:
            answer = await self._receive(proc, self.timeout)
            if answer.get("op") == "progress":
                elapsed = time.monotonic() - started
                if elapsed > 0:
                    self.tokens_per_second = int(answer.get("tokens") or 0) / elapsed
                continue
            break
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
        if seconds > 0 and written:
            self.tokens_per_second = written / seconds
        return ChatReply(
            content=reply.content,
            reasoning_content=reply.reasoning_content,
            tool_calls=reply.tool_calls,
            finish_reason=reply.finish_reason,
            model=self.model_file.name,
            usage=dict(reply.usage),
            latency=time.monotonic() - started,
        )
