"""The sidebar's states and the next step, as a project goes through its stages."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from judgedesk.core.project.settings import Project, load_project
from judgedesk.core.project.workspace import Workspace
from judgedesk.ui.main_window import MainWindow
from judgedesk.ui.project_actions import ProjectActions
from judgedesk.ui.settings import AppSettings
from tests.core.test_pipeline import ROWS, make_project, score_from_question
from tests.support.fake_openai import FakeOpenAI

WAIT = 15_000


@pytest.fixture
def fake() -> FakeOpenAI:
    with FakeOpenAI(reply=score_from_question, models=["judge-small"]) as server:
        yield server


def shown_window(qtbot: QtBot, folder: Path) -> MainWindow:
    window = MainWindow(Workspace(), AppSettings())
    qtbot.addWidget(window, before_close_func=_close_quietly)
    window.show()
    window.open_project(folder)
    qtbot.waitUntil(lambda: window.workspace.project is not None, timeout=WAIT)
    return window


def _close_quietly(window: MainWindow) -> None:
    window.run_pane.stop_and_wait()
    window.workspace.dirty = False


def wait_line(qtbot: QtBot, window: MainWindow, stage: str, line: str) -> None:
    qtbot.waitUntil(lambda: window.nav.line(stage) == line, timeout=WAIT)


def wait_step(qtbot: QtBot, window: MainWindow, text: str) -> None:
    bar = window.next_step
    qtbot.waitUntil(lambda: bar.isVisible() and bar.text.text().startswith(text), timeout=WAIT)


def current_stage(window: MainWindow) -> str:
    return str(window.nav.currentItem().data(Qt.ItemDataRole.UserRole))


def test_a_project_goes_through_its_stages(
    qtbot: QtBot, tmp_path: Path, fake: FakeOpenAI, monkeypatch: pytest.MonkeyPatch
) -> None:
    # An empty project: no dataset, no judge.
    folder = tmp_path / "p"
    Project(root=folder, name="empty").save()
    imports: list[bool] = []
    monkeypatch.setattr(ProjectActions, "import_dataset", lambda self: imports.append(True))
    window = shown_window(qtbot, folder)
    wait_line(qtbot, window, "dataset", "no dataset yet")
    wait_line(qtbot, window, "judges", "none yet")
    assert window.nav.line("run") == "not run"
    wait_step(qtbot, window, "Import the dataset to judge.")
    assert window.next_step.button.text() == "Import Dataset…"
    window.next_step.button.click()
    assert imports == [True]

    # A dataset, still no judge: the bar's button adds one in the Judges pane.
    make_project(folder, fake.base_url)
    project = load_project(folder)
    judge = project.judges[0]
    project.judges = []
    project.save()
    window.open_project(folder)
    wait_line(qtbot, window, "dataset", f"{ROWS} rows")
    wait_step(qtbot, window, "Add a judge")
    window.next_step.button.click()
    assert current_stage(window) == "judges"
    assert window.judges_pane.model.rowCount() == 1
    window.workspace.undo.undo()  # the judge added by the button goes again
    assert window.judges_pane.model.rowCount() == 0

    # The judge back, with a template that has a problem on its second line.
    project.judges = [judge]
    project.save()
    project.write_template(judge, "Judge item: {{ data.question }}\nAnswer: {{ response.content \n")
    window.open_project(folder)
    wait_line(qtbot, window, "template", "1 problem")
    wait_step(qtbot, window, "Fix the template's problem on line 2.")
    assert window.nav.state("template").mark.value == "blocks"
    assert window.nav.line("run") == "not run"
    window.nav.setCurrentRow(0)
    window.next_step.button.click()
    assert current_stage(window) == "template"
    editor = window.template_pane.editor
    qtbot.waitUntil(lambda: editor.textCursor().blockNumber() == 1, timeout=WAIT)

    # Fixed as typed: the state follows the live preview, then the saved file.
    editor.setPlainText(
        "Judge item: {{ data.question }}\nAnswer: {{ response.content }}\nScore: [[n]]"
    )
    wait_line(qtbot, window, "template", "ready")
    wait_line(qtbot, window, "judges", "1 ready")
    wait_step(qtbot, window, f"Run {ROWS} rows")

    # Run from the bar.
    with qtbot.waitSignal(window.run_pane.sig_run_finished, timeout=30_000):
        window.next_step.button.click()
    assert current_stage(window) == "run"
    wait_line(qtbot, window, "run", f"{ROWS} judged")
    wait_line(qtbot, window, "review", f"0 of {ROWS}")
    assert window.nav.line("report") == "ready to export"
    wait_step(qtbot, window, f"Review the judge's verdicts: {ROWS} rows to go.")

    # Review from the bar: one disagreement, then every row agreed.
    window.next_step.button.click()
    assert current_stage(window) == "review"
    review = window.review_pane
    assert review.filters.show_combo.currentData() == "unreviewed"
    qtbot.waitUntil(lambda: review.current_row() is not None, timeout=WAIT)
    with qtbot.waitSignal(review.sig_changed, timeout=WAIT):
        review.agree(False)
    wait_line(qtbot, window, "review", f"1 of {ROWS}, 1 disagreement")
    wait_step(qtbot, window, "Review the row where you and the judge disagree.")
    window.next_step.button.click()
    assert review.filters.show_combo.currentData() == "disagreements"
    qtbot.waitUntil(lambda: review.current_row() is not None, timeout=WAIT)
    with qtbot.waitSignal(review.sig_changed, timeout=WAIT):
        review.agree(True)
    review.filters.choose("unreviewed")
    for _ in range(ROWS - 1):
        qtbot.waitUntil(lambda: review.current_row() is not None, timeout=WAIT)
        with qtbot.waitSignal(review.sig_changed, timeout=WAIT):
            review.agree(True)
    wait_line(qtbot, window, "review", f"all {ROWS} reviewed")
    wait_step(qtbot, window, "Export the report.")

    # Export from the bar: the report is up to date and the bar steps aside.
    out = tmp_path / "report.csv"
    monkeypatch.setattr(ProjectActions, "ask_export_path", lambda self, suggested: out)
    window.next_step.button.click()
    wait_line(qtbot, window, "report", "up to date")
    qtbot.waitUntil(lambda: not window.next_step.isVisible(), timeout=WAIT)
    assert out.is_file()

    # A review changed afterwards: the export is out of date, and the bar says so.
    with qtbot.waitSignal(review.sig_changed, timeout=WAIT):
        review.flag()
    wait_line(qtbot, window, "report", "out of date")
    wait_step(qtbot, window, "Results or reviews changed after the export")


def test_a_judge_whose_server_does_not_answer_is_marked_and_shown(
    qtbot: QtBot, tmp_path: Path
) -> None:
    with FakeOpenAI(reply=score_from_question, models=["judge-small"]) as gone:
        address = gone.base_url  # nothing answers there once the server is closed
    make_project(tmp_path, address)
    window = shown_window(qtbot, tmp_path)
    wait_step(qtbot, window, f"Run {ROWS} rows")
    with qtbot.waitSignal(window.run_pane.sig_run_finished, timeout=WAIT):
        window.next_step.button.click()  # the judges are asked first: the run stops there
    wait_line(qtbot, window, "judges", "not reachable")
    assert window.nav.state("judges").mark.value == "blocks"
    wait_step(qtbot, window, "Correct the judge: Judge 'judge'")
    window.nav.setCurrentRow(0)
    window.next_step.button.click()
    assert current_stage(window) == "judges"
    pane = window.judges_pane
    assert pane.list.currentIndex().row() == 0

    # Pointed at a server that answers, Test connection takes the mark away.
    with FakeOpenAI(reply=score_from_question, models=["judge-small"]) as live:
        pane.form.base_url.setText(live.base_url)
        pane.form.base_url.textEdited.emit(live.base_url)
        pane.form.test_button.click()
        wait_line(qtbot, window, "judges", "1 ready")
    wait_step(qtbot, window, f"Run {ROWS} rows")


def test_each_state_is_said_in_words_not_colour_alone(
    qtbot: QtBot, tmp_path: Path, fake: FakeOpenAI
) -> None:
    make_project(tmp_path, fake.base_url)
    window = shown_window(qtbot, tmp_path)
    wait_line(qtbot, window, "dataset", f"{ROWS} rows")
    wait_line(qtbot, window, "scripts", "off")
    item = window.nav.item(window.nav.stage_row("dataset"))
    assert item.data(Qt.ItemDataRole.AccessibleTextRole) == f"Dataset: {ROWS} rows, done"
    run = window.nav.item(window.nav.stage_row("run"))
    qtbot.waitUntil(lambda: "to do" in run.toolTip(), timeout=WAIT)
    assert run.data(Qt.ItemDataRole.AccessibleTextRole) == "Run: not run, to do"


def test_a_run_going_on_shows_its_share_done(qtbot: QtBot, tmp_path: Path) -> None:
    with FakeOpenAI(reply=score_from_question, models=["judge-small"], latency=0.15) as slow:
        make_project(tmp_path, slow.base_url, concurrency=1)
        window = shown_window(qtbot, tmp_path)
        wait_step(qtbot, window, f"Run {ROWS} rows")
        with qtbot.waitSignal(window.run_pane.sig_run_finished, timeout=30_000):
            window.next_step.button.click()
            qtbot.waitUntil(lambda: window.nav.line("run").startswith("running "), timeout=WAIT)
            assert window.nav.state("run").mark.value == "busy"
            wait_step(qtbot, window, "The judges are at work:")
            assert window.next_step.button.text() == "Show the Run"
        wait_line(qtbot, window, "run", f"{ROWS} judged")


def test_a_model_that_answers_without_a_name_is_marked_and_shown(
    qtbot: QtBot, tmp_path: Path, fake: FakeOpenAI
) -> None:
    from judgedesk.core.judge.settings import JudgeSettings
    from judgedesk.ui.dialogs.answering_models import AnsweringModelsDialog

    make_project(tmp_path, fake.base_url)
    project = load_project(tmp_path)
    project.candidate = JudgeSettings(name="candidate", base_url=fake.base_url)  # no model
    project.save()
    window = shown_window(qtbot, tmp_path)
    wait_line(qtbot, window, "run", "1 problem")
    assert window.nav.state("run").mark.value == "blocks"
    wait_step(qtbot, window, "Correct the run's settings: The candidate model needs")
    assert window.next_step.button.text() == "Show the Settings"
    window.next_step.button.click()
    assert current_stage(window) == "run"
    dialog = window.findChild(AnsweringModelsDialog)
    assert isinstance(dialog, AnsweringModelsDialog)
    qtbot.waitUntil(dialog.isVisible, timeout=WAIT)
    dialog.reject()


def test_lines_of_the_dataset_that_could_not_be_read_are_counted(
    qtbot: QtBot, tmp_path: Path, fake: FakeOpenAI
) -> None:
    make_project(tmp_path, fake.base_url)
    project = load_project(tmp_path)
    data = project.dataset_path()
    data.write_text(data.read_text(encoding="utf-8") + "{broken\n", encoding="utf-8")
    window = shown_window(qtbot, tmp_path)
    wait_line(qtbot, window, "dataset", f"{ROWS} rows, 1 unreadable")
    assert window.nav.state("dataset").mark.value == "warn"
    wait_step(qtbot, window, f"Run {ROWS} rows")  # the rows read can still run


def test_a_misspelt_field_needs_a_look(qtbot: QtBot, tmp_path: Path, fake: FakeOpenAI) -> None:
    folder = tmp_path / "p"
    make_project(folder, fake.base_url)
    project = load_project(folder)
    judge = project.judges[0]
    project.write_template(judge, "Judge item: {{ data.questoin }}\nScore: [[n]]\n")
    window = shown_window(qtbot, folder)
    window.nav.setCurrentRow(1)  # the Template pane renders the row as it is shown
    wait_line(qtbot, window, "template", "1 problem")
    assert window.nav.state("template").mark.value == "blocks"

    # Spelt right as typed: the stage is ready again.
    window.template_pane.editor.setPlainText("Judge item: {{ data.question }}\nScore: [[n]]\n")
    wait_line(qtbot, window, "template", "ready")
