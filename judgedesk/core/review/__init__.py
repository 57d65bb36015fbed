"""Review: people's verdicts beside the judge's, and how far they agree.

A review session over a run's results (queue, filters, sorts, undoable verdicts, on a
thread of its own for the window), the scale a person judges on and labels a dataset
already carries, and the agreement statistics (exact agreement, Cohen's kappa, weighted
kappa, correlation, confusion matrix). Reads the run stage; never imports report.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judgedesk.core import lazy_exports

if TYPE_CHECKING:
    from judgedesk.core.review.agreement import AgreementFigures as AgreementFigures
    from judgedesk.core.review.agreement import agreement as agreement
    from judgedesk.core.review.human import ReviewScale as ReviewScale
    from judgedesk.core.review.human import scale_for as scale_for
    from judgedesk.core.review.session import ReviewFilter as ReviewFilter
    from judgedesk.core.review.session import ReviewSession as ReviewSession
    from judgedesk.core.review.session import disagreeing_rows as disagreeing_rows
    from judgedesk.core.review.worker import ReviewWorker as ReviewWorker

# Imported on first use, so that importing one module of this stage does not import
# all of them: a command starts with only what it uses (``judgedesk render`` loads no
# HTTP client), the window shows before what it needs later is loaded.
_WHERE = {
    "AgreementFigures": "agreement",
    "agreement": "agreement",
    "ReviewScale": "human",
    "scale_for": "human",
    "ReviewFilter": "session",
    "ReviewSession": "session",
    "disagreeing_rows": "session",
    "ReviewWorker": "worker",
}

__all__ = sorted(_WHERE)


__getattr__ = lazy_exports(__name__, _WHERE)
