"""The Dataset: rows of an opened file, read on demand through a record source."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any, Protocol

from judgedesk.core.dataset.fields import FieldCollector
from judgedesk.core.dataset.issues import (
    MAX_DEPTH,
    TOO_DEEP,
    WARNING,
    IssueLog,
    LoadIssue,
    UnreadableLines,
)
from judgedesk.core.dataset.jsonl_source import JsonlSource, RecordText
from judgedesk.core.dataset.mapping import clean_mapping
from judgedesk.core.dataset.rows import Row, build_row, copy_dict, nested_deeper_than
from judgedesk.core.errors import RowError

_ROW_CACHE_SIZE = 256
_CHAT_FIELDS = ("question", "gt", "history")
_MAPPED_DATA_ROLES = ("human", "category", "response_a", "response_b")


class RecordSource(Protocol):
    """Where a Dataset gets its records from (a JSONL index, or records held in memory)."""

    issues: IssueLog

    def __len__(self) -> int: ...

    def read(self, index: int) -> tuple[dict[str, Any], int | None]:
        """Returns the record at ``index`` and the line it starts on.

        Raises:
            RowError: The record cannot be read any more.
        """
        ...

    def peek(self, index: int) -> tuple[Mapping[str, Any], int | None]:
        """Like :meth:`read`, but the record may be shared: read it, never change it."""
        ...

    def field_names(self) -> list[str]: ...

    @property
    def complete(self) -> bool: ...

    def acquire(self) -> None: ...

    def release(self) -> None: ...


class MemorySource:
    """Records parsed up front and kept in memory (JSON arrays, CSV, TSV, XLSX).

    Args:
        records: The readable records, in file order.
        lines: The line each record starts on, same order.
        issues: What was noticed while reading.
    """

    def __init__(
        self, records: list[dict[str, Any]], lines: Sequence[int | None], issues: IssueLog
    ) -> None:
        self._records = records
        self._lines = list(lines)
        self.issues = issues
        collector = FieldCollector()
        for record in records:
            collector.add(record)
        self._fields = collector.names()

    def __len__(self) -> int:
        return len(self._records)

    def read(self, index: int) -> tuple[dict[str, Any], int | None]:
        """Returns a private copy of the record, so cached rows never share state."""
        return copy_dict(self._records[index]), self._lines[index]

    def peek(self, index: int) -> tuple[Mapping[str, Any], int | None]:
        return self._records[index], self._lines[index]

    def field_names(self) -> list[str]:
        return list(self._fields)

    @property
    def complete(self) -> bool:
        return True

    def acquire(self) -> None:
        """Nothing to open: the records are in memory."""

    def release(self) -> None:
        """Nothing to close: the records are in memory."""


class Dataset:
    """An opened evaluation set: its rows, the fields they have, and what went wrong.

    Rows are read on demand and a few hundred are cached. Several Datasets made with
    :meth:`with_mapping` share one source and one file handle; each should be closed
    (or used as a context manager) when no longer needed.

    Attributes:
        path: The file.
        format: ``"jsonl"``, ``"json"``, ``"csv"``, ``"tsv"``, ``"xlsx"`` or ``"parquet"``.
        encoding: The text encoding the file was read with.
        mapping: Which column plays which role (role → column).
    """

    def __init__(
        self,
        path: Path,
        format: str,
        encoding: str,
        source: RecordSource,
        mapping: Mapping[str, str] | None = None,
    ) -> None:
        self.path = path
        self.format = format
        self.encoding = encoding
        self.mapping = clean_mapping(mapping)
        self._source = source
        self._cache: OrderedDict[int, Row] = OrderedDict()
        self._lock = threading.Lock()
        self._closed = False
        source.acquire()

    @property
    def issues(self) -> list[LoadIssue]:
        """Problems found while reading the file, then any with the column mapping.

        While a JSONL file is still being indexed this grows; each call is a snapshot.
        """
        return self._source.issues.items() + self._mapping_issues()

    def unreadable(self) -> UnreadableLines:
        """The lines of the file that could not be read, so that no row has them (while a
        JSONL file is still being indexed, as far as it went)."""
        return self._source.issues.unreadable(len(self))

    @property
    def complete(self) -> bool:
        """False while a big JSONL file is still being indexed (see ``JsonlIndexer``)."""
        return self._source.complete

    def __len__(self) -> int:
        return len(self._source)

    def __repr__(self) -> str:
        state = "" if self.complete else ", indexing"
        return f"<Dataset {self.path.name} {self.format} rows={len(self)}{state}>"

    def row(self, index: int) -> Row:
        """Returns the row at ``index`` (0-based among readable rows).

        Raises:
            IndexError: ``index`` is outside ``0 .. len(self) - 1``.
            RowError: The row cannot be read any more (the file changed on disk), or it
                is nested too deeply to be used.
        """
        if not 0 <= index < len(self._source):
            raise IndexError(f"row {index} is out of range (the dataset has {len(self)} rows)")
        with self._lock:
            row = self._cache.get(index)
            if row is not None:
                self._cache.move_to_end(index)
                return row
        record, line = self._source.read(index)
        if nested_deeper_than(record, MAX_DEPTH):
            where = f", line {line}" if line is not None else f", row {index + 1}"
            raise RowError(
                f"{self.path.name}{where}: this row cannot be used: {TOO_DEEP}. Flatten its "
                "nested values, or remove it from the file."
            )
        row = build_row(record, index, self.mapping, line)
        with self._lock:
            self._cache[index] = row
            if len(self._cache) > _ROW_CACHE_SIZE:
                self._cache.popitem(last=False)
        return row

    def peek(self, index: int) -> tuple[Mapping[str, Any], int | None]:
        """The record at ``index`` and its line, for scanning many rows (a search).

        Unlike :meth:`row` nothing is cached or copied: read the record, never change it.

        Raises:
            IndexError: ``index`` is outside ``0 .. len(self) - 1``.
            RowError: The row cannot be read any more.
        """
        if not 0 <= index < len(self._source):
            raise IndexError(f"row {index} is out of range (the dataset has {len(self)} rows)")
        return self._source.peek(index)

    def record_text(self, start: int, stop: int, max_bytes: int) -> RecordText | None:
        """The file text of rows ``start`` up to ``stop``, cut after about ``max_bytes``.

        Only JSON Lines datasets keep their rows as text; for the others this is None and
        rows are read with :meth:`peek`.

        Raises:
            IndexError: ``start`` is not a row before ``stop``.
            RowError: The file changed on disk since it was opened.
        """
        if not isinstance(self._source, JsonlSource):
            return None
        if not 0 <= start < min(stop, len(self._source)):
            raise IndexError(f"rows {start} to {stop} are not in the dataset ({len(self)} rows)")
        return self._source.text(start, stop, max_bytes)

    def rows(self, start: int, stop: int) -> list[Row]:
        """Returns rows ``start`` up to (not including) ``stop``, clipped to the dataset."""
        start = max(start, 0)
        stop = min(stop, len(self._source))
        return [self.row(index) for index in range(start, stop)]

    def record(self, index: int) -> dict[str, Any]:
        """Returns a fresh copy of the record at ``index`` as read from the file."""
        return copy_dict(self.row(index).record)

    def fields(self) -> list[str]:
        """Every field seen, dotted for nested objects, then derived and mapped names.

        ``question``/``gt``/``history`` are listed when rows are chats, ``question`` and
        ``ref_answer`` when a column is mapped to them, and mapped roles such as
        ``human`` under their role name.
        """
        names = self._source.field_names()
        extra: list[str] = []
        if "messages" in names:
            extra.extend(_CHAT_FIELDS)
        if "question" in self.mapping:
            extra.append("question")
        if "reference" in self.mapping:
            extra.append("ref_answer")
        extra.extend(role for role in _MAPPED_DATA_ROLES if role in self.mapping)
        seen = set(names)
        for name in extra:
            if name not in seen:
                names.append(name)
                seen.add(name)
        return names

    def with_mapping(self, mapping: Mapping[str, str]) -> Dataset:
        """Returns a Dataset over the same rows with another column mapping (no re-read)."""
        return Dataset(self.path, self.format, self.encoding, self._source, mapping)

    def close(self) -> None:
        """Lets go of the file; the file closes when every Dataset sharing it is closed."""
        if not self._closed:
            self._closed = True
            self._source.release()

    def __enter__(self) -> Dataset:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def _mapping_issues(self) -> list[LoadIssue]:
        if not self.mapping or not self.complete:
            return []
        known = set(self._source.field_names())
        issues = []
        for role, column in self.mapping.items():
            if column not in known and not _is_nested_field(column, known):
                issues.append(
                    LoadIssue(
                        str(self.path),
                        None,
                        f"the column '{column}' chosen for {role} is not in this file; "
                        "pick another column in the column mapping",
                        WARNING,
                    )
                )
        return issues


def _is_nested_field(column: str, known: set[str]) -> bool:
    # Fields deeper than the discovery depth (three parts) are not listed but may still
    # be mapped; give them the benefit of the doubt when their parent is known.
    parts = column.split(".")
    return len(parts) > 3 and ".".join(parts[:3]) in known
