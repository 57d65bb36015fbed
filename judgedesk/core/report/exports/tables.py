"""The export records as JSON Lines (every detail, nested) and as one flat table (the
columns of CSV, XLSX and the HTML page's rows)."""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Iterable
from typing import IO, Any

from judgedesk.core.report.exports.records import HUMAN_COLUMNS, ExportShape

BASE_COLUMNS = ("row", "id", "run", "status", "result")
INPUT_COLUMNS = ("question", "reference", "response")
JUDGE_COLUMNS = ("system_prompt", "prompt", "reply", "reasoning", "verdict", "reason")
INPUT_PREFIX = "input."


def write_jsonl(records: Iterable[dict[str, Any]], handle: IO[str]) -> int:
    """One JSON object per line, every field of every record; returns the lines written."""
    count = 0
    for record in records:
        handle.write(json.dumps(record, ensure_ascii=False, default=str) + "\n")
        count += 1
    return count


def flat_columns(shape: ExportShape) -> list[str]:
    """The table's columns: the row and its result, the human review beside it, the
    error, the row's question, reference and answers, per judge (``<judge>.<column>``)
    its system prompt, prompt, reply, reasoning, verdict ("unparsed" when none could be
    read) and reason, each dimension it scored, and for pairs judged in both orders the
    verdict with the answers swapped and whether the two agreed; then every dataset
    field as ``input.<field>``."""
    columns = [*BASE_COLUMNS, *HUMAN_COLUMNS]
    columns += [f"human.{dimension}" for dimension in shape.human_dimensions]
    columns += ["error", *INPUT_COLUMNS, *(f"{name}_answer" for name in shape.answers)]
    for name in shape.judges:
        columns += [f"{name}.{column}" for column in JUDGE_COLUMNS]
        columns += [f"{name}.{dimension}" for dimension in shape.dimensions.get(name, [])]
        if name in shape.swapped:
            columns += [f"{name}.swapped_verdict", f"{name}.consistent"]
    columns += [INPUT_PREFIX + name for name in shape.input_fields]
    return columns


def flat_row(record: dict[str, Any]) -> dict[str, Any]:
    """A record's cells by column name (see :func:`flat_columns`)."""
    cells: dict[str, Any] = {key: value for key, value in record.items() if key != "judges"}
    for dimension, score in (record.get("human_dimensions") or {}).items():
        cells[f"human.{dimension}"] = score
    for judge in record["judges"]:
        name = judge["name"]
        for column in JUDGE_COLUMNS:
            cells[f"{name}.{column}"] = judge.get(column)
        if not judge["parsed"]:
            cells[f"{name}.verdict"] = "unparsed"
        for dimension, score in judge["dimensions"].items():
            whole = isinstance(score, float) and score.is_integer()
            cells[f"{name}.{dimension}"] = int(score) if whole else score
        if "swapped" in judge:
            other = judge["swapped"]
            cells[f"{name}.swapped_verdict"] = other.get("verdict_label") or other.get("verdict")
            cells[f"{name}.consistent"] = judge.get("consistent")
    for name, value in (record.get("inputs") or {}).items():
        cells[INPUT_PREFIX + name] = value
    return cells


def write_csv(
    records: Iterable[dict[str, Any]], columns: list[str], handle: IO[str], *, raw: bool = False
) -> int:
    """A CSV table, one line per row, with a byte-order mark so spreadsheets read UTF-8.

    Args:
        records: the export's rows.
        columns: the table's columns (:func:`flat_columns`).
        handle: where the text goes.
        raw: keep texts a spreadsheet would run as formulas as they are (by default they
            are neutralised, see :func:`inert_cell`).

    Returns:
        The rows written (the header not counted).
    """
    cell = cell_text if raw else inert_cell
    handle.write("\ufeff")
    writer = csv.writer(handle, lineterminator="\n")
    writer.writerow([cell(c) for c in columns])
    count = 0
    for record in records:
        cells = flat_row(record)
        writer.writerow([cell(cells.get(c)) for c in columns])
        count += 1
    return count


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
        return json.dumps(value, ensure_ascii=False, default=str)
    return str(value)
