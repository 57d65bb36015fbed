"""Adjudicated verdicts: where reviewers disagree, the final human label someone decided.

An adjudicator's verdict is kept apart from the reviewers' own (their reviews stay as they
were), and becomes the row's human label in reports.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from typing import Any

ADJUDICATIONS_SCHEMA = """
CREATE TABLE IF NOT EXISTS adjudications (
    row_index INTEGER PRIMARY KEY,
    row_id TEXT NOT NULL,
    value TEXT NOT NULL,
    adjudicator TEXT NOT NULL DEFAULT '',
    note TEXT NOT NULL DEFAULT '',
    updated REAL NOT NULL
);
"""


@dataclass(frozen=True)
class Adjudication:
    """The final human verdict of one row.

    Attributes:
        row_index: the row's index.
        row_id: the row's id when it was decided.
        value: the verdict.
        adjudicator: who decided.
        note: why, in their words.
        updated: when (seconds since the epoch).
    """

    row_index: int
    row_id: str
    value: Any
    adjudicator: str = ""
    note: str = ""
    updated: float = 0.0


class AdjudicationTable:
    """Reads and writes adjudicated verdicts; every write commits at once."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def get(self, row_index: int) -> Adjudication | None:
        """A row's adjudicated verdict, or None."""
        row = self._db.execute(
            "SELECT row_index, row_id, value, adjudicator, note, updated FROM adjudications "
            "WHERE row_index=?",
            (row_index,),
        ).fetchone()
        return _adjudication(row) if row else None

    def all(self) -> dict[int, Adjudication]:
        """Every adjudicated verdict, by row index."""
        rows = self._db.execute(
            "SELECT row_index, row_id, value, adjudicator, note, updated FROM adjudications "
            "ORDER BY row_index"
        )
        return {row[0]: _adjudication(row) for row in rows}

    def put(self, decided: Adjudication) -> None:
        """Store (or replace) a row's adjudicated verdict."""
        self._db.execute(
            "INSERT OR REPLACE INTO adjudications VALUES (?,?,?,?,?,?)",
            (
                decided.row_index,
                decided.row_id,
                json.dumps(decided.value, ensure_ascii=False, default=str),
                decided.adjudicator,
                decided.note,
                decided.updated,
            ),
        )

    def delete(self, row_index: int) -> None:
        """Take back a row's adjudicated verdict."""
        self._db.execute("DELETE FROM adjudications WHERE row_index=?", (row_index,))


def _adjudication(row: tuple[Any, ...]) -> Adjudication:
    index, row_id, value, adjudicator, note, updated = row
    return Adjudication(index, row_id, json.loads(value), adjudicator, note, updated)
