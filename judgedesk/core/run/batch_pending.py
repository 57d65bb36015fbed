"""Requests written to batch files and not answered yet, kept beside the results file.

A batch's results give each reply with its ``custom_id`` only; the store keeps every
call with the request that was sent and who was asked. The requests of every export are
kept here by key until their reply is imported, so an import needs nothing but the
results files.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.judge import canonical_json

__all__ = ["PENDING_FILE", "Asked", "PendingRequests"]

PENDING_FILE = "batch-requests.sqlite"
"""Its name in the project's ``.judgedesk`` folder."""
SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS requests (
    key TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    role TEXT NOT NULL,
    model TEXT NOT NULL,
    request TEXT NOT NULL
);
"""


@dataclass(frozen=True)
class Asked:
    """A request written to a batch file: who is asked, and the body a run would send."""

    name: str
    role: str
    model: str
    request: dict[str, Any]


class PendingRequests:
    """The requests of batch exports not answered yet, by key (one thread)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(path, isolation_level=None)
            self._db.execute("PRAGMA busy_timeout=5000")
            # Losing the last removals to a power cut is harmless: an import finds their
            # replies stored already and removes them again.
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.executescript(SCHEMA)
            self._db.execute(
                "INSERT OR IGNORE INTO meta VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),)
            )
        except (sqlite3.DatabaseError, OSError) as exc:
            raise JudgeDeskError(
                f"The list of batch requests {path} cannot be used ({exc}). Move it away and "
                "export the batch again."
            ) from None

    def __enter__(self) -> PendingRequests:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._db.close()

    def add(self, asked: Iterable[tuple[str, Asked]]) -> None:
        """Keep requests by key (a key written again is replaced: it is the same request)."""
        rows = [(key, a.name, a.role, a.model, canonical_json(a.request)) for key, a in asked]
        if not rows:
            return
        self._db.execute("BEGIN")
        try:
            self._db.executemany("INSERT OR REPLACE INTO requests VALUES (?,?,?,?,?)", rows)
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def get(self, key: str) -> Asked | None:
        """The request written under ``key``, or None."""
        row = self._db.execute(
            "SELECT name, role, model, request FROM requests WHERE key=?", (key,)
        ).fetchone()
        if row is None:
            return None
        return Asked(row[0], row[1], row[2], json.loads(row[3]))

    def remove(self, keys: Iterable[str]) -> None:
        """Forget requests whose reply is stored now."""
        rows = [(key,) for key in keys]
        if not rows:
            return
        self._db.execute("BEGIN")
        try:
            self._db.executemany("DELETE FROM requests WHERE key=?", rows)
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def count(self) -> int:
        return int(self._db.execute("SELECT COUNT(*) FROM requests").fetchone()[0])
