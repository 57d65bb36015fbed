"""Report: what a project's results say, as figures, text and files.

Summary with confidence intervals, distributions, breakdowns by field and dimension,
agreement with people, pairwise win rates and position bias, two runs compared; the
text of ``judgedesk report``; exports to CSV, JSONL, XLSX and a self-contained HTML
page; and a worker process that computes big reports away from the window. Reads the
run and review stages; nothing imports it but the UI and the command line.
"""

from __future__ import annotations

from judgedesk.core.report.build import Report, build_report, project_report
from judgedesk.core.report.exports import write_export
from judgedesk.core.report.text import format_report
from judgedesk.core.report.worker import ReportWorker

__all__ = [
    "Report",
    "ReportWorker",
    "build_report",
    "format_report",
    "project_report",
    "write_export",
]
