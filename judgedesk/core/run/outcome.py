"""A row's latest outcome with everything behind it: each judge's request, reply, verdict."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judgedesk.core.run.details import (
    AnswerDetail,
    JudgeStepDetail,
    OrderDetail,
    ScriptDetail,
    judge_steps,
    verdict_of,
)
from judgedesk.core.run.store import CallRecord, ResultRecord, Store


@dataclass(frozen=True)
class JudgeStep:
    """What one judge was sent and answered for a row.

    Attributes:
        judge: the judge's name.
        messages: the chat messages sent; empty for a rule judge or a call not stored.
        content: the reply without reasoning (for a rule judge, what it found).
        reasoning: the judge's reasoning, if it gave any.
        verdict: the parsed verdict (``ok``, ``value``, ``label``, ``dimensions``,
            ``reason``…), empty when the step failed before one was read.
        cached: the reply came from the store, not from a new call.
        latency: seconds the call took; ``attempts`` how many tries it needed.
        prompt_tokens, completion_tokens: as the server counted them.
        metric: the rule's id for a rule judge, else "".
        warnings: what the template render noticed.
        orders: for a pair judged in both orders, the verdict labels given as shown and
            with the answers swapped (as the judge wrote them); empty otherwise.
        consistent: whether the two orders agreed (None unless judged in both).
        sampled: for a judge reading its verdicts' probabilities, the verdict it wrote;
            None otherwise.
        probabilities: each allowed verdict's probability (renormalised), most probable
            first; empty when not read.
        confidence: the probability of the verdict given, when read.
        probability_note: why the probabilities were not read, when they were not.
    """

    judge: str
    messages: list[dict[str, Any]] = field(default_factory=list)
    content: str | None = None
    reasoning: str | None = None
    verdict: dict[str, Any] = field(default_factory=dict)
    cached: bool = False
    latency: float = 0.0
    attempts: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    metric: str = ""
    warnings: tuple[str, ...] = ()
    orders: tuple[str | None, ...] = ()
    consistent: bool | None = None
    sampled: str | None = None
    probabilities: tuple[tuple[str, float], ...] = ()
    confidence: float | None = None
    probability_note: str = ""


@dataclass(frozen=True)
class RowOutcome:
    """A row's latest result and the steps that made it.

    Attributes:
        run_id: the run the result comes from.
        row: the row's index; ``row_id`` its id.
        status: "ok", "error" or "unparsed"; ``value`` the final result.
        error: why the row failed or has no verdict, in words.
        steps: one per judge that was reached, in order.
        preprocess, postprocess: the scripts' outcomes (value, stdout, stderr, error,
            error_line, duration…), or None when the script did not run.
        candidate: the candidate model's answer when one was generated.
        decided_by_rule: a rule judge decided the row and later judges were skipped.
        updated: when the result was stored (seconds since the epoch).
    """

    run_id: int
    row: int
    row_id: str
    status: str
    value: Any
    error: str
    steps: tuple[JudgeStep, ...]
    preprocess: ScriptDetail | None
    postprocess: ScriptDetail | None
    candidate: AnswerDetail | None
    decided_by_rule: bool
    updated: float


def row_outcome(store_path: Path, row: int) -> RowOutcome | None:
    """The latest outcome of ``row``, or None when it was never run (blocking)."""
    if not store_path.is_file():
        return None
    found = _read(store_path, row)
    if found is None:
        return None
    result, raw_steps, calls = found
    detail = result.detail
    steps = []
    for raw in raw_steps:
        call = calls.get(raw.get("key", ""))
        reply: dict[str, Any] = call.reply if call is not None else {}
        usage = reply.get("usage") or {}
        steps.append(
            JudgeStep(
                judge=str(raw.get("judge", "")),
                messages=list(call.request.get("messages", [])) if call is not None else [],
                content=reply.get("content") if call is not None else raw.get("detail"),
                reasoning=reply.get("reasoning_content"),
                verdict=dict(verdict_of(raw) or {}),
                cached=bool(raw.get("cached", False)),
                latency=float(call.latency) if call is not None else 0.0,
                attempts=int(call.attempts) if call is not None else 0,
                prompt_tokens=int(usage.get("prompt_tokens", 0)),
                completion_tokens=int(usage.get("completion_tokens", 0)),
                metric=str(raw.get("metric", "")),
                warnings=tuple(str(w) for w in raw.get("warnings", ())),
                orders=tuple(_label(o) for o in raw.get("orders", ()) if isinstance(o, dict)),
                consistent=raw.get("consistent"),
                **_probabilities(raw),
            )
        )
    return RowOutcome(
        run_id=result.run_id,
        row=result.row_index,
        row_id=result.row_id,
        status=result.status,
        value=result.value,
        error=result.error,
        steps=tuple(steps),
        preprocess=detail.get("preprocess"),
        postprocess=detail.get("postprocess"),
        candidate=detail.get("candidate"),
        decided_by_rule=bool(detail.get("decided_by_rule", False)),
        updated=result.updated,
    )


def _probabilities(step: JudgeStepDetail) -> dict[str, Any]:
    """A step's probability fields of :class:`JudgeStep`, as its detail keeps them."""
    if "sampled" not in step:
        return {}
    table = step.get("probabilities")
    shown = sorted(
        (
            (str(label), float(p))
            for label, p in (table or {}).items()
            if isinstance(p, int | float)
        ),
        key=lambda pair: -pair[1],
    )
    confidence = step.get("confidence")
    return {
        "sampled": step.get("sampled"),
        "probabilities": tuple(shown),
        "confidence": float(confidence) if isinstance(confidence, int | float) else None,
        "probability_note": str(step.get("probability_note") or ""),
    }


def _label(order: OrderDetail) -> str | None:
    """The label of an order's verdict, as the judge wrote it."""
    verdict = verdict_of(order)
    return verdict.get("label") if verdict is not None else None


def _read(
    store_path: Path, row: int
) -> tuple[ResultRecord, list[JudgeStepDetail], dict[str, CallRecord]] | None:
    with Store(store_path, readonly=True) as store:
        if store.empty:  # being made by another connection this moment
            return None
        result = store.latest_result(row)
        if result is None:
            return None
        raw_steps = judge_steps(result.detail)
        keys = [s["key"] for s in raw_steps if "key" in s]
        return result, raw_steps, store.calls(keys)
