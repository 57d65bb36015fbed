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

from typing import TYPE_CHECKING

from judgedesk.core import lazy_exports

if TYPE_CHECKING:
    from judgedesk.core.run.background import BackgroundRun as BackgroundRun
    from judgedesk.core.run.background import RunNews as RunNews
    from judgedesk.core.run.estimate import RunEstimate as RunEstimate
    from judgedesk.core.run.estimate import estimate_run as estimate_run
    from judgedesk.core.run.outcome import RowOutcome as RowOutcome
    from judgedesk.core.run.outcome import row_outcome as row_outcome
    from judgedesk.core.run.pipeline import Progress as Progress
    from judgedesk.core.run.pipeline import Run as Run
    from judgedesk.core.run.pipeline import RunSummary as RunSummary
    from judgedesk.core.run.pipeline import run_project as run_project
    from judgedesk.core.run.process import ProcessRun as ProcessRun
    from judgedesk.core.run.reviews import Review as Review
    from judgedesk.core.run.selection import Selection as Selection
    from judgedesk.core.run.store import ResultRecord as ResultRecord
    from judgedesk.core.run.store import RunRecord as RunRecord
    from judgedesk.core.run.store import Store as Store

# Imported on first use, so that importing one module of this stage does not import
# all of them: a command starts with only what it uses (``judgedesk render`` loads no
# HTTP client), the window shows before what it needs later is loaded.
_WHERE = {
    "BackgroundRun": "background",
    "RunNews": "background",
    "RunEstimate": "estimate",
    "estimate_run": "estimate",
    "RowOutcome": "outcome",
    "row_outcome": "outcome",
    "Progress": "pipeline",
    "Run": "pipeline",
    "RunSummary": "pipeline",
    "run_project": "pipeline",
    "ProcessRun": "process",
    "Review": "reviews",
    "Selection": "selection",
    "ResultRecord": "store",
    "RunRecord": "store",
    "Store": "store",
}

__all__ = sorted(_WHERE)


__getattr__ = lazy_exports(__name__, _WHERE)
