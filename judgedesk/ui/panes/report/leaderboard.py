"""The Report pane's leaderboard card: several models' scores with their 95 % intervals."""

from __future__ import annotations

import math

from PySide6.QtCore import QObject

from judgedesk.core.report import ArenaFigures, Leaderboard
from judgedesk.ui.core_strings import core_say
from judgedesk.ui.panes.report.charts import Bar, BarChartData
from judgedesk.ui.panes.report.words import ChartPage


class LeaderboardWords(QObject):
    """Writes a leaderboard for people: a chart page for the report's card."""

    def page(self, figures: ArenaFigures, category: str = "") -> ChartPage:
        """The leaderboard of every row, or of one category's rows (``category``)."""
        board = figures.categories.get(category) if category else figures.overall
        if board is None:
            board = figures.overall
        bars: list[Bar] = []
        rows: list[list[str]] = []
        for score in board.standings:
            win = ""
            if score.win_rate is not None and score.model != board.baseline:
                win = self.tr("wins {0} against {1}").format(
                    _percent(score.win_rate), board.baseline
                )
                if score.win_low is not None and score.win_high is not None:
                    win += f" [{_percent(score.win_low)}, {_percent(score.win_high)}]"
            if score.score is None:
                text = self.tr("no score")
                why = core_say(score.reason)
                bars.append(Bar(score.model, None, text, note=why, tip=why))
                rows.append([score.model, text, "", str(score.battles), why])
                continue
            interval = (
                f"[{score.low:.0f}, {score.high:.0f}]"
                if score.low is not None and score.high is not None
                else ""
            )
            text = f"{score.score:.0f}"
            tip = self.tr("{0}: {1} {2}, {3}").format(
                score.model, text, interval, self._battles(score.battles)
            )
            bars.append(Bar(score.model, score.score, text, score.low, score.high, interval, tip))
            note = self.tr("baseline") if score.model == board.baseline else ""
            rows.append([score.model, text, interval, str(score.battles), win or note])
        chart = BarChartData(
            self.tr("Model"),
            self.tr("Score (Elo scale) with its 95 % interval"),
            bars,
            maximum=_top(board),
            empty=self.tr("No battle was judged yet: run the project."),
            description=self.tr("Leaderboard: {0}.").format(
                "; ".join(f"{b.label} {b.text} {b.note}".strip() for b in bars)
            ),
            origin=_origin(board),
        )
        return ChartPage(
            self.tr("Leaderboard") + (f" — {category}" if category else ""),
            self._caption(figures, board),
            chart,
            [
                self.tr("Model"),
                self.tr("Score"),
                self.tr("95 % interval"),
                self.tr("Battles"),
                self.tr("Against the baseline"),
            ],
            rows,
        )

    def _battles(self, count: int) -> str:
        if count == 1:
            return self.tr("1 battle")
        return self.tr("{0} battles").format(f"{count:,}")

    def _caption(self, figures: ArenaFigures, board: Leaderboard) -> str:
        anchor = (
            self.tr("{0} is 1000").format(board.baseline)
            if board.baseline
            else self.tr("the scores' mean is 1000")
        )
        caption = self.tr(
            "Bradley–Terry scores from the judge's verdicts on each pair of models in {2} "
            "rows ({0}; 400 points mean 10 to 1 odds), with 95 % intervals from {1} rounds "
            "of a bootstrap over the battles."
        ).format(anchor, board.rounds, figures.rows)
        if figures.no_answer or figures.not_judged:
            caption += " " + self.tr(
                "Left out: {0} battles where a model gave no answer, {1} without a verdict."
            ).format(figures.no_answer, figures.not_judged)
        if board.warning:
            caption += " " + core_say(board.warning)
        return caption


def _origin(board: Leaderboard) -> float:
    """Where the bars start: a round number below every score and interval."""
    lows = [s.low if s.low is not None else s.score for s in board.standings]
    found = [v for v in lows if v is not None]
    return math.floor((min(found) - 50) / 100) * 100 if found else 0.0


def _top(board: Leaderboard) -> float:
    highs = [s.high if s.high is not None else s.score for s in board.standings]
    found = [v for v in highs if v is not None]
    return max(found) + 25 if found else 1.0


def _percent(value: float) -> str:
    return f"{value * 100:.0f}%"
