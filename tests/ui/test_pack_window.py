"""The review-only window: a pack reviewed by keyboard, every change saved into its file."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

import judgedesk.app
import judgedesk.startup
from judgedesk.__main__ import main as start
from judgedesk.core.review.human import BOOLEAN_SCALE, ReviewScale
from judgedesk.core.review.pack import PackRow, ReviewPack, load_pack, save_pack
from judgedesk.ui.pack_window import PackWindow

Key = Qt.Key
CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
SCORE_SCALE = ReviewScale("score", 1, 10)


def pack_rows(count: int) -> list[PackRow]:
    return [
        PackRow(
            index=10 + n,
            id=f"q{n}",
            fingerprint=f"f{n}",
            question=f"What is {n} + {n}?",
            history="[SYSTEM] Be brief.\n[USER] Hello\n[BOT] Hi!" if n == 0 else "",
            response=f"It is {2 * n}. <b>not bold</b>",
            reference=str(2 * n) if n % 2 == 0 else "",
        )
        for n in range(count)
    ]


def make_pack(path: Path, scale: ReviewScale = SCORE_SCALE, rows: int = 4, **extra: object) -> Path:
    pack = ReviewPack(
        reviewer="ana",
        project="maths",
        scale=scale.to_dict(),
        rows=pack_rows(rows),
        instructions="Score each answer from 1 to 10.",
        **extra,  # type: ignore[arg-type]
    )
    save_pack(pack, path)
    return path


def open_window(qtbot: QtBot, path: Path) -> PackWindow:
    window = PackWindow()
    qtbot.addWidget(window)
    window.show()
    with qtbot.waitSignal(window.sig_pack_opened, timeout=10_000):
        window.open_pack(path)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    return window


def press(
    qtbot: QtBot, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier
) -> None:
    focused = QApplication.focusWidget()
    assert focused is not None
    qtbot.keyClick(focused, key, modifier)


def wait_saved(qtbot: QtBot, window: PackWindow) -> None:
    qtbot.waitUntil(window.saved, timeout=10_000)


def file_reviews(path: Path) -> dict[int, tuple[object, bool, str]]:
    return {i: (r.value, r.flag, r.note) for i, r in load_pack(path).reviews.items()}


def test_a_score_pack_reviewed_by_keys_with_a_note_a_flag_and_undo(
    qtbot: QtBot, qtmodeltester, tmp_path: Path
) -> None:
    path = make_pack(tmp_path / "ana.jdpack")
    window = open_window(qtbot, path)
    qtmodeltester.check(window.model)
    assert window.windowTitle() == "Review pack — ana — 0 of 4 reviewed"
    assert window.queue.instructions.isVisible()
    assert window.queue.instructions.text() == "Score each answer from 1 to 10."
    buttons = [b.text() for b in window.card.verdict_buttons.values()]
    assert buttons == ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0 · 10"]
    assert not window.card.typed.isVisible()
    text = window.card.browser.toPlainText()
    assert "Row 1 of 4 · q0" in text
    assert "Be brief." in text and "Hello" in text  # the conversation before it
    assert "<b>not bold</b>" in text  # an answer's tags are text
    assert "The judge" not in text  # the pack holds no verdict of the judge

    press(qtbot, Key.Key_7)  # q0: 7, then on to q1
    assert window.current_row().id == "q1"
    press(qtbot, Key.Key_0)  # q1: 10
    press(qtbot, Key.Key_K)  # back to q1
    press(qtbot, Key.Key_F)  # flag q1
    press(qtbot, Key.Key_E)  # write a note on q1
    assert QApplication.focusWidget() is window.card.note
    qtbot.keyClicks(window.card.note, "check 2")  # digits in the note are text
    press(qtbot, Key.Key_Escape)
    assert QApplication.focusWidget() is window.view
    press(qtbot, Key.Key_J)
    press(qtbot, Key.Key_3)  # q2: 3
    assert window.windowTitle() == "Review pack — ana — 3 of 4 reviewed"
    assert window.queue.progress.text() == window.windowTitle()
    qtmodeltester.check(window.model)
    assert [window.model.index(1, c).data() for c in range(5)] == [2, "q1", "10", "⚑", "check 2"]

    press(qtbot, Key.Key_Z, CTRL)  # the verdict on q2 is undone, and q2 shown
    assert window.current_row().id == "q2"
    assert window.windowTitle() == "Review pack — ana — 2 of 4 reviewed"
    wait_saved(qtbot, window)
    assert file_reviews(path) == {10: (7, False, ""), 11: (10, True, "check 2")}
    press(qtbot, Key.Key_Z, CTRL | SHIFT)  # and done again
    press(qtbot, Key.Key_Z, CTRL)
    press(qtbot, Key.Key_Z, CTRL)  # the note, typed in one go, goes at once
    wait_saved(qtbot, window)
    assert file_reviews(path) == {10: (7, False, ""), 11: (10, True, "")}
    assert window.card.note.text() == ""
    assert "Undo" in window.undo_action.text() and window.redo_action.isEnabled()
    window.close()
    assert not window.isVisible()

    again = open_window(qtbot, path)  # reopened: the reviews are there
    assert again.windowTitle() == "Review pack — ana — 2 of 4 reviewed"
    assert again.current_row().id == "q2"  # where the reviewer stopped
    assert again.model.index(0, 2).data() == "7"
    assert again.model.index(1, 3).data() == "⚑"
    assert not again.undo_action.isEnabled()


def test_a_correct_or_incorrect_pack_and_the_judges_verdict_when_given(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "bo.jdpack"
    rows = [replace(row, judge="correct") for row in pack_rows(3)]
    pack = ReviewPack("bo", "maths", BOOLEAN_SCALE.to_dict(), rows)
    save_pack(pack, path)
    window = open_window(qtbot, path)
    assert not window.queue.instructions.isVisible()
    buttons = [b.text() for b in window.card.verdict_buttons.values()]
    assert buttons == ["1 · correct", "0 · incorrect"]
    assert "The judge's verdict: correct" in window.card.browser.toPlainText()
    press(qtbot, Key.Key_5)
    assert "Key 5 gives no verdict" in window.queue.message.text()
    assert window.current_row().id == "q0"
    window.card.advance.setChecked(False)
    press(qtbot, Key.Key_0)
    assert window.current_row().id == "q0"
    assert window.card.verdict_buttons[0].isChecked()
    press(qtbot, Key.Key_Down)
    window.card.verdict_buttons[1].click()
    press(qtbot, Key.Key_Down)
    press(qtbot, Key.Key_1)
    press(qtbot, Key.Key_Backspace)  # cleared: the row has nothing left
    wait_saved(qtbot, window)
    assert file_reviews(path) == {10: (False, False, ""), 11: (True, False, "")}
    assert window.windowTitle() == "Review pack — bo — 2 of 3 reviewed"


def test_a_wide_scale_takes_typed_verdicts(qtbot: QtBot, tmp_path: Path) -> None:
    path = make_pack(tmp_path / "cy.jdpack", ReviewScale("score", 0, 100))
    window = open_window(qtbot, path)
    assert window.card.typed.isVisible()
    window.card.typed.setText("250")
    qtbot.keyClick(window.card.typed, Key.Key_Return)
    assert "not a score" in window.queue.message.text()
    window.card.typed.setText("85")
    qtbot.keyClick(window.card.typed, Key.Key_Return)
    wait_saved(qtbot, window)
    assert file_reviews(path) == {10: (85, False, "")}
    assert window.current_row().id == "q1"


def test_a_failed_save_is_shown_and_asked_about_on_closing(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = make_pack(tmp_path / "ana.jdpack")
    window = open_window(qtbot, path)
    path.unlink()
    path.mkdir()  # the file cannot be replaced now
    with qtbot.waitSignal(window.saver.sig_failed, timeout=10_000):
        press(qtbot, Key.Key_4)
    assert "Not saved" in window.save_status.text()
    assert window.findChild(QMessageBox, "packFailureMessage").isVisible()
    asked: list[str] = []

    def answer(self: PackWindow) -> QMessageBox.StandardButton:
        asked.append(self.saver.failure)
        return QMessageBox.StandardButton.Cancel

    monkeypatch.setattr(PackWindow, "ask_unsaved", answer)
    window.close()
    assert asked and window.isVisible()  # the reviews are not lost unasked
    path.rmdir()
    monkeypatch.setattr(PackWindow, "ask_unsaved", lambda self: QMessageBox.StandardButton.Retry)
    window.close()  # saved again, then closed
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=10_000)
    assert file_reviews(path) == {10: (4, False, "")}


def test_open_review_pack_from_the_file_menu(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = make_pack(tmp_path / "ana.jdpack")
    second = make_pack(tmp_path / "other.jdpack", rows=2)
    window = open_window(qtbot, first)
    filters: list[str] = []

    def choose(parent: object, title: str, folder: str, pattern: str) -> tuple[str, str]:
        filters.append(pattern)
        return str(second), pattern

    monkeypatch.setattr(QFileDialog, "getOpenFileName", choose)
    with qtbot.waitSignal(window.sig_pack_opened, timeout=10_000):
        window.findChild(type(window.undo_action), "openPackAction").trigger()
    assert "*.jdpack" in filters[0]
    assert window.path == second
    assert window.windowTitle() == "Review pack — ana — 0 of 2 reviewed"
    assert window.model.rowCount() == 2


def test_a_damaged_pack_says_why(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "broken.jdpack"
    path.write_text("{not json", encoding="utf-8")
    window = PackWindow()
    qtbot.addWidget(window)
    window.show()
    with qtbot.waitSignal(window.tasks.sig_task_failed, timeout=10_000):
        window.open_pack(path)
    assert "cannot be read as a review pack" in window.queue.message.text()
    assert window.pack is None


def test_judgedesk_with_a_packs_path_opens_the_review_only_window(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    started: list[list[str]] = []
    monkeypatch.setattr(judgedesk.startup, "diagnose", lambda: "")
    monkeypatch.setattr(judgedesk.app, "main", lambda args: started.append(list(args)) or 0)
    assert start(["ana.jdpack"]) == 0
    assert start(["open", "my-eval"]) == 0
    assert started == [["ana.jdpack"], ["my-eval"]]
    assert judgedesk.app.pack_argument(["~/Ana.JDPACK"]) == Path.home() / "Ana.JDPACK"
    assert judgedesk.app.pack_argument(["my-eval"]) is None


def test_a_row_without_the_judge_s_verdict_is_reviewed_blind_and_marked_so(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "cy.jdpack"
    rows = pack_rows(2)
    rows[1] = replace(rows[1], judge="7")  # outside the random sample: the judge shown
    save_pack(ReviewPack("cy", "maths", SCORE_SCALE.to_dict(), rows), path)
    window = open_window(qtbot, path)
    assert "The judge" not in window.card.browser.toPlainText()  # a sample row: blind
    press(qtbot, Key.Key_4)
    assert window.current_row().id == "q1"
    assert "The judge's verdict: 7" in window.card.browser.toPlainText()
    press(qtbot, Key.Key_6)
    wait_saved(qtbot, window)
    reviews = load_pack(path).reviews
    assert (reviews[10].value, reviews[10].blind) == (4, True)
    assert (reviews[11].value, reviews[11].blind) == (6, False)
