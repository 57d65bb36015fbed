"""The Scripts pane: editing saved to disk, trying a script on a row in a real worker."""

from __future__ import annotations

import asyncio
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QMessageBox, QPushButton
from pytestqt.qtbot import QtBot

from judgedesk.core.dataset import open_dataset
from judgedesk.core.project.settings import load_project
from judgedesk.core.run.pipeline import run_project
from judgedesk.core.run.selection import Selection
from judgedesk.core.scripts import OUTCOME_KINDS, SKELETONS, ScriptOutcome
from judgedesk.ui.main_window import MainWindow
from judgedesk.ui.panes.scripts.pane import ScriptsPane
from judgedesk.ui.panes.scripts.results import failure_words
from tests.support.fake_openai import FakeOpenAI
from tests.ui.windows import copy_sample, open_window

TRY_TIMEOUT = 30_000  # a cold worker start on a busy machine

PRE = """def preprocess(data, resp, **kwargs):
    data["words"] = len(resp["content"].split())
    resp["content"] = resp["content"].lower()
    return {"category": data["category"]}
"""

POST = """import re


def postprocess(judge_reqs, judge_resps, judge_models, data, resp, **kwargs):
    print("judged by", [m["name"] for m in judge_models])
    found = re.findall(r"\\[\\[(\\d+)\\]\\]", kwargs["judge_resp"]["content"] or "")
    return int(found[-1]) if found else None
"""


def worker_processes() -> list[int]:
    """Script workers started by this test process (Linux: read from /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            command = (stat.parent / "cmdline").read_bytes()
        except OSError:
            continue
        if int(fields[1]) == os.getpid() and b"script-worker" in command:
            found.append(int(stat.parent.name))
    return found


def open_pane(qtbot: QtBot, tmp_path: Path) -> tuple[MainWindow, ScriptsPane, Path]:
    folder = copy_sample(tmp_path)
    window = open_window(qtbot, folder)
    pane = window.scripts_pane
    window.nav.setCurrentRow(window.stack.indexOf(pane))
    qtbot.waitUntil(lambda: pane.run_button.isEnabled(), timeout=10_000)
    return window, pane, folder


def type_script(pane: ScriptsPane, kind: str, text: str) -> None:
    pane.show_kind(kind)
    editor = pane.pages[kind].editor
    editor.selectAll()
    editor.insertPlainText(text)


def try_it(qtbot: QtBot, pane: ScriptsPane) -> object:
    with qtbot.waitSignal(pane.sig_trial_shown, timeout=TRY_TIMEOUT) as shown:
        pane.run_button.click()
    return shown.args[0]


def test_the_pane_sits_after_the_template_pane(qtbot: QtBot, tmp_path: Path) -> None:
    window, pane, _ = open_pane(qtbot, tmp_path)
    titles = [window.nav.item(i).text() for i in range(window.nav.count())]
    assert titles[:4] == ["Dataset", "Template", "Scripts", "Judges"]
    assert window.stack.widget(2) is pane and pane.objectName() == "scriptsPane"


def test_a_missing_script_shows_its_skeleton_and_typing_creates_the_file(
    qtbot: QtBot, tmp_path: Path
) -> None:
    _, pane, folder = open_pane(qtbot, tmp_path)
    page = pane.pages["preprocess"]
    path = folder / "scripts" / "preprocess.py"
    assert page.editor.toPlainText() == SKELETONS["preprocess"]
    assert "Not used by runs" in page.status.text() and not path.exists()
    assert not page.disable_button.isVisibleTo(pane)

    with qtbot.waitSignal(pane.sig_script_saved, timeout=5_000) as saved:
        type_script(pane, "preprocess", PRE)
    assert saved.args == [str(path)]
    assert path.read_text(encoding="utf-8") == PRE
    assert "Used by runs" in page.status.text() and page.save_status.text() == "Saved"
    assert page.disable_button.isVisibleTo(pane)


def test_run_on_this_row_shows_the_value_and_what_changed(qtbot: QtBot, tmp_path: Path) -> None:
    window, pane, _ = open_pane(qtbot, tmp_path)
    window.workspace.select_row(2)
    type_script(pane, "preprocess", PRE)
    editor = pane.pages["preprocess"].editor
    editor.setFocus()
    with qtbot.waitSignal(pane.sig_trial_shown, timeout=TRY_TIMEOUT) as shown:
        qtbot.keyClick(editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    trial = shown.args[0]
    assert trial.row == 2 and trial.outcome.ok
    assert pane.results.returned.toPlainText() == '{\n  "category": "geography"\n}'
    changes = pane.results.changes.toPlainText()
    assert "data.words" in changes and "added" in changes and "8" in changes
    assert "resp.content" in changes and "changed" in changes
    assert "mount kenya" in changes.lower()
    assert "row 2 (id geo-3)" in pane.results.outcome.text()
    assert pane.run_button.isEnabled() and not pane.stop_button.isEnabled()


def test_a_failing_script_shows_the_traceback_and_marks_its_line(
    qtbot: QtBot, tmp_path: Path
) -> None:
    _, pane, _ = open_pane(qtbot, tmp_path)
    source = 'def preprocess(data, resp, **kwargs):\n    x = data["nope"]\n    return x\n'
    type_script(pane, "preprocess", source)
    trial = try_it(qtbot, pane)
    assert trial.outcome.kind == "exception" and trial.outcome.error_line == 2
    problem = pane.results.problem.toPlainText()
    assert "Traceback" in problem and "KeyError: 'nope'" in problem
    assert pane.results.tabs.currentWidget() is pane.results.problem
    assert "raised an exception" in pane.results.outcome.text()
    assert "(line 2)" in pane.results.outcome.text()
    editor = pane.pages["preprocess"].editor
    assert [m.line for m in editor.markers()] == [2]
    assert "KeyError" in editor.tooltip_for_line(2)
    assert editor.textCursor().blockNumber() == 1  # the cursor went to the line


def test_an_endless_loop_stops_at_the_time_limit_and_the_window_stays_live(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window, pane, _ = open_pane(qtbot, tmp_path)
    pane.timeout.setValue(1)
    assert window.workspace.project.scripts.timeout == 1
    type_script(
        pane, "preprocess", "def preprocess(data, resp, **kwargs):\n    while True:\n        pass\n"
    )
    ticks = []
    timer = QTimer(pane, interval=20)
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start()
    trial = try_it(qtbot, pane)
    timer.stop()
    assert trial.outcome.kind == "timeout"
    text = pane.results.outcome.text()
    assert "time limit of 1 s" in text and "endless loop" in text
    assert len(ticks) >= 10  # the GUI thread kept serving its timer during the wait

    window.workspace.undo.undo()  # the time limit is an undoable change
    assert window.workspace.project.scripts.timeout == 30 and pane.timeout.value() == 30


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_stop_ends_a_running_try_at_once(qtbot: QtBot, tmp_path: Path) -> None:
    _, pane, _ = open_pane(qtbot, tmp_path)
    pane.timeout.setValue(0)  # no limit: only Stop can end it
    assert pane.timeout.text() == "no limit"
    type_script(
        pane, "preprocess", "def preprocess(data, resp, **kwargs):\n    while True:\n        pass\n"
    )
    pane.run_button.click()
    assert pane.stop_button.isEnabled() and not pane.run_button.isEnabled()
    assert "no time limit" in pane.results.outcome.text()
    with qtbot.waitSignal(pane.sig_trial_stopped, timeout=5_000):
        pane.stop_button.click()
    assert "Stopped" in pane.results.outcome.text()
    assert pane.run_button.isEnabled() and not pane.stop_button.isEnabled()
    qtbot.waitUntil(lambda: worker_processes() == [], timeout=5_000)  # killed and reaped
    pane.run_button.click()
    qtbot.waitUntil(lambda: len(worker_processes()) == 1, timeout=TRY_TIMEOUT)
    with qtbot.waitSignal(pane.sig_trial_stopped, timeout=5_000):
        qtbot.keyClick(pane.results, Qt.Key.Key_Escape)  # Esc stops too
    qtbot.waitUntil(lambda: worker_processes() == [], timeout=5_000)
    # The next try starts afresh and finishes.
    type_script(pane, "preprocess", "def preprocess(data, resp, **kwargs):\n    return 5\n")
    assert try_it(qtbot, pane).outcome.value == 5


def test_postprocess_with_a_pasted_sample_reply(qtbot: QtBot, tmp_path: Path) -> None:
    _, pane, _ = open_pane(qtbot, tmp_path)
    type_script(pane, "postprocess", POST)
    box = pane.replies
    assert box.isVisibleTo(pane)
    qtbot.waitUntil(lambda: "[[" in box.sample.toPlainText())  # the judge's format
    qtbot.waitUntil(lambda: "no stored judge replies" in box.source.text())
    box.sample.setPlainText("<think>close enough</think>Mostly right.\nRating: [[6]]")
    trial = try_it(qtbot, pane)
    assert trial.replies.source == "sample" and trial.outcome.value == 6
    assert pane.results.returned.toPlainText() == "6"
    assert "The sample reply, standing in for judge local-model" in box.source.text()
    replies = pane.results.replies.toPlainText()
    assert '"reasoning_content": "close enough"' in replies
    assert pane.results.stdout.toPlainText() == "judged by ['local-model']\n"


def test_postprocess_with_the_replies_a_run_kept(qtbot: QtBot, tmp_path: Path) -> None:
    window, pane, folder = open_pane(qtbot, tmp_path)
    with FakeOpenAI(reply=lambda body: "Matches the reference.\nScore: [[8]]") as server:
        project = load_project(folder)
        judge = project.judge("local-model")
        judge.enabled, judge.base_url = True, server.base_url
        with open_dataset(project.dataset_path()) as dataset, ThreadPoolExecutor(1) as pool:
            run = run_project(project, dataset, Selection.parse("0:3"))
            summary = pool.submit(asyncio.run, run).result(timeout=60)
    assert summary.status == "finished"
    window.workspace.select_row(1)
    pane.show_kind("postprocess")
    box = pane.replies
    qtbot.waitUntil(lambda: "Stored replies from run 1" in box.source.text())
    assert not box.sample.isEnabled()
    type_script(pane, "postprocess", POST)
    trial = try_it(qtbot, pane)
    assert trial.replies.source == "store" and trial.outcome.value == 8
    assert trial.replies.judges == ("answer-check", "local-model")
    assert pane.results.stdout.toPlainText() == "judged by ['answer-check', 'local-model']\n"
    assert "Last try used: Stored replies from run 1" in box.source.text()

    box.sample_only_box.setChecked(True)  # the sample can still be chosen
    assert box.sample.isEnabled()
    box.sample.setPlainText("Score: [[2]]")
    assert try_it(qtbot, pane).outcome.value == 2


def test_a_script_can_be_set_aside_and_used_again(qtbot: QtBot, tmp_path: Path) -> None:
    _, pane, folder = open_pane(qtbot, tmp_path)
    page = pane.pages["postprocess"]
    path, aside = (
        folder / "scripts" / "postprocess.py",
        folder / "scripts" / "disabled" / "postprocess.py",
    )
    with qtbot.waitSignal(pane.sig_script_saved, timeout=5_000):
        type_script(pane, "postprocess", POST)
    page.editor.insertPlainText("# typed just before\n")  # not saved yet: kept by the move
    page.disable_button.click()
    box = pane.findChild(QMessageBox, "scriptsDisableQuestion")
    assert box is not None and "scripts/disabled/postprocess.py" in box.text()
    with qtbot.waitSignal(pane.sig_script_read, timeout=5_000):
        box.findChild(QPushButton, "scriptsDisableConfirm").click()
    assert not path.exists() and aside.read_text(encoding="utf-8").endswith("# typed just before\n")
    assert page.editor.toPlainText() == SKELETONS["postprocess"]
    assert "Not used by runs" in page.status.text()
    assert page.restore_button.isVisibleTo(pane) and not page.disable_button.isVisibleTo(pane)

    with qtbot.waitSignal(pane.sig_script_read, timeout=5_000):
        page.restore_button.click()
    assert path.is_file() and not aside.exists()
    assert page.editor.toPlainText().startswith("import re")
    assert "Used by runs" in page.status.text()


def test_each_kind_of_failure_is_said_in_words(qtbot: QtBot, tmp_path: Path) -> None:
    _, pane, _ = open_pane(qtbot, tmp_path)
    type_script(
        pane, "preprocess", "import sys\n\ndef preprocess(data, resp, **kwargs):\n    sys.exit(3)\n"
    )
    assert try_it(qtbot, pane).outcome.kind == "exit"
    assert "called sys.exit() or exit()" in pane.results.outcome.text()
    said = {
        kind: failure_words(ScriptOutcome(False, kind, error="boom"), "x.py", 2, 512)
        for kind in OUTCOME_KINDS
        if kind != "ok"
    }
    assert "time limit of 2 s" in said["timeout"] and "512 MB" in said["memory"]
    assert "crashed" in said["crash"] and "not plain data" in said["bad_value"]
    assert "could not be loaded" in said["load"] and "boom" in said["exception"]
    assert len(set(said.values())) == len(said)
