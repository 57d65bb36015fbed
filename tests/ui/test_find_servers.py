"""Find Local Servers: the dialog against a real test server, the Judges pane and the wizard."""

from __future__ import annotations

import socket
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from pytestqt.qtbot import QtBot

from judgedesk.core.judge import discover
from judgedesk.core.judge.settings import JudgeSettings
from judgedesk.ui.dialogs.find_servers import FindServersDialog
from judgedesk.ui.tasks import TaskRunner
from judgedesk.ui.wizard import NewProjectWizard
from tests.support.fake_openai import FakeOpenAI
from tests.support.gguf_files import write_gguf
from tests.ui.windows import copy_sample, open_window


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def port_of(fake: FakeOpenAI) -> int:
    port = urlsplit(fake.base_url).port
    assert port is not None
    return port


def wait_found(qtbot: QtBot, dialog: FindServersDialog) -> None:
    qtbot.waitUntil(lambda: not dialog.searching(), timeout=10_000)
    assert dialog.search_button.isEnabled()


def select(dialog: FindServersDialog, name: str) -> None:
    index = dialog.find_item(name)
    assert index.isValid(), name
    dialog.tree.setCurrentIndex(index)


@pytest.fixture
def usual_places(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home folder of its own, so the usual model folders are the test's."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("OLLAMA_MODELS", raising=False)
    return home


def test_the_dialog_lists_servers_and_files_and_makes_judges(qtbot: QtBot, tmp_path: Path) -> None:
    models = tmp_path / "models"
    model_file = write_gguf(models / "tiny-judge.gguf", name="Tiny Judge")
    (models / "broken.gguf").write_bytes(b"nope")
    with FakeOpenAI(models=["m1", "qwen2.5:7b"]) as fake:
        dialog = FindServersDialog(
            TaskRunner(), ports=[("Test", port_of(fake)), ("Gone", closed_port())], folders=[models]
        )
        qtbot.addWidget(dialog)
        dialog.show()
        wait_found(qtbot, dialog)
    assert dialog.find_item("Test").isValid() and not dialog.find_item("Gone").isValid()
    assert dialog.find_item("m1").isValid() and not dialog.find_item("broken").isValid()
    assert dialog.status.text() == ""  # nothing to explain: both were found
    file_row = dialog.find_item("tiny-judge")
    assert file_row.siblingAtColumn(2).data() == str(models)
    assert file_row.siblingAtColumn(1).data().endswith("KiB")

    select(dialog, "Test")  # a server with models: one of them must be chosen
    assert not dialog.add_button.isEnabled()
    select(dialog, "tiny-judge")
    assert dialog.add_button.isEnabled()
    assert dialog.selected_settings() == JudgeSettings(
        name="tiny-judge", kind="local", model_file=str(model_file), structured=True
    )
    select(dialog, "qwen2.5:7b")
    with qtbot.waitSignal(dialog.sig_judge_chosen) as chosen:
        dialog.add_button.click()
    judge = chosen.args[0]
    assert (judge.kind, judge.base_url, judge.model) == ("openai", fake.base_url, "qwen2.5:7b")
    assert judge.name == "qwen2.5-7b" and dialog.chosen is judge
    assert dialog.result() == FindServersDialog.DialogCode.Accepted


def test_nothing_found_says_how_and_search_again_finds_a_started_server(
    qtbot: QtBot, tmp_path: Path
) -> None:
    port = closed_port()
    dialog = FindServersDialog(TaskRunner(), ports=[("Later", port)], folders=[tmp_path / "none"])
    qtbot.addWidget(dialog)
    wait_found(qtbot, dialog)
    assert dialog.model.rowCount() == 0 and not dialog.add_button.isEnabled()
    assert "ollama serve" in dialog.status.text() and ".gguf" in dialog.status.text()
    with FakeOpenAI(models=["late-model"], port=port):
        dialog.search_button.click()
        wait_found(qtbot, dialog)
    assert dialog.find_item("late-model").isValid()
    assert "ollama serve" not in dialog.status.text()
    assert dialog.add_button.isEnabled()  # the first model is selected


def test_the_judges_pane_adds_what_is_chosen(
    qtbot: QtBot, tmp_path: Path, usual_places: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    model_file = write_gguf(usual_places / ".lmstudio" / "models" / "a" / "judge.gguf")
    window = open_window(qtbot, copy_sample(tmp_path))
    pane = window.judges_pane
    before = pane.model.rowCount()
    with FakeOpenAI(models=["m1", "m2"]) as fake:
        monkeypatch.setattr(discover, "KNOWN_PORTS", (("Test", port_of(fake)),))
        pane.find_button.click()
        dialog = pane.find_dialog
        assert dialog is not None and dialog.isVisible()
        wait_found(qtbot, dialog)
        select(dialog, "m2")
        dialog.add_button.click()
    assert pane.model.rowCount() == before + 1
    added = pane.model.judge(before)
    assert (added.name, added.base_url, added.model) == ("m2", fake.base_url, "m2")
    assert added.template == "templates/m2.j2" and pane.form.name.text() == "m2"
    assert "●" in window.windowTitle()
    qtbot.waitUntil(lambda: (tmp_path / "sample" / "templates" / "m2.j2").exists())

    with FakeOpenAI(models=["m2"]) as fake:
        monkeypatch.setattr(discover, "KNOWN_PORTS", (("Test", port_of(fake)),))
        dialog = pane.open_find_servers()
        assert dialog is not None
        wait_found(qtbot, dialog)
        select(dialog, "m2")  # the same model again: the judge gets a name of its own
        dialog.add_chosen()
        dialog = pane.open_find_servers()
        assert dialog is not None
        wait_found(qtbot, dialog)
        select(dialog, "judge")
        dialog.add_chosen()
    names = [pane.model.judge(row).name for row in range(pane.model.rowCount())]
    assert names[before:] == ["m2", "m2-2", "judge"]
    local = pane.model.judge(before + 2)
    assert local.kind == "local" and local.model_file == str(model_file) and local.structured

    window.undo_action.trigger()
    assert pane.model.rowCount() == before + 2


def test_the_wizard_fills_its_fields_with_the_server_chosen(
    qtbot: QtBot, tmp_path: Path, usual_places: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_gguf(usual_places / ".lmstudio" / "models" / "judge.gguf")
    wizard = NewProjectWizard(TaskRunner(), default_folder=tmp_path / "projects")
    qtbot.addWidget(wizard)
    page = wizard.judge_page
    with FakeOpenAI(models=["wizard-model"]) as fake:
        monkeypatch.setattr(discover, "KNOWN_PORTS", (("Test", port_of(fake)),))
        page.find_button.click()
        dialog = page.find_dialog
        assert dialog is not None
        wait_found(qtbot, dialog)
        assert dialog.find_item("judge").isValid()  # model files are offered too
        select(dialog, "wizard-model")
        dialog.add_button.click()
    assert page.base_url.text() == fake.base_url
    assert page.model_name.text() == "wizard-model"
    judge = page.judge()
    assert (judge.kind, judge.base_url, judge.model) == ("openai", fake.base_url, "wizard-model")
    assert page.isComplete()
