"""The Judges pane's probabilities setting: shown for servers, saved, undone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from tests.support.fake_openai import FakeOpenAI
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


def _with_logprobs(body: dict[str, Any]) -> dict[str, Any] | str:
    if not body.get("logprobs"):
        return "Yes"
    top = [{"token": "Yes", "logprob": -0.1}, {"token": "No", "logprob": -2.4}]
    return {"content": "Yes", "logprobs": [{"token": "Yes", "logprob": -0.1, "top_logprobs": top}]}


@pytest.mark.parametrize("gives", [True, False])
def test_test_connection_says_whether_the_model_gives_probabilities(
    qtbot: QtBot, tmp_path: Path, gives: bool
) -> None:
    window = open_sample(qtbot, tmp_path)
    form = window.judges_pane.form
    form.probabilities.setChecked(True)
    with FakeOpenAI(reply=_with_logprobs if gives else (lambda body: "Yes")) as fake:
        form.base_url.setText(fake.base_url)
        form.base_url.textEdited.emit(fake.base_url)
        form.test_button.click()
        qtbot.waitUntil(lambda: "Connected" in form.test_result.text(), timeout=10_000)
    words = form.test_result.text()
    if gives:
        assert "gives its tokens' probabilities (2 alternatives at a token)" in words
    else:
        assert "gives no token probabilities here" in words
