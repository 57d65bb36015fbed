"""Counts of rows, calls, reviews and candidates in the window's sentences: one in the
singular, in English and in Chinese."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale, QTranslator
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from judgedesk.core.project import NextStep, Workspace
from judgedesk.core.review import LabelReading
from judgedesk.core.run import JudgeEstimate, RunEstimate, Selection
from judgedesk.ui.counts import calls_said, candidates_said, reviews_said, rows_said
from judgedesk.ui.dialogs.calibrate import CalibrateDialog
from judgedesk.ui.i18n import install_translators
from judgedesk.ui.models.review_queue_model import ReviewQueueModel
from judgedesk.ui.panes.report.terms import ReportTerms
from judgedesk.ui.panes.review.queue import ReviewQueue
from judgedesk.ui.stage_words import step_text
from judgedesk.ui.tasks import TaskRunner
from judgedesk.ui.wizard.new_project import NewProjectWizard


@pytest.mark.parametrize(
    ("count", "rows", "calls"),
    [(0, "0 rows", "0 calls"), (1, "1 row", "1 call"), (1200, "1,200 rows", "1,200 calls")],
)
def test_a_count_of_one_is_said_in_the_singular(
    qapp: object, count: int, rows: str, calls: str
) -> None:
    assert (rows_said(count), calls_said(count)) == (rows, calls)


def test_the_review_queue_and_a_runs_rows_say_one_row(qtbot: QtBot) -> None:
    queue = ReviewQueue(ReviewQueueModel())
    qtbot.addWidget(queue)
    queue.show_count(1)
    assert queue.count.text() == "1 row in the queue"
    queue.show_count(2)
    assert queue.count.text() == "2 rows in the queue"
    terms = ReportTerms()
    assert terms.selection("1 row, failed only") == "1 row, those that failed only"
    assert terms.selection("1 rows") == "1 row" and terms.selection("3 rows") == "3 rows"
    assert terms.selection("1,200 rows, failed only") == "1,200 rows, those that failed only"
    # What a run stores of its rows since: one in the singular, thousands with commas.
    assert Selection(rows=[4]).describe() == "1 row"
    assert Selection(rows=list(range(1200)), only="failed").describe() == "1,200 rows, failed only"


def test_the_window_s_sentences_say_one_row(qtbot: QtBot, tmp_path: Path) -> None:
    wizard = NewProjectWizard(TaskRunner(), default_folder=tmp_path / "projects")
    qtbot.addWidget(wizard)
    reading = LabelReading(
        column="human",
        kind="boolean",
        labelled=1,
        understood=(("yes", "true", 1),),
        rows=1,
        complete=False,
    )
    hint = wizard.fields_page.human_text(reading)
    assert hint.startswith("In the first 1 row: ") and "1 rows" not in hint
    queue = ReviewQueue(ReviewQueueModel())
    qtbot.addWidget(queue)
    queue.show_count(1)
    assert queue.rejudge_button.text() == "Re-&judge this row"
    queue.show_count(3)
    assert queue.rejudge_button.text() == "Re-&judge these 3 rows"
    assert step_text(NextStep("retry", "run", (1,))) == "1 row failed: run it again."
    assert step_text(NextStep("retry", "run", (2,))) == "2 rows failed: run them again."
    assert (
        step_text(NextStep("review", "review", (1,))) == "Review the judge's verdicts: 1 row to go."
    )


def test_calibrating_one_candidate_on_one_row_says_it_in_the_singular(qtbot: QtBot) -> None:
    dialog = CalibrateDialog(Workspace(), TaskRunner())
    qtbot.addWidget(dialog)
    judge = JudgeEstimate(
        judge="j",
        model="m",
        requests=1,
        stored=1,
        prompt_tokens=10,
        completion_tokens=2,
        cost=None,
        seconds=None,
        measured=True,
    )
    words = dialog._estimate_words(RunEstimate(1, (judge,), None, None), 1)
    assert words.startswith(
        "Before running: 1 candidate on 1 row, about 1 call (1 reply stored is reused)"
    )
    assert not re.search(r"\b1 (rows|candidates|calls|replies)\b", words)


def test_the_chinese_window_says_a_count_of_one_without_english(qapp: QApplication) -> None:
    install_translators(qapp, "zh_CN")
    try:
        text = step_text(NextStep("retry", "run", (1,)))
        assert text and not re.search(r"[A-Za-z]", text)
        assert reviews_said(1) != "1 review" and candidates_said(1) != "1 candidate"
    finally:
        for translator in qapp.findChildren(QTranslator):
            qapp.removeTranslator(translator)
            translator.deleteLater()
        QLocale.setDefault(QLocale("en"))
