"""Writing an export as it is made, atomically: a crash leaves the old file or the new."""

from __future__ import annotations

import contextlib
import io
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO


@contextlib.contextmanager
def atomic_binary(path: Path) -> Iterator[IO[bytes]]:
    """A binary file that replaces ``path`` once the block ends without an error.

    The temporary file sits in the same folder, with the name shape
    :func:`judgedesk.core.fileio.remove_leftovers` clears after a crash, and reaches
    the disk before the rename.
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
    if os.name == "posix":  # makes the rename itself durable
        with contextlib.suppress(OSError):
            folder = os.open(path.parent, os.O_RDONLY)
            try:
                os.fsync(folder)
            finally:
                os.close(folder)


@contextlib.contextmanager
def atomic_text(path: Path) -> Iterator[IO[str]]:
    """A UTF-8 text file that replaces ``path`` once the block ends (see
    :func:`atomic_binary`); a character UTF-8 cannot hold becomes "?"."""
    with atomic_binary(path) as raw:
        text = io.TextIOWrapper(raw, encoding="utf-8", errors="replace", newline="")
        yield text
        text.flush()
        text.detach()
