"""The reviews table of the results store: a person's verdict on each row, kept on disk."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from typing import Any

REVIEWS_SCHEMA = """
CREATE TABLE IF NOT EXISTS reviews (
    row_index INTEGER PRIMARY KEY,
    row_id TEXT NOT NULL,
    value TEXT,
    agree INTEGER,
    flag INTEGER NOT NULL DEFAULT 0,
    note TEXT NOT NULL DEFAULT '',
    reviewer TEXT NOT NULL DEFAULT '',
    updated REAL NOT NULL,
    judge_run INTEGER,
    judge_status TEXT,
    judge_value TEXT
);
"""

REVIEW_DIMENSIONS = "ALTER TABLE reviews ADD COLUMN dimensions TEXT"
"""Store version 4: the person's score for each dimension of a multi-dimension verdict."""

_COLUMNS = (
    "row_index, row_id, value, agree, flag, note, reviewer, updated, "
    "judge_run, judge_status, judge_value, dimensions"
)


@dataclass(frozen=True)
class Review:
    """A person's review of one row.

    A review belongs to the row (its index, with the row's id kept to notice a changed
    dataset), not to a run, so it survives re-runs. It remembers the judge's result it
    was made against, so a later run that changes that result makes the review stale.

    Attributes:
        row_index: the row's 0-based index in the dataset.
        row_id: the row's id when it was reviewed.
        value: the person's own verdict (a score, true/false, a label); None when they
            gave none.
        agree: True or False when the person said they agree or disagree with the
            judge's verdict; None when they did not say.
        flag: marked for a second look.
        note: the person's note.
        reviewer: who reviewed.
        updated: when (seconds since the epoch).
        judge_run: the run whose result the review was made against; None when the row
            had no result then.
        judge_status: that result's status ("ok", "error", "unparsed"), or None.
        judge_value: that result's value.
        dimensions: the person's own score for dimensions of a multi-dimension verdict.
    """

    row_index: int
    row_id: str
    value: Any = None
    agree: bool | None = None
    flag: bool = False
    note: str = ""
    reviewer: str = ""
    updated: float = 0.0
    judge_run: int | None = None
    judge_status: str | None = None
    judge_value: Any = None
    dimensions: dict[str, float] = field(default_factory=dict)

    @property
    def empty(self) -> bool:
        """True when the review says nothing (no verdict, agreement, flag, note or score)."""
        return (
            self.value is None
            and self.agree is None
            and not self.flag
            and not self.note
            and not self.dimensions
        )


class ReviewTable:
    """Reads and writes reviews in the store's SQLite file; every write commits at once."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def get(self, row_index: int) -> Review | None:
        """The review of one row, or None."""
        row = self._db.execute(
            f"SELECT {_COLUMNS} FROM reviews WHERE row_index=?", (row_index,)
        ).fetchone()
        return _review(row) if row else None

    def all(self) -> dict[int, Review]:
        """Every review, by row index."""
        rows = self._db.execute(f"SELECT {_COLUMNS} FROM reviews ORDER BY row_index")
        return {row[0]: _review(row) for row in rows}

    def put(self, review: Review) -> None:
        """Store (or replace) a row's review; an empty review deletes it."""
        if review.empty:
            self.delete(review.row_index)
            return
        self._db.execute(
            f"INSERT OR REPLACE INTO reviews ({_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
            (
                review.row_index,
                review.row_id,
                _dumps(review.value),
                None if review.agree is None else int(review.agree),
                int(review.flag),
                review.note,
                review.reviewer,
                review.updated,
                review.judge_run,
                review.judge_status,
                _dumps(review.judge_value),
                _dumps(review.dimensions or None),
            ),
        )

    def delete(self, row_index: int) -> None:
        """Forget a row's review."""
        self._db.execute("DELETE FROM reviews WHERE row_index=?", (row_index,))

    def count(self) -> int:
        """How many rows have a review."""
        return int(self._db.execute("SELECT COUNT(*) FROM reviews").fetchone()[0])


def _dumps(value: Any) -> str | None:
    if value is None:
        return None
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)


def _loads(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def _review(row: tuple[Any, ...]) -> Review:
    index, row_id, value, agree, flag, note, reviewer, updated, run, status, judged, dims = row
    return Review(
        row_index=index,
        row_id=row_id,
        value=_loads(value),
        agree=None if agree is None else bool(agree),
        flag=bool(flag),
        note=note,
        reviewer=reviewer,
        updated=updated,
        judge_run=run,
        judge_status=status,
        judge_value=_loads(judged),
        dimensions=dict(_loads(dims) or {}),
    )
