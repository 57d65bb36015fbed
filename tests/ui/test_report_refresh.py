"""When the Report pane computes its report: ahead of being shown, after runs and reviews."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject
from pytestqt.qtbot import QtBot

from judgedesk.core.run.store import Store
from judgedesk.ui.panes.report.refresh import RefreshPace
from tests.ui.test_report_pane import make_report_project
from tests.ui.windows import open_window


class Computations:
    """A stand-in for the pane: counts the reports asked for, one computed at a time."""

    def __init__(self) -> None:
        self.asked = 0
        self.computing = False

    def compute(self) -> None:
        self.asked += 1
        self.computing = True


def test_results_stored_while_a_report_is_computed_wait_for_it(qtbot: QtBot) -> None:
    owner = QObject()
    done = Computations()
    pace = RefreshPace(done.compute, lambda: done.computing, owner)
    pace.now()  # a person's choice: at once
    assert done.asked == 1
    for _ in range(5):  # batches of a run meanwhile: one more report, once this one shows
        pace.results_stored()
    assert done.asked == 1 and pace.planned
    done.computing = False
    pace.shown()
    qtbot.waitUntil(lambda: done.asked == 2)
    done.computing = False
    pace.shown()  # nothing came meanwhile: nothing more
    pace.results_stored()
    qtbot.waitUntil(lambda: done.asked == 3)
    done.computing = False
    pace.results_stored()
    assert pace.planned
    pace.stop()  # the project is closing: what was planned is dropped
    assert not pace.planned and done.asked == 3


def test_a_project_with_results_is_read_before_the_pane_is_shown(
    qtbot: QtBot, tmp_path: Path
) -> None:
    empty = tmp_path / "empty"
    make_report_project(empty, "http://127.0.0.1:9/v1")
    window = open_window(qtbot, empty)
    assert not window.report_pane.worker.started  # nothing to report: no process
    judged = tmp_path / "judged"
    make_report_project(judged, "http://127.0.0.1:9/v1")
    with Store(judged / ".judgedesk" / "results.sqlite") as store:
        run = store.start_run()
        for row in range(12):
            store.put_result(run, row, f"item-{row}", "ok", row % 10 + 1)
        store.finish_run(run, "finished")
    window.open_project(judged)
    qtbot.waitUntil(lambda: window.report_pane.worker.started, timeout=10_000)
    pane = window.report_pane
    with qtbot.waitSignal(pane.sig_report_shown, timeout=20_000) as shown:
        window.nav.setCurrentRow(window.stack.indexOf(pane))
    assert shown.args[0] is not None and shown.args[0].summary.rows == 12
