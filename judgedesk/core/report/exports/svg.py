"""Charts as inline SVG text: bars and a confusion-matrix heatmap, no script, no fonts."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

from judgedesk.core.messages import Message, Translate, as_is, render, say

BAR_COLOUR = "#3b6ea8"
TEXT_COLOUR = "#222"
GRID_COLOUR = "#ccc"
ROW_HEIGHT = 22
LABEL_CHARS = 28
CHAR_WIDTH = 8  # a generous width of one character at the charts' 12px size


def _text(value: str) -> str:
    return escape(value, quote=True)


def _clip(label: str, limit: int = LABEL_CHARS) -> str:
    return label if len(label) <= limit else label[: limit - 1] + "…"


def bar_chart(
    bars: Sequence[tuple[str, float]],
    title: str,
    *,
    show: Callable[[float], str] = lambda v: f"{v:g}",
    maximum: float | None = None,
    width: int = 560,
) -> str:
    """Horizontal bars, one per (label, value), each with its value written after it.

    Args:
        bars: the bars, top to bottom.
        title: read by screen readers and shown as a tooltip.
        show: how a value is written.
        maximum: the value of a full-length bar (default: the largest value).
        width: the chart's width in pixels.
    """
    label_width = min(LABEL_CHARS, max([len(label) for label, _ in bars] + [1])) * CHAR_WIDTH + 16
    top = maximum if maximum is not None else max([value for _, value in bars] + [0.0])
    room = width - label_width - 70
    height = ROW_HEIGHT * len(bars) + 8
    parts = [
        f'<svg class="chart" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
        f'role="img" aria-label="{_text(title)}"><title>{_text(title)}</title>'
    ]
    for i, (label, value) in enumerate(bars):
        y = 4 + i * ROW_HEIGHT
        length = 0.0 if top <= 0 else max(0.0, min(1.0, value / top)) * room
        parts.append(
            f'<text x="{label_width - 8}" y="{y + 15}" text-anchor="end" fill="{TEXT_COLOUR}" '
            f'font-size="12">{_text(_clip(label))}</text>'
            f'<rect x="{label_width}" y="{y + 3}" width="{length:.1f}" height="{ROW_HEIGHT - 6}" '
            f'fill="{BAR_COLOUR}"><title>{_text(label)}: {_text(show(value))}</title></rect>'
            f'<text x="{label_width + length + 6:.1f}" y="{y + 15}" fill="{TEXT_COLOUR}" '
            f'font-size="12">{_text(show(value))}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def interval_chart(
    bars: Sequence[tuple[str, float, float | None, float | None]],
    title: str,
    *,
    show: Callable[[float], str] = lambda v: f"{v:g}",
    maximum: float | None = None,
    width: int = 560,
) -> str:
    """Horizontal bars, one per (label, value, low, high), each with its 95 % interval
    drawn as a line across it (none when ``low`` or ``high`` is None).

    Args: as :func:`bar_chart`'s.
    """
    label_width = min(LABEL_CHARS, max([len(label) for label, *_ in bars] + [1])) * CHAR_WIDTH + 16
    ends = [end for _, value, low, high in bars for end in (value, low, high) if end is not None]
    top = maximum if maximum is not None else max([*ends, 0.0])
    room = width - label_width - 70
    height = ROW_HEIGHT * len(bars) + 8

    def x(value: float) -> float:
        return label_width + (0.0 if top <= 0 else max(0.0, min(1.0, value / top)) * room)

    parts = [
        f'<svg class="chart" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
        f'role="img" aria-label="{_text(title)}"><title>{_text(title)}</title>'
    ]
    for i, (label, value, low, high) in enumerate(bars):
        y = 4 + i * ROW_HEIGHT
        span = ""
        if low is not None and high is not None:
            span = f" (95% interval {show(low)}–{show(high)})"
        parts.append(
            f'<text x="{label_width - 8}" y="{y + 15}" text-anchor="end" fill="{TEXT_COLOUR}" '
            f'font-size="12">{_text(_clip(label))}</text>'
            f'<rect x="{label_width}" y="{y + 3}" width="{x(value) - label_width:.1f}" '
            f'height="{ROW_HEIGHT - 6}" fill="{BAR_COLOUR}" opacity="0.55">'
            f"<title>{_text(label)}: {_text(show(value) + span)}</title></rect>"
        )
        if low is not None and high is not None:
            middle = y + ROW_HEIGHT / 2
            parts.append(
                f'<path class="interval" d="M{x(low):.1f} {middle} H{x(high):.1f} '
                f"M{x(low):.1f} {middle - 5} V{middle + 5} M{x(high):.1f} {middle - 5} "
                f'V{middle + 5}" stroke="{TEXT_COLOUR}" stroke-width="1.5" fill="none"/>'
            )
        end = max(x(value), x(high) if high is not None else 0.0)
        parts.append(
            f'<text x="{end + 6:.1f}" y="{y + 15}" fill="{TEXT_COLOUR}" '
            f'font-size="12">{_text(show(value))}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def heatmap(
    labels: Sequence[str],
    counts: Sequence[Sequence[int]],
    title: str,
    row_title: str,
    column_title: str,
) -> str:
    """A confusion matrix: a square per pair of verdicts, darker for more rows.

    Args:
        labels: the verdicts, in the order of ``counts``' rows and columns.
        counts: ``counts[i][j]`` rows with verdict i from one rater and j from the other.
        title: read by screen readers.
        row_title: who the rows are (the first rater).
        column_title: who the columns are.
    """
    size = len(labels)
    cell = 44 if size <= 6 else 32 if size <= 12 else 22
    margin = min(LABEL_CHARS, max([len(label) for label in labels] + [1])) * CHAR_WIDTH + 30
    width = margin + cell * size + 10
    height = margin + cell * size + 10
    top = max([c for row in counts for c in row] + [1])
    parts = [
        f'<svg class="chart" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
        f'role="img" aria-label="{_text(title)}"><title>{_text(title)}</title>',
        f'<text x="{margin + cell * size / 2:.1f}" y="12" text-anchor="middle" font-size="12" '
        f'fill="{TEXT_COLOUR}">{_text(column_title)}</text>',
        f'<text x="12" y="{margin + cell * size / 2:.1f}" text-anchor="middle" font-size="12" '
        f'fill="{TEXT_COLOUR}" transform="rotate(-90 12 {margin + cell * size / 2:.1f})">'
        f"{_text(row_title)}</text>",
    ]
    for j, label in enumerate(labels):
        x = margin + j * cell + cell / 2
        parts.append(
            f'<text x="{x:.1f}" y="{margin - 6}" text-anchor="start" font-size="11" '
            f'fill="{TEXT_COLOUR}" transform="rotate(-45 {x:.1f} {margin - 6})">'
            f"{_text(_clip(label))}</text>"
        )
    for i, label in enumerate(labels):
        y = margin + i * cell
        parts.append(
            f'<text x="{margin - 6}" y="{y + cell / 2 + 4:.1f}" text-anchor="end" '
            f'font-size="11" fill="{TEXT_COLOUR}">{_text(_clip(label))}</text>'
        )
        for j, count in enumerate(counts[i]):
            share = count / top
            # From white to the bar colour; dark cells get white digits.
            red, green, blue = (round(255 - (255 - c) * share) for c in (0x3B, 0x6E, 0xA8))
            ink = "#fff" if share > 0.55 else TEXT_COLOUR
            edge = "#222" if i == j else GRID_COLOUR
            x = margin + j * cell
            parts.append(
                f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" '
                f'fill="rgb({red},{green},{blue})" stroke="{edge}">'
                f"<title>{_text(labels[i])} / {_text(labels[j])}: {count}</title></rect>"
                f'<text x="{x + cell / 2:.1f}" y="{y + cell / 2 + 4:.1f}" text-anchor="middle" '
                f'font-size="11" fill="{ink}">{count}</text>'
            )
    parts.append("</svg>")
    return "".join(parts)


def reliability_diagram(
    bins: Sequence[tuple[float, float, float | None, int]],
    title: str,
    size: int = 320,
    translate: Translate | None = None,
) -> str:
    """Agreement against confidence: a bar per bin of confidence, as high as the share
    of its rows people agreed with, beside the diagonal a calibrated judge would follow.

    Args:
        bins: each bin's (low, high, agreement or None when empty, rows).
        title: read by screen readers.
        size: the plot's width and height in pixels, axes apart.
        translate: the core's English templates → the reader's language, for the axis
            and the bars' titles (as is by default).
    """
    tr = translate or as_is
    margin = 40
    width = height = size + margin + 10

    def x(value: float) -> float:
        return margin + value * size

    def y(value: float) -> float:
        return 10 + (1.0 - value) * size

    parts = [
        f'<svg class="chart" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
        f'role="img" aria-label="{_text(title)}"><title>{_text(title)}</title>',
        f'<rect x="{margin}" y="10" width="{size}" height="{size}" fill="none" '
        f'stroke="{GRID_COLOUR}"/>',
    ]
    for low, high, agreement, rows in bins:
        if agreement is None:
            continue
        parts.append(
            f'<rect x="{x(low) + 1:.1f}" y="{y(agreement):.1f}" '
            f'width="{(high - low) * size - 2:.1f}" '
            f'height="{agreement * size:.1f}" fill="{BAR_COLOUR}">'
            f"<title>{_text(render(_bar_title(low, high, agreement, rows), tr))}</title></rect>"
        )
    parts.append(
        f'<line x1="{x(0):.1f}" y1="{y(0):.1f}" x2="{x(1):.1f}" y2="{y(1):.1f}" '
        f'stroke="{TEXT_COLOUR}" stroke-dasharray="4 3"/>'
    )
    for tick in (0.0, 0.5, 1.0):
        parts.append(
            f'<text x="{x(tick):.1f}" y="{size + 26}" text-anchor="middle" font-size="11" '
            f'fill="{TEXT_COLOUR}">{tick:g}</text>'
            f'<text x="{margin - 6}" y="{y(tick) + 4:.1f}" text-anchor="end" font-size="11" '
            f'fill="{TEXT_COLOUR}">{tick:g}</text>'
        )
    parts.append(
        f'<text x="{x(0.5):.1f}" y="{size + 44}" text-anchor="middle" font-size="12" '
        f'fill="{TEXT_COLOUR}">{_text(render(say("report.svg.confidence", "Confidence"), tr))}'
        "</text></svg>"
    )
    return "".join(parts)


def _bar_title(low: float, high: float, agreement: float, rows: int) -> Message:
    """A reliability bar's title: its bin, the share people agreed with, its rows."""
    span = f"{low:.1f}–{high:.1f}"
    share = f"{agreement:.0%}"
    if rows == 1:
        return say("report.svg.bin_one", "{span}: {share} agreed, 1 row", span=span, share=share)
    return say(
        "report.svg.bin",
        "{span}: {share} agreed, {rows} rows",
        span=span,
        share=share,
        rows=rows,
    )
