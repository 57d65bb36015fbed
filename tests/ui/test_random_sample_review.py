"""Blind review is blind, and a random sample drawn from the menu is reviewed blind."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QStandardItemModel
from pytestqt.qtbot import QtBot

from judgedesk.core.project import load_project
from judgedesk.core.review import load_sample
from judgedesk.core.run import Store
from judgedesk.ui.dialogs.random_sample import SampleDialog
from tests.core.test_pipeline import make_project
from tests.support.fake_openai import FakeOpenAI
from tests.ui.test_report_pane import open_report
from tests.ui.test_review_pane import ROWS, fake, open_review, open_window, run_all

__all__ = ["fake"]


def sort_enabled(combo_model: object, row: int) -> bool:
    assert isinstance(combo_model, QStandardItemModel)
    item = combo_model.item(row)
    assert item is not None
    return item.isEnabled()


def test_blind_mode_disables_the_judge_score_filter_and_sorts(
    qtbot: QtBot, tmp_path: Path, fake: FakeOpenAI
) -> None:
    make_project(tmp_path, fake.base_url)
    window = open_window(qtbot, tmp_path)
    run_all(qtbot, window)
    pane = open_review(qtbot, window)
    filters = pane.filters
    with qtbot.waitSignal(pane.sig_queue_shown, timeout=10_000):
        filters.score_min.setText("9")
        filters.score_max.setText("9")
    assert pane.model.rows() == [8]  # the one row the judge scored 9
    with qtbot.waitSignal(pane.sig_queue_shown, timeout=10_000):
        pane.card.blind_box.setChecked(True)
    assert pane.model.rows() == list(range(ROWS))  # the range would tell the judge's score
    assert not filters.score_min.isEnabled() and "blind mode" in filters.score_min.toolTip()
    score_sort = filters.sort.findData("score")
    assert not sort_enabled(filters.sort.model(), score_sort)
    filters.sort.setCurrentIndex(filters.sort.findData("score_desc"))  # e.g. set earlier
    assert filters.sort_key() == "row" and filters.filter().score_min is None
    with qtbot.waitSignal(pane.sig_queue_shown, timeout=10_000):
        pane.card.blind_box.setChecked(False)
    assert filters.score_min.isEnabled() and sort_enabled(filters.sort.model(), score_sort)
    assert pane.model.rows() == [8]


def draw_from_menu(qtbot: QtBot, window: object, size: int, seed: int) -> SampleDialog:
    action = window.findChild(type(window.save_action), "drawSampleAction")  # type: ignore[attr-defined]
    assert action is not None
    action.trigger()
    dialog = window.menus.packs.sample_dialog  # type: ignore[attr-defined]
    assert isinstance(dialog, SampleDialog) and dialog.isVisible()
    dialog.size.setValue(size)
    dialog.seed.setText(str(seed))
    with qtbot.waitSignal(dialog.sig_drawn, timeout=10_000):
        dialog.buttons.accepted.emit()
    return dialog


def test_a_sample_drawn_from_the_menu_is_reviewed_blind(
    qtbot: QtBot, tmp_path: Path, fake: FakeOpenAI
) -> None:
    make_project(tmp_path, fake.base_url)
    window = open_window(qtbot, tmp_path)
    run_all(qtbot, window)
    pane = open_review(qtbot, window)
    draw_from_menu(qtbot, window, 4, 3)
    sample = load_sample(load_project(tmp_path))
    assert sample is not None and len(sample) == 4 and sample.seed == 3
    qtbot.waitUntil(lambda: pane.filters._sample == sample.members, timeout=10_000)
    with qtbot.waitSignal(pane.sig_queue_shown, timeout=10_000):
        pane.filters.choose("sample")
    assert pane.card.blind_box.isChecked()  # the sample is reviewed blind
    assert pane.model.rows() == list(sample.rows)
    pane.card.advance.setChecked(True)
    pane.press_digit(5)  # the first sample row, then on to the second
    qtbot.waitUntil(lambda: pane.current_row() == sample.rows[1])
    pane.press_digit(6)
    qtbot.waitUntil(pane.idle)
    with Store(load_project(tmp_path).store_path, readonly=True) as store:
        reviews = store.reviews.all()
    assert sorted(reviews) == list(sample.rows[:2])
    assert all(r.blind for r in reviews.values())
    # The Report pane gives the judge's mean beside the one the two reviews correct.
    report_pane = open_report(qtbot, window)
    shown = report_pane.report
    assert shown is not None and shown.correction is not None
    [figure] = shown.correction.figures
    assert figure.corrected is not None and figure.n_labelled == 2
    text = report_pane.corrected.text()
    assert text.startswith("Mean score: judge ") and "corrected by 2 sample reviews" in text
    assert report_pane.corrected.isVisible()
