"""The record index of a JSON Lines file, and the bytes it points into."""

from __future__ import annotations

import json
import os
import threading
from array import array
from bisect import bisect_right
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from judgedesk.core.dataset.issues import IssueLog
from judgedesk.core.errors import RowError


class FileBlob:
    """Random reads from the file on disk, opened lazily and checked for changes."""

    def __init__(self, path: Path, size: int, mtime_ns: int) -> None:
        self._path = path
        self._stamp = (size, mtime_ns)
        self._handle: BinaryIO | None = None
        self._lock = threading.Lock()

    def read(self, start: int, end: int) -> bytes:
        with self._lock:
            if self._handle is None:
                self._handle = open(self._path, "rb")  # noqa: SIM115 - kept open across reads
            stat = os.fstat(self._handle.fileno())
            if (stat.st_size, stat.st_mtime_ns) != self._stamp:
                raise RowError(
                    f"{self._path.name} changed on disk after it was opened, so its rows no "
                    "longer line up with the file; open the file again."
                )
            self._handle.seek(start)
            return self._handle.read(end - start)

    def close(self) -> None:
        with self._lock:
            if self._handle is not None:
                self._handle.close()
                self._handle = None


class MemoryBlob:
    """Random reads from a file already transcoded to UTF-8 in memory."""

    def __init__(self, data: bytes) -> None:
        self._data = data

    def read(self, start: int, end: int) -> bytes:
        return self._data[start:end]

    def close(self) -> None:
        """The bytes stay until the source is dropped; nothing to release early."""


@dataclass(frozen=True)
class RecordText:
    """The file text of consecutive records, for scanning many rows without parsing them.

    Attributes:
        data: UTF-8 bytes from the start of the first record's line to the end of the
            last record; lines skipped while indexing (blank, broken) may lie in between.
        start: The index of the first record.
        starts: Where each record starts in ``data``.
        ends: Where each record ends in ``data`` (its newline excluded).
        lines: The line each record starts on in the file.
    """

    data: bytes
    start: int
    starts: list[int]
    ends: list[int]
    lines: list[int]

    @property
    def stop(self) -> int:
        """The index after the last record."""
        return self.start + len(self.starts)


class JsonlSource:
    """The record index of one JSONL file, shared by the Datasets opened on it."""

    def __init__(self, path: Path, blob: FileBlob | MemoryBlob, issues: IssueLog) -> None:
        self.issues = issues
        self._path = path
        self._blob = blob
        self._starts = array("q")
        self._ends = array("q")
        self._lines = array("q")
        self._count = 0
        self._fields: list[str] = []
        self._complete = False
        self._lock = threading.Lock()
        self._users = 0

    def __len__(self) -> int:
        return self._count

    def publish(
        self, starts: array[int], ends: array[int], lines: array[int], fields: list[str]
    ) -> None:
        """Adds a batch of indexed records (called by the indexer after each chunk)."""
        with self._lock:
            self._starts.extend(starts)
            self._ends.extend(ends)
            self._lines.extend(lines)
            self._fields = fields
            self._count = len(self._lines)

    def finish(self) -> None:
        """Marks the index complete."""
        self._complete = True

    def read(self, index: int) -> tuple[dict[str, Any], int | None]:
        with self._lock:
            start, end, line = self._starts[index], self._ends[index], self._lines[index]
        raw = self._blob.read(start, end)
        try:
            record = json.loads(raw)
        except (ValueError, RecursionError) as exc:
            raise RowError(
                f"{self._path.name}, line {line}: could not be read again ({exc}); the file "
                "may have changed since it was opened, so open it again."
            ) from None
        if not isinstance(record, dict):
            raise RowError(
                f"{self._path.name}, line {line}: no longer holds a record; the file may have "
                "changed since it was opened, so open it again."
            )
        return record, line

    def peek(self, index: int) -> tuple[dict[str, Any], int | None]:
        """Same as :meth:`read`: each read parses a new record, nothing is shared."""
        return self.read(index)

    def text(self, start: int, stop: int, max_bytes: int) -> RecordText:
        """The text of records ``start`` up to ``stop``, cut after about ``max_bytes``.

        At least one record is returned, so a record longer than ``max_bytes`` still is.

        Raises:
            RowError: The file changed on disk since it was indexed.
        """
        with self._lock:
            stop = min(stop, self._count)
            base = self._starts[start]
            # The piece ends before the first record that starts beyond the budget.
            stop = bisect_right(self._starts, base + max_bytes, start + 1, stop)
            starts = [offset - base for offset in self._starts[start:stop]]
            ends = [offset - base for offset in self._ends[start:stop]]
            lines = self._lines[start:stop].tolist()
            end = self._ends[stop - 1]
        return RecordText(self._blob.read(base, end), start, starts, ends, lines)

    def field_names(self) -> list[str]:
        return list(self._fields)

    @property
    def complete(self) -> bool:
        return self._complete

    def acquire(self) -> None:
        with self._lock:
            self._users += 1

    def release(self) -> None:
        with self._lock:
            self._users -= 1
            last = self._users <= 0
        if last:
            # Reads after this reopen the file lazily, so a late reader is not broken.
            self._blob.close()
