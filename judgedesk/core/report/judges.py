"""Each judge's own record in a report: verdicts given, replies not understood, failures."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from judgedesk.core.run.store import ResultRecord


@dataclass(frozen=True)
class JudgeCounts:
    """How one judge did over a report's rows.

    Attributes:
        name: the judge's name.
        asked: rows it was asked about (those reached; a rule that decided a row first,
            or an earlier failure, keeps later judges from being asked).
        verdicts: rows where its reply held a verdict.
        unparsed: rows where it replied but no verdict could be read from the reply.
        failed: rows where asking it failed (no reply: the server, the network, its
            template).
    """

    name: str
    asked: int = 0
    verdicts: int = 0
    unparsed: int = 0
    failed: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "asked": self.asked,
            "verdicts": self.verdicts,
            "unparsed": self.unparsed,
            "failed": self.failed,
        }


def judge_counts(results: Iterable[ResultRecord], order: Sequence[str] = ()) -> list[JudgeCounts]:
    """Each judge's verdicts, unreadable replies and failures over ``results``.

    A judge's step in a row's detail says whether it gave a verdict or failed. A row
    that failed at a judge without a step of its own failed at the judge after the
    last step; ``order`` (the judges' names in the order they run) names it.

    Args:
        results: the rows' results.
        order: the project's judges in order; judges only seen in results come after.
    """
    counts: dict[str, list[int]] = {name: [0, 0, 0] for name in order}
    for result in results:
        detail = result.detail
        steps = [s for s in detail.get("judges", ()) if isinstance(s, dict)]
        for step in steps:
            tally = counts.setdefault(str(step.get("judge", "")), [0, 0, 0])
            if step.get("failed"):
                tally[2] += 1
            elif (step.get("verdict") or {}).get("ok"):
                tally[0] += 1
            else:
                tally[1] += 1
        failed = _failed_judge(result, steps, order)
        if failed:
            counts.setdefault(failed, [0, 0, 0])[2] += 1
    return [
        JudgeCounts(name, sum(tally), tally[0], tally[1], tally[2])
        for name, tally in counts.items()
        if name
    ]


def _failed_judge(result: ResultRecord, steps: list[dict[str, Any]], order: Sequence[str]) -> str:
    detail = result.detail
    if result.status != "error" or "judges" not in detail or "postprocess" in detail:
        return ""  # not failed, or failed before the judges (a script, the candidate) or after
    named = detail.get("failed_judge")
    if isinstance(named, str) and named:
        return named
    position = len(steps)
    return order[position] if position < len(order) else ""
