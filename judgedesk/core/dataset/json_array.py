"""JSON files holding a list of records, or an object wrapping one such list."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from judgedesk.core.dataset.issues import MAX_DEPTH, TOO_DEEP, WARNING, IssueLog, describe_json
from judgedesk.core.dataset.rows import nested_deeper_than
from judgedesk.core.errors import DatasetError

_SPACE = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()
_PROGRESS_EVERY = 2000


@dataclass
class RecordList:
    """Records read from a file fully parsed in memory, with their line numbers."""

    records: list[dict[str, Any]] = field(default_factory=list)
    lines: list[int | None] = field(default_factory=list)


class _LineCounter:
    """Turns text positions into line numbers, counting forward only once."""

    def __init__(self, text: str) -> None:
        self._text = text
        self._pos = 0
        self._line = 1

    def at(self, pos: int) -> int:
        if pos < self._pos:
            return self._text.count("\n", 0, pos) + 1
        self._line += self._text.count("\n", self._pos, pos)
        self._pos = pos
        return self._line


class _ArrayReader:
    """Reads a JSON array element by element, so a syntax error keeps what came before."""

    def __init__(
        self,
        text: str,
        name: str,
        issues: IssueLog,
        progress: Callable[[int, int], None] | None,
        cancel: Callable[[], bool] | None,
    ) -> None:
        self.text = text
        self.name = name
        self.issues = issues
        self.lines = _LineCounter(text)
        self._progress = progress
        self._cancel = cancel

    def skip_space(self, pos: int) -> int:
        match = _SPACE.match(self.text, pos)
        return match.end() if match else pos

    def syntax_error(
        self, exc: json.JSONDecodeError, what: str, issues: IssueLog | None = None
    ) -> None:
        (self.issues if issues is None else issues).add(
            exc.lineno,
            f"not valid JSON ({exc.msg} at column {exc.colno}); {what} — fix this spot "
            "and open the file again",
        )

    def read_array(
        self, pos: int, out: RecordList, issues: IssueLog | None = None
    ) -> tuple[int, bool]:
        """Reads the array starting at ``pos`` (a ``[``) into ``out``.

        Problems go to ``issues`` (the file's own log when None).

        Returns:
            The position after the array and whether it was read to its end.
        """
        text, size = self.text, len(self.text)
        log = self.issues if issues is None else issues
        pos = self.skip_space(pos + 1)
        if pos < size and text[pos] == "]":
            return pos + 1, True
        item = 0
        while True:
            item += 1
            line = self.lines.at(pos)
            try:
                value, pos = _DECODER.raw_decode(text, pos)
            except json.JSONDecodeError as exc:
                self.syntax_error(
                    exc, "the rows before this point were read, the rest were not", log
                )
                return pos, False
            except RecursionError:
                log.add(line, f"item {item} of the list {TOO_DEEP}; it and the rest were not read")
                return pos, False
            if isinstance(value, dict):
                out.records.append(value)
                out.lines.append(line)
            else:
                log.add(
                    line,
                    f"item {item} of the list is {describe_json(value)}, not a record in {{ }}; "
                    "it was skipped",
                )
            if item % _PROGRESS_EVERY == 0:
                self._report(pos)
            pos = self.skip_space(pos)
            if pos >= size:
                log.add(
                    self.lines.at(pos),
                    "the file ends before the list is closed with ]; the rows before "
                    "were read — check that the file was saved completely",
                )
                return pos, False
            if text[pos] == "]":
                return pos + 1, True
            if text[pos] != ",":
                log.add(
                    self.lines.at(pos),
                    f"expected a comma or ] at column {pos - text.rfind(chr(10), 0, pos)}; "
                    "the rows before this point were read, the rest were not",
                )
                return pos, False
            pos = self.skip_space(pos + 1)
            if pos < size and text[pos] == "]":
                log.add(
                    self.lines.at(pos),
                    "a comma before ] is not allowed in JSON; it was ignored",
                    WARNING,
                )
                return pos + 1, True

    def _report(self, pos: int) -> None:
        if self._progress is not None:
            self._progress(pos, len(self.text))
        if self._cancel is not None and self._cancel():
            raise DatasetError(f"Opening {self.name} was cancelled.")


def read_json_records(
    text: str,
    name: str,
    issues: IssueLog,
    progress: Callable[[int, int], None] | None = None,
    cancel: Callable[[], bool] | None = None,
) -> RecordList:
    """Reads the records of a JSON file.

    The file may be a list of objects, an object holding exactly one such list (for
    example ``{"data": [...]}``), or a single object, read as one row.

    Args:
        text: The decoded file.
        name: The file name, for messages.
        issues: Where problems go.
        progress: Called as ``progress(characters_done, characters_total)`` now and then.
        cancel: Polled now and then; True stops with a DatasetError.

    Raises:
        DatasetError: The file is not JSON of that shape, or it was cancelled.
    """
    reader = _ArrayReader(text, name, issues, progress, cancel)
    pos = reader.skip_space(0)
    if pos >= len(text):
        raise DatasetError(f"{name} holds only blank space: it has no rows.")
    out = RecordList()
    if text[pos] == "[":
        pos, finished = reader.read_array(pos, out)
    elif text[pos] == "{":
        pos, finished = _read_wrapper(reader, pos, out)
    else:
        raise DatasetError(
            f"{name} does not look like a JSON dataset: it should start with [ (a list of "
            "records) or { (an object). If it has one record per line, rename it to .jsonl."
        )
    if finished:
        end = reader.skip_space(pos)
        if end < len(text):
            issues.add(
                reader.lines.at(end),
                "there is more text after the end of the data; it was ignored — if the file "
                "has one record per line, rename it to .jsonl",
            )
    return _without_deep_records(out, issues)


def _without_deep_records(found: RecordList, issues: IssueLog) -> RecordList:
    """Leave out, as issues, records nested too deeply to be copied or shown."""
    kept = RecordList()
    for record, line in zip(found.records, found.lines, strict=True):
        if nested_deeper_than(record, MAX_DEPTH):
            issues.add(line, f"this record {TOO_DEEP}; it was skipped")
            continue
        kept.records.append(record)
        kept.lines.append(line)
    return kept


def _read_wrapper(reader: _ArrayReader, start: int, out: RecordList) -> tuple[int, bool]:
    """Reads ``{"key": [records], ...}``; falls back to the object as a single row."""
    text, name, size = reader.text, reader.name, len(reader.text)
    lists: dict[str, tuple[RecordList, IssueLog]] = {}
    members: dict[str, Any] = {}
    pos = reader.skip_space(start + 1)
    finished = False
    try:
        while pos < size and text[pos] != "}":
            key, pos = _DECODER.raw_decode(text, pos)
            pos = reader.skip_space(pos)
            if not isinstance(key, str) or pos >= size or text[pos] != ":":
                raise json.JSONDecodeError("Expecting property name and ':'", text, pos)
            pos = reader.skip_space(pos + 1)
            value_start = pos
            if pos < size and text[pos] == "[":
                # Problems inside a list only matter if the list turns out to be the records.
                candidate, found = RecordList(), IssueLog(reader.issues.path)
                pos, complete = reader.read_array(pos, candidate, found)
                if candidate.records:
                    lists[key] = (candidate, found)
                if not complete:
                    break
                members[key], _ = _DECODER.raw_decode(text, value_start)
            else:
                members[key], pos = _DECODER.raw_decode(text, pos)
            pos = reader.skip_space(pos)
            if pos < size and text[pos] == ",":
                pos = reader.skip_space(pos + 1)
        else:
            finished = pos < size
            if not finished:
                reader.issues.add(
                    reader.lines.at(pos),
                    "the file ends before the object is closed with }; check that the file "
                    "was saved completely",
                )
            pos += 1
    except json.JSONDecodeError as exc:
        reader.syntax_error(exc, "the rest of the file was not read")
    except RecursionError:
        reader.issues.add(reader.lines.at(pos), f"a value here {TOO_DEEP}; it was not read")
    if len(lists) > 1:
        raise DatasetError(
            f"{name} holds several lists of records ({', '.join(lists)}); JudgeDesk reads "
            "one list per file. Save each list as its own file."
        )
    if lists:
        records, found = next(iter(lists.values()))
        out.records.extend(records.records)
        out.lines.extend(records.lines)
        reader.issues.merge(found)
    elif finished:
        # No list of records inside: the object is itself the one record of the file.
        out.records.append(members)
        out.lines.append(reader.lines.at(start))
    return pos, finished
