"""Opening a dataset file of any supported format: recognising it, then reading it."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from judgedesk.core.dataset.dataset import Dataset, MemorySource
from judgedesk.core.dataset.encoding import UTF8, is_utf8_start, sniff_bom, sniff_utf16
from judgedesk.core.dataset.files import check_dataset_file, read_text_file
from judgedesk.core.dataset.issues import WARNING, IssueLog
from judgedesk.core.dataset.json_array import RecordList, read_json_records
from judgedesk.core.dataset.jsonl import JsonlIndexer
from judgedesk.core.dataset.mapping import clean_mapping
from judgedesk.core.dataset.parquet import MAGIC as PARQUET_MAGIC
from judgedesk.core.dataset.parquet import read_parquet
from judgedesk.core.dataset.tabular import read_delimited, read_xlsx, sniff_delimiter
from judgedesk.core.errors import DatasetError

log = logging.getLogger(__name__)

FORMATS: tuple[str, ...] = ("jsonl", "json", "csv", "tsv", "xlsx", "parquet")

_BY_EXTENSION = {
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".jsonlines": "jsonl",
    ".jl": "jsonl",
    ".csv": "csv",
    ".tsv": "tsv",
    ".tab": "tsv",
    ".xlsx": "xlsx",
    ".xlsm": "xlsx",
    ".parquet": "parquet",
    ".pq": "parquet",
}
_HEAD = 1 << 20
# A first line longer than this is not worth reading further just to guess the format.
_MAX_FIRST_LINE = 64 << 20
_ZIP_MAGIC = b"PK\x03\x04"


def detect_format(path: Path | str) -> str:
    """Tells the format of a dataset file: one of :data:`FORMATS`.

    The extension decides, except for ``.json`` (often really JSON Lines), ``.txt`` and
    unknown extensions, whose content is looked at.

    Raises:
        DatasetError: The file must be looked at and cannot be read, or it is an old
            ``.xls`` workbook.
    """
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix == ".xls":
        raise DatasetError(
            f"{path.name} is in the old Excel format (.xls). Open it in a spreadsheet "
            "program and save it as .xlsx or CSV."
        )
    if suffix in _BY_EXTENSION:
        return _BY_EXTENSION[suffix]
    check_dataset_file(path)
    head = _read_head(path)
    if head.startswith(_ZIP_MAGIC):
        return "xlsx"
    if head.startswith(PARQUET_MAGIC):
        return "parquet"
    text = _head_text(head).lstrip()
    if text.startswith("["):
        return "json"
    if text.startswith("{"):
        return "jsonl" if _looks_like_json_lines(text) else "json"
    if suffix == ".json":
        return "json"  # not JSON-looking at all: the JSON reader explains what is wrong
    first_line = text.split("\n", 1)[0]
    return "tsv" if sniff_delimiter(first_line) == "\t" else "csv"


def _read_head(path: Path) -> bytes:
    with open(path, "rb") as handle:
        head = handle.read(_HEAD)
        # A JSON Lines file can have a very long first line; read on to its end.
        while b"\n" not in head and len(head) < _MAX_FIRST_LINE:
            more = handle.read(_HEAD)
            if not more:
                break
            head += more
    return head


def _head_text(head: bytes) -> str:
    encoding, skip = sniff_bom(head)
    encoding = encoding or sniff_utf16(head)
    if encoding is None:
        encoding = UTF8 if is_utf8_start(head) else "gb18030"
    # A cut character at the end of the sample is not a reason to give up guessing.
    return head[skip:].decode(encoding, errors="replace")


def _looks_like_json_lines(text: str) -> bool:
    first, _, rest = text.partition("\n")
    try:
        value = json.loads(first)
    except (ValueError, RecursionError):
        return False  # a pretty-printed object starts with a line that is not JSON alone
    return isinstance(value, dict) and rest.lstrip().startswith("{")


def open_dataset(
    path: str | Path,
    mapping: Mapping[str, str] | None = None,
    *,
    format: str | None = None,
    sheet: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    cancel: Callable[[], bool] | None = None,
    records: Callable[[dict[str, Any]], object] | None = None,
    fields: bool = True,
) -> Dataset:
    """Opens a JSONL, JSON, CSV, TSV, XLSX or Parquet dataset.

    JSON Lines files are indexed (rows parsed when asked for); the other formats are read
    into memory (Parquet a row group at a time). Rows that cannot be read are skipped
    and listed in ``Dataset.issues``.

    Args:
        path: The file.
        mapping: Which column plays which role (role → column); see ``ROLES``.
        format: Force a format instead of recognising it (one of ``FORMATS``).
        sheet: For XLSX, the sheet to read (the first one by default).
        progress: Called now and then as ``progress(done, total)``; only the ratio means
            something (bytes, characters or sheet rows depending on the format), and the
            last call has ``done == total``.
        cancel: Polled now and then; returning True abandons the opening.
        records: JSON Lines only: called with each row's record as it is indexed, in
            row order (see :class:`JsonlIndexer`).
        fields: JSON Lines only: collect the field names (see :class:`JsonlIndexer`).

    Returns:
        The opened dataset; close it when done with it.

    Raises:
        DatasetError: The file cannot be used at all: missing, empty, in an unreadable
            encoding, without a single readable row, an XLSX sheet without a header, an
            unknown sheet, or the opening was cancelled.
    """
    file = Path(path)
    check_dataset_file(file)
    fmt = (format or detect_format(file)).lower()
    if fmt not in FORMATS:
        raise DatasetError(
            f"'{format}' is not a dataset format JudgeDesk reads; use one of: {', '.join(FORMATS)}."
        )
    roles = clean_mapping(mapping)
    if fmt == "jsonl":
        dataset = JsonlIndexer(file, roles, records, fields).run(progress, cancel)
    else:
        dataset = _open_in_memory(file, fmt, roles, sheet, progress, cancel)
    log.info("opened %s as %s: %d rows, %d issues", file, fmt, len(dataset), len(dataset.issues))
    return dataset


def _open_in_memory(
    file: Path,
    fmt: str,
    mapping: dict[str, str],
    sheet: str | None,
    progress: Callable[[int, int], None] | None,
    cancel: Callable[[], bool] | None,
) -> Dataset:
    issues = IssueLog(file)
    records: RecordList
    if fmt == "xlsx":
        encoding = UTF8  # the text inside a workbook is always UTF-8
        records = read_xlsx(file, sheet, issues, progress, cancel)
    elif fmt == "parquet":
        encoding = UTF8  # Parquet text columns are UTF-8 by definition
        records = read_parquet(file, issues, progress, cancel)
    else:
        decoded = read_text_file(file)
        encoding = decoded.encoding
        if decoded.note:
            issues.add(None, decoded.note, WARNING)
        if fmt == "json":
            records = read_json_records(decoded.text, file.name, issues, progress, cancel)
        else:
            delimiter = "\t" if fmt == "tsv" else sniff_delimiter(decoded.text)
            records = read_delimited(decoded.text, file.name, delimiter, issues, progress, cancel)
    if not records.records:
        first = issues.first_error()
        reason = f" The first problem: {first}." if first else ""
        raise DatasetError(f"{file.name} has no rows that could be read.{reason}")
    if progress is not None:
        progress(1, 1)  # the loaders report now and then; make sure the end is reported
    source = MemorySource(records.records, records.lines, issues)
    return Dataset(file, fmt, encoding, source, mapping)
