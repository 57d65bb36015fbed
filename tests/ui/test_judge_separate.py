"""The Judges pane's separate-reasoning setting: shown for servers, saved, undone."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.ui.test_judge_local import open_sample, save_and_load, to_model_file


def test_separate_reasoning_is_a_checkbox_for_server_judges(qtbot: QtBot, tmp_path: Path) -> None:
    window = open_sample(qtbot, tmp_path)
    pane = window.judges_pane
    judge = pane.form.judge
    assert judge is not None and judge.separate_reasoning
    assert pane.form.separate.isChecked() and pane.form.separate.isVisibleTo(pane)
    pane.form.separate.setChecked(False)
    assert not judge.separate_reasoning
    saved = save_and_load(qtbot, window, tmp_path / "sample")
    assert not saved.judge("local-model").separate_reasoning
    window.undo_action.trigger()
    assert pane.form.separate.isChecked()
    to_model_file(pane)  # a model file has no server to ask
    assert not pane.form.separate.isVisibleTo(pane)
