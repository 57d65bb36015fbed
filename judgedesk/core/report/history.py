"""A judge's agreement history: each version of it against people on the same rows.

The calibration loop (edit the prompt, judge again, compare) leaves a run per attempt;
each run records its judges' versions (:func:`judgedesk.core.judge.version.judge_version`).
For every version of a judge this pools its verdicts over the runs that used it (a later
run's verdict on a row replaces an earlier one's) and measures them against people's
verdicts: rows compared, exact agreement, κ, and for correct/incorrect verdicts the rates
at which it finds what people found. Between one version and the next it names the rows
whose verdict moved toward people and those that moved away.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from judgedesk.core.review.agreement import Figure, is_number
from judgedesk.core.review.reliability import pair_agreement
from judgedesk.core.run.store import Store

__all__ = ["VersionFigures", "judge_history"]


@dataclass(frozen=True)
class VersionFigures:
    """One version of one judge against people.

    Attributes:
        judge: the judge's name; ``version`` its short hash; ``runs`` the runs that used it.
        n: rows where both the version and people gave a verdict.
        exact: the share of those where they agree; ``kappa`` Cohen's κ (quadratic-weighted
            for numbers).
        true_positive_rate: of the rows people called correct, the share the judge did too
            (correct/incorrect verdicts only); ``true_negative_rate`` likewise for incorrect.
        toward: rows whose verdict moved toward people since the previous version;
            ``away`` rows that moved away from them.
    """

    judge: str
    version: str
    runs: tuple[int, ...]
    n: int
    exact: Figure
    kappa: Figure
    true_positive_rate: float | None = None
    true_negative_rate: float | None = None
    toward: tuple[int, ...] = field(default=())
    away: tuple[int, ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        return {
            "judge": self.judge,
            "version": self.version,
            "runs": list(self.runs),
            "n": self.n,
            "exact": self.exact.to_dict(),
            "kappa": self.kappa.to_dict(),
            "true_positive_rate": self.true_positive_rate,
            "true_negative_rate": self.true_negative_rate,
            "toward": list(self.toward),
            "away": list(self.away),
        }


def _step_verdicts(store: Store, run_id: int) -> dict[str, dict[int, Any]]:
    """Each judge's own verdict per row in a run."""
    found: dict[str, dict[int, Any]] = {}
    for result in store.results(run_id):
        for step in result.detail.get("judges", ()):
            if not isinstance(step, dict):
                continue
            verdict = step.get("verdict")
            if isinstance(verdict, dict) and verdict.get("ok"):
                found.setdefault(str(step.get("judge", "")), {})[result.row_index] = verdict.get(
                    "value"
                )
    return found


def _closer(old: Any, new: Any, person: Any) -> int:
    """1 when ``new`` is nearer the person's verdict than ``old``, -1 when farther, else 0."""
    if is_number(old) and is_number(new) and is_number(person):
        before, after = abs(old - person), abs(new - person)
        return int(after < before) - int(after > before)
    return int(new == person) - int(old == person)


def _rates(verdicts: Mapping[int, Any], people: Mapping[int, Any]) -> tuple[float | None, ...]:
    pairs = [(verdicts[r], people[r]) for r in verdicts.keys() & people.keys()]
    if not pairs or not all(isinstance(a, bool) and isinstance(b, bool) for a, b in pairs):
        return None, None
    positives = [a for a, b in pairs if b]
    negatives = [a for a, b in pairs if not b]
    tpr = sum(positives) / len(positives) if positives else None
    tnr = sum(not a for a in negatives) / len(negatives) if negatives else None
    return tpr, tnr


def judge_history(store: Store, people: Mapping[int, Any], level: str) -> list[VersionFigures]:
    """Every version of every judge against ``people`` (row → the people's verdict),
    oldest version first for each judge. Runs from before versions were recorded are
    left out."""
    pooled: dict[tuple[str, str], dict[int, Any]] = {}
    runs: dict[tuple[str, str], list[int]] = {}
    order: dict[str, list[str]] = {}
    for run in store.runs():
        if not run.judges:
            continue
        given = _step_verdicts(store, run.id)
        for judge, version in run.judges.items():
            key = (judge, version)
            if key not in pooled:
                pooled[key] = {}
                order.setdefault(judge, []).append(version)
            pooled[key].update(given.get(judge, {}))
            runs.setdefault(key, []).append(run.id)
    history: list[VersionFigures] = []
    for judge, versions in order.items():
        previous: dict[int, Any] | None = None
        for version in versions:
            verdicts = pooled[(judge, version)]
            pair = pair_agreement(judge, "people", verdicts, people, level)
            toward: list[int] = []
            away: list[int] = []
            if previous is not None:
                for row in sorted(verdicts.keys() & previous.keys() & people.keys()):
                    moved = _closer(previous[row], verdicts[row], people[row])
                    (toward if moved > 0 else away if moved < 0 else []).append(row)
            tpr, tnr = _rates(verdicts, people)
            history.append(
                VersionFigures(
                    judge,
                    version,
                    tuple(runs[(judge, version)]),
                    pair.n,
                    pair.exact,
                    pair.kappa,
                    tpr,
                    tnr,
                    tuple(toward),
                    tuple(away),
                )
            )
            previous = verdicts
    return history
