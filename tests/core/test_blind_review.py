"""Blind review is blind: no filter or sort by the judge's verdict, and blind verdicts marked."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from judgedesk.core.project.undo import UndoStack
from judgedesk.core.review.session import ReviewFilter, ReviewSession
from judgedesk.core.run.schema import MIGRATIONS, SCHEMA
from judgedesk.core.run.store import Store
from tests.core.test_review import put_run


def test_blind_mode_ignores_filters_and_sorts_by_the_judge_s_verdict(tmp_path: Path) -> None:
    with Store(tmp_path / "r.sqlite") as store:
        put_run(store, {0: 9, 1: 3, 2: 9, 3: 5})
        seeing = ReviewSession(store, reviewer="ana")
        nines = ReviewFilter(score_min=9, score_max=9)
        assert seeing.queue(nines) == [0, 2]  # what blind mode must not show
        assert seeing.queue(sort="score") == [1, 3, 0, 2]
        blind = ReviewFilter(score_min=9, score_max=9, blind=True)
        assert seeing.queue(blind) == [0, 1, 2, 3]
        assert seeing.queue(ReviewFilter(blind=True), sort="score_desc") == [0, 1, 2, 3]
        session = ReviewSession(store, reviewer="ana", blind=True)
        assert session.queue(nines, sort="score") == [0, 1, 2, 3]


def test_verdicts_given_blind_are_marked(tmp_path: Path) -> None:
    with Store(tmp_path / "r.sqlite") as store:
        put_run(store, {0: 9, 1: 3})
        ReviewSession(store, reviewer="ana", blind=True, undo=UndoStack()).set_value(0, 8)
        ReviewSession(store, reviewer="ana", undo=UndoStack()).set_value(1, 3)
    with Store(tmp_path / "r.sqlite", readonly=True) as store:
        mine = store.reviews.all("ana")
        assert (mine[0].blind, mine[1].blind) == (True, False)


def test_a_version_7_file_opens_and_its_reviews_are_not_marked_blind(tmp_path: Path) -> None:
    path = tmp_path / "results.sqlite"
    db = sqlite3.connect(path, isolation_level=None)
    db.executescript(SCHEMA)
    for step in range(1, 7):
        MIGRATIONS[step](db)
    db.execute("INSERT INTO meta VALUES ('version', '7')")
    db.execute(
        "INSERT INTO reviews (row_index, reviewer, row_id, value, updated) "
        "VALUES (0, 'ana', 'r0', '4', 1.0)"
    )
    db.close()
    with Store(path, readonly=True) as store:  # brought up to date, then read
        review = store.reviews.get(0, "ana")
        assert review is not None and review.value == 4 and review.blind is False
