"""Blind review is blind, and a random sample drawn from the menu is reviewed blind."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from PySide6.QtGui import QStandardItemModel
from pytestqt.qtbot import QtBot

from judgedesk.core.dataset import open_dataset
from judgedesk.core.project import load_project
from judgedesk.core.report import project_report
from judgedesk.core.report.sample_figures import SampleCorrection, correct_figures
from judgedesk.core.review import RandomSample, ReviewSession, load_sample
from judgedesk.core.review.human import BOOLEAN_SCALE
from judgedesk.core.run import Store
from judgedesk.ui.dialogs.random_sample import SampleDialog
from judgedesk.ui.panes.report.sample import SampleWords
from judgedesk.ui.panes.report.terms import ReportTerms
from tests.core.test_pipeline import make_project
from tests.core.test_random_sample import draw, judged_project
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
    # A chart sets the corrected interval beside the judge's, each saying what it rests on.
    card = report_pane.corrected_card
    assert card.isVisible() and card.title.text() == "Judge alone and corrected"
    judge_bar, corrected_bar = card.canvas.chart.bars
    assert (
        judge_bar.label == "Mean score · judge" and corrected_bar.label == "Mean score · corrected"
    )
    assert judge_bar.low is not None and judge_bar.high is not None
    assert (corrected_bar.low, corrected_bar.high) == (
        figure.corrected.ci_low,
        figure.corrected.ci_high,
    )
    assert judge_bar.note.startswith("judge alone, bootstrap over ")
    assert corrected_bar.note == "corrected with 2 people's verdicts"
    assert card.model.rowCount() == 2


def wide_correction(drawn: range) -> SampleCorrection:
    """Accuracy corrected by people's verdicts on 20 rows of a sample of ``drawn`` rows:
    the judge errs on every seventh row."""
    judge = {row: row % 3 != 0 for row in range(2000)}
    rows = tuple(drawn)
    some = {row: judge[row] if row % 7 else not judge[row] for row in rows[:20]}
    judged = [(row, "ok", value) for row, value in judge.items()]
    return correct_figures(
        RandomSample(1, rows, rows, 2000), judged, some, "boolean", BOOLEAN_SCALE
    )


def test_a_corrected_figure_still_wide_makes_the_sample_the_next_step(
    qtbot: QtBot, tmp_path: Path, fake: FakeOpenAI
) -> None:
    make_project(tmp_path, fake.base_url)
    window = open_window(qtbot, tmp_path)
    run_all(qtbot, window)
    pane = open_review(qtbot, window)
    draw_from_menu(qtbot, window, 4, 3)
    sample = load_sample(load_project(tmp_path))
    assert sample is not None
    qtbot.waitUntil(lambda: pane.filters._sample == sample.members, timeout=10_000)
    # A report whose accuracy, corrected by 20 of a large sample's rows, is still wide.
    bar = window.next_step
    small = wide_correction(range(0, 2000, 10))  # 200 rows: fewer than the reviews needed
    more = small.widest().more_for_target  # type: ignore[union-attr]
    assert more > 180
    window.report_pane.sig_report_shown.emit(SimpleNamespace(correction=small))
    wanted = (
        f"Review the 180 rows left of the random sample; ±3 points needs {more:,} more "
        "reviews, more than it holds."
    )
    qtbot.waitUntil(lambda: bar.isVisible() and bar.text.text() == wanted, timeout=10_000)
    large = wide_correction(range(0, 2000, 2))  # 1,000 rows: enough
    more = large.widest().more_for_target  # type: ignore[union-attr]
    assert 0 < more <= 980
    window.report_pane.sig_report_shown.emit(SimpleNamespace(correction=large))
    wanted = f"Review {more:,} more rows of the random sample for ±3 points."
    qtbot.waitUntil(lambda: bar.isVisible() and bar.text.text() == wanted, timeout=10_000)
    pane.filters.choose("all")
    pane.card.blind_box.setChecked(False)
    with qtbot.waitSignal(pane.sig_queue_shown, timeout=10_000):
        bar.button.click()  # to the sample, reviewed blind
    assert window.stack.currentWidget() is pane
    assert pane.filters.show_combo.currentData() == "sample" and pane.card.blind_box.isChecked()
    # A review of the sample: the report is computed again, hidden or not, and the step
    # follows it (this small project's sample corrects nothing to ±3 points).
    qtbot.waitUntil(lambda: pane.current_row() == sample.rows[0], timeout=10_000)
    assert not window.report_pane.isVisible()
    with qtbot.waitSignal(window.report_pane.sig_report_shown, timeout=20_000):
        pane.press_digit(5)
    qtbot.waitUntil(lambda: "of the random sample" not in bar.text.text(), timeout=10_000)


def test_each_category_is_corrected_in_the_report_s_words_and_chart(
    qtbot: QtBot, tmp_path: Path
) -> None:
    project = judged_project(tmp_path / "p", rows=100)
    sample = draw(project, 20, seed=4, by="topic")
    with Store(project.store_path) as store:
        session = ReviewSession(store, project=project, reviewer="ana")
        for row in sample.rows:
            session.set_value(row, max(1, row % 5))  # a point under the judge
    with open_dataset(project.dataset_path()) as dataset:
        report = project_report(project, dataset, category="topic")
    words = SampleWords(ReportTerms())
    text = words.lines(report.correction)
    assert "By category, from the sample rows in each:" in text
    for topic in ("art", "math", "law"):
        assert f"\n{topic} · Mean score: judge " in text
    assert "Mean score: the judge alone scores " in text and "too high" in text
    page = words.page(report)
    assert page is not None
    labels = [bar.label for bar in page.chart.bars]  # type: ignore[union-attr]
    assert labels[:2] == ["Mean score · judge", "Mean score · corrected"]
    assert labels[2:] == [
        f"{t} · {side}" for t in ("art", "math", "law") for side in ("judge", "corrected")
    ]
