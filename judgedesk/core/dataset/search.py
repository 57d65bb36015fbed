"""Finding the rows whose text contains a query, quickly enough for 200,000 rows.

A row matches when the query, ignoring case, is part of one of its values: any text,
number or true/false anywhere in the record (field names do not count), or in the chosen
fields only. Numbers and true/false are compared as Python shows them (``1.5``,
``True``); a number written unusually in the file (``1.50``, ``1e5``) may be missed.

JSON Lines files are searched in their raw text, several megabytes at a time, without
parsing most rows: the query (or its longest piece that case cannot change) is looked
for in the bytes, and only the lines that contain it are checked more closely. Lines
where the raw text could hide a match (``\\u`` escapes, a query with quotes or
backslashes, fields whose text JudgeDesk composes such as ``history``) are parsed and
checked value by value, so the result is the same as checking every row.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import suppress
from typing import Any

from judgedesk.core.dataset.dataset import Dataset
from judgedesk.core.dataset.jsonl_source import RecordText
from judgedesk.core.dataset.mapping import MISSING, lookup
from judgedesk.core.dataset.raw_text import (
    BYTE_TOKENS,
    TEXT_TOKENS,
    finder,
    longest_piece,
    records_holding,
    value_hit,
)
from judgedesk.core.dataset.rows import build_row, derive_data, derive_response
from judgedesk.core.errors import JudgeDeskError, RowError

CHUNK_BYTES = 4 << 20
"""How much raw text is scanned between two progress reports (and cancel checks)."""
CHUNK_ROWS = 2000
"""How many rows are checked between two reports when rows must be read one by one."""

# Fields whose text JudgeDesk composes: history lines get "[BOT] " labels, a missing id
# becomes the row number. A needle that may overlap what was added is not in the raw text.
_HISTORY_FIELDS = frozenset({"history", "data.history"})
_HISTORY_LABELS = ("bot", "tool", "unknown")  # the labels that are not the role's name
# question, gt and history are message texts, composed for multi-part contents and tool
# calls: rows whose messages have such contents or tool calls are parsed.
_CHAT_FIELDS = frozenset({"question", "gt", "data.question", "data.gt"}) | _HISTORY_FIELDS
_CHAT_MARKERS = (re.compile(rb'"(?:content|role)"\s*:\s*[\[{]'), re.compile(rb"_call"))
# \u escapes may spell any character, so rows holding one are parsed.
_UNICODE_ESCAPE = re.compile(rb"\\u")
# The only characters str.lower() turns into ASCII letters ("İ" into "i̇", the Kelvin
# sign into "k"): they keep their case, so an ASCII query is found in the raw bytes.
_KEEP_CASE = ("\u0130", "\u212a")
# Characters a JSON writer escapes with a backslash; a query holding one is not in the
# raw text as typed.
_ESCAPED = frozenset('"\\') | frozenset(chr(code) for code in range(32))
# Characters that can join two JSON tokens: a query holding one may span a key and a value.
_JOINERS = frozenset(",:[]{}")


class SearchCancelled(JudgeDeskError):
    """The search was stopped before it finished (its result would be incomplete)."""


def search_rows(
    dataset: Dataset,
    query: str,
    fields: str | Iterable[str] | None = None,
    *,
    start: int = 0,
    stop: int | None = None,
    cancel: Callable[[], bool] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[int]:
    """Finds the rows whose text contains ``query``, ignoring case.

    Safe to run in a worker thread while the dataset is read elsewhere, and while a
    JSON Lines file is still being indexed (rows indexed later are not searched).

    Args:
        dataset: The rows to search.
        query: The text to look for; an empty query matches every row.
        fields: None to search every value of the record, else the fields to look in:
            ``id`` (the row id), ``question``/``gt``/``history``/``ref_answer`` or any
            other field of ``data`` (``meta.category`` reaches into objects;
            ``data.`` may prefix the name), ``response`` or ``response.content`` etc.
        start: The first row to search.
        stop: The row after the last one to search; None for the rows there are now.
        cancel: Polled between chunks; returning True raises :class:`SearchCancelled`.
        progress: Called between chunks as ``progress(rows_done, rows_total)``.

    Returns:
        The matching row indices, in order. Rows that cannot be read are left out.

    Raises:
        SearchCancelled: ``cancel`` returned True.
    """
    total = len(dataset) if stop is None else min(stop, len(dataset))
    start = max(start, 0)
    if isinstance(fields, str):
        fields = (fields,)
    plan = _Plan(query, None if fields is None else tuple(fields), dataset.mapping)
    if not query:
        return list(range(start, total))
    matches: list[int] = []
    position = start
    while position < total:
        if cancel is not None and cancel():
            raise SearchCancelled("The search was stopped.")
        text = None
        # When the file changed on disk, the rows are read one by one, skipping bad ones.
        with suppress(RowError):
            text = dataset.record_text(position, total, CHUNK_BYTES)
        if text is not None:
            matches.extend(plan.scan_text(text, dataset.mapping))
            position = text.stop
        else:
            end = min(position + CHUNK_ROWS, total)
            matches.extend(plan.scan_rows(dataset, position, end))
            position = end
        if progress is not None:
            progress(position - start, total - start)
    if progress is not None and total <= start:
        progress(0, 0)
    return matches


def text_contains(value: Any, query: str) -> bool:
    """Whether ``query`` (ignoring case) is part of ``value`` or of any value inside it.

    Keys of objects do not count; None never matches; numbers and true/false are
    compared as Python shows them (``1.5``, ``True``).
    """
    return _contains(value, _fold(query))


def _fold(text: str) -> str:
    if text.isascii():
        return text.lower()
    if _KEEP_CASE[0] in text or _KEEP_CASE[1] in text:
        lowered = "".join(char if char in _KEEP_CASE else char.lower() for char in text)
    else:
        lowered = text.lower()
    # lower() writes a final sigma as ς, so "σ" would not find "ΑΣ" ("ας"); fold both.
    return lowered.replace("ς", "σ")


def _contains(value: Any, needle: str) -> bool:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if needle in _fold(item):
                return True
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
        elif item is not None and needle in _fold(str(item)):
            return True
    return False


class _Plan:
    """How one query is looked for: which text to search and which rows to parse."""

    def __init__(
        self, query: str, fields: tuple[str, ...] | None, mapping: Mapping[str, str]
    ) -> None:
        self.needle = needle = _fold(query)
        self.fields = fields
        names = set(fields or ())
        escaped = bool(_ESCAPED & set(needle))
        # A needle with quotes or new lines is in the raw text the way JSON writes it.
        written = json.dumps(needle, ensure_ascii=False)[1:-1] if escaped else needle
        self.parse_all = not _raw_text_holds(needle, names)
        # Rows holding the needle are checked in their raw text for a search of every
        # field; for chosen fields, or a needle written with escapes, they are parsed.
        self.check_raw = fields is None and not escaped
        markers = [_UNICODE_ESCAPE]
        if "/" in needle:
            markers.append(re.compile(rb"\\/"))  # a writer may escape slashes
        if names & _CHAT_FIELDS:
            markers.extend(_CHAT_MARKERS)
        if "id" in names:
            keys = {"id", mapping.get("id", "id").rsplit(".", 1)[-1]}
            markers += [re.compile(rb'"%s"\s*:\s*[\[{]' % re.escape(k.encode())) for k in keys]
        self.markers = tuple(markers)
        # Rows without an id are known by their number: look for the needle there too.
        self.numbers = "id" in names and needle.isdigit()
        self.exact_bytes = needle.encode() if needle.isascii() else None
        self.joins = bool(_JOINERS & set(needle))
        self.piece = longest_piece(written)
        self.letters = any("a" <= char <= "z" for char in written)
        # Keys met holding the needle; counting them is exact when occurrences of the
        # needle cannot overlap one another ("aa" in "aaa").
        self.keys: dict[bytes, int] = {}
        self.countable = not any(needle[:size] == needle[-size:] for size in range(1, len(needle)))

    def scan_rows(self, dataset: Dataset, start: int, stop: int) -> Iterator[int]:
        """Checks rows one by one (datasets held in memory, or a file that changed)."""
        for index in range(start, stop):
            try:
                record, line = dataset.peek(index)
            except RowError:
                continue
            if self._record_matches(record, index, line, dataset.mapping):
                yield index

    def scan_text(self, text: RecordText, mapping: Mapping[str, str]) -> list[int]:
        """Checks a piece of a JSON Lines file, parsing only the rows that need it."""
        data, starts, ends = text.data, text.starts, text.ends
        count = len(starts)
        # For each record worth a look: True to parse it, False to check its raw text.
        todo: dict[int, bool]
        # Lower-casing the bytes lower-cases their ASCII letters only, as wanted; without
        # a letter in the query the bytes can be searched as they are.
        hay = data.lower() if self.letters and not self.parse_all else data
        if self.parse_all:
            todo = dict.fromkeys(range(count), True)
        else:
            parse = not self.check_raw
            if self.piece is None:
                todo = dict.fromkeys(range(count), parse)
            else:
                holding = records_holding(finder(hay, self.piece), starts, ends)
                todo = dict.fromkeys(holding, parse)
            for marker in self.markers:
                holding = records_holding(finder(data, marker), starts, ends)
                todo.update(dict.fromkeys(holding, True))
            if self.numbers:
                numbered = (k for k in range(count) if self.needle in str(text.start + k))
                todo.update(dict.fromkeys(numbered, True))
        found: list[int] = []
        for record, parse in sorted(todo.items()):
            begin, end = starts[record], ends[record]
            hit: bool | None = None
            if not parse:
                if self.exact_bytes is not None:
                    hit = self._raw_hit(hay, begin, end)
                else:
                    folded = _fold(data[begin:end].decode("utf-8", "replace"))
                    if self.joins:
                        hit = None if self.needle in folded else False
                    else:
                        hit = value_hit(folded, self.needle, 0, len(folded), TEXT_TOKENS)
            if hit is None:
                try:
                    value = json.loads(data[begin:end])
                except (ValueError, RecursionError):
                    continue  # no longer a record: the file changed under us
                if not isinstance(value, dict):
                    continue
                index = text.start + record
                hit = self._record_matches(value, index, text.lines[record], mapping)
            if hit:
                found.append(text.start + record)
        return found

    def _raw_hit(self, hay: bytes, begin: int, end: int) -> bool | None:
        needle = self.exact_bytes
        assert needle is not None
        if self.joins:
            # The needle could span a key and its value: decide only when it is absent.
            return None if hay.find(needle, begin, end) >= 0 else False
        keys = self.keys
        if keys and self.countable:
            # A needle that is part of field names ("content") is mostly found in keys:
            # when every occurrence is in a key already met, there is nothing to look at.
            total = hay.count(needle, begin, end)
            if total == sum(hay.count(key, begin, end) * n for key, n in keys.items()):
                return False
        return value_hit(hay, needle, begin, end, BYTE_TOKENS, keys)

    def _record_matches(
        self, record: Mapping[str, Any], index: int, line: int | None, mapping: Mapping[str, str]
    ) -> bool:
        if self.fields is None:
            return _contains(record, self.needle)
        return any(
            _contains(value, self.needle)
            for value in _field_values(record, index, line, mapping, self.fields)
        )


def _raw_text_holds(needle: str, fields: set[str]) -> bool:
    """Whether the raw text of a row surely holds ``needle`` when the fields' text does.

    Ids are always found: a row's number, which stands for a missing id, is looked at in
    ``scan_text``, and rows whose id is an object or a list (shown the Python way,
    ``{'a': None}``) are parsed.
    """
    # In a history, it may overlap a "[USER] " label or the new line between two messages.
    return not (
        fields & _HISTORY_FIELDS
        and (
            set(needle) & set("[]\n")
            or needle.startswith(" ")
            or any(needle in label for label in _HISTORY_LABELS)
        )
    )


def _field_values(
    record: Mapping[str, Any],
    index: int,
    line: int | None,
    mapping: Mapping[str, str],
    fields: Sequence[str],
) -> Iterator[Any]:
    data: dict[str, Any] | None = None
    response: dict[str, Any] | None = None
    for name in fields:
        if name == "id":
            yield build_row(record, index, mapping, line).id
            continue
        root, dot, rest = name.partition(".")
        if root == "response":
            if response is None:
                response = derive_response(record, mapping)
            value: Any = lookup(response, rest) if dot else response
        else:
            if data is None:
                data = derive_data(record, mapping)
            value = lookup(data, rest if root == "data" and dot else name)
        if value is not MISSING:
            yield value
