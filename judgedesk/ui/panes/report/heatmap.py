"""The Report pane's confusion matrix of the person's verdicts against the judge's."""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPalette, QPen
from PySide6.QtWidgets import QWidget

from judgedesk.ui.counts import rows_said
from judgedesk.ui.panes.report.charts import PAD, ChartCanvas, blend

MIN_CELL = 30
MAX_CELL = 64


@dataclass(frozen=True)
class HeatmapData:
    """A confusion matrix: ``counts[i][j]`` rows where rows said ``labels[i]`` and
    columns said ``labels[j]``."""

    row_title: str
    column_title: str
    labels: list[str]
    counts: list[list[int]] = field(default_factory=list)
    empty: str = ""
    description: str = ""


def _ink_on(colour: QColor, palette: QPalette) -> QColor:
    """Dark or light text, whichever reads better on ``colour``."""
    light = 0.2126 * colour.redF() + 0.7152 * colour.greenF() + 0.0722 * colour.blueF()
    text, bright = palette.color(QPalette.ColorRole.Text), palette.color(QPalette.ColorRole.Base)
    dark, pale = (text, bright) if text.lightness() < bright.lightness() else (bright, text)
    return dark if light > 0.5 else pale


class HeatmapView(ChartCanvas):
    """A confusion matrix: a square per pair of verdicts, stronger for more rows, each
    with its count; the squares where both agree are outlined."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.chart = HeatmapData("", "", [])

    def set_chart(self, chart: HeatmapData) -> None:
        self.chart = chart
        self._empty = chart.empty
        self.setAccessibleDescription(chart.description or chart.empty)
        self.updateGeometry()
        self.update()

    def _margins(self) -> tuple[float, float]:
        metrics = QFontMetrics(self.font())
        line = metrics.height()
        label_width = max([metrics.horizontalAdvance(label) for label in self.chart.labels] + [0])
        left = PAD + line + 8 + min(label_width + 4, 160) + 8  # +4: no eliding by rounding
        top = PAD + 2 * line + 10
        return left, top

    def _cell(self) -> float:
        size = max(1, len(self.chart.labels))
        left, _ = self._margins()
        return max(MIN_CELL, min(MAX_CELL, (self.width() - left - PAD) / size))

    def sizeHint(self) -> QSize:
        line = QFontMetrics(self.font()).height()
        if not self.chart.labels or not self.chart.counts:
            return QSize(360, 6 * line)
        _, top = self._margins()
        return QSize(360, int(top + len(self.chart.labels) * self._cell() + PAD))

    def minimumSizeHint(self) -> QSize:
        return QSize(240, self.sizeHint().height())

    def resizeEvent(self, event: object) -> None:
        self.updateGeometry()  # the cells, and so the height, follow the width

    def paintEvent(self, _: object) -> None:
        self._hits = []
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.paint_focus(painter)
        chart, colours = self.chart, self.colours()
        if not chart.labels or not chart.counts:
            self.paint_empty(painter)
            return
        metrics = QFontMetrics(self.font())
        line = metrics.height()
        left, top = self._margins()
        cell = self._cell()
        size = len(chart.labels)
        most = max([c for row in chart.counts for c in row] + [1])
        painter.setPen(colours["muted"])
        painter.drawText(
            QRectF(left, PAD, cell * size, line),
            int(Qt.AlignmentFlag.AlignHCenter),
            chart.column_title,
        )
        painter.save()
        painter.translate(PAD, top + cell * size / 2)
        painter.rotate(-90)
        painter.drawText(
            QRectF(-cell * size / 2, 0, cell * size, line),
            int(Qt.AlignmentFlag.AlignHCenter),
            chart.row_title,
        )
        painter.restore()
        painter.setPen(colours["text"])
        for j, label in enumerate(chart.labels):
            painter.drawText(
                QRectF(left + j * cell, PAD + line + 4, cell, line),
                int(Qt.AlignmentFlag.AlignHCenter),
                metrics.elidedText(label, Qt.TextElideMode.ElideRight, int(cell) - 2),
            )
        label_room = left - PAD - line - 16
        for i, label in enumerate(chart.labels):
            y = top + i * cell
            painter.setPen(colours["text"])
            painter.drawText(
                QRectF(PAD + line + 8, y, label_room, cell),
                int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
                metrics.elidedText(label, Qt.TextElideMode.ElideRight, int(label_room)),
            )
            for j, count in enumerate(chart.counts[i]):
                square = QRectF(left + j * cell, y, cell, cell)
                fill = blend(colours["base"], colours["bar"], count / most)
                painter.fillRect(square, fill)
                painter.setPen(QPen(colours["grid"], 1))
                painter.drawRect(square)
                painter.setPen(_ink_on(fill, self.palette()))
                painter.drawText(square, int(Qt.AlignmentFlag.AlignCenter), str(count))
                tip = self.tr("{0}: {1} · {2}: {3} · {4}").format(
                    chart.row_title, label, chart.column_title, chart.labels[j], rows_said(count)
                )
                self._hits.append((square, tip))
        for k in range(size):  # agreement lies on the diagonal
            painter.setPen(QPen(colours["text"], 2))
            painter.drawRect(
                QRectF(left + k * cell, top + k * cell, cell, cell).adjusted(1, 1, -1, -1)
            )
