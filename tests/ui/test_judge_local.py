"""The judge form's model-file judge and structured verdicts, with real files and a real
OpenAI-compatible server; no model is loaded here (a real model's tests are elsewhere)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from judgedesk.core.judge.gguf import read_model_file
from judgedesk.core.judge.local_fit import EXTRA_MISSING
from judgedesk.core.judge.structured import FORMAT_TITLES
from judgedesk.core.project.settings import load_project
from judgedesk.ui.main_window import MainWindow
from judgedesk.ui.panes.judges import local as judge_local
from judgedesk.ui.panes.judges import structured as judge_structured
from judgedesk.ui.panes.judges.pane import JudgesPane
from tests.support.fake_openai import FakeOpenAI
from tests.support.gguf_files import write_gguf
from tests.ui.windows import copy_sample, open_window


def open_sample(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    window = open_window(qtbot, copy_sample(tmp_path))
    window.nav.setCurrentRow(window.stack.indexOf(window.judges_pane))
    window.judges_pane.list.setCurrentIndex(window.judges_pane.model.index(1))  # an endpoint
    return window


def choose(monkeypatch: pytest.MonkeyPatch, path: Path) -> list[str]:
    """Browse… answers ``path`` instead of opening a file dialog; the folders it started
    in are listed."""
    started: list[str] = []

    def chooser(parent: object, start: str) -> str:
        started.append(start)
        return str(path)

    monkeypatch.setattr(judge_local, "choose_model_file", chooser)
    return started


def to_model_file(pane: JudgesPane) -> None:
    pane.form.kind.setCurrentIndex(pane.form.kind.findData("local"))


def save_and_load(qtbot: QtBot, window: MainWindow, folder: Path) -> Any:
    window.save_action.trigger()
    qtbot.waitUntil(lambda: "●" not in window.windowTitle())
    return load_project(folder)


def test_a_model_file_judge_is_chosen_described_and_saved(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    model = write_gguf(tmp_path / "m.gguf")
    choose(monkeypatch, model)
    window = open_sample(qtbot, tmp_path)
    pane = window.judges_pane
    judge = pane.form.judge
    assert judge is not None and not judge.structured
    assert pane.form.base_url.isVisibleTo(pane) and not pane.form.local.path.isVisibleTo(pane)
    to_model_file(pane)
    assert judge.kind == "local" and judge.structured  # small models keep to a schema
    assert pane.form.structured.checkbox.isChecked()
    for endpoint_only in (
        pane.form.base_url,
        pane.form.model_name,
        pane.form.key_source,
        pane.form.preset,
        pane.form.stream,
        pane.form.concurrency,
        pane.form.rate_limit,
    ):
        assert not endpoint_only.isVisibleTo(pane), endpoint_only.objectName()
    for shown in (
        pane.form.local.path,
        pane.form.local.browse,
        pane.form.local.context_size,
        pane.form.local.parallel,
        pane.form.test_button,
    ):
        assert shown.isVisibleTo(pane), shown.objectName()
    assert not pane.form.structured.format.isVisibleTo(pane)  # a grammar holds a model file
    assert not pane.form.local.missing.isVisibleTo(pane)  # llama-cpp-python is installed here

    pane.form.local.browse.click()
    assert judge.model_file == str(model)
    described = read_model_file(model).describe()
    qtbot.waitUntil(lambda: pane.form.local.description.text() == described)
    assert (
        "needs about" in pane.form.local.memory.text()
        and "GiB free" in pane.form.local.memory.text()
    )
    pane.form.local.context_size.setValue(8192)
    pane.form.local.threads.setValue(2)
    pane.form.local.gpu_layers.setValue(-1)
    assert pane.form.local.gpu_layers.text() == "all"
    assert pane.form.local.parallel.text().startswith("chosen here")  # 0: from the cores
    pane.form.local.parallel.setValue(6)
    saved = save_and_load(qtbot, window, tmp_path / "sample").judges[1]
    assert (saved.kind, saved.model_file, saved.structured) == ("local", str(model), True)
    assert (saved.context_size, saved.threads, saved.gpu_layers) == (8192, 2, -1)
    assert saved.parallel == 6

    window.undo_action.trigger()  # each edit is one step of undo, as every other field
    assert pane.form.judge is not None and pane.form.judge.parallel == 0
    assert pane.form.judge.gpu_layers == -1


def test_a_file_in_the_project_folder_is_kept_relative_to_it(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = copy_sample(tmp_path)
    (folder / "models").mkdir()
    model = write_gguf(folder / "models" / "tiny.gguf", name="Tiny In Project")
    started = choose(monkeypatch, model)
    window = open_window(qtbot, folder)
    pane = window.judges_pane
    pane.list.setCurrentIndex(pane.model.index(1))
    to_model_file(pane)
    pane.form.local.browse.click()
    assert pane.form.judge is not None and pane.form.judge.model_file == "models/tiny.gguf"
    qtbot.waitUntil(lambda: pane.form.local.description.text().startswith("Tiny In Project"))
    pane.form.local.browse.click()
    assert started[-1] == str(folder / "models")  # the dialog opens where the file is


def test_a_file_that_is_not_gguf_is_explained(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    notes = tmp_path / "notes.gguf"
    notes.write_text("not a model at all", encoding="utf-8")
    choose(monkeypatch, notes)
    window = open_sample(qtbot, tmp_path)
    pane = window.judges_pane
    to_model_file(pane)
    pane.form.local.browse.click()
    qtbot.waitUntil(lambda: "is not a GGUF model file" in pane.form.local.description.text())
    assert "color" in pane.form.local.description.styleSheet()  # shown as a problem
    assert pane.form.local.memory.text() == ""
    # Test connection refuses it before any model process starts.
    pane.form.test_button.click()
    qtbot.waitUntil(lambda: "is not a GGUF model file" in pane.form.test_result.text())
    assert pane.form.test_button.isEnabled()
    # A path typed in is read as well, and the problem style goes with the problem.
    typed = str(write_gguf(tmp_path / "typed.gguf", name="Typed Model"))
    pane.form.local.path.setText(typed)
    pane.form.local.path.textEdited.emit(typed)
    qtbot.waitUntil(lambda: pane.form.local.description.text().startswith("Typed Model"))
    assert pane.form.local.description.styleSheet() == ""
    assert pane.form.judge is not None and pane.form.judge.model_file == typed


def test_without_the_local_extra_the_form_says_what_to_install(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(judge_local, "local_extra_installed", lambda: False)
    window = open_sample(qtbot, tmp_path)
    pane = window.judges_pane
    assert not pane.form.local.missing.isVisibleTo(pane)
    to_model_file(pane)
    missing = pane.form.local.missing
    assert missing.isVisibleTo(pane) and missing.text() == EXTRA_MISSING
    assert missing.textInteractionFlags() & Qt.TextInteractionFlag.TextSelectableByMouse
    assert pane.form.local.path.isVisibleTo(pane)  # the file can still be chosen for later


def test_structured_verdicts_round_trip_into_the_settings(qtbot: QtBot, tmp_path: Path) -> None:
    window = open_sample(qtbot, tmp_path)
    pane = window.judges_pane
    rows = pane.form.structured
    assert rows.checkbox.isVisibleTo(pane) and rows.format.isVisibleTo(pane)
    assert "JSON" in rows.checkbox.toolTip()
    assert not rows.format.isEnabled()  # nothing is asked in JSON yet
    rows.checkbox.setChecked(True)
    assert rows.format.isEnabled()
    assert [rows.format.itemData(i) for i in range(rows.format.count())] == [
        "",
        "json_schema",
        "json_object",
        "format",
    ]
    assert rows.format.itemText(3) == FORMAT_TITLES["format"]
    rows.format.setCurrentIndex(rows.format.findData("format"))
    judge = pane.form.judge
    assert judge is not None and (judge.structured, judge.structured_format) == (True, "format")
    saved = save_and_load(qtbot, window, tmp_path / "sample").judges[1]
    assert (saved.structured, saved.structured_format) == (True, "format")
    pane.list.setCurrentIndex(pane.model.index(0))  # a rule judge has no model to ask
    assert not rows.checkbox.isVisibleTo(pane)
    pane.list.setCurrentIndex(pane.model.index(1))
    assert rows.checkbox.isChecked() and rows.format.currentData() == "format"


def json_when_asked(body: dict[str, Any]) -> str:
    """A server that answers in JSON when ``response_format`` asks for it."""
    if "response_format" in body:
        return json.dumps({"answer": "yes"})
    return "Yes, water is wet.\nScore: [[7]]"


def test_test_connection_finds_the_json_format_and_offers_it(qtbot: QtBot, tmp_path: Path) -> None:
    window = open_sample(qtbot, tmp_path)
    pane = window.judges_pane
    rows = pane.form.structured
    with FakeOpenAI(models=["m"], reply=json_when_asked) as fake:
        pane.form.base_url.setText(fake.base_url)
        pane.form.base_url.textEdited.emit(fake.base_url)
        pane.form.model_name.setCurrentText("m")
        pane.form.test_button.click()
        qtbot.waitUntil(
            lambda: "Structured verdicts work here" in rows.finding.text(), timeout=10_000
        )
        asked = [body for body in fake.requests if "response_format" in body]
    assert "Connected" in pane.form.test_result.text()
    assert asked and asked[0]["model"] == "m"
    assert FORMAT_TITLES["json_schema"] in rows.finding.text()
    assert rows.finding.isVisibleTo(pane) and rows.use.isVisibleTo(pane)
    judge = pane.form.judge
    assert judge is not None and not judge.structured  # offered, not imposed
    rows.use.click()
    assert (judge.structured, judge.structured_format) == (True, "json_schema")
    assert rows.checkbox.isChecked() and rows.format.currentData() == "json_schema"
    assert not rows.use.isVisibleTo(pane)
    assert "Edit judge" in window.undo_action.text()
    window.undo_action.trigger()  # one step: both settings back
    judge = pane.form.judge
    assert judge is not None and (judge.structured, judge.structured_format) == (False, "")


def test_a_server_that_ignores_the_schema_keeps_free_text(qtbot: QtBot, tmp_path: Path) -> None:
    window = open_sample(qtbot, tmp_path)
    pane = window.judges_pane
    rows = pane.form.structured
    with FakeOpenAI(models=["m"], reply=lambda body: "Yes.\nScore: [[7]]") as fake:
        pane.form.base_url.setText(fake.base_url)
        pane.form.base_url.textEdited.emit(fake.base_url)
        pane.form.model_name.setCurrentText("m")
        pane.form.test_button.click()
        qtbot.waitUntil(lambda: "free text" in rows.finding.text(), timeout=10_000)
    assert not rows.use.isVisibleTo(pane)
    judge = pane.form.judge
    assert judge is not None and not judge.structured and not rows.checkbox.isChecked()


def test_the_core_strings_registered_here_are_the_cores() -> None:
    assert judge_local.CORE_STRINGS == (EXTRA_MISSING,)
    assert tuple(FORMAT_TITLES.values()) == judge_structured.CORE_STRINGS
