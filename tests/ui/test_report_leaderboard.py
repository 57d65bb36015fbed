"""The Report pane draws the leaderboard of several models, per category too."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pytestqt.qtbot import QtBot

from judgedesk.core.project import load_project, open_project_dataset
from judgedesk.core.report import ArenaFigures, Battle, build_leaderboard, project_report
from judgedesk.ui.panes.report.charts import BarChartView
from judgedesk.ui.panes.report.leaderboard import LeaderboardWords
from tests.core.test_arena import judge, make_project
from tests.support.fake_openai import FakeOpenAI
from tests.ui.test_report_pane import open_report, run_all
from tests.ui.test_translations import chinese  # noqa: F401  (fixture)
from tests.ui.windows import open_window


def cells(card: Any) -> list[list[str]]:
    model = card.table.model()
    return [
        [model.index(r, c).data() for c in range(model.columnCount())]
        for r in range(model.rowCount())
    ]


def test_the_leaderboard_shows_scores_with_intervals_and_per_category(
    qtbot: QtBot, qtmodeltester: Any, tmp_path: Path
) -> None:
    with FakeOpenAI(reply=judge, models=["j"]) as fake:
        folder = make_project(tmp_path, fake, "all", "--swap")
        window = open_window(qtbot, folder)
        run_all(qtbot, window)
        pane = open_report(qtbot, window)
    project = load_project(folder)
    with open_project_dataset(project) as dataset:
        expected = project_report(project, dataset).leaderboard
    assert expected is not None
    card = pane.leaderboard_card
    assert card.isVisibleTo(pane)
    shown = cells(card)
    assert [row[0] for row in shown] == [s.model for s in expected.overall.standings]
    for row, score in zip(shown, expected.overall.standings, strict=True):
        assert score.score is not None and score.low is not None and score.high is not None
        assert row[1] == f"{score.score:.0f}"
        assert row[2] == f"[{score.low:.0f}, {score.high:.0f}]"
        assert row[3] == str(score.battles)
    assert [r[4] for r in shown if r[0] == "alpha"] == ["baseline"]
    chart = card.canvas
    assert isinstance(chart, BarChartView)
    bars = chart.chart.bars
    assert [(b.value, b.low, b.high) for b in bars] == [
        (s.score, s.low, s.high) for s in expected.overall.standings
    ]
    assert chart.chart.origin < min(b.low for b in bars if b.low is not None)
    assert "alpha is 1000" in card.caption.text()
    qtmodeltester.check(card.table.model())

    choice = pane.board_category
    assert [choice.itemText(i) for i in range(choice.count())] == ["All rows", "maths", "prose"]
    choice.setCurrentIndex(1)
    choice.activated.emit(1)
    maths = expected.categories["maths"]
    assert [row[1] for row in cells(card)] == [f"{s.score:.0f}" for s in maths.standings]
    assert card.title.text().endswith("maths")


def test_why_a_model_has_no_score_is_said_in_the_window_s_language(
    chinese: None,  # noqa: F811
) -> None:
    # gamma was in no battle, and the baseline zeta in none either: both notes are the core's.
    battles = [Battle("alpha", "beta", "a"), Battle("beta", "alpha", "tie")]
    board = build_leaderboard(battles, ["alpha", "beta", "gamma"], baseline="zeta", rounds=0)
    page = LeaderboardWords().page(ArenaFigures(board, "all", rows=2))
    gamma = next(row for row in page.rows if row[0] == "gamma")
    assert gamma[-1] == "没有分数：它没有参与任何对决。"
    assert "基线 zeta 没有参与任何对决" in page.caption
    assert "No score" not in gamma[-1] and "was in no battle" not in page.caption
