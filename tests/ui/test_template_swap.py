"""The Template pane says when a pair judged in both orders cannot have its answers exchanged."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.core.test_pairwise import make_pairwise
from tests.ui.windows import open_window

CHOICES = "Answer with one of A++, A+, A=B, B+, B++ as a JSON object with a choice.\n"


def test_the_problem_names_the_line_and_goes_when_pairs_are_judged_once(
    qtbot: QtBot, tmp_path: Path
) -> None:
    folder = tmp_path / "pairs"
    make_pairwise(folder, "http://127.0.0.1:9/v1", "--swap")
    window = open_window(qtbot, folder)
    pane = window.template_pane
    with qtbot.waitSignal(pane.sig_preview_shown, timeout=10_000):
        window.nav.setCurrentRow(window.stack.indexOf(pane))
    assert not any("exchanged" in t for t in pane.view.problem_texts())  # the built-in one

    text = CHOICES + "A: {{ data.first }}\nB: {{ response_b }}"
    with qtbot.waitSignal(
        pane.sig_preview_shown, timeout=5_000, check_params_cb=lambda p: "A: " in p.prompt.user
    ) as shown:
        pane.editor.selectAll()
        pane.editor.insertPlainText(text)
    assert shown.args[0].prompt.ok  # the prompt is still shown
    [problem] = [t for t in pane.view.problem_texts() if "exchanged" in t]
    assert problem.startswith("Line 2: This judge sees each pair twice")
    assert "data.first (line 2)" in problem and "{{ response_a }}" in problem

    with qtbot.waitSignal(pane.sig_preview_shown, timeout=5_000):
        window.workspace.change_run_settings("Judge pairs once", swap=False)
    assert not any("exchanged" in t for t in pane.view.problem_texts())
    window.workspace.dirty = False
