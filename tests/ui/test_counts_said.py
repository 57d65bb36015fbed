"""Counts of rows and calls in the window's sentences: one in the singular."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from judgedesk.ui.counts import calls_said, rows_said
from judgedesk.ui.models.review_queue_model import ReviewQueueModel
from judgedesk.ui.panes.report.terms import ReportTerms
from judgedesk.ui.panes.review.queue import ReviewQueue


@pytest.mark.parametrize(
    ("count", "rows", "calls"),
    [(0, "0 rows", "0 calls"), (1, "1 row", "1 call"), (1200, "1,200 rows", "1,200 calls")],
)
def test_a_count_of_one_is_said_in_the_singular(
    qapp: object, count: int, rows: str, calls: str
) -> None:
    assert (rows_said(count), calls_said(count)) == (rows, calls)


def test_the_review_queue_and_a_runs_rows_say_one_row(qtbot: QtBot) -> None:
    queue = ReviewQueue(ReviewQueueModel())
    qtbot.addWidget(queue)
    queue.show_count(1)
    assert queue.count.text() == "1 row in the queue"
    queue.show_count(2)
    assert queue.count.text() == "2 rows in the queue"
    terms = ReportTerms()
    assert terms.selection("1 row, failed only") == "1 row, those that failed only"
    assert terms.selection("1 rows") == "1 row" and terms.selection("3 rows") == "3 rows"
