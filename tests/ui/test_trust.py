"""Do you trust this project? The question on opening, and what refuses to run until then."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from judgedesk.core.project.trust import TRUSTED, UNKNOWN, TrustState, TrustStore
from judgedesk.core.project.workspace import Workspace
from judgedesk.ui.dialogs.trust import TrustQuestion, untrusted_words
from judgedesk.ui.main_window import MainWindow
from judgedesk.ui.settings import AppSettings
from tests.core.test_pipeline import make_project, score_from_question
from tests.support.fake_openai import FakeOpenAI

PRE = "\n".join(
    ["# Adds the answer's length.", "import helper", "", "", "def preprocess(data, resp, **kw):"]
    + [f"    data['n{i}'] = {i}" for i in range(8)]
    + ["    return len(resp['content'])", ""]
)


@pytest.fixture
def fake() -> FakeOpenAI:
    with FakeOpenAI(reply=score_from_question) as server:
        yield server


def downloaded(folder: Path, base_url: str) -> Path:
    """A project with scripts, as if unpacked from an archive someone sent."""
    project = make_project(folder, base_url, rows=4)
    scripts = folder / "scripts"
    scripts.mkdir()
    (scripts / "preprocess.py").write_text(PRE, encoding="utf-8")
    (scripts / "helper.py").write_text("VALUE = 1\n", encoding="utf-8")
    return project.root


def open_window(qtbot: QtBot, folder: Path) -> MainWindow:
    window = MainWindow(Workspace(), AppSettings())
    qtbot.addWidget(window, before_close_func=lambda w: w.run_pane.stop_and_wait())
    window.show()
    with qtbot.waitSignal(window.files.sig_trust_settled, timeout=10_000):
        window.open_project(folder)
    qtbot.waitUntil(lambda: window.workspace.dataset is not None, timeout=10_000)
    return window


def test_the_question_shows_the_scripts_and_defaults_to_not_running_them(
    qtbot: QtBot, tmp_path: Path
) -> None:
    root = downloaded(tmp_path / "from-a-colleague", "http://127.0.0.1:9/v1")
    state = TrustStore().state(root)
    question = TrustQuestion(state)
    qtbot.addWidget(question)
    assert question.windowTitle() == "Do you trust this project?"
    assert "“from-a-colleague” was not made on this computer" in question.heading.text()
    shown = question.scripts.toPlainText()
    assert shown.startswith("scripts/preprocess.py\n    # Adds the answer's length.")
    assert "    import helper" in shown and "… and 8 more lines" in shown
    assert "Other files the scripts can use: scripts/helper.py" in shown
    assert question.block_button.isDefault() and not question.trust_button.isDefault()
    assert question.trust_button.text() == "&Trust and allow scripts"
    assert question.block_button.text() == "&Open without running scripts"
    assert question.scripts.accessibleName() and question.scripts.isReadOnly()
    question.trust_button.click()
    assert question.result() == QDialog.DialogCode.Accepted
    # A changed script is named in the question and in the explanation.
    TrustStore().trust(root)
    (root / "scripts" / "helper.py").write_text("VALUE = 2\n", encoding="utf-8")
    changed = TrustStore().state(root)
    again = TrustQuestion(changed)
    qtbot.addWidget(again)
    assert "changed since you trusted it: scripts/helper.py" in again.heading.text()
    assert untrusted_words(changed).startswith("scripts/helper.py changed outside JudgeDesk")


def test_an_untrusted_project_opens_but_refuses_to_run_its_scripts(
    qtbot: QtBot, tmp_path: Path, fake: FakeOpenAI, trust_questions: list[TrustState]
) -> None:
    root = downloaded(tmp_path / "p", fake.base_url)
    window = open_window(qtbot, root)
    (asked,) = trust_questions
    assert asked.reason == UNKNOWN and asked.root == root.resolve()
    assert window.trust_status.text() == "Scripts blocked"
    assert "File › Trust Project Scripts…" in window.trust_status.toolTip()
    assert window.workspace.project is not None  # browsable all the same

    run_pane = window.run_pane
    with qtbot.waitSignal(run_pane.sig_run_finished, timeout=10_000) as finished:
        run_pane.start()
    assert finished.args[0] is None
    line = run_pane.figures.line.text()
    assert "scripts/preprocess.py" in line and "have not been trusted" in line
    assert "File › Trust Project Scripts…" in line

    scripts = window.scripts_pane
    window.nav.setCurrentRow(window.stack.indexOf(scripts))
    qtbot.waitUntil(lambda: scripts.run_button.isEnabled(), timeout=10_000)
    with qtbot.waitSignal(scripts.sig_trial_blocked, timeout=10_000):
        scripts.run_button.click()
    assert "have not been trusted" in scripts.results.outcome.text()
    assert scripts.run_button.isEnabled()

    dry_run = window.template_pane.dry_run
    with qtbot.waitSignal(dry_run.sig_blocked, timeout=10_000):
        dry_run.judge("judge", 0, "Judge item: {{ data.question }} Score: [[n]]")
    assert "have not been trusted" in dry_run.summary.text()
    assert dry_run.judge_button.isEnabled()
    assert fake.requests == []  # nothing was judged


def test_trusting_from_the_file_menu_lets_the_scripts_run(
    qtbot: QtBot,
    tmp_path: Path,
    fake: FakeOpenAI,
    monkeypatch: pytest.MonkeyPatch,
    trust_questions: list[TrustState],
) -> None:
    root = downloaded(tmp_path / "p", fake.base_url)
    (root / "scripts" / "preprocess.py").write_text(
        "import helper\n\n\ndef preprocess(data, resp, **kwargs):\n    return helper.VALUE\n"
    )
    window = open_window(qtbot, root)
    assert len(trust_questions) == 1
    monkeypatch.setattr(window.files, "ask_trust", lambda state: True)
    action = window.findChild(type(window.save_action), "trustScriptsAction")
    assert action is not None and action.text() == "&Trust Project Scripts…"
    with qtbot.waitSignal(window.files.sig_trust_settled, timeout=10_000) as settled:
        action.trigger()
    assert settled.args[0].reason == TRUSTED
    assert "may run" in window.status.text() and window.trust_status.text() == ""

    with qtbot.waitSignal(window.run_pane.sig_run_finished, timeout=30_000) as finished:
        window.run_pane.start()
    summary = finished.args[0]
    assert summary is not None and summary.progress.ok == 4
    # Asked again, there is nothing left to decide.
    with qtbot.waitSignal(window.files.sig_trust_settled, timeout=10_000):
        action.trigger()
    assert window.status.text() == "This project's scripts may run already."


def test_trusting_when_asked_on_opening(
    qtbot: QtBot, tmp_path: Path, fake: FakeOpenAI, monkeypatch: pytest.MonkeyPatch
) -> None:
    from judgedesk.ui.project_actions import ProjectActions

    root = downloaded(tmp_path / "p", fake.base_url)
    (root / "scripts" / "helper.py").unlink()
    (root / "scripts" / "preprocess.py").write_text(
        "def preprocess(data, resp, **kwargs):\n    return 1\n"
    )
    monkeypatch.setattr(ProjectActions, "ask_trust", lambda actions, state: True)
    window = open_window(qtbot, root)
    assert TrustStore().state(root).reason == TRUSTED
    scripts = window.scripts_pane
    window.nav.setCurrentRow(window.stack.indexOf(scripts))
    qtbot.waitUntil(lambda: scripts.run_button.isEnabled(), timeout=10_000)
    with qtbot.waitSignal(scripts.sig_trial_shown, timeout=30_000) as shown:
        scripts.run_button.click()
    assert shown.args[0].outcome.ok


def test_a_project_without_scripts_asks_nothing(
    qtbot: QtBot, tmp_path: Path, trust_questions: list[TrustState]
) -> None:
    root = make_project(tmp_path / "p", "http://127.0.0.1:9/v1", rows=2).root
    window = open_window(qtbot, root)
    assert trust_questions == []
    assert window.trust_status.text() == ""
