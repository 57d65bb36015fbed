"""JSON arrays, CSV/TSV and XLSX datasets, and recognising a file's format."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from judgedesk.core.dataset import Dataset, detect_format, open_dataset
from judgedesk.core.errors import DatasetError


def contents(dataset: Dataset) -> list[dict[str, Any]]:
    return [dataset.record(i) for i in range(len(dataset))]


def lines_of(dataset: Dataset) -> list[int | None]:
    return [dataset.row(i).line for i in range(len(dataset))]


# --- JSON ----------------------------------------------------------------------------


def test_json_array_of_objects(tmp_path: Path) -> None:
    path = tmp_path / "set.json"
    records = [{"problem": "2+2?", "answer": "4"}, {"problem": "3+3?", "answer": "6"}]
    path.write_text(json.dumps(records, indent=2), encoding="utf-8")
    with open_dataset(path) as dataset:
        assert dataset.format == "json"
        assert contents(dataset) == records
        assert lines_of(dataset) == [2, 6]
        assert dataset.fields() == ["problem", "answer"]
        assert dataset.issues == []


def test_json_object_wrapping_one_list(tmp_path: Path) -> None:
    path = tmp_path / "wrapped.json"
    path.write_text(
        json.dumps({"version": 2, "tags": ["a", "b"], "data": [{"q": 1}, {"q": 2}]}),
        encoding="utf-8",
    )
    with open_dataset(path) as dataset:
        assert contents(dataset) == [{"q": 1}, {"q": 2}]
        assert dataset.issues == []


def test_json_syntax_error_keeps_the_rows_before_it(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('[\n  {"q": 1},\n  {"q": 2},\n  {"q": 3 "x": 1},\n  {"q": 4}\n]\n', "utf-8")
    with open_dataset(path) as dataset:
        assert contents(dataset) == [{"q": 1}, {"q": 2}]
        [issue] = dataset.issues
        assert issue.line == 4
        assert str(issue).startswith(
            "broken.json, line 4: not valid JSON (Expecting ',' delimiter at column 11)"
        )


def test_json_elements_that_are_not_objects(tmp_path: Path) -> None:
    path = tmp_path / "mixed.json"
    path.write_text('[{"q": 1},\n "text",\n [1],\n {"q": 2}]', encoding="utf-8")
    with open_dataset(path) as dataset:
        assert contents(dataset) == [{"q": 1}, {"q": 2}]
        assert [(i.line, i.severity) for i in dataset.issues] == [(2, "error"), (3, "error")]
        assert "item 2 of the list is a piece of text" in dataset.issues[0].problem


def test_json_wrapper_with_a_broken_list(tmp_path: Path) -> None:
    path = tmp_path / "w.json"
    path.write_text('{"data": [{"q": 1},\n{"q": 2,,}]}', encoding="utf-8")
    with open_dataset(path) as dataset:
        assert contents(dataset) == [{"q": 1}]
        assert dataset.issues[0].line == 2


def test_json_trailing_comma_and_truncated_file(tmp_path: Path) -> None:
    comma = tmp_path / "comma.json"
    comma.write_text('[{"q": 1}, {"q": 2},\n]', encoding="utf-8")
    with open_dataset(comma) as dataset:
        assert len(dataset) == 2
        assert [i.severity for i in dataset.issues] == ["warning"]
    cut = tmp_path / "cut.json"
    cut.write_text('[{"q": 1}, {"q": 2}', encoding="utf-8")
    with open_dataset(cut) as dataset:
        assert len(dataset) == 2
        assert "ends before the list is closed" in dataset.issues[0].problem


def test_json_single_object_is_one_row(tmp_path: Path) -> None:
    path = tmp_path / "one.json"
    path.write_text('{\n  "question": "q",\n  "tags": ["x"]\n}', encoding="utf-8")
    with open_dataset(path) as dataset:
        assert contents(dataset) == [{"question": "q", "tags": ["x"]}]


def test_json_with_several_lists_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "splits.json"
    path.write_text(json.dumps({"train": [{"q": 1}], "test": [{"q": 2}]}), encoding="utf-8")
    with pytest.raises(DatasetError, match=r"several lists of records \(train, test\)"):
        open_dataset(path)


def test_json_that_is_not_a_list_or_object(tmp_path: Path) -> None:
    path = tmp_path / "num.json"
    path.write_text("42", encoding="utf-8")
    with pytest.raises(DatasetError, match="should start with"):
        open_dataset(path)


def test_json_file_that_is_really_json_lines(tmp_path: Path) -> None:
    path = tmp_path / "lines.json"
    path.write_text('{"q": 1}\n{"q": 2}\n', encoding="utf-8")
    assert detect_format(path) == "jsonl"
    with open_dataset(path) as dataset:
        assert dataset.format == "jsonl"
        assert len(dataset) == 2


def test_empty_json_list(tmp_path: Path) -> None:
    path = tmp_path / "none.json"
    path.write_text("[ ]", encoding="utf-8")
    with pytest.raises(DatasetError, match="no rows"):
        open_dataset(path)


# --- CSV and TSV ---------------------------------------------------------------------


def test_csv_problem_answer(tmp_path: Path) -> None:
    path = tmp_path / "qa.csv"
    path.write_text(
        'problem,answer,score\n"What is the capital of France?","Paris",10\n', encoding="utf-8"
    )
    with open_dataset(path, {"question": "problem", "reference": "answer"}) as dataset:
        assert dataset.format == "csv"
        record = dataset.record(0)
        assert record == {
            "problem": "What is the capital of France?",
            "answer": "Paris",
            "score": "10",
        }
        data = dataset.row(0).data
        assert data["question"] == "What is the capital of France?"
        assert data["ref_answer"] == "Paris"
        assert dataset.fields() == ["problem", "answer", "score", "question", "ref_answer"]


def test_csv_multiline_cells_report_file_lines(tmp_path: Path) -> None:
    path = tmp_path / "multi.csv"
    path.write_text(
        'q,a\r\n"line one\r\nline two",x\r\n\r\nsecond,"a\nb\nc"\r\nthird,z\r\n',
        encoding="utf-8",
        newline="",
    )
    with open_dataset(path) as dataset:
        assert [r["q"] for r in contents(dataset)] == ["line one\r\nline two", "second", "third"]
        assert dataset.record(1)["a"] == "a\nb\nc"
        assert lines_of(dataset) == [2, 5, 8]


def test_semicolon_csv(tmp_path: Path) -> None:
    path = tmp_path / "eu.csv"
    path.write_text('frage;antwort\n"Was ist 1,5 + 1,5?";3\n', encoding="utf-8")
    with open_dataset(path) as dataset:
        assert contents(dataset) == [{"frage": "Was ist 1,5 + 1,5?", "antwort": "3"}]


def test_tsv(tmp_path: Path) -> None:
    path = tmp_path / "set.tsv"
    path.write_text("question\tanswer\nA, B or C?\tB\n", encoding="utf-8")
    with open_dataset(path) as dataset:
        assert dataset.format == "tsv"
        assert contents(dataset) == [{"question": "A, B or C?", "answer": "B"}]


def test_ragged_csv_row_is_skipped_with_a_clear_message(tmp_path: Path) -> None:
    path = tmp_path / "ragged.csv"
    path.write_text("a,b,c,d\n1,2,3,4\n\n\n\n\n5,6,7,8,9\n10,11,12\n13,14,15,16,,\n", "utf-8")
    with open_dataset(path) as dataset:
        assert [r["a"] for r in contents(dataset)] == ["1", "13"]
        assert [str(i) for i in dataset.issues] == [
            "ragged.csv, line 7: this row has 5 cells but the header has 4; the row was "
            "skipped — look for a missing or extra comma or an unclosed quote",
            "ragged.csv, line 8: this row has 3 cells but the header has 4; the row was "
            "skipped — look for a missing or extra comma or an unclosed quote",
        ]


def test_duplicate_and_empty_headers_are_renamed_with_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "dup.csv"
    path.write_text("name,,name,name\n1,2,3,4\n", encoding="utf-8")
    with open_dataset(path) as dataset:
        assert dataset.fields() == ["name", "column_2", "name_2", "name_3"]
        [issue] = dataset.issues
        assert issue.severity == "warning"
        assert issue.line == 1
        assert "'name' appears twice" in issue.problem


def test_csv_with_bom_and_gbk(tmp_path: Path) -> None:
    bom = tmp_path / "bom.csv"
    bom.write_bytes("\ufeffquestion,answer\nq,a\n".encode())
    with open_dataset(bom) as dataset:
        assert dataset.fields() == ["question", "answer"]
        assert dataset.encoding == "utf-8-sig"
    gbk = tmp_path / "zh.csv"
    gbk.write_bytes("问题,答案\n北京的气候怎么样？,温带季风气候\n".encode("gbk"))
    with open_dataset(gbk) as dataset:
        assert contents(dataset) == [{"问题": "北京的气候怎么样？", "答案": "温带季风气候"}]
        assert dataset.encoding == "gb18030"
        assert dataset.issues[0].severity == "warning"


def test_csv_unreadable_encoding(tmp_path: Path) -> None:
    path = tmp_path / "latin.csv"
    path.write_bytes("q,a\ncafé,crème\n".encode("latin-1"))
    with pytest.raises(DatasetError, match="save it as UTF-8"):
        open_dataset(path)


def test_header_only_and_blank_csv(tmp_path: Path) -> None:
    header = tmp_path / "header.csv"
    header.write_text("problem,answer\n\n", encoding="utf-8")
    with pytest.raises(DatasetError, match="header row but no rows"):
        open_dataset(header)
    blank = tmp_path / "blank.csv"
    blank.write_text("\n\n", encoding="utf-8")
    with pytest.raises(DatasetError, match="no rows"):
        open_dataset(blank)


def test_csv_where_every_row_is_bad(tmp_path: Path) -> None:
    path = tmp_path / "bad.csv"
    path.write_text("a,b\n1\n2\n", encoding="utf-8")
    with pytest.raises(DatasetError, match=r"no rows that could be read.*bad\.csv, line 2"):
        open_dataset(path)


# --- XLSX ----------------------------------------------------------------------------


def make_workbook(path: Path, sheets: dict[str, list[list[Any]]]) -> Path:
    workbook = openpyxl.Workbook()
    workbook.remove(workbook.active)
    for title, rows in sheets.items():
        sheet = workbook.create_sheet(title)
        for row in rows:
            sheet.append(row)
    workbook.save(path)
    return path


def test_xlsx_first_sheet(tmp_path: Path) -> None:
    path = make_workbook(
        tmp_path / "book.xlsx",
        {
            "Eval": [
                [None, None, None],
                ["question", "answer", "when", "score"],
                ["2+2?", "4", dt.datetime(2024, 5, 1), 7],
                [None, None, None, None],
                ["Time?", None, dt.datetime(2024, 5, 1, 13, 30), 3.5],
            ],
            "Other": [["x"], [1]],
        },
    )
    with open_dataset(path) as dataset:
        assert dataset.format == "xlsx"
        assert contents(dataset) == [
            {"question": "2+2?", "answer": "4", "when": "2024-05-01", "score": 7},
            {"question": "Time?", "answer": None, "when": "2024-05-01T13:30:00", "score": 3.5},
        ]
        assert lines_of(dataset) == [3, 5]
        assert dataset.issues == []


def test_xlsx_named_sheet_and_unknown_sheet(tmp_path: Path) -> None:
    path = make_workbook(tmp_path / "book.xlsx", {"A": [["x"], [1]], "B": [["y"], [2]]})
    with open_dataset(path, sheet="B") as dataset:
        assert contents(dataset) == [{"y": 2}]
    with pytest.raises(DatasetError, match=r"no sheet called 'C'\. Its sheets are: 'A', 'B'"):
        open_dataset(path, sheet="C")


def test_xlsx_empty_sheet_and_header_only(tmp_path: Path) -> None:
    empty = make_workbook(tmp_path / "empty.xlsx", {"Sheet": []})
    with pytest.raises(DatasetError, match="no header row"):
        open_dataset(empty)
    header = make_workbook(tmp_path / "header.xlsx", {"Sheet": [["q", "a"]]})
    with pytest.raises(DatasetError, match="header row but no rows"):
        open_dataset(header)


def test_xlsx_cells_beyond_the_header_are_noted(tmp_path: Path) -> None:
    path = make_workbook(tmp_path / "wide.xlsx", {"S": [["q", None], ["a", "stray", "more"]]})
    with open_dataset(path) as dataset:
        assert contents(dataset) == [{"q": "a"}]
        [issue] = dataset.issues
        assert issue.severity == "warning"
        assert str(issue).startswith("wide.xlsx, row 2:")


def test_xlsx_that_is_not_a_workbook(tmp_path: Path) -> None:
    path = tmp_path / "fake.xlsx"
    path.write_text("not a zip", encoding="utf-8")
    with pytest.raises(DatasetError, match="could not be read as an Excel workbook"):
        open_dataset(path)


# --- recognising formats --------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("a.jsonl", "jsonl"),
        ("a.NDJSON", "jsonl"),
        ("a.csv", "csv"),
        ("a.tsv", "tsv"),
        ("a.xlsx", "xlsx"),
    ],
)
def test_detect_format_by_extension(tmp_path: Path, name: str, expected: str) -> None:
    assert detect_format(tmp_path / name) == expected  # no need to read the file


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b'{"a": 1}\n{"a": 2}\n', "jsonl"),
        (b'[{"a": 1}]', "json"),
        (b'{\n  "a": 1\n}\n', "json"),
        (b"q\ta\nx\ty\n", "tsv"),
        (b"q,a\nx,y\n", "csv"),
        (b"PK\x03\x04rest", "xlsx"),
    ],
)
def test_detect_format_by_content(tmp_path: Path, content: bytes, expected: str) -> None:
    path = tmp_path / "data.txt"
    path.write_bytes(content)
    assert detect_format(path) == expected


def test_old_excel_and_forced_formats(tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match=r"old Excel format \(\.xls\)"):
        detect_format(tmp_path / "old.xls")
    path = tmp_path / "data.dat"
    path.write_text("q|a\nx|y\n", encoding="utf-8")
    with open_dataset(path, format="csv") as dataset:
        assert contents(dataset) == [{"q": "x", "a": "y"}]
    with pytest.raises(DatasetError, match="not a dataset format"):
        open_dataset(path, format="feather")


def test_workbook_under_another_extension_and_progress(tmp_path: Path) -> None:
    path = make_workbook(tmp_path / "book.xlsx", {"S": [["q"], ["a"], ["b"]]})
    renamed = path.rename(tmp_path / "book.data")
    calls: list[tuple[int, int]] = []
    with open_dataset(renamed, format="xlsx", progress=lambda d, t: calls.append((d, t))) as ds:
        assert contents(ds) == [{"q": "a"}, {"q": "b"}]
    assert calls[-1][0] == calls[-1][1]
