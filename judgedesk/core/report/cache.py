"""What one report reads that the next one can take as it is, kept between reports.

A report is computed again after every review and every batch of results. Most of what
it reads has not changed meanwhile: the results of finished runs, the category of each
row. A :class:`ReportCache` keeps them, each under what would change it, so that a
report after a review reads the reviews alone, and one during or after a run reads the
results stored since the last report alone.

- Results are kept with the stamps of the runs they come from (each run's count of
  results and the times they were stored, see
  :func:`~judgedesk.core.run.store_reads.run_stamps`). Results are only ever added or
  replaced, never removed, and a replaced one is stored later than the one before: a
  run whose stamp moved is read again from the time of its last result then on.
- A run's rows without their detail (for comparisons) and its judges' verdicts (for
  the history) are kept under the run's stamp.
- A row's category is kept for the dataset object it was read from and the field.

One cache belongs to one thread (the report's process has one).
"""

from __future__ import annotations

import contextlib
import gc
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

from judgedesk.core.dataset import Dataset
from judgedesk.core.run import (
    EVERY_ROW,
    Outcome,
    ResultRecord,
    RunStamp,
    StepVerdicts,
    Store,
    outcomes,
    report_rows,
    run_stamps,
    step_verdicts,
)

__all__ = ["ReportCache", "collecting_after", "report_results"]

_T = TypeVar("_T")

KEPT = 8
"""Runs whose outcomes, runs whose judges' verdicts, and comparisons kept (the latest
used)."""

RESULTS_KEPT = 2
"""Sets of results kept: each row's latest, and one run's (each holds every detail)."""


class ReportCache:
    """Reads kept from one report to the next (see the module docstring).

    Each report calls :meth:`begin` first: what it reads is checked against the runs'
    stamps read then.
    """

    def __init__(self) -> None:
        self._stamps: tuple[str, dict[int, RunStamp]] = ("", {})
        self._results: OrderedDict[tuple[str, int | None], _Results] = OrderedDict()
        self._kept: dict[str, OrderedDict[Hashable, Any]] = {}
        self._categories: dict[str, tuple[Dataset, dict[int, str]]] = {}

    def begin(self, store: Store) -> None:
        """Read what tells whether kept reads still hold (at the start of each report)."""
        self._stamps = (str(store.path), store.read(run_stamps))

    def _stamps_of(self, store: Store) -> dict[int, RunStamp]:
        if self._stamps[0] != str(store.path):
            self.begin(store)
        return self._stamps[1]

    def _keep(self, kind: str, key: Hashable, read: Callable[[], _T]) -> _T:
        entries = self._kept.setdefault(kind, OrderedDict())
        if key in entries:
            entries.move_to_end(key)
            found: _T = entries[key]
            return found
        value = entries[key] = read()
        while len(entries) > KEPT:
            entries.popitem(last=False)
        return value

    def results(self, store: Store, run_id: int | None) -> dict[int, ResultRecord]:
        """Each row's latest result, or one run's (see :func:`report_results`).

        The results are shared between reports: read them, never change them.
        """
        every = self._stamps_of(store)
        wanted = every if run_id is None else {r: s for r, s in every.items() if r == run_id}
        key = (str(store.path), run_id)
        kept = self._results.pop(key, None)
        if kept is not None and kept.stamps == wanted:
            self._results[key] = kept
            return kept.rows
        if kept is not None and _only_added(kept.stamps, wanted):
            rows = _caught_up(store, kept, wanted, latest=run_id is None)
        else:
            rows = report_results(store, run_id)
        self._results[key] = _Results(dict(wanted), rows)
        while len(self._results) > RESULTS_KEPT:
            self._results.popitem(last=False)
        return rows

    def derived(
        self, results: Mapping[int, ResultRecord], key: Hashable, make: Callable[[], _T]
    ) -> _T:
        """What ``make`` computes from ``results`` alone (with what ``key`` names), kept
        while they are: ``results`` as :meth:`results` gave them, else computed."""
        for kept in self._results.values():
            if kept.rows is results:
                if key not in kept.derived:
                    kept.derived[key] = make()
                found: _T = kept.derived[key]
                return found
        return make()

    def comparison(
        self, store: Store, runs: tuple[int, int], scale: Hashable, make: Callable[[], _T]
    ) -> _T:
        """Two runs compared (what ``make`` computes on ``scale``), kept while neither run's
        results change."""
        stamps = self._stamps_of(store)
        key = (str(store.path), runs, stamps.get(runs[0]), stamps.get(runs[1]), scale)
        return self._keep("comparisons", key, make)

    def outcomes(self, store: Store, run_id: int) -> dict[int, Outcome]:
        """A run's rows without their detail (see :func:`outcomes`)."""
        key = (str(store.path), run_id, self._stamps_of(store).get(run_id))
        return self._keep("outcomes", key, lambda: store.read(partial(outcomes, run_id=run_id)))

    def step_verdicts(self, store: Store, run_id: int) -> StepVerdicts:
        """Each judge's verdict per row of a run (see :func:`step_verdicts`)."""
        key = (str(store.path), run_id, self._stamps_of(store).get(run_id))
        return self._keep("steps", key, lambda: store.read(partial(step_verdicts, run_id=run_id)))

    def categories(self, dataset: Dataset, field: str) -> dict[int, str]:
        """The rows' categories read so far from ``dataset`` by ``field`` (row → category);
        the caller adds those it reads."""
        kept = self._categories.get(field)
        if kept is None or kept[0] is not dataset:
            kept = self._categories[field] = (dataset, {})
        return kept[1]

    def forget_dataset(self, dataset: Dataset) -> None:
        """Drop what was read from a dataset (it is being closed)."""
        self._categories = {f: v for f, v in self._categories.items() if v[0] is not dataset}


@dataclass(frozen=True)
class _Results:
    """Results as read, the stamps of the runs they were read from, and what was
    computed from them alone (see :meth:`ReportCache.derived`)."""

    stamps: dict[int, RunStamp]
    rows: dict[int, ResultRecord]
    derived: dict[Hashable, Any] = field(default_factory=dict)


Stamps = Mapping[int, RunStamp]


def _only_added(before: Stamps, now: Stamps) -> bool:
    """Whether every run read before is still there, each one unchanged or with results
    stored since (as many or more, the last one later)."""
    for run, stamp in before.items():
        found = now.get(run)
        if found is None or found[0] < stamp[0] or found[1] < stamp[1]:
            return False
        if found[1] == stamp[1] and found != stamp:
            return False  # changed, yet nothing stored later: read it all again
    return True


def _caught_up(
    store: Store, kept: _Results, now: Stamps, *, latest: bool
) -> dict[int, ResultRecord]:
    """``kept`` with the results stored since: those of new runs, and those of runs whose
    stamp moved stored at or after their last stamp's time (a few read twice is harmless)."""
    rows = dict(kept.rows)
    added = False
    for run in sorted(now):
        if kept.stamps.get(run) == now[run]:
            continue
        since = kept.stamps[run][1] if run in kept.stamps else None
        for record in report_results(store, run, since).values():
            held = rows.get(record.row_index)
            added = added or held is None
            # Each row's latest result is that of the newest run that has one.
            if not latest or held is None or held.run_id <= record.run_id:
                rows[record.row_index] = record
    return dict(sorted(rows.items())) if added else rows


def report_results(
    store: Store,
    run_id: int | None = None,
    since: float | None = None,
    rows: tuple[int, int] = EVERY_ROW,
) -> dict[int, ResultRecord]:
    """Each row's latest result, or a run's (those stored at ``since`` or later), by row,
    read as a report reads them (see :func:`~judgedesk.core.run.store_reads.report_rows`):
    each detail without what no figure reads, shared between rows alike. ``rows``: only
    the row indexes from the first up to, not including, the second."""
    found = store.read(partial(report_rows, run_id=run_id, since=since, rows=rows))
    return {row[1]: ResultRecord(*row) for row in found}


@contextlib.contextmanager
def collecting_after() -> Iterator[None]:
    """No automatic cyclic garbage collection meanwhile, unless it was off already.

    A report makes tens of thousands of objects that live until it is done, and a
    cache keeps many more: each automatic collection would go through them all, for
    garbage a report hardly makes (what it leaves is freed when its last reference
    goes, or by the next collection). A process that collects on a thread of its own
    (the window's) has automatic collection off, and keeps it off.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
