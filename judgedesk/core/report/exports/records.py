"""One export record per row: inputs, each judge's request and reply, result, human review."""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from typing import Any

from judgedesk.core.dataset import Dataset
from judgedesk.core.errors import RowError
from judgedesk.core.review.agreement import Side
from judgedesk.core.review.session import ReviewItem, ReviewSession

HUMAN_COLUMNS = (
    "human",
    "human_source",
    "human_agree",
    "disagreement",
    "human_flag",
    "human_note",
    "reviewer",
    "reviewed_at",
    "review_stale",
)
"""The human review columns of every export, in order (see :func:`human_fields`)."""


def export_records(session: ReviewSession) -> Iterator[dict[str, Any]]:
    """Yield one record per row that has a result (its latest, or the session's run).

    Each record holds the row's index and id, the run, the status, final result and
    error; the row's question, reference and response and its whole dataset record
    ("inputs", when the dataset is open); for each judge the chat request it was sent,
    its raw reply, reasoning and parsed verdict; the scripts' outcomes; and the human
    review columns of :data:`HUMAN_COLUMNS`. API keys are never part of a request as
    stored, so they are in no record.
    """
    items = [item for item in session.items() if item.result is not None]
    keys = [
        key
        for item in items
        for step in (item.result.detail.get("judges", []) if item.result else [])
        for key in [step.get("key"), *(o.get("key") for o in step.get("orders", [])[1:])]
        if key
    ]
    calls = session.store.calls(keys)
    for item in items:
        result = item.result
        assert result is not None
        record: dict[str, Any] = {
            "row": item.row_index,
            "id": item.row_id,
            "run": result.run_id,
            "status": result.status,
            "result": result.value,
            "error": result.error,
        }
        if session.dataset is not None:
            record.update(_inputs(session.dataset, item.row_index))
        judges = []
        for step in result.detail.get("judges", []):
            call = calls.get(step.get("key", ""))
            judge: dict[str, Any] = {
                "name": step.get("judge"),
                "request": call.request.get("messages") if call else None,
                "content": call.reply.get("content") if call else step.get("detail"),
                "reasoning": call.reply.get("reasoning_content") if call else None,
                "verdict": step.get("verdict"),
                "cached": step.get("cached", False),
            }
            orders = step.get("orders") or []
            if len(orders) == 2:  # the pair judged again with the answers swapped
                other = calls.get(orders[1].get("key") or "")
                judge["consistent"] = step.get("consistent")
                judge["swapped"] = {
                    "request": other.request.get("messages") if other else None,
                    "content": other.reply.get("content") if other else None,
                    "verdict": orders[1].get("verdict"),
                }
            judges.append(judge)
        record["judges"] = judges
        for name in ("candidate", "preprocess", "postprocess"):
            if name in result.detail:
                record[name] = result.detail[name]
        record.update(human_fields(item))
        yield record


def human_fields(item: ReviewItem) -> dict[str, Any]:
    """The human review columns of one row.

    ``human`` is the person's verdict (by hand, by agreeing or disagreeing, or from the
    dataset's human column, as ``human_source`` says); ``disagreement`` how far it is
    from the judge's; ``reviewed_at`` the time of the review in UTC (ISO 8601). A pairwise
    label that only names the better answer is exported as "A" or "B".
    """
    value, source = item.human
    if isinstance(value, Side):  # the dataset said only which answer won
        value = "A" if value < 3 else "B"
    review = item.review
    when = None
    if review is not None and review.updated:
        when = datetime.datetime.fromtimestamp(review.updated, datetime.UTC)
    return {
        "human": value,
        "human_source": source,
        "human_agree": review.agree if review else None,
        "disagreement": item.disagreement,
        "human_flag": review.flag if review else False,
        "human_note": review.note if review else "",
        "reviewer": review.reviewer if review else "",
        "reviewed_at": when.isoformat(timespec="seconds") if when else None,
        "review_stale": item.stale,
        "human_dimensions": item.human_dimensions,
    }


def _inputs(dataset: Dataset, index: int) -> dict[str, Any]:
    if index >= len(dataset):
        return {}
    try:
        row = dataset.row(index)
    except RowError:
        return {}
    data = row.data
    reference = data.get("ref_answer")
    if reference is None:
        reference = data.get("gt")
    return {
        "question": data.get("question"),
        "reference": reference,
        "response": row.response.get("content"),
        "inputs": dict(row.record),
    }
