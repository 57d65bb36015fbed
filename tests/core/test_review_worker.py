"""A review session on a thread of its own: changes in order, undo, reload, search, shutdown."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from judgedesk.core.dataset import open_dataset
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.judge.settings import JudgeSettings
from judgedesk.core.project.settings import Project
from judgedesk.core.review.human import ReviewScale
from judgedesk.core.review.session import ReviewFilter
from judgedesk.core.review.worker import ReviewWorker
from judgedesk.core.run.store import Store
from tests.core.test_review import put_run

TIMEOUT = 10


def scored_project(root: Path, values: dict[int, object]) -> Project:
    """A project with a 1–10 score judge, a dataset of len(values) rows and one run."""
    data = root / "data" / "rows.jsonl"
    data.parent.mkdir(parents=True)
    lines = [
        json.dumps({"id": f"r{i}", "question": "kangaroo?" if i == 2 else f"question {i}"})
        for i in range(len(values))
    ]
    data.write_text("\n".join(lines) + "\n", encoding="utf-8")
    project = Project(root=root, name="p", variables={"min_score": 1, "max_score": 10})
    project.dataset.path = "data/rows.jsonl"
    project.judges = [JudgeSettings(name="judge", parser="score")]
    project.save()
    with Store(project.store_path) as store:
        put_run(store, values)
    return project


@pytest.fixture
def worker() -> ReviewWorker:
    made = ReviewWorker()
    yield made
    made.shutdown()


def review_threads() -> list[str]:
    return [t.name for t in threading.enumerate() if t.name.startswith("judgedesk-review")]


def test_changes_typed_fast_are_applied_in_order(tmp_path: Path, worker: ReviewWorker) -> None:
    project = scored_project(tmp_path / "p", {0: 4, 1: 7, 2: 2})
    loaded = worker.open(project, None, reviewer="Ana").result(TIMEOUT)
    assert loaded.scale == ReviewScale("score", 1, 10) and sorted(loaded.items) == [0, 1, 2]
    assert not loaded.undo.can_undo
    # Queued without waiting, as keys typed quickly would be: each one lands, in order.
    futures = [worker.set_value(0, value) for value in (1, 2, 3, 4, 5)]
    futures.append(worker.toggle_flag(1))
    futures.append(worker.set_note(1, "too"))
    futures.append(worker.set_note(1, "too high"))
    changes = [future.result(TIMEOUT) for future in futures]
    assert [c.items[0].review.value for c in changes[:5]] == [1, 2, 3, 4, 5]  # type: ignore[union-attr]
    assert changes[-1].items[0].review.note == "too high"  # type: ignore[union-attr]
    assert changes[-1].undo.can_undo and changes[-1].undo.undo_label == "Edit the note of row 1"
    again = worker.set_value(0, 5).result(TIMEOUT)
    assert again.items == ()  # the same verdict again changes nothing
    undone = worker.undo().result(TIMEOUT)  # the two note edits went as one step
    assert undone.items[0].row_index == 1 and undone.items[0].review.note == ""  # type: ignore[union-attr]
    assert undone.undo.can_redo
    redone = worker.redo().result(TIMEOUT)
    assert redone.items[0].review.note == "too high"  # type: ignore[union-attr]
    cleared = worker.clear_verdict(0).result(TIMEOUT)
    assert cleared.items[0].review is None  # nothing else was said about row 0
    worker.set_agree(2, True).result(TIMEOUT)
    figures = worker.figures().result(TIMEOUT)
    assert (figures.progress.reviewed, figures.progress.flagged) == (1, 1)
    person = figures.agreement[0]
    assert (person.n, person.exact.value) == (1, 1.0)
    with Store(project.store_path) as store:  # every change was written at once
        reviews = store.reviews.all()
    assert reviews[1].note == "too high" and reviews[1].flag and reviews[1].reviewer == "Ana"
    assert reviews[2].agree is True and 0 not in reviews


def test_a_wrong_verdict_fails_its_own_future_only(tmp_path: Path, worker: ReviewWorker) -> None:
    project = scored_project(tmp_path / "p", {0: 4})
    worker.open(project, None).result(TIMEOUT)
    wrong = worker.set_value(0, 11)
    right = worker.set_value(0, 9)
    with pytest.raises(JudgeDeskError, match="not a score from 1 to 10"):
        wrong.result(TIMEOUT)
    assert right.result(TIMEOUT).items[0].human == (9, "review")


def test_reading_again_after_a_run_keeps_undo_and_marks_stale_reviews(
    tmp_path: Path, worker: ReviewWorker
) -> None:
    project = scored_project(tmp_path / "p", {0: 4, 1: 5})
    worker.open(project, None).result(TIMEOUT)
    worker.set_value(0, 4)
    worker.set_value(1, 5).result(TIMEOUT)
    with Store(project.store_path) as store:
        put_run(store, {0: 4, 1: 2})  # a re-run changed row 1's verdict
    loaded = worker.open(project, None, keep_undo=True).result(TIMEOUT)
    assert loaded.items[1].stale and not loaded.items[0].stale
    assert loaded.undo.can_undo
    assert worker.queue(ReviewFilter("stale"), "row").result(TIMEOUT) == [1]
    undone = worker.undo().result(TIMEOUT)
    assert undone.items[0].row_index == 1 and undone.items[0].review is None
    fresh = worker.open(project, None).result(TIMEOUT)  # another project: a new history
    assert not fresh.undo.can_undo


def test_text_search_runs_apart_and_feeds_the_queue(tmp_path: Path, worker: ReviewWorker) -> None:
    project = scored_project(tmp_path / "p", {0: 4, 1: 5, 2: 6})
    with open_dataset(project.dataset_path()) as dataset:
        worker.open(project, dataset).result(TIMEOUT)
        found = worker.search(dataset, "KANGAROO").result(TIMEOUT)
    assert found == frozenset({2})
    worker.set_note(0, "a kangaroo too").result(TIMEOUT)
    text = ReviewFilter(text="kangaroo")
    assert worker.queue(text, "row", found).result(TIMEOUT) == [0, 2]
    assert worker.queue(text, "row").result(TIMEOUT) == [0]  # no search given: notes only


def test_a_project_never_run_has_nothing_to_review_and_no_file_is_made(
    tmp_path: Path, worker: ReviewWorker
) -> None:
    project = Project(root=tmp_path / "new", name="new")
    project.save()
    loaded = worker.open(project, None).result(TIMEOUT)
    assert loaded.items == {} and not project.store_path.exists()
    assert worker.set_value(0, 3).result(TIMEOUT).items == ()
    assert worker.figures().result(TIMEOUT).progress.total == 0


def test_shutdown_applies_what_is_queued_and_ends_the_threads(tmp_path: Path) -> None:
    project = scored_project(tmp_path / "p", {0: 4, 1: 5})
    worker = ReviewWorker()
    worker.open(project, None)
    for value in range(1, 11):
        worker.set_value(1, value)
    worker.shutdown()
    assert review_threads() == []
    with Store(project.store_path) as store:
        assert store.reviews.get(1).value == 10  # type: ignore[union-attr]
    with pytest.raises(RuntimeError, match="shut down"):
        worker.set_value(0, 1)
    worker.shutdown()  # twice is harmless


def test_digit_keys_of_each_scale() -> None:
    assert ReviewScale("score", 1, 10).digit_keys() == (
        (1, 1),
        (2, 2),
        (3, 3),
        (4, 4),
        (5, 5),
        (6, 6),
        (7, 7),
        (8, 8),
        (9, 9),
        (0, 10),
    )
    assert ReviewScale("score", 1, 5).digit_keys()[-1] == (5, 5)
    boolean = ReviewScale("boolean", choices=(True, False), names=("correct", "incorrect"))
    assert boolean.digit_keys() == ((1, True), (0, False))
