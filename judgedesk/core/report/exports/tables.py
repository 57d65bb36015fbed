"""The export records as JSON Lines (every detail, nested) and as one flat table (the
columns of CSV, XLSX and the HTML page's rows); the tables of people's agreement and of
the judges' history that XLSX and HTML both show."""

from __future__ import annotations

import csv
import datetime
import itertools
import json
import re
from collections.abc import Iterable, Sequence
from typing import IO, Any

from judgedesk.core.messages import Translate, render, say
from judgedesk.core.report.exports.records import HUMAN_COLUMNS, PROBABILITY_COLUMNS, ExportShape
from judgedesk.core.report.history import VersionFigures, best_versions
from judgedesk.core.review import PeopleFigures

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
    verdict with the answers swapped and whether the two agreed, for a judge reading
    its verdicts' probabilities those (``PROBABILITY_COLUMNS``); then every dataset
    field as ``input.<field>``."""
    columns = [*BASE_COLUMNS, *HUMAN_COLUMNS]
    columns += [f"human.{dimension}" for dimension in shape.human_dimensions]
    columns += ["error", *INPUT_COLUMNS, *(f"{name}_answer" for name in shape.answers)]
    for name in shape.judges:
        columns += [f"{name}.{column}" for column in JUDGE_COLUMNS]
        columns += [f"{name}.{dimension}" for dimension in shape.dimensions.get(name, [])]
        if name in shape.swapped:
            columns += [f"{name}.swapped_verdict", f"{name}.consistent"]
        if name in shape.probabilities:
            columns += [f"{name}.{column}" for column in PROBABILITY_COLUMNS]
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
        if "sampled" in judge:
            for column in PROBABILITY_COLUMNS:
                cells[f"{name}.{column}"] = judge.get(column)
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
    # The csv module quotes a field holding the line ending it writes ("\n"), not one
    # holding a bare carriage return, which spreadsheets take as the end of the record
    # (and a "=…" after it as a formula): a row with one is written with every field
    # quoted.
    quoted = csv.writer(handle, lineterminator="\n", quoting=csv.QUOTE_ALL)
    count = -1
    for row in itertools.chain(
        [[cell(c) for c in columns]],
        ([cell(cells.get(c)) for c in columns] for cells in map(flat_row, records)),
    ):
        (quoted if any("\r" in text for text in row) else writer).writerow(row)
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


PEOPLE_HEADS = ("Who", "Rows compared", "Exact agreement", "Cohen's kappa")


def people_table(people: PeopleFigures) -> list[list[Any]]:
    """Every pair of reviewers, then the judge against each reviewer and against the
    people's consensus: who, rows compared, exact agreement (a share), κ."""
    pairs = [(f"{p.first} – {p.second}", p) for p in people.ceiling.pairs] if people.ceiling else []
    pairs += [
        (say("report.people.judge_vs", "judge – {who}", who=p.second), p) for p in people.judge_vs
    ]
    if people.judge_vs_consensus is not None:
        consensus = say("report.people.judge_consensus", "judge – people's consensus")
        pairs.append((consensus, people.judge_vs_consensus))
    return [[who, p.n, p.exact.value, p.kappa.value] for who, p in pairs]


def consensus_note(people: PeopleFigures, tr: Translate | None = None) -> str:
    """What "the people's consensus" is for these verdicts, in the reader's words (``tr``:
    the core's English templates → the reader's language, as is by default)."""
    if people.ceiling is not None and people.ceiling.level in ("interval", "ratio"):
        said = say(
            "report.consensus.mean",
            "The people's consensus on a row is the mean of the scores people gave.",
        )
    else:
        said = say(
            "report.consensus.most",
            "The people's consensus on a row is the verdict most people gave (rows where "
            "they are split evenly are left out).",
        )
    return render(said, tr) if tr is not None else str(said)


HISTORY_HEADS = (
    "Judge",
    "Version",
    "First used (UTC)",
    "Runs",
    "Rows compared",
    "Accuracy",
    "Cohen's kappa",
    "True-positive rate",
    "True-negative rate",
    "Moved toward people",
    "Moved away from people",
    "Agrees best",
)
RATE_HEADS = ("True-positive rate", "True-negative rate")


def history_table(history: Sequence[VersionFigures]) -> tuple[list[str], list[list[Any]]]:
    """Each version of each judge against people, newest first, the best-agreeing
    version of each judge marked "best"; the rows that moved are counted against the
    version before (none for a judge's first version). The two rates' columns only for
    correct/incorrect verdicts."""
    rates = any(
        v.true_positive_rate is not None or v.true_negative_rate is not None for v in history
    )
    heads = [h for h in HISTORY_HEADS if rates or h not in RATE_HEADS]
    best = best_versions(history)
    first = {v.judge: v.version for v in reversed(history)}  # each judge's oldest
    rows = []
    for v in reversed(history):
        when = (
            datetime.datetime.fromtimestamp(v.first_used, datetime.UTC).strftime("%Y-%m-%d %H:%M")
            if v.first_used is not None
            else None
        )
        row: list[Any] = [
            v.judge,
            v.version,
            when,
            ", ".join(map(str, v.runs)),
            v.n,
            v.exact.value,
            v.kappa.value,
        ]
        if rates:
            row += [v.true_positive_rate, v.true_negative_rate]
        moved = [None, None] if first[v.judge] == v.version else [len(v.toward), len(v.away)]
        row += [*moved, "best" if (v.judge, v.version) in best else ""]
        rows.append(row)
    return heads, rows
