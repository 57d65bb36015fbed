"""JSON Lines (every detail) and CSV (for spreadsheets) text of the export records."""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Any

from judgedesk.core.report.exports.records import HUMAN_COLUMNS

BASE_COLUMNS = ("row", "id", "status", "result", "error", "question", "reference", "response")


def jsonl_text(records: list[dict[str, Any]]) -> str:
    """One JSON object per line, every field of every record."""
    return "".join(json.dumps(r, ensure_ascii=False, default=str) + "\n" for r in records)


def judge_names(records: list[dict[str, Any]]) -> list[str]:
    """Every judge that appears in the records, in the order they ran."""
    return list(
        dict.fromkeys(j["name"] for r in records for j in r["judges"] if j["name"] is not None)
    )


def flat_rows(records: list[dict[str, Any]]) -> tuple[list[str], list[dict[str, Any]]]:
    """The records as flat rows for a table: the columns, and each row's cells by column.

    Per judge: the last message of its prompt, its reply, reasoning and verdict
    ("unparsed" when none could be read), the score of each dimension of a
    multi-dimension verdict, and for pairs judged in both orders the verdict with the
    answers swapped and whether the two agreed; then the human review columns.
    """
    base = [c for c in BASE_COLUMNS if any(c in r for r in records)]
    columns = list(base)
    for name in judge_names(records):
        columns += [f"{name}.prompt", f"{name}.reply", f"{name}.reasoning", f"{name}.verdict"]
        steps = [j for r in records for j in r["judges"] if j["name"] == name]
        dimensions = dict.fromkeys(
            d for j in steps for d in ((j["verdict"] or {}).get("dimensions") or {})
        )
        columns += [f"{name}.{dimension}" for dimension in dimensions]
        if any("swapped" in j for j in steps):
            columns += [f"{name}.swapped_verdict", f"{name}.consistent"]
    columns += list(HUMAN_COLUMNS)
    reviewed = dict.fromkeys(d for r in records for d in r.get("human_dimensions") or {})
    columns += [f"human.{dimension}" for dimension in reviewed]
    rows = []
    for record in records:
        cells: dict[str, Any] = {c: record.get(c) for c in base + list(HUMAN_COLUMNS)}
        for dimension, score in (record.get("human_dimensions") or {}).items():
            cells[f"human.{dimension}"] = score
        for judge in record["judges"]:
            name = judge["name"]
            request = judge["request"] or []
            cells[f"{name}.prompt"] = request[-1].get("content") if request else None
            cells[f"{name}.reply"] = judge["content"]
            cells[f"{name}.reasoning"] = judge["reasoning"]
            verdict = judge["verdict"] or {}
            cells[f"{name}.verdict"] = verdict.get("value") if verdict.get("ok") else "unparsed"
            for dimension, score in (verdict.get("dimensions") or {}).items():
                whole = isinstance(score, float) and score.is_integer()
                cells[f"{name}.{dimension}"] = int(score) if whole else score
            if "swapped" in judge:
                other = judge["swapped"]["verdict"] or {}
                cells[f"{name}.swapped_verdict"] = other.get("label") or other.get("value")
                cells[f"{name}.consistent"] = judge.get("consistent")
        rows.append(cells)
    return columns, rows


def csv_text(records: list[dict[str, Any]], *, raw: bool = False) -> str:
    """A CSV table, one line per row; a byte-order mark lets spreadsheets read UTF-8.

    Args:
        records: the export's rows.
        raw: keep texts a spreadsheet would run as formulas as they are (by default they
            are neutralised, see :func:`inert_cell`).
    """
    columns, rows = flat_rows(records)
    cell = cell_text if raw else inert_cell
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow([cell(c) for c in columns])
    for cells in rows:
        writer.writerow([cell(cells.get(c)) for c in columns])
    return "\ufeff" + buffer.getvalue()


def inert_cell(value: Any) -> str:
    """A cell a spreadsheet shows but never runs.

    A text starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is read
    as a formula by spreadsheets (``=HYPERLINK(…)`` would run when the file is opened);
    as OWASP advises for CSV files, such a text gets a leading ``'``, which spreadsheets
    take as "this is text". Numbers (``-3``, ``+1.5e3``) stay numbers.
    """
    text = cell_text(value)
    if text[:1] in FORMULA_STARTS and not (
        isinstance(value, int | float) or PLAIN_NUMBER.fullmatch(text)
    ):
        return "'" + text
    return text


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""The first characters that make a spreadsheet read a cell as a formula."""
PLAIN_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")


def cell_text(value: Any) -> str:
    """A value as a table cell: "" for none, JSON for objects and lists."""
    if value is None:
        return ""
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False)
    return str(value)
