"""The rows of a review read at one moment, for building a session on another thread."""

from __future__ import annotations

from dataclasses import dataclass

from judgedesk.core.dataset import Dataset
from judgedesk.core.project.settings import Project
from judgedesk.core.review.human import ReviewScale, dataset_labels, scale_for
from judgedesk.core.review.items import ReviewItem, build_item
from judgedesk.core.run.store import Store


@dataclass(frozen=True)
class ReviewSnapshot:
    """The rows of a review as read at one moment: plain data, safe to pass between
    threads (see :func:`load_snapshot`)."""

    scale: ReviewScale
    items: dict[int, ReviewItem]


def read_snapshot(
    store: Store,
    dataset: Dataset | None = None,
    project: Project | None = None,
    run_id: int | None = None,
) -> ReviewSnapshot:
    """Read every row's result (each row's latest, or one run's), review and dataset label.

    Blocking: reads the store and, when a ``human`` column is mapped, the dataset.
    """
    if run_id is None:
        results = store.latest_results()
    else:
        results = {r.row_index: r for r in store.results(run_id)}
    reviews = store.reviews.all()
    scale = scale_for(project, (r.value for r in results.values() if r.status == "ok"))
    rows = sorted(set(results) | set(reviews))
    labels = dataset_labels(dataset, rows, scale) if dataset is not None else {}
    items = {
        index: build_item(index, results.get(index), reviews.get(index), labels.get(index))
        for index in rows
    }
    return ReviewSnapshot(scale, items)


def load_snapshot(
    project: Project, dataset: Dataset | None = None, run_id: int | None = None
) -> ReviewSnapshot:
    """:func:`read_snapshot` with a store of its own: for a worker thread.

    A :class:`~judgedesk.core.run.store.Store` belongs to the thread that opened it, so the
    UI reads the rows in a worker with this, then builds the session on its own thread
    with its own store: ``ReviewSession(store, dataset, snapshot=snapshot, …)``.
    """
    if not project.store_path.is_file():
        return ReviewSnapshot(scale_for(project), {})
    with Store(project.store_path) as store:
        return read_snapshot(store, dataset, project, run_id)
