"""One run of a project at a time: a second run (window or command line) is refused.

Two runs of one project would each ask every row the other is asking, and pay for it
twice. A run holds an operating-system lock on ``.judgedesk/run.lock`` while it goes on;
the file says who holds it, so a second run is told which process to wait for. The lock
belongs to the process: when it ends, however it ends (a crash, ``kill -9``, a power
cut), the lock is free, and the next run takes it over with nothing to clean up.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import socket
import sys
import time
from pathlib import Path
from typing import IO, Any

from judgedesk.core.errors import JudgeDeskError

LOCK_FILE = "run.lock"
WAIT_STEP = 0.25  # seconds between two tries while waiting for another run


class ProjectBusyError(JudgeDeskError):
    """Another process is running this project."""


class RunLock:
    """The lock a run of a project holds while it goes on.

    Args:
        folder: the project's ``.judgedesk`` folder (beside the results file).
        what: what is running, for the person another run tells ("judgedesk run").
    """

    def __init__(self, folder: Path, what: str = "a run") -> None:
        self.path = folder / LOCK_FILE
        self.what = what
        self._handle: IO[str] | None = None

    @property
    def held(self) -> bool:
        """Whether this lock holds the project now."""
        return self._handle is not None

    def try_acquire(self) -> bool:
        """Take the lock if no other process holds it; True when taken."""
        if self._handle is not None:
            return True
        self.path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(self.path, "a+", encoding="utf-8")  # noqa: SIM115 (kept open: the lock)
        if not _lock(handle):
            handle.close()
            return False
        handle.seek(0)
        handle.truncate()
        handle.write(json.dumps(_holder(self.what)))
        handle.flush()
        self._handle = handle
        return True

    def acquire(self) -> None:
        """Take the lock or say who holds it.

        Raises:
            ProjectBusyError: another process is running the project.
        """
        if not self.try_acquire():
            raise ProjectBusyError(self.busy_message())

    async def acquire_waiting(self) -> None:
        """Take the lock, waiting as long as another run holds it (cancellable)."""
        while not self.try_acquire():
            await asyncio.sleep(WAIT_STEP)

    def release(self) -> None:
        """Let the next run have the project (the file stays; only the lock counts)."""
        handle, self._handle = self._handle, None
        if handle is not None:
            _unlock(handle)
            handle.close()

    def holder(self) -> dict[str, Any]:
        """What the holder wrote of itself (empty when the file cannot be read)."""
        try:
            value = json.loads(self.path.read_text(encoding="utf-8") or "{}")
        except (OSError, ValueError):
            return {}
        return value if isinstance(value, dict) else {}

    def busy_message(self) -> str:
        """The sentence a second run says."""
        holder = self.holder()
        who = holder.get("what") or "another run"
        pid = holder.get("pid")
        since = holder.get("started")
        parts = [f"process {pid}"] if pid else []
        if holder.get("host") and holder.get("host") != socket.gethostname():
            parts.append(f"on {holder['host']}")
        if isinstance(since, int | float):
            parts.append("since " + time.strftime("%H:%M:%S", time.localtime(since)))
        detail = f" ({', '.join(parts)})" if parts else ""
        return (
            f"This project is being run already: {who}{detail}. Two runs at once would ask "
            "and pay for every row twice. Wait for it to finish or stop it, then run again "
            "(the command line's `judgedesk run --wait` waits by itself)."
        )

    def __enter__(self) -> RunLock:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def _holder(what: str) -> dict[str, Any]:
    return {
        "what": what,
        "pid": os.getpid(),
        "host": socket.gethostname(),
        "started": round(time.time(), 3),
    }


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _lock(handle: IO[str]) -> bool:
        handle.seek(0)
        try:
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(handle: IO[str]) -> None:
        handle.seek(0)
        with contextlib.suppress(OSError):
            msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock(handle: IO[str]) -> bool:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False
        return True

    def _unlock(handle: IO[str]) -> None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
