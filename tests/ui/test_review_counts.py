"""The Review pane's counts read right for one row as for many."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from judgedesk.core.review import ReviewProgress
from judgedesk.ui.panes.review.agreement import AgreementStrip


def _progress(disagreed: int) -> ReviewProgress:
    return ReviewProgress(
        total=10,
        reviewed=3,
        agreed=3 - disagreed,
        disagreed=disagreed,
        flagged=0,
        stale=0,
        from_dataset=0,
    )


def test_one_disagreement_is_said_in_the_singular(qtbot: QtBot) -> None:
    strip = AgreementStrip()
    qtbot.addWidget(strip)
    strip.show_progress(_progress(1))
    assert "1 disagreement" in strip.progress.text()
    assert "1 disagreements" not in strip.progress.text()
    strip.show_progress(_progress(2))
    assert "2 disagreements" in strip.progress.text()
