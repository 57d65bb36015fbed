"""What the HTML report's sections share: escaping, tables, headings, headline figures."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import Any

from judgedesk.core.messages import Translate, render
from judgedesk.core.report.build import Estimate, Summary

MAX_LISTED_ROWS = 500
MAX_CELL_CHARS = 400


def esc(value: Any) -> str:
    return escape("" if value is None else str(value), quote=True)


def table(
    head: Sequence[str], rows: Iterable[Sequence[Any]], numeric: set[int] | None = None
) -> str:
    numeric = numeric or set()
    out = ["<table><thead><tr>", *(f"<th>{esc(h)}</th>" for h in head), "</tr></thead><tbody>"]
    for row in rows:
        cells = "".join(
            f'<td class="num">{esc(c)}</td>' if i in numeric else f"<td>{esc(c)}</td>"
            for i, c in enumerate(row)
        )
        out.append(f"<tr>{cells}</tr>")
    out.append("</tbody></table>")
    return "".join(out)


def headline(summary: Summary) -> tuple[str, Estimate | None, bool]:
    if summary.accuracy is not None:
        return "Accuracy", summary.accuracy, True
    if summary.win_rate is not None:
        return "Win rate", summary.win_rate, True
    if summary.mean is not None:
        return "Mean score", summary.mean, False
    return "", None, False


def h2(heading: str, tr: Translate) -> str:
    """A section's heading in the reader's words."""
    return f"<h2>{esc(render(heading, tr))}</h2>"
