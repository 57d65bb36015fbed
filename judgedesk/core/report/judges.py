"""Each judge's own record in a report: verdicts given, replies not understood, failures,
and, for a judge asked several times per row, its agreement with itself."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from judgedesk.core.judge import CHOICE_SCALE, COMPARISON_SCALE, direction, to_number
from judgedesk.core.review import krippendorff_alpha, level_for
from judgedesk.core.run import (
    JudgeStepDetail,
    ResultRecord,
    RowDetail,
    judge_steps,
    sample_values,
    verdict_of,
)


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
        samples: the most times it was asked about one row (its ``samples`` setting);
            1 when it was asked once, and then there is no self-agreement.
        self_agreement: Krippendorff's α of its samples' verdicts, the samples taken as
            raters of each row, at the level of measurement of its verdicts; None when
            not measurable (asked once, or no row with two samples read, or no variation).
        self_agreement_rows: rows with at least two samples read, which α is over.
        self_agreement_level: the level of measurement α was computed at.
        probabilities: for a judge reading its verdicts' probabilities, over the rows
            where they were read: figures from them beside those of the verdicts it
            wrote (see :class:`ProbabilityFigures`); None when it read none.
    """

    name: str
    asked: int = 0
    verdicts: int = 0
    unparsed: int = 0
    failed: int = 0
    samples: int = 1
    self_agreement: float | None = None
    self_agreement_rows: int = 0
    self_agreement_level: str = ""
    probabilities: ProbabilityFigures | None = None

    def to_dict(self) -> dict[str, Any]:
        shown: dict[str, Any] = {
            "name": self.name,
            "asked": self.asked,
            "verdicts": self.verdicts,
            "unparsed": self.unparsed,
            "failed": self.failed,
        }
        if self.samples > 1:  # a judge asked once has no figures of its own samples
            shown["samples"] = self.samples
            shown["self_agreement"] = self.self_agreement
            shown["self_agreement_rows"] = self.self_agreement_rows
            shown["self_agreement_level"] = self.self_agreement_level
        if self.probabilities is not None:
            shown["probabilities"] = self.probabilities.to_dict()
        return shown


@dataclass
class ProbabilityFigures:
    """A judge's verdict probabilities over the rows where they were read, beside the
    verdicts it wrote (sampled).

    Attributes:
        rows: rows whose verdict probabilities were read.
        not_read: rows where the judge asked for them but they could not be read.
        expected_sum: the sum of the expected scores (scores), to average.
        expected_rows: rows with an expected score.
        sampled_sum: the sum of the scores written, over ``sampled_rows``.
        sampled_rows: rows whose written score is a number.
        b_better_sum: the sum of the probabilities that B is better (pairs).
        pairs: rows with a probability that B is better.
        counted_wins: of those, rows where the verdict written says B is better.
        confidence_sum: the sum of the verdicts' confidences.
    """

    rows: int = 0
    not_read: int = 0
    expected_sum: float = 0.0
    expected_rows: int = 0
    sampled_sum: float = 0.0
    sampled_rows: int = 0
    b_better_sum: float = 0.0
    pairs: int = 0
    counted_wins: int = 0
    confidence_sum: float = 0.0

    def add(self, step: JudgeStepDetail, times: int) -> None:
        """Count one step (of ``times`` rows alike)."""
        probabilities = step.get("probabilities")
        if not isinstance(probabilities, dict):
            if step.get("probability_note"):
                self.not_read += times
            return
        self.rows += times
        self.confidence_sum += float(step.get("confidence") or 0.0) * times
        sampled = step.get("sampled")
        b_better = step.get("b_better")
        if isinstance(b_better, int | float):
            self.pairs += times
            self.b_better_sum += b_better * times
            value = COMPARISON_SCALE.get(str(sampled), CHOICE_SCALE.get(str(sampled)))
            if value is not None and direction(value) > 0:
                self.counted_wins += times
            return
        expected = step.get("expected")
        if isinstance(expected, int | float):
            self.expected_rows += times
            self.expected_sum += expected * times
            written = to_number(str(sampled)) if sampled is not None else None
            if written is not None:
                self.sampled_rows += times
                self.sampled_sum += written * times

    def to_dict(self) -> dict[str, Any]:
        """The figures as ``report --json`` gives them, each saying what it is of."""
        shown: dict[str, Any] = {"rows": self.rows, "not_read": self.not_read}
        if self.rows:
            shown["mean_confidence"] = self.confidence_sum / self.rows
        if self.expected_rows:
            shown["mean_expected_score"] = self.expected_sum / self.expected_rows
        if self.sampled_rows:
            shown["mean_sampled_score"] = self.sampled_sum / self.sampled_rows
        if self.pairs:
            shown["weighted_win_rate"] = self.b_better_sum / self.pairs
            shown["counted_win_rate"] = self.counted_wins / self.pairs
        return shown


def judge_counts(results: Iterable[ResultRecord], order: Sequence[str] = ()) -> list[JudgeCounts]:
    """Each judge's verdicts, unreadable replies and failures over ``results``.

    A judge's step in a row's detail says whether it gave a verdict or failed. A row
    that failed at a judge without a step of its own failed at the judge after the
    last step; ``order`` (the judges' names in the order they run) names it.

    Args:
        results: the rows' results.
        order: the project's judges in order; judges only seen in results come after.
    """
    tally = JudgeTally(order)
    tally.add(results)
    return tally.counts()


class JudgeTally:
    """:func:`judge_counts` over results added a batch at a time, in row order."""

    def __init__(self, order: Sequence[str] = ()) -> None:
        self.order = order
        self.tallies: dict[str, list[int]] = {name: [0, 0, 0] for name in order}
        self.sampled: dict[str, _Samples] = {}
        self.probabilities: dict[str, ProbabilityFigures] = {}

    def add(self, results: Iterable[ResultRecord]) -> None:
        """Count the results of a batch of rows (each batch after the rows before it)."""
        self.add_outcomes([(result.status, result.detail) for result in results])

    def add_outcomes(self, results: list[tuple[str, RowDetail]]) -> None:
        """:meth:`add` of rows' (status, detail)."""
        counts, order = self.tallies, self.order
        # Rows alike (one status, one detail object shared by them) are counted together,
        # in the order their first row comes: a judge is named where it first shows.
        alike: dict[tuple[str, int], tuple[str, RowDetail, list[int]]] = {}
        for status, detail in results:
            key = (status, id(detail))
            found = alike.get(key)
            if found is None:
                alike[key] = (status, detail, [1])
            else:
                found[2][0] += 1
        sampled_details: set[int] = set()
        for status, detail, (times,) in alike.values():
            steps = judge_steps(detail)
            for step in steps:
                if sample_values(step):
                    sampled_details.add(id(detail))
                if "sampled" in step:  # the judge reads its verdicts' probabilities
                    name = str(step.get("judge", ""))
                    self.probabilities.setdefault(name, ProbabilityFigures()).add(step, times)
                tally = counts.setdefault(str(step.get("judge", "")), [0, 0, 0])
                verdict = verdict_of(step)
                if step.get("failed"):
                    tally[2] += times
                elif verdict is not None and verdict.get("ok"):
                    tally[0] += times
                else:
                    tally[1] += times
            failed = _failed_judge(status, detail, steps, order)
            if failed:
                counts.setdefault(failed, [0, 0, 0])[2] += times
        sampled = self.sampled
        for _, detail in results:  # row by row: α adds up the rows in their order
            if id(detail) not in sampled_details:
                continue
            for step in judge_steps(detail):
                values = sample_values(step)
                if values:
                    sampled.setdefault(str(step.get("judge", "")), _Samples()).add(step, values)

    def counts(self) -> list[JudgeCounts]:
        """Each judge's counts over the rows added."""
        return [
            JudgeCounts(
                name,
                sum(tally),
                tally[0],
                tally[1],
                tally[2],
                *_self_agreement(self.sampled, name),
                probabilities=self.probabilities.get(name),
            )
            for name, tally in self.tallies.items()
            if name
        ]


class _Samples:
    """One judge's samples over the rows: each row's sample values, and the kinds seen."""

    def __init__(self) -> None:
        self.rows: list[list[Any]] = []
        self.kinds: Counter[str] = Counter()

    def add(self, step: JudgeStepDetail, values: list[Any]) -> None:
        self.rows.append(values)
        self.kinds[str(step.get("kind") or "")] += 1


def _self_agreement(sampled: dict[str, _Samples], name: str) -> tuple[int, float | None, int, str]:
    """A judge's samples per row, α across them, the rows α is over, and its level."""
    found = sampled.get(name)
    if found is None:
        return 1, None, 0, ""
    kind = found.kinds.most_common(1)[0][0]
    level = level_for(kind or _kind_of(found.rows))
    read = sum(1 for row in found.rows if sum(v is not None for v in row) >= 2)
    try:
        alpha = krippendorff_alpha(found.rows, level) if read else None
    except ValueError:  # verdicts that are not numbers after all: only same or different
        level = "nominal"
        alpha = krippendorff_alpha(found.rows, level)
    return max(len(row) for row in found.rows), alpha, read, level


def _kind_of(rows: list[list[Any]]) -> str:
    """The kind of verdicts stored without one: scores when all are non-boolean numbers."""
    values = [v for row in rows for v in row if v is not None]
    numbers = all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)
    return "score" if values and numbers else ""


def _failed_judge(
    status: str, detail: RowDetail, steps: list[JudgeStepDetail], order: Sequence[str]
) -> str:
    if status != "error" or "judges" not in detail or "postprocess" in detail:
        return ""  # not failed, or failed before the judges (a script, the candidate) or after
    named = detail.get("failed_judge")
    if isinstance(named, str) and named:
        return named
    position = len(steps)
    return order[position] if position < len(order) else ""
