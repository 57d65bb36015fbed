"""Problems noticed while reading a dataset file, worded for the person who owns the file."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from judgedesk.core.messages import say

ERROR = "error"
WARNING = "warning"

# Spreadsheets and Parquet tables have rows, text files have lines; people look for the
# word they know.
_ROW_SUFFIXES = (".xlsx", ".xlsm", ".parquet", ".pq")

# A file with hundreds of thousands of bad lines (say, a CSV renamed .jsonl) would
# otherwise flood the issue list and memory; the first few hundred say enough.
MAX_LISTED_ISSUES = 500


@dataclass(frozen=True)
class LoadIssue:
    """One problem found while reading a dataset file.

    Attributes:
        path: The file the problem is in.
        line: The 1-based line (sheet row for spreadsheets) where it is, or None when it
            concerns the whole file.
        problem: What is wrong and what to do about it, for a non-programmer.
        severity: ``"error"`` when the row was skipped, ``"warning"`` when it was read but
            something deserves a look (for example the text encoding that was assumed).
    """

    path: str
    line: int | None
    problem: str
    severity: str = ERROR

    def __str__(self) -> str:
        name = Path(self.path).name or self.path
        if self.line is None:
            return f"{name}: {self.problem}"
        word = "row" if name.lower().endswith(_ROW_SUFFIXES) else "line"
        return f"{name}, {word} {self.line}: {self.problem}"


SHOWN_LINES = 20
"""How many of the unreadable lines' numbers are named; the rest are only counted."""


@dataclass(frozen=True)
class UnreadableLines:
    """The lines of a dataset file that could not be read, so no row has them.

    Attributes:
        total: the lines (spreadsheet rows) holding a record, read or not.
        count: how many of them could not be read.
        first: the first of their numbers (at most :data:`SHOWN_LINES`).
    """

    total: int
    count: int
    first: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "dataset_lines": self.total,
            "unreadable_lines": self.count,
            "unreadable_line_numbers": list(self.first),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> UnreadableLines:
        """The lines as :meth:`to_dict` wrote them."""
        numbers = tuple(int(n) for n in data.get("unreadable_line_numbers", ()))
        return cls(int(data["dataset_lines"]), int(data["unreadable_lines"]), numbers)

    def sentence(self) -> str:
        """What was left out, and where to see why, in a sentence."""
        numbers = ", ".join(str(n) for n in self.first)
        if self.count > len(self.first):
            numbers += ", …"
        return say(
            "dataset.unreadable",
            "{total} lines in the dataset, {count} could not be read: lines {numbers} — "
            "see `judgedesk check`",
            total=self.total,
            count=self.count,
            numbers=numbers,
        )


class IssueLog:
    """Collects issues for one file, keeping the list short and safe to read from threads.

    Args:
        path: The file the issues are about.
        limit: How many issues to keep; later ones are only counted.
    """

    def __init__(self, path: Path | str, limit: int = MAX_LISTED_ISSUES) -> None:
        self.path = str(path)
        self._limit = limit
        self._items: list[LoadIssue] = []
        self._dropped = 0
        self._errors = 0
        self._lock = threading.Lock()

    def add(self, line: int | None, problem: str, severity: str = ERROR) -> None:
        """Records a problem at ``line`` (None for the whole file)."""
        with self._lock:
            if severity == ERROR:
                self._errors += 1
            if len(self._items) < self._limit:
                self._items.append(LoadIssue(self.path, line, problem, severity))
            else:
                self._dropped += 1

    def merge(self, other: IssueLog) -> None:
        """Adds every issue of ``other`` (same file) to this log."""
        for issue in other.items():
            self.add(issue.line, issue.problem, issue.severity)

    @property
    def error_count(self) -> int:
        """How many rows were skipped, listed or not."""
        return self._errors

    def items(self) -> list[LoadIssue]:
        """Returns a snapshot of the issues, ending with a note when some were not listed."""
        with self._lock:
            items = list(self._items)
            dropped = self._dropped
        if dropped:
            items.append(
                LoadIssue(
                    self.path,
                    None,
                    f"{dropped:,} more problems were found but are not listed; "
                    "fix the ones above first, then open the file again to see the rest",
                    ERROR,
                )
            )
        return items

    def unreadable(self, read: int) -> UnreadableLines:
        """The lines left out of the rows, beside ``read`` lines that were read."""
        with self._lock:
            lines = {i.line for i in self._items if i.severity == ERROR and i.line is not None}
            count = self._errors
        return UnreadableLines(read + count, count, tuple(sorted(lines)[:SHOWN_LINES]))

    def first_error(self) -> LoadIssue | None:
        """Returns the first error recorded, if any (used to explain an unusable file)."""
        with self._lock:
            return next((i for i in self._items if i.severity == ERROR), None)


MAX_DEPTH = 100
"""The deepest nesting of lists and objects a row may have: deeper rows are refused, as
copying, searching and showing them would exhaust Python's recursion limit."""
TOO_DEEP = f"it nests lists or objects inside each other more than {MAX_DEPTH} levels deep"
"""Why a row nested too deeply (or beyond what the JSON parser reads) was not read."""


def describe_json(value: object) -> str:
    """Names the kind of a JSON value for a message (``a list``, ``a number``…)."""
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return "a piece of text"
    if isinstance(value, bool):
        return "a true/false value"
    if isinstance(value, int | float):
        return "a number"
    return "null" if value is None else "a value"
