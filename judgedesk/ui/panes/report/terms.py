"""The small words of a report: numbers with their intervals, verdicts, and runs with the
rows they covered, in the interface's language."""

from __future__ import annotations

import re
import time
from typing import Any

from PySide6.QtCore import QObject

from judgedesk.core.report import NO_VALUE, OTHER, Estimate
from judgedesk.core.review import ReviewScale
from judgedesk.core.run import RunRecord
from judgedesk.ui.counts import rows_said

SELECTION = re.compile(r"(?:all rows|([\d,]+) rows?)(?:, (\w+) only)?")


class ReportTerms(QObject):
    """Writes single figures, verdicts and runs for people, in the interface's language.

    :class:`~judgedesk.ui.panes.report.words.ReportWords` writes a whole report with
    these; the run history and its versions use them alone.
    """

    # --- numbers ------------------------------------------------------------------------

    @staticmethod
    def number(value: float | None) -> str:
        return "–" if value is None else f"{value:.2f}"

    @staticmethod
    def percent(value: float | None) -> str:
        return "–" if value is None else f"{value * 100:.1f}%"

    def interval(self, estimate: Estimate, as_percent: bool) -> str:
        """ "7.20 (95% interval 6.90–7.50, n = 412)"."""
        show = self.percent if as_percent else self.number
        if estimate.value is None:
            return self.tr("– (no rows)")
        if estimate.low is None or estimate.high is None:
            return self.tr("{0} (n = {1}, too few rows for an interval)").format(
                show(estimate.value), estimate.n
            )
        return self.tr("{0} (95% interval {1}–{2}, n = {3})").format(
            show(estimate.value), show(estimate.low), show(estimate.high), f"{estimate.n:,}"
        )

    def span(self, estimate: Estimate | None, as_percent: bool) -> str:
        """ "6.90–7.50": an estimate's interval alone ("" when there is none)."""
        if estimate is None or estimate.low is None or estimate.high is None:
            return ""
        show = self.percent if as_percent else self.number
        return f"{show(estimate.low)}–{show(estimate.high)}"

    # --- verdicts and labels --------------------------------------------------------------

    def label(self, name: str) -> str:
        """A verdict's or a category's name, with the core's English names translated."""
        return {
            "correct": self.tr("correct"),
            "incorrect": self.tr("incorrect"),
            NO_VALUE: self.tr("(no value)"),
            OTHER: self.tr("(all others)"),
        }.get(name, name)

    def verdict(self, value: Any, scale: ReviewScale) -> str:
        return self.label(scale.name_of(value))

    def result(self, status: str | None, value: Any, scale: ReviewScale) -> str:
        """A row's result in one run: its verdict, or why it has none."""
        if status == "ok":
            return self.verdict(value, scale)
        return {
            "error": self.tr("failed"),
            "unparsed": self.tr("no verdict"),
            None: self.tr("not judged"),
        }.get(status, str(status))

    def run_title(self, run: RunRecord) -> str:
        """ "Run 3 · 2025-05-01 14:02 · finished · rows 0:10"."""
        status = {
            "finished": self.tr("finished"),
            "cancelled": self.tr("stopped"),
            "failed": self.tr("failed"),
            "running": self.tr("running"),
            "interrupted": self.tr("interrupted"),
        }.get(run.status, run.status)
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(run.started))
        text = self.tr("Run {0} · {1} · {2}").format(run.id, when, status)
        if run.selection:
            text += " · " + self.selection(run.selection)
        if run.purpose == "calibration":  # candidates tried on the labelled rows
            text += " · " + self.tr("calibration")
        return text

    def selection(self, text: str) -> str:
        """The rows a run covered ("all rows", "10 rows, failed only"), translated."""
        match = SELECTION.fullmatch(text)
        if match is None:
            return text
        count, only = match.groups()
        rows = rows_said(int(count.replace(",", ""))) if count else self.tr("all rows")
        if only is None:
            return rows
        kind = {
            "failed": self.tr("those that failed"),
            "unparsed": self.tr("those with no verdict"),
        }.get(only, only)
        return self.tr("{0}, {1} only").format(rows, kind)
