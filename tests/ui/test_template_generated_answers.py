"""The Template pane's preview shows the answer a candidate model gave to a row without one."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from pytestqt.qtbot import QtBot

from judgedesk.core.judge.settings import JudgeSettings
from judgedesk.core.project.settings import Project, load_project
from tests.core.test_pipeline import make_project, run, score_from_question
from tests.support.fake_openai import FakeOpenAI
from tests.ui.windows import open_window


def _reply(body: dict[str, Any]) -> str:
    if body["model"] == "judge-large":
        return "generated: " + body["messages"][-1]["content"]
    return score_from_question(body)


def _candidate_project(root: Path, base_url: str) -> Project:
    project = make_project(root, base_url, rows=2)
    path = project.dataset_path()
    lines = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
    del lines[0]["response"]
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    project.candidate = JudgeSettings(
        name="candidate", base_url=base_url, model="judge-large", template=""
    )
    project.save()
    return load_project(project.root)


def _run_in_a_thread(project: Project) -> dict[str, Any]:
    # This thread's event loop belongs to Qt; the run makes its own in another thread.
    with ThreadPoolExecutor(1) as pool:
        return dict(pool.submit(run, project).result(timeout=30).to_dict())


def test_the_preview_shows_the_candidates_answer_after_a_run(qtbot: QtBot, tmp_path: Path) -> None:
    with FakeOpenAI(reply=_reply) as fake:
        project = _candidate_project(tmp_path / "p", fake.base_url)
        assert _run_in_a_thread(project)["ok"] == 2
    window = open_window(qtbot, project.root)
    pane = window.template_pane
    with qtbot.waitSignal(pane.sig_preview_shown, timeout=10_000) as shown:
        window.nav.setCurrentRow(window.stack.indexOf(pane))
    assert "Answer: generated: What about item 0?" in shown.args[0].prompt.user
    assert "Answer: generated: What about item 0?" in pane.preview.toPlainText()
    with qtbot.waitSignal(pane.sig_preview_shown, timeout=5_000) as shown:
        window.workspace.select_row(1)
    assert "Answer: answer 1" in shown.args[0].prompt.user  # its own answer


def test_the_preview_follows_a_run_that_stores_new_answers(qtbot: QtBot, tmp_path: Path) -> None:
    with FakeOpenAI(reply=_reply) as fake:
        project = _candidate_project(tmp_path / "p", fake.base_url)
        window = open_window(qtbot, project.root)
        pane = window.template_pane
        with qtbot.waitSignal(pane.sig_preview_shown, timeout=10_000) as shown:
            window.nav.setCurrentRow(window.stack.indexOf(pane))
        assert "Answer: \n" in shown.args[0].prompt.user  # not answered yet
        run_id = _run_in_a_thread(project)["run_id"]
    with qtbot.waitSignal(pane.sig_preview_shown, timeout=5_000) as shown:
        window.workspace.sig_results_changed.emit(run_id)  # as the Run pane says
    assert "Answer: generated: What about item 0?" in shown.args[0].prompt.user
