"""Exports of a project's results: JSONL, CSV, XLSX, a self-contained HTML report, and
OpenCompass's details (``opencompass``: the judged rows only, see ``exports.opencompass``).

Every export holds every row of the dataset (a row no run judged has the status "not
run"): its inputs, the answer a candidate model generated, each row's latest result (or
one run's), each judge's system prompt, prompt, reply, reasoning, verdict and reason, and
the person's review beside the judge's verdict. CSV and XLSX have the same columns; JSON
Lines nests them. API keys are in none of them: requests are stored without their
headers. Opening one runs nothing: XLSX cells are values, never formulas; CSV texts a
spreadsheet would run are neutralised; the HTML page shows every value as text and runs
only its own script, loading nothing from outside.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from judgedesk.core.dataset import Dataset
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.fileio import atomic_file, remove_leftovers
from judgedesk.core.messages import Translate, as_is
from judgedesk.core.project import Project
from judgedesk.core.report.build import Report, build_report, left_out, project_leaderboard
from judgedesk.core.report.exports.files import atomic_text
from judgedesk.core.report.exports.html import html_parts
from judgedesk.core.report.exports.html_rows import shown_columns, write_rows_section
from judgedesk.core.report.exports.opencompass import write_opencompass
from judgedesk.core.report.exports.records import (
    HUMAN_COLUMNS,
    NOT_RUN,
    export_records,
    export_shape,
    human_fields,
)
from judgedesk.core.report.exports.tables import flat_columns, write_csv, write_jsonl
from judgedesk.core.report.exports.xlsx import write_xlsx
from judgedesk.core.report.history import judge_history
from judgedesk.core.report.people import people_verdicts
from judgedesk.core.review import ReviewSession, load_sample, scale_level
from judgedesk.core.run import Store

__all__ = [
    "FORMATS",
    "HUMAN_COLUMNS",
    "NOT_RUN",
    "export_records",
    "human_fields",
    "write_export",
]

FORMATS = ("jsonl", "csv", "xlsx", "html", "opencompass")


def write_export(
    store: Store,
    out: Path,
    fmt: str,
    dataset: Dataset | None = None,
    *,
    project: Project | None = None,
    run_id: int | None = None,
    report: Report | None = None,
    raw: bool = False,
    translate: Translate | None = None,
    stored: Callable[[str], str] | None = None,
) -> int:
    """Write an export atomically and return the number of rows in it.

    Every row of the dataset is exported, those no run judged with the status "not run"
    (without a dataset, the rows with a result or a review); OpenCompass's details hold
    the judged rows only. Blocking (it reads the store
    and the dataset): call it off the GUI thread.

    Args:
        store: the project's results store.
        out: the file to write.
        fmt: one of :data:`FORMATS`.
        dataset: the project's dataset, for the rows' inputs and human labels.
        project: for the review scale and the report's title.
        run_id: export one run's results instead of each row's latest.
        report: the report to put in XLSX and HTML exports (default: made here, with
            the dataset's category column if one is mapped).
        raw: in a CSV, keep texts a spreadsheet would run as formulas as they are.
        translate: the core's English templates → the reader's language, for the words
            of the HTML page and the XLSX summary (as is by default).
        stored: a sentence of the core stored as English (a row's error) → the same in
            the reader's language, for the HTML page's rows to look at (as is by default).

    Raises:
        JudgeDeskError: an unknown format, or nothing to export yet.
    """
    if fmt not in FORMATS:
        raise JudgeDeskError(f"Unknown export format '{fmt}'. Choose one of: {', '.join(FORMATS)}.")
    remove_leftovers(out.parent, name=out.name)  # what an export killed half-way left
    session = ReviewSession(store, dataset, project=project, run_id=run_id, reviewer=None)
    if not any(item.result is not None for item in session.items()):
        raise JudgeDeskError("There is nothing to export yet: run the project first.")
    shape = export_shape(session)
    records = export_records(session, shape)
    columns = flat_columns(shape)
    if fmt == "jsonl":
        with atomic_text(out) as text:
            return write_jsonl(records, text)
    if fmt == "csv":
        with atomic_text(out) as text:
            return write_csv(records, columns, text, raw=raw)
    if fmt == "opencompass":
        with atomic_text(out) as text:
            return write_opencompass(records, text)
    if report is None:
        sample = load_sample(project) if project is not None else None
        report = build_report(session, project_name=project.name if project else "", sample=sample)
    if report.unreadable is None:
        report = replace(report, unreadable=left_out(store, run_id))
    if report.leaderboard is None and project is not None and project.arena.active:
        board = project_leaderboard(store, project, dataset, run_id, report.category_field)
        report = replace(report, leaderboard=board)
    if not report.history:
        level = scale_level(session.scale)
        report = replace(report, history=judge_history(store, people_verdicts(session), level))
    if fmt == "xlsx":
        with atomic_file(out) as handle:
            return write_xlsx(handle, report, records, columns, translate)
    before, after = html_parts(report, session.items(), translate or as_is, stored or str)
    shown = shown_columns(columns, shape.judges, shape.answers)
    with atomic_text(out) as text:
        text.write(before)
        count = write_rows_section(text, records, columns, shown, len(shape.rows), translate)
        text.write(after)
    return count
