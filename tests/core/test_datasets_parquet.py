"""Parquet datasets, as Hugging Face and ModelScope export them, open like JSON Lines."""

from __future__ import annotations

import datetime as dt
import decimal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from judgedesk.core.dataset import detect_format, open_dataset
from judgedesk.core.errors import DatasetError

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")


def write_table(path: Path, rows: list[dict[str, Any]], row_group_size: int | None = None) -> Path:
    pq.write_table(pa.Table.from_pylist(rows), path, row_group_size=row_group_size)
    return path


def test_a_parquet_export_opens_with_nested_values_as_json_rows_hold_them(
    tmp_path: Path,
) -> None:
    rows = [
        {
            "question": "Capital of France?",
            "answer": "Paris",
            "messages": [{"role": "user", "content": "Capital of France?"}],
            "meta": {"source": "geo", "tags": ["easy", "europe"]},
            "score": 1.5,
        },
        {
            "question": "2+2?",
            "answer": "4",
            "messages": [{"role": "user", "content": "2+2?"}],
            "meta": {"source": "math", "tags": []},
            "score": None,
        },
    ]
    path = write_table(tmp_path / "train-00000-of-00001.parquet", rows)
    assert detect_format(path) == "parquet"
    with open_dataset(path, {"response": "answer"}) as dataset:
        assert dataset.format == "parquet"
        assert len(dataset) == 2
        assert dataset.record(0) == rows[0]
        assert dataset.record(1)["meta"] == {"source": "math", "tags": []}
        assert dataset.row(1).line == 2
        assert dataset.row(0).data["messages"][0]["content"] == "Capital of France?"
        assert dataset.row(0).response["content"] == "Paris"
        assert dataset.issues == []


def test_parquet_is_recognised_by_its_bytes_under_another_name(tmp_path: Path) -> None:
    path = write_table(tmp_path / "download", [{"question": "q", "answer": "a"}])
    assert detect_format(path) == "parquet"
    with open_dataset(path) as dataset:
        assert dataset.record(0) == {"question": "q", "answer": "a"}


def test_dates_decimals_maps_binary_and_nan_become_json_like_values(tmp_path: Path) -> None:
    table = pa.table(
        {
            "day": pa.array([dt.date(2024, 5, 1)]),
            "at": pa.array([dt.datetime(2024, 5, 1, 12, 30)]),
            "price": pa.array([decimal.Decimal("2.50")], pa.decimal128(5, 2)),
            "count": pa.array([decimal.Decimal("3")], pa.decimal128(5, 0)),
            "labels": pa.array([[("a", 1), ("b", 2)]], pa.map_(pa.string(), pa.int64())),
            "text": pa.array([b"caf\xc3\xa9"], pa.binary()),
            "blob": pa.array([b"\xff\x00"], pa.binary()),
            "missing": pa.array([float("nan")]),
        }
    )
    path = tmp_path / "types.parquet"
    pq.write_table(table, path)
    with open_dataset(path) as dataset:
        record = dataset.record(0)
    assert record == {
        "day": "2024-05-01",
        "at": "2024-05-01T12:30:00",
        "price": 2.5,
        "count": 3,
        "labels": {"a": 1, "b": 2},
        "text": "café",
        "blob": "/wA=",
        "missing": None,
    }
    assert "base64" in str(dataset.issues[0])


def test_a_large_file_is_read_group_by_group_with_progress_and_can_be_cancelled(
    tmp_path: Path,
) -> None:
    rows = [{"question": f"q{i}", "answer": str(i)} for i in range(5000)]
    path = write_table(tmp_path / "big.parquet", rows, row_group_size=1000)
    seen: list[tuple[int, int]] = []
    with open_dataset(path, progress=lambda done, total: seen.append((done, total))) as dataset:
        assert len(dataset) == 5000
        assert dataset.record(4999) == {"question": "q4999", "answer": "4999"}
    assert len(seen) >= 3 and seen[-1] == (1, 1)
    assert seen[0][1] == 5000 and 0 < seen[0][0] < 5000
    with pytest.raises(DatasetError, match="cancelled"):
        open_dataset(path, cancel=lambda: True)


def test_a_damaged_parquet_file_says_what_to_do(tmp_path: Path) -> None:
    path = tmp_path / "cut.parquet"
    whole = write_table(tmp_path / "whole.parquet", [{"q": "x" * 100}]).read_bytes()
    path.write_bytes(whole[: len(whole) // 2])
    with pytest.raises(DatasetError, match=r"could not be read as a Parquet file.*export it again"):
        open_dataset(path)


def test_opening_a_parquet_file_is_what_imports_pyarrow(tmp_path: Path) -> None:
    path = write_table(tmp_path / "set.parquet", [{"question": "q", "answer": "a"}])
    child = (
        "import sys\n"
        "from judgedesk.core.dataset import open_dataset\n"
        "assert 'pyarrow' not in sys.modules\n"
        f"open_dataset({str(path)!r}).close()\n"
        "assert 'pyarrow' in sys.modules\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", child], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
