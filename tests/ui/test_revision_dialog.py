"""Judges ▸ a judge's menu ▸ Suggest a Revision…: the diff, Add as a Candidate, undo."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from judgedesk.ui.main_window import MainWindow
from tests.core.test_calibrate_cli import labelled_project
from tests.support.fake_openai import FakeOpenAI
from tests.support.revision_server import REVISED, Reviser
from tests.ui.windows import open_window


def open_judges(qtbot: QtBot, folder: Path, base_url: str) -> MainWindow:
    labelled_project(folder, base_url)
    window = open_window(qtbot, folder)
    window.nav.setCurrentRow(window.stack.indexOf(window.judges_pane))
    return window


def test_a_suggested_revision_is_shown_as_a_diff_and_added_as_a_candidate(
    qtbot: QtBot, tmp_path: Path, revision_server: FakeOpenAI
) -> None:
    window = open_judges(qtbot, tmp_path, revision_server.base_url)
    pane = window.judges_pane
    menu = pane.context_menu(1)
    action = next(a for a in menu.actions() if a.objectName() == "suggestRevision")
    assert action.isEnabled() and action.text() == "Suggest a Revision…"
    action.trigger()
    dialog = pane.revision_dialog
    assert dialog is not None and dialog.judge == "large"
    dialog.model.setCurrentIndex(dialog.model.findData("judge"))
    with qtbot.waitSignal(dialog.sig_suggested, timeout=30_000) as suggested:
        dialog.ask_button.click()
    revision = suggested.args[0]
    assert revision.ok and "+Score as the reviewers do" in dialog.diff.toPlainText()
    assert "none of the test part" in dialog.status.text()
    assert dialog.add_button.isEnabled()
    with qtbot.waitSignal(dialog.sig_added, timeout=5_000) as added:
        dialog.add_button.click()
    assert added.args[0] == "large-revised"
    project = window.workspace.project
    assert project is not None
    assert [j.name for j in project.judges] == ["judge", "large", "large-revised"]
    assert [pane.model.judge(r).name for r in range(pane.model.rowCount())] == [  # type: ignore[union-attr]
        "judge",
        "large",
        "large-revised",
    ]
    assert (tmp_path / "templates" / "large-revised.j2").read_text("utf-8") == REVISED
    window.workspace.undo.undo()
    assert [j.name for j in project.judges] == ["judge", "large"]


def test_a_revision_that_does_not_render_shows_its_problem_and_cannot_be_added(
    qtbot: QtBot, tmp_path: Path, revision_server: FakeOpenAI, reviser: Reviser
) -> None:
    reviser.text = "```jinja\nJudge {{ data.question }\nScore: [[n]]\n```"
    window = open_judges(qtbot, tmp_path, revision_server.base_url)
    dialog = window.judges_pane.open_revision_dialog("large")
    assert dialog is not None
    with qtbot.waitSignal(dialog.sig_suggested, timeout=30_000):
        dialog.ask_button.click()
    assert dialog.status.text().startswith("Nothing can be added: The revised template")
    assert not dialog.add_button.isEnabled()
    dialog.add()  # refused: nothing to add
    assert [j.name for j in window.workspace.project.judges] == ["judge", "large"]  # type: ignore[union-attr]


def test_the_report_s_run_list_names_calibration_runs(qapp: object) -> None:
    from judgedesk.core.run import RunRecord
    from judgedesk.ui.panes.report.terms import ReportTerms

    terms = ReportTerms()
    own = RunRecord(1, 0.0, 1.0, "finished", "all rows", "")
    tried = RunRecord(2, 0.0, 1.0, "finished", "30 rows", "", {"large": "ab12"}, "calibration")
    assert not terms.run_title(own).endswith("calibration")
    assert terms.run_title(tried).endswith("· 30 rows · calibration")


def test_a_revision_asked_from_the_calibrate_window_becomes_one_of_its_candidates(
    qtbot: QtBot, tmp_path: Path, revision_server: FakeOpenAI
) -> None:
    window = open_judges(qtbot, tmp_path, revision_server.base_url)
    calibrate = window.calibration.open()
    qtbot.waitUntil(lambda: calibrate.plan is not None, timeout=20_000)
    assert calibrate.plan is not None and calibrate.plan.candidates == ("judge", "large")
    dialog = calibrate.suggest_revision("large")
    dialog.model.setCurrentIndex(dialog.model.findData("judge"))
    with qtbot.waitSignal(dialog.sig_suggested, timeout=30_000):
        dialog.ask_button.click()
    with qtbot.waitSignal(dialog.sig_added, timeout=5_000):
        dialog.add_button.click()
    qtbot.waitUntil(
        lambda: calibrate.plan is not None and "large-revised" in calibrate.plan.candidates,
        timeout=20_000,
    )
    assert calibrate.plan.candidates == ("judge", "large", "large-revised")
