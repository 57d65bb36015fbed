"""Exports of a project's results: JSONL, CSV, XLSX and a self-contained HTML report.

Every export holds each row's latest result (or one run's), the judges' requests and
replies, and the person's review beside the judge's verdict. API keys are in none of
them: requests are stored without their headers. Opening one runs nothing: XLSX cells
are values, never formulas; CSV texts a spreadsheet would run are neutralised; the HTML
page escapes every value and forbids any script or outside resource.
"""

from __future__ import annotations

from pathlib import Path

from judgedesk.core.dataset import Dataset
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.fileio import atomic_write_bytes, atomic_write_text
from judgedesk.core.project.settings import Project
from judgedesk.core.report.build import Report, build_report
from judgedesk.core.report.exports.html import html_report
from judgedesk.core.report.exports.records import HUMAN_COLUMNS, export_records, human_fields
from judgedesk.core.report.exports.tables import csv_text, jsonl_text
from judgedesk.core.report.exports.xlsx import xlsx_bytes
from judgedesk.core.review.session import ReviewSession
from judgedesk.core.run.store import Store

__all__ = [
    "FORMATS",
    "HUMAN_COLUMNS",
    "export_records",
    "human_fields",
    "write_export",
]

FORMATS = ("jsonl", "csv", "xlsx", "html")


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
) -> int:
    """Write an export atomically and return the number of rows in it.

    Blocking (it reads the store and the dataset): call it off the GUI thread.

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

    Raises:
        JudgeDeskError: an unknown format, or nothing to export yet.
    """
    if fmt not in FORMATS:
        raise JudgeDeskError(f"Unknown export format '{fmt}'. Choose one of: {', '.join(FORMATS)}.")
    session = ReviewSession(store, dataset, project=project, run_id=run_id)
    records = list(export_records(session))
    if not records:
        raise JudgeDeskError("There is nothing to export yet: run the project first.")
    if fmt == "jsonl":
        atomic_write_text(out, jsonl_text(records))
    elif fmt == "csv":
        atomic_write_text(out, csv_text(records, raw=raw))
    else:
        if report is None:
            report = build_report(session, project_name=project.name if project else "")
        if fmt == "xlsx":
            atomic_write_bytes(out, xlsx_bytes(report, records))
        else:
            atomic_write_text(out, html_report(report, session.items()))
    return len(records)
