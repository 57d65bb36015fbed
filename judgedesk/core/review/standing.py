"""How far a project's results and reviews have got, read in one look at its results file."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from judgedesk.core.dataset import Dataset
from judgedesk.core.project.settings import Project
from judgedesk.core.review.items import ReviewProgress
from judgedesk.core.review.session import ReviewSession
from judgedesk.core.run.store import Store


@dataclass(frozen=True)
class Standing:
    """The results and reviews of a project, counted.

    Attributes:
        results: rows with a result (each row's latest).
        failed: of those, rows whose judge call or script failed.
        unparsed: of those, rows whose verdict could not be read.
        script_failures: of the failed rows, those whose pre- or postprocess script failed.
        progress: how far the reviewer has got (see :class:`ReviewProgress`).
    """

    results: int
    failed: int
    unparsed: int
    script_failures: int
    progress: ReviewProgress


NOTHING = Standing(0, 0, 0, 0, ReviewProgress(0, 0, 0, 0, 0, 0, 0))
"""A project never run."""


def read_standing(project: Project, dataset: Dataset | None, reviewer: str = "") -> Standing:
    """Count a project's results and ``reviewer``'s reviews (blocking: a worker thread's).

    The results file is opened read-only; a project never run has none and stands at
    :data:`NOTHING`.
    """
    if not project.store_path.is_file():
        return NOTHING
    with Store(project.store_path, readonly=True) as store:
        session = ReviewSession(store, dataset, project=project, reviewer=reviewer)
        results = [item.result for item in session.items() if item.result is not None]
        failed = [r for r in results if r.status == "error"]
        return Standing(
            results=len(results),
            failed=len(failed),
            unparsed=sum(1 for r in results if r.status == "unparsed"),
            script_failures=sum(1 for r in failed if _script_failed(r.detail)),
            progress=session.progress(),
        )


def _script_failed(detail: dict[str, Any]) -> bool:
    # Each script's outcome is kept in the row's detail under its kind (run.details).
    return any(
        isinstance(detail.get(kind), dict) and detail[kind].get("ok") is False
        for kind in ("preprocess", "postprocess")
    )
