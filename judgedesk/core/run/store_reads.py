"""Narrow reads of the results store: the few fields a figure needs, picked out by SQLite.

Decoding a row's whole detail (every judge step, its reason, candidates, warnings, the
scripts' output) in Python costs far more than the figure computed from it; SQLite's JSON
functions pick out the fields where the data lies. A detail SQLite cannot read is decoded
in Python instead: Python writes NaN and infinities as ``NaN`` and ``Infinity``, which
are not JSON.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from judgedesk.core.run.details import RowDetail, judge_steps, verdict_of

__all__ = [
    "CALIBRATION",
    "EVERY_ROW",
    "SHORT",
    "Outcome",
    "ResultRow",
    "RunStamp",
    "StepVerdicts",
    "count_results",
    "hidden_runs",
    "latest_statuses",
    "outcomes",
    "report_rows",
    "row_span",
    "run_stamps",
    "step_verdicts",
]

CALIBRATION = "calibration"
"""The purpose of a run that tried a candidate judge on the rows people labelled: its
results are kept (the judge's history shows them) but never become a row's latest."""

_NOT_JSON = "(instr(detail, 'NaN') OR instr(detail, 'Infinity'))"

# One JSON array per judge step: [verdict.ok, verdict.value, judge], with null for a
# field that is missing (json_type tells a missing judge from a null one).
_STEPS = f"""
SELECT r.row_index,
       json_extract(j.value, '$.verdict.ok', '$.verdict.value', '$.judge'),
       json_type(j.value, '$.judge')
FROM results AS r, json_each(r.detail, '$.judges') AS j
WHERE r.run_id = ? AND NOT {_NOT_JSON.replace("detail", "r.detail")}
  AND typeof(j.key) = 'integer' AND j.type = 'object'{{where}}
ORDER BY r.row_index, j.key
"""


Outcome = tuple[str, str, Any]
"""A row's result without its detail: (row id, status, value)."""

RunStamp = tuple[int, float, float]
"""What changes when a run's results change (see :func:`run_stamps`)."""

ResultRow = tuple[int, int, str, str, Any, str, RowDetail, float]
"""A row's result as a report reads it: run id, row index, row id, status, value, error,
detail without what no figure reads (see :func:`report_rows`), when it was stored."""

JUDGES_SLIMMED = 4
"""Judge steps of a detail whose long fields are left out (those of later ones are read)."""

# What no figure reads of a row's detail: the answers and the scripts' output, and of
# each judge step (and each order of a pair) the reply's reason, candidates, warnings
# and cache key. A postprocess script's outcome stays as an empty object: that there
# was one is read.
_STEP_PARTS = (".key", ".cached", ".warnings", ".detail", ".verdict.reason")
_VERDICT_PARTS = (".verdict.candidates", ".verdict.ambiguous")
_LEFT_OUT = [
    f"$.judges[{step}]{order}{part}"
    for step in range(JUDGES_SLIMMED)
    for order in ("", ".orders[0]", ".orders[1]")
    for part in _STEP_PARTS + _VERDICT_PARTS
    if not (order and part in (".warnings", ".detail"))
] + ["$.candidate", "$.baseline", "$.preprocess"]


def _removed(paths: list[str]) -> str:
    return "json_remove(detail, " + ", ".join(f"'{path}'" for path in paths) + ")"


# Each path costs SQLite a walk of the detail: a pair's orders, and a postprocess
# script's outcome, are only looked for in the details that name them.
_ONE_ORDER = [path for path in _LEFT_OUT if ".orders[" not in path]


def _slim(whole: str = _NOT_JSON) -> str:
    """The detail without what no figure reads, or whole where ``whole`` holds."""
    return (
        f"CASE WHEN {whole} THEN detail "
        f"""WHEN instr(detail, '"orders"') THEN """
        f"json_replace({_removed(_LEFT_OUT)}, '$.postprocess', json_object()) "
        f"""WHEN instr(detail, '"postprocess"') THEN """
        f"json_replace({_removed(_ONE_ORDER)}, '$.postprocess', json_object()) "
        f"ELSE {_removed(_ONE_ORDER)} END"
    )


_SLIM = _slim()
_COLUMNS = "run_id, row_index, row_id, status, value, error, {detail}, updated"
# Walks the rows in order by the row index, each row's newest run found in the index:
# no table of every row's run, and no sort, in between.
_LATEST = (
    "SELECT {columns} FROM results AS r WHERE row_index >= ? AND row_index < ? "
    "AND run_id = (SELECT MAX(run_id) FROM results WHERE row_index = r.row_index{hidden}) "
    "ORDER BY row_index"
)
_OF_RUN = (
    "SELECT {columns} FROM results WHERE run_id=? AND updated>=? "
    "AND row_index >= ? AND row_index < ? ORDER BY row_index"
)
EVERY_ROW = (-(2**63), 2**63 - 1)
"""Row indexes from ``EVERY_ROW[0]`` up to, not including, ``EVERY_ROW[1]``: all of them."""


SHORT = 1024
"""Characters of a detail without a cache key that :func:`report_rows` may read whole."""


def report_rows(
    db: sqlite3.Connection,
    run_id: int | None = None,
    since: float | None = None,
    rows: tuple[int, int] = EVERY_ROW,
    short: int = 0,
) -> list[ResultRow]:
    """Each row's latest result (``run_id`` None), or a run's stored at ``since`` or later
    (all of them for None), in row order, each detail without what no figure reads;
    ``rows``: only the row indexes from the first up to, not including, the second;
    ``short``: details shorter than this without a cache key are read whole.

    Details (and values) alike are decoded once and shared: read them, never change them.
    A detail SQLite cannot read at all is read whole, as :meth:`Store.results` reads it.
    """
    start = float("-inf") if since is None else since
    if run_id is None:
        run_id = _newest_of_all(db, rows)  # then each row's latest result is that run's
    query = _LATEST.replace("{hidden}", hidden_runs(db)) if run_id is None else _OF_RUN
    args = rows if run_id is None else (run_id, start, *rows)
    detail = _SLIM
    if short > 0:
        # A rule's or a metric's detail holds little to leave out, and rows alike hold
        # the same text: leaving things out costs SQLite more than decoding it whole.
        small = f"""length(detail) < {int(short)} AND NOT instr(detail, '"key"')"""
        detail = _slim(f"{small} OR {_NOT_JSON}")
    try:
        found = db.execute(query.format(columns=_COLUMNS.format(detail=detail)), args).fetchall()
    except sqlite3.OperationalError:  # a detail damaged by hand
        found = db.execute(query.format(columns=_COLUMNS.format(detail="detail")), args).fetchall()
    decoded: dict[str | None, Any] = {None: None}
    read: list[ResultRow] = []
    for run, row, row_id, status, value, error, detail, updated in found:
        if value not in decoded:
            decoded[value] = json.loads(value)
        if detail not in decoded:
            decoded[detail] = json.loads(detail)
        read.append((run, row, row_id, status, decoded[value], error, decoded[detail], updated))
    return read


def hidden_runs(db: sqlite3.Connection) -> str:
    """A condition on ``run_id`` (`` AND run_id NOT IN (…)``) that leaves out the runs no
    row's latest result comes from (calibration runs); "" when there are none, so that
    the usual queries stay as fast as they are."""
    try:
        found = db.execute("SELECT id FROM runs WHERE purpose=?", (CALIBRATION,)).fetchall()
    except sqlite3.OperationalError:  # a file with no runs table yet
        return ""
    return f" AND run_id NOT IN ({','.join(str(int(i)) for (i,) in found)})" if found else ""


def _newest_of_all(db: sqlite3.Connection, rows: tuple[int, int]) -> int | None:
    """The newest run (not a calibration run), when it has a result for every row of
    ``rows`` that has one in such a run."""
    newest, count = db.execute(
        "SELECT MAX(run_id), COUNT(DISTINCT row_index) FROM results "
        f"WHERE row_index >= ? AND row_index < ?{hidden_runs(db)}",
        rows,
    ).fetchone()
    if newest is None:
        return None
    held = db.execute(
        "SELECT COUNT(*) FROM results WHERE run_id = ? AND row_index >= ? AND row_index < ?",
        (newest, *rows),
    ).fetchone()[0]
    return int(newest) if held == count else None


def row_span(db: sqlite3.Connection, run_id: int | None = None) -> tuple[int, int, int]:
    """How many rows have a result (in a run, or in any), the first row index and the
    last (0, 0, -1 when none)."""
    where, args = ("", ()) if run_id is None else (" WHERE run_id=?", (run_id,))
    found = db.execute(
        f"SELECT COUNT(DISTINCT row_index), MIN(row_index), MAX(row_index) FROM results{where}",
        args,
    ).fetchone()
    return (found[0], found[1], found[2]) if found[0] else (0, 0, -1)


def run_stamps(db: sqlite3.Connection) -> dict[int, RunStamp]:
    """Each run's results: how many, when the last was stored, and the sum of the times
    they were stored (run id → all three).

    Storing a result (new or replaced) changes its run's stamp: what was computed from a
    run's results holds while its stamp is the same.
    """
    found = db.execute(
        "SELECT run_id, COUNT(*), MAX(updated), TOTAL(updated) FROM results GROUP BY run_id"
    )
    return {run: (count, last, total) for run, count, last, total in found}


def count_results(db: sqlite3.Connection, run_id: int | None = None) -> int:
    """How many results are stored: of one run, or of every run (no fewer than the
    rows; counted at once from an index)."""
    where, args = ("", ()) if run_id is None else (" WHERE run_id=?", (run_id,))
    return int(db.execute(f"SELECT COUNT(*) FROM results{where}", args).fetchone()[0])


# Each row's latest result: its status, its value, and whether a script failed in it
# (each script's outcome is kept in the row's detail under its kind; see run.details).
_LATEST_STATUSES = """
SELECT r.row_index, r.status, r.value,
       r.status = 'error' AND (json_extract(r.detail, '$.preprocess.ok') = 0
                               OR json_extract(r.detail, '$.postprocess.ok') = 0)
FROM results r
JOIN (SELECT row_index, MAX(run_id) AS run_id FROM results WHERE 1{hidden} GROUP BY row_index) m
USING (row_index, run_id)
"""

Status = tuple[int, str, Any, bool]
"""A row's latest result without its detail: (row index, status, value, whether its
pre- or postprocess script failed)."""


def latest_statuses(db: sqlite3.Connection) -> list[Status]:
    """Each row's latest result without its detail (see :data:`Status`), counted by
    SQLite for a glance: no row's detail is decoded."""
    found: list[Status] = []
    decoded: dict[str, Any] = {}  # the same few values over and over
    query = _LATEST_STATUSES.replace("{hidden}", hidden_runs(db))
    for row, status, text, script_failed in db.execute(query):
        if text is None:
            value = None
        elif text in decoded:
            value = decoded[text]
        else:
            value = json.loads(text)
            if not isinstance(value, list | dict):  # never share those
                decoded[text] = value
        found.append((row, status, value, bool(script_failed)))
    return found


def outcomes(
    db: sqlite3.Connection, run_id: int, rows: tuple[int, int] = EVERY_ROW
) -> dict[int, Outcome]:
    """Each row's result in a run without its detail: row index → (row id, status, value);
    ``rows``: only the row indexes from the first up to, not including, the second."""
    found: dict[int, Outcome] = {}
    decoded: dict[str, Any] = {}  # the same few values over and over
    for row, row_id, status, text in db.execute(
        "SELECT row_index, row_id, status, value FROM results "
        "WHERE run_id=? AND row_index >= ? AND row_index < ? ORDER BY row_index",
        (run_id, *rows),
    ):
        if text is None:
            value = None
        elif text in decoded:
            value = decoded[text]
        else:
            value = json.loads(text)
            if not isinstance(value, list | dict):  # never share those
                decoded[text] = value
        found[row] = (row_id, status, value)
    return found


@dataclass(frozen=True)
class StepVerdicts:
    """What each judge of a run said on each row, as the row's detail keeps it.

    Attributes:
        ids: every row of the run: row index → row id.
        judges: judge name → row index → the value of that judge's verdict, for the
            verdicts that were read (``ok``); a judge named twice on a row keeps the last.
    """

    ids: dict[int, str] = field(default_factory=dict)
    judges: dict[str, dict[int, Any]] = field(default_factory=dict)


def step_verdicts(
    db: sqlite3.Connection, run_id: int, rows: Collection[int] | None = None
) -> StepVerdicts:
    """Each judge's own verdict per row of a run (its detail's judge steps); only
    for ``rows`` when given (a few rows of a large run are read by their index)."""
    if rows is None:
        return _steps_of(db, run_id, "", (), None)
    if len(rows) > _FEW_ROWS:  # one pass over the run, the other rows left out
        return _steps_of(db, run_id, "", (), rows.__contains__)
    ordered = sorted(rows)
    parts = (ordered[at : at + _PART_ROWS] for at in range(0, len(ordered), _PART_ROWS))
    where = " AND r.row_index IN ({})"
    return _merged(
        _steps_of(db, run_id, where.format(",".join("?" * len(part))), part, None) for part in parts
    )


_FEW_ROWS = 50_000
"""Rows asked for up to which they are read by their index rather than by a whole scan."""

_PART_ROWS = 900
"""Row indexes read by one query (at most SQLite's 999 parameters, less the run's)."""


def _steps_of(
    db: sqlite3.Connection,
    run_id: int,
    where: str,
    params: Sequence[int],
    wanted: Callable[[int], bool] | None,
) -> StepVerdicts:
    """:func:`step_verdicts` of the rows ``where`` selects (with ``params``) and, of
    those, the rows ``wanted`` keeps (every one for None)."""
    args = (run_id, *params)

    def kept(found: Iterable[tuple[Any, ...]]) -> Iterable[tuple[Any, ...]]:
        return found if wanted is None else (row for row in found if wanted(row[0]))

    listed = db.execute(
        f"SELECT row_index, row_id FROM results AS r WHERE run_id=?{where} ORDER BY row_index",
        args,
    )
    ids = dict(kept(listed))
    try:
        judges = _read_steps(kept(db.execute(_STEPS.format(where=where), args)))
    except sqlite3.OperationalError:  # a detail that is not JSON: read each in Python
        every = db.execute(
            f"SELECT row_index, detail FROM results AS r WHERE run_id=?{where}", args
        )
        return StepVerdicts(ids, _in_python(kept(every)))
    unread = list(
        kept(
            db.execute(
                f"SELECT row_index, detail FROM results AS r WHERE run_id=? AND {_NOT_JSON}{where}",
                args,
            )
        )
    )
    if unread:
        for name, given in _in_python(unread).items():
            judges.setdefault(name, {}).update(given)
        judges = {name: dict(sorted(given.items())) for name, given in judges.items()}
    return StepVerdicts(ids, judges)


def _read_steps(found: Iterable[tuple[int, str, str | None]]) -> dict[str, dict[int, Any]]:
    judges: dict[str, dict[int, Any]] = {}
    decoded: dict[str, list[Any]] = {}  # the same few verdicts over and over
    for row, text, judge_type in found:
        fields = decoded.get(text)
        if fields is None:
            fields = json.loads(text)
            if not any(isinstance(v, list | dict) for v in fields):  # never share those
                decoded[text] = fields
        ok, value, judge = fields
        if not ok:
            continue
        name = judge if type(judge) is str else "" if judge_type is None else str(judge)
        given = judges.get(name)
        if given is None:
            given = judges[name] = {}
        given[row] = value
    return judges


def _merged(parts: Iterable[StepVerdicts]) -> StepVerdicts:
    ids: dict[int, str] = {}
    judges: dict[str, dict[int, Any]] = {}
    for part in parts:  # parts come in row order: each judge's rows stay in order
        ids.update(part.ids)
        for name, given in part.judges.items():
            judges.setdefault(name, {}).update(given)
    return StepVerdicts(ids, judges)


def _in_python(rows: Iterable[tuple[int, str]]) -> dict[str, dict[int, Any]]:
    judges: dict[str, dict[int, Any]] = {}
    for row, detail in sorted(rows):
        for name, value in _steps(json.loads(detail)):
            judges.setdefault(name, {})[row] = value
    return judges


def _steps(detail: RowDetail) -> Iterator[tuple[str, Any]]:
    """(judge, value) of each step of a detail whose verdict was read."""
    for step in judge_steps(detail):
        verdict = verdict_of(step)
        if verdict is not None and verdict.get("ok"):
            yield str(step.get("judge", "")), verdict.get("value")
