"""Reviews by other people, kept apart from this person's: labels imported from files.

Each row may hold a verdict from each of several reviewers; a reviewer's verdicts never
overwrite another's, and importing the same file again changes nothing. This person's own
reviews stay in the ``reviews`` table (:mod:`judgedesk.core.run.reviews`).
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

TEAM_SCHEMA = """
CREATE TABLE IF NOT EXISTS team_reviews (
    row_index INTEGER NOT NULL,
    reviewer TEXT NOT NULL,
    row_id TEXT NOT NULL,
    value TEXT,
    source TEXT NOT NULL DEFAULT '',
    updated REAL NOT NULL,
    PRIMARY KEY (row_index, reviewer)
);
"""


@dataclass(frozen=True)
class Merge:
    """What storing one reviewer's verdicts did: rows added, changed, left as they were."""

    added: int = 0
    changed: int = 0
    unchanged: int = 0


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)


class TeamReviewTable:
    """Other reviewers' verdicts in the store's SQLite file."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def _present(self) -> bool:
        # A results file opened read-only from before this table existed has none.
        found = self._db.execute(
            "SELECT 1 FROM sqlite_master WHERE type='table' AND name='team_reviews'"
        ).fetchone()
        return found is not None

    def merge(
        self, reviewer: str, verdicts: Mapping[int, tuple[str, Any]], source: str = ""
    ) -> Merge:
        """Store ``reviewer``'s verdicts (row index → (row id, verdict)) in one transaction:
        a kill part-way stores nothing, and the same verdicts again change nothing."""
        known = {
            index: text
            for index, text in self._db.execute(
                "SELECT row_index, value FROM team_reviews WHERE reviewer=?", (reviewer,)
            )
        }
        added = changed = unchanged = 0
        now = time.time()
        self._db.execute("BEGIN IMMEDIATE")
        try:
            for index, (row_id, value) in verdicts.items():
                text = _dumps(value)
                if known.get(index) == text:
                    unchanged += 1
                    continue
                if index in known:
                    changed += 1
                else:
                    added += 1
                self._db.execute(
                    "INSERT OR REPLACE INTO team_reviews VALUES (?,?,?,?,?,?)",
                    (index, reviewer, row_id, text, source, now),
                )
            self._db.execute("COMMIT")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        return Merge(added, changed, unchanged)

    def verdicts(self) -> dict[str, dict[int, Any]]:
        """Every other reviewer's verdicts: reviewer → row index → verdict."""
        if not self._present():
            return {}
        found: dict[str, dict[int, Any]] = {}
        for index, reviewer, value in self._db.execute(
            "SELECT row_index, reviewer, value FROM team_reviews ORDER BY reviewer, row_index"
        ):
            found.setdefault(reviewer, {})[index] = None if value is None else json.loads(value)
        return found

    def forget(self, reviewer: str) -> int:
        """Remove a reviewer's verdicts; how many there were."""
        cursor = self._db.execute("DELETE FROM team_reviews WHERE reviewer=?", (reviewer,))
        return int(cursor.rowcount)
