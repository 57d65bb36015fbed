"""The Judges pane's probabilities setting: shown for servers, saved, undone."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.ui.test_judge_local import open_sample, save_and_load, to_model_file


def test_probabilities_are_a_checkbox_for_server_judges(qtbot: QtBot, tmp_path: Path) -> None:
    window = open_sample(qtbot, tmp_path)
    pane = window.judges_pane
    judge = pane.form.judge
    assert judge is not None and not judge.probabilities
    assert not pane.form.probabilities.isChecked() and pane.form.probabilities.isVisibleTo(pane)
    pane.form.probabilities.setChecked(True)
    assert pane.form.judge is not None and pane.form.judge.probabilities
    saved = save_and_load(qtbot, window, tmp_path / "sample")
    assert saved.judge("local-model").probabilities
    window.undo_action.trigger()
    assert not pane.form.probabilities.isChecked()
    to_model_file(pane)  # a model file is not asked for them
    assert not pane.form.probabilities.isVisibleTo(pane)
