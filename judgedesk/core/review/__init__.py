"""Review: people's verdicts beside the judge's, and how far they agree.

A review session over a run's results (queue, filters, sorts, undoable verdicts, on a
thread of its own for the window), the scale a person judges on and labels a dataset
already carries, and the agreement statistics (exact agreement, Cohen's kappa, weighted
kappa, correlation, confusion matrix). Reads the run stage; never imports report.
"""

from __future__ import annotations

from judgedesk.core.review.agreement import AgreementFigures, agreement
from judgedesk.core.review.human import ReviewScale, scale_for
from judgedesk.core.review.session import ReviewFilter, ReviewSession, disagreeing_rows
from judgedesk.core.review.worker import ReviewWorker

__all__ = [
    "AgreementFigures",
    "ReviewFilter",
    "ReviewScale",
    "ReviewSession",
    "ReviewWorker",
    "agreement",
    "disagreeing_rows",
    "scale_for",
]
