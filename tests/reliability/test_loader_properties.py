"""Every dataset loader, fed random bytes, random JSON, deep nesting, huge fields and odd
encodings, either reads the file or raises a DatasetError that says what is wrong.

Nothing else may escape: no RecursionError, UnicodeError, csv.Error, zipfile error or
KeyError, and nothing that only a programmer could read.
"""

from __future__ import annotations

import io
import json
import os
import tempfile
import zipfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judgedesk.core.dataset import FORMATS, open_dataset, search_rows
from judgedesk.core.errors import DatasetError, JudgeDeskError, RowError

SUFFIXES = {
    "jsonl": ".jsonl",
    "json": ".json",
    "csv": ".csv",
    "tsv": ".tsv",
    "xlsx": ".xlsx",
    "parquet": ".parquet",
}
ENCODINGS = (
    "utf-8",
    "utf-8-sig",
    "utf-16",
    "utf-16-le",
    "utf-16-be",
    "utf-32",
    "gb18030",
    "big5",
    "shift_jis",
    "latin-1",
    "cp1252",
    "koi8-r",
)
ROWS_READ = 40
# JUDGEDESK_FUZZ_EXAMPLES=5000 searches harder, for a run by hand.
EXAMPLES = int(os.environ.get("JUDGEDESK_FUZZ_EXAMPLES") or 60)
FAST = settings(
    max_examples=EXAMPLES,
    deadline=10_000,  # generous: the machine is shared; this catches only runaway work
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    database=None,
)

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
records = st.dictionaries(st.text(max_size=10), json_values, max_size=5)


def check_message(exc: JudgeDeskError, name: str) -> None:
    """An error a person can act on: a sentence about this file, not a bare repr."""
    text = str(exc)
    assert len(text) >= 20, text
    assert "Traceback" not in text, text
    assert not text.startswith(("Expecting", "Extra data", "Invalid", "'", '"')), text
    if not isinstance(exc, RowError):
        assert name in text or "this file" in text.lower(), text


def exercise(path: Path, fmt: str | None) -> None:
    """Open ``path`` and read what it gives, accepting only the library's own errors."""
    try:
        dataset = open_dataset(path, format=fmt)
    except DatasetError as exc:
        check_message(exc, path.name)
        return
    with dataset:
        assert len(dataset) > 0
        dataset.fields()
        for issue in dataset.issues:
            assert str(issue)
        for index in range(min(len(dataset), ROWS_READ)):
            try:
                row = dataset.row(index)
            except RowError as exc:
                check_message(exc, path.name)
                continue
            assert isinstance(row.data, dict) and isinstance(row.response, dict)
        search_rows(dataset, "a")


def write(payload: bytes, suffix: str) -> Path:
    folder = Path(tempfile.mkdtemp(prefix="jd-loader-"))
    path = folder / f"data{suffix}"
    path.write_bytes(payload)
    return path


def open_bytes(payload: bytes, fmt: str | None, suffix: str) -> None:
    path = write(payload, suffix)
    try:
        exercise(path, fmt)
    finally:
        path.unlink()
        path.parent.rmdir()


# --- random bytes -----------------------------------------------------------------------


@FAST
@given(payload=st.binary(min_size=1, max_size=3000), fmt=st.sampled_from(FORMATS))
def test_random_bytes_in_every_format(payload: bytes, fmt: str) -> None:
    open_bytes(payload, fmt, SUFFIXES[fmt])


@FAST
@given(
    payload=st.binary(min_size=1, max_size=3000),
    suffix=st.sampled_from([".txt", ".json", ".dat", "", ".jsonl", ".csv"]),
)
def test_random_bytes_with_the_format_recognised(payload: bytes, suffix: str) -> None:
    open_bytes(payload, None, suffix)


# --- random JSON and random tables ------------------------------------------------------


def as_jsonl(rows: list[Any]) -> bytes:
    return "\n".join(json.dumps(row, ensure_ascii=False) for row in rows).encode("utf-8")


def as_table(rows: list[dict[str, Any]], delimiter: str) -> str:
    header = list(dict.fromkeys(key for row in rows for key in row))
    lines = [delimiter.join(header)]
    for row in rows:
        lines.append(delimiter.join(str(row.get(key, "")) for key in header))
    return "\n".join(lines)


@FAST
@given(rows=st.lists(json_values, min_size=1, max_size=8), fmt=st.sampled_from(["jsonl", "json"]))
def test_random_json_values(rows: list[Any], fmt: str) -> None:
    payload = as_jsonl(rows) if fmt == "jsonl" else json.dumps(rows).encode("utf-8")
    open_bytes(payload, fmt, SUFFIXES[fmt])


@FAST
@given(rows=st.lists(records, min_size=1, max_size=8), fmt=st.sampled_from(FORMATS))
def test_random_records_in_every_format(rows: list[dict[str, Any]], fmt: str) -> None:
    if fmt == "jsonl":
        payload = as_jsonl(rows)
    elif fmt == "json":
        payload = json.dumps({"data": rows}).encode("utf-8")
    elif fmt == "xlsx":
        payload = workbook_bytes([list(rows[0])] + [[str(v) for v in r.values()] for r in rows])
    elif fmt == "parquet":
        payload = parquet_bytes(rows)
    else:
        payload = as_table(rows, "\t" if fmt == "tsv" else ",").encode("utf-8")
    open_bytes(payload, fmt, SUFFIXES[fmt])


def parquet_bytes(rows: list[dict[str, Any]]) -> bytes:
    """The rows as a Parquet file; when Parquet cannot hold them as they are (values of
    mixed kinds in a column, an empty object), every column is stored as JSON text."""
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    names = list(dict.fromkeys(key for row in rows for key in row))
    out = io.BytesIO()
    try:
        pq.write_table(pa.Table.from_pylist(rows), out)
    except (pa.ArrowInvalid, pa.ArrowTypeError, pa.ArrowNotImplementedError, OverflowError):
        table = pa.table(
            {n: [json.dumps(r.get(n), ensure_ascii=False) for r in rows] for n in names}
        )
        out = io.BytesIO()
        pq.write_table(table, out)
    return out.getvalue()


# --- odd encodings ----------------------------------------------------------------------


@FAST
@given(
    rows=st.lists(records, min_size=1, max_size=6),
    encoding=st.sampled_from(ENCODINGS),
    fmt=st.sampled_from(["jsonl", "json", "csv", "tsv"]),
    bom_text=st.booleans(),
)
def test_text_in_odd_encodings(
    rows: list[dict[str, Any]], encoding: str, fmt: str, bom_text: bool
) -> None:
    if fmt == "jsonl":
        text = "\n".join(json.dumps(row, ensure_ascii=False) for row in rows)
    elif fmt == "json":
        text = json.dumps(rows, ensure_ascii=False)
    else:
        text = as_table(rows, "\t" if fmt == "tsv" else ",")
    if bom_text:
        text = "\ufeff" + text  # a BOM character inside text that has one already, maybe
    payload = text.encode(encoding, errors="replace")
    open_bytes(payload, fmt, SUFFIXES[fmt])


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_a_chinese_csv_reads_back_in_every_encoding_that_holds_it(encoding: str) -> None:
    text = "id,question,answer\n1,天气怎么样？,晴天\n2,Grüße,Ça va\n"
    try:
        payload = text.encode(encoding)
    except UnicodeEncodeError:
        payload = text.encode(encoding, errors="replace")
    path = write(payload, ".csv")
    try:
        with open_dataset(path) as dataset:
            assert len(dataset) == 2
            assert dataset.row(0).data["id"] == "1"
            if encoding.startswith(("utf", "gb")):
                assert dataset.row(0).data["question"] == "天气怎么样？"
    finally:
        path.unlink()
        path.parent.rmdir()


# --- deep nesting and huge fields --------------------------------------------------------


@pytest.mark.parametrize("fmt", ["jsonl", "json"])
@pytest.mark.parametrize("depth", [100, 500, 950, 5_000, 200_000])
@pytest.mark.parametrize("shape", ["list", "object"])
def test_deeply_nested_json(fmt: str, depth: int, shape: str) -> None:
    inner = "[" * depth + "]" * depth if shape == "list" else '{"a":' * depth + "1" + "}" * depth
    line = '{"id": 1, "question": "q", "deep": ' + inner + "}"
    good = '{"id": 2, "question": "fine"}'
    text = f"{line}\n{good}\n" if fmt == "jsonl" else f"[{line}, {good}]"
    open_bytes(text.encode(), fmt, SUFFIXES[fmt])


@pytest.mark.parametrize("fmt", FORMATS)
def test_huge_fields(fmt: str) -> None:
    big = "长" * 3_000_000 + "x" * 2_000_000  # about 11 MB of UTF-8 in one field
    rows = [
        {"id": "1", "question": big, "answer": "a"},
        {"id": "2", "question": "q", "answer": big},
    ]
    if fmt == "jsonl":
        payload = as_jsonl(rows)
    elif fmt == "json":
        payload = json.dumps(rows, ensure_ascii=False).encode("utf-8")
    elif fmt == "xlsx":
        # A cell holds at most 32,767 characters; a workbook cannot carry more.
        payload = workbook_bytes([["id", "question"], ["1", big[:32_767]], ["2", "x" * 32_767]])
    elif fmt == "parquet":
        payload = parquet_bytes(rows)
    else:
        payload = as_table(rows, "\t" if fmt == "tsv" else ",").encode("utf-8")
    path = write(payload, SUFFIXES[fmt])
    try:
        with open_dataset(path, format=fmt) as dataset:
            assert len(dataset) == 2
            assert len(str(dataset.row(0).data["question"])) >= 32_767
    finally:
        path.unlink()
        path.parent.rmdir()


@pytest.mark.parametrize("count", [1, 2_000_000])
def test_a_line_of_nothing_but_separators(count: int) -> None:
    open_bytes(b"a,b\n" + b"," * count + b"\n1,2\n", "csv", ".csv")


# --- workbooks ----------------------------------------------------------------------------


def workbook_bytes(rows: list[list[Any]], *, sheets: int = 1) -> bytes:
    import openpyxl
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

    book = openpyxl.Workbook()
    for number in range(sheets):
        sheet = book.active if number == 0 else book.create_sheet(f"S{number}")
        assert sheet is not None
        for row in rows:
            sheet.append(
                [
                    ILLEGAL_CHARACTERS_RE.sub("", v)[:32_767] if isinstance(v, str) else v
                    for v in row
                ]
            )
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


cells = (
    st.none()
    | st.integers(min_value=-(2**40), max_value=2**40)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.booleans()
    | st.text(max_size=40)
    | st.sampled_from(["=1/0", "=A1", "#N/A", "=SUM(", "\u0000", "\ufeff"])
)


@FAST
@given(rows=st.lists(st.lists(cells, max_size=6), max_size=8), sheets=st.integers(1, 2))
def test_random_workbooks(rows: list[list[Any]], sheets: int) -> None:
    open_bytes(workbook_bytes(rows, sheets=sheets), "xlsx", ".xlsx")


@FAST
@given(
    member=st.sampled_from(["xl/workbook.xml", "[Content_Types].xml", "xl/worksheets/sheet1.xml"]),
    content=st.binary(max_size=500),
)
def test_zip_files_that_are_not_workbooks(member: str, content: bytes) -> None:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr(member, content)
    open_bytes(out.getvalue(), "xlsx", ".xlsx")


def test_a_workbook_with_a_damaged_sheet() -> None:
    good = workbook_bytes([["id", "question"], ["1", "q"]])
    source = zipfile.ZipFile(io.BytesIO(good))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename.startswith("xl/worksheets/"):
                data = data[: len(data) // 2]  # cut in the middle of the XML
            archive.writestr(item, data)
    open_bytes(out.getvalue(), "xlsx", ".xlsx")
