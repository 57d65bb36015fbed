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
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

__all__ = ["StepVerdicts", "step_verdicts"]

_NOT_JSON = "(instr(detail, 'NaN') OR instr(detail, 'Infinity'))"

# One JSON array per judge step: [verdict.ok, verdict.value, judge], with null for a
# field that is missing (json_type tells a missing judge from a null one).
_STEPS = f"""
SELECT r.row_index,
       json_extract(j.value, '$.verdict.ok', '$.verdict.value', '$.judge'),
       json_type(j.value, '$.judge')
FROM results AS r, json_each(r.detail, '$.judges') AS j
WHERE r.run_id = ? AND NOT {_NOT_JSON.replace("detail", "r.detail")}
  AND typeof(j.key) = 'integer' AND j.type = 'object'
ORDER BY r.row_index, j.key
"""


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


def step_verdicts(db: sqlite3.Connection, run_id: int) -> StepVerdicts:
    """Each judge's own verdict per row of a run (its ``detail["judges"]`` steps)."""
    ids = dict(
        db.execute(
            "SELECT row_index, row_id FROM results WHERE run_id=? ORDER BY row_index", (run_id,)
        ).fetchall()
    )
    try:
        found = db.execute(_STEPS, (run_id,)).fetchall()
    except sqlite3.OperationalError:  # a detail that is not JSON: read each in Python
        every = db.execute("SELECT row_index, detail FROM results WHERE run_id=?", (run_id,))
        return StepVerdicts(ids, _in_python(every.fetchall()))
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
    unreadable = db.execute(
        f"SELECT row_index, detail FROM results WHERE run_id=? AND {_NOT_JSON}", (run_id,)
    ).fetchall()
    if unreadable:
        for name, rows in _in_python(unreadable).items():
            judges.setdefault(name, {}).update(rows)
        judges = {name: dict(sorted(given.items())) for name, given in judges.items()}
    return StepVerdicts(ids, judges)


def _in_python(rows: Iterable[tuple[int, str]]) -> dict[str, dict[int, Any]]:
    judges: dict[str, dict[int, Any]] = {}
    for row, detail in sorted(rows):
        for name, value in _steps(json.loads(detail)):
            judges.setdefault(name, {})[row] = value
    return judges


def _steps(detail: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    """(judge, value) of each step of a detail whose verdict was read."""
    for step in detail.get("judges", ()):
        if not isinstance(step, dict):
            continue
        verdict = step.get("verdict")
        if isinstance(verdict, dict) and verdict.get("ok"):
            yield str(step.get("judge", "")), verdict.get("value")
