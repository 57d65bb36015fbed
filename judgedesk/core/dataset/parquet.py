"""Parquet files, as Hugging Face and ModelScope export evaluation sets.

pyarrow is imported only when a Parquet file is opened: it is large, and nothing else
needs it. The file is read a batch at a time (row group by row group), so progress and
cancelling work on big files as they do for the other formats. Values become what a
JSON Lines row would hold: lists and structs become lists and dicts, dates and times ISO
text, decimals numbers, and binary cells text.
"""

from __future__ import annotations

import base64
import datetime as dt
import decimal
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

from judgedesk.core.dataset.issues import MAX_DEPTH, TOO_DEEP, WARNING, IssueLog
from judgedesk.core.dataset.json_array import RecordList
from judgedesk.core.dataset.rows import nested_deeper_than
from judgedesk.core.errors import DatasetError

MAGIC = b"PAR1"
"""The four bytes a Parquet file starts (and ends) with."""

_BATCH_ROWS = 2000


def read_parquet(
    path: Path,
    issues: IssueLog,
    progress: Callable[[int, int], None] | None = None,
    cancel: Callable[[], bool] | None = None,
) -> RecordList:
    """Reads every row of a Parquet file; a row's number stands for its line.

    Args:
        path: The file.
        issues: Where problems go (rows nested too deeply are skipped).
        progress: Called as ``progress(rows_done, rows_total)`` after each batch.
        cancel: Polled after each batch; True stops with a DatasetError.

    Raises:
        DatasetError: pyarrow is missing, the file is not Parquet or is damaged, it has
            no rows, or the opening was cancelled.
    """
    try:
        import pyarrow.parquet as pq  # imported here: large, and only Parquet needs it
    except ImportError:
        raise DatasetError(
            f"{path.name} is a Parquet file, and reading Parquet needs the pyarrow package. "
            "Install it (pip install pyarrow) or export the dataset as JSON Lines or CSV."
        ) from None
    out = RecordList()
    notes = _Notes(issues)
    try:
        with pq.ParquetFile(path) as table:
            total = table.metadata.num_rows
            number = 0
            for batch in table.iter_batches(batch_size=_BATCH_ROWS):
                for record in batch.to_pylist():
                    number += 1
                    value = {str(k): _plain(v, notes) for k, v in record.items()}
                    if nested_deeper_than(value, MAX_DEPTH):
                        issues.add(number, f"{TOO_DEEP}; the row was skipped")
                        continue
                    out.records.append(value)
                    out.lines.append(number)
                if progress is not None:
                    progress(number, total)
                if cancel is not None and cancel():
                    raise DatasetError(f"Opening {path.name} was cancelled.")
    except DatasetError:
        raise
    except Exception as exc:  # pyarrow's errors (ArrowInvalid, OSError…) vary by damage
        detail = str(exc).strip() or type(exc).__name__
        raise DatasetError(
            f"{path.name} could not be read as a Parquet file ({detail}). Download or "
            "export it again, or save the dataset as JSON Lines or CSV."
        ) from None
    if not number:
        raise DatasetError(f"{path.name} has no rows: the Parquet file holds none.")
    return out


class _Notes:
    """Warnings said once per file, however many cells they concern."""

    def __init__(self, issues: IssueLog) -> None:
        self._issues = issues
        self._said: set[str] = set()

    def once(self, text: str) -> None:
        if text not in self._said:
            self._said.add(text)
            self._issues.add(None, text, WARNING)


def _plain(value: Any, notes: _Notes) -> Any:
    """A Parquet cell as a JSON Lines row would hold it."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        # Tables made with pandas write a missing number as NaN; JSON has only null.
        return None if math.isnan(value) else value
    if isinstance(value, dict):
        return {str(k): _plain(v, notes) for k, v in value.items()}
    if isinstance(value, list | tuple):
        # A Parquet map comes as (key, value) pairs; text keys make it an object.
        pairs = all(isinstance(i, tuple) and len(i) == 2 for i in value)
        if value and pairs and all(isinstance(k, str) for k, _ in value):
            return {k: _plain(v, notes) for k, v in value}
        return [_plain(item, notes) for item in value]
    if isinstance(value, dt.datetime | dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, dt.timedelta):
        return str(value)
    if isinstance(value, decimal.Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, bytes | bytearray | memoryview):
        raw = bytes(value)
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            notes.once(
                "some cells hold binary data that is not text; they are given as base64 text"
            )
            return base64.b64encode(raw).decode("ascii")
    return str(value)
