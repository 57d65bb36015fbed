"""The report of a large run, read from the results file a chunk of rows at a time.

Past :data:`LARGE_ROWS` rows (:data:`ONCE_ROWS` for a report made once) a report keeps
no object per row: each chunk's results are read, added to what each figure needs
(counts, and each row's verdict in lists that share one object for each verdict) and
let go. Only the rows that somebody said something about (a review, an adjudicated
verdict, a dataset label) get an item. The figures are those
:func:`~judgedesk.core.report.build.build_report` gives.
"""

from __future__ import annotations

import heapq
from array import array
from bisect import bisect_left
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from functools import partial
from typing import Any

from judgedesk.core.dataset import Dataset
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.project import Project
from judgedesk.core.report.cache import report_results
from judgedesk.core.report.confidence import confidence_calibration
from judgedesk.core.report.contents import Report
from judgedesk.core.report.figures import distribution, summarize
from judgedesk.core.report.groups import (
    DimensionScores,
    category_groups,
    named_categories,
    read_categories,
)
from judgedesk.core.report.judges import JudgeTally
from judgedesk.core.report.pairwise import any_pairs
from judgedesk.core.report.people import (
    People,
    add_people_figures,
    alpha_of,
    people_figures_of,
    read_people,
)
from judgedesk.core.report.sample_figures import correct_figures
from judgedesk.core.review import (
    JudgeValues,
    JudgeVerdict,
    RandomSample,
    ReviewItem,
    ReviewSession,
    ReviewSnapshot,
    judge_verdicts,
    person_agreement,
    progress_of,
    read_labels,
    reviews_by_row,
    scale_for,
    snapshot_items,
)
from judgedesk.core.run import (
    SHORT,
    ResultRecord,
    ResultRow,
    StepVerdicts,
    Store,
    count_results,
    report_rows,
    row_span,
)

__all__ = [
    "CHUNK_ROWS",
    "LARGE_ROWS",
    "ONCE_ROWS",
    "large_span",
    "stream_report",
    "streamed_results",
]

LARGE_ROWS = 200_000
"""Rows with a result past which a report is read a chunk at a time."""

ONCE_ROWS = 10_000
"""The same for a report made once, with nothing kept for the next (a command's): read
so, it makes no object per row and is done sooner."""

CHUNK_ROWS = 20_000
"""Row indexes read at once."""


def large_span(
    store: Store, run_id: int | None, streamed: bool | None, once: bool = False
) -> tuple[int, int] | None:
    """The first and last row of a report read a chunk at a time (see the module
    docstring): past :data:`LARGE_ROWS` rows (:data:`ONCE_ROWS` for a report made
    ``once``), or as ``streamed`` says; None for a report read at once."""
    if streamed is False:
        return None
    limit = ONCE_ROWS if once else LARGE_ROWS
    # Every run's results: no fewer than the rows, and counted at once from an index.
    if streamed is None and store.read(partial(count_results, run_id=run_id)) <= limit:
        return None
    count, first, last = store.read(partial(row_span, run_id=run_id))
    return (first, last) if count and (streamed or count > limit) else None


def stream_report(
    store: Store,
    project: Project,
    dataset: Dataset | None,
    run_id: int | None,
    breakdown: tuple[str | None, Sequence[str]],
    seed: int,
    span: tuple[int, int],
    *,
    history: bool = False,
    read_verdicts: Callable[[Store, int], StepVerdicts] | None = None,
    sample: RandomSample | None = None,
) -> Report:
    """The report of the rows from ``span[0]`` to ``span[1]`` (see the module docstring),
    broken down by ``breakdown[0]``: the rows' categories, as far as read already, are
    ``breakdown[1]`` (see :func:`~judgedesk.core.report.build.project_report`). With
    ``history``, each judge version's agreement with people, each run's verdicts read by
    ``read_verdicts`` when given (see :func:`~judgedesk.core.report.history.judge_history`).
    With ``sample``, the headline figures corrected by people's verdicts on it.

    Raises:
        JudgeDeskError: a breakdown is asked for without the dataset.
    """
    # What was kept of every row is let go before the passes that follow.
    report, session, reviewers, pairs = _figures(
        store, project, dataset, run_id, breakdown, seed, span, sample
    )
    # Pairs are read again, a chunk at a time: pairwise figures keep no row either.
    return add_people_figures(
        report,
        store,
        session,
        reviewers,
        pairs=streamed_results(store, run_id, span) if pairs else None,
        seed=seed,
        history=history,
        read_verdicts=read_verdicts,
    )


def _figures(
    store: Store,
    project: Project,
    dataset: Dataset | None,
    run_id: int | None,
    breakdown: tuple[str | None, Sequence[str]],
    seed: int,
    span: tuple[int, int],
    sample: RandomSample | None = None,
) -> tuple[Report, ReviewSession, People, bool]:
    """The figures of one pass over the rows (see :func:`stream_report`); the session of
    the rows somebody said something about, its reviewers, and whether some row holds a
    pairwise verdict."""
    everyone = store.reviews.everyone()
    decided = {index: a.value for index, a in store.adjudications.all().items()}
    by_row = reviews_by_row(everyone)
    asked = set(by_row) | set(decided)
    category = _category_field(dataset, breakdown[0])
    order = [j.name for j in project.judges if j.enabled]
    read = _Rows(JudgeTally(order), breakdown[1])
    read.keep_every_category = sample is not None  # each category is corrected too
    for records in streamed_chunks(store, run_id, span):
        read.add(records, asked, dataset, category)
    scale = scale_for(project, read.ok_values)
    rows = _EveryRow(read.rows, sorted(row for row in asked if not read.has(row)))
    labels, human = read_labels(dataset, rows, scale) if dataset is not None else ({}, None)
    missing = [row for row in labels if row not in read.kept and read.has(row)]
    read.kept.update(_results_of(store, run_id, missing))
    kept = sorted(asked | set(labels))
    items = snapshot_items(kept, read.kept, None, by_row, decided, labels, None, scale)
    session = ReviewSession(
        store,
        dataset,
        project=project,
        run_id=run_id,
        reviewer=None,
        snapshot=ReviewSnapshot(scale, items, everyone),
    )
    judged = [i for i in items.values() if i.result is not None]
    reviewers = read_people(session, everyone, rows)
    groups = []
    if category and dataset is not None:
        found = dict(read.kept_categories)
        unread = [i.row_index for i in judged if i.row_index not in found]
        read_categories(dataset, unread, category, found)
        for item in judged:
            read.categories.setdefault(found[item.row_index], ([], []))[1].append(item)
        groups = category_groups(read.categories, scale, seed)
    rated = {row for given in reviewers.verdicts.values() for row in given}
    judges, dimensions = read.judges()
    summary = summarize(read.results, scale, seed=seed)
    correction = None
    if sample is not None:
        judged_rows = ((row, *result) for row, result in zip(read.rows, read.results, strict=True))
        people = {row: item.human_value for row, item in items.items()}
        strata = None
        if sample.by and dataset is not None:
            strata = read.every_category if sample.by == category else {}
            unread = [row for row in read.rows if row not in strata]
            read_categories(dataset, unread, sample.by, strata)
        correction = correct_figures(
            sample,
            judged_rows,
            people,
            summary.kind,
            scale,
            strata=strata,
            categories=named_categories(read.every_category, groups) if groups else None,
        )
    report = Report(
        project=project.name,
        run_id=run_id,
        scale=scale,
        summary=summary,
        distribution=distribution(read.ok_values, scale),
        dimensions=dimensions.groups(judged, seed),
        category_field=category or None,
        categories=groups,
        agreement=person_agreement(items.values(), scale, judges.agreement()),
        review=progress_of(items.values(), len(read.rows) + len(rows.extra)),
        human_labels=human,
        judges=read.tally.counts(),
        people=people_figures_of(session, judged, seed, reviewers, read.judge_values(rated)),
        judges_alpha=(
            alpha_of(judges.given(read.rows), scale, seed) if len(judges.values) > 1 else None
        ),
        correction=correction,
        confidence_calibration=confidence_calibration(items.values()),
    )
    return report, session, reviewers, read.pairs


def _category_field(dataset: Dataset | None, category: str | None) -> str | None:
    if category is None and dataset is not None and "category" in dataset.mapping:
        category = "category"
    if category and dataset is None:
        raise JudgeDeskError(
            f"Results cannot be broken down by '{category}' without the dataset: "
            "check that the project's dataset file is where the project says."
        )
    return category


class _Rows:
    """What the figures need of every row, added a chunk at a time."""

    def __init__(self, tally: JudgeTally, known: Sequence[str]) -> None:
        self.known = known
        """Each row's category from the first, as far as read already."""
        self.kept_categories: dict[int, str] = {}
        self.keep_every_category = False
        """Keep every row's category (a random sample corrects each category's figures)."""
        self.every_category: dict[int, str] = {}
        self.rows = array("q")
        self.results: list[tuple[str | None, Any]] = []
        """(status, verdict) of each row, one tuple shared by rows alike."""
        self.ok_values: list[Any] = []
        self.categories: dict[str, tuple[list[tuple[str | None, Any]], list[ReviewItem]]] = {}
        self.kept: dict[int, ResultRecord] = {}
        """The results of rows somebody said something about."""
        self.judges_by_row: list[tuple[JudgeVerdict, ...]] = []
        """Each row's judges' verdicts, one tuple shared by rows alike."""
        self.tally = tally
        self.pairs = False
        self._shared: dict[Hashable, tuple[str | None, Any]] = {}

    def add(
        self,
        rows: list[ResultRow],
        asked: set[int],
        dataset: Dataset | None,
        category: str | None,
    ) -> None:
        indexes = [row[1] for row in rows]
        found: dict[int, str] = {}
        if category and dataset is not None:
            known = self.known
            found = {index: known[index] for index in indexes if 0 <= index < len(known)}
            unread = [index for index in indexes if index not in found]
            read_categories(dataset, unread, category, found)
            self.kept_categories.update((row, found[row]) for row in asked if row in found)
            if self.keep_every_category:
                self.every_category.update(found)
        shared, results, ok_values = self._shared, self.results, self.ok_values
        by_row, categories = self.judges_by_row, self.categories
        judges_of: dict[int, tuple[JudgeVerdict, ...]] = {}  # rows alike share one detail
        outcomes = []
        for row in rows:
            index, status, value, detail = row[1], row[3], row[4], row[6]
            if status != "ok":
                value = None
            try:
                key: Hashable = (status, type(value), value)
                pair = shared.get(key)
            except TypeError:  # a verdict that is a list or an object: its own tuple
                key, pair = None, None
            if pair is None:
                pair = (status, value)
                if key is not None:
                    shared[key] = pair
            results.append(pair)
            if value is not None:
                ok_values.append(value)
            if found:
                group = categories.get(found[index])
                if group is None:
                    group = categories[found[index]] = ([], [])
                group[0].append(pair)
            judges = judges_of.get(id(detail))
            if judges is None:
                judges = judges_of[id(detail)] = judge_verdicts(detail)
            by_row.append(judges)
            outcomes.append((status, detail))
            if index in asked:
                self.kept[index] = ResultRecord(*row)
        self.rows.extend(indexes)
        self.tally.add_outcomes(outcomes)
        self.pairs = self.pairs or any_pairs((row[4], row[6]) for row in rows)

    def judges(self) -> tuple[JudgeValues, DimensionScores]:
        """The judges' verdicts and dimensions over every row (in a pass of their own,
        made only for what there is: two judges or more, scores of dimensions)."""
        values, dimensions = JudgeValues(), DimensionScores()
        alike = list({id(judges): judges for judges in self.judges_by_row}.values())
        names = {judge.name for judges in alike for judge in judges}
        if len(names) > 1:
            for judges in self.judges_by_row:
                values.add_judges(judges)
        if any(judge.dimensions for judges in alike for judge in judges):
            for judges in self.judges_by_row:
                dimensions.add_judges(judges)
        return values, dimensions

    def has(self, row: int) -> bool:
        place = bisect_left(self.rows, row)
        return place < len(self.rows) and self.rows[place] == row

    def judge_values(self, rows: Iterable[int]) -> dict[int, Any]:
        """The judge's verdict on each of ``rows`` that has one (status ok)."""
        found = {}
        for row in rows:
            place = bisect_left(self.rows, row)
            if place < len(self.rows) and self.rows[place] == row:
                status, value = self.results[place]
                if status == "ok" and value is not None:
                    found[row] = value
        return found


class _EveryRow:
    """Every row of the report in order: those with a result and ``extra`` (reviewed or
    adjudicated without one); iterable again and again, holding no list of them all."""

    def __init__(self, rows: array[int], extra: list[int]) -> None:
        self.rows, self.extra = rows, extra

    def __iter__(self) -> Iterator[int]:
        return heapq.merge(self.rows, self.extra)


def streamed_chunks(
    store: Store, run_id: int | None, span: tuple[int, int]
) -> Iterator[list[ResultRow]]:
    """The results of the rows from ``span[0]`` to ``span[1]``, :data:`CHUNK_ROWS` row
    indexes at a time (each row's latest, or one run's), as a report reads them (see
    :func:`~judgedesk.core.run.store_reads.report_rows`)."""
    for start in range(span[0], span[1] + 1, CHUNK_ROWS):
        rows = (start, min(start + CHUNK_ROWS, span[1] + 1))
        found = store.read(partial(report_rows, run_id=run_id, rows=rows, short=SHORT))
        if found:
            yield found


def streamed_results(
    store: Store, run_id: int | None, span: tuple[int, int]
) -> Iterator[ResultRecord]:
    """Every result of :func:`streamed_chunks`, one at a time."""
    for rows in streamed_chunks(store, run_id, span):
        for row in rows:
            yield ResultRecord(*row)


def _results_of(store: Store, run_id: int | None, rows: list[int]) -> dict[int, ResultRecord]:
    """The results of a few ``rows`` (in order), read in runs of nearby rows."""
    found: dict[int, ResultRecord] = {}
    at = 0
    while at < len(rows):
        start = rows[at]
        records = report_results(store, run_id, rows=(start, start + CHUNK_ROWS))
        while at < len(rows) and rows[at] < start + CHUNK_ROWS:
            if rows[at] in records:
                found[rows[at]] = records[rows[at]]
            at += 1
    return found
