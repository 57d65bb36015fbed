"""A judge asked several times per row (``samples``): one verdict from its samples.

Each sample is a call of its own in the call cache: the first under the request's own
key (so a judge asked once stores and finds exactly what it did before), the others
under a key derived from it and the sample's number. A re-run therefore asks nothing
again, and a run cut short resumes without repeating the samples already answered.

The row's verdict is the majority of the samples' verdicts that could be read (labels,
true/false, pairwise), a tie going to the earliest sample among the tied; for scores
(and JSON verdicts) it is their mean, each dimension averaged too.
"""

from __future__ import annotations

import statistics
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from judgedesk.core.judge import Verdict
from judgedesk.core.run.details import (
    JudgeStepDetail,
    SampleDetail,
    read_value,
    verdict_detail,
    verdict_of,
)
from judgedesk.core.run.probability_steps import combine_probabilities, probability_part

__all__ = ["MEAN_KINDS", "ask_samples", "combine_samples", "sample_key", "sample_values"]

MEAN_KINDS = ("score", "json")
"""Verdict kinds whose samples are averaged; the others are decided by majority."""

Asked = tuple[JudgeStepDetail, Verdict, list[dict[str, Any]], list[dict[str, Any]]]
"""What asking a judge once gives: the step's detail, the verdict, requests, replies."""


def sample_key(key: str, sample: int) -> str:
    """The cache key of sample ``sample`` (counted from 0) of the request keyed ``key``.

    The first sample keeps the request's own key: a judge asked once, and every reply
    stored before samples existed, are found as they were.
    """
    if sample <= 0:
        return key
    import hashlib  # here: a report reads samples without asking for any

    return hashlib.sha256(f"{key}\nsample {sample + 1}".encode()).hexdigest()


async def ask_samples(
    count: int, kind: str | None, ask: Callable[[int], Awaitable[Asked]]
) -> Asked:
    """Ask a judge ``count`` times (``ask(sample)``) and make one verdict of the answers.

    With one sample this is ``ask(0)`` and nothing else. With more, the samples are
    asked at once (the judge's client keeps its own limit of requests in flight); when
    one fails the row fails with the first failure, after every sample has ended, so
    the answered ones are stored for the next run.

    Returns:
        The first sample's step, its verdict replaced by the combined one, with
        ``samples`` (each sample's key, whether it was stored, its verdict, and for a
        pair judged in both orders its orders), ``kind`` and ``combined`` ("majority" or
        "mean"); the first sample's requests; and its replies, each carrying
        ``samples``: that reply of every sample, in order.
    """
    if count <= 1:
        return await ask(0)
    import asyncio  # here: a report reads samples (sample_values) without an event loop

    outcomes = await asyncio.gather(*(ask(i) for i in range(count)), return_exceptions=True)
    asked: list[Asked] = []
    for outcome in outcomes:
        if isinstance(outcome, BaseException):
            raise outcome
        asked.append(outcome)
    verdict = combine_samples([v for _, v, _, _ in asked], kind)
    first_step, _, requests, first_replies = asked[0]
    step = first_step.copy()
    step["verdict"] = verdict_detail(verdict)
    step["cached"] = all(bool(s.get("cached")) for s, _, _, _ in asked)
    step["kind"] = kind
    step["combined"] = "mean" if _averaged(kind, [v for _, v, _, _ in asked]) else "majority"
    step["samples"] = [_sample_detail(s) for s, _, _, _ in asked]
    best = combine_probabilities(step, [probability_part(s) for s, _, _, _ in asked])
    if best is not None and step["combined"] == "majority":
        verdict = _most_probable(step, verdict, [v for _, v, _, _ in asked], best, kind)
    warnings = [str(w) for s, _, _, _ in asked for w in s.get("warnings", ())]
    step["warnings"] = list(dict.fromkeys(warnings))
    replies = []
    for position, reply in enumerate(first_replies):
        replies.append(
            {**reply, "samples": [a[3][position] for a in asked if position < len(a[3])]}
        )
    return step, verdict, requests, replies


def _sample_detail(step: JudgeStepDetail) -> SampleDetail:
    detail: SampleDetail = {
        "key": step.get("key"),
        "cached": step.get("cached"),
        "verdict": step["verdict"],
    }
    if "orders" in step:
        detail["orders"] = step["orders"]
    detail.update(probability_part(step))  # type: ignore[typeddict-item]
    return detail


def _most_probable(
    step: JudgeStepDetail,
    verdict: Verdict,
    verdicts: Sequence[Verdict],
    best: str,
    kind: str | None,
) -> Verdict:
    """Labels read with probabilities: the verdict most probable over the samples, not
    the most frequent; a pair keeps its majority. The confidence is the mean probability
    of the verdict given."""
    if kind != "pairwise":
        chosen = next((v for v in verdicts if v.ok and v.label == best), None)
        if chosen is not None and chosen.label != verdict.label:
            verdict = replace(
                chosen,
                reason=f"The most probable verdict over the {len(verdicts)} samples' "
                "probabilities.",
            )
            step["verdict"] = verdict_detail(verdict)
    step["confidence"] = step.get("probabilities", {}).get(verdict.label or "", 0.0)
    return verdict


def combine_samples(verdicts: Sequence[Verdict], kind: str | None) -> Verdict:
    """One verdict from a judge's samples of one row (see the module docstring)."""
    read = [v for v in verdicts if v.ok and v.value is not None]
    total = len(verdicts)
    if not read:
        reasons = "; ".join(dict.fromkeys(v.reason for v in verdicts if v.reason))
        return Verdict(
            ok=False,
            value=None,
            label=None,
            reason=f"None of the {total} samples gave a verdict that could be read: {reasons}",
        )
    note = f" ({total - len(read)} of {total} could not be read)" if len(read) < total else ""
    if _averaged(kind, read):
        return _mean(read, total, note)
    return _majority(read, total, note)


def _averaged(kind: str | None, verdicts: Sequence[Verdict]) -> bool:
    values = [v.value for v in verdicts if v.ok and v.value is not None]
    numbers = all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)
    return kind in MEAN_KINDS and numbers


def _mean(read: Sequence[Verdict], total: int, note: str) -> Verdict:
    value = _tidy(statistics.fmean(float(v.value) for v in read))  # type: ignore[arg-type]
    dimensions: dict[str, float] = {}
    names = dict.fromkeys(name for v in read for name in v.dimensions)
    for name in names:
        scores = [float(v.dimensions[name]) for v in read if name in v.dimensions]
        dimensions[name] = _tidy(statistics.fmean(scores))
    return Verdict(
        ok=True,
        value=value,
        label=str(value),
        dimensions=dimensions,
        reason=f"The mean of {len(read)} of {total} samples{note}.",
    )


def _majority(read: Sequence[Verdict], total: int, note: str) -> Verdict:
    votes: dict[tuple[bool, object], list[Verdict]] = {}
    for verdict in read:  # in sample order, so the earliest among the tied comes first
        votes.setdefault((isinstance(verdict.value, bool), verdict.value), []).append(verdict)
    backers = max(votes.values(), key=len)
    chosen = backers[0]
    tied = sum(1 for given in votes.values() if len(given) == len(backers)) > 1
    reason = f"The most frequent verdict, {len(backers)} of {total} samples{note}"
    if tied:
        reason += "; tied, so the earliest sample's verdict among the tied"
    return Verdict(
        ok=True,
        value=chosen.value,
        label=chosen.label,
        dimensions=dict(chosen.dimensions),
        reason=reason + ".",
        explanation=chosen.explanation,
        analyses=dict(chosen.analyses),
    )


def _tidy(value: float) -> float:
    # A mean of whole scores that is whole stays whole, as the scores were.
    return int(value) if value.is_integer() else round(value, 6)


def sample_values(step: Mapping[str, Any]) -> list[Any]:
    """The value of each sample's verdict in a step's detail (a ``JudgeStepDetail``;
    None: not read); empty when the judge was asked once."""
    samples = step.get("samples")
    if not isinstance(samples, list) or len(samples) < 2:
        return []
    return [read_value(verdict_of(s)) if isinstance(s, dict) else None for s in samples]
