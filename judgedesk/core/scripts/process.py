"""One script worker process, seen from the app: starting, talking, killing, reaping."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from judgedesk.core.messages import say

LINE_LIMIT = 256 * 1024 * 1024  # the largest single answer a worker may send
STDERR_TAIL = 16 * 1024  # how much of a worker's stderr is kept for crash reports


def worker_command() -> list[str]:
    """Return the command that starts a script worker.

    In a frozen app ``sys.executable`` is JudgeDesk itself, which understands the
    ``script-worker`` command directly.
    """
    if getattr(sys, "frozen", False):
        return [sys.executable, "script-worker"]
    return [sys.executable, "-m", "judgedesk", "script-worker"]


class ProtocolError(Exception):
    """The worker wrote something that is not a protocol message."""


class WorkerProcess:
    """One running worker process and the bookkeeping around its pipes."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc
        self.stderr_total = 0
        self._tail = bytearray()
        self._last_id = 0
        self._drain = asyncio.create_task(self._drain_stderr())

    @property
    def alive(self) -> bool:
        return self.proc.returncode is None

    def new_id(self) -> int:
        self._last_id += 1
        return self._last_id

    async def _drain_stderr(self) -> None:
        # Read continuously so a chatty worker never blocks on a full pipe.
        assert self.proc.stderr is not None
        while chunk := await self.proc.stderr.read(65536):
            self.stderr_total += len(chunk)
            self._tail += chunk
            if len(self._tail) > STDERR_TAIL:
                del self._tail[:-STDERR_TAIL]

    def stderr_since(self, mark: int) -> str:
        count = min(self.stderr_total - mark, len(self._tail))
        if count <= 0:
            return ""
        return self._tail[len(self._tail) - count :].decode("utf-8", "replace")

    async def send(self, payload: bytes) -> bool:
        stdin = self.proc.stdin
        assert stdin is not None
        try:
            stdin.write(payload)
            await stdin.drain()
        except (ConnectionError, RuntimeError):
            return False
        return True

    async def receive(self, timeout: float | None) -> dict[str, Any] | None:
        """Return the next message, or None when the worker has gone."""
        assert self.proc.stdout is not None
        try:
            async with asyncio.timeout(timeout):
                line = await self.proc.stdout.readline()
        except ValueError as exc:  # longer than LINE_LIMIT
            raise ProtocolError(f"an answer larger than {LINE_LIMIT // 2**20} MB") from exc
        if not line:
            return None
        try:
            message = json.loads(line)
        except ValueError:
            message = None
        if not isinstance(message, dict):
            raise ProtocolError(repr(line[:200].decode("utf-8", "replace")))
        return message

    def kill(self) -> None:
        if self.alive:
            try:
                # The whole process group, so that programs a script started go too.
                os.killpg(self.proc.pid, signal.SIGKILL)  # type: ignore[attr-defined,unused-ignore]
            except (AttributeError, OSError):
                with contextlib.suppress(ProcessLookupError):
                    self.proc.kill()
        if self.proc.stdin is not None:
            self.proc.stdin.close()

    async def reap(self) -> int | None:
        """Wait until the process is gone and its stderr read; return its exit code."""
        try:
            async with asyncio.timeout(5.0):
                await self.proc.wait()
        except TimeoutError:
            self.kill()
            await self.proc.wait()
        try:
            async with asyncio.timeout(2.0):
                await asyncio.shield(self._drain)
        except TimeoutError:
            self._drain.cancel()
        return self.proc.returncode


async def spawn(command: Sequence[str]) -> WorkerProcess:
    """Start a worker process; raises OSError when the command cannot run."""
    proc = await asyncio.create_subprocess_exec(
        *command,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        limit=LINE_LIMIT,
        # Its own process group, so a kill also reaches programs a script started.
        start_new_session=sys.platform != "win32",
    )
    return WorkerProcess(proc)


def describe_exit(code: int | None, memory_mb: int) -> tuple[str, str]:
    """Return (outcome kind, explanation) for a worker that exited with ``code``."""
    if code is not None and code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        if name == "SIGKILL":
            if memory_mb > 0:
                return "memory", say(
                    "script.killed.limit",
                    "it was killed by the system ({signal}), most likely because it ran out "
                    "of memory (limit {limit} MB).",
                    signal=name,
                    limit=memory_mb,
                )
            return "memory", say(
                "script.killed",
                "it was killed by the system ({signal}), most likely because it ran out of memory.",
                signal=name,
            )
        if name in ("SIGSEGV", "SIGBUS", "SIGILL", "SIGFPE", "SIGABRT"):
            return "crash", say(
                "script.fault",
                "it crashed with {signal} — usually a fault in native code (ctypes, a C "
                "extension), not in Python.",
                signal=name,
            )
        return "crash", say("script.signal", "it was stopped by {signal}.", signal=name)
    if code is not None and code >= 0xC0000000:  # a Windows exception code
        return "crash", f"it crashed (Windows error 0x{code:08X})."
    return "crash", say(
        "script.exit_code",
        "it exited with code {code} in the middle of the call (os._exit(), or a crash in "
        "native code).",
        code=code,
    )


def fault_line(text: str, path: Path) -> int | None:
    # faulthandler lists the innermost frame first.
    match = re.search(rf'File "{re.escape(str(path))}", line (\d+)', text)
    return int(match.group(1)) if match else None
