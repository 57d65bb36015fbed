"""Report: what a project's results say, as figures, text and files.

Summary with confidence intervals, distributions, breakdowns by field and dimension,
agreement with people, pairwise win rates and position bias, two runs compared; the
text of ``judgedesk report``; exports to CSV, JSONL, XLSX and a self-contained HTML
page; and a worker process that computes big reports away from the window. A large
run's report reads its results a chunk at a time, in bounded memory. Reads the run and
review stages; nothing imports it but the UI and the command line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judgedesk.core import lazy_exports

if TYPE_CHECKING:
    from judgedesk.core.report.build import Report as Report
    from judgedesk.core.report.build import build_report as build_report
    from judgedesk.core.report.build import project_report as project_report
    from judgedesk.core.report.exports import write_export as write_export
    from judgedesk.core.report.text import format_report as format_report
    from judgedesk.core.report.worker import ReportWorker as ReportWorker

# Imported on first use, so that importing one module of this stage does not import
# all of them: a command starts with only what it uses (``judgedesk render`` loads no
# HTTP client), the window shows before what it needs later is loaded.
_WHERE = {
    "Report": "build",
    "build_report": "build",
    "project_report": "build",
    "write_export": "exports",
    "format_report": "text",
    "ReportWorker": "worker",
}

__all__ = sorted(_WHERE)


__getattr__ = lazy_exports(__name__, _WHERE)
