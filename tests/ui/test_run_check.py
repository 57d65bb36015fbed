"""Start checks the judges first: a run starts only when each one answers and offers its model."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from judgedesk.core.project.workspace import Workspace
from judgedesk.ui.main_window import MainWindow
from judgedesk.ui.panes.run.pane import RunPane
from judgedesk.ui.settings import AppSettings
from tests.core.test_pipeline import make_project, score_from_question
from tests.support.fake_openai import FakeOpenAI, FaultPlan

ROWS = 3


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    with FakeOpenAI(reply=score_from_question) as server:
        yield server


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def close_quietly(window: MainWindow) -> None:
    # Closing asks about a run going on or unsaved changes; teardown must not.
    window.run_pane.stop_and_wait()
    window.workspace.dirty = False


def run_pane_for(qtbot: QtBot, root: Path) -> tuple[MainWindow, RunPane]:
    window = MainWindow(Workspace(), AppSettings())
    qtbot.addWidget(window, before_close_func=close_quietly)
    window.show()
    window.open_project(root)
    qtbot.waitUntil(lambda: window.workspace.dataset is not None, timeout=10_000)
    window.nav.setCurrentRow(window.stack.indexOf(window.run_pane))
    return window, window.run_pane


def models_asked(fake: FakeOpenAI) -> int:
    return sum(1 for head in fake.received if head.startswith(b"GET /v1/models"))


def test_a_judge_that_answers_starts_the_run(
    qtbot: QtBot, tmp_path: Path, fake: FakeOpenAI
) -> None:
    root = make_project(tmp_path / "p", fake.base_url, rows=ROWS).root
    window, pane = run_pane_for(qtbot, root)
    with qtbot.waitSignal(pane.sig_run_finished, timeout=30_000) as finished:
        pane.start_button.click()
        assert pane.figures.line.text() == "Checking the judges…"
        assert window.run_status.text() == "Checking the judges…"
        assert not pane.start_button.isEnabled() and pane.stop_button.isEnabled()
    summary = finished.args[0]
    assert summary is not None and summary.progress.ok == ROWS
    assert models_asked(fake) >= 1
    assert not pane.check.anyway_button.isVisible()


def test_a_dead_address_does_not_start_and_start_anyway_runs(qtbot: QtBot, tmp_path: Path) -> None:
    dead = f"http://127.0.0.1:{closed_port()}/v1"
    root = make_project(tmp_path / "p", dead, rows=ROWS, name="strict").root
    window, pane = run_pane_for(qtbot, root)
    checked: list[list[tuple[str, str]]] = []
    pane.check.sig_checked.connect(checked.append)
    with qtbot.waitSignal(pane.sig_run_finished, timeout=30_000) as finished:
        pane.start()
    assert finished.args[0] is None and pane.background is None
    line = pane.figures.line.text()
    assert "The run did not start" in line
    assert f"Judge 'strict': Nothing answered at {dead}" in line
    ((name, problem),) = checked[0]  # the sidebar marks this judge with the reason
    assert name == "strict" and problem.startswith(f"Judge 'strict': Nothing answered at {dead}")
    assert "Start Anyway" in line
    assert window.run_status.text() == "The run did not start: a judge cannot be used"
    assert pane.start_button.isEnabled() and pane.check.anyway_button.isVisible()

    with qtbot.waitSignal(pane.sig_run_finished, timeout=30_000) as finished:
        pane.check.anyway_button.click()
        assert pane.background is not None  # started at once, with no second check
        assert not pane.check.anyway_button.isVisible()
    summary = finished.args[0]
    assert summary is not None and summary.progress.failed == ROWS


def test_a_model_the_server_does_not_offer_is_named(
    qtbot: QtBot, tmp_path: Path, fake: FakeOpenAI
) -> None:
    root = make_project(tmp_path / "p", fake.base_url, rows=ROWS, model="judge-huge").root
    _, pane = run_pane_for(qtbot, root)
    with qtbot.waitSignal(pane.sig_run_finished, timeout=30_000) as finished:
        pane.start()
    assert finished.args[0] is None
    line = pane.figures.line.text()
    assert f"Judge 'judge': {fake.base_url} does not offer the model 'judge-huge'" in line
    assert "It offers judge-small, judge-large." in line
    assert fake.requests == []  # nothing was judged

    # Corrected, Start checks again and runs.
    fake.models.append("judge-huge")
    with qtbot.waitSignal(pane.sig_run_finished, timeout=30_000) as finished:
        pane.start()
    assert finished.args[0] is not None and len(fake.requests) == ROWS


def test_stop_while_checking_starts_nothing_and_recompute_asks_no_server(
    qtbot: QtBot, tmp_path: Path
) -> None:
    with FakeOpenAI(faults=FaultPlan(script={1: "hang"}, hang_seconds=30)) as fake:
        root = make_project(tmp_path / "p", fake.base_url, rows=ROWS).root
        window, pane = run_pane_for(qtbot, root)
        pane.start()
        qtbot.waitUntil(lambda: models_asked(fake) == 1, timeout=10_000)
        assert pane.check.checking and pane.stop_button.isEnabled()
        pane.stop_button.click()
        assert not pane.check.checking and pane.background is None
        assert pane.start_button.isEnabled()
        assert "did not start" in window.run_status.text()

        with qtbot.waitSignal(pane.sig_run_finished, timeout=30_000) as finished:
            pane.recompute_button.click()
            assert not pane.check.checking and pane.background is not None
        assert finished.args[0] is not None
        assert models_asked(fake) == 1 and fake.requests == []
