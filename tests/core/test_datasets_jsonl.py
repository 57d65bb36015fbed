"""JSON Lines datasets: indexing, bad lines, encodings, progressive opening."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest

from judgedesk.core.dataset import Dataset, JsonlIndexer, LoadIssue, open_dataset
from judgedesk.core.errors import DatasetError, RowError


def write_jsonl(path: Path, records: list[Any], encoding: str = "utf-8") -> Path:
    text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
    path.write_bytes(text.encode(encoding))
    return path


def contents(dataset: Dataset) -> list[dict[str, Any]]:
    return [dataset.record(i) for i in range(len(dataset))]


# --- reading -------------------------------------------------------------------------


def test_reads_rows_with_lines_ids_and_derived_fields(tmp_path: Path) -> None:
    path = write_jsonl(
        tmp_path / "qa.jsonl",
        [
            {"id": "a", "messages": [{"role": "user", "content": "Hi"}], "ref_answer": "Hello"},
            {"id": "b", "messages": [{"role": "user", "content": "Bye"}]},
        ],
    )
    with open_dataset(path) as dataset:
        assert (dataset.format, dataset.encoding, len(dataset)) == ("jsonl", "utf-8", 2)
        assert dataset.issues == []
        assert dataset.complete
        first = dataset.row(0)
        assert (first.index, first.id, first.line) == (0, "a", 1)
        assert first.data["question"] == "Hi"
        assert first.data["ref_answer"] == "Hello"
        assert [row.id for row in dataset.rows(0, 10)] == ["a", "b"]
        assert dataset.fields() == ["id", "messages", "ref_answer", "question", "gt", "history"]


def test_blank_lines_crlf_indentation_and_a_last_line_without_newline(tmp_path: Path) -> None:
    path = tmp_path / "mixed.jsonl"
    path.write_bytes(b'\n{"n": 1}\r\n   \r\n\t {"n": 2}  \n\n{"n": 3}')
    with open_dataset(path) as dataset:
        assert contents(dataset) == [{"n": 1}, {"n": 2}, {"n": 3}]
        assert [dataset.row(i).line for i in range(3)] == [2, 4, 6]
        assert dataset.issues == []


def test_malformed_line_is_skipped_and_named(tmp_path: Path) -> None:
    path = tmp_path / "qa.jsonl"
    path.write_text('{"n": 1}\n{"n": 2}\n{"n": 3 "oops": 1}\n{"n": 4}\n', encoding="utf-8")
    with open_dataset(path) as dataset:
        assert len(dataset) == 3
        assert [dataset.record(i)["n"] for i in range(3)] == [1, 2, 4]
        assert [dataset.row(i).index for i in range(3)] == [0, 1, 2]
        assert dataset.row(2).line == 4
        [issue] = dataset.issues
        assert issue.severity == "error"
        assert issue.line == 3
        assert issue.path == str(path)
        assert str(issue).startswith(
            "qa.jsonl, line 3: not valid JSON (Expecting ',' delimiter at column 9)"
        )


def test_line_that_is_json_but_not_an_object(tmp_path: Path) -> None:
    path = tmp_path / "data.jsonl"
    path.write_text('[1, 2]\n"text"\n{"ok": true}\n', encoding="utf-8")
    with open_dataset(path) as dataset:
        assert contents(dataset) == [{"ok": True}]
        assert [(i.line, i.severity) for i in dataset.issues] == [(1, "error"), (2, "error")]
        assert "a list instead of a record" in str(dataset.issues[0])


def test_a_very_long_line_spans_chunks(tmp_path: Path) -> None:
    big = "x" * 700_000
    path = write_jsonl(tmp_path / "long.jsonl", [{"a": 1}, {"big": big}, {"a": 3}])
    with open_dataset(path) as dataset:
        assert len(dataset) == 3
        assert dataset.record(1)["big"] == big
        assert dataset.row(2).line == 3


def test_fields_are_dotted_to_depth_three_and_lists_are_not_expanded(tmp_path: Path) -> None:
    path = write_jsonl(
        tmp_path / "nested.jsonl",
        [
            {"response": {"content": "c"}, "meta": {"a": {"b": {"c": 1}}}},
            {"meta": {"category": "x"}, "items": [{"inner": 1}], "response": "plain"},
        ],
    )
    with open_dataset(path) as dataset:
        assert dataset.fields() == [
            "response",
            "meta",
            "response.content",
            "meta.a",
            "meta.a.b",
            "items",
            "meta.category",
        ]


def test_record_returns_a_fresh_copy(tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "a.jsonl", [{"list": [1]}])
    with open_dataset(path) as dataset:
        dataset.record(0)["list"].append(2)
        dataset.row(0).data["list"].append(3)
        assert dataset.record(0) == {"list": [1]}


def test_row_out_of_range(tmp_path: Path) -> None:
    with open_dataset(write_jsonl(tmp_path / "a.jsonl", [{"a": 1}])) as dataset:
        with pytest.raises(IndexError):
            dataset.row(1)
        with pytest.raises(IndexError):
            dataset.row(-1)
        assert dataset.rows(-5, 99) == [dataset.row(0)]


def test_with_mapping_shares_the_index(tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "p.jsonl", [{"problem": "p1", "answer": "a1"}])
    dataset = open_dataset(path)
    mapped = dataset.with_mapping({"question": "problem", "reference": "answer"})
    dataset.close()  # the mapped view keeps working
    assert len(mapped) == 1
    assert mapped.row(0).data["question"] == "p1"
    assert mapped.row(0).data["ref_answer"] == "a1"
    assert mapped.fields() == ["problem", "answer", "question", "ref_answer"]
    assert mapped.mapping == {"question": "problem", "reference": "answer"}
    assert dataset.row(0).data["question"] is None
    mapped.close()


def test_mapping_to_a_missing_column_is_a_warning(tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "p.jsonl", [{"problem": "p1", "meta": {"a": {"b": {}}}}])
    with open_dataset(path, {"question": "prompt", "category": "meta.a.b.c"}) as dataset:
        [issue] = dataset.issues
        assert issue.severity == "warning"
        assert "'prompt'" in issue.problem


def test_row_becomes_unreadable_when_the_file_changes(tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "a.jsonl", [{"a": 1}, {"a": 2}])
    with open_dataset(path) as dataset:
        path.write_text('{"b": 1}\n', encoding="utf-8")
        with pytest.raises(RowError, match="changed on disk"):
            dataset.row(1)


# --- files that cannot be used -------------------------------------------------------


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match=r"nothere\.jsonl was not found"):
        open_dataset(tmp_path / "nothere.jsonl")


def test_empty_file(tmp_path: Path) -> None:
    (tmp_path / "empty.jsonl").write_bytes(b"")
    with pytest.raises(DatasetError, match="empty"):
        open_dataset(tmp_path / "empty.jsonl")


def test_file_of_blank_lines(tmp_path: Path) -> None:
    (tmp_path / "blank.jsonl").write_bytes(b"\n  \n\r\n")
    with pytest.raises(DatasetError, match="no rows"):
        open_dataset(tmp_path / "blank.jsonl")


def test_file_without_a_single_good_line_explains_the_first_problem(tmp_path: Path) -> None:
    (tmp_path / "bad.jsonl").write_text("problem,answer\n1,2\n", encoding="utf-8")
    with pytest.raises(DatasetError, match=r"no rows that could be read.*bad\.jsonl, line 1"):
        open_dataset(tmp_path / "bad.jsonl")


def test_folder_instead_of_file(tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match="folder"):
        open_dataset(tmp_path, format="jsonl")


# --- encodings -----------------------------------------------------------------------

RECORDS = [{"question": "北京的气候怎么样？", "n": 1}, {"question": "Café ☕", "n": 2}]


def test_utf8_with_bom(tmp_path: Path) -> None:
    path = tmp_path / "bom.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + write_jsonl(tmp_path / "x.jsonl", RECORDS).read_bytes())
    with open_dataset(path) as dataset:
        assert dataset.encoding == "utf-8-sig"
        assert contents(dataset) == RECORDS
        assert dataset.issues == []


@pytest.mark.parametrize(
    ("codec", "bom", "expected"),
    [
        ("utf-16-le", b"\xff\xfe", "utf-16-le"),
        ("utf-16-be", b"\xfe\xff", "utf-16-be"),
        ("utf-16-le", b"", "utf-16-le"),
    ],
)
def test_utf16(tmp_path: Path, codec: str, bom: bytes, expected: str) -> None:
    text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in RECORDS)
    path = tmp_path / "wide.jsonl"
    path.write_bytes(bom + text.encode(codec))
    with open_dataset(path) as dataset:
        assert dataset.encoding == expected
        assert contents(dataset) == RECORDS
        [issue] = dataset.issues
        assert issue.severity == "warning"
        assert "UTF-16" in issue.problem


def test_gbk_chinese_text(tmp_path: Path) -> None:
    records = [{"question": "北京的气候属于温带季风气候。", "answer": "夏季高温多雨"}] * 3
    path = write_jsonl(tmp_path / "zh.jsonl", records, encoding="gbk")
    with open_dataset(path) as dataset:
        assert dataset.encoding == "gb18030"
        assert contents(dataset) == records
        [issue] = dataset.issues
        assert issue.severity == "warning"
        assert "GBK" in str(issue)


def test_undecodable_bytes_say_save_as_utf8(tmp_path: Path) -> None:
    path = tmp_path / "junk.jsonl"
    path.write_bytes(b'{"a": "\xff\xfe\xfd"}\n{"a": "\x80"}\n')
    with pytest.raises(DatasetError, match="save it as UTF-8"):
        open_dataset(path)


@pytest.mark.parametrize("lines_before", [2, 60_000])  # within / beyond the 1 MB sniff
def test_stray_bad_bytes_in_a_utf8_file_skip_that_line_only(
    tmp_path: Path, lines_before: int
) -> None:
    good = b'{"a": "\xc3\xa9t\xc3\xa9 \xe5\x8c\x97\xe4\xba\xac"}\n'
    path = tmp_path / "mixed.jsonl"
    path.write_bytes(good * lines_before + b'{"a": "caf\xe9"}\n' + good * 2)
    with open_dataset(path) as dataset:
        assert dataset.encoding == "utf-8"
        assert len(dataset) == lines_before + 2
        [issue] = dataset.issues
        assert issue.line == lines_before + 1
        assert "not valid UTF-8" in issue.problem
        assert "save it as UTF-8" in issue.problem


# --- progressive opening -------------------------------------------------------------


def big_file(tmp_path: Path, rows: int = 5000) -> Path:
    records = [{"id": f"r{i}", "text": "word " * 40} for i in range(rows)]
    return write_jsonl(tmp_path / "big.jsonl", records)


def test_rows_are_readable_before_indexing_finishes(tmp_path: Path) -> None:
    path = big_file(tmp_path)
    indexer = JsonlIndexer(path)
    dataset = indexer.dataset()
    assert len(dataset) == 0
    assert indexer.step(0) is False  # one small first chunk only
    assert not dataset.complete
    early = len(dataset)
    assert 0 < early < 5000
    assert [row.id for row in dataset.rows(0, 3)] == ["r0", "r1", "r2"]
    assert dataset.row(early - 1).id == f"r{early - 1}"
    assert dataset.fields() == ["id", "text"]
    done, total = indexer.progress
    assert 0 < done < total
    while not indexer.step(0.01):
        pass
    assert indexer.done and dataset.complete
    assert len(dataset) == 5000
    assert indexer.dataset() is dataset
    assert dataset.row(4999).id == "r4999"
    dataset.close()


def test_progressive_open_reports_bad_lines_as_it_goes(tmp_path: Path) -> None:
    path = tmp_path / "some-bad.jsonl"
    path.write_text('{"a": 1}\nnope\n{"a": 2}\n', encoding="utf-8")
    indexer = JsonlIndexer(path)
    assert indexer.step(1.0) is True
    dataset = indexer.dataset()
    assert len(dataset) == 2
    [issue] = dataset.issues
    assert str(issue).startswith("some-bad.jsonl, line 2: not valid JSON")
    indexer.close()
    dataset.close()


def test_progressive_open_of_a_useless_file_raises_at_the_end(tmp_path: Path) -> None:
    path = tmp_path / "useless.jsonl"
    path.write_text("nope\n", encoding="utf-8")
    indexer = JsonlIndexer(path)
    with pytest.raises(DatasetError, match="no rows that could be read"):
        indexer.step(1.0)


def test_indexing_in_a_thread_while_reading_rows(tmp_path: Path) -> None:
    path = big_file(tmp_path, rows=20_000)
    indexer = JsonlIndexer(path)
    dataset = indexer.dataset()
    worker = threading.Thread(target=indexer.run)
    worker.start()
    seen = 0
    while worker.is_alive() or seen < len(dataset):
        available = len(dataset)
        for index in range(seen, min(available, seen + 500)):
            assert dataset.row(index).id == f"r{index}"
        seen = min(available, seen + 500)
    worker.join()
    assert len(dataset) == 20_000
    dataset.close()


def test_progress_and_cancel(tmp_path: Path) -> None:
    path = big_file(tmp_path)
    calls: list[tuple[int, int]] = []
    with open_dataset(path, progress=lambda done, total: calls.append((done, total))) as ds:
        assert len(ds) == 5000
    assert calls and calls[-1][0] == calls[-1][1] == path.stat().st_size
    with pytest.raises(DatasetError, match="cancelled"):
        open_dataset(path, cancel=lambda: True)


def test_load_issue_text() -> None:
    issue = LoadIssue("/data/qa.jsonl", 17, "not valid JSON (Expecting ',' delimiter at column 40)")
    assert str(issue) == "qa.jsonl, line 17: not valid JSON (Expecting ',' delimiter at column 40)"
    assert issue.severity == "error"
    assert str(LoadIssue("/data/qa.jsonl", None, "read as GBK", "warning")) == (
        "qa.jsonl: read as GBK"
    )
    assert str(LoadIssue("/data/book.xlsx", 3, "odd")) == "book.xlsx, row 3: odd"


def test_each_record_is_handed_over_as_it_is_indexed(tmp_path: Path) -> None:
    path = tmp_path / "rows.jsonl"
    path.write_text(
        '{"id": "a", "topic": "x"}\n\nnot json\n  {"id": "b", "meta": {"k": 1}}\n[1]\n{"id": "c"}',
        encoding="utf-8",
    )
    seen: list[dict[str, Any]] = []
    with open_dataset(path, records=seen.append, fields=False) as dataset:
        assert seen == [dataset.peek(index)[0] for index in range(len(dataset))]
        assert [record["id"] for record in seen] == ["a", "b", "c"]
        assert dataset.fields() == []  # not collected
    with open_dataset(path) as dataset:
        assert "meta.k" in dataset.fields()
