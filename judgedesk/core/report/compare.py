"""Two runs of a project side by side: which rows changed, and the figures before and after."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.report.figures import Summary, summarize
from judgedesk.core.review.agreement import AgreementFigures, agreement
from judgedesk.core.review.human import ReviewScale
from judgedesk.core.review.session import same_value
from judgedesk.core.run.store import Store
from judgedesk.core.run.store_reads import Outcome, outcomes


@dataclass(frozen=True)
class RowChange:
    """A row two runs judged differently."""

    row_index: int
    row_id: str
    before_status: str | None
    before: Any
    after_status: str | None
    after: Any

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass(frozen=True)
class RunComparison:
    """Two runs of the same project side by side (what changed after a prompt edit).

    Attributes:
        first: the earlier run's id.
        second: the later run's id.
        rows: rows both runs have a result for.
        changed: those whose status or result differs.
        before: the first run's figures over those rows.
        after: the second run's figures over those rows.
        agreement: the two runs' verdicts compared, as two raters.
    """

    first: int
    second: int
    rows: int
    changed: list[RowChange]
    before: Summary
    after: Summary
    agreement: AgreementFigures

    def to_dict(self) -> dict[str, Any]:
        return {
            "first": self.first,
            "second": self.second,
            "rows": self.rows,
            "changed": [c.to_dict() for c in self.changed],
            "before": self.before.to_dict(),
            "after": self.after.to_dict(),
            "agreement": self.agreement.to_dict(),
        }


def check_runs(store: Store, wanted: Sequence[int]) -> None:
    known = {run.id for run in store.runs()}
    for run_id in wanted:
        if run_id not in known:
            runs = ", ".join(str(r) for r in sorted(known)) or "none yet"
            raise JudgeDeskError(f"There is no run {run_id} in this project (runs: {runs}).")


def compare_runs(
    store: Store, first: int, second: int, scale: ReviewScale, *, seed: int = 0
) -> RunComparison:
    """Compare two runs over the rows both have a result for.

    Raises:
        JudgeDeskError: a run does not exist.
    """
    check_runs(store, [first, second])
    before = store.read(lambda db: outcomes(db, first))
    after = store.read(lambda db: outcomes(db, second))
    return compare_outcomes(first, second, before, after, scale, seed=seed)


def compare_outcomes(
    first: int,
    second: int,
    before: Mapping[int, Outcome],
    after: Mapping[int, Outcome],
    scale: ReviewScale,
    *,
    seed: int = 0,
) -> RunComparison:
    """Two runs compared from their rows' outcomes (see :func:`compare_runs`)."""
    common = sorted(before.keys() & after.keys())
    changed = [
        RowChange(i, after[i][0], before[i][1], before[i][2], after[i][1], after[i][2])
        for i in common
        if not _same_result(before[i], after[i])
    ]

    def figures(side: Mapping[int, Outcome]) -> Summary:
        return summarize([(side[i][1], _ok_value(side[i])) for i in common], scale, seed=seed)

    pairs = [(_ok_value(before[i]), _ok_value(after[i])) for i in common]
    return RunComparison(
        first,
        second,
        len(common),
        changed,
        figures(before),
        figures(after),
        agreement(pairs, f"run {first}", f"run {second}"),
    )


def _ok_value(outcome: Outcome) -> Any:
    return outcome[2] if outcome[1] == "ok" else None


def _same_result(a: Outcome, b: Outcome) -> bool:
    return a[1] == b[1] and same_value(a[2], b[2])
