"""An Excel workbook: a summary sheet, and the rows with judge and person side by side."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Sequence
from typing import Any

from judgedesk.core.report.build import Estimate, Report
from judgedesk.core.report.exports.tables import judge_names
from judgedesk.core.report.text import percent
from judgedesk.core.review.agreement import Figure

MAX_CELL_CHARS = 32767  # Excel's limit for one cell
DISAGREE_FILL = "FFF4C7CE"
STALE_FILL = "FFFFF2CC"
HEADER_FILL = "FFE8EDF3"
# Control characters Excel refuses in a cell (tab, newline and carriage return are fine).
_ILLEGAL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")

ROW_COLUMNS = (
    ("row", "Row"),
    ("id", "Id"),
    ("status", "Status"),
    ("result", "Judge"),
    ("human", "Person"),
    ("human_source", "Person's verdict from"),
    ("human_agree", "Agrees with judge"),
    ("disagreement", "Disagreement"),
    ("human_flag", "Flag"),
    ("human_note", "Note"),
    ("reviewer", "Reviewer"),
    ("reviewed_at", "Reviewed at (UTC)"),
    ("review_stale", "Review made before the verdict changed"),
    ("error", "Error"),
    ("question", "Question"),
    ("reference", "Reference"),
    ("response", "Response"),
)
_AGREEMENT_HEADS = (
    "Exact",
    "n",
    "Kappa",
    "n",
    "Kappa linear",
    "n",
    "Kappa quadratic",
    "n",
    "Spearman",
    "n",
    "Mean abs. difference",
    "n",
)
_HUMAN = [key for key, _ in ROW_COLUMNS].index("human")


def cell_value(value: Any) -> Any:
    """A value Excel can hold: numbers and true/false as they are, text cut to the cell
    limit with control characters removed, objects as JSON."""
    if value is None or isinstance(value, bool | int | float):
        return value
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    text = _ILLEGAL.sub("", text)
    return text if len(text) <= MAX_CELL_CHARS else text[: MAX_CELL_CHARS - 1] + "…"


def xlsx_bytes(report: Report, records: list[dict[str, Any]]) -> bytes:
    """The workbook: "Summary" (figures, agreement, categories) and "Rows"."""
    import openpyxl  # slow to import; only this export needs it
    from openpyxl.styles import Font, PatternFill

    book = openpyxl.Workbook(write_only=True)
    bold = Font(bold=True)
    header_fill = PatternFill("solid", fgColor=HEADER_FILL)

    def header(sheet: Any, names: Sequence[str]) -> None:
        cells = []
        for name in names:
            cell = _as_cell(sheet, cell_value(name), header_fill)
            cell.font = bold
            cells.append(cell)
        sheet.append(cells)

    summary = book.create_sheet("Summary")
    summary.column_dimensions["A"].width = 34
    for line in _summary_rows(report):
        if line and isinstance(line[0], str) and line[0].startswith("#"):
            header(summary, [line[0][1:], *line[1:]])
        else:
            summary.append([_as_cell(summary, cell_value(v)) for v in line])

    rows = book.create_sheet("Rows")
    rows.freeze_panes = "C2"
    judges = judge_names(records)
    names = [title for _, title in ROW_COLUMNS] + [f"{j} verdict" for j in judges]
    names += [f"{j} reply" for j in judges]
    # Multi-dimension verdicts: the judge's score and the person's for each dimension.
    dimensions = _dimension_names(records)
    names += [f"{d} (judge)" for d in dimensions] + [f"{d} (person)" for d in dimensions]
    header(rows, names)
    disagree = PatternFill("solid", fgColor=DISAGREE_FILL)
    stale = PatternFill("solid", fgColor=STALE_FILL)
    for record in records:
        verdicts = {j["name"]: j for j in record["judges"]}
        values = [record.get(key) for key, _ in ROW_COLUMNS]
        values += [_verdict(verdicts.get(j)) for j in judges]
        values += [(verdicts[j]["content"] if j in verdicts else None) for j in judges]
        last = (record["judges"][-1]["verdict"] or {}) if record["judges"] else {}
        values += [(last.get("dimensions") or {}).get(d) for d in dimensions]
        values += [(record.get("human_dimensions") or {}).get(d) for d in dimensions]
        # Styled cells cost several times plain values: only rows to highlight get them.
        fill = disagree if (record.get("disagreement") or 0) > 0 else None
        cells: list[Any] = [_as_cell(rows, cell_value(value), fill) for value in values]
        if fill is None and record.get("review_stale"):
            cells[_HUMAN] = _as_cell(rows, cell_value(values[_HUMAN]), stale)
        rows.append(cells)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def _dimension_names(records: list[dict[str, Any]]) -> list[str]:
    """The dimensions the last judge scored or a person scored, in order of appearance."""
    names: dict[str, None] = {}
    for record in records:
        last = (record["judges"][-1]["verdict"] or {}) if record["judges"] else {}
        names.update(dict.fromkeys(last.get("dimensions") or {}))
        names.update(dict.fromkeys(record.get("human_dimensions") or {}))
    return list(names)


def _as_cell(sheet: Any, value: Any, fill: Any = None) -> Any:
    """A value for a row of a write-only sheet: as it is, or a cell when it needs one.

    Text starting with ``=`` would be stored as a formula, which runs when the workbook is
    opened: it becomes a text cell, shown as written and never calculated.
    """
    formula_like = isinstance(value, str) and value.startswith("=")
    if not formula_like and fill is None:
        return value
    from openpyxl.cell import WriteOnlyCell

    cell = WriteOnlyCell(sheet, value=value)
    if formula_like:
        cell.data_type = "s"
    if fill is not None:
        cell.fill = fill
    return cell


def _verdict(judge: dict[str, Any] | None) -> Any:
    if judge is None:
        return None
    verdict = judge.get("verdict") or {}
    return verdict.get("value") if verdict.get("ok") else "unparsed"


def _estimate(estimate: Estimate | None) -> list[Any]:
    if estimate is None:
        return [None, None, None, 0]
    return [estimate.value, estimate.low, estimate.high, estimate.n]


def _figure(figure: Figure) -> list[Any]:
    return [figure.value, figure.n]


def _summary_rows(report: Report) -> list[list[Any]]:
    summary = report.summary
    what = f"run {report.run_id}" if report.run_id is not None else "latest result of each row"
    lines: list[list[Any]] = [
        ["#Project", report.project],
        ["Results", what],
        ["Rows with a result", summary.rows],
        ["ok", summary.counts["ok"]],
        ["errors", summary.counts["error"]],
        ["unparsed", summary.counts["unparsed"]],
        [],
        ["#Figure", "Value", "95% CI low", "95% CI high", "Rows"],
    ]
    if summary.accuracy is not None:
        lines.append(["Accuracy", *_estimate(summary.accuracy)])
    if summary.mean is not None:
        lines.append(["Mean score", *_estimate(summary.mean)])
    if summary.win_rate is not None:
        lines.append(["Win rate", *_estimate(summary.win_rate)])
        lines.append(["Tie rate", summary.tie_rate])
        lines.append(["Loss rate", summary.loss_rate])
    for group in report.dimensions:
        lines.append([f"Dimension: {group.name}", *_estimate(group.summary.mean)])
    review = report.review
    lines += [
        [],
        ["#Review", "Rows"],
        ["Reviewed by hand", review.reviewed],
        ["Human label from the dataset only", review.from_dataset],
        ["Disagreements", review.disagreed],
        ["Flagged", review.flagged],
        ["Stale reviews", review.stale],
        [],
        ["#Agreement", "Kind", "Rows", *_AGREEMENT_HEADS],
    ]
    for figures in report.agreement:
        line: list[Any] = [f"{figures.first} vs {figures.second}", figures.kind, figures.n]
        for figure in (
            figures.exact,
            figures.kappa,
            figures.kappa_linear,
            figures.kappa_quadratic,
            figures.spearman,
            figures.mean_abs_diff,
        ):
            line += _figure(figure)
        lines.append(line)
    if report.agreement and report.agreement[0].confusion.n:
        matrix = report.agreement[0].confusion
        labels = [report.scale.name_of(v) or str(v) for v in matrix.labels]
        lines += [[], ["#Person (rows) vs judge (columns)", *labels]]
        lines += [[label, *row] for label, row in zip(labels, matrix.counts, strict=True)]
    if report.categories:
        lines += [[], [f"#By {report.category_field}", "Rows", "Figure", "Value", "Low", "High"]]
        for group in report.categories:
            s = group.summary
            name, estimate = (
                ("accuracy", s.accuracy) if s.accuracy is not None else ("mean", s.mean)
            )
            lines.append([group.name, s.rows, name, *_estimate(estimate)[:3]])
    if report.comparison is not None:
        c = report.comparison
        lines += [
            [],
            [f"#Run {c.first} vs run {c.second}", "Rows"],
            ["Rows in both", c.rows],
            ["Judged differently", len(c.changed)],
            ["Exact agreement", percent(c.agreement.exact.value)],
        ]
    return lines
