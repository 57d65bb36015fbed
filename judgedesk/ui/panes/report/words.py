"""A report in the interface's words: the summary lines, each chart's figures, the
comparison of two runs, and the plain text "Copy summary" puts on the clipboard."""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QObject

from judgedesk.core.report import (
    Estimate,
    Group,
    Report,
    RunComparison,
    Summary,
)
from judgedesk.core.review import AgreementFigures, Figure, ReviewProgress, ReviewScale
from judgedesk.ui.counts import rows_said
from judgedesk.ui.panes.report.charts import Bar, BarChartData
from judgedesk.ui.panes.report.heatmap import HeatmapData
from judgedesk.ui.panes.report.terms import ReportTerms

MAX_COLUMN_CHARS = 64
"""A distribution is drawn as upright columns while its labels fit under them (about
this many characters in all), else as horizontal bars."""


@dataclass
class ChartPage:
    """What a chart card shows: title, caption, the chart, and its figures as a table."""

    title: str
    caption: str
    chart: BarChartData | HeatmapData
    headers: list[str]
    rows: list[list[str]]
    row_headers: list[str] = field(default_factory=list)


def empty_report() -> Report:
    """A report of no rows: what a chart card shows before there are results."""
    return Report(
        project="",
        run_id=None,
        scale=ReviewScale("score"),
        summary=Summary(0, {"ok": 0, "error": 0, "unparsed": 0}, ""),
        distribution=[],
        dimensions=[],
        category_field=None,
        categories=[],
        agreement=[],
        review=ReviewProgress(0, 0, 0, 0, 0, 0, 0),
    )


class ReportWords(QObject):
    """Writes a :class:`Report`'s figures for people, in the interface's language.

    Its single figures, verdicts and runs are written by :attr:`terms`, which the run
    history shares.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.terms = ReportTerms(self)

    # --- the summary ----------------------------------------------------------------------

    def headline(self, summary: Summary) -> str:
        """The one figure that matters, with its interval."""
        if summary.accuracy is not None:
            return self.tr("Accuracy {0}").format(self.terms.interval(summary.accuracy, True))
        if summary.win_rate is not None:
            return self.tr("Win rate {0} · ties {1} · losses {2}").format(
                self.terms.interval(summary.win_rate, True),
                self.terms.percent(summary.tie_rate),
                self.terms.percent(summary.loss_rate),
            )
        if summary.mean is not None:
            return self.tr("Mean score {0}").format(self.terms.interval(summary.mean, False))
        if summary.kind == "label":
            return self.tr(
                "The verdicts are labels: the distribution shows how often each was given."
            )
        if summary.rows:
            return self.tr("No verdicts yet: every row failed or gave no verdict.")
        return self.tr("No results yet.")

    def counts(self, summary: Summary) -> str:
        counts = summary.counts
        return self.tr("{0}: {1} ok · {2} failed · {3} no verdict").format(
            rows_said(summary.rows),
            f"{counts['ok']:,}",
            f"{counts['error']:,}",
            f"{counts['unparsed']:,}",
        )

    def review(self, progress: ReviewProgress) -> str:
        share = self.terms.percent(progress.reviewed / progress.total) if progress.total else "–"
        text = self.tr("Reviewed by hand: {0} of {1} ({2})").format(
            f"{progress.reviewed:,}", rows_said(progress.total), share
        )
        if progress.from_dataset:
            text += " · " + self.tr("{0} human labels from the dataset").format(
                f"{progress.from_dataset:,}"
            )
        if progress.decided or progress.combined:
            text += " · " + self.tr(
                "labels: {0} decided where reviewers disagreed, {1} combining several reviewers'"
            ).format(f"{progress.decided:,}", f"{progress.combined:,}")
        disagreed = (
            self.tr("1 disagreement · {1} flagged")
            if progress.disagreed == 1
            else self.tr("{0} disagreements · {1} flagged")
        )
        text += " · " + disagreed.format(f"{progress.disagreed:,}", f"{progress.flagged:,}")
        if progress.stale:
            text += " · " + self.tr("{0} reviewed before the judge's verdict changed").format(
                f"{progress.stale:,}"
            )
        return text

    def agreement_line(self, figures: AgreementFigures) -> str:
        """Exact agreement beside kappa (agreement alone misleads), with the count."""
        if figures.n == 0:
            return self.tr("No rows have both a person's and the judge's verdict yet.")
        kappa = figures.kappa_quadratic if figures.kind == "ordinal" else figures.kappa
        name = (
            self.tr("Cohen's kappa, quadratic weights")
            if figures.kind == "ordinal"
            else self.tr("Cohen's kappa")
        )
        return self.tr("Same verdict on {0} of rows · {1} {2} (n = {3})").format(
            self.terms.percent(figures.exact.value), name, self._figure(kappa), f"{figures.n:,}"
        )

    def _figure(self, figure: Figure) -> str:
        return self.terms.number(figure.value) if figure.value is not None else "–"

    # --- charts ---------------------------------------------------------------------------

    def distribution(self, report: Report) -> ChartPage:
        bins = report.distribution
        total = sum(b.count for b in bins)
        scores = report.summary.kind == "score"
        what = self.tr("Score") if scores else self.tr("Verdict")
        bars = [
            Bar(
                self.terms.label(b.label),
                float(b.count),
                f"{b.count:,}",
                tip=self.tr("{0}: {1} ({2})").format(
                    self.terms.label(b.label),
                    rows_said(b.count),
                    self.terms.percent(b.count / total),
                ),
            )
            for b in bins
        ]
        columns = len(bars) * max([len(b.label) for b in bars] + [0]) <= MAX_COLUMN_CHARS
        description = self.tr("Distribution of {0} verdicts: {1}.").format(
            f"{total:,}", "; ".join(b.tip for b in bars)
        )
        chart = BarChartData(
            what,
            self.tr("Rows"),
            bars,
            maximum=max([b.count for b in bins] + [1]),
            columns=columns,
            empty=self.tr("No verdicts to show yet: run the project, then come back."),
            description=description if bars else "",
        )
        rows = [
            [b.label, b.text, self.terms.percent(b.value / total if total and b.value else 0.0)]
            for b in bars
        ]
        return ChartPage(
            self.tr("Score distribution") if scores else self.tr("Verdicts"),
            self.tr("How often each verdict was given, over {0} with a verdict.").format(
                rows_said(total)
            ),
            chart,
            [what, self.tr("Rows"), self.tr("Share")],
            rows,
        )

    def _measure(self, summary: Summary) -> tuple[str, str, bool]:
        """The figure a breakdown shows: (Summary attribute, its name, is a share)."""
        if summary.kind == "boolean":
            return "accuracy", self.tr("Accuracy"), True
        if summary.kind == "pairwise":
            return "win_rate", self.tr("Win rate"), True
        if summary.kind == "score":
            return "mean", self.tr("Mean score"), False
        return "rows", self.tr("Rows"), False

    def _group_bars(
        self, groups: list[Group], attribute: str, as_percent: bool
    ) -> tuple[list[Bar], list[list[str]]]:
        bars, rows = [], []
        for group in groups:
            name = self.terms.label(group.name)
            estimate: Estimate | None = getattr(group.summary, attribute, None)
            n = group.summary.counts.get("ok", 0)
            note = self.tr("n = {0}").format(f"{n:,}")
            if group.labels:  # label verdicts: how often each label was given
                counts = (f"{self.terms.label(b.label)} {b.count:,}" for b in group.labels)
                note += " · " + ", ".join(counts)
            if attribute == "rows":
                value: float | None = float(group.summary.rows)
                text = f"{group.summary.rows:,}"
            else:
                value = estimate.value if estimate else None
                text = (self.terms.percent if as_percent else self.terms.number)(value)
            span = self.terms.span(estimate, as_percent)
            tip = f"{name}: {text}" + (
                " " + self.tr("(95% interval {0})").format(span) if span else ""
            )
            bars.append(
                Bar(
                    name,
                    value,
                    text,
                    estimate.low if estimate else None,
                    estimate.high if estimate else None,
                    note,
                    f"{tip}, {note}",
                )
            )
            agree = group.person_agreement
            rows.append(
                [
                    name,
                    text,
                    span or "–",
                    f"{n:,}",
                    self.tr("{0} (n = {1})").format(self.terms.percent(agree.value), agree.n)
                    if agree.n
                    else "–",
                ]
            )
        return bars, rows

    def _top(self, report: Report, bars: list[Bar], as_percent: bool) -> float:
        if as_percent:
            return 1.0
        found = max([b.high or b.value or 0.0 for b in bars] + [0.0])
        high = report.scale.high
        return float(high) if high is not None and found <= high else found

    def categories(self, report: Report, field_name: str | None) -> ChartPage:
        attribute, measure, as_percent = self._measure(report.summary)
        bars, rows = self._group_bars(report.categories, attribute, as_percent)
        title = self.tr("By “{0}”").format(field_name) if field_name else self.tr("By category")
        if not field_name:
            empty = self.tr("Choose a field to break the results down by.")
        else:
            empty = self.tr("No row has a result to break down yet.")
        chart = BarChartData(
            field_name or "",
            measure,
            bars,
            maximum=self._top(report, bars, as_percent),
            percent=as_percent,
            empty=empty,
            description=self.tr("{0} for each value of “{1}”: {2}.").format(
                measure, field_name, "; ".join(b.tip for b in bars)
            )
            if bars
            else "",
        )
        caption = self.tr(
            "{0} for each value of the field, with its 95% interval (the line); n is the "
            "number of rows with a verdict."
        ).format(measure)
        headers = [field_name or "", measure, self.tr("95% interval"), self.tr("Rows")]
        return ChartPage(title, caption, chart, [*headers, self.tr("Person agrees")], rows)

    def dimensions(self, report: Report) -> ChartPage:
        bars, rows = self._group_bars(report.dimensions, "mean", False)
        top = max(self._top(report, bars, False), 1.0)
        chart = BarChartData(
            self.tr("Dimension"),
            self.tr("Mean score"),
            bars,
            maximum=top,
            description=self.tr("Mean score of each dimension: {0}.").format(
                "; ".join(b.tip for b in bars)
            ),
        )
        headers = [self.tr("Dimension"), self.tr("Mean score"), self.tr("95% interval")]
        return ChartPage(
            self.tr("Per dimension"),
            self.tr(
                "The mean of each dimension the judge scored in its JSON verdicts, with its "
                "95% interval; n is the number of rows scoring it."
            ),
            chart,
            [*headers, self.tr("Rows")],
            [row[:4] for row in rows],
        )

    def agreement(self, report: Report) -> ChartPage:
        figures = report.agreement[0] if report.agreement else None
        matrix = figures.confusion if figures is not None else None
        labels = [self.terms.verdict(v, report.scale) for v in matrix.labels] if matrix else []
        counts = [list(r) for r in matrix.counts] if matrix and matrix.n else []
        person, judge = self.tr("Person"), self.tr("Judge")
        cells = "; ".join(
            self.tr("person {0}, judge {1}: {2}").format(labels[i], labels[j], count)
            for i, row in enumerate(counts)
            for j, count in enumerate(row)
            if count
        )
        chart = HeatmapData(
            person,
            judge,
            labels if counts else [],
            counts,
            empty=self.tr(
                "No person's verdicts yet. Review rows by hand, or map a dataset column "
                "that holds human labels (the “human” field), to see how far the judge agrees."
            ),
            description=self.tr("Person against judge, {0}: {1}.").format(
                rows_said(figures.n if figures else 0), cells
            )
            if counts
            else "",
        )
        caption = self.tr("Rows: the person's verdict; columns: the judge's.")
        if figures is not None and figures.n:
            caption = self.tr("{0}. {1} Outlined squares: the same verdict.").format(
                self.agreement_line(figures), caption
            )
        return ChartPage(
            self.tr("Person vs judge"),
            caption,
            chart,
            labels if counts else [],
            [[str(c) for c in row] for row in counts],
            labels if counts else [],
        )

    # --- two runs -------------------------------------------------------------------------

    def comparison(self, comparison: RunComparison) -> str:
        first, second = comparison.first, comparison.second
        lines = [
            self.tr("Run {0} → run {1}: {2} judged in both, {3} changed.").format(
                first, second, rows_said(comparison.rows), f"{len(comparison.changed):,}"
            ),
            self.tr("Run {0}: {1}").format(first, self.headline(comparison.before)),
            self.tr("Run {0}: {1}").format(second, self.headline(comparison.after)),
        ]
        figures = comparison.agreement
        if figures.n:
            lines.append(
                self.tr("The two runs agree on {0} of rows (Cohen's kappa {1}).").format(
                    self.terms.percent(figures.exact.value), self._figure(figures.kappa)
                )
            )
        return "\n".join(lines)

    # --- the clipboard --------------------------------------------------------------------

    def summary_text(self, report: Report, run_title: str) -> str:
        """The summary as plain text, for pasting into a message or a document."""
        lines = [
            f"{report.project} — {run_title}" if report.project else run_title,
            self.headline(report.summary),
            self.counts(report.summary),
            self.review(report.review),
        ]
        if report.agreement:
            lines.append(
                self.tr("Person vs judge: {0}").format(self.agreement_line(report.agreement[0]))
            )
        for title, groups, attribute in (
            (self.tr("By “{0}”").format(report.category_field), report.categories, None),
            (self.tr("Per dimension"), report.dimensions, "mean"),
        ):
            if not groups:
                continue
            attribute_name, _, as_percent = self._measure(report.summary)
            chosen = attribute or attribute_name
            lines += ["", title]
            for group in groups:
                estimate = getattr(group.summary, chosen, None)
                shown = (
                    self.terms.interval(estimate, as_percent and chosen != "mean")
                    if isinstance(estimate, Estimate)
                    else rows_said(group.summary.rows)
                )
                lines.append(f"  {self.terms.label(group.name)}: {shown}")
        return "\n".join(lines) + "\n"
