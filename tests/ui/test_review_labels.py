"""The Review pane on a judge whose verdicts are labels: keys 1…N pick the rule's labels."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from judgedesk.core.run.store import Store
from tests.core.test_label_verdicts import judge_reply, label_project
from tests.support.fake_openai import FakeOpenAI
from tests.ui.test_review_pane import PERSON, open_review, open_window, press, run_all, shown

Key = Qt.Key


def test_digit_keys_pick_the_labels_in_the_rules_order(
    qtbot: QtBot, qtmodeltester, tmp_path: Path
) -> None:
    with FakeOpenAI(reply=judge_reply) as fake:
        project = label_project(tmp_path / "p", fake.base_url)
        window = open_window(qtbot, project.root)
        run_all(qtbot, window)
        pane = open_review(qtbot, window)
        buttons = [b.text() for b in pane.card.verdict_buttons.values()]
        assert buttons == ["1 · safe", "2 · unsafe", "3 · unsure"]
        # The dataset's labels, in any case or width, are read as the rule's labels.
        assert [shown(pane, r, PERSON) for r in (0, 3)] == ["safe", "safe"]
        assert pane.current_row() == 0
        press(qtbot, Key.Key_4)  # three labels: key 4 means nothing
        assert "Key 4 gives no verdict" in pane.queue.message.text()
        assert pane.current_row() == 0
        press(qtbot, Key.Key_2)  # row 0: unsafe, then on to row 1
        press(qtbot, Key.Key_3)  # row 1: unsure
        qtbot.waitUntil(pane.idle)
        assert [shown(pane, r, PERSON) for r in (0, 1)] == ["unsafe", "unsure"]
        qtmodeltester.check(pane.model)
        with Store(project.store_path) as store:
            reviews = store.reviews.all()
        assert (reviews[0].value, reviews[1].value) == ("unsafe", "unsure")
        window.close()
