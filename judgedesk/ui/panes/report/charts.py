"""The Report pane's charts, painted with QPainter in the window's palette (light or dark).

Each chart is a plain description (:class:`BarChartData`, or
:class:`~judgedesk.ui.panes.report.heatmap.HeatmapData`) drawn by a canvas;
:class:`~judgedesk.ui.panes.report.card.ChartCard` frames it with its title and a table of the
same figures.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QHelpEvent, QPainter, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

PAD = 8


@dataclass(frozen=True)
class Bar:
    """One bar: a label, its value as drawn and as written, an optional 95 % interval."""

    label: str
    value: float | None
    text: str
    low: float | None = None
    high: float | None = None
    note: str = ""
    tip: str = ""


@dataclass(frozen=True)
class BarChartData:
    """A bar chart: bars along a category axis, lengths on a value axis.

    Attributes:
        label_title: what the bars are (the category axis).
        value_title: what their length measures (the value axis).
        maximum: the value axis' end (ticks are chosen up to at least this).
        percent: values are shares (0–1), written as percentages on the axis.
        columns: upright columns (a distribution) instead of horizontal bars.
        empty: shown instead of the chart when there are no bars.
        description: the chart in words, for screen readers.
        origin: where horizontal bars start on the value axis (scores on the Elo scale
            lie far from 0, and bars from 0 would hide their differences).
    """

    label_title: str
    value_title: str
    bars: list[Bar]
    maximum: float = 1.0
    percent: bool = False
    columns: bool = False
    empty: str = ""
    description: str = ""
    origin: float = 0.0


def nice_ticks(top: float, count: int = 5) -> list[float]:
    """Round tick values from 0 up to at least ``top`` (about ``count`` of them)."""
    if top <= 0:
        return [0.0, 1.0]
    raw = top / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    ticks = [0.0]
    while ticks[-1] < top - 1e-9:
        ticks.append(round(ticks[-1] + step, 10))
    return ticks


def blend(a: QColor, b: QColor, share: float) -> QColor:
    """The colour ``share`` of the way from ``a`` to ``b``."""
    return QColor(
        round(a.red() + (b.red() - a.red()) * share),
        round(a.green() + (b.green() - a.green()) * share),
        round(a.blue() + (b.blue() - a.blue()) * share),
    )


class ChartCanvas(QWidget):
    """What the charts share: palette colours, tooltips over marks, the empty state."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # reachable by screen-reader users
        self._hits: list[tuple[QRectF, str]] = []
        self._empty = ""

    def set_chart(self, chart: Any) -> None:
        """Draw ``chart`` (each canvas knows its own kind of chart)."""
        raise NotImplementedError

    def colours(self) -> dict[str, QColor]:
        palette = self.palette()
        text = palette.color(QPalette.ColorRole.WindowText)
        window = palette.color(QPalette.ColorRole.Window)
        return {
            "text": text,
            "muted": blend(text, window, 0.35),
            "grid": blend(window, text, 0.18),
            "bar": palette.color(QPalette.ColorRole.Highlight),
            "base": palette.color(QPalette.ColorRole.Base),
        }

    def small_font(self) -> QFont:
        font = QFont(self.font())
        font.setPointSizeF(max(7.0, font.pointSizeF() * 0.9))
        return font

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            point = QPointF(event.pos())
            tip = next((text for rect, text in self._hits if rect.contains(point)), "")
            if tip:
                QToolTip.showText(event.globalPos(), tip, self)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().event(event)

    def paint_focus(self, painter: QPainter) -> None:
        """A dotted frame while the chart has the keyboard focus."""
        if self.hasFocus():
            pen = QPen(self.colours()["bar"], 1, Qt.PenStyle.DotLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5))

    def paint_empty(self, painter: QPainter) -> None:
        painter.setPen(self.colours()["muted"])
        painter.drawText(
            QRectF(self.rect()).adjusted(PAD, PAD, -PAD, -PAD),
            int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap),
            self._empty,
        )


class BarChartView(ChartCanvas):
    """Horizontal bars with 95 % intervals as whiskers, or upright columns."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.chart = BarChartData("", "", [])

    def set_chart(self, chart: BarChartData) -> None:
        self.chart = chart
        self._empty = chart.empty
        self.setAccessibleDescription(chart.description or chart.empty)
        self.updateGeometry()
        self.update()

    def _row_height(self) -> int:
        return max(QFontMetrics(self.font()).height() + 10, 26)

    def sizeHint(self) -> QSize:
        line = QFontMetrics(self.font()).height()
        if not self.chart.bars:
            return QSize(360, 6 * line)
        if self.chart.columns:
            return QSize(360, 240)
        return QSize(360, 2 * PAD + 3 * (line + 6) + len(self.chart.bars) * self._row_height())

    def minimumSizeHint(self) -> QSize:
        return QSize(240, self.sizeHint().height())

    def _axis_text(self, value: float) -> str:
        if self.chart.percent:
            return f"{value * 100:g}%"
        return f"{value:g}"

    def paintEvent(self, _: object) -> None:
        self._hits = []
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.paint_focus(painter)
        if not self.chart.bars:
            self.paint_empty(painter)
        elif self.chart.columns:
            self._paint_columns(painter)
        else:
            self._paint_bars(painter)

    def _paint_bars(self, painter: QPainter) -> None:
        chart, colours = self.chart, self.colours()
        metrics = QFontMetrics(self.font())
        small = self.small_font()
        line = metrics.height()
        row = self._row_height()
        width = self.width()
        label_width = min(max(metrics.horizontalAdvance(b.label) for b in chart.bars), width * 0.34)
        value_width = max(metrics.horizontalAdvance(f"{b.text}  {b.note}") for b in chart.bars)
        left = PAD + label_width + 10
        right = max(left + 40, width - PAD - value_width - 10)
        top = PAD + line + 6
        origin = chart.origin
        ends = (b.high if b.high is not None else b.value or origin for b in chart.bars)
        ticks = nice_ticks(max(chart.maximum, *ends) - origin)
        scale = (right - left) / ticks[-1]
        bottom = top + row * len(chart.bars)
        # The category axis' title above the labels; grid lines and tick labels.
        painter.setPen(colours["muted"])
        painter.drawText(QRectF(PAD, PAD, width - 2 * PAD, line), chart.label_title)
        painter.setFont(small)
        for tick in ticks:
            x = left + tick * scale
            painter.setPen(QPen(colours["grid"], 1))
            painter.drawLine(QPointF(x, top), QPointF(x, bottom))
            painter.setPen(colours["muted"])
            painter.drawText(
                QRectF(x - 40, bottom + 2, 80, line),
                int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop),
                self._axis_text(origin + tick),
            )
        painter.setFont(self.font())
        middle = (left + right) / 2
        room = min(middle, width - middle) - PAD  # centred under the bars, never clipped
        painter.drawText(
            QRectF(middle - room, bottom + line + 6, 2 * room, line),
            int(Qt.AlignmentFlag.AlignHCenter),
            metrics.elidedText(chart.value_title, Qt.TextElideMode.ElideRight, int(2 * room)),
        )
        for i, bar in enumerate(chart.bars):
            y = top + i * row
            band = QRectF(0, y, width, row)
            painter.setPen(colours["text"])
            painter.drawText(
                QRectF(PAD, y, label_width, row),
                int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
                metrics.elidedText(bar.label, Qt.TextElideMode.ElideRight, int(label_width)),
            )
            if bar.value is not None:
                length = max(0.0, min(bar.value - origin, ticks[-1])) * scale
                painter.fillRect(QRectF(left, y + row * 0.2, length, row * 0.6), colours["bar"])
            if bar.low is not None and bar.high is not None:
                x0, x1 = (left + max(0.0, v - origin) * scale for v in (bar.low, bar.high))
                self._whisker(painter, x0, x1, y + row / 2)
            painter.setPen(colours["text"])
            painter.drawText(
                QRectF(right + 10, y, value_width + PAD, row),
                int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                bar.text,
            )
            if bar.note:
                painter.setPen(colours["muted"])
                painter.drawText(
                    QRectF(right + 10 + metrics.horizontalAdvance(bar.text + "  "), y, width, row),
                    int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                    bar.note,
                )
            self._hits.append((band, bar.tip or f"{bar.label}: {bar.text}"))

    def _whisker(self, painter: QPainter, x0: float, x1: float, y: float) -> None:
        pen = QPen(self.colours()["text"], 1.5)
        painter.setPen(pen)
        painter.drawLine(QPointF(x0, y), QPointF(x1, y))
        for x in (x0, x1):
            painter.drawLine(QPointF(x, y - 5), QPointF(x, y + 5))

    def _paint_columns(self, painter: QPainter) -> None:
        chart, colours = self.chart, self.colours()
        metrics = QFontMetrics(self.font())
        small = self.small_font()
        line = metrics.height()
        ticks = nice_ticks(max(chart.maximum, *(b.value or 0 for b in chart.bars)))
        tick_width = max(QFontMetrics(small).horizontalAdvance(self._axis_text(t)) for t in ticks)
        left = PAD + line + 6 + tick_width + 6
        right = self.width() - PAD
        top = PAD + line
        bottom = self.height() - PAD - 2 * line - 8
        scale = (bottom - top) / ticks[-1]
        # The value axis: its title turned upright, ticks and grid lines.
        painter.save()
        painter.setPen(colours["muted"])
        painter.translate(PAD, (top + bottom) / 2)
        painter.rotate(-90)
        painter.drawText(
            QRectF(-(bottom - top) / 2, 0, bottom - top, line),
            int(Qt.AlignmentFlag.AlignHCenter),
            chart.value_title,
        )
        painter.restore()
        painter.setFont(small)
        for tick in ticks:
            y = bottom - tick * scale
            painter.setPen(QPen(colours["grid"], 1))
            painter.drawLine(QPointF(left, y), QPointF(right, y))
            painter.setPen(colours["muted"])
            painter.drawText(
                QRectF(left - tick_width - 6, y - line / 2, tick_width, line),
                int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
                self._axis_text(tick),
            )
        painter.setFont(self.font())
        slot = (right - left) / len(chart.bars)
        for i, bar in enumerate(chart.bars):
            x = left + i * slot
            height = max(0.0, bar.value or 0.0) * scale
            column = QRectF(x + slot * 0.15, bottom - height, slot * 0.7, height)
            painter.fillRect(column, colours["bar"])
            painter.setPen(colours["text"])
            painter.drawText(
                QRectF(x, bottom - height - line - 2, slot, line),
                int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom),
                bar.text,
            )
            painter.drawText(
                QRectF(x, bottom + 3, slot, line),
                int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop),
                metrics.elidedText(bar.label, Qt.TextElideMode.ElideRight, int(slot)),
            )
            self._hits.append((QRectF(x, top, slot, bottom - top + line), bar.tip or bar.text))
        painter.setPen(QPen(colours["muted"], 1))
        painter.drawLine(QPointF(left, bottom), QPointF(right, bottom))
        painter.drawText(
            QRectF(left, bottom + line + 6, right - left, line),
            int(Qt.AlignmentFlag.AlignHCenter),
            chart.label_title,
        )
