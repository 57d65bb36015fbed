"""JSON Lines files: an index of where each record starts, records parsed on demand.

Opening a JSONL file reads it once in large binary chunks. Each line is validated as
JSON in the same pass (one stdlib parse per line), its fields noted, and only three
integers are kept per good record: its byte offsets and its line number. A row is parsed
again from those bytes when someone asks for it.

The pass can run all at once (:func:`~judgedesk.core.dataset.open_dataset`) or a slice at a
time with :class:`JsonlIndexer`, whose Dataset is usable while it grows::

    indexer = JsonlIndexer(path)
    dataset = indexer.dataset()        # len(dataset) == 0 so far
    while not indexer.step(0.05):      # index for about 50 ms, e.g. from a GUI timer
        show(dataset.rows(0, 50))      # rows indexed so far are already readable
    # indexer.done: dataset is complete; dataset.issues lists the skipped lines
"""

from __future__ import annotations

import io
import json
import logging
import time
from array import array
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, BinaryIO

from judgedesk.core.dataset.dataset import Dataset
from judgedesk.core.dataset.encoding import (
    UTF8,
    UTF8_BOM,
    decode_file_bytes,
    is_utf8_start,
    mostly_utf8,
    not_utf8_note,
    sniff_bom,
    sniff_utf16,
)
from judgedesk.core.dataset.fields import FieldCollector
from judgedesk.core.dataset.files import check_dataset_file
from judgedesk.core.dataset.issues import TOO_DEEP, WARNING, IssueLog, describe_json
from judgedesk.core.dataset.jsonl_source import FileBlob, JsonlSource, MemoryBlob
from judgedesk.core.dataset.mapping import clean_mapping
from judgedesk.core.errors import DatasetError

log = logging.getLogger(__name__)

_HEAD = 1 << 20
_FIRST_CHUNK = 256 * 1024
_MAX_CHUNK = 8 << 20
_JSON_SPACE = " \t\r\n"
_INVALID: Any = object()
_BLANK: Any = object()


class JsonlIndexer:
    """Indexes a JSONL file a slice at a time, so its first rows show at once.

    The Dataset from :meth:`dataset` is the same object throughout; its length grows with
    each :meth:`step` and its rows are readable as soon as they are indexed (from any
    thread: indexing may run in a worker thread while a GUI reads rows).

    Args:
        path: The JSONL file.
        mapping: The role→column mapping for the Dataset.
        records: Called with each row's record as it is indexed, in row order: what a
            caller wants of every row is read without parsing the file again.
        fields: Collect the field names (:meth:`Dataset.fields`); a caller that only
            reads rows is spared it.

    Raises:
        DatasetError: The file is missing, empty, or in an encoding that cannot be read.
    """

    def __init__(
        self,
        path: str | Path,
        mapping: Mapping[str, str] | None = None,
        records: Callable[[dict[str, Any]], object] | None = None,
        fields: bool = True,
    ) -> None:
        self.path = Path(path)
        name = self.path.name
        mapping = clean_mapping(mapping)  # before anything is opened, so nothing leaks
        stat = check_dataset_file(self.path)
        self._issues = IssueLog(self.path)
        with open(self.path, "rb") as handle:
            head = handle.read(_HEAD)
        encoding, skip = sniff_bom(head)
        if encoding is None:
            encoding = sniff_utf16(head)
        reader: BinaryIO
        blob: FileBlob | MemoryBlob
        if encoding == UTF8_BOM or (encoding is None and _utf8_on_disk(self.path, head)):
            encoding = encoding or UTF8
            reader = open(self.path, "rb")  # noqa: SIM115 - closed when indexing ends
            reader.seek(skip)
            blob = FileBlob(self.path, stat.st_size, stat.st_mtime_ns)
            self._total = stat.st_size
        else:
            # Other encodings are rare and usually small: transcode once to UTF-8 and
            # index the copy in memory like a file.
            decoded = decode_file_bytes(self.path.read_bytes(), name)
            encoding = decoded.encoding
            data = decoded.text.encode(UTF8)
            del decoded
            if note := not_utf8_note(encoding):
                self._issues.add(None, note, WARNING)
            reader = io.BytesIO(data)
            blob = MemoryBlob(data)
            skip = 0
            self._total = len(data)
        self._reader: BinaryIO | None = reader
        self._pos = skip
        self._lineno = 1
        self._rest = b""
        self._chunk = _FIRST_CHUNK
        self._done = False
        self._collector = FieldCollector()
        self._fields = fields
        self._records = records
        # The decoder's C scanner parses from a position without json.loads' extra
        # checks; it saves a sixth of the time on big files (typeshed does not list it).
        decoder: Any = json.JSONDecoder()
        self._scan: Callable[[str, int], tuple[Any, int]] = decoder.scan_once
        self._source = JsonlSource(self.path, blob, self._issues)
        self._dataset = Dataset(self.path, "jsonl", encoding, self._source, mapping)

    @property
    def done(self) -> bool:
        """True once the whole file is indexed."""
        return self._done

    @property
    def progress(self) -> tuple[int, int]:
        """``(bytes indexed, bytes in total)``."""
        return min(self._pos, self._total), self._total

    def dataset(self) -> Dataset:
        """The Dataset being filled; complete once :attr:`done` is True."""
        return self._dataset

    def step(self, max_seconds: float = 0.05) -> bool:
        """Indexes for about ``max_seconds`` (at least one chunk), then returns.

        Returns:
            True when the whole file is indexed.

        Raises:
            DatasetError: The file is fully read and not one row could be used.
        """
        deadline = time.monotonic() + max_seconds
        while not self._done:
            started = time.monotonic()
            self._index_chunk()
            now = time.monotonic()
            if now >= deadline:
                break
            # Grow the chunk while a whole one still fits in the time left, so a short
            # step stays short and a long run pays little per-chunk overhead.
            if (now - started) * 2 < deadline - now:
                self._chunk = min(self._chunk * 2, _MAX_CHUNK)
        return self._done

    def run(
        self,
        progress: Callable[[int, int], None] | None = None,
        cancel: Callable[[], bool] | None = None,
    ) -> Dataset:
        """Indexes the rest of the file and returns the complete Dataset.

        Args:
            progress: Called as ``progress(bytes_done, bytes_total)`` after each chunk.
            cancel: Polled after each chunk; returning True stops with a DatasetError.

        Raises:
            DatasetError: Cancelled, or no row could be used.
        """
        try:
            while True:
                if cancel is not None and cancel():
                    raise DatasetError(f"Opening {self.path.name} was cancelled.")
                if self.step(0.25):
                    break
                if progress is not None:
                    progress(*self.progress)
        except BaseException:
            self.close()
            self._dataset.close()
            raise
        if progress is not None:
            progress(*self.progress)
        return self._dataset

    def close(self) -> None:
        """Stops indexing early; the Dataset keeps the rows indexed so far.

        The Dataset itself stays open: close it when it is no longer shown.
        """
        if self._reader is not None:
            self._reader.close()
            self._reader = None
        if not self._done:
            self._done = True
            self._source.finish()

    def _index_chunk(self) -> None:
        assert self._reader is not None
        chunk = self._reader.read(self._chunk)
        if chunk:
            parts = chunk.split(b"\n")
            if self._rest:
                # Only the cut line is joined, not the whole chunk copied.
                parts[0] = self._rest + parts[0]
            # The piece after the last newline may be a line cut in two; keep it for later.
            self._rest = parts.pop()
        else:
            parts = [self._rest] if self._rest else []
            self._rest = b""
        self._scan_lines(parts)
        if not chunk:
            self._finish()

    def _scan_lines(self, parts: list[bytes]) -> None:
        # The hot loop of opening a big file: locals only, one parse per line.
        starts, ends, lines = array("q"), array("q"), array("q")
        scan, records = self._scan, self._records
        add_fields = self._collector.add if self._fields else None
        pos, lineno = self._pos, self._lineno
        for raw in parts:
            size = len(raw)
            if size:
                try:
                    text = raw.decode()
                    record, end = scan(text, 0)
                    if end != len(text) and text[end:].strip(_JSON_SPACE):
                        record = _INVALID
                except (ValueError, StopIteration, RecursionError):
                    record = _INVALID
                if type(record) is not dict:
                    record = self._recover(raw, record, lineno)
                if record is not None:
                    starts.append(pos)
                    ends.append(pos + size)
                    lines.append(lineno)
                    if add_fields is not None:
                        add_fields(record)
                    if records is not None:
                        records(record)
            pos += size + 1
            lineno += 1
        self._pos, self._lineno = pos, lineno
        self._source.publish(starts, ends, lines, self._collector.names())

    def _recover(self, raw: bytes, value: Any, lineno: int) -> dict[str, Any] | None:
        """Second look at a line the fast path refused: blank, indented, or a real problem."""
        if value is _INVALID:
            value, problem = _diagnose(raw)
            if value is _BLANK:
                return None
            if problem is not None:
                self._issues.add(lineno, problem)
                return None
        if isinstance(value, dict):
            return value
        self._issues.add(
            lineno,
            f"the line holds {describe_json(value)} instead of a record in {{ }}; the row was "
            "skipped — each line must be one JSON object with fields",
        )
        return None

    def _finish(self) -> None:
        self._done = True
        if self._reader is not None:
            self._reader.close()
            self._reader = None
        self._source.finish()
        log.debug("indexed %s: %d rows", self.path, len(self._source))
        if len(self._source) == 0:
            first = self._issues.first_error()
            if first is None:
                raise DatasetError(f"{self.path.name} has no rows: it holds only blank lines.")
            raise DatasetError(
                f"{self.path.name} has no rows that could be read. The first problem: "
                f"{first}. Check that it is a JSON Lines file (one JSON object per line)."
            )


def _utf8_on_disk(path: Path, head: bytes) -> bool:
    """Whether to index the file as UTF-8 in place, stray bad bytes becoming line errors."""
    if is_utf8_start(head):
        return True
    # Rarely needed (the start is not UTF-8), so reading the whole file is affordable.
    return mostly_utf8(path.read_bytes())


def _diagnose(raw: bytes) -> tuple[Any, str | None]:
    try:
        text = raw.decode(UTF8)
    except UnicodeDecodeError as exc:
        bad = raw[exc.start : exc.start + 1].hex()
        return None, (
            f"the line is not valid UTF-8 text (unreadable byte 0x{bad} at byte "
            f"{exc.start + 1}); the row was skipped — the file mixes text encodings: open it "
            "in a text editor and save it as UTF-8"
        )
    if not text.strip():
        return _BLANK, None
    try:
        return json.loads(text), None
    except json.JSONDecodeError as exc:
        return None, (
            f"not valid JSON ({exc.msg} at column {exc.colno}); the row was skipped — "
            "fix or remove this line and open the file again"
        )
    except RecursionError:
        return None, f"the line cannot be read: {TOO_DEEP}; the row was skipped"
