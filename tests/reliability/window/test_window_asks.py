"""The window asks before a project from elsewhere sends a key or reads an outside file.

The test server is a real one on 127.0.0.1; the question itself is answered through the
``approval_questions`` fixture (a modal dialog would wait forever here).
"""

from __future__ import annotations

import secrets
import shutil
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from judgedesk.core.judge.approvals import KeyApprovals
from judgedesk.core.project.boundary import FileApprovals
from judgedesk.core.project.workspace import Workspace
from judgedesk.ui.main_window import MainWindow
from judgedesk.ui.settings import AppSettings
from tests.core.test_pipeline import make_project, score_from_question
from tests.reliability.test_project_from_elsewhere import forget_approvals, sent
from tests.support.fake_openai import FakeOpenAI
from tests.ui.conftest import Questions

KEY_VARIABLE = "JUDGEDESK_TEST_WINDOW_KEY"


@pytest.fixture
def key(monkeypatch: pytest.MonkeyPatch) -> str:
    value = f"sk-window-{secrets.token_hex(12)}"
    monkeypatch.setenv(KEY_VARIABLE, value)
    return value


@pytest.fixture
def fake(key: str) -> FakeOpenAI:
    with FakeOpenAI(reply=score_from_question, api_key=key) as server:
        yield server


def close_quietly(window: MainWindow) -> None:
    # Closing asks about a run going on or unsaved changes; teardown must not.
    window.run_pane.stop_and_wait()
    window.workspace.dirty = False


def window_for(qtbot: QtBot, root: Path, *, dataset: bool = True) -> MainWindow:
    window = MainWindow(Workspace(), AppSettings())
    qtbot.addWidget(window, before_close_func=close_quietly)
    window.show()
    window.open_project(root)
    qtbot.waitUntil(lambda: window.workspace.project is not None, timeout=10_000)
    if dataset:
        qtbot.waitUntil(lambda: window.workspace.dataset is not None, timeout=10_000)
    return window


def test_run_asks_naming_the_key_and_address_and_sends_nothing_on_no(
    qtbot: QtBot, tmp_path: Path, fake: FakeOpenAI, key: str, approval_questions: Questions
) -> None:
    root = make_project(tmp_path / "p", fake.base_url, rows=3, api_key=f"env:{KEY_VARIABLE}").root
    forget_approvals()
    window = window_for(qtbot, root)
    run_pane = window.run_pane

    with qtbot.waitSignal(run_pane.sig_status_changed, timeout=10_000):
        run_pane.start()
    qtbot.waitUntil(lambda: len(approval_questions.keys) == 1, timeout=10_000)
    (use,) = approval_questions.keys[0]
    assert (use.key_name, use.address, use.who) == (KEY_VARIABLE, fake.base_url, "judge 'judge'")
    line = run_pane.figures.line.text()
    assert "Nothing was sent" in line and f"sends {KEY_VARIABLE} to {fake.base_url}" in line
    assert run_pane.background is None and run_pane.start_button.isEnabled()
    assert fake.received == []

    approval_questions.answer = True
    with qtbot.waitSignal(run_pane.sig_run_finished, timeout=20_000) as finished:
        run_pane.start()
    assert finished.args[0] is not None and finished.args[0].to_dict()["ok"] == 3
    assert sent(fake, f"Bearer {key}")
    assert KeyApprovals().entries()  # remembered: the next run asks nothing
    with qtbot.waitSignal(run_pane.sig_run_finished, timeout=20_000):
        run_pane.start()
    assert len(approval_questions.keys) == 2


def test_test_connection_and_judging_one_row_ask_first(
    qtbot: QtBot, tmp_path: Path, fake: FakeOpenAI, approval_questions: Questions
) -> None:
    root = make_project(tmp_path / "p", fake.base_url, rows=3, api_key=f"env:{KEY_VARIABLE}").root
    forget_approvals()
    window = window_for(qtbot, root)

    pane = window.judges_pane
    window.nav.setCurrentRow(window.stack.indexOf(pane))
    pane.list.setCurrentIndex(pane.model.index(0))
    pane.form.test_button.click()
    qtbot.waitUntil(lambda: "Nothing was sent" in pane.form.test_result.text(), timeout=10_000)
    assert pane.form.test_button.isEnabled()
    template = window.template_pane
    window.nav.setCurrentRow(window.stack.indexOf(template))
    qtbot.waitUntil(lambda: template.dry_run.judge_button.isEnabled(), timeout=10_000)
    template.judge_row()
    qtbot.waitUntil(lambda: "Nothing was sent" in template.dry_run.summary.text(), timeout=10_000)
    assert len(approval_questions.keys) == 2 and fake.received == []

    approval_questions.answer = True
    window.nav.setCurrentRow(window.stack.indexOf(pane))
    pane.form.test_button.click()
    qtbot.waitUntil(lambda: "Connected" in pane.form.test_result.text(), timeout=10_000)
    assert fake.received


def test_a_dataset_outside_the_folder_is_read_only_when_allowed(
    qtbot: QtBot, tmp_path: Path, approval_questions: Questions
) -> None:
    project = make_project(tmp_path / "p", "http://127.0.0.1:9/v1", rows=3)
    outside = tmp_path / "private" / "rows.jsonl"
    outside.parent.mkdir()
    shutil.move(project.root / "data" / "items.jsonl", outside)
    project.dataset.path = str(outside)
    project.save()
    forget_approvals()

    window = window_for(qtbot, project.root, dataset=False)
    qtbot.waitUntil(lambda: len(approval_questions.files) == 1, timeout=10_000)
    assert approval_questions.files[0] == [outside]
    qtbot.waitUntil(lambda: "was not read" in window.status.text(), timeout=10_000)
    assert window.workspace.dataset is None

    approval_questions.answer = True
    window.open_project(project.root)
    qtbot.waitUntil(lambda: window.workspace.dataset is not None, timeout=10_000)
    assert len(window.workspace.dataset) == 3
    assert FileApprovals().allowed(project.root, outside)
