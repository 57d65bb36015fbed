"""The Judges pane's Samples setting: shown for model judges, saved, undone; and the
Report pane's words for a judge's agreement with itself."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from judgedesk.core.report.judges import JudgeCounts
from judgedesk.ui.panes.report.pairs import PairWords
from tests.ui.test_judge_local import open_sample, save_and_load, to_model_file


def test_samples_is_a_spin_box_saved_with_the_judge(qtbot: QtBot, tmp_path: Path) -> None:
    window = open_sample(qtbot, tmp_path)
    pane = window.judges_pane
    judge = pane.form.judge
    assert judge is not None and judge.samples == 1
    assert pane.form.samples.value() == 1 and pane.form.samples.isVisibleTo(pane)
    pane.form.samples.setValue(5)
    assert judge.samples == 5
    saved = save_and_load(qtbot, window, tmp_path / "sample")
    assert saved.judge(judge.name).samples == 5
    window.undo_action.trigger()
    assert (
        pane.form.samples.value() == 1
        and pane.form.judge is not None
        and pane.form.judge.samples == 1
    )
    to_model_file(pane)  # a model file is asked again too
    assert pane.form.samples.isVisibleTo(pane)
    pane.form.kind.setCurrentIndex(pane.form.kind.findData("metric"))  # a rule gives one answer
    assert not pane.form.samples.isVisibleTo(pane)


def test_self_agreement_is_written_only_for_sampled_judges(qtbot: QtBot) -> None:
    words = PairWords()
    once = JudgeCounts("once", 4, 4)
    assert words.self_agreement([once]) == ""
    sampled = JudgeCounts("thrice", 4, 4, samples=3, self_agreement=0.8123, self_agreement_rows=4)
    text = words.self_agreement([once, sampled])
    assert "thrice" in text and "0.81" in text and "once" not in text
    unmeasured = JudgeCounts("flat", 4, 4, samples=2)
    assert "cannot be measured" in words.self_agreement([unmeasured])


def test_the_judges_agreement_with_each_other_is_written_beside(qtbot: QtBot) -> None:
    from judgedesk.core.review.reliability import human_ceiling

    words = PairWords()
    one = JudgeCounts("one", 4, 4)
    assert words.judges_words([one], None) == ""
    among = human_ceiling(
        {"a": {0: 1, 1: 2, 2: 3, 3: 4}, "b": {0: 1, 1: 2, 2: 3, 3: 5}}, "interval"
    )
    text = words.judges_words([one], among)
    assert text == f"The 2 judges agree with each other at α = {among.alpha.value:.2f} over 4 rows."
    sampled = JudgeCounts("thrice", 4, 4, samples=3, self_agreement=0.5, self_agreement_rows=4)
    assert words.judges_words([sampled], among).count("\n") == 1
