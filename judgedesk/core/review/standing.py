"""How far a project's results and reviews have got, read in one look at its results file.

Made for a glance (the window's sidebar), so it keeps no object per row: the results are
counted by SQLite, and only the rows somebody said something about (a review, a decided
verdict, a dataset label) are read as items, as :func:`~judgedesk.core.review.items.progress_of`
needs.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from judgedesk.core.dataset import Dataset
from judgedesk.core.project import Project
from judgedesk.core.review.calibration_split import (
    MIN_PART,
    TEST_GOAL,
    labelled_rows,
    split_rows,
)
from judgedesk.core.review.human import dataset_labels, scale_for
from judgedesk.core.review.items import ReviewProgress, progress_of
from judgedesk.core.review.snapshot import reviews_by_row, snapshot_items
from judgedesk.core.run import ResultRecord, Store, latest_statuses


@dataclass(frozen=True)
class Standing:
    """The results and reviews of a project, counted.

    Attributes:
        results: rows with a result (each row's latest).
        failed: of those, rows whose judge call or script failed.
        unparsed: of those, rows whose verdict could not be read.
        script_failures: of the failed rows, those whose pre- or postprocess script failed.
        progress: how far the reviewer has got (see :class:`ReviewProgress`).
        calibration_test: rows in the calibration's test part (counted only when two
            judges or more are enabled: there are candidates to compare).
        calibration_more: reviews still needed before judges can be calibrated (0 when
            they can, or when not counted).
        calibration_goal_more: reviews still needed for a test part of
            ``calibration_goal`` rows.
    """

    results: int
    failed: int
    unparsed: int
    script_failures: int
    progress: ReviewProgress
    calibration_test: int = 0
    calibration_more: int = 0
    calibration_goal_more: int = 0
    calibration_goal: int = TEST_GOAL


NOTHING = Standing(0, 0, 0, 0, ReviewProgress(0, 0, 0, 0, 0, 0, 0))
"""A project never run."""


def read_standing(project: Project, dataset: Dataset | None, reviewer: str = "") -> Standing:
    """Count a project's results and ``reviewer``'s reviews (blocking: a worker thread's).

    The results file is opened read-only; a project never run has none and stands at
    :data:`NOTHING`. The progress is the Review pane's for the same reviewer.
    """
    if not project.store_path.is_file():
        return NOTHING
    with Store(project.store_path, readonly=True) as store:
        statuses = {"ok": 0, "error": 0, "unparsed": 0}
        scripts = 0
        values: list[Any] = []
        judged: list[int] = []
        for row, status, value, script_failed in store.read(latest_statuses):
            judged.append(row)
            statuses[status] = statuses.get(status, 0) + 1
            scripts += script_failed
            if status == "ok" and value is not None:
                values.append(value)
        everyone = store.reviews.everyone()
        decided = {index: a.value for index, a in store.adjudications.all().items()}
        scale = scale_for(project, values)
        by_row = reviews_by_row(everyone)
        labels = dataset_labels(dataset, judged, scale) if dataset is not None else {}
        asked = sorted(set(by_row) | set(decided) | {i for i, v in labels.items() if v is not None})
        results: dict[int, ResultRecord] = {}
        for row in asked:
            found = store.latest_result(row)
            if found is not None:
                results[row] = found
        items = snapshot_items(asked, results, None, by_row, decided, labels, reviewer, scale)
        total = len(judged) + sum(1 for row in asked if row not in results)
        standing = Standing(
            results=len(judged),
            failed=statuses["error"],
            unparsed=statuses["unparsed"],
            script_failures=scripts,
            progress=progress_of(items.values(), total),
        )
        if dataset is None or sum(j.enabled for j in project.judges) < 2 or not asked:
            return standing
        settings = project.calibration
        rows = labelled_rows(store, dataset, project, scale)
        split = split_rows(rows, settings.share, settings.seed)
        return dataclasses.replace(
            standing,
            calibration_test=len(split.test),
            calibration_more=split.more_needed(MIN_PART),
            calibration_goal_more=split.more_needed(TEST_GOAL),
        )
