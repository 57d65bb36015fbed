"""Reports computed in a process of their own, so that a window stays fluid meanwhile.

Building the report of a big project allocates a great deal; in the window's process
that garbage would be collected on the window's thread (which alone may collect it
safely) and the computation would hold the interpreter's lock for long stretches. A
separate process keeps both away from the window. The process is started as soon as a
project is opened (:meth:`ReportWorker.warm`) and kept: it keeps the last datasets it
opened and what the last reports read (:class:`~judgedesk.core.report.cache.ReportCache`),
so a report computed again after a review reads the reviews alone, and after a run that
run's results alone.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
from collections import OrderedDict
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from judgedesk.core.dataset import Dataset
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.project import Project, open_project_dataset
from judgedesk.core.report.build import (
    Report,
    RunComparison,
    project_comparison,
    project_report,
    project_runs,
)
from judgedesk.core.report.cache import ReportCache
from judgedesk.core.review import ReviewScale
from judgedesk.core.run import RunRecord

DATASETS_KEPT = 2


@dataclass(frozen=True)
class ReportPage:
    """What one computation of the report gives the window (plain, picklable data).

    Attributes:
        report: the report; None when the project has no run yet.
        runs: the project's runs, oldest first.
        run_id: the run reported, or None for each row's latest result.
    """

    report: Report | None
    runs: list[RunRecord]
    run_id: int | None


def report_page(
    project: Project,
    dataset: Dataset | None,
    run_id: int | None,
    category: str | None,
    cache: ReportCache | None = None,
) -> ReportPage:
    """Read the runs and compute the report (blocking).

    ``category`` "" means no breakdown; a run that no longer exists falls back to each
    row's latest result. ``cache``: see :func:`project_report`.
    """
    runs = project_runs(project)
    if not runs:
        return ReportPage(None, [], None)
    if run_id not in {run.id for run in runs}:
        run_id = None
    chosen = category if dataset is not None else ""
    report = project_report(
        project, dataset, run_id=run_id, category=chosen, history=True, cache=cache
    )
    return ReportPage(report, runs, run_id)


# --- in the report process ----------------------------------------------------------------

_datasets: OrderedDict[tuple[Any, ...], Dataset] = OrderedDict()
_cache = ReportCache()  # what the last reports read, for the next ones


def _dataset_key(project: Project) -> tuple[Any, ...]:
    """What makes two openings of a project's dataset the same: files, their sizes and
    times, and how they are read."""
    files = [project.dataset_path(), *project.prediction_paths().values()]
    stamps = []
    for path in files:
        try:
            found = os.stat(path)
        except OSError:
            return ("missing", str(path))
        stamps.append((str(path), found.st_size, found.st_mtime_ns))
    settings = project.dataset
    mapping = tuple(sorted(settings.fields.items()))
    return (*stamps, settings.format, settings.sheet, mapping)


def _open_dataset(project: Project) -> Dataset | None:
    key = _dataset_key(project)
    dataset = _datasets.get(key)
    if dataset is not None:
        _datasets.move_to_end(key)
        return dataset
    if key[0] == "missing":
        return None
    try:
        dataset = open_project_dataset(project)
    except JudgeDeskError:
        return None  # the report is made without categories or the dataset's labels
    _datasets[key] = dataset
    while len(_datasets) > DATASETS_KEPT:
        closed = _datasets.popitem(last=False)[1]
        _cache.forget_dataset(closed)
        closed.close()
    return dataset


def _page_in_process(project: Project, run_id: int | None, category: str | None) -> ReportPage:
    return report_page(project, _open_dataset(project), run_id, category, _cache)


def _comparison_in_process(
    project: Project, first: int, second: int
) -> tuple[RunComparison, ReviewScale]:
    return project_comparison(project, first, second, cache=_cache)


def _warm_in_process(project: Project, run_id: int | None, category: str | None) -> None:
    """Open the dataset and compute the report once, keeping what it read: the report
    asked for when the pane is shown then reads only what changed since."""
    with contextlib.suppress(JudgeDeskError):  # said when the report is asked for
        report_page(project, _open_dataset(project), run_id, category, _cache)


# --- in the window's process --------------------------------------------------------------


class ReportWorker:
    """Hands report computations to one process of its own, in the order asked."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # "spawn": a fresh interpreter, never a copy of the window's threads and Qt.
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(max_workers=1, mp_context=context)
        return self._pool

    @property
    def started(self) -> bool:
        """Whether the process has been started (and not shut down since)."""
        return self._pool is not None

    def warm(
        self, project: Project, run_id: int | None = None, category: str | None = None
    ) -> Future[None]:
        """Start the process, if need be, and have it read ``project``'s dataset and
        results ahead of the first report asked for (see :meth:`page`)."""
        return self._executor().submit(_warm_in_process, project, run_id, category)

    def page(
        self, project: Project, run_id: int | None, category: str | None
    ) -> Future[ReportPage]:
        """The report page of ``project`` (its dataset is opened in the process)."""
        return self._executor().submit(_page_in_process, project, run_id, category)

    def comparison(
        self, project: Project, first: int, second: int
    ) -> Future[tuple[RunComparison, ReviewScale]]:
        """Two runs of ``project`` compared."""
        return self._executor().submit(_comparison_in_process, project, first, second)

    def shutdown(self) -> None:
        """Stop the process (what is queued is dropped; what runs is waited for)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
