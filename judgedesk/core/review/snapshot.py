"""The rows of a review read at one moment, for building a session on another thread."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from judgedesk.core.dataset import Dataset
from judgedesk.core.project import Project
from judgedesk.core.review.human import ReviewScale, dataset_labels, scale_for
from judgedesk.core.review.items import PEOPLE, JudgeVerdict, ReviewItem, build_item
from judgedesk.core.review.reliability import consensus
from judgedesk.core.run import ResultRecord, Review, Store


@dataclass(frozen=True)
class ReviewSnapshot:
    """The rows of a review as read at one moment: plain data, safe to pass between
    threads (see :func:`load_snapshot`)."""

    scale: ReviewScale
    items: dict[int, ReviewItem]
    reviews: dict[str, dict[int, Review]] = field(default_factory=dict, compare=False, repr=False)
    """Every reviewer's reviews as read: reviewer → row index → review."""


def read_snapshot(
    store: Store,
    dataset: Dataset | None = None,
    project: Project | None = None,
    run_id: int | None = None,
    reviewer: str | None = None,
    results: Mapping[int, ResultRecord] | None = None,
    bare: Mapping[int, ReviewItem] | None = None,
) -> ReviewSnapshot:
    """Read every row's result (each row's latest, or one run's), reviews and dataset label.

    With a ``reviewer``, each item's ``review`` is theirs and the other reviewers' are
    its ``others``. Without one (a report), a row's review is its only reviewer's, or,
    where several reviewed, one that stands for them all: the adjudicated verdict if
    any, else their consensus.

    ``results``, when given, are the rows' results already read (row index → result, in
    row order): only the reviews are read then; ``bare`` their :func:`bare_items`, when
    already made.

    Blocking: reads the store and, when a ``human`` column is mapped, the dataset.
    """
    if results is None:
        results = read_results(store, run_id)
    everyone = store.reviews.everyone()
    decided = {index: a.value for index, a in store.adjudications.all().items()}
    scale = scale_for(project, (r.value for r in results.values() if r.status == "ok"))
    by_row = reviews_by_row(everyone)
    rows = sorted(set(results) | set(by_row) | set(decided))
    labels = dataset_labels(dataset, rows, scale) if dataset is not None else {}
    items = snapshot_items(rows, results, bare, by_row, decided, labels, reviewer, scale)
    return ReviewSnapshot(scale, items, everyone)


def reviews_by_row(everyone: Mapping[str, Mapping[int, Review]]) -> dict[int, list[Review]]:
    """Every reviewer's reviews (reviewer → row → review) by row: row → reviews."""
    by_row: dict[int, list[Review]] = {}
    for given in everyone.values():
        for index, review in given.items():
            by_row.setdefault(index, []).append(review)
    return by_row


def snapshot_items(
    rows: Iterable[int],
    results: Mapping[int, ResultRecord],
    bare: Mapping[int, ReviewItem] | None,
    by_row: Mapping[int, list[Review]],
    decided: Mapping[int, Any],
    labels: Mapping[int, Any],
    reviewer: str | None,
    scale: ReviewScale,
) -> dict[int, ReviewItem]:
    """The items of ``rows`` from their results, reviews (``by_row``), adjudicated
    verdicts and dataset labels, as :func:`read_snapshot` makes them."""
    items = {}
    for index in rows:
        made = bare.get(index) if bare is not None else None
        reviews = by_row.get(index, [])
        if made is not None and not reviews and index not in decided and labels.get(index) is None:
            items[index] = made  # nobody said anything about the row: its result alone
            continue
        if reviewer is None:
            mine = _standing_for(reviews, decided.get(index), scale.level)
            others: tuple[Review, ...] = ()
        else:
            mine = next((r for r in reviews if r.reviewer == reviewer), None)
            others = tuple(r for r in reviews if r.reviewer != reviewer)
        label, adjudicated = labels.get(index), decided.get(index)
        people = consensus([r.verdict for r in others], scale.level)
        if made is None:
            made = build_item(
                index,
                results.get(index),
                mine,
                label,
                others=others,
                people_value=people,
                adjudicated=adjudicated,
            )
        elif others or any(v is not None for v in (mine, label, people, adjudicated)):
            made = replace(
                made,
                review=mine,
                dataset_value=label,
                others=others,
                people_value=people,
                adjudicated=adjudicated,
            )
        items[index] = made
    return items


def bare_items(results: Mapping[int, ResultRecord]) -> dict[int, ReviewItem]:
    """Each row's item from its result alone (no review, label or other reviewers), to
    be completed by :func:`read_snapshot`.

    Results that share one detail object (read once for rows alike) share their judges'
    verdicts, read from it once.
    """
    judges: dict[int, tuple[JudgeVerdict, ...]] = {}  # id of a detail → its verdicts
    items = {}
    for index, result in results.items():
        read = judges.get(id(result.detail))
        if read is None:
            item = build_item(index, result, None, None)
            judges[id(result.detail)] = item.judges
        else:
            item = ReviewItem(index, result.row_id, result, None, None, read)
        items[index] = item
    return items


def read_results(store: Store, run_id: int | None = None) -> dict[int, ResultRecord]:
    """Each row's latest result, or one run's: row index → result, in row order."""
    if run_id is None:
        return store.latest_results()
    return {r.row_index: r for r in store.results(run_id)}


def _standing_for(reviews: list[Review], decided: Any, level: str) -> Review | None:
    """One review for a report: the only one, or one standing for several reviewers'."""
    if not reviews:
        return None  # an adjudicated verdict alone is the item's own
    if len(reviews) == 1 and decided is None:
        return reviews[0]
    latest = max(reviews, key=lambda r: r.updated)
    value = decided if decided is not None else consensus([r.verdict for r in reviews], level)
    notes = [f"{r.reviewer}: {r.note}" if r.reviewer else r.note for r in reviews if r.note]
    return replace(
        latest,
        value=value,
        agree=None,
        flag=any(r.flag for r in reviews),
        note="\n".join(notes),
        reviewer=PEOPLE,
        dimensions=_mean_dimensions(reviews),
        source="",
    )


def _mean_dimensions(reviews: list[Review]) -> dict[str, float]:
    scores: dict[str, list[float]] = {}
    for review in reviews:
        for name, score in review.dimensions.items():
            scores.setdefault(name, []).append(float(score))
    return {name: sum(given) / len(given) for name, given in scores.items()}


def load_snapshot(
    project: Project,
    dataset: Dataset | None = None,
    run_id: int | None = None,
    reviewer: str | None = None,
) -> ReviewSnapshot:
    """:func:`read_snapshot` with a store of its own: for a worker thread.

    A :class:`~judgedesk.core.run.store.Store` belongs to the thread that opened it, so the
    UI reads the rows in a worker with this, then builds the session on its own thread
    with its own store: ``ReviewSession(store, dataset, snapshot=snapshot, …)``.
    """
    if not project.store_path.is_file():
        return ReviewSnapshot(scale_for(project), {})
    with Store(project.store_path) as store:
        return read_snapshot(store, dataset, project, run_id, reviewer)
