"""The Run pane: estimate, run in the background, pause, resume, stop, recompute."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from judgedesk.core.run.store import Store
from judgedesk.ui.main_window import MainWindow
from judgedesk.ui.panes.run.pane import RunPane
from tests.core.test_pipeline import make_project, score_from_question
from tests.support.fake_openai import FakeOpenAI
from tests.ui.windows import open_window

ROWS = 12


def open_run_pane(qtbot: QtBot, folder: Path) -> tuple[MainWindow, RunPane]:
    window = open_window(qtbot, folder)
    pane = window.run_pane
    with qtbot.waitSignal(pane.sig_estimated, timeout=10_000):
        window.nav.setCurrentRow(window.stack.indexOf(pane))
    return window, pane


@pytest.fixture
def fake() -> FakeOpenAI:
    with FakeOpenAI(reply=score_from_question) as server:
        yield server


def test_a_run_from_the_pane_judges_every_row_and_shows_them(
    qtbot: QtBot, qtmodeltester, tmp_path: Path, fake: FakeOpenAI
) -> None:
    make_project(tmp_path, fake.base_url, price_input=1.0, price_output=2.0)
    window, pane = open_run_pane(qtbot, tmp_path)
    assert pane.estimates.text.text().startswith(f"{ROWS} rows: about {ROWS} requests")
    assert "cost about" in pane.estimates.text.text()
    assert "the time known once the first rows are judged" in pane.estimates.text.text()
    qtmodeltester.check(pane.estimates.model)
    with qtbot.waitSignal(pane.sig_run_finished, timeout=30_000) as finished:
        pane.start_button.click()
        assert not pane.start_button.isEnabled() and pane.stop_button.isEnabled()
    summary = finished.args[0]
    assert summary.status == "finished" and summary.progress.done == ROWS
    assert pane.finished_rows.model.rowCount() == ROWS
    qtmodeltester.check(pane.finished_rows.model)
    statuses = {pane.finished_rows.model.index(r, 2).data() for r in range(ROWS)}
    assert statuses == {"ok", "no verdict"}  # row 7 has no verdict
    assert pane.figures.bar.value() == ROWS
    assert f"{ROWS - 1} ok" in pane.figures.errors.text()
    assert "cost" in pane.figures.line.text()
    assert window.run_status.text().startswith(f"Run {summary.run_id} done: {ROWS - 1} ok")
    assert pane.start_button.isEnabled() and not pane.stop_button.isEnabled()
    # Choosing a finished row shows it everywhere.
    pane.finished_rows.view.selectRow(3)
    assert window.workspace.row == pane.finished_rows.model.dataset_row(3)
    # A second estimate knows every reply is stored.
    with qtbot.waitSignal(pane.sig_estimated, timeout=10_000) as estimated:
        pane.estimate()
    assert estimated.args[0].requests == 0


def test_before_any_reply_the_estimate_says_the_most_a_run_can_cost(
    qtbot: QtBot, tmp_path: Path, fake: FakeOpenAI
) -> None:
    make_project(tmp_path, fake.base_url, price_output=2.0, params={"max_tokens": 512})
    window, pane = open_run_pane(qtbot, tmp_path)
    words = pane.estimates.text.text()
    assert "cost at most" in words and "time known once the first rows" in words
    next_step = window.next_step.text
    qtbot.waitUntil(lambda: "at most $" in next_step.text(), timeout=10_000)
    with qtbot.waitSignal(pane.sig_estimated, timeout=10_000):
        pane.choice.scope.setCurrentIndex(pane.choice.scope.findData("first"))
        pane.choice.first.setValue(4)
    with qtbot.waitSignal(pane.sig_run_finished, timeout=30_000):
        pane.start()
    with qtbot.waitSignal(pane.sig_estimated, timeout=10_000) as estimated:
        pane.choice.scope.setCurrentIndex(pane.choice.scope.findData("all"))
    # Measured from the replies stored: what the rest will likely cost, and take.
    assert estimated.args[0].measured
    words = pane.estimates.text.text()
    assert "cost about" in words and "at most" not in words and "time known" not in words


def test_the_first_rows_and_the_failed_rows_only(
    qtbot: QtBot, tmp_path: Path, fake: FakeOpenAI
) -> None:
    make_project(tmp_path, fake.base_url)
    _, pane = open_run_pane(qtbot, tmp_path)
    with qtbot.waitSignal(pane.sig_estimated, timeout=10_000) as estimated:
        pane.choice.scope.setCurrentIndex(pane.choice.scope.findData("first"))
        pane.choice.first.setValue(4)
    assert estimated.args[0].rows == 4
    with qtbot.waitSignal(pane.sig_run_finished, timeout=30_000) as finished:
        pane.start()
    assert finished.args[0].progress.total == 4 and len(fake.requests) == 4
    with qtbot.waitSignal(pane.sig_estimated, timeout=10_000) as estimated:
        pane.choice.scope.setCurrentIndex(pane.choice.scope.findData("unparsed"))
    assert estimated.args[0].rows == 0
    assert pane.estimates.text.text() == "No row matches this choice."


def test_pause_resume_and_stop_keep_the_window_responsive(qtbot: QtBot, tmp_path: Path) -> None:
    with FakeOpenAI(reply=score_from_question, latency=0.15) as fake:
        make_project(tmp_path, fake.base_url, rows=60, concurrency=2)
        window, pane = open_run_pane(qtbot, tmp_path)
        ticks = []
        timer = QTimer(interval=20)
        timer.timeout.connect(lambda: ticks.append(1))
        timer.start()
        pane.start()
        qtbot.waitUntil(lambda: pane.finished_rows.model.rowCount() >= 4, timeout=10_000)
        pane.pause_button.click()
        assert pane.pause_button.text() == "&Resume"
        qtbot.wait(400)  # requests in flight end; then nothing more is sent
        sent = len(fake.requests)
        qtbot.wait(400)
        assert len(fake.requests) == sent
        assert "paused" in window.run_status.text().lower()
        pane.pause_button.click()
        qtbot.waitUntil(lambda: len(fake.requests) > sent, timeout=10_000)
        with qtbot.waitSignal(pane.sig_run_finished, timeout=30_000) as finished:
            pane.stop_button.click()
        timer.stop()
    summary = finished.args[0]
    assert summary.status == "cancelled" and summary.progress.done < 60
    assert "was stopped" in pane.figures.line.text()
    assert len(ticks) > 20  # the GUI thread kept running its timers throughout


def test_recompute_asks_no_judge_and_a_closed_project_stops_the_run(
    qtbot: QtBot, tmp_path: Path, fake: FakeOpenAI
) -> None:
    make_project(tmp_path, fake.base_url)
    _, pane = open_run_pane(qtbot, tmp_path)
    with qtbot.waitSignal(pane.sig_run_finished, timeout=30_000):
        pane.start()
    asked = len(fake.requests)
    with qtbot.waitSignal(pane.sig_run_finished, timeout=30_000) as finished:
        pane.recompute_button.click()
    assert finished.args[0].progress.cached == ROWS and len(fake.requests) == asked
    with Store(tmp_path / ".judgedesk" / "results.sqlite") as store:
        assert [r.status for r in store.runs()] == ["finished", "finished"]


def test_a_run_that_cannot_start_says_why(qtbot: QtBot, tmp_path: Path) -> None:
    make_project(tmp_path, "")
    _, pane = open_run_pane(qtbot, tmp_path)
    with qtbot.waitSignal(pane.sig_run_finished, timeout=30_000) as finished:
        pane.start()
    assert finished.args[0] is None
    assert pane.figures.line.text().startswith("The run could not start: ")
    assert pane.start_button.isEnabled()


def test_the_inspector_shows_how_the_selected_row_was_judged(
    qtbot: QtBot, tmp_path: Path, fake: FakeOpenAI
) -> None:
    from PySide6.QtCore import QUrl

    make_project(tmp_path, fake.base_url)
    window, pane = open_run_pane(qtbot, tmp_path)
    judging = window.judging
    with qtbot.waitSignal(judging.sig_shown, timeout=10_000):
        window.workspace.select_row(3)
    assert "has not been judged yet" in judging.browser.toPlainText()
    with qtbot.waitSignal(pane.sig_run_finished, timeout=30_000):
        pane.start()
    qtbot.waitUntil(lambda: judging.outcome() is not None, timeout=10_000)
    text = judging.browser.toPlainText()
    assert "Result: 4" in text and "Judge judge" in text and "Verdict: 4" in text
    assert "Score: [[4]]" in text  # the reply
    assert "What about item 3?" not in text  # the request is folded
    judging._anchor(QUrl("#request-0"))
    assert "What about item 3?" in judging.browser.toPlainText()
    with qtbot.waitSignal(judging.sig_shown, timeout=10_000):
        window.workspace.select_row(7)
    assert "No verdict" in judging.browser.toPlainText()


def test_run_options_swap_pairs_and_combine_judges_with_undo(qtbot: QtBot, tmp_path: Path) -> None:
    from tests.core.test_pairwise import make_pairwise, order_sensitive_judge

    with FakeOpenAI(reply=order_sensitive_judge, models=["judge-m"]) as fake:
        folder = tmp_path / "pairs"
        make_pairwise(folder, fake.base_url)
        window, pane = open_run_pane(qtbot, folder)
        options = pane.options
        assert options.swap.isVisibleTo(pane) and not options.swap.isChecked()
        assert not options.aggregate.isVisibleTo(pane)  # one judge only
        assert pane.last_estimate_requests() == 7
        with qtbot.waitSignal(pane.sig_estimated, timeout=10_000) as estimated:
            options.swap.click()
        assert window.workspace.project.run.swap and window.workspace.dirty
        assert estimated.args[0].requests == 14  # each pair asked in both orders
        window.undo_action.trigger()
        assert not window.workspace.project.run.swap and not options.swap.isChecked()
        window.redo_action.trigger()
        assert options.swap.isChecked()
        with qtbot.waitSignal(pane.sig_run_finished, timeout=30_000) as finished:
            pane.start()
        assert finished.args[0].progress.done == 7 and len(fake.requests) == 14
        window.workspace.dirty = False


def test_dimension_scores_become_columns(qtbot: QtBot, qtmodeltester) -> None:
    from judgedesk.core.run.steps import RowResult
    from judgedesk.ui.models.run_rows_model import RunRowsModel

    def result(index: int, **dimensions: float) -> RowResult:
        verdict = {"ok": True, "value": 7, "dimensions": dimensions}
        return RowResult(index, f"r{index}", "ok", 7, detail={"judges": [{"verdict": verdict}]})

    model = RunRowsModel()
    model.add([result(0, accuracy=6.0)])
    model.add([result(1, accuracy=8.0, clarity=9.5), result(2)])
    qtmodeltester.check(model)
    assert model.columnCount() == 7
    assert [model.headerData(c, Qt.Orientation.Horizontal) for c in (5, 6)] == [
        "accuracy",
        "clarity",
    ]
    assert [model.index(r, 6).data() for r in range(3)] == ["", "9.5", ""]
    assert model.index(0, 5).data() == "6"


def test_opening_another_project_stops_the_run_and_keeps_its_replies(
    qtbot: QtBot, tmp_path: Path
) -> None:
    with FakeOpenAI(reply=score_from_question, latency=0.2) as fake:
        first = tmp_path / "first"
        first.mkdir()
        make_project(first, fake.base_url, rows=40, concurrency=2)
        second = tmp_path / "second"
        second.mkdir()
        make_project(second, fake.base_url)
        window, pane = open_run_pane(qtbot, first)
        pane.start()
        qtbot.waitUntil(lambda: pane.finished_rows.model.rowCount() >= 2, timeout=10_000)
        with qtbot.waitSignal(window.dataset_pane.model.modelReset, timeout=10_000):
            window.open_project(second)
        assert not pane.is_running()
        assert pane.finished_rows.model.rowCount() == 0  # the new project's pane starts afresh
    with Store(first / ".judgedesk" / "results.sqlite") as store:
        (run,) = store.runs()
        assert run.status == "cancelled"
        assert 2 <= store.count_calls() < 40


def test_the_candidates_prompt_template_is_set_in_the_dialog(
    qtbot: QtBot, tmp_path: Path, fake: FakeOpenAI
) -> None:
    make_project(tmp_path, fake.base_url)
    window, pane = open_run_pane(qtbot, tmp_path)
    dialog = pane.edit_answering_models()
    box = dialog.candidate
    box.setChecked(True)
    box.base_url.setText(fake.base_url)
    box.model.setCurrentText("cand")
    assert box.prompt_template.isVisibleTo(dialog) and not box.prompt_template.text()
    box.prompt_template.setText(" templates/candidate.j2 ")
    dialog.accept()
    project = window.workspace.project
    assert project.candidate is not None
    assert project.candidate.prompt_template == "templates/candidate.j2"
    again = pane.edit_answering_models()
    assert again.candidate.prompt_template.text() == "templates/candidate.j2"
    again.reject()
    window.workspace.dirty = False


def test_the_candidate_and_baseline_models_are_set_in_a_dialog_with_undo(
    qtbot: QtBot, tmp_path: Path, fake: FakeOpenAI
) -> None:
    make_project(tmp_path, fake.base_url)
    window, pane = open_run_pane(qtbot, tmp_path)
    window.findChild(type(window.undo_action), "answeringModelsAction").trigger()
    dialog = pane.findChild(QDialog, "answeringModelsDialog") or window.findChild(
        QDialog, "answeringModelsDialog"
    )
    assert dialog is not None and not dialog.candidate.isChecked()
    box = dialog.baseline
    box.setChecked(True)
    box.same_as.setCurrentIndex(box.same_as.findData("judge"))
    box.same_as.activated.emit(box.same_as.currentIndex())
    assert box.base_url.text() == fake.base_url
    box.test_button.click()
    qtbot.waitUntil(lambda: box.result.text().startswith("Connected"), timeout=10_000)
    assert box.model.count() > 0
    box.model.setCurrentText("")
    dialog.accept()
    assert "give a server address and a model" in dialog.problem.text()
    box.key.setText("the-key-itself")
    box.model.setCurrentText("base-m")
    dialog.accept()
    assert "never the key itself" in dialog.problem.text()
    box.key.setText("env:BASE_KEY")
    dialog.accept()
    project = window.workspace.project
    assert project.baseline is not None and project.baseline.model == "base-m"
    assert project.baseline.api_key == "env:BASE_KEY" and project.candidate is None
    assert window.workspace.dirty
    window.undo_action.trigger()
    assert project.baseline is None
    window.workspace.dirty = False


def test_a_window_run_shows_a_judge_the_examples_judgedesk_run_shows(
    qtbot: QtBot, tmp_path: Path, fake: FakeOpenAI
) -> None:
    import re

    from tests.core.test_calibration_examples import reviewed_project

    reviewed_project(tmp_path, fake.base_url, rows=ROWS)
    _, pane = open_run_pane(qtbot, tmp_path)
    with qtbot.waitSignal(pane.sig_run_finished, timeout=30_000) as finished:
        pane.start_button.click()
    assert finished.args[0].progress.done == ROWS
    for body in fake.requests:
        prompt = body["messages"][-1]["content"]
        own = re.search(r"item (\d+)", prompt).group(1)  # type: ignore[union-attr]
        shown = re.findall(r"EXAMPLE (r\d+)", prompt)
        assert len(shown) == 3 and f"r{own}" not in shown
    # The estimate renders the same prompts: every reply is found stored.
    with qtbot.waitSignal(pane.sig_estimated, timeout=10_000) as estimated:
        pane.estimate()
    assert estimated.args[0].requests == 0
