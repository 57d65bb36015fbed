"""The Calibrate window: two candidates run on the reviewed rows in the background,
compared on the tuning part, one chosen, its test figure shown, adopted, and the
agreement history shows the adopted judge's new version."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from judgedesk.core.project import NextStep, Project
from judgedesk.core.run import Review, Selection, Store
from judgedesk.ui.dialogs.calibrate import CalibrateDialog
from judgedesk.ui.main_window import MainWindow
from tests.core.test_calibrate_cli import LABELLED, labelled_project, people, reply
from tests.core.test_pipeline import run
from tests.support.fake_openai import FakeOpenAI
from tests.ui.test_translations import chinese, english_left  # noqa: F401
from tests.ui.test_zh_every_pane import shown_texts
from tests.ui.windows import open_window

SHOT = Path("/tmp/shots_calibrate.png")


@pytest.fixture
def server() -> Iterator[FakeOpenAI]:
    with FakeOpenAI(reply=reply) as fake:
        yield fake


def _in_thread(work: Any, *args: Any) -> Any:
    # This thread's event loop belongs to Qt; a run makes its own in another thread.
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(work, *args).result(timeout=60)


def _project(root: Path, base_url: str) -> Project:
    """Two candidates, 30 rows reviewed (10 of them by a second reviewer too), and an
    earlier version of "judge" already run on them."""
    project = labelled_project(root, base_url)
    with Store(project.store_path) as store:
        for i in range(10):
            store.reviews.put(Review(i, f"r{i}", value=people(i), reviewer="ana"))
    earlier = copy.deepcopy(project)
    earlier.judges[0].system_prompt = "Be strict."
    earlier.judges[1].enabled = False
    _in_thread(run, earlier, Selection(rows=tuple(range(LABELLED))))
    return project


def _open(qtbot: QtBot, window: MainWindow) -> CalibrateDialog:
    action = window.findChild(QAction, "calibrateAction")
    assert action is not None and action.shortcut().toString() == "Ctrl+Shift+K"
    action.trigger()
    dialog = window.calibration.dialog
    assert dialog is not None
    qtbot.waitUntil(lambda: dialog.plan is not None, timeout=20_000)
    return dialog


def test_calibrate_choose_see_the_test_figure_adopt_and_the_history_shows_it(
    qtbot: QtBot, qtmodeltester: Any, tmp_path: Path, server: FakeOpenAI
) -> None:
    project = _project(tmp_path / "p", server.base_url)
    sent = len(server.requests)
    window = open_window(qtbot, project.root)
    window.resize(1400, 900)
    dialog = _open(qtbot, window)
    plan = dialog.plan
    assert plan is not None and plan.candidates == ("judge", "large")
    tuning, test = len(plan.split.tuning), len(plan.split.test)
    assert tuning + test == LABELLED
    assert dialog.split_text.text().startswith(
        f"{LABELLED} rows people gave a verdict on: {tuning} in the tuning part, {test} in "
        "the test part."
    )
    # The estimate before running: "judge"'s replies are stored (its earlier version's
    # prompt differs, so not those): every call is still to make.
    assert f"2 candidates on {LABELLED} rows, about {2 * LABELLED} calls" in (
        dialog.estimate_text.text()
    )
    assert not dialog.results.isVisible()

    with qtbot.waitSignal(dialog.sig_calibrated, timeout=120_000) as calibrated:
        dialog.run_button.click()
        assert not dialog.run_button.isEnabled() and dialog.stop_button.isEnabled()
    result = calibrated.args[0]
    assert result.chosen == "judge"
    assert len(server.requests) == sent + 2 * LABELLED
    assert dialog.run_button.isEnabled() and not dialog.stop_button.isEnabled()
    results = dialog.results
    model = results.model
    qtmodeltester.check(model)
    assert model.rowCount() == 2
    assert model.index(0, 0).data() == "judge (★ proposed)"
    assert model.index(0, 2).data() == "1.00"  # agreement on tuning
    assert "TPR" not in model.index(0, 7).data()  # scores: recall per score
    # The test figures stay hidden until one is chosen.
    assert {model.index(r, 13).data() for r in range(2)} == {"hidden until you choose"}
    assert results.test_figure.text().startswith("Test part: hidden")
    assert "2 reviewers agree with each other on 10 rows" in results.ceiling.text()
    assert results.choose_button.text() == "&Choose “judge”"

    results.choose_button.click()
    chosen = result.judges[0]
    assert results.test_figure.text().startswith(
        f"Agreement with people on {chosen.test.n} rows held back: κ {chosen.test.kappa:.2f}"
    )
    assert model.index(0, 13).data().startswith(f"κ {chosen.test.kappa:.2f}")
    assert model.index(1, 13).data() == "…"
    results.others.setChecked(True)
    assert model.index(1, 13).data().endswith("seen after the choice")
    assert not results.choose_button.isEnabled()

    # The other candidate's disagreements, one click from the row inspector.
    results.table.selectRow(1)
    qtmodeltester.check(results.disagreements)
    qtmodeltester.check(results.confusion)
    assert results.disagreements.rowCount() > 0
    assert results.confusion.rowCount() > 0
    first = results.disagreements.index(0, 0)
    results.disagreement_table.clicked.emit(first)
    assert window.workspace.row == results.disagreements.row_index(0)
    # Its template can be revised from those disagreements, from here.
    assert results.revise_button.isEnabled()
    results.revise_button.click()
    assert dialog.revision is not None and dialog.revision.judge == "large"
    dialog.revision.close()

    SHOT.unlink(missing_ok=True)
    QApplication.sendPostedEvents()  # the buttons' new words laid out before the picture
    dialog.grab().save(str(SHOT))

    with qtbot.waitSignal(dialog.sig_adopted, timeout=5_000):
        results.adopt_button.click()
    judges = window.workspace.project.judges  # type: ignore[union-attr]
    assert [(j.name, j.enabled) for j in judges] == [("judge", True), ("large", False)]
    assert window.workspace.undo.undo_label == "Adopt the judge “judge”"
    qtbot.waitUntil(lambda: "Judge every row again" in dialog.rejudge_text.text(), timeout=20_000)
    assert dialog.rejudge_button.isVisible()

    # The history shows the adopted judge's new version, measured on the rows reviewed.
    pane = window.report_pane
    with qtbot.waitSignal(pane.sig_report_shown, timeout=30_000) as shown:
        window.nav.setCurrentRow(window.stack.indexOf(pane))
    report = shown.args[0]
    versions = [v for v in report.history if v.judge == "judge"]
    assert len(versions) == 2 and versions[-1].n == LABELLED - 1  # row 7 unread
    assert pane.history.isVisibleTo(pane)
    shown_versions = [row[:2] for row in pane.history.model.cells() if row[0] == "judge"]
    assert shown_versions[0] == ["judge", versions[-1].version]  # newest first

    # The offer to judge every row again runs the adopted judge alone from the Run pane.
    with qtbot.waitSignal(window.run_pane.sig_run_finished, timeout=60_000) as finished:
        dialog.rejudge_button.click()
    summary = finished.args[0]
    assert summary.progress.total == 40 and summary.progress.cached == LABELLED
    assert window.stack.currentWidget() is window.run_pane


def test_stopping_a_calibration_keeps_every_reply_received(qtbot: QtBot, tmp_path: Path) -> None:
    with FakeOpenAI(reply=reply, latency=0.05) as server:
        project = labelled_project(tmp_path / "p", server.base_url)
        project.judges[0].concurrency = project.judges[1].concurrency = 1
        project.save()
        window = open_window(qtbot, project.root)
        dialog = _open(qtbot, window)
        dialog.run_button.click()
        qtbot.waitUntil(lambda: len(server.requests) >= 3, timeout=30_000)
        dialog.stop_button.click()
        qtbot.waitUntil(lambda: dialog.runs is None, timeout=30_000)
        asked = len(server.requests)
    assert asked < 2 * LABELLED
    assert dialog.progress_text.text() == (
        "Stopped: the figures cover the candidates that finished."
    )
    assert dialog.run_button.isEnabled()
    with Store(project.store_path) as store:
        assert store.count_calls() >= 3  # every reply received is kept


def test_too_few_reviews_say_how_many_more_and_the_next_step_offers_calibrating(
    qtbot: QtBot, tmp_path: Path, server: FakeOpenAI
) -> None:
    project = labelled_project(tmp_path / "p", server.base_url, labelled=4)
    window = open_window(qtbot, project.root)
    dialog = _open(qtbot, window)
    assert dialog.split_text.text().startswith(
        "Too few rows have a person's verdict to calibrate: 4"
    )
    assert "Review about" in dialog.split_text.text()
    assert not dialog.run_button.isEnabled() and not dialog.results.isVisible()
    assert not server.requests
    # A share kept in the project through the workspace (one step of undo).
    dialog.share.setValue(0.6)
    assert window.workspace.project.calibration.share == 0.6  # type: ignore[union-attr]
    assert window.workspace.undo.undo_label == "Change the calibration split"
    dialog.close()

    # The next-step bar's "Calibrate…" opens the same window again.
    step = NextStep("calibrate", "review", (12, 12, 30))
    window.next_step.show_step(step)
    assert window.next_step.text.text() == (
        "Calibrate the judges on the rows people reviewed: 12 rows are held back as the test "
        "part. 12 more reviews give a test part of 30 rows."
    )
    window.next_step.button.click()
    assert window.calibration.dialog is dialog and dialog.isVisible()


@pytest.mark.usefixtures("chinese")
def test_the_calibrate_window_speaks_chinese(
    qtbot: QtBot, tmp_path: Path, server: FakeOpenAI
) -> None:
    project = labelled_project(tmp_path / "p", server.base_url)
    window = open_window(qtbot, project.root)
    window.resize(1400, 900)
    dialog = _open(qtbot, window)
    with qtbot.waitSignal(dialog.sig_calibrated, timeout=120_000):
        dialog.run_button.click()
    dialog.results.choose()
    dialog.results.others.setChecked(True)
    with qtbot.waitSignal(dialog.sig_adopted, timeout=5_000):
        dialog.results.adopt_button.click()
    qtbot.waitUntil(lambda: "“judge”" in dialog.rejudge_text.text(), timeout=20_000)
    assert dialog.windowTitle() == "校准评审模型"
    assert dialog.results.test_figure.text().startswith("在留出的")
    names = ["judge", "large", "Krippendorff", "Spearman"]
    assert english_left(shown_texts(dialog), names) == []
    QApplication.sendPostedEvents()
    dialog.grab().save(str(SHOT.with_name("shots_calibrate_zh.png")))
