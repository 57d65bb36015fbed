"""Searching a dataset: what matches, scoped fields, chunks, cancelling, unreadable rows."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judgedesk.core.dataset import (
    Dataset,
    SearchCancelled,
    open_dataset,
    search_rows,
    text_contains,
)
from judgedesk.core.dataset import search as search_module
from judgedesk.core.dataset.mapping import MISSING, lookup

CHATS: list[dict[str, Any]] = [
    {
        "id": "geo-1",
        "messages": [{"role": "user", "content": "What is the capital of Australia?"}],
        "ref_answer": "Canberra",
        "response": {"content": "The capital is Canberra.", "reasoning_content": "Sydney?"},
        "meta": {"category": "geography", "level": 2},
    },
    {
        "id": "cook-1",
        "messages": [
            {"role": "system", "content": "You are a cooking assistant."},
            {"role": "user", "content": "What can I make with eggs?"},
            {"role": "assistant", "content": "An omelette."},
        ],
        "response": "A frittata with spinach.",
        "meta": {"category": "cooking", "level": 1},
    },
    {
        "id": "sci-1",
        "messages": [{"role": "user", "content": "Café au lait — what is in it?"}],
        "ref_answer": "Coffee and hot milk",
        "response": {"content": 'Milk and coffee, "warm".'},
        "meta": {"category": "science", "level": 3, "verified": True},
    },
]


def write_jsonl(path: Path, records: list[Any], ensure_ascii: bool = False) -> Path:
    lines = [json.dumps(r, ensure_ascii=ensure_ascii) for r in records]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture(params=["jsonl", "jsonl-escaped", "json"])
def chats(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Dataset]:
    """The same rows as raw JSON Lines, JSON Lines with \\u escapes, and a JSON array."""
    if request.param == "json":
        path = tmp_path / "chats.json"
        path.write_text(json.dumps(CHATS), encoding="utf-8")
    else:
        path = write_jsonl(tmp_path / "chats.jsonl", CHATS, request.param == "jsonl-escaped")
    with open_dataset(path) as dataset:
        yield dataset


def test_finds_rows_ignoring_case_across_all_fields(chats: Dataset) -> None:
    assert search_rows(chats, "canberra") == [0]
    assert search_rows(chats, "WHAT") == [0, 1, 2]
    assert search_rows(chats, "spinach") == [1]  # a response given as plain text
    assert search_rows(chats, "café") == [2]
    assert search_rows(chats, "CAFÉ AU") == [2]
    assert search_rows(chats, "geography") == [0]  # nested objects are searched
    assert search_rows(chats, "nothing like this") == []
    assert search_rows(chats, "") == [0, 1, 2]


def test_field_names_and_json_punctuation_do_not_match(chats: Dataset) -> None:
    assert search_rows(chats, "content") == []  # a key in every row, a value in none
    assert search_rows(chats, "reasoning") == []
    assert search_rows(chats, "role") == []
    assert search_rows(chats, "user") == [0, 1, 2]  # the role's value
    assert search_rows(chats, '", "') == []
    assert search_rows(chats, "null") == []


def test_quotes_numbers_and_true_false_are_found_as_shown(chats: Dataset) -> None:
    assert search_rows(chats, '"warm"') == [2]
    assert search_rows(chats, "coffee, ") == [2]
    assert search_rows(chats, "3") == [2]
    assert search_rows(chats, "true") == [2]


def test_a_search_can_be_limited_to_fields(chats: Dataset) -> None:
    assert search_rows(chats, "canberra", "ref_answer") == [0]
    assert search_rows(chats, "canberra", ["response.content"]) == [0]
    assert search_rows(chats, "canberra", ["question"]) == []
    assert search_rows(chats, "eggs", "question") == [1]
    assert search_rows(chats, "omelette", "gt") == [1]
    assert search_rows(chats, "[system] you are", "history") == [1]  # as templates see it
    assert search_rows(chats, "cook", "id") == [1]
    assert search_rows(chats, "sydney", "response") == [0]
    assert search_rows(chats, "sydney", "response.content") == []
    assert search_rows(chats, "science", "meta.category") == [2]
    assert search_rows(chats, "science", "data.meta") == [2]
    assert search_rows(chats, "coffee", ["ref_answer", "gt"]) == [2]


def test_row_ids_default_to_the_position(tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "plain.jsonl", [{"q": f"question {i}"} for i in range(12)])
    with open_dataset(path) as dataset:
        assert search_rows(dataset, "11", "id") == [11]
        assert search_rows(dataset, "11") == [11]


def test_chunks_report_progress_and_can_be_cancelled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(search_module, "CHUNK_BYTES", 200)
    path = write_jsonl(tmp_path / "many.jsonl", [{"text": f"row {i} apple"} for i in range(100)])
    with open_dataset(path) as dataset:
        reports: list[tuple[int, int]] = []
        found = search_rows(dataset, "apple", progress=lambda *r: reports.append(r))
        assert found == list(range(100))
        assert len(reports) > 5 and reports[-1] == (100, 100)
        assert [done for done, _ in reports] == sorted(done for done, _ in reports)

        assert search_rows(dataset, "row 7", start=50, stop=80) == list(range(70, 80))
        calls = 0

        def cancel() -> bool:
            nonlocal calls
            calls += 1
            return calls > 2

        with pytest.raises(SearchCancelled):
            search_rows(dataset, "apple", cancel=cancel)


def test_skipped_lines_and_rows_that_became_unreadable(tmp_path: Path) -> None:
    path = tmp_path / "broken.jsonl"
    path.write_text('{"t": "apple"}\n{broken apple\n\n{"t": "Apple pie"}\n', encoding="utf-8")
    with open_dataset(path) as dataset:
        assert search_rows(dataset, "apple") == [0, 1]
        # The file changes on disk: its rows can no longer be read, and none is returned.
        path.write_text('{"t": "pear"}\n', encoding="utf-8")
        assert search_rows(dataset, "apple") == []


def test_a_dataset_still_being_indexed_is_searched_as_far_as_it_goes(tmp_path: Path) -> None:
    from judgedesk.core.dataset import JsonlIndexer

    records = [{"text": f"line {i} " + "x" * 200} for i in range(5000)]
    path = write_jsonl(tmp_path / "big.jsonl", records)
    indexer = JsonlIndexer(path)
    dataset = indexer.dataset()
    indexer.step(0.0)
    partial = len(dataset)
    assert 0 < partial < 5000
    assert search_rows(dataset, "line 4999") == []
    assert len(search_rows(dataset, "line")) == partial
    indexer.run()
    assert search_rows(dataset, "line 4999") == [4999]
    dataset.close()


def test_text_contains() -> None:
    assert text_contains({"a": ["x", {"b": "Hello World"}]}, "o w")
    assert not text_contains({"hello": 1}, "hello")
    assert not text_contains(None, "none")
    assert text_contains(1.5, "1.5")
    assert text_contains("ΟΔΟΣ", "σ")  # a final sigma is still a sigma
    assert not text_contains("\u212a", "k")  # the Kelvin sign is not the letter k


# --- the raw-text search agrees with checking every parsed row ------------------------

_ALPHABET = [
    *"abcAB KkΣσςßéÉ北京\"'\\/\n\t:,[]{}1.5 ",
    *("\u0130", "\u212a", "\u2028", "\x01", "null", "true", "none", "bot", "[USER] ", "12"),
]
_TEXT = st.lists(st.sampled_from(_ALPHABET), max_size=8).map("".join)
_SCALAR = st.one_of(_TEXT, st.none(), st.booleans(), st.integers(-5, 5), st.just(1.5))
_VALUE = st.recursive(
    _SCALAR,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_TEXT, inner, max_size=3),
    max_leaves=6,
)
_PARTS = st.lists(
    st.sampled_from([{"type": "text", "text": "a b"}, {"type": "image_url"}, {"x": 1}]),
    max_size=3,
)
_MESSAGE = st.fixed_dictionaries(
    {"content": _VALUE | _PARTS},
    optional={
        "role": st.sampled_from(["user", "assistant", "system", "function", "Moderator"]),
        "tool_calls": st.just([{"function": {"name": "get", "arguments": {"city": "b"}}}]),
    },
)
_RECORD = st.fixed_dictionaries(
    {},
    optional={
        "messages": st.lists(_MESSAGE, max_size=3),
        "response": _VALUE,
        "id": _VALUE,
        "note": _VALUE,
        "ref_answer": _VALUE,
    },
)
_FIELDS = st.sampled_from(
    [None, ("question",), ("gt",), ("history",), ("id",), ("response.content",), ("note",)]
)


def _expected(dataset: Dataset, query: str, fields: tuple[str, ...] | None) -> list[int]:
    found = []
    for index in range(len(dataset)):
        row = dataset.row(index)
        values: list[Any] = []
        for name in fields or ():
            if name == "id":
                values.append(row.id)
                continue
            root, _, rest = name.partition(".")
            source = row.response if root == "response" else row.data
            value = lookup(source, rest if root == "response" else name)
            if value is not MISSING:
                values.append(value)
        if fields is None:
            values = [row.record]
        if any(text_contains(value, query) for value in values):
            found.append(index)
    return found


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    records=st.lists(_RECORD, min_size=1, max_size=8),
    ensure_ascii=st.booleans(),
    query=_TEXT.filter(bool),
    pick=st.integers(0, 10_000),
    fields=_FIELDS,
)
def test_raw_search_equals_checking_every_row(
    tmp_path_factory: pytest.TempPathFactory,
    records: list[dict[str, Any]],
    ensure_ascii: bool,
    query: str,
    pick: int,
    fields: tuple[str, ...] | None,
) -> None:
    # Half the time the query is cut from a row's own text, so that it is often found.
    if pick % 2:
        text = json.dumps(records[pick % len(records)], ensure_ascii=False)
        query = text[pick % len(text) :][: 1 + pick % 6]
    path = write_jsonl(tmp_path_factory.mktemp("fuzz") / "rows.jsonl", records, ensure_ascii)
    with open_dataset(path) as dataset:
        assert search_rows(dataset, query, fields) == _expected(dataset, query, fields)
