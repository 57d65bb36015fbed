"""Answers kept in files of their own (predictions), joined to the dataset's rows by id.

A predictions file is any dataset file (JSONL, JSON, CSV, TSV, XLSX) with an id and a
response per record; its response becomes the row's ``response``, or answer A or B of a
pair (``response_a``, ``response_b``), or one model's answer of several (``model:NAME``).
Rows without a prediction get none (templates show the value as empty, and the preview
says so).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from judgedesk.core.dataset.dataset import Dataset
from judgedesk.core.dataset.issues import WARNING, IssueLog, LoadIssue
from judgedesk.core.dataset.mapping import suggest_mapping
from judgedesk.core.dataset.opener import open_dataset
from judgedesk.core.dataset.rows import build_row
from judgedesk.core.errors import DatasetError

JOIN_ROLES = ("response", "response_a", "response_b")
"""The roles a predictions file can fill."""

MODEL_ROLE = "model:"
"""A predictions role ``model:NAME`` holds one model's answers of several compared: they
join the records under their column and fill no role."""


def joined_column(role: str) -> str:
    """The field a joined prediction appears under in a row's record."""
    return f"joined_{role}"


def read_predictions(path: Path) -> tuple[dict[str, Any], list[LoadIssue]]:
    """A predictions file's responses by row id, and what is wrong with it (blocking).

    Raises:
        DatasetError: the file cannot be read at all.
    """
    values: dict[str, Any] = {}
    issues: list[LoadIssue] = []
    with open_dataset(path) as opened:
        # The answer may be under any usual name: response, output, prediction, answer…
        suggested = {
            role: column
            for role, column in suggest_mapping(opened.fields()).items()
            if role in ("id", "response")
        }
        duplicates = 0
        with opened.with_mapping(suggested) as predictions:
            issues.extend(predictions.issues)
            for index in range(len(predictions)):
                row = predictions.row(index)
                if row.id in values:
                    duplicates += 1
                values[row.id] = row.response
    if not values:
        raise DatasetError(f"The predictions file {path} has no rows.")
    if duplicates:
        issues.append(
            LoadIssue(
                str(path),
                None,
                f"{duplicates} ids appear more than once; the last answer of each is used",
                WARNING,
            )
        )
    return values, issues


class _Issues(IssueLog):
    """The inner source's issues, then those of the predictions files."""

    def __init__(self, inner: IssueLog, extra: list[LoadIssue]) -> None:
        super().__init__("")
        self._inner = inner
        self._extra = list(extra)

    def items(self) -> list[LoadIssue]:
        return list(self._inner.items()) + self._extra

    @property
    def error_count(self) -> int:
        return self._inner.error_count + sum(i.severity != WARNING for i in self._extra)


class JoinedSource:
    """A record source whose records carry predictions from other files, matched by id."""

    def __init__(
        self,
        inner: Any,
        mapping: Mapping[str, str],
        joins: Mapping[str, Mapping[str, Any]],
        issues: list[LoadIssue],
    ) -> None:
        self._inner = inner
        self._mapping = dict(mapping)
        self._joins = {joined_column(role): values for role, values in joins.items()}
        self.issues: IssueLog = _Issues(inner.issues, issues)

    def __len__(self) -> int:
        return len(self._inner)

    def read(self, index: int) -> tuple[dict[str, Any], int | None]:
        record, line = self._inner.read(index)
        return self._join(record, index), line

    def peek(self, index: int) -> tuple[Mapping[str, Any], int | None]:
        record, line = self._inner.peek(index)
        return self._join(record, index), line

    def _join(self, record: Mapping[str, Any], index: int) -> dict[str, Any]:
        row_id = build_row(record, index, self._mapping).id
        joined = dict(record)
        for column, values in self._joins.items():
            if row_id in values:
                joined[column] = values[row_id]
        return joined

    def field_names(self) -> list[str]:
        return [*self._inner.field_names(), *self._joins]

    @property
    def complete(self) -> bool:
        return bool(self._inner.complete)

    def acquire(self) -> None:
        self._inner.acquire()

    def release(self) -> None:
        self._inner.release()


def join_predictions(dataset: Dataset, files: Mapping[str, Path]) -> Dataset:
    """A dataset whose rows carry the answers of predictions files (role → file).

    The dataset given is closed; the one returned shares its file.

    Raises:
        DatasetError: a role cannot be filled from a file, or a file cannot be read.
    """
    if not files:
        return dataset
    joins: dict[str, dict[str, Any]] = {}
    issues: list[LoadIssue] = []
    for role, path in files.items():
        if role not in JOIN_ROLES and not (role.startswith(MODEL_ROLE) and role != MODEL_ROLE):
            # One model's answers of several: they fill no role.
            raise DatasetError(
                f"A predictions file can give {', '.join(JOIN_ROLES)} or model:NAME, not '{role}'."
            )
        joins[role], found = read_predictions(path)
        issues.extend(found)
    filled = {role: joined_column(role) for role in joins if role in JOIN_ROLES}
    mapping = {**dataset.mapping, **filled}
    source = JoinedSource(dataset._source, dataset.mapping, joins, issues)
    joined = Dataset(dataset.path, dataset.format, dataset.encoding, source, mapping)
    dataset.close()
    return joined
