"""The Report pane's confidence card: how often people agreed with the judge's verdicts,
by how sure the judge was of them (a reliability diagram, bar by bar)."""

from __future__ import annotations

from PySide6.QtCore import QObject

from judgedesk.core.report import ConfidenceCalibration
from judgedesk.ui.panes.report.charts import Bar, BarChartData
from judgedesk.ui.panes.report.words import ChartPage


class ConfidenceWords(QObject):
    """Writes the judges' confidence against agreement with people as a chart page."""

    def page(self, calibration: ConfidenceCalibration) -> ChartPage:
        bars: list[Bar] = []
        rows: list[list[str]] = []
        for b in calibration.bins:
            if not b.rows or b.agreement is None or b.confidence is None:
                continue
            label = self.tr("Confidence {0:.1f}–{1:.1f}").format(b.low, b.high)
            text = f"{b.agreement:.0%}"
            note = self.tr("n = {0}").format(b.rows)
            tip = self.tr("{0}: mean confidence {1:.0%}, people agreed {2} of {3}").format(
                label, b.confidence, round(b.agreement * b.rows), b.rows
            )
            bars.append(Bar(label, b.agreement, text, note=note, tip=tip))
            rows.append([label, f"{b.confidence:.0%}", text, str(b.rows)])
        chart = BarChartData(
            self.tr("Confidence"),
            self.tr("Share people agreed with"),
            bars,
            maximum=1.0,
            percent=True,
            description=self.tr("Agreement with people by the judge's confidence: {0}.").format(
                "; ".join(b.tip for b in bars)
            ),
        )
        caption = self.tr(
            "Over the {0} reviewed rows whose verdict was read with its probabilities: how "
            "often people gave the judge's verdict, by how sure it was. A calibrated judge "
            "agrees with people as often as it is sure (its 0.8–0.9 bar near 85%). Expected "
            "calibration error: {1:.3f}."
        ).format(calibration.rows, calibration.ece)
        headers = [
            self.tr("Confidence"),
            self.tr("Mean confidence"),
            self.tr("People agreed"),
            self.tr("Rows"),
        ]
        return ChartPage(
            self.tr("Confidence and agreement with people"), caption, chart, headers, rows
        )
