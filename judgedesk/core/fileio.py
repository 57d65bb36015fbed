"""Atomic file writes: a crash leaves the old file or the new one, never half of one."""

from __future__ import annotations

import contextlib
import errno
import os
import re
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from judgedesk.core.errors import JudgeDeskError


@contextlib.contextmanager
def atomic_file(path: Path) -> Iterator[IO[bytes]]:
    """A binary file that replaces ``path`` once the block ends without an error.

    It is written as a temporary file in the same folder (a rename is only atomic within
    one file system), with the name shape :func:`remove_leftovers` clears after a crash,
    and reaches the disk before it replaces the target.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise FileWriteError(path, exc) from None
    with contextlib.suppress(OSError):
        # mkstemp makes the file private (0600); a project is a folder to share, so the
        # file gets the mode the person's umask gives, or keeps the one it had.
        os.chmod(fd, _mode_for(path))
    try:
        with os.fdopen(fd, "w+b") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, path)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        if isinstance(exc, OSError) and not isinstance(exc, FileWriteError):
            raise FileWriteError(path, exc) from None
        raise
    _sync_folder(path.parent)


def _read_umask() -> int:
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    # Read once, as the module is imported: setting and restoring the umask is not safe
    # while other threads create files.
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_UMASK = _read_umask()


def _mode_for(path: Path) -> int:
    try:
        return path.stat().st_mode & 0o7777
    except OSError:
        return 0o666 & ~_UMASK


class FileWriteError(JudgeDeskError, OSError):
    """A file could not be written; the one it would have replaced is as it was.

    Still an ``OSError`` for code that handles those; its message says what to do.
    """

    def __init__(self, path: Path, cause: OSError) -> None:
        where = path.parent
        if cause.errno == errno.ENOSPC or cause.errno == errno.EDQUOT:
            why = f"the disk holding {where} is full. Free some space there, then try again"
        elif cause.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
            why = (
                f"{where} cannot be written: it is read-only for you. Choose a folder you "
                "can write to (for a project, File › Save As)"
            )
        else:
            why = f"{cause.strerror or cause}. Check the disk, then try again"
        super().__init__(f"{path.name} could not be saved: {why}; the earlier file is kept.")
        self.errno = cause.errno


def atomic_write_bytes(path: Path, payload: bytes) -> None:
    """Write ``payload`` to ``path`` atomically (see :func:`atomic_file`)."""
    with atomic_file(path) as handle:
        handle.write(payload)


def atomic_write_text(path: Path, text: str) -> None:
    """Write UTF-8 text atomically (see :func:`atomic_write_bytes`)."""
    atomic_write_bytes(path, text.encode("utf-8"))


def _sync_folder(folder: Path) -> None:
    # Makes the rename itself durable; not possible on every platform.
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


_LEFTOVER = re.compile(r"^\.(?P<name>.+)\.[A-Za-z0-9_]{8}\.tmp$")
LEFTOVER_AGE = 2.0
"""Seconds after which a temporary file of an atomic write is a leftover, not a write."""


def remove_leftovers(
    folder: Path, *, older_than: float = LEFTOVER_AGE, name: str | None = None
) -> list[Path]:
    """Delete the temporary files :func:`atomic_write_bytes` left in ``folder`` when the
    process was killed mid-write; never any other file.

    Only names of the exact shape it makes (``.<name>.<8 characters>.tmp``) that have not
    changed for ``older_than`` seconds are removed (a write still going on is left).

    Args:
        name: only the leftovers of the file of this name (an export's), when given.

    Returns:
        The files removed.
    """
    removed: list[Path] = []
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        match = _LEFTOVER.match(entry.name)
        if match is None or not entry.is_file(follow_symlinks=False):
            continue
        if name is not None and match.group("name") != name:
            continue
        with contextlib.suppress(OSError):
            if now - entry.stat(follow_symlinks=False).st_mtime >= older_than:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
    return removed
