"""The core's sentences in the Chinese interface: endpoint diagnoses (live and stored),
script failures and undo labels."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from judgedesk.core.judge import ConnectionCheck, JudgeSettings
from judgedesk.core.judge.advice import describe
from judgedesk.core.review import undo_words
from judgedesk.core.run import ModelCheck
from judgedesk.core.scripts.process import describe_exit
from judgedesk.ui.core_strings import core_say
from tests.ui.test_judges_pane import closed_port, open_sample
from tests.ui.test_translations import chinese, english_left  # noqa: F401  (a fixture)

pytestmark = pytest.mark.usefixtures("chinese")

CJK = re.compile(r"[\u4e00-\u9fff]")


def test_test_connection_explains_a_failure_in_chinese(qtbot: QtBot, tmp_path: Path) -> None:
    window = open_sample(qtbot, tmp_path)
    pane = window.judges_pane
    pane.list.setCurrentIndex(pane.model.index(1))  # the local-model judge
    dead = f"http://127.0.0.1:{closed_port()}/v1"
    pane.form.base_url.setText(dead)
    pane.form.base_url.textEdited.emit(dead)
    pane.form.test_button.click()
    qtbot.waitUntil(lambda: "没有任何应答" in pane.form.test_result.text(), timeout=15_000)
    assert english_left([pane.form.test_result.text()]) == []
    window.grab().save(str(tmp_path / "endpoint-error.png"))


def test_stored_failures_and_undo_labels_read_in_chinese() -> None:
    texts = [
        str(describe("server", "http://127.0.0.1:8000/v1", status=500, detail="out of memory")),
        str(describe("timeout", "http://127.0.0.1:8000/v1", timeout=30)),
        describe_exit(-9, 256)[1],
        undo_words.verdict(3, "7"),
        undo_words.flag(3, True),
    ]
    said = [core_say(text) for text in texts]
    assert all(CJK.search(text) for text in said), said
    kept = [re.sub(r"out of memory|SIG[A-Z]+", "", t) for t in said]
    assert english_left(iter(kept)) == []
    assert core_say("Plain text nobody wrote a template for.") == (
        "Plain text nobody wrote a template for."
    )


def test_the_check_before_a_run_says_what_a_model_lacks_in_chinese() -> None:
    settings = JudgeSettings(name="strict", base_url="http://127.0.0.1:8000/v1", model="big")
    offered = ConnectionCheck(True, 3.0, [f"m{i}" for i in range(9)])
    lacking = core_say(ModelCheck("judge", settings, offered).problem)
    assert lacking.startswith("评审“strict”：http://127.0.0.1:8000/v1 不提供模型“big”")
    assert "m7 等另外 1 个" in lacking
    candidate = ModelCheck("candidate", settings, ConnectionCheck(True, 3.0, ["big"]))
    answered = core_say(candidate.finding()[1])
    assert answered == "候选模型：http://127.0.0.1:8000/v1 有应答（3 毫秒），并提供模型“big”。"
