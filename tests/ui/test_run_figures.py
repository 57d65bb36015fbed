"""The Run pane's figures say when a judge's server could not keep up, and when token
counts are estimates."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from judgedesk.core.run.pipeline import Progress, RunSummary
from judgedesk.ui.main_window import MainWindow
from judgedesk.ui.panes.run.figures import RunFigures
from tests.core.test_pipeline import make_project, score_from_question
from tests.support.fake_openai import FakeOpenAI, Quirks
from tests.ui.windows import open_window


def test_lowered_concurrency_and_estimated_tokens_are_shown(qtbot: QtBot) -> None:
    figures = RunFigures()
    qtbot.addWidget(figures)
    progress = Progress(1, 10, done=4, ok=4, elapsed=2.0, prompt_tokens=900, completion_tokens=100)
    progress.tokens_estimated = True
    progress.concurrency = {"strict": 1, "second": 2}
    figures.show_progress(progress, {})
    assert "about 1,000 tokens (estimated)" in figures.line.text()
    status = figures.status_line()
    assert "strict: the server serves 1 request at a time; concurrency lowered to 1" in status
    assert "second: the server could not keep up; concurrency lowered to 2" in status
    figures.finished(RunSummary(1, "finished", progress, None, None), "")
    assert "concurrency lowered to 1" in figures.status_line()
    assert "(estimated)" in figures.line.text()
    progress.tokens_estimated, progress.concurrency = False, {}
    figures.show_progress(progress, {})
    assert "1,000 tokens" in figures.line.text() and "estimated" not in figures.line.text()
    assert "concurrency" not in figures.status_line()


def test_rows_being_judged_are_shown_while_the_run_goes(qtbot: QtBot) -> None:
    figures = RunFigures()
    qtbot.addWidget(figures)
    progress = Progress(1, 10, done=2, ok=2, elapsed=4.0, in_flight=4)
    progress.writing_speed = {"smol": 90.0}
    figures.show_progress(progress, {})
    assert "4 being judged now" in figures.line.text()
    assert "smol writes 90 tokens/s" in figures.line.text()
    progress.in_flight, progress.done = 0, 10
    figures.show_progress(progress, {})
    assert "being judged" not in figures.line.text()


def test_the_judges_pane_says_how_many_requests_the_server_serves(
    qtbot: QtBot, tmp_path: Path
) -> None:
    project = make_project(tmp_path / "p", "http://127.0.0.1:9/v1")
    window: MainWindow = open_window(qtbot, project.root)
    window.nav.setCurrentRow(window.stack.indexOf(window.judges_pane))
    pane = window.judges_pane
    with FakeOpenAI(reply=score_from_question, quirks=Quirks(slots=2)) as fake:
        pane.form.base_url.setText(fake.base_url)
        pane.form.base_url.textEdited.emit(fake.base_url)
        pane.form.test_button.click()
        qtbot.waitUntil(lambda: "Connected" in pane.form.test_result.text(), timeout=10_000)
    assert "serves 2 requests at a time" in pane.form.test_result.text()
