"""Per-row exports of the latest results: JSONL with every detail, CSV for spreadsheets."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from judgedesk.core.datasets import Dataset
from judgedesk.core.errors import JudgeDeskError, RowError
from judgedesk.core.fileio import atomic_write_text
from judgedesk.core.store import Store

FORMATS = ("jsonl", "csv")
HUMAN_COLUMNS = ("human_score", "human_label", "human_agree", "human_flag", "human_note")


def export_records(store: Store, dataset: Dataset | None = None) -> Iterator[dict[str, Any]]:
    """Yield one record per row that has a result, from its latest run.

    Each record holds the row's index and id, the status, final result and error, the
    row's question, reference and response (when the dataset is given), for each judge
    the request it was sent, its raw reply, reasoning and parsed verdict, and the human
    review columns.
    """
    latest = store.latest_results()
    keys = [
        step["key"]
        for result in latest.values()
        for step in result.detail.get("judges", [])
        if "key" in step
    ]
    calls = store.calls(keys)
    for index, result in latest.items():
        record: dict[str, Any] = {
            "row": index,
            "id": result.row_id,
            "run": result.run_id,
            "status": result.status,
            "result": result.value,
            "error": result.error,
        }
        if dataset is not None:
            record.update(_inputs(dataset, index))
        judges = []
        for step in result.detail.get("judges", []):
            call = calls.get(step.get("key", ""))
            judges.append(
                {
                    "name": step.get("judge"),
                    "request": call.request.get("messages") if call else None,
                    "content": call.reply.get("content") if call else step.get("detail"),
                    "reasoning": call.reply.get("reasoning_content") if call else None,
                    "verdict": step.get("verdict"),
                    "cached": step.get("cached", False),
                }
            )
        record["judges"] = judges
        for name in ("preprocess", "postprocess"):
            if name in result.detail:
                record[name] = result.detail[name]
        record.update(dict.fromkeys(HUMAN_COLUMNS))
        yield record


def _inputs(dataset: Dataset, index: int) -> dict[str, Any]:
    if index >= len(dataset):
        return {}
    try:
        row = dataset.row(index)
    except RowError:
        return {}
    reference = row.data.get("ref_answer")
    if reference is None:
        reference = row.data.get("gt")
    return {
        "question": row.data.get("question"),
        "reference": reference,
        "response": row.response.get("content"),
    }


def write_export(store: Store, out: Path, fmt: str, dataset: Dataset | None = None) -> int:
    """Write the export atomically and return the number of rows written."""
    if fmt not in FORMATS:
        raise JudgeDeskError(f"Unknown export format '{fmt}'. Choose one of: {', '.join(FORMATS)}.")
    records = list(export_records(store, dataset))
    if not records:
        raise JudgeDeskError("There is nothing to export yet: run the project first.")
    text = _jsonl(records) if fmt == "jsonl" else _csv(records)
    atomic_write_text(out, text)
    return len(records)


def _jsonl(records: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(r, ensure_ascii=False, default=str) + "\n" for r in records)


def _csv(records: list[dict[str, Any]]) -> str:
    judge_names = list(
        dict.fromkeys(j["name"] for r in records for j in r["judges"] if j["name"] is not None)
    )
    base = ["row", "id", "status", "result", "error", "question", "reference", "response"]
    base = [c for c in base if any(c in r for r in records)]
    columns = list(base)
    for name in judge_names:
        columns += [f"{name}.prompt", f"{name}.reply", f"{name}.reasoning", f"{name}.verdict"]
    columns += list(HUMAN_COLUMNS)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(columns)
    for record in records:
        cells: dict[str, Any] = {c: record.get(c) for c in base + list(HUMAN_COLUMNS)}
        for judge in record["judges"]:
            name = judge["name"]
            request = judge["request"] or []
            cells[f"{name}.prompt"] = request[-1].get("content") if request else None
            cells[f"{name}.reply"] = judge["content"]
            cells[f"{name}.reasoning"] = judge["reasoning"]
            verdict = judge["verdict"] or {}
            cells[f"{name}.verdict"] = verdict.get("value") if verdict.get("ok") else "unparsed"
        writer.writerow([_cell(cells.get(c)) for c in columns])
    # A byte-order mark lets spreadsheet programs read the file as UTF-8.
    return "\ufeff" + buffer.getvalue()


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False)
    return str(value)
