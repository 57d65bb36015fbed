"""Run: the pipeline over rows, and the results file that keeps every reply.

For each row: preprocess, each judge in order (request, call, verdict), postprocess, the
row's result. Runs pause, resume, stop and continue after a crash without asking a
finished call again (the store caches each reply by its exact request); they go in a
thread or a process of their own for a window. Also: pairs judged in both orders, the
estimate of a run's cost, one judge on one row ("Judge this row"), trying a script on
stored replies, and the reviews table the results file holds beside the runs. Never
imports the review or report stages: a filter of theirs comes in as a ``Selection``'s
``pick``.
"""

from __future__ import annotations

from judgedesk.core.run.background import BackgroundRun, RunNews
from judgedesk.core.run.estimate import RunEstimate, estimate_run
from judgedesk.core.run.outcome import RowOutcome, row_outcome
from judgedesk.core.run.pipeline import Progress, Run, RunSummary, run_project
from judgedesk.core.run.process import ProcessRun
from judgedesk.core.run.reviews import Review
from judgedesk.core.run.selection import Selection
from judgedesk.core.run.store import ResultRecord, RunRecord, Store

__all__ = [
    "BackgroundRun",
    "ProcessRun",
    "Progress",
    "ResultRecord",
    "Review",
    "RowOutcome",
    "Run",
    "RunEstimate",
    "RunNews",
    "RunRecord",
    "RunSummary",
    "Selection",
    "Store",
    "estimate_run",
    "row_outcome",
    "run_project",
]
