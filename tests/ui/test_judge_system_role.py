"""The Judges pane's "no system message" setting: shown for models, saved, undone."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.ui.test_judge_local import open_sample, save_and_load


def test_a_model_without_a_system_role_is_a_checkbox(qtbot: QtBot, tmp_path: Path) -> None:
    window = open_sample(qtbot, tmp_path)
    pane = window.judges_pane
    judge = pane.form.judge
    box = pane.form.no_system_role
    assert judge is not None and judge.system_role
    assert not box.isChecked() and box.isVisibleTo(pane)
    box.setChecked(True)
    assert not judge.system_role
    saved = save_and_load(qtbot, window, tmp_path / "sample")
    assert not saved.judge("local-model").system_role
    window.undo_action.trigger()
    assert not box.isChecked() and pane.form.judge is not None
    assert pane.form.judge.system_role
