"""The verdict rule dialog: common formats, a verdict shown in an example, trying, saving."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QPushButton
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from judgedesk.core.judge.parsers.rule import VerdictRule, read_with_rule
from judgedesk.core.judge.settings import JudgeSettings
from judgedesk.core.project.settings import Project, load_project
from judgedesk.core.run.rule_trial import try_rule
from judgedesk.ui.dialogs.verdict_rule import VerdictRuleDialog
from judgedesk.ui.dialogs.verdict_rule_pattern import PRESET_TABLES, pattern_from_selection
from judgedesk.ui.main_window import MainWindow
from judgedesk.ui.panes.judges.pane import JudgesPane
from judgedesk.ui.panes.judges.reader import OWN_RULE
from judgedesk.ui.tasks import TaskRunner
from tests.core.test_pipeline import item_number, make_project, run
from tests.support.fake_openai import FakeOpenAI
from tests.ui.windows import open_window

LLMBAR = {"kind": "pairwise", "pattern": r"Output \((a|b)\)", "map": {"a": "A>B", "b": "B>A"}}


def llmbar_judge(body: dict[str, Any]) -> str:
    """Replies in LLMBar's format; every fourth cannot decide, every fifth changes its mind."""
    number = item_number(body)
    if number % 4 == 3:
        return "Both outputs have merits; I cannot choose."
    if number % 5 == 4:
        return "Output (a) at first sight.\nOn reflection the answer is Output (b)"
    return f"(b) is shorter.\n\nOutput ({'a' if number % 2 else 'b'})"


@pytest.fixture
def judged(tmp_path: Path) -> Path:
    """A project whose judge answered 10 rows in LLMBar's format (replies are stored)."""
    with FakeOpenAI(reply=llmbar_judge) as fake:
        project = make_project(tmp_path / "judged", fake.base_url, rows=10)
        # A thread of its own: the GUI thread's qasync loop counts as running already.
        with ThreadPoolExecutor(1) as pool:
            summary = pool.submit(run, project).result(timeout=60)
    assert summary.status == "finished"
    return project.root


def bare_dialog(qtbot: QtBot, tmp_path: Path, **verdict: Any) -> VerdictRuleDialog:
    """The dialog for a judge of a project with no results yet."""
    project = Project(root=tmp_path / "bare")
    judge = JudgeSettings(name="judge", verdict=dict(verdict))
    project.judges = [judge]
    dialog = VerdictRuleDialog(project, judge, TaskRunner())
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def judges_pane(qtbot: QtBot, folder: Path) -> tuple[MainWindow, JudgesPane]:
    window = open_window(qtbot, folder)
    window.nav.setCurrentRow(window.stack.indexOf(window.judges_pane))
    return window, window.judges_pane


def select(dialog: VerdictRuleDialog, text: str, chosen: str) -> None:
    """Put ``text`` in the example and select the last ``chosen`` in it, as a mouse would."""
    dialog.example.setPlainText(text)
    start = text.rindex(chosen)
    cursor = dialog.example.textCursor()
    cursor.setPosition(start)
    cursor.setPosition(start + len(chosen), QTextCursor.MoveMode.KeepAnchor)
    dialog.example.setTextCursor(cursor)
    dialog.example_box.use_selection.click()


# --- the rule --------------------------------------------------------------------------


def test_every_common_format_fills_a_usable_rule(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = bare_dialog(qtbot, tmp_path)
    assert not dialog.ok_button.isEnabled()  # nothing says where the verdict is yet
    assert "common format" in dialog.check.text()
    assert dialog.preset.count() == len(PRESET_TABLES) + 1
    for index in range(1, dialog.preset.count()):
        dialog.preset.setCurrentIndex(index)
        dialog.preset.activated.emit(index)
        rule = dialog.rule()
        table = PRESET_TABLES[dialog.preset.currentData()]
        assert rule is not None, dialog.check.text()
        assert rule == VerdictRule.from_table(table)
        assert dialog.ok_button.isEnabled() and dialog.trial.button.isEnabled()
    dialog.apply_preset("mtbench")
    assert [label for label, _ in dialog.map.entries()] == ["A", "B", "C"]
    assert read_with_rule(dialog.rule(), "Both help.\n[[C]]").label == "A=B"  # type: ignore[arg-type]
    assert not dialog.bounds.isVisibleTo(dialog)  # no score bounds for a comparison
    dialog.apply_preset("prometheus")
    assert dialog.bounds.isVisibleTo(dialog)
    assert (dialog.low.text(), dialog.high.text()) == ("1", "5")
    assert not read_with_rule(dialog.rule(), "[RESULT] 7").ok  # type: ignore[arg-type]
    dialog.apply_preset("json")
    assert dialog.in_json.isChecked() and dialog.path.isVisibleTo(dialog)
    assert not dialog.pattern.isVisibleTo(dialog)


def test_a_broken_pattern_is_explained_and_ok_waits(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = bare_dialog(qtbot, tmp_path, **LLMBAR)
    assert dialog.ok_button.isEnabled()
    assert not dialog.pattern.isVisibleTo(dialog)  # the expression shows only when asked
    dialog.show_pattern.setChecked(True)
    assert dialog.pattern.isVisibleTo(dialog)
    dialog.pattern.setText(r"Output \((a|b\)")
    assert "regular expression is not valid" in dialog.check.text()
    assert not dialog.ok_button.isEnabled() and not dialog.trial.button.isEnabled()
    dialog.pattern.setText(r"Output \((a|b)\)")
    assert dialog.ok_button.isEnabled()
    dialog.map.add_button.click()  # a row with no label is left out
    assert dialog.ok_button.isEnabled()
    dialog.kind.setCurrentIndex(dialog.kind.findData("score"))
    assert "must be a number" in dialog.check.text() and not dialog.ok_button.isEnabled()
    dialog.low.setText("5")
    dialog.high.setText("1")
    dialog.kind.setCurrentIndex(dialog.kind.findData("pairwise"))  # meanings on its scale again
    assert dialog.ok_button.isEnabled()
    dialog.kind.setCurrentIndex(dialog.kind.findData("score"))
    dialog.map.clear()
    dialog.map.sig_changed.emit()
    assert "lowest score is above the highest" in dialog.check.text()


def test_the_verdict_selected_in_an_example_makes_a_rule_that_reads_it(
    qtbot: QtBot, tmp_path: Path
) -> None:
    dialog = bare_dialog(qtbot, tmp_path)
    reply = "(b) misses the point of the question.\n\nOutput (a)"
    select(dialog, reply, "a")
    rule = dialog.rule()
    assert rule is not None and rule.kind == "pairwise"
    verdict = read_with_rule(rule, reply)
    assert (verdict.ok, verdict.label, verdict.value) == (True, "A>B", 2)
    assert dialog.map.entries() == [("a", "A>B")]  # its meaning guessed, to be checked
    assert "A>B" in dialog.example_box.result.text()
    # The other label the judge writes is added by hand.
    dialog.map.add_row("b", "B>A")
    assert read_with_rule(dialog.rule(), "Output (b)").label == "B>A"  # type: ignore[arg-type]
    dialog.map.add_row("x", None)
    remove = dialog.map.findChild(QPushButton, "verdictRuleMapRemove3")
    assert remove is not None
    remove.click()
    assert dialog.map.entries() == [("a", "A>B"), ("b", "B>A")]

    select(dialog, "Fluent and right.\nScore: 7 out of 10", "7")
    rule = dialog.rule()
    assert rule is not None and rule.kind == "score"
    assert read_with_rule(rule, "Score: 9 out of 10").value == 9
    dialog.example.setPlainText("理由：数值一致。结论：对")
    dialog.kind.setCurrentIndex(dialog.kind.findData("correctness"))
    select(dialog, "理由：数值一致。结论：对", "对")
    assert read_with_rule(dialog.rule(), "结论：对").value is True  # type: ignore[arg-type]

    dialog.example.setPlainText("Score: 7")  # nothing selected
    dialog.example_box.use_selection.click()
    assert "select the verdict" in dialog.example_box.result.text()


def test_a_pattern_from_a_selection_keeps_only_what_stays_the_same() -> None:
    text = "Both are fine, my final verdict is: [[B]]"
    made = pattern_from_selection(text, text.index("B]]"), text.index("B]]") + 1)
    assert made.pattern == r"\[\[(\w+)\]\]"
    alone = pattern_from_selection("Reasons…\nA\n", 9, 10)
    rule = VerdictRule.from_table({"kind": "pairwise", "pattern": alone.pattern})
    assert read_with_rule(rule, "It is close.\nB").value == 4
    assert not read_with_rule(rule, "Answer B wins").ok  # a verdict alone on its line


# --- trying ------------------------------------------------------------------------------


def test_trying_on_stored_replies_shows_what_the_rule_reads(
    qtbot: QtBot, qtmodeltester: ModelTester, judged: Path
) -> None:
    _window, pane = judges_pane(qtbot, judged)
    dialog = pane.open_rule_dialog()
    assert dialog is not None
    qtbot.waitUntil(lambda: len(dialog.example_box.replies) == 10, timeout=10_000)
    assert dialog.example.toPlainText() == dialog.example_box.replies[0][0]
    dialog.apply_preset("llmbar")
    with qtbot.waitSignal(dialog.trial.sig_trial_shown, timeout=10_000):
        dialog.trial.button.click()
    rule = dialog.rule()
    assert rule is not None
    expected = try_rule(load_project(judged), "judge", rule)
    assert (expected.replies, expected.read, expected.conflicting) == (10, 8, 2)
    shown = dialog.trial
    assert "8 of 10" in shown.summary.text()
    outcomes = shown.outcomes_model
    qtmodeltester.check(outcomes)
    rows = {outcomes.index(r, 0).data(): int(outcomes.index(r, 1).data()) for r in range(3)}
    assert rows["Read"] == 8
    assert rows["Read, but with conflicting verdicts"] == 2
    assert sum(rows.values()) - 2 == expected.replies
    assert outcomes.rowCount() == 2 + len(expected.unparsed)
    # The first problem is selected, and its example reply shown.
    assert "On reflection" in shown.example.toPlainText()
    unread = outcomes.index(2, 0)
    shown.outcomes.setCurrentIndex(unread)
    assert shown.example.toPlainText() == "Both outputs have merits; I cannot choose."
    verdicts = shown.verdicts_model
    qtmodeltester.check(verdicts)
    found = {verdicts.index(r, 0).data(): int(verdicts.index(r, 1).data()) for r in range(2)}
    assert found == dict(expected.distribution)
    dialog.reject()


def test_with_no_stored_replies_the_trial_says_so(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = bare_dialog(qtbot, tmp_path, **LLMBAR)
    qtbot.waitUntil(lambda: "no stored replies" in dialog.example_box.examples.currentText())
    with qtbot.waitSignal(dialog.trial.sig_trial_shown, timeout=10_000):
        dialog.trial.button.click()
    assert "no stored replies yet" in dialog.trial.summary.text()
    assert dialog.trial.outcomes_model.rowCount() == 0
    assert not dialog.had_replies()


# --- saving ------------------------------------------------------------------------------


def test_ok_keeps_the_rule_in_the_judge_asks_to_reread_and_undo_takes_it_back(
    qtbot: QtBot, judged: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[bool] = []

    def answer(pane: JudgesPane) -> bool:
        asked.append(True)
        return True

    monkeypatch.setattr(JudgesPane, "ask_recompute", answer)
    window, pane = judges_pane(qtbot, judged)
    judge = window.workspace.project.judges[0]  # type: ignore[union-attr]
    assert (
        pane.form.reader_row.reader.currentData() == "score"
        and not pane.form.reader_row.rule_text.isVisibleTo(pane)
    )
    index = pane.form.reader_row.reader.findData(OWN_RULE)
    pane.form.reader_row.reader.setCurrentIndex(index)
    pane.form.reader_row.reader.activated.emit(index)  # "My own rule…" opens the dialog
    dialog = pane.rule_dialog
    assert dialog is not None and dialog.isVisible()
    qtbot.waitUntil(lambda: bool(dialog.example_box.replies), timeout=10_000)
    dialog.apply_preset("llmbar")
    with qtbot.waitSignal(window.run_pane.sig_run_finished, timeout=60_000) as finished:
        dialog.ok_button.click()
    assert asked == [True]
    assert finished.args[0].status == "finished"  # the stored replies were read again
    assert window.stack.currentWidget() is window.run_pane
    assert VerdictRule.from_table(judge.verdict) == VerdictRule.from_table(LLMBAR)
    assert (
        pane.form.reader_row.reader.currentData() == OWN_RULE
        and pane.form.reader_row.rule_button.isVisibleTo(pane)
    )
    assert pane.form.reader_row.rule_text.text() == (
        r"Own rule: a comparison, pattern Output \((a|b)\), "
        "a → A>B, b → B>A"
    )
    window.save_action.trigger()
    qtbot.waitUntil(lambda: not window.workspace.dirty, timeout=10_000)
    saved = load_project(judged).judges[0]
    assert saved.rule() == VerdictRule.from_table(LLMBAR)

    window.undo_action.trigger()
    judge = window.workspace.project.judges[0]  # type: ignore[union-attr]
    assert judge.verdict == {} and judge.parser == "score"
    assert (
        pane.form.reader_row.reader.currentData() == "score"
        and not pane.form.reader_row.rule_text.isVisibleTo(pane)
    )
    window.redo_action.trigger()
    assert window.workspace.project.judges[0].rule() == VerdictRule.from_table(LLMBAR)  # type: ignore[union-attr]


def test_a_built_in_reader_replaces_the_rule_and_cancel_changes_nothing(
    qtbot: QtBot, judged: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(JudgesPane, "ask_recompute", lambda pane: False)
    project = load_project(judged)
    project.judges[0].verdict = dict(LLMBAR)
    project.save()
    window, pane = judges_pane(qtbot, judged)
    assert pane.form.reader_row.reader.currentData() == OWN_RULE
    assert pane.form.reader_row.rule_text.text().startswith("Own rule: a comparison")
    pane.form.reader_row.rule_button.click()
    dialog = pane.rule_dialog
    assert dialog is not None and dialog.rule() == VerdictRule.from_table(LLMBAR)
    dialog.reject()
    assert pane.form.reader_row.reader.currentData() == OWN_RULE
    judge = window.workspace.project.judges[0]  # type: ignore[union-attr]
    assert judge.verdict == LLMBAR

    index = pane.form.reader_row.reader.findData("comparison")
    pane.form.reader_row.reader.setCurrentIndex(index)
    pane.form.reader_row.reader.activated.emit(index)
    assert judge.verdict == {} and judge.parser == "comparison"
    assert not pane.form.reader_row.rule_button.isVisibleTo(pane)
    window.undo_action.trigger()
    judge = window.workspace.project.judges[0]  # type: ignore[union-attr]
    assert judge.verdict == LLMBAR and pane.form.reader_row.reader.currentData() == OWN_RULE

    # Cancelling a first rule leaves the built-in reader chosen.
    index = pane.form.reader_row.reader.findData("score")
    pane.form.reader_row.reader.setCurrentIndex(index)
    pane.form.reader_row.reader.activated.emit(index)
    index = pane.form.reader_row.reader.findData(OWN_RULE)
    pane.form.reader_row.reader.setCurrentIndex(index)
    pane.form.reader_row.reader.activated.emit(index)
    assert pane.rule_dialog is not None
    pane.rule_dialog.reject()
    assert pane.form.reader_row.reader.currentData() == "score"
