"""A judge's agreement history: each version of it against people on the same rows.

The calibration loop (edit the prompt, judge again, compare) leaves a run per attempt;
each run records its judges' versions (:func:`judgedesk.core.judge.version.judge_version`).
For every version of a judge this pools its verdicts over the runs that used it (a later
run's verdict on a row replaces an earlier one's) and measures them against people's
verdicts: rows compared, exact agreement, κ, and for correct/incorrect verdicts the rates
at which it finds what people found. Between one version and the next it names the rows
whose verdict moved toward people and those that moved away; :func:`moved_rows` does the
same for any two versions of a judge.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from judgedesk.core.review import Figure, is_number, pair_agreement
from judgedesk.core.run import StepVerdicts, Store

__all__ = [
    "RowMove",
    "VersionFigures",
    "best_versions",
    "has_history",
    "judge_history",
    "moved_rows",
]


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
        first_used: when the first run that used this version started (seconds since
            the epoch).
        verdicts: the version's verdict per row; ``people`` the people's verdict per row;
            ``ids`` each row's id. Kept for :func:`moved_rows`, left out of
            :meth:`to_dict`.
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
    first_used: float | None = None
    verdicts: Mapping[int, Any] = field(default_factory=dict, compare=False, repr=False)
    people: Mapping[int, Any] = field(default_factory=dict, compare=False, repr=False)
    ids: Mapping[int, str] = field(default_factory=dict, compare=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "judge": self.judge,
            "version": self.version,
            "runs": list(self.runs),
            "first_used": self.first_used,
            "n": self.n,
            "exact": self.exact.to_dict(),
            "kappa": self.kappa.to_dict(),
            "true_positive_rate": self.true_positive_rate,
            "true_negative_rate": self.true_negative_rate,
            "toward": list(self.toward),
            "away": list(self.away),
        }


@dataclass(frozen=True)
class RowMove:
    """A row whose verdict moved between two versions of a judge.

    Attributes:
        row_index: the dataset row; ``row_id`` its id.
        before: the older version's verdict; ``after`` the newer one's; ``person`` the
            people's.
        toward: True when ``after`` is nearer the people's verdict than ``before``,
            False when farther.
    """

    row_index: int
    row_id: str
    before: Any
    after: Any
    person: Any
    toward: bool


def _closer(old: Any, new: Any, person: Any) -> int:
    """1 when ``new`` is nearer the person's verdict than ``old``, -1 when farther, else 0."""
    if is_number(old) and is_number(new) and is_number(person):
        before, after = abs(old - person), abs(new - person)
        return int(after < before) - int(after > before)
    return int(new == person) - int(old == person)


def _moves(
    before: Mapping[int, Any], after: Mapping[int, Any], people: Mapping[int, Any]
) -> tuple[list[int], list[int]]:
    """The rows (in order) whose verdict moved toward people, and those that moved away."""
    toward: list[int] = []
    away: list[int] = []
    for row in sorted(after.keys() & before.keys() & people.keys()):
        moved = _closer(before[row], after[row], people[row])
        if moved > 0:
            toward.append(row)
        elif moved < 0:
            away.append(row)
    return toward, away


def _rates(verdicts: Mapping[int, Any], people: Mapping[int, Any]) -> tuple[float | None, ...]:
    pairs = [(verdicts[r], people[r]) for r in verdicts.keys() & people.keys()]
    if not pairs or not all(isinstance(a, bool) and isinstance(b, bool) for a, b in pairs):
        return None, None
    positives = [a for a, b in pairs if b]
    negatives = [a for a, b in pairs if not b]
    tpr = sum(positives) / len(positives) if positives else None
    tnr = sum(not a for a in negatives) / len(negatives) if negatives else None
    return tpr, tnr


def _only(verdicts: dict[int, Any], people: Mapping[int, Any]) -> dict[int, Any]:
    """The verdicts of rows that people gave a verdict on: the only ones compared."""
    if len(verdicts) <= len(people) and verdicts.keys() <= people.keys():
        return verdicts
    return {row: value for row, value in verdicts.items() if row in people}


def judge_history(
    store: Store,
    people: Mapping[int, Any],
    level: str,
    read: Callable[[Store, int], StepVerdicts] | None = None,
) -> list[VersionFigures]:
    """Every version of every judge against ``people`` (row → the people's verdict),
    oldest version first for each judge. Runs from before versions were recorded are
    left out. ``read`` reads a run's verdicts (:meth:`Store.step_verdicts` unless given:
    a cache's). Only rows people gave a verdict on are read and kept."""
    pooled: dict[tuple[str, str], dict[int, Any]] = {}
    runs: dict[tuple[str, str], list[int]] = {}
    started: dict[tuple[str, str], float] = {}
    order: dict[str, list[str]] = {}
    ids: dict[int, str] = {}
    for run in store.runs():
        if not run.judges:
            continue
        found = read(store, run.id) if read is not None else store.step_verdicts(run.id, people)
        ids.update((row, found.ids[row]) for row in people.keys() & found.ids.keys())
        given = {name: _only(rows, people) for name, rows in found.judges.items()}
        for judge, version in run.judges.items():
            key = (judge, version)
            if key not in pooled:
                pooled[key] = {}
                started[key] = run.started
                order.setdefault(judge, []).append(version)
            pooled[key].update(given.get(judge, {}))
            runs.setdefault(key, []).append(run.id)
    history: list[VersionFigures] = []
    for judge, versions in order.items():
        previous: dict[int, Any] | None = None
        for version in versions:
            verdicts = pooled[(judge, version)]
            pair = pair_agreement(judge, "people", verdicts, people, level)
            toward, away = _moves(previous, verdicts, people) if previous is not None else ([], [])
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
                    started[(judge, version)],
                    verdicts,
                    people,
                    ids,
                )
            )
            previous = verdicts
    return history


def moved_rows(older: VersionFigures, newer: VersionFigures) -> list[RowMove]:
    """The rows whose verdict moved between two versions of a judge: those that moved
    toward people first, then those that moved away, each in row order."""
    people = newer.people
    toward, away = _moves(older.verdicts, newer.verdicts, people)
    ids = newer.ids or older.ids
    return [
        RowMove(
            row, ids.get(row, ""), older.verdicts[row], newer.verdicts[row], people[row], closer
        )
        for rows, closer in ((toward, True), (away, False))
        for row in rows
    ]


def has_history(history: Sequence[VersionFigures]) -> bool:
    """Whether there is a history to show: a judge with two versions or more, and
    people's verdicts to measure them against."""
    if not any(version.n for version in history):
        return False
    judges = [version.judge for version in history]
    return len(set(judges)) < len(judges)


def best_versions(history: Sequence[VersionFigures]) -> set[tuple[str, str]]:
    """(judge, version) of each judge's best-agreeing version: the highest κ (exact
    agreement where no version has a κ), the newer on a tie; none for a judge whose
    versions were never compared with people."""
    best: dict[str, tuple[tuple[float, float], str]] = {}
    for version in history:  # oldest first: ">=" keeps the newer on a tie
        if not version.n:
            continue
        kappa, exact = version.kappa.value, version.exact.value
        score = (kappa if kappa is not None else float("-inf"), exact or 0.0)
        held = best.get(version.judge)
        if held is None or score >= held[0]:
            best[version.judge] = (score, version.version)
    return {(judge, version) for judge, (_, version) in best.items()}
