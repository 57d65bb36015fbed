"""The Template pane: live preview per row, problems marked, completion, saving, undo."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QTextCursor
from pytestqt.qtbot import QtBot

from judgedesk.core.project.workspace import Workspace
from judgedesk.resources import resource_path
from judgedesk.ui.editors.completion import typed_name
from judgedesk.ui.main_window import MainWindow
from judgedesk.ui.panes.template.pane import TemplatePane
from judgedesk.ui.settings import AppSettings
from tests.ui.windows import copy_sample, open_window

# The offscreen platform cannot raise the completion popup or let it grab the keyboard.
pytestmark = pytest.mark.qt_log_ignore(r"This plugin does not support (raise|grabbing)")

# Rows of the sample dataset.
ROW_0_ANSWER = "The capital of Australia is Canberra."
ROW_1_ANSWER = "Cairo lies on the Nile."
ROW_2_QUESTION = "What is the highest mountain in Africa?"


def open_pane(qtbot: QtBot, tmp_path: Path) -> tuple[MainWindow, TemplatePane, Path]:
    folder = copy_sample(tmp_path)
    window = open_window(qtbot, folder)
    pane = window.template_pane
    with qtbot.waitSignal(pane.sig_preview_shown, timeout=10_000):
        window.nav.setCurrentRow(window.stack.indexOf(pane))
    return window, pane, folder


def preview_text(pane: TemplatePane) -> str:
    return pane.preview.toPlainText()


def replace_template(qtbot: QtBot, pane: TemplatePane, text: str) -> None:
    """Put ``text`` in the editor as typing would, and wait for its preview."""
    with qtbot.waitSignal(
        pane.sig_preview_shown,
        timeout=5_000,
        check_params_cb=lambda p: p.prompt.user.startswith(text[:3]) or not p.prompt.ok,
    ):
        pane.editor.selectAll()
        pane.editor.insertPlainText(text)


def test_the_sample_judge_template_is_shown_and_rendered(qtbot: QtBot, tmp_path: Path) -> None:
    _, pane, folder = open_pane(qtbot, tmp_path)
    assert pane.judge.count() == 1 and pane.judge.currentText() == "local-model"  # no metric
    assert pane.editor.toPlainText() == (folder / "templates" / "local.j2").read_text("utf-8")
    assert pane.system_prompt.toPlainText().startswith("You are a careful, impartial evaluator")
    text = preview_text(pane)
    assert "System prompt" in text and "User message" in text
    assert "on a scale from 1 (worst) to 10 (best)" in text  # project variables
    assert ROW_0_ANSWER in text  # no row selected yet: the first one
    assert pane.rows.row_id.text() == "geo-1"
    assert pane.view.tokens.text().startswith("≈ ") and "tokens" in pane.view.tokens.text()
    assert pane.view.problem_texts() == ["No problems for this row."]
    assert pane.save_status.text() == "Saved" and pane.file_label.text() == "local.j2"


def test_typing_updates_the_preview_for_the_selected_row(qtbot: QtBot, tmp_path: Path) -> None:
    window, pane, _ = open_pane(qtbot, tmp_path)
    with qtbot.waitSignal(pane.sig_preview_shown, timeout=5_000):
        window.workspace.select_row(2)
    replace_template(qtbot, pane, "Q: {{ data.question }}")
    assert preview_text(pane).endswith(f"Q: {ROW_2_QUESTION}")
    pane.editor.moveCursor(QTextCursor.MoveOperation.End)
    pane.editor.setFocus()
    with qtbot.waitSignal(
        pane.sig_preview_shown, timeout=5_000, check_params_cb=lambda p: "|" in p.prompt.user
    ):
        qtbot.keyClicks(pane.editor, " | {{ answer")  # the popup opens and closes again
        pane.completer.close()
        qtbot.keyClicks(pane.editor, " }}")
    assert preview_text(pane).endswith(
        f"Q: {ROW_2_QUESTION} | Mount Kenya is the highest mountain in Africa."
    )


def test_an_undefined_variable_is_marked_and_explained(qtbot: QtBot, tmp_path: Path) -> None:
    _, pane, _ = open_pane(qtbot, tmp_path)
    replace_template(qtbot, pane, "Hello\n{{ data.question }}\nThen {{ data.nope }}.")
    marker = pane.editor.marker_at_line(3)
    assert marker is not None and marker.severity == "warning"
    assert (marker.column, marker.length) == (9, len("data.nope"))
    assert pane.editor.marker_at_line(2) is None
    problems = pane.view.problem_texts()
    assert len(problems) == 1
    assert problems[0].startswith("Line 3: “data.nope” is not defined for this row")
    assert pane.view.problems_title.text() == "&Problems (1)"
    # Choosing the problem puts the cursor on it.
    item = pane.problems.item(0)
    rect = pane.problems.visualItemRect(item)
    qtbot.mouseClick(pane.problems.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    cursor = pane.editor.textCursor()
    assert (cursor.blockNumber(), cursor.positionInBlock()) == (2, 8)


def test_a_syntax_error_is_marked_on_its_line(qtbot: QtBot, tmp_path: Path) -> None:
    _, pane, _ = open_pane(qtbot, tmp_path)
    replace_template(qtbot, pane, "Rate this.\n\n{% if %}\nYes{% endif %}")
    marker = pane.editor.marker_at_line(3)
    assert marker is not None and marker.severity == "error"
    assert "syntax error" in marker.message.lower()
    assert pane.view.problem_texts()[0].startswith("Line 3: Template syntax error")
    assert "Nothing can be rendered" in preview_text(pane)
    # Fixing it clears the marks.
    replace_template(qtbot, pane, "Rate this.\n\n{% if data.question %}\nYes{% endif %}")
    assert pane.editor.markers() == []


def test_next_and_previous_rows_change_the_preview(qtbot: QtBot, tmp_path: Path) -> None:
    window, pane, _ = open_pane(qtbot, tmp_path)
    replace_template(qtbot, pane, "A: {{ answer }}")
    assert preview_text(pane).endswith(ROW_0_ANSWER)
    assert not pane.rows.previous_button.isEnabled()
    with qtbot.waitSignal(pane.sig_preview_shown, timeout=5_000):
        pane.rows.next_button.click()
    assert window.workspace.row == 1 and preview_text(pane).endswith(ROW_1_ANSWER)
    assert pane.rows.number.value() == 1 and pane.rows.row_id.text() == "geo-2"
    with qtbot.waitSignal(pane.sig_preview_shown, timeout=5_000):
        pane.rows.previous_button.click()
    assert window.workspace.row == 0 and preview_text(pane).endswith(ROW_0_ANSWER)
    # Jump by number, and follow a row chosen elsewhere.
    with qtbot.waitSignal(pane.sig_preview_shown, timeout=5_000):
        pane.rows.number.setValue(2)
    assert window.workspace.row == 2 and "Mount Kenya" in preview_text(pane)
    assert pane.rows.count.text() == "24 rows"
    with qtbot.waitSignal(pane.sig_preview_shown, timeout=5_000):
        window.workspace.select_row(1)
    assert pane.rows.number.value() == 1 and preview_text(pane).endswith(ROW_1_ANSWER)


def test_finding_a_row_by_its_text(qtbot: QtBot, tmp_path: Path) -> None:
    window, pane, _ = open_pane(qtbot, tmp_path)
    pane.rows.search.setText("kilimanjaro")
    with qtbot.waitSignal(pane.sig_preview_shown, timeout=5_000):
        pane.rows.search.returnPressed.emit()
    assert window.workspace.row == 2
    assert pane.rows.search_result.text() == "match 1 of 1"
    pane.rows.search.setText("no row says this")
    pane.rows.search.returnPressed.emit()
    qtbot.waitUntil(lambda: pane.rows.search_result.text() == "No row holds this text")
    assert window.workspace.row == 2


def test_completion_offers_the_fields_of_the_rows(qtbot: QtBot, tmp_path: Path) -> None:
    _, pane, _ = open_pane(qtbot, tmp_path)
    editor, completer = pane.editor, pane.completer
    replace_template(qtbot, pane, "Question: ")
    editor.moveCursor(QTextCursor.MoveOperation.End)
    editor.setFocus()
    qtbot.keyClicks(editor, "{{")
    assert completer.is_open()
    offered = completer.offered()
    assert offered[:4] == ["question", "ref_answer", "answer", "history"]
    assert "max_score" in offered and "preprocess_result" in offered
    qtbot.keyClicks(editor, " data.")
    assert completer.is_open()
    offered = completer.offered()
    assert "data.question" in offered and "data.category" in offered
    assert all(name.startswith("data.") for name in offered)
    qtbot.keyClicks(editor, "qu")
    assert completer.offered() == ["data.question"]
    qtbot.keyClick(editor, Qt.Key.Key_Escape)  # left to the popup while it is open
    completer.insert("data.question")  # what Enter on the popup does
    assert editor.toPlainText() == "Question: {{ data.question"
    qtbot.keyClicks(editor, " }} {{ nothing.")
    assert not completer.is_open()  # not a known name


def test_completion_knows_where_a_name_is_typed() -> None:
    assert typed_name("Hello") is None
    assert typed_name("{{ x }} and") is None
    assert typed_name("{{") == ""
    assert typed_name("{{ ") == ""
    assert typed_name("{{ data.qu") == "data.qu"
    assert typed_name("{{ data.") == "data."
    assert typed_name("{% if data.gt") == "data.gt"
    assert typed_name("{{ x | trim ") == ""
    assert typed_name("{{ 3") == ""


def test_the_template_file_is_written_after_typing_stops(qtbot: QtBot, tmp_path: Path) -> None:
    window, pane, folder = open_pane(qtbot, tmp_path)
    path = folder / "templates" / "local.j2"
    pane.editor.moveCursor(QTextCursor.MoveOperation.End)
    with qtbot.waitSignal(pane.sig_template_saved, timeout=5_000) as saved:
        pane.editor.insertPlainText("\nBe brief.")
        assert pane.save_status.text() == "Saving…"
        assert "Be brief." not in path.read_text("utf-8")  # not at every keystroke
    assert saved.args == [str(path)]
    assert path.read_text("utf-8").endswith("\nBe brief.")
    assert pane.save_status.text() == "Saved"
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]
    # Edits still waiting when the window closes are written at once.
    pane.editor.insertPlainText(" Really.")
    window.close()
    assert path.read_text("utf-8").endswith("Be brief. Really.")


def test_a_system_prompt_edit_can_be_undone(qtbot: QtBot, tmp_path: Path) -> None:
    window, pane, _ = open_pane(qtbot, tmp_path)
    project = window.workspace.project
    assert project is not None
    original = project.judge("local-model").system_prompt
    with qtbot.waitSignal(
        pane.sig_preview_shown,
        timeout=5_000,
        check_params_cb=lambda p: p.prompt.system == "Be strict.",
    ):
        pane.system_prompt.setPlainText("Be strict.")
    assert project.judge("local-model").system_prompt == "Be strict."
    assert preview_text(pane).startswith("System prompt\nBe strict.")
    assert "●" in window.windowTitle()
    assert window.undo_action.isEnabled() and "system prompt" in window.undo_action.text()
    window.undo_action.trigger()
    assert window.workspace.project is not None
    assert window.workspace.project.judge("local-model").system_prompt == original
    assert pane.system_prompt.toPlainText() == original
    window.redo_action.trigger()
    assert pane.system_prompt.toPlainText() == "Be strict."
    # The Judges pane shows the new prompt, and does not put the old one back.
    judges = window.judges_pane
    window.nav.setCurrentRow(window.stack.indexOf(judges))
    judges.list.setCurrentIndex(judges.model.index(1))
    assert judges.form.system_prompt.toPlainText() == "Be strict."
    judges.form.temperature.setValue(0.5)
    assert window.workspace.project.judge("local-model").system_prompt == "Be strict."


def test_a_project_without_model_judges_says_so(qtbot: QtBot, tmp_path: Path) -> None:
    window, pane, _ = open_pane(qtbot, tmp_path)
    judges = window.judges_pane
    window.nav.setCurrentRow(window.stack.indexOf(judges))
    judges.list.setCurrentIndex(judges.model.index(1))
    judges.removeJudge_button.click()
    window.nav.setCurrentRow(window.stack.indexOf(pane))
    assert pane.pages.currentWidget() is pane.empty
    assert "no model judge" in pane.empty.text()
    assert pane.judge.count() == 0
    window.undo_action.trigger()  # the judge comes back
    assert pane.pages.currentWidget() is pane.splitter
    assert pane.judge.currentText() == "local-model"


def test_the_pane_works_from_the_keyboard(qtbot: QtBot, tmp_path: Path) -> None:
    window, pane, _ = open_pane(qtbot, tmp_path)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    pane.editor.setFocus()
    with qtbot.waitSignal(pane.sig_preview_shown, timeout=5_000):
        qtbot.keyClick(pane.editor, Qt.Key.Key_Right, Qt.KeyboardModifier.AltModifier)
    assert window.workspace.row == 1
    with qtbot.waitSignal(pane.sig_preview_shown, timeout=5_000):
        qtbot.keyClick(pane.editor, Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)
    assert window.workspace.row == 0
    qtbot.keyClick(pane.editor, Qt.Key.Key_Tab, Qt.KeyboardModifier.ControlModifier)
    assert pane.preview.hasFocus()  # Tab indents in the editor; Ctrl+Tab leaves it
    qtbot.keyClick(pane, Qt.Key.Key_P, Qt.KeyboardModifier.AltModifier)
    assert pane.problems.hasFocus()
    qtbot.keyClick(pane, Qt.Key.Key_T, Qt.KeyboardModifier.AltModifier)
    assert pane.editor.hasFocus()


def test_a_missing_template_file_is_created_by_typing(qtbot: QtBot, tmp_path: Path) -> None:
    folder = tmp_path / "sample"
    shutil.copytree(resource_path("sample"), folder)
    path = folder / "templates" / "local.j2"
    path.unlink()
    window = MainWindow(Workspace(), AppSettings())
    qtbot.addWidget(window, before_close_func=lambda w: setattr(w.workspace, "dirty", False))
    window.show()
    with qtbot.waitSignal(window.dataset_pane.model.modelReset, timeout=10_000):
        window.open_project(folder)
    pane = window.template_pane
    window.nav.setCurrentRow(window.stack.indexOf(pane))
    qtbot.waitUntil(lambda: pane.save_status.text() == "New file: it is created when you type")
    assert pane.editor.toPlainText() == "" and not pane.editor.isReadOnly()
    with qtbot.waitSignal(pane.sig_template_saved, timeout=5_000):
        pane.editor.insertPlainText("Grade {{ answer }}")
    assert path.read_text("utf-8") == "Grade {{ answer }}"
    assert pane.save_status.text() == "Saved"


def test_judge_this_row_shows_the_verdict_and_the_reply(qtbot: QtBot, tmp_path: Path) -> None:
    from tests.support.fake_openai import FakeOpenAI

    reply = "<think>Compare with the reference first.</think>Mostly right.\n\nScore: [[8]]"
    with FakeOpenAI(reply=lambda body: reply) as fake:
        window, pane, _ = open_pane(qtbot, tmp_path)
        judge = window.workspace.project.judges[1]
        judge.base_url = fake.base_url
        with qtbot.waitSignal(pane.sig_preview_shown, timeout=5_000):
            window.workspace.select_row(1)
        replace_template(qtbot, pane, "Judge: {{ response.content }} Score: [[n]]")
        assert "Ctrl+Enter" in pane.dry_run.summary.text()
        with qtbot.waitSignal(pane.dry_run.sig_judged, timeout=10_000) as signal:
            qtbot.keyClick(pane.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
        result = signal.args[0]
        assert (result.status, result.value, result.row) == ("ok", 8, 1)
        sent = fake.requests[-1]["messages"]
        assert sent[-1]["content"] == f"Judge: {ROW_1_ANSWER} Score: [[n]]"  # the editor's text
        assert sent[0]["role"] == "system"
        summary = pane.dry_run.summary.text()
        assert summary.startswith("Verdict: 8") and "“score”" in summary
        shown = pane.dry_run.reply.toPlainText()
        assert "Mostly right." in shown and "Compare with the reference" not in shown
        pane.dry_run._anchor(QUrl("#toggle-reasoning"))  # the folded reasoning, unfolded
        assert "Compare with the reference first." in pane.dry_run.reply.toPlainText()
        # Asked again: the reply is kept, the judge is not called twice.
        with qtbot.waitSignal(pane.dry_run.sig_judged, timeout=10_000) as signal:
            pane.dry_run.judge_button.click()
        assert signal.args[0].cached and len(fake.requests) == 1
        assert "from the cache" in pane.dry_run.summary.text()
        # Another row: the verdict shown belonged to the previous one.
        window.workspace.select_row(2)
        assert "Ctrl+Enter" in pane.dry_run.summary.text()


def test_judge_this_row_explains_a_server_that_does_not_answer(
    qtbot: QtBot, tmp_path: Path
) -> None:
    from tests.support.fake_openai import FakeOpenAI

    with FakeOpenAI() as fake:
        closed = fake.base_url
    window, pane, _ = open_pane(qtbot, tmp_path)
    window.workspace.project.judges[1].base_url = closed
    with qtbot.waitSignal(pane.dry_run.sig_judged, timeout=20_000) as signal:
        pane.dry_run.judge_button.click()
    assert not pane.dry_run.judge_button.isEnabled() or signal.args[0].status == "error"
    assert pane.dry_run.summary.text().startswith("Row 0 could not be judged:")
    assert pane.dry_run.judge_button.isEnabled() and not pane.dry_run.stop_button.isEnabled()


def test_judge_this_row_shows_the_judge_the_examples_a_run_would(
    qtbot: QtBot, tmp_path: Path
) -> None:
    import re

    from tests.core.test_calibration_examples import SHOWING, reviewed_project
    from tests.core.test_pipeline import score_from_question
    from tests.support.fake_openai import FakeOpenAI

    with FakeOpenAI(reply=score_from_question) as fake:
        reviewed_project(tmp_path, fake.base_url)
        window = open_window(qtbot, tmp_path)
        pane = window.template_pane
        with qtbot.waitSignal(pane.sig_preview_shown, timeout=10_000):
            window.nav.setCurrentRow(window.stack.indexOf(pane))
        with qtbot.waitSignal(pane.sig_preview_shown, timeout=5_000):
            window.workspace.select_row(4)
        assert pane.editor.toPlainText() == SHOWING
        with qtbot.waitSignal(pane.dry_run.sig_judged, timeout=10_000) as signal:
            pane.dry_run.judge_button.click()
        assert signal.args[0].status == "ok"
        shown = re.findall(r"EXAMPLE (r\d+)", fake.requests[-1]["messages"][-1]["content"])
        assert len(shown) == 3 and "r4" not in shown
