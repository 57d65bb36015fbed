"""Writing an export as it is made, atomically: a crash leaves the old file or the new."""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from judgedesk.core.fileio import atomic_file


@contextlib.contextmanager
def atomic_text(path: Path) -> Iterator[IO[str]]:
    """A UTF-8 text file that replaces ``path`` once the block ends (see
    :func:`~judgedesk.core.fileio.atomic_file`); a character UTF-8 cannot hold becomes "?"."""
    with atomic_file(path) as raw:
        text = io.TextIOWrapper(raw, encoding="utf-8", errors="replace", newline="")
        yield text
        text.flush()
        text.detach()
