"""The results file's tables, their version, and the steps that bring an older file up to date."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.run.adjudications import ADJUDICATIONS_SCHEMA
from judgedesk.core.run.reviews import REVIEWS_SCHEMA

STORE_VERSION = 9

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS calls (
    key TEXT PRIMARY KEY,
    judge TEXT NOT NULL,
    model TEXT NOT NULL,
    request TEXT NOT NULL,
    reply TEXT NOT NULL,
    prompt_tokens INTEGER NOT NULL DEFAULT 0,
    completion_tokens INTEGER NOT NULL DEFAULT 0,
    latency REAL NOT NULL DEFAULT 0,
    attempts INTEGER NOT NULL DEFAULT 1,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    started REAL NOT NULL,
    finished REAL,
    status TEXT NOT NULL,
    selection TEXT NOT NULL DEFAULT '',
    note TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS results (
    run_id INTEGER NOT NULL REFERENCES runs(id),
    row_index INTEGER NOT NULL,
    row_id TEXT NOT NULL,
    status TEXT NOT NULL,
    value TEXT,
    error TEXT NOT NULL DEFAULT '',
    detail TEXT NOT NULL DEFAULT '{}',
    updated REAL NOT NULL,
    PRIMARY KEY (run_id, row_index)
);
CREATE INDEX IF NOT EXISTS results_by_row ON results(row_index, run_id);
"""


# The reviews table as version 1 made it: one review per row.
_REVIEWS_V1 = """
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

# Other reviewers' verdicts as version 5 kept them, apart from the person's own.
_TEAM_V5 = """
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


def _add_reviews(db: sqlite3.Connection) -> None:
    db.execute(_REVIEWS_V1)


def _add_run_owner(db: sqlite3.Connection) -> None:
    # Which process runs a run ("host:pid"): only a run whose process is gone was cut off.
    db.execute("ALTER TABLE runs ADD COLUMN owner TEXT NOT NULL DEFAULT ''")


def _add_review_dimensions(db: sqlite3.Connection) -> None:
    db.execute("ALTER TABLE reviews ADD COLUMN dimensions TEXT")


def _add_team_reviews(db: sqlite3.Connection) -> None:
    db.execute(_TEAM_V5)


def _add_run_judges(db: sqlite3.Connection) -> None:
    # Each judge's version in a run (name → short hash of what makes its verdicts).
    db.execute("ALTER TABLE runs ADD COLUMN judges TEXT NOT NULL DEFAULT '{}'")


def _key_reviews_by_reviewer(db: sqlite3.Connection) -> None:
    # Until now one person reviewed here: their reviews keep the latest name they gave.
    # Other people's imported verdicts join the same table, each under its reviewer.
    named = db.execute(
        "SELECT reviewer FROM reviews WHERE reviewer<>'' ORDER BY updated DESC LIMIT 1"
    ).fetchone()
    db.execute("ALTER TABLE reviews RENAME TO reviews_v6")
    db.execute(REVIEWS_SCHEMA)
    db.execute(
        "INSERT INTO reviews (row_index, reviewer, row_id, value, agree, flag, note, updated, "
        "judge_run, judge_status, judge_value, dimensions) SELECT row_index, ?, row_id, value, "
        "agree, flag, note, updated, judge_run, judge_status, judge_value, dimensions "
        "FROM reviews_v6",
        (named[0] if named else "",),
    )
    db.execute(
        "INSERT OR IGNORE INTO reviews (row_index, reviewer, row_id, value, updated, source) "
        "SELECT row_index, reviewer, row_id, value, updated, source FROM team_reviews"
    )
    db.execute("DROP TABLE reviews_v6")
    db.execute("DROP TABLE team_reviews")
    db.execute(ADJUDICATIONS_SCHEMA)


def _add_review_blind(db: sqlite3.Connection) -> None:
    # Whether a verdict was given in blind mode; earlier reviews are not known to be.
    db.execute("ALTER TABLE reviews ADD COLUMN blind INTEGER NOT NULL DEFAULT 0")


def _add_run_purpose(db: sqlite3.Connection) -> None:
    # What a run was for: "" for the project's own runs, "calibration" for a candidate
    # judge tried on the labelled rows, whose results never become a row's latest.
    db.execute("ALTER TABLE runs ADD COLUMN purpose TEXT NOT NULL DEFAULT ''")


# Step n turns a file of version n into version n + 1.
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {
    1: _add_reviews,
    2: _add_run_owner,
    3: _add_review_dimensions,
    4: _add_team_reviews,
    5: _add_run_judges,
    6: _key_reviews_by_reviewer,
    7: _add_review_blind,
    8: _add_run_purpose,
}


def has_version(db: sqlite3.Connection) -> bool:
    """Whether the file's tables are made: its version is written last, with them."""
    found = db.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name='meta'").fetchone()
    return bool(found) and bool(db.execute("SELECT 1 FROM meta WHERE key='version'").fetchone())


def create_tables(db: sqlite3.Connection) -> None:
    """Make a new file's tables and write its version, all in one transaction:
    another connection sees every table or none, and only one makes them."""
    if has_version(db):
        db.executescript(SCHEMA)  # an older file may lack a newer index
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        if not has_version(db):  # not made by another connection meanwhile
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)
            for step in sorted(MIGRATIONS):
                MIGRATIONS[step](db)
            db.execute("INSERT INTO meta VALUES ('version', ?)", (str(STORE_VERSION),))
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise


def stored_version(db: sqlite3.Connection) -> int | None:
    """The version written in the file; None before its tables are made."""
    row = db.execute("SELECT value FROM meta WHERE key='version'").fetchone()
    return None if row is None else int(row[0])


def is_older(db: sqlite3.Connection) -> bool:
    """Whether an older JudgeDesk wrote the file, which must be brought up to date."""
    version = stored_version(db)
    return version is not None and version < STORE_VERSION


def check_version(db: sqlite3.Connection, path: Path) -> None:
    """Bring a file of an older version up to date.

    Raises:
        JudgeDeskError: a newer JudgeDesk wrote the file at ``path``, or it is older and
            cannot be written here.
    """
    version = stored_version(db)
    if version is None:  # cannot happen once create_tables ran
        return
    if version > STORE_VERSION:
        raise JudgeDeskError(
            f"The results file {path} was written by a newer JudgeDesk. Update it."
        )
    if version == STORE_VERSION:
        return
    try:
        with db:
            db.execute("BEGIN IMMEDIATE")
            # Another connection may have brought it up to date while this one waited.
            version = stored_version(db) or STORE_VERSION
            for step in range(version, STORE_VERSION):
                MIGRATIONS[step](db)
            db.execute("UPDATE meta SET value=? WHERE key='version'", (str(STORE_VERSION),))
    except sqlite3.OperationalError as exc:
        if not _cannot_write(exc):
            raise
        raise JudgeDeskError(
            f"The results file {path} was written by an older JudgeDesk and must be brought "
            "up to date once, which means writing to it, but it cannot be written here. Make "
            "it and its folder writable (or copy the project to a folder you can write to), "
            "then open it again: nothing in it is lost."
        ) from None


def upgrade_file(path: Path) -> None:
    """Bring the file at ``path`` up to date through a connection that may write to it.

    Raises:
        JudgeDeskError: as :func:`check_version`.
        sqlite3.DatabaseError: the file cannot be read.
    """
    db = sqlite3.connect(f"{path.absolute().as_uri()}?mode=rw", uri=True, isolation_level=None)
    try:
        db.execute("PRAGMA busy_timeout=5000")
        check_version(db, path)
    finally:
        db.close()


def _cannot_write(exc: sqlite3.OperationalError) -> bool:
    # A read-only file, or a folder where SQLite cannot make its journal beside it.
    text = str(exc).lower()
    return "readonly" in text or "read-only" in text or "unable to open" in text
