"""One export record per row of the dataset: inputs, answers, each judge's prompt and
reply, the result, and the human review."""

from __future__ import annotations

import datetime
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from judgedesk.core.errors import RowError
from judgedesk.core.review import ReviewItem, ReviewSession, Side, dataset_labels
from judgedesk.core.run import (
    ANSWER_KEYS,
    SCRIPT_KEYS,
    CallRecord,
    JudgeStepDetail,
    RowDetail,
    VerdictDetail,
    judge_steps,
    verdict_of,
)

NOT_RUN = "not run"
"""The status of a row no run has judged yet."""

PROBABILITY_COLUMNS = (
    "sampled",
    "probabilities",
    "expected",
    "b_better",
    "confidence",
    "probability_note",
)
"""A judge's columns when it reads its verdicts' probabilities: the verdict it wrote,
each allowed verdict's probability, the expected score (or value on a pair's 1–5 scale),
the probability that B is better, the confidence, and why none were read."""

HUMAN_COLUMNS = (
    "human",
    "human_source",
    "human_agree",
    "disagreement",
    "human_flag",
    "human_note",
    "reviewer",
    "blind",
    "reviewed_at",
    "review_stale",
)
"""The human review columns of every export, in order (see :func:`human_fields`)."""

CHUNK_ROWS = 500  # rows read (dataset records, judge calls) at a time: bounded memory


@dataclass
class ExportShape:
    """What the records of an export hold, known before the first one is written:
    what the columns of a table are.

    Attributes:
        rows: the row indices exported, in order: every row of the dataset, and any
            row with a result or a review beyond it.
        input_fields: the dataset's top-level fields, in order of appearance.
        judges: every judge that ran, in the order they ran.
        dimensions: per judge, the dimensions its verdicts scored.
        swapped: the judges that judged pairs in both orders.
        probabilities: the judges that read their verdicts' probabilities.
        human_dimensions: the dimensions people scored.
        answers: which generated answers rows hold ("candidate", "baseline").
    """

    rows: list[int]
    input_fields: list[str] = field(default_factory=list)
    judges: list[str] = field(default_factory=list)
    dimensions: dict[str, list[str]] = field(default_factory=dict)
    swapped: set[str] = field(default_factory=set)
    probabilities: set[str] = field(default_factory=set)
    human_dimensions: list[str] = field(default_factory=list)
    answers: list[str] = field(default_factory=list)


def export_shape(session: ReviewSession) -> ExportShape:
    """Read what the records will hold (blocking: scans the dataset's records)."""
    dataset = session.dataset
    total = len(dataset) if dataset is not None else 0
    rows = list(range(total)) + sorted(i for i in session.rows() if i >= total)
    fields: dict[str, None] = {}
    for index in range(total):
        try:
            record, _ = dataset.peek(index)  # type: ignore[union-attr]
        except (RowError, IndexError):
            continue
        fields.update(dict.fromkeys(record))
    judges: dict[str, None] = {}
    dimensions: dict[str, dict[str, None]] = {}
    swapped: set[str] = set()
    probabilities: set[str] = set()
    human: dict[str, None] = {}
    answers: dict[str, None] = {}
    for item in session.items():
        human.update(dict.fromkeys(item.human_dimensions))
        if item.result is None:
            continue
        detail = item.result.detail
        answers.update(dict.fromkeys(n for n in ANSWER_KEYS if n in detail))
        for step in judge_steps(detail):
            name = str(step.get("judge"))
            judges[name] = None
            verdict: VerdictDetail | dict[str, Any] = verdict_of(step) or {}
            dimensions.setdefault(name, {}).update(dict.fromkeys(verdict.get("dimensions") or {}))
            if len(step.get("orders") or []) == 2:
                swapped.add(name)
            if "sampled" in step:
                probabilities.add(name)
    return ExportShape(
        rows=rows,
        input_fields=list(fields),
        judges=list(judges),
        dimensions={name: list(names) for name, names in dimensions.items()},
        swapped=swapped,
        probabilities=probabilities,
        human_dimensions=list(human),
        answers=[name for name in ANSWER_KEYS if name in answers],
    )


def export_records(
    session: ReviewSession, shape: ExportShape | None = None
) -> Iterator[dict[str, Any]]:
    """Yield one record per row of ``shape`` (default: every row of the dataset).

    Each record holds the row's index and id, the run, the status ("ok", "error",
    "unparsed", or "not run" for a row no run judged), final result and error; the
    row's question, reference and given response, the answers a candidate or baseline
    model generated, and its whole dataset record ("inputs"); for each judge the system
    prompt and prompt it was sent (and the whole chat request), its raw reply,
    reasoning, verdict and the reason given with it; the scripts' outcomes; and the
    human review columns of :data:`HUMAN_COLUMNS`. API keys are never part of a request
    as stored, so they are in no record.
    """
    shape = shape or export_shape(session)
    known = set(session.rows())
    for start in range(0, len(shape.rows), CHUNK_ROWS):
        chunk = shape.rows[start : start + CHUNK_ROWS]
        items = {i: session.item(i) for i in chunk if i in known}
        missing = [i for i in chunk if i not in items]
        labels: dict[int, Any] = {}
        if missing and session.dataset is not None:
            labels = dataset_labels(session.dataset, missing, session.scale)
        keys = [
            key
            for item in items.values()
            if item.result is not None
            for step in judge_steps(item.result.detail)
            for key in [step.get("key"), *(o.get("key") for o in step.get("orders", [])[1:])]
            if key
        ]
        calls = session.store.calls(keys)
        for index in chunk:
            row_id, inputs = _inputs(session, index)
            item = items.get(index) or ReviewItem(
                index, row_id or str(index), None, None, labels.get(index)
            )
            yield _record(item, inputs, calls)


def _record(
    item: ReviewItem, inputs: dict[str, Any], calls: Mapping[str, CallRecord]
) -> dict[str, Any]:
    result = item.result
    detail: RowDetail = result.detail if result is not None else {}
    record: dict[str, Any] = {
        "row": item.row_index,
        "id": item.row_id,
        "run": result.run_id if result else None,
        "status": result.status if result else NOT_RUN,
        "result": result.value if result else None,
        "error": result.error if result else "",
        "question": inputs.get("question"),
        "reference": inputs.get("reference"),
        "response": inputs.get("response"),
    }
    for name in ANSWER_KEYS:
        answer = detail.get(name)
        record[f"{name}_answer"] = answer.get("content") if isinstance(answer, dict) else None
    record["inputs"] = inputs.get("inputs")
    record["judges"] = [_judge(step, calls) for step in judge_steps(detail)]
    for part in (*ANSWER_KEYS, *SCRIPT_KEYS):
        if part in detail:
            record[part] = detail[part]
    record.update(human_fields(item))
    return record


def _judge(step: JudgeStepDetail, calls: Mapping[str, CallRecord]) -> dict[str, Any]:
    call = calls.get(step.get("key") or "")
    verdict: VerdictDetail | dict[str, Any] = verdict_of(step) or {}
    judge: dict[str, Any] = {"name": step.get("judge"), **_asked(call)}
    judge["reply"] = call.reply.get("content") if call else step.get("detail")
    judge["reasoning"] = call.reply.get("reasoning_content") if call else None
    judge["verdict"] = verdict.get("value") if verdict.get("ok") else None
    judge["verdict_label"] = verdict.get("label")
    judge["parsed"] = bool(verdict.get("ok"))
    judge["reason"] = step.get("failed") or verdict.get("reason") or ""
    judge["dimensions"] = dict(verdict.get("dimensions") or {})
    for said in ("explanation", "analyses"):  # the judge's own words, when it gave some
        if verdict.get(said):
            judge[said] = verdict.get(said)
    judge["cached"] = step.get("cached", False)
    if "sampled" in step:  # the judge read its verdict's probabilities
        judge.update({key: step.get(key) for key in PROBABILITY_COLUMNS})
    orders = step.get("orders") or []
    if len(orders) == 2:  # the pair judged again with the answers swapped
        other = calls.get(orders[1].get("key") or "")
        second: VerdictDetail | dict[str, Any] = verdict_of(orders[1]) or {}
        judge["consistent"] = step.get("consistent")
        judge["swapped"] = {
            **_asked(other),
            "reply": other.reply.get("content") if other else None,
            "verdict": second.get("value") if second.get("ok") else None,
            "verdict_label": second.get("label"),
        }
    return judge


def _asked(call: CallRecord | None) -> dict[str, Any]:
    """The system prompt, the prompt (the last message) and the whole chat of a call."""
    messages = call.request.get("messages") if call else None
    if not isinstance(messages, list):
        return {"system_prompt": None, "prompt": None, "request": messages}
    system = [
        m.get("content") for m in messages if isinstance(m, dict) and m.get("role") == "system"
    ]
    last = messages[-1] if messages and isinstance(messages[-1], dict) else {}
    prompt = last.get("content") if last.get("role") != "system" else None
    return {
        "system_prompt": "\n\n".join(str(s) for s in system) if system else None,
        "prompt": prompt,
        "request": messages,
    }


def human_fields(item: ReviewItem) -> dict[str, Any]:
    """The human review columns of one row.

    ``human`` is the person's verdict (by hand, by agreeing or disagreeing, or from the
    dataset's human column, as ``human_source`` says); ``disagreement`` how far it is
    from the judge's; ``blind`` whether the reviewer gave it in blind mode, without the
    judge's verdict in sight (None with no review: a dataset's label says nothing of it);
    ``reviewed_at`` the time of the review in UTC (ISO 8601). A pairwise
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
        "blind": review.blind if review else None,
        "reviewed_at": when.isoformat(timespec="seconds") if when else None,
        "review_stale": item.stale,
        "human_dimensions": item.human_dimensions,
    }


def _inputs(session: ReviewSession, index: int) -> tuple[str | None, dict[str, Any]]:
    """The row's id in the dataset, and its inputs (nothing for a row it lacks)."""
    dataset = session.dataset
    if dataset is None or index >= len(dataset):
        return None, {}
    try:
        row = dataset.row(index)
    except RowError:
        return None, {}
    data = row.data
    reference = data.get("ref_answer")
    if reference is None:
        reference = data.get("gt")
    return row.id, {
        "question": data.get("question"),
        "reference": reference,
        "response": row.response.get("content"),
        "inputs": dict(row.record),
    }
