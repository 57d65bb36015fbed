"""The reviews table of the results store: each reviewer's verdict on each row, kept on disk."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field, replace
from typing import Any

REVIEWS_SCHEMA = """
CREATE TABLE IF NOT EXISTS reviews (
    row_index INTEGER NOT NULL,
    reviewer TEXT NOT NULL DEFAULT '',
    row_id TEXT NOT NULL,
    value TEXT,
    agree INTEGER,
    flag INTEGER NOT NULL DEFAULT 0,
    note TEXT NOT NULL DEFAULT '',
    updated REAL NOT NULL,
    judge_run INTEGER,
    judge_status TEXT,
    judge_value TEXT,
    dimensions TEXT,
    source TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (row_index, reviewer)
);
"""
"""Store version 7: each reviewer's review of a row, kept apart from everyone else's;
version 8 adds ``blind INTEGER NOT NULL DEFAULT 0`` (see ``schema``)."""

_COLUMNS = (
    "row_index, row_id, value, agree, flag, note, reviewer, updated, "
    "judge_run, judge_status, judge_value, dimensions, source, blind"
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
        source: where the review came from when it was not made here (a label file's
            or a review pack's name); empty for reviews made in this project.
        blind: the verdict was given in blind mode, without the judge's verdict in
            sight (reviews from before version 8, and from elsewhere, are not marked).
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
    source: str = ""
    blind: bool = False

    @property
    def verdict(self) -> Any:
        """The reviewer's verdict: the one they gave, the judge's when they agreed with it,
        the opposite of a true/false verdict they disagreed with; None otherwise."""
        if self.value is not None:
            return self.value
        if self.agree is True and self.judge_status == "ok":
            return self.judge_value
        if self.agree is False and isinstance(self.judge_value, bool):
            return not self.judge_value
        return None

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


@dataclass(frozen=True)
class Merge:
    """What storing one reviewer's verdicts did: rows added, changed, left as they were."""

    added: int = 0
    changed: int = 0
    unchanged: int = 0


class ReviewTable:
    """Reads and writes reviews in the store's SQLite file; every write commits at once.

    Each row may have one review from each reviewer. Asked without a reviewer,
    :meth:`get` and :meth:`all` give each row's latest review (the only one when one
    person reviews).
    """

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def get(self, row_index: int, reviewer: str | None = None) -> Review | None:
        """One reviewer's review of a row (the row's latest without ``reviewer``), or None."""
        if reviewer is None:
            row = self._db.execute(
                f"SELECT {_COLUMNS} FROM reviews WHERE row_index=? ORDER BY updated DESC",
                (row_index,),
            ).fetchone()
        else:
            row = self._db.execute(
                f"SELECT {_COLUMNS} FROM reviews WHERE row_index=? AND reviewer=?",
                (row_index, reviewer),
            ).fetchone()
        return _review(row) if row else None

    def all(self, reviewer: str | None = None) -> dict[int, Review]:
        """One reviewer's reviews by row index (each row's latest without ``reviewer``)."""
        if reviewer is not None:
            rows = self._db.execute(
                f"SELECT {_COLUMNS} FROM reviews WHERE reviewer=? ORDER BY row_index", (reviewer,)
            )
            return {row[0]: _review(row) for row in rows}
        found: dict[int, Review] = {}
        for row in self._db.execute(f"SELECT {_COLUMNS} FROM reviews ORDER BY updated"):
            found[row[0]] = _review(row)
        return dict(sorted(found.items()))

    def everyone(self) -> dict[str, dict[int, Review]]:
        """Every reviewer's reviews: reviewer → row index → review."""
        found: dict[str, dict[int, Review]] = {}
        for row in self._db.execute(f"SELECT {_COLUMNS} FROM reviews ORDER BY reviewer, row_index"):
            found.setdefault(row[6], {})[row[0]] = _review(row)
        return found

    def reviewers(self) -> list[str]:
        """The names of everyone with a review, sorted."""
        rows = self._db.execute("SELECT DISTINCT reviewer FROM reviews ORDER BY reviewer")
        return [name for (name,) in rows]

    def put(self, review: Review) -> None:
        """Store (or replace) one reviewer's review of a row; an empty review deletes it."""
        if review.empty:
            self.delete(review.row_index, review.reviewer)
            return
        self._db.execute(
            f"INSERT OR REPLACE INTO reviews ({_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            _params(review),
        )

    def delete(self, row_index: int, reviewer: str | None = None) -> None:
        """Forget one reviewer's review of a row (everyone's without ``reviewer``)."""
        if reviewer is None:
            self._db.execute("DELETE FROM reviews WHERE row_index=?", (row_index,))
        else:
            self._db.execute(
                "DELETE FROM reviews WHERE row_index=? AND reviewer=?", (row_index, reviewer)
            )

    def count(self, reviewer: str | None = None) -> int:
        """How many rows have a review (from ``reviewer``, or from anyone)."""
        if reviewer is None:
            found = self._db.execute("SELECT COUNT(DISTINCT row_index) FROM reviews")
        else:
            found = self._db.execute("SELECT COUNT(*) FROM reviews WHERE reviewer=?", (reviewer,))
        return int(found.fetchone()[0])

    def merge(self, reviews: list[Review]) -> Merge:
        """Store reviews made elsewhere (a label file, a review pack) in one transaction:
        a kill part-way stores nothing, and the same reviews again change nothing.

        A review replaces the same reviewer's review of the row; an empty one leaves
        it. Nobody else's review is touched.
        """
        added = changed = unchanged = 0
        self._db.execute("BEGIN IMMEDIATE")
        try:
            for review in reviews:
                known = self.get(review.row_index, review.reviewer)
                if known is not None and _same(known, review):
                    unchanged += 1
                    continue
                if review.empty:
                    continue
                if known is None:
                    added += 1
                else:
                    changed += 1
                self._db.execute(
                    f"INSERT OR REPLACE INTO reviews ({_COLUMNS}) "
                    "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    _params(review),
                )
            self._db.execute("COMMIT")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        return Merge(added, changed, unchanged)

    def verdicts(self, exclude: str | None = None) -> dict[str, dict[int, Any]]:
        """Every reviewer's verdicts (see :attr:`Review.verdict`): reviewer → row index →
        verdict, leaving out ``exclude`` and rows a reviewer gave no verdict for."""
        found: dict[str, dict[int, Any]] = {}
        for reviewer, reviews in self.everyone().items():
            if reviewer == exclude:
                continue
            given = {row: r.verdict for row, r in reviews.items() if r.verdict is not None}
            if given:
                found[reviewer] = given
        return found

    def forget(self, reviewer: str) -> int:
        """Remove a reviewer's reviews; how many there were."""
        cursor = self._db.execute("DELETE FROM reviews WHERE reviewer=?", (reviewer,))
        return int(cursor.rowcount)


def _same(a: Review, b: Review) -> bool:
    """The same review, whenever and from wherever it was stored."""
    return replace(a, updated=0.0, source="") == replace(b, updated=0.0, source="")


def _params(review: Review) -> tuple[Any, ...]:
    return (
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
        review.source,
        int(review.blind),
    )


def _dumps(value: Any) -> str | None:
    if value is None:
        return None
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)


def _loads(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def _review(row: tuple[Any, ...]) -> Review:
    index, row_id, value, agree, flag, note, reviewer, updated, run, status, judged, dims = row[:12]
    src, blind = row[12:14]
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
        source=src,
        blind=bool(blind),
    )
