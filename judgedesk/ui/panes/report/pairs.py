"""The Report pane's pairwise card: B's wins, ties and losses, and each judge's position bias;
and each judge's agreement with itself when it was asked several times per row."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QObject

from judgedesk.core.report import Estimate, JudgeCounts, PairwiseFigures, Rate
from judgedesk.core.review import Ceiling
from judgedesk.ui.counts import rows_said
from judgedesk.ui.panes.report.charts import Bar, BarChartData
from judgedesk.ui.panes.report.words import ChartPage


class PairWords(QObject):
    """Writes pairwise figures for people: a chart page for the report's card."""

    def page(self, figures: PairwiseFigures) -> ChartPage:
        bars = [
            self._estimate_bar(self.tr("B wins"), figures.win_rate),
            self._share_bar(self.tr("Ties"), figures.ties, figures.pairs),
            self._share_bar(self.tr("B loses"), figures.losses, figures.pairs),
            self._estimate_bar(self.tr("Score (tie = ½)"), figures.score),
            self._estimate_bar(self.tr("Graded score"), figures.graded),
        ]
        rows = [[b.label, b.text, b.note] for b in bars]
        for judge in figures.judges:
            for label, rate in (
                (self.tr("{0}: consistent"), judge.consistency),
                (self.tr("{0}: first shown wins"), judge.first_position),
                (self.tr("{0}: longer wins"), judge.longer_answer),
            ):
                bar = self._rate_bar(label.format(judge.judge), rate)
                bars.append(bar)
                rows.append([bar.label, bar.text, bar.note])
        chart = BarChartData(
            self.tr("Figure"),
            self.tr("Share of pairs"),
            bars,
            maximum=1.0,
            percent=True,
            description=self.tr("Pairwise results: {0}.").format("; ".join(b.tip for b in bars)),
        )
        caption = self.tr(
            "B is the evaluated answer, A the other one (a second model, a baseline or the "
            "reference)."
        )
        if figures.judges:
            caption += " " + self.tr(
                "For each judge: consistent — the same verdict with the answers in either "
                "order; first shown wins — of its decisive verdicts, how often the answer "
                "shown first won (about half without position bias); longer wins — how "
                "often the longer answer won."
            )
        if figures.inconsistent_rows:
            caption += " " + self.tr(
                "Pairs judged differently in the two orders, counted as ties: {0}."
            ).format(len(figures.inconsistent_rows))
        return ChartPage(
            self.tr("Pairs: B against A"),
            caption,
            chart,
            [self.tr("Figure"), self.tr("Value"), self.tr("Based on")],
            rows,
        )

    def judges_words(self, judges: Sequence[JudgeCounts], among: Ceiling | None) -> str:
        """Each judge's agreement with itself (asked several times per row), then the
        judges' agreement with each other; empty when there is neither."""
        lines = [self.self_agreement(judges)]
        if among is not None and among.alpha.value is not None:
            lines.append(
                # α among judges needs two of them at least, so "judges" stays plural
                self.tr("The {0} judges agree with each other at α = {1} over {2}.").format(
                    len(among.raters), f"{among.alpha.value:.2f}", rows_said(among.rows)
                )
            )
        return "\n".join(line for line in lines if line)

    def self_agreement(self, judges: Sequence[JudgeCounts]) -> str:
        """One line per judge asked several times per row (empty when none was): its
        agreement with itself, which tells its noise apart from a real change."""
        lines = []
        for judge in judges:
            if judge.samples <= 1:
                continue
            if judge.self_agreement is None:
                lines.append(
                    self.tr(
                        "Judge “{0}”, asked {1} times per row: its agreement with itself "
                        "cannot be measured yet (no row with two verdicts read, or every "
                        "verdict the same)."
                    ).format(judge.name, judge.samples)
                )
                continue
            lines.append(
                self.tr(
                    "Judge “{0}”, asked {1} times per row, agrees with itself at α = {2} over {3}."
                ).format(
                    judge.name,
                    judge.samples,
                    f"{judge.self_agreement:.2f}",
                    rows_said(judge.self_agreement_rows),
                )
            )
        return "\n".join(lines)

    def _estimate_bar(self, label: str, estimate: Estimate) -> Bar:
        value = estimate.value
        text = "–" if value is None else f"{value:.1%}"
        note = self.tr("n = {0}").format(estimate.n)
        tip = f"{label} {text}"
        if estimate.low is not None and estimate.high is not None:
            tip += " " + self.tr("(95% interval {0:.1%}–{1:.1%})").format(
                estimate.low, estimate.high
            )
        return Bar(label, value, text, estimate.low, estimate.high, note, tip)

    def _share_bar(self, label: str, count: int, total: int) -> Bar:
        return self._rate_bar(label, Rate(count, total))

    def _rate_bar(self, label: str, rate: Rate) -> Bar:
        value = rate.value
        text = "–" if value is None else f"{value:.1%}"
        note = self.tr("{0} of {1}").format(rate.hits, rate.n)
        return Bar(label, value, text, note=note, tip=f"{label} {text} ({note})")
