"""The Review pane: verdicts by keyboard, blind mode, undo, filters, agreement, re-judging."""

from __future__ import annotations

import math
import shutil
import threading
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from judgedesk.core.judge.settings import JudgeSettings
from judgedesk.core.run.store import Store
from judgedesk.resources import resource_path
from judgedesk.ui.main_window import MainWindow
from judgedesk.ui.models.review_queue_model import COLUMNS
from judgedesk.ui.panes.review.pane import ReviewPane
from judgedesk.ui.settings import AppSettings
from tests.core.test_pipeline import item_number, make_project
from tests.support.fake_openai import FakeOpenAI
from tests.ui import windows

ROWS = 12
JUDGE, PERSON, MATCH, FLAG, STALE, NOTE = (
    COLUMNS.index(name) for name in ("judge", "person", "match", "flag", "stale", "note")
)
Key = Qt.Key
NO_MODIFIER = Qt.KeyboardModifier.NoModifier


def strict_or_not(body: dict[str, Any]) -> str:
    """Scores row n with n % 10 + 1 (row 7: no verdict); one point less once told to be
    strict, so a prompt edit changes some verdicts and not others."""
    number = item_number(body)
    if number == 7:
        return "I cannot decide."
    score = number % 10 + 1
    if "Be strict" in body["messages"][-1]["content"]:
        score = max(1, score - 1)
    return f"The answer is fine.\nScore: [[{score}]]"


@pytest.fixture
def fake() -> FakeOpenAI:
    with FakeOpenAI(reply=strict_or_not) as server:
        yield server


def open_window(qtbot: QtBot, folder: Path) -> MainWindow:
    """The window, active: the review is driven with the keyboard."""
    return windows.open_window(qtbot, folder, active=True)


def run_all(qtbot: QtBot, window: MainWindow) -> None:
    with qtbot.waitSignal(window.run_pane.sig_estimated, timeout=10_000):
        window.nav.setCurrentRow(window.stack.indexOf(window.run_pane))
    with qtbot.waitSignal(window.run_pane.sig_run_finished, timeout=30_000):
        window.run_pane.start()


def open_review(qtbot: QtBot, window: MainWindow) -> ReviewPane:
    pane = window.review_pane
    with qtbot.waitSignal(pane.sig_queue_shown, timeout=10_000):
        window.nav.setCurrentRow(window.stack.indexOf(pane))
    qtbot.waitUntil(pane.idle)
    return pane


def press(
    qtbot: QtBot, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier
) -> None:
    """A key typed on the keyboard: it goes to the widget with the focus."""
    focused = QApplication.focusWidget()
    assert focused is not None
    qtbot.keyClick(focused, key, modifier)


def shown(pane: ReviewPane, row: int, column: int) -> Any:
    position = pane.model.position(row)
    assert position is not None, f"row {row} is not in the queue"
    return pane.model.index(position, column).data()


def ranks(values: list[float]) -> list[float]:
    """Ranks from 1, ties sharing the mean of the places they take (by hand)."""
    ordered = sorted(values)
    return [
        sum(place + 1 for place, v in enumerate(ordered) if v == value) / ordered.count(value)
        for value in values
    ]


def pearson(xs: list[float], ys: list[float]) -> float:
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy)


def test_ten_rows_reviewed_by_keyboard_with_blind_mode_undo_and_agreement(
    qtbot: QtBot, qtmodeltester, tmp_path: Path, fake: FakeOpenAI
) -> None:
    make_project(tmp_path, fake.base_url)
    window = open_window(qtbot, tmp_path)
    run_all(qtbot, window)
    pane = open_review(qtbot, window)
    assert pane.model.rows() == list(range(ROWS))
    qtmodeltester.check(pane.model)
    assert pane.current_row() == 0 and pane.view.hasFocus()
    assert not window.inspector_dock.isVisible()  # the card is the inspector here
    assert [b.text() for b in pane.card.verdict_buttons.values()][-2:] == ["9", "0 · 10"]

    # Blind mode: the judge's verdict shows only once the person has given theirs.
    pane.card.blind_box.setChecked(True)
    assert shown(pane, 0, JUDGE) == "?" and shown(pane, 1, JUDGE) == "?"
    qtbot.waitUntil(lambda: "Blind mode" in pane.card.browser.toPlainText())
    assert "Score: [[1]]" not in pane.card.browser.toPlainText()
    press(qtbot, Key.Key_1)  # row 0: the judge said 1
    assert pane.current_row() == 1  # on to the next row at once
    press(qtbot, Key.Key_A)  # agreeing before answering is refused in blind mode
    assert "give your own verdict first" in pane.queue.message.text()
    press(qtbot, Key.Key_2)  # row 1: the judge said 2
    qtbot.waitUntil(pane.idle)
    assert shown(pane, 0, JUDGE) == "1" and shown(pane, 0, MATCH) == "✓"
    assert shown(pane, 2, JUDGE) == "?"
    pane.card.blind_box.setChecked(False)
    assert shown(pane, 2, JUDGE) == "3"

    press(qtbot, Key.Key_5)  # row 2: 5 where the judge said 3
    press(qtbot, Key.Key_A)  # row 3: agree with the judge's 4
    press(qtbot, Key.Key_F)  # row 4: flag it (no moving on), then 3 where the judge said 5
    press(qtbot, Key.Key_3)
    press(qtbot, Key.Key_6)  # row 5: 6
    press(qtbot, Key.Key_E)  # row 6: a note, then back to the queue with Esc
    assert pane.card.note.hasFocus()
    qtbot.keyClicks(pane.card.note, "too generous")
    press(qtbot, Key.Key_Escape)
    assert pane.view.hasFocus()
    press(qtbot, Key.Key_D)  # disagree with the judge's 7: the pane waits for a score
    assert pane.current_row() == 6
    press(qtbot, Key.Key_5)
    press(qtbot, Key.Key_J)  # row 7 has no verdict: skip it
    press(qtbot, Key.Key_9)  # row 8: 9
    press(qtbot, Key.Key_0)  # row 9: 0 is 10
    press(qtbot, Key.Key_K)  # back to row 9 and forward again with the arrow keys
    assert pane.current_row() == 9
    press(qtbot, Key.Key_Down)
    press(qtbot, Key.Key_2)  # row 10: 2 where the judge said 1
    assert pane.current_row() == 11
    qtbot.waitUntil(pane.idle)

    # Undo the last verdict, then redo it; the project is not marked unsaved.
    press(qtbot, Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: pane.idle() and shown(pane, 10, PERSON) == "")
    assert pane.current_row() == 10  # the undone row is shown
    press(qtbot, Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: pane.idle() and shown(pane, 10, PERSON) == "2")
    assert not window.workspace.dirty and not window.undo_action.isEnabled()

    person = [1, 2, 5, 4, 3, 6, 5, 9, 10, 2]  # rows 0–6 and 8–10
    judge = [1, 2, 3, 4, 5, 6, 7, 9, 10, 1]
    assert [shown(pane, r, PERSON) for r in (0, 1, 2, 3, 4, 5, 6, 8, 9, 10)] == [
        str(v) for v in person
    ]
    assert shown(pane, 4, FLAG) == "⚑" and shown(pane, 6, NOTE) == "too generous"
    assert shown(pane, 2, MATCH) == "✗ 2" and shown(pane, 7, PERSON) == ""
    assert pane.progress.text() == "10 of 12 reviewed · 4 disagreements · 1 flagged"

    # The figures shown, against the same figures worked out by hand.
    n = len(person)
    exact = sum(p == j for p, j in zip(person, judge, strict=True)) / n  # 6 of 10
    mean_p, mean_j = sum(person) / n, sum(judge) / n
    observed = sum((p - j) ** 2 for p, j in zip(person, judge, strict=True)) / n  # 1.3
    # Chance disagreement: every verdict of one against every verdict of the other.
    expected = sum((p - j) ** 2 for p in person for j in judge) / n**2  # 17.18
    assert observed == pytest.approx(1.3) and expected == pytest.approx(17.18)
    assert mean_p == 4.7 and mean_j == 4.8
    kappa = 1 - observed / expected  # quadratic-weighted kappa: 0.924
    rho = pearson(ranks(person), ranks(judge))
    mad = sum(abs(p - j) for p, j in zip(person, judge, strict=True)) / n  # 0.7
    strip = pane.strip
    assert strip.value("n") == "10"
    assert strip.value("exact") == f"{exact:.0%}" == "60%"
    assert strip.value("kappa") == f"{kappa:.2f}" == "0.92"
    assert strip.note("kappa") == "almost perfect"
    assert strip.value("spearman") == f"{rho:.2f}"
    assert strip.value("mad") == f"{mad:.2f}" == "0.70"
    assert "weighted kappa" in strip.labels["kappa"].toolTip()
    qtmodeltester.check(strip.matrix)
    matrix = strip.matrix
    names = [matrix.headerData(i, Qt.Orientation.Vertical) for i in range(matrix.rowCount())]
    assert names == ["1", "2", "3", "4", "5", "6", "7", "9", "10"]
    said_5_judge_3 = matrix.index(names.index("5"), names.index("3")).data()
    said_5_judge_7 = matrix.index(names.index("5"), names.index("7")).data()
    assert (said_5_judge_3, said_5_judge_7) == (1, 1)
    assert not strip.judges.isVisible()  # one judge: nothing to compare it with

    with Store(tmp_path / ".judgedesk" / "results.sqlite") as store:
        reviews = store.reviews.all()
    assert sorted(reviews) == [0, 1, 2, 3, 4, 5, 6, 8, 9, 10]
    assert reviews[6].note == "too generous" and reviews[6].agree is False
    assert reviews[4].flag and reviews[9].value == 10
    assert reviews[0].reviewer == pane.card.reviewer.text()

    # The disagreements, biggest first.
    with qtbot.waitSignal(pane.sig_queue_shown, timeout=10_000):
        pane.filters.choose("disagreements")
    assert pane.model.rows() == [2, 4, 6, 10]
    with qtbot.waitSignal(pane.sig_queue_shown, timeout=10_000):
        pane.filters.sort.setCurrentIndex(pane.filters.sort.findData("disagreement"))
    assert pane.model.rows() == [2, 4, 6, 10]
    qtmodeltester.check(pane.model)

    # The calibration loop: the template, then only these rows judged again.
    pane.queue.template_button.click()
    template = window.template_pane
    assert window.stack.currentWidget() is template and window.inspector_dock.isVisible()
    qtbot.waitUntil(lambda: "Judge item" in template.editor.toPlainText())
    with qtbot.waitSignal(template.sig_template_saved, timeout=10_000):
        template.editor.setPlainText("Be strict.\n" + template.editor.toPlainText())
        template.files.flush()
    window.nav.setCurrentRow(window.stack.indexOf(pane))
    asked = len(fake.requests)
    with qtbot.waitSignal(window.run_pane.sig_run_finished, timeout=30_000) as finished:
        pane.queue.rejudge_button.click()
        assert window.stack.currentWidget() is window.run_pane
    assert finished.args[0].progress.total == 4 and len(fake.requests) == asked + 4
    with qtbot.waitSignal(pane.sig_queue_shown, timeout=10_000):
        window.nav.setCurrentRow(window.stack.indexOf(pane))
    # Rows 2, 4 and 6 got a new verdict; row 10's stayed 1.
    assert [shown(pane, r, STALE) for r in (2, 4, 6, 10)] == ["changed"] * 3 + [""]
    assert shown(pane, 2, JUDGE) == "2" and shown(pane, 2, PERSON) == "5"
    qtbot.waitUntil(pane.idle)  # the figures follow a moment later
    assert "1 flagged · 3 changed since reviewed" in pane.progress.text()
    with qtbot.waitSignal(pane.sig_queue_shown, timeout=10_000):
        pane.filters.choose("stale")
    assert pane.model.rows() == [2, 4, 6]


def test_a_text_search_and_a_score_range_narrow_the_queue(
    qtbot: QtBot, tmp_path: Path, fake: FakeOpenAI
) -> None:
    make_project(tmp_path, fake.base_url)
    window = open_window(qtbot, tmp_path)
    run_all(qtbot, window)
    pane = open_review(qtbot, window)
    with qtbot.waitSignal(pane.sig_queue_shown, timeout=10_000):
        pane.filters.search.setText("ITEM 11?")  # searched in the dataset, off the GUI thread
    assert pane.model.rows() == [11]
    with qtbot.waitSignal(pane.sig_queue_shown, timeout=10_000):
        pane.filters.search.clear()
    with qtbot.waitSignal(pane.sig_queue_shown, timeout=10_000):
        pane.filters.score_min.setText("9")
    assert pane.model.rows() == [8, 9]
    with qtbot.waitSignal(pane.sig_queue_shown, timeout=10_000):
        pane.filters.score_min.clear()
        pane.filters.choose("unparsed")
    assert pane.model.rows() == [7]
    assert shown(pane, 7, JUDGE) == "no verdict"


def test_correct_or_incorrect_keys_on_the_sample_and_a_clean_close(
    qtbot: QtBot, qtmodeltester, tmp_path: Path
) -> None:
    folder = tmp_path / "sample"
    shutil.copytree(resource_path("sample"), folder)
    window = open_window(qtbot, folder)
    run_all(qtbot, window)  # the sample's rule judge needs no network
    pane = open_review(qtbot, window)
    buttons = [b.text() for b in pane.card.verdict_buttons.values()]
    assert buttons == ["1 · correct", "0 · incorrect"]
    assert "<b>1</b> correct, <b>0</b> incorrect" in pane.card.hints.text()
    judged = pane.model.item(0)
    assert judged is not None and judged.judge_value is True
    press(qtbot, Key.Key_5)  # no verdict has key 5 here
    assert "Key 5 gives no verdict" in pane.queue.message.text() and pane.current_row() == 0
    pane.card.reviewer.setText("Ana")
    pane.card.reviewer.editingFinished.emit()
    press(qtbot, Key.Key_0)  # row 0: incorrect
    press(qtbot, Key.Key_D)  # row 1: disagreeing with correct/incorrect is a verdict
    assert pane.current_row() == 2
    # Fast typing on one row: every key lands, in order.
    pane.card.advance.setChecked(False)
    for key in (Key.Key_1, Key.Key_0, Key.Key_1, Key.Key_0, Key.Key_Backspace, Key.Key_1):
        press(qtbot, key)
    qtbot.waitUntil(pane.idle)
    assert [shown(pane, r, PERSON) for r in (0, 1, 2)] == ["incorrect", "incorrect", "correct"]
    qtmodeltester.check(pane.model)
    qtmodeltester.check(pane.strip.matrix)
    assert pane.strip.value("n") == "3" and pane.strip.value("spearman") == "—"
    assert pane.strip.note("spearman") == "for scores only"
    assert AppSettings().advance_after_verdict() is False  # remembered
    assert AppSettings().reviewer_name() == "Ana"
    with Store(folder / ".judgedesk" / "results.sqlite") as store:
        assert {r.reviewer for r in store.reviews.all().values()} == {"Ana"}
    # Another project: its own (empty) review, no undo history from this one.
    make_project(tmp_path / "other", "")
    with qtbot.waitSignal(pane.sig_loaded, timeout=10_000):
        window.open_project(tmp_path / "other")
    qtbot.waitUntil(pane.idle)
    assert pane.model.rowCount() == 0 and not pane.card.undo_button.isEnabled()
    assert "run the judge" in pane.queue.message.text()
    window.close()
    assert [t for t in threading.enumerate() if t.name.startswith("judgedesk-review")] == []


def test_two_judges_are_compared_with_each_other(
    qtbot: QtBot, tmp_path: Path, fake: FakeOpenAI
) -> None:
    project = make_project(tmp_path, fake.base_url)
    strict = JudgeSettings(**{**asdict(project.judges[0]), "name": "strict"})
    strict.template = "templates/strict.j2"
    project.judges.append(strict)
    project.save()
    project.write_template(strict, "Be strict.\nJudge item: {{ data.question }}\nScore: [[n]]")
    window = open_window(qtbot, tmp_path)
    run_all(qtbot, window)
    pane = open_review(qtbot, window)
    # Row n: judge n % 10 + 1, strict one less (at least 1); they agree on rows 0 and 10
    # only, of the 11 rows both judged (row 7 has no verdict).
    assert pane.strip.judges.isVisible()
    assert pane.strip.judges.text().startswith(
        f"judge vs strict: 11 rows · {2 / 11:.0%} exact agreement · κ "
    )
    assert pane.strip.value("n") == "—"  # no person has said anything yet


def test_nothing_to_review_says_what_to_do(qtbot: QtBot, tmp_path: Path, fake: FakeOpenAI) -> None:
    make_project(tmp_path, fake.base_url)
    window = open_window(qtbot, tmp_path)
    pane = open_review(qtbot, window)
    assert pane.model.rowCount() == 0
    assert "run the judge" in pane.queue.message.text()
    assert pane.strip.value("kappa") == "—"
    assert pane.strip.note("kappa") == "no rows yet"
    assert not pane.queue.rejudge_button.isEnabled()
    assert not (tmp_path / ".judgedesk" / "results.sqlite").exists()


def test_pairs_are_reviewed_side_by_side_on_the_five_level_scale(
    qtbot: QtBot, tmp_path: Path
) -> None:
    from tests.core.test_pairwise import ROWS as PAIR_ROWS
    from tests.core.test_pairwise import make_pairwise, order_sensitive_judge

    with FakeOpenAI(reply=order_sensitive_judge, models=["judge-m"]) as server:
        folder = tmp_path / "pairs"
        make_pairwise(folder, server.base_url, "--swap")
        window = open_window(qtbot, folder)
        run_all(qtbot, window)
        pane = open_review(qtbot, window)
    buttons = [b.text() for b in pane.card.verdict_buttons.values()]
    assert buttons == ["1 · A++", "2 · A+", "3 · A=B", "4 · B+", "5 · B++"]
    qtbot.waitUntil(lambda: "Answer A" in pane.card.browser.toPlainText())
    text = pane.card.browser.toPlainText()
    assert "Answer B" in text and "good answer with a complete explanation 0" in text
    assert "weak 0" in text and "Response\n" not in text
    # The dataset's labels are the person's verdicts; row 6 is overruled by hand (A++ → 1).
    pane._set_position(pane.model.position(6) or 0)
    qtbot.waitUntil(pane.idle)
    press(qtbot, Key.Key_1)
    qtbot.waitUntil(lambda: pane.idle() and shown(pane, 6, PERSON) == "A++")
    qtbot.waitUntil(lambda: "100" in pane.strip.value("exact"))
    # Collapsed to who won, every row agrees as well.
    assert "You (who won) vs judge (who won): 7 rows · 100% exact agreement" in (
        pane.strip.judges.text()
    )
    assert len(PAIR_ROWS) == 7


def test_the_dimensions_of_a_verdict_are_scored_one_by_one(qtbot: QtBot, tmp_path: Path) -> None:
    from concurrent.futures import ThreadPoolExecutor

    from tests.core.test_review_dimensions import make_judged_project

    with ThreadPoolExecutor(1) as pool:  # the command line runs its own event loop
        folder = pool.submit(make_judged_project, tmp_path).result(timeout=60)
    window = open_window(qtbot, folder)
    pane = open_review(qtbot, window)
    card = pane.card
    qtbot.waitUntil(lambda: set(card.dimension_fields) == {"accuracy", "clarity"})
    assert card.dimensions_label.isVisibleTo(pane)
    accuracy = card.dimension_fields["accuracy"]
    assert accuracy.placeholderText() == "6" and accuracy.text() == ""  # the judge's, greyed
    accuracy.setText("4")
    accuracy.editingFinished.emit()
    qtbot.waitUntil(lambda: pane.idle() and pane.model.item(0).human_dimensions == {"accuracy": 4})
    card.dimension_fields["clarity"].setText("ten")
    card.dimension_fields["clarity"].editingFinished.emit()
    assert "not a score" in pane.queue.message.text()
    card.blind_box.setChecked(True)  # the judge's scores are hidden until the person's verdict
    pane._set_position(pane.model.position(1) or 0)
    qtbot.waitUntil(lambda: card.item is not None and card.item.row_index == 1)
    assert card.dimension_fields["accuracy"].placeholderText() == ""
