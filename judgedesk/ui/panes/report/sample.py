"""The random sample in the Report pane's words: the judge's figures beside those people's
verdicts on the sample correct, overall and by category, in lines and as a chart that
draws each corrected interval beside the judge's."""

from __future__ import annotations

from PySide6.QtCore import QObject

from judgedesk.core.report import CorrectedFigure, Estimate, Report, SampleCorrection, Summary
from judgedesk.ui.counts import rows_said
from judgedesk.ui.panes.report.charts import Bar, BarChartData
from judgedesk.ui.panes.report.terms import ReportTerms
from judgedesk.ui.panes.report.words import ChartPage

SUMMARY_FIGURES = {"accuracy": "accuracy", "mean_score": "mean", "win_rate": "win_rate"}
"""Each corrected figure's name → the judge's estimate of it in a :class:`Summary`."""


class SampleWords(QObject):
    """The corrected figures as the Report pane says and draws them.

    Args:
        terms: how numbers, shares and intervals are written.
    """

    def __init__(self, terms: ReportTerms, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.terms = terms

    def title(self, figure: CorrectedFigure) -> str:
        return {
            "accuracy": self.tr("Accuracy"),
            "mean_score": self.tr("Mean score"),
            "win_rate": self.tr("Win rate"),
        }[figure.figure]

    def lines(self, correction: SampleCorrection | None) -> str:
        """Each headline figure, the judge's beside the one corrected by the sample, what
        the difference means, and each category's when the report has categories."""
        if correction is None:
            return ""
        lines = [self.line(figure) for figure in correction.figures]
        lines += [m for m in (self.meaning(f) for f in correction.figures) if m]
        if correction.by_category:
            lines.append(self.tr("By category, from the sample rows in each:"))
            lines += [f"{f.category} · {self.line(f)}" for f in correction.by_category]
        return "\n".join(lines)

    def line(self, figure: CorrectedFigure) -> str:
        """ "Mean score: judge 7.20 · corrected by 8 sample reviews 6.90 (95% CI …)"."""
        show = self.terms.percent if figure.rate else self.terms.number
        found = figure.corrected
        if found is None:
            return self.tr("{0}: review {1} more rows of the random sample to correct it").format(
                self.title(figure), figure.reviews_needed
            )
        line = self.tr(
            "{0}: judge {1} · corrected by {2} sample reviews {3} (95% CI {4}–{5})"
        ).format(
            self.title(figure),
            show(figure.judge_alone),
            found.n_labelled,
            show(found.estimate),
            show(found.ci_low),
            show(found.ci_high),
        )
        return line + (" · " + self.tr("stratified") if found.strata else "")

    def meaning(self, figure: CorrectedFigure) -> str:
        """What the difference between the judge's figure and the corrected one means."""
        found, alone = figure.corrected, figure.judge_alone
        if found is None or alone is None:
            return ""
        title = self.title(figure)
        if found.ci_low <= alone <= found.ci_high:
            return self.tr(
                "{0}: the judge's figure lies within the corrected interval, so people's "
                "verdicts on the sample show no clear bias in it."
            ).format(title)
        gap = alone - found.estimate
        size = f"{abs(gap) * 100:.1f}" if figure.rate else self.terms.number(abs(gap))
        if figure.rate:
            text = (
                self.tr("{0}: the judge alone says {1} points too much; publish the corrected one.")
                if gap > 0
                else self.tr(
                    "{0}: the judge alone says {1} points too little; publish the corrected one."
                )
            )
        else:
            text = (
                self.tr("{0}: the judge alone scores {1} too high; publish the corrected one.")
                if gap > 0
                else self.tr("{0}: the judge alone scores {1} too low; publish the corrected one.")
            )
        return text.format(title, size)

    def page(self, report: Report) -> ChartPage | None:
        """The chart of the judge's figure beside the corrected one, overall and by
        category, each with its 95 % interval; None before any figure is corrected."""
        correction = report.correction
        if correction is None:
            return None
        figures = [f for f in correction.figures if f.corrected is not None]
        if not figures:
            return None
        figure = next((f for f in figures if f.rate), figures[0])  # one scale in a chart
        groups = {group.name: group.summary for group in report.categories}
        parts: list[tuple[str, CorrectedFigure, Summary | None]] = [
            (self.title(figure), figure, report.summary)
        ]
        parts += [
            (self.terms.label(f.category or ""), f, groups.get(f.category or ""))
            for f in correction.by_category
            if f.figure == figure.figure and f.corrected is not None
        ]
        bars: list[Bar] = []
        rows: list[list[str]] = []
        for name, found, summary in parts:
            judged = getattr(summary, SUMMARY_FIGURES[found.figure], None)
            bars.append(self._judge_bar(name, found, judged))
            bars.append(self._corrected_bar(name, found))
            rows += [[b.label, b.text, self._span(b, found.rate), b.note] for b in bars[-2:]]
        top = 1.0 if figure.rate else float(report.scale.high or 0.0)
        top = max(top, *(b.high or b.value or 0.0 for b in bars))
        measure = self.title(figure)
        chart = BarChartData(
            "",
            measure,
            bars,
            maximum=top,
            percent=figure.rate,
            description=self.tr("{0}, the judge alone beside corrected: {1}.").format(
                measure, "; ".join(b.tip for b in bars)
            ),
        )
        caption = self.tr(
            "The judge's own figure (its 95% interval by bootstrap over its rows) beside "
            "the one people's verdicts on the random sample correct (PPI++, with its 95% "
            "interval)."
        )
        headers = ["", measure, self.tr("95% interval"), self.tr("Rests on")]
        return ChartPage(self.tr("Judge alone and corrected"), caption, chart, headers, rows)

    def _judge_bar(self, name: str, figure: CorrectedFigure, judged: Estimate | None) -> Bar:
        show = self.terms.percent if figure.rate else self.terms.number
        value = judged.value if judged is not None else figure.judge_alone
        rows = figure.n_labelled + figure.n_unlabelled
        if judged is not None and judged.method != "bootstrap":
            note = self.tr("judge alone, normal approximation over {0}").format(rows_said(rows))
        else:
            note = self.tr("judge alone, bootstrap over {0}").format(rows_said(rows))
        label = self.tr("{0} · judge").format(name)
        return Bar(
            label,
            value,
            show(value),
            judged.low if judged is not None else None,
            judged.high if judged is not None else None,
            note,
            f"{label}: {show(value)}, {note}",
        )

    def _corrected_bar(self, name: str, figure: CorrectedFigure) -> Bar:
        found = figure.corrected
        assert found is not None
        show = self.terms.percent if figure.rate else self.terms.number
        note = self.tr("corrected with {0} people's verdicts").format(f"{found.n_labelled:,}")
        label = self.tr("{0} · corrected").format(name)
        return Bar(
            label,
            found.estimate,
            show(found.estimate),
            found.ci_low,
            found.ci_high,
            note,
            f"{label}: {show(found.estimate)}, {note}",
        )

    def _span(self, bar: Bar, rate: bool) -> str:
        if bar.low is None or bar.high is None:
            return ""
        show = self.terms.percent if rate else self.terms.number
        return f"{show(bar.low)}–{show(bar.high)}"
