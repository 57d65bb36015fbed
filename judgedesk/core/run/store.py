"""The results store: runs, every judge call (the cache), row results, in one SQLite file."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import sqlite3
import sys
import time
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from judgedesk.core.dataset import UnreadableLines
from judgedesk.core.run.adjudications import AdjudicationTable
from judgedesk.core.run.details import RowDetail
from judgedesk.core.run.reviews import ReviewTable
from judgedesk.core.run.schema import (
    check_version,
    create_tables,
    has_version,
    is_older,
    upgrade_file,
)
from judgedesk.core.run.store_errors import StoreWriteError, open_error
from judgedesk.core.run.store_reads import StepVerdicts, hidden_runs, step_verdicts

OWNER = f"{socket.gethostname()}:{os.getpid()}"
"""This process, as written in the runs it starts."""


@dataclass(frozen=True)
class CallRecord:
    """One judge call as stored: the exact request and the reply."""

    key: str
    judge: str
    model: str
    request: dict[str, Any]
    reply: dict[str, Any]
    latency: float
    attempts: int


@dataclass(frozen=True)
class ResultRecord:
    """The outcome of one row in one run."""

    run_id: int
    row_index: int
    row_id: str
    status: str
    value: Any
    error: str
    detail: RowDetail
    """How the result was made (see :class:`~judgedesk.core.run.details.RowDetail`)."""
    updated: float


@dataclass(frozen=True)
class RunRecord:
    """One run: when, what it covered and how it ended."""

    id: int
    started: float
    finished: float | None
    status: str
    selection: str
    note: str
    """What the run noted of its input: the dataset's lines it could not read (JSON), or
    ""."""
    judges: dict[str, str] = field(default_factory=dict)
    """Each judge's version in this run: name → short hash (see ``judge_version``)."""
    purpose: str = ""
    """What the run was for: "" for the project's own runs, "calibration" for candidate
    judges tried on the labelled rows (see ``store_reads.CALIBRATION``)."""

    @property
    def unreadable(self) -> UnreadableLines | None:
        """The dataset's lines the run could not read (kept in its note), or None."""
        if not self.note.startswith("{"):
            return None
        try:
            return UnreadableLines.from_dict(json.loads(self.note))
        except (ValueError, KeyError, TypeError):
            return None


RESULT_BATCH = 64
RESULT_DELAY = 0.25
_T = TypeVar("_T")


class Store:
    """The SQLite file under ``.judgedesk/``.

    A judge's reply commits at once (WAL, synchronous=NORMAL): it is on disk before the
    slot it used takes another request, so a killed run loses no answered call. Row
    results are written in small batches (at most a quarter of a second late): a row
    whose result was lost to a kill is recomputed from its stored calls on the next run.
    One Store belongs to one thread. Each reviewer's reviews are in :attr:`reviews`, the
    verdicts decided where reviewers disagree in :attr:`adjudications`.

    With ``readonly`` the file must exist and is only read: a look at the results while
    a run may be writing them changes nothing (a file an older JudgeDesk wrote is first
    brought up to date, as opening it to write does). A file another connection is
    creating at that moment has no tables yet: :attr:`empty` is then True and there is
    nothing to read. A new file's tables are made in one transaction, so several
    connections may open it at once (the Run pane's estimate, a run, the Review pane).
    """

    def __init__(self, path: Path, *, readonly: bool = False) -> None:
        self.path = path
        self.empty = False
        try:
            if readonly:
                self._db = _open_readonly(path)
                self.empty = not has_version(self._db)
                if not self.empty and is_older(self._db):
                    # Read only after it is brought up to date, once, by a connection
                    # that may write; the tables of an older file are laid out otherwise.
                    self._db.close()
                    upgrade_file(path)
                    self._db = _open_readonly(path)
            else:
                path.parent.mkdir(parents=True, exist_ok=True)
                self._db = sqlite3.connect(path, isolation_level=None)
                self._db.execute("PRAGMA busy_timeout=5000")
                self._use_wal()
                self._db.execute("PRAGMA synchronous=NORMAL")
                create_tables(self._db)
            if not self.empty:
                check_version(self._db, path)
            self.reviews = ReviewTable(self._db)
            self.adjudications = AdjudicationTable(self._db)
            if not readonly:
                self._close_interrupted_runs()
        except sqlite3.DatabaseError as exc:
            with contextlib.suppress(AttributeError, sqlite3.Error):
                self._db.close()
            raise open_error(path, exc) from None
        self._pending: list[tuple[Any, ...]] = []
        self._pending_since = 0.0

    def _use_wal(self) -> None:
        # Switching a new file to WAL needs it to itself and does not wait for a busy
        # one: another connection opening it at the same moment would fail this one.
        deadline = time.monotonic() + 5.0
        while True:
            try:
                self._db.execute("PRAGMA journal_mode=WAL")
                return
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or time.monotonic() > deadline:
                    raise
                time.sleep(0.01)

    def _close_interrupted_runs(self) -> None:
        """Mark runs as interrupted whose process is gone (killed, crashed, power cut).

        A run of this process, or of another one still alive, is left running; so is a
        run started on another machine (a shared folder), which cannot be checked.
        """
        host = socket.gethostname()
        for run_id, owner in self._db.execute(
            "SELECT id, owner FROM runs WHERE status='running'"
        ).fetchall():
            owner_host, _, pid = str(owner).rpartition(":")
            if owner and (owner_host != host or not pid.isdigit()):
                continue
            if owner and _process_alive(int(pid)):
                continue
            self._db.execute("UPDATE runs SET status='interrupted' WHERE id=?", (run_id,))

    def close(self) -> None:
        """Write what is pending and close the database file."""
        self.flush()
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- calls (the cache) ------------------------------------------------------------

    def get_call(self, key: str) -> CallRecord | None:
        """Return a stored call by its request key, or None."""
        row = self._db.execute(
            "SELECT key, judge, model, request, reply, latency, attempts FROM calls WHERE key=?",
            (key,),
        ).fetchone()
        return _call(row) if row else None

    def put_call(
        self,
        key: str,
        *,
        judge: str,
        model: str,
        request: Mapping[str, Any] | str,
        reply: Mapping[str, Any],
        latency: float,
        attempts: int,
    ) -> None:
        """Store a judge's reply (``request`` as sent, or its JSON text); one per key."""
        usage = reply.get("usage") or {}
        with self._writing():
            self._insert_call(key, judge, model, request, reply, usage, latency, attempts)

    def _insert_call(self, key: str, judge: str, model: str, *rest: Any) -> None:
        request, reply, usage, latency, attempts = rest
        self._db.execute(
            "INSERT OR REPLACE INTO calls VALUES (?,?,?,?,?,?,?,?,?,?)",
            (
                key,
                judge,
                model,
                request if isinstance(request, str) else _dumps(request),
                _dumps(reply),
                int(usage.get("prompt_tokens", 0)),
                int(usage.get("completion_tokens", 0)),
                latency,
                attempts,
                time.time(),
            ),
        )

    def calls(self, keys: Iterable[str]) -> dict[str, CallRecord]:
        """Return the stored calls among ``keys``."""
        found: dict[str, CallRecord] = {}
        wanted = list(dict.fromkeys(keys))
        for start in range(0, len(wanted), 500):
            chunk = wanted[start : start + 500]
            marks = ",".join("?" * len(chunk))
            for row in self._db.execute(
                "SELECT key, judge, model, request, reply, latency, attempts FROM calls "
                f"WHERE key IN ({marks})",
                chunk,
            ):
                found[row[0]] = _call(row)
        return found

    def replies(self, judge: str) -> Iterator[tuple[str, str | None]]:
        """Every stored reply of a judge: (content, reasoning content), oldest first."""
        cursor = self._db.execute(
            "SELECT json_extract(reply, '$.content'), json_extract(reply, '$.reasoning_content') "
            "FROM calls WHERE judge=? ORDER BY created",
            (judge,),
        )
        for content, reasoning in cursor:
            yield str(content or ""), (str(reasoning) if reasoning is not None else None)

    def call_stats(self, judge: str) -> tuple[int, float, float]:
        """For a judge's stored calls: (how many, mean completion tokens, mean latency)."""
        row = self._db.execute(
            "SELECT COUNT(*), AVG(completion_tokens), AVG(latency) FROM calls WHERE judge=?",
            (judge,),
        ).fetchone()
        return int(row[0]), float(row[1] or 0.0), float(row[2] or 0.0)

    def count_calls(self) -> int:
        """How many judge replies are stored."""
        return int(self._db.execute("SELECT COUNT(*) FROM calls").fetchone()[0])

    # --- runs -------------------------------------------------------------------------

    def start_run(
        self,
        selection: str = "",
        note: str = "",
        judges: Mapping[str, str] | None = None,
        purpose: str = "",
    ) -> int:
        """Record the start of a run (with each judge's version) and return its id.

        ``purpose``: "calibration" for a run whose results must never become a row's
        latest (see :attr:`RunRecord.purpose`)."""
        versions = json.dumps(dict(judges or {}), sort_keys=True)
        with self._writing():
            cursor = self._db.execute(
                "INSERT INTO runs (started, status, selection, note, owner, judges, purpose) "
                "VALUES (?, 'running', ?, ?, ?, ?, ?)",
                (time.time(), selection, note, OWNER, versions, purpose),
            )
        return int(cursor.lastrowid or 0)

    def finish_run(self, run_id: int, status: str) -> None:
        """Record how a run ended: "finished", "cancelled" or "failed"."""
        self.flush()
        with self._writing():
            self._db.execute(
                "UPDATE runs SET finished=?, status=? WHERE id=?", (time.time(), status, run_id)
            )

    def runs(self) -> list[RunRecord]:
        """Every run, oldest first."""
        try:
            rows: list[tuple[Any, ...]] = self._db.execute(
                "SELECT id, started, finished, status, selection, note, judges, purpose "
                "FROM runs ORDER BY id"
            ).fetchall()
        except sqlite3.OperationalError:  # an older file opened read-only: no versions
            rows = self._db.execute(
                "SELECT id, started, finished, status, selection, note, '{}', '' FROM runs "
                "ORDER BY id"
            ).fetchall()
        return [
            RunRecord(
                int(run_id),
                started,
                finished,
                status,
                selection,
                note,
                json.loads(judges or "{}"),
                str(purpose or ""),
            )
            for run_id, started, finished, status, selection, note, judges, purpose in rows
        ]

    # --- results ----------------------------------------------------------------------

    def put_result(
        self,
        run_id: int,
        row_index: int,
        row_id: str,
        status: str,
        value: Any,
        error: str = "",
        detail: Mapping[str, Any] | None = None,
    ) -> None:
        """Store (or replace) a row's outcome in a run (batched; see the class)."""
        now = time.time()
        if not self._pending:
            self._pending_since = now
        self._pending.append(
            (run_id, row_index, row_id, status, _dumps(value), error, _dumps(detail or {}), now)
        )
        if len(self._pending) >= RESULT_BATCH or now - self._pending_since >= RESULT_DELAY:
            self.flush()

    def flush(self) -> None:
        """Write the row results waiting in the batch, in one transaction."""
        if not self._pending:
            return
        rows, self._pending = self._pending, []
        with self._writing(), self._db:
            self._db.execute("BEGIN")
            self._db.executemany("INSERT OR REPLACE INTO results VALUES (?,?,?,?,?,?,?,?)", rows)

    @contextlib.contextmanager
    def _writing(self) -> Iterator[None]:
        """Turn SQLite's write failures (a full disk, a read-only folder, a lock held by
        another program) into one sentence that says what to do."""
        try:
            yield
        except sqlite3.OperationalError as exc:
            raise StoreWriteError(self.path, exc) from None

    def results(self, run_id: int) -> list[ResultRecord]:
        """The results of one run, by row."""
        self.flush()
        rows = self._db.execute(
            "SELECT * FROM results WHERE run_id=? ORDER BY row_index", (run_id,)
        )
        return [_result(row) for row in rows]

    def step_verdicts(self, run_id: int, rows: Collection[int] | None = None) -> StepVerdicts:
        """Each judge's own verdict per row of a run (of ``rows``), read without decoding."""
        return self.read(lambda db: step_verdicts(db, run_id, rows))

    def read(self, reader: Callable[[sqlite3.Connection], _T]) -> _T:
        """What ``reader`` (a narrow read, see ``store_reads``) reads, pending rows written."""
        self.flush()
        return reader(self._db)

    def latest_result(self, row_index: int) -> ResultRecord | None:
        """A row's most recent result (never a calibration run's), or None when it never
        ran."""
        self.flush()
        row = self._db.execute(
            f"SELECT * FROM results WHERE row_index=?{hidden_runs(self._db)} "
            "ORDER BY run_id DESC LIMIT 1",
            (row_index,),
        ).fetchone()
        return _result(row) if row else None

    def latest_results(self) -> dict[int, ResultRecord]:
        """For every row ever run, its most recent result (never a calibration run's)."""
        self.flush()
        rows = self._db.execute(
            "SELECT r.* FROM results r JOIN (SELECT row_index, MAX(run_id) AS run_id "
            f"FROM results WHERE 1{hidden_runs(self._db)} GROUP BY row_index) m "
            "USING (row_index, run_id) ORDER BY row_index"
        )
        return {row[1]: _result(row) for row in rows}


def _open_readonly(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True, isolation_level=None)
    db.execute("PRAGMA busy_timeout=5000")
    return db


def _process_alive(pid: int) -> bool:
    """Whether a process of this machine is still running."""
    if pid == os.getpid():
        return True
    if sys.platform == "win32":  # os.kill(pid, 0) would end the process on Windows
        import ctypes

        kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
        handle = kernel32.OpenProcess(0x00100000, False, pid)  # SYNCHRONIZE
        if not handle:
            return False
        try:
            return bool(kernel32.WaitForSingleObject(handle, 0) == 0x102)  # WAIT_TIMEOUT
        finally:
            kernel32.CloseHandle(handle)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process: alive
        return True
    return True


# Made once: json.dumps with options builds an encoder on every call.
_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), default=str).encode


def _call(row: tuple[Any, ...]) -> CallRecord:
    key, judge, model, request, reply, latency, attempts = row
    return CallRecord(key, judge, model, json.loads(request), json.loads(reply), latency, attempts)


def _result(row: tuple[Any, ...]) -> ResultRecord:
    run_id, index, row_id, status, value, error, detail, updated = row
    return ResultRecord(
        run_id,
        index,
        row_id,
        status,
        json.loads(value) if value is not None else None,
        error,
        json.loads(detail),
        updated,
    )
