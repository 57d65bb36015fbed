"""Several reviewers per row: reviews kept apart, the people's verdict, adjudication."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.project.undo import UndoStack
from judgedesk.core.review.session import ReviewFilter, ReviewSession
from judgedesk.core.review.snapshot import PEOPLE
from judgedesk.core.review.worker import ReviewWorker
from judgedesk.core.run.reviews import Review
from judgedesk.core.run.schema import MIGRATIONS, SCHEMA, STORE_VERSION
from judgedesk.core.run.store import Store
from tests.core.test_review import put_run


def _version_6_file(path: Path) -> None:
    """A results file as version 6 wrote it: one review per row, others' labels apart."""
    db = sqlite3.connect(path, isolation_level=None)
    db.executescript(SCHEMA)
    for step in range(1, 6):
        MIGRATIONS[step](db)
    db.execute("INSERT INTO meta VALUES ('version', '6')")
    reviews = [
        (0, "r0", "4", None, 0, "fine", "", 1.0, None, None, None, None),
        (1, "r1", None, 1, 1, "", "Ana", 2.0, 1, "ok", "7", '{"style":3}'),
    ]
    db.executemany("INSERT INTO reviews VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", reviews)
    team = [(0, "bo", "r0", "5", "bo.csv", 3.0), (2, "bo", "r2", "8", "bo.csv", 3.0)]
    db.executemany("INSERT INTO team_reviews VALUES (?,?,?,?,?,?)", team)
    db.close()


def test_a_version_6_file_keeps_the_person_s_reviews_and_the_imported_labels(
    tmp_path: Path,
) -> None:
    path = tmp_path / "results.sqlite"
    _version_6_file(path)
    with Store(path) as store:
        everyone = store.reviews.everyone()
        assert sorted(everyone) == ["Ana", "bo"]  # the one person's reviews take their name
        assert everyone["Ana"][0].note == "fine" and everyone["Ana"][0].value == 4
        assert everyone["Ana"][1].agree is True and everyone["Ana"][1].dimensions == {"style": 3}
        assert everyone["Ana"][1].verdict == 7  # agreed with the judge's 7
        assert {row: r.value for row, r in everyone["bo"].items()} == {0: 5, 2: 8}
        assert everyone["bo"][0].source == "bo.csv"
        assert store.adjudications.all() == {}
    db = sqlite3.connect(path)
    tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master")}
    assert "team_reviews" not in tables and "adjudications" in tables
    assert db.execute("SELECT value FROM meta WHERE key='version'").fetchone()[0] == "9"
    db.close()
    assert STORE_VERSION == 9


def test_each_reviewer_s_reviews_are_kept_apart(tmp_path: Path) -> None:
    with Store(tmp_path / "r.sqlite") as store:
        put_run(store, {0: 6, 1: 8, 2: 3})
        ana = ReviewSession(store, reviewer="ana", undo=UndoStack())
        ana.set_value(0, 6)
        ana.set_note(0, "ana's note")
        ana.set_value(1, 2)
        bo = ReviewSession(store, reviewer="bo")
        assert bo.item(0).review is None and bo.item(0).human == (6, "people")
        assert bo.queue(ReviewFilter(show="unreviewed")) == [0, 1, 2]  # not yet by bo
        bo.set_value(0, 9)
        bo.toggle_flag(0)
        ana.reload()
        mine = ana.item(0)
        assert mine.review is not None and mine.review.value == 6 and not mine.review.flag
        assert mine.review.note == "ana's note"
        assert [(r.reviewer, r.value, r.flag) for r in mine.others] == [("bo", 9, True)]
        assert mine.verdicts == {"ana": 6, "bo": 9} and mine.split
        assert ana.queue(ReviewFilter(show="split")) == [0]
        assert ana.queue(ReviewFilter(show="unreviewed")) == [2]
        # Blind: the judge's verdict, and the others', are hidden until one's own.
        assert not ana.item(2).judge_visible(blind=True)
        assert ana.item(0).judge_visible(blind=True)
        # Undoing ana's change touches ana's review alone.
        assert ana.undo is not None
        ana.undo.undo()  # ana's verdict on row 1
        assert store.reviews.get(1, "ana") is None and store.reviews.get(0, "bo") is not None
        assert store.reviews.count() == 1 and store.reviews.count("bo") == 1


def test_a_report_reads_the_people_s_verdict_and_the_adjudicated_one_wins(
    tmp_path: Path,
) -> None:
    with Store(tmp_path / "r.sqlite") as store:
        put_run(store, {0: 6, 1: 8, 2: 3, 3: 5})
        for name, values in {"ana": [6, 8, 4], "bo": [6, 2, 4], "cy": [7, 2]}.items():
            session = ReviewSession(store, reviewer=name)
            for row, value in enumerate(values):
                session.set_value(row, value)
        scale = ReviewSession(store, reviewer=None).scale
        assert scale.kind == "score"
        report = ReviewSession(store, reviewer=None)
        assert report.item(0).human_value == pytest.approx(19 / 3)  # scores: the mean
        assert report.item(2).human_value == 4 and report.item(2).review is not None
        assert report.item(2).review.reviewer == PEOPLE
        assert report.item(3).review is None
        with pytest.raises(JudgeDeskError, match="read only"):
            report.set_value(0, 3)
        ana = ReviewSession(store, reviewer="ana", undo=UndoStack())
        ana.adjudicate(1, 2, note="two of three")
        assert ana.item(1).adjudicated == 2 and ana.item(1).human == (8, "review")  # hers
        decided = store.adjudications.get(1)
        assert decided is not None and (decided.adjudicator, decided.note) == (
            "ana",
            "two of three",
        )
        assert ReviewSession(store, reviewer=None).item(1).human_value == 2
        progress = ReviewSession(store, reviewer=None).progress()
        assert (progress.decided, progress.combined, progress.reviewed) == (1, 2, 3)
        assert ReviewSession(store, reviewer="dee").item(1).human == (2, "adjudicated")
        assert ana.queue(ReviewFilter(show="adjudicated")) == [1]
        assert ana.undo is not None and ana.undo.undo_label == "Decide 2 for row 1"
        ana.undo.undo()
        assert store.adjudications.get(1) is None and ana.item(1).adjudicated is None
        # The reviewers' own verdicts were never touched.
        assert {n: r[1].value for n, r in store.reviews.everyone().items()} == {
            "ana": 8,
            "bo": 2,
            "cy": 2,
        }
        with pytest.raises(JudgeDeskError):
            ana.adjudicate(1, "excellent")  # not a score


def test_merging_reviews_twice_changes_nothing_and_keeps_others(tmp_path: Path) -> None:
    with Store(tmp_path / "r.sqlite") as store:
        put_run(store, {0: 6, 1: 8})
        store.reviews.put(Review(0, "r0", value=5, note="mine", reviewer="me", updated=1.0))
        packs = [Review(0, "r0", value=4, reviewer="bo", source="p"), Review(1, "r1", flag=True)]
        packs[1] = Review(1, "r1", flag=True, reviewer="bo", source="p")
        first = store.reviews.merge(packs)
        again = store.reviews.merge(packs)
        assert (first.added, first.changed, first.unchanged) == (2, 0, 0)
        assert (again.added, again.changed, again.unchanged) == (0, 0, 2)
        changed = store.reviews.merge([Review(0, "r0", value=3, reviewer="bo", source="p2")])
        assert (changed.added, changed.changed) == (0, 1)
        assert store.reviews.get(0, "me") == Review(
            0, "r0", value=5, note="mine", reviewer="me", updated=1.0
        )
        assert store.reviews.verdicts(exclude="me") == {"bo": {0: 3}}
        # A merge cut off part-way (here by a bad review) stores none of it.
        broken = Review(None, "x", value=1, reviewer="cy")  # type: ignore[arg-type]
        with pytest.raises(sqlite3.IntegrityError):
            store.reviews.merge([Review(1, "r1", value=2, reviewer="cy"), broken])
        assert store.reviews.all("cy") == {}
        assert store.reviews.forget("bo") == 2 and store.reviews.reviewers() == ["me"]


def test_the_worker_reviews_as_someone_else_and_forgets_the_undo(tmp_path: Path) -> None:
    from judgedesk.core.project.settings import Project

    project = Project(root=tmp_path, variables={"min_score": 1, "max_score": 10})
    with Store(project.store_path) as store:
        put_run(store, {0: 6, 1: 8})
    worker = ReviewWorker()
    try:
        load = worker.open(project, None, reviewer="ana").result(10)
        assert set(load.items) == {0, 1}
        change = worker.set_value(0, 4).result(10)
        assert change.undo.can_undo
        assert worker.set_reviewer("ana").result(10) is None  # the same name: nothing to do
        as_bo = worker.set_reviewer("bo").result(10)
        assert as_bo is not None and not as_bo.undo.can_undo
        assert as_bo.items[0].review is None and as_bo.items[0].human == (4, "people")
        worker.set_value(0, 7).result(10)
        worker.adjudicate(0, 4).result(10)
    finally:
        worker.shutdown()
    with Store(project.store_path) as store:
        assert {n: r[0].value for n, r in store.reviews.everyone().items()} == {"ana": 4, "bo": 7}
        decided = store.adjudications.get(0)
        assert decided is not None and decided.value == 4 and decided.adjudicator == "bo"
