"""The Judges pane: add, reorder, edit, save, and Test connection against a real server."""

from __future__ import annotations

import socket
from pathlib import Path

from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from judgedesk.core.project.settings import load_project
from judgedesk.ui.main_window import MainWindow
from tests.support.fake_openai import FakeOpenAI
from tests.ui.windows import copy_sample, open_window


def open_sample(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    window = open_window(qtbot, copy_sample(tmp_path))
    window.nav.setCurrentRow(window.stack.indexOf(window.judges_pane))
    return window


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_add_edit_reorder_and_save(
    qtbot: QtBot, qtmodeltester: ModelTester, tmp_path: Path
) -> None:
    window = open_sample(qtbot, tmp_path)
    pane = window.judges_pane
    qtmodeltester.check(pane.model)
    assert pane.model.rowCount() == 2
    assert pane.form.name.text() == "answer-check" and not pane.form.base_url.isVisibleTo(pane)
    assert pane.form.metric_help.text()  # what the rule does, in words
    pane.addJudge_button.click()
    assert pane.model.rowCount() == 3 and pane.form.name.text() == "judge"
    assert "●" in window.windowTitle()
    pane.form.name.setText("strict")
    pane.form.name.textEdited.emit("strict")
    pane.form.model_name.setCurrentText("qwen2.5:14b")
    pane.form.key_source.setCurrentIndex(1)
    pane.form.key_env.setText("MY_KEY")
    pane.form.key_env.textEdited.emit("MY_KEY")
    pane.form.temperature.setValue(0.7)
    pane.moveJudgeUp_button.click()
    assert pane.model.judge(1).name == "strict"
    qtmodeltester.check(pane.model)
    qtbot.waitUntil(
        lambda: (
            (tmp_path / "sample" / "templates" / "strict.j2").exists()
            or (tmp_path / "sample" / "templates" / "judge.j2").exists()
        )
    )
    window.save_action.trigger()
    qtbot.waitUntil(lambda: "●" not in window.windowTitle())
    saved = load_project(tmp_path / "sample")
    assert [j.name for j in saved.judges] == ["answer-check", "strict", "local-model"]
    strict = saved.judges[1]
    assert strict.model == "qwen2.5:14b" and strict.api_key == "env:MY_KEY"
    assert strict.params["temperature"] == 0.7
    pane.removeJudge_button.click()
    assert pane.model.rowCount() == 2


def test_test_connection_lists_models_and_explains_failures(qtbot: QtBot, tmp_path: Path) -> None:
    window = open_sample(qtbot, tmp_path)
    pane = window.judges_pane
    pane.list.setCurrentIndex(pane.model.index(1))  # the local-model judge
    with FakeOpenAI() as fake:
        pane.form.base_url.setText(fake.base_url)
        pane.form.base_url.textEdited.emit(fake.base_url)
        pane.form.test_button.click()
        qtbot.waitUntil(lambda: "Connected" in pane.form.test_result.text(), timeout=10_000)
    assert "judge-small" in pane.form.test_result.text()
    assert pane.form.model_name.findText("judge-large") >= 0
    dead = f"http://127.0.0.1:{closed_port()}/v1"
    pane.form.base_url.setText(dead)
    pane.form.base_url.textEdited.emit(dead)
    pane.form.test_button.click()
    qtbot.waitUntil(lambda: "Nothing answered" in pane.form.test_result.text(), timeout=15_000)
    assert pane.form.test_button.isEnabled()


def test_keyring_unavailable_is_explained(qtbot: QtBot, tmp_path: Path) -> None:
    window = open_sample(qtbot, tmp_path)
    pane = window.judges_pane
    pane.list.setCurrentIndex(pane.model.index(1))
    pane.form.key_source.setCurrentIndex(2)
    assert pane.form.key_secret.isVisibleTo(pane)
    pane.form.key_secret.setText("a-secret-value")
    pane.form.store_key.click()
    assert pane.form.key_secret.text() == ""
    assert "keyring" in pane.form.test_result.text().lower()
    assert "a-secret-value" not in pane.form.test_result.text()
