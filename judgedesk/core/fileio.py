"""Atomic file writes: a crash leaves the old file or the new one, never half of one."""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO


@contextlib.contextmanager
def atomic_file(path: Path) -> Iterator[IO[bytes]]:
    """A binary file that replaces ``path`` once the block ends without an error.

    It is written as a temporary file in the same folder (a rename is only atomic within
    one file system), with the name shape :func:`remove_leftovers` clears after a crash,
    and reaches the disk before it replaces the target.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w+b") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise
    _sync_folder(path.parent)


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


def remove_leftovers(folder: Path, *, older_than: float = LEFTOVER_AGE) -> list[Path]:
    """Delete the temporary files :func:`atomic_write_bytes` left in ``folder`` when the
    process was killed mid-write; never any other file.

    Only names of the exact shape it makes (``.<name>.<8 characters>.tmp``) that have not
    changed for ``older_than`` seconds are removed (a write still going on is left).

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
        if not _LEFTOVER.match(entry.name) or not entry.is_file(follow_symlinks=False):
            continue
        with contextlib.suppress(OSError):
            if now - entry.stat(follow_symlinks=False).st_mtime >= older_than:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
    return removed
