"""Each verdict's confidence in the window: the review queue least sure first, the
inspector's alternatives, the report's confidence card, and packs of the least sure rows."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from pytestqt.qtbot import QtBot

from judgedesk.core.project import Project
from judgedesk.core.review import load_pack
from tests.core import test_confidence_review
from tests.ui.test_report_pane import open_report
from tests.ui.test_review_packs_dialog import export_dialog, write_packs
from tests.ui.test_review_pane import open_review, open_window


def judged(tmp_path: Path, reviewed: bool = True) -> Project:
    """The core tests' four rows judged with probabilities (and reviewed), run in a
    thread of its own: this thread's event loop is the window's."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(test_confidence_review.judged, tmp_path, reviewed).result()


def test_review_sorts_least_sure_first_and_filters_below_a_confidence(
    qtbot: QtBot, tmp_path: Path
) -> None:
    project = judged(tmp_path, reviewed=False)
    window = open_window(qtbot, project.root)
    pane = open_review(qtbot, window)
    filters = pane.filters
    with qtbot.waitSignal(pane.sig_queue_shown, timeout=10_000):
        filters.sort.setCurrentIndex(filters.sort.findData("confidence"))
    assert filters.sort.currentText() == "Least sure first"
    assert pane.model.rows() == [2, 3, 1, 0]
    with qtbot.waitSignal(pane.sig_queue_shown, timeout=10_000):
        filters.confidence_max.setText("0.7")
    assert pane.model.rows() == [2, 3]
    with qtbot.waitSignal(pane.sig_queue_shown, timeout=10_000):
        pane.card.blind_box.setChecked(True)
    # Blind: how sure the judge was would hint at its verdict.
    assert pane.model.rows() == [0, 1, 2, 3]
    bound = filters.confidence_max
    assert not bound.isEnabled() and "blind mode" in bound.toolTip()
    assert filters.filter().confidence_below is None and filters.sort_key() == "row"


def test_the_inspector_shows_the_verdicts_alternatives(qtbot: QtBot, tmp_path: Path) -> None:
    project = judged(tmp_path, reviewed=False)
    window = open_window(qtbot, project.root)
    judging = window.judging
    with qtbot.waitSignal(judging.sig_shown, timeout=10_000):
        window.workspace.select_row(2)
    qtbot.waitUntil(lambda: judging.outcome() is not None, timeout=10_000)
    text = judging.browser.toPlainText()
    assert "Its alternatives (it wrote 7; confidence 55%):" in text
    assert text.index("55%") < text.index("45%")  # the most probable first


def test_the_report_shows_confidence_against_agreement(qtbot: QtBot, tmp_path: Path) -> None:
    project = judged(tmp_path)
    window = open_window(qtbot, project.root)
    pane = open_report(qtbot, window)
    card = pane.confidence_card
    assert card.isVisibleTo(pane)
    assert card.title.text() == "Confidence and agreement with people"
    ece = (2 * abs(0.5 - 0.93) + abs(1.0 - 0.55) + abs(0.0 - 0.62)) / 4  # 0.4825
    written = card.caption.text().split("Expected calibration error: ")[1].rstrip(".")
    assert abs(float(written) - ece) < 0.001
    shown = [
        [card.model.index(r, c).data() for c in range(card.model.columnCount())]
        for r in range(card.model.rowCount())
    ]
    assert shown == [
        ["Confidence 0.5–0.6", "55%", "100%", "1"],
        ["Confidence 0.6–0.7", "62%", "0%", "1"],
        ["Confidence 0.9–1.0", "93%", "50%", "2"],
    ]


def test_packs_can_be_drawn_from_the_least_sure_rows(qtbot: QtBot, tmp_path: Path) -> None:
    project = judged(tmp_path, reviewed=False)
    window = open_window(qtbot, project.root)
    qtbot.waitUntil(lambda: len(window.workspace.dataset) == 4, timeout=10_000)
    dialog = export_dialog(window)
    qtbot.waitUntil(dialog.least_sure.isEnabled, timeout=10_000)
    dialog.reviewers.setPlainText("ana")
    dialog.least_sure.setValue(2)
    assert dialog.preview.text() == "1 reviewer, 2 rows: ana 2 rows."
    dialog.folder.setText(str(tmp_path / "packs"))
    [path] = write_packs(qtbot, dialog)
    assert [row.index for row in load_pack(path).rows] == [2, 3]
