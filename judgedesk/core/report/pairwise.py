"""Figures of pairwise results: win, tie and loss rates, and the judges' position bias.

Rates are those of answer B (the evaluated model) against answer A (the baseline, the
other model or the reference) on the 1–5 pairwise scale: 4–5 is a win, 3 a tie, 1–2 a
loss. Two scores summarise them, each with a bootstrap 95 % interval:

- ``score``: a win counts 1, a tie one half, a loss 0;
- ``graded``: strong verdicts weigh more: 1 → 0, 2 → ¼, 3 → ½, 4 → ¾, 5 → 1.

For pairs judged in both orders (``run.swap``), each judge's position consistency (the
share of pairs given the same direction in both orders), how often the answer shown
first wins, and how often the longer answer wins are reported: a judge with no position
bias shows the first answer winning about half of the decisive verdicts.

Where people labelled the pairs, each such judge is also compared with them the way
MT-Bench reports it: every order's verdict (the swapped one mapped back to A and B as
given) counts as a verdict of its own, beside the combined verdict, over the same pairs,
with the share of those pairs judged the same in both orders. Verdicts are compared by
the answer they favour (A, neither, B), so "A much better" matches a person's "A
better". Ties: a tie matches only a tie (an inconsistent pair's combined verdict is a
tie); the figures "without ties" leave out every verdict where the judge or the person
calls a tie.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from judgedesk.core.judge import TIE, direction, first_shown_won, mirror
from judgedesk.core.report.figures import Estimate, estimate_mean
from judgedesk.core.run import JudgeStepDetail, ResultRecord, RowDetail, judge_steps, verdict_of


@dataclass(frozen=True)
class Rate:
    """A share with the count it is based on (``value`` None when ``n`` is 0)."""

    hits: int
    n: int

    @property
    def value(self) -> float | None:
        return self.hits / self.n if self.n else None

    def to_dict(self) -> dict[str, Any]:
        return {"value": self.value, "hits": self.hits, "n": self.n}


@dataclass(frozen=True)
class OrderAgreement:
    """A judge's verdicts in both orders against people's labels (see the module docstring).

    Attributes:
        pairs: pairs with a person's label whose two verdicts were both read.
        per_order: verdicts of either order favouring the answer the person favours
            (``n`` is twice ``pairs``).
        per_order_without_ties: the same, leaving out verdicts where either side calls a tie.
        combined: combined verdicts favouring the answer the person favours.
        combined_without_ties: the same, leaving out ties on either side.
        consistency: these pairs given the same direction in both orders.
    """

    pairs: int
    per_order: Rate
    per_order_without_ties: Rate
    combined: Rate
    combined_without_ties: Rate
    consistency: Rate

    def to_dict(self) -> dict[str, Any]:
        return {
            "pairs": self.pairs,
            "per_order": self.per_order.to_dict(),
            "per_order_without_ties": self.per_order_without_ties.to_dict(),
            "combined": self.combined.to_dict(),
            "combined_without_ties": self.combined_without_ties.to_dict(),
            "consistency": self.consistency.to_dict(),
        }


@dataclass(frozen=True)
class JudgeBias:
    """One judge's behaviour over the pairs it judged in both orders.

    Attributes:
        judge: the judge's name.
        consistency: pairs given the same direction in both orders, of those whose two
            verdicts were read.
        first_position: decisive verdicts (no tie) where the answer shown first won.
        longer_answer: decisive combined verdicts where the longer answer won, of the
            pairs whose answers differ in length.
        people: its verdicts against people's labels; None when no pair it judged in
            both orders has one.
    """

    judge: str
    consistency: Rate
    first_position: Rate
    longer_answer: Rate
    people: OrderAgreement | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "judge": self.judge,
            "position_consistency": self.consistency.to_dict(),
            "first_position_wins": self.first_position.to_dict(),
            "longer_answer_wins": self.longer_answer.to_dict(),
            "person_agreement": self.people.to_dict() if self.people else None,
        }


@dataclass(frozen=True)
class PairwiseFigures:
    """Win, tie and loss of B against A, and each judge's position bias.

    Attributes:
        pairs: rows with a pairwise result.
        wins, ties, losses: counts of B's wins, ties and losses.
        win_rate: B's wins among the pairs, with its interval.
        score, graded: see the module docstring.
        judges: position bias per judge that judged pairs in both orders.
        inconsistent_rows: rows whose pair a judge judged differently in the two orders.
    """

    pairs: int
    wins: int
    ties: int
    losses: int
    win_rate: Estimate
    score: Estimate
    graded: Estimate
    judges: list[JudgeBias] = field(default_factory=list)
    inconsistent_rows: list[int] = field(default_factory=list)

    @property
    def tie_rate(self) -> float | None:
        return self.ties / self.pairs if self.pairs else None

    @property
    def loss_rate(self) -> float | None:
        return self.losses / self.pairs if self.pairs else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "pairs": self.pairs,
            "wins": self.wins,
            "ties": self.ties,
            "losses": self.losses,
            "win_rate": self.win_rate.to_dict(),
            "tie_rate": self.tie_rate,
            "loss_rate": self.loss_rate,
            "score": self.score.to_dict(),
            "graded": self.graded.to_dict(),
            "judges": [j.to_dict() for j in self.judges],
            "inconsistent_rows": list(self.inconsistent_rows),
        }


def has_pairs(results: Iterable[ResultRecord]) -> bool:
    """Whether a row holds a pairwise verdict (else :func:`pairwise_figures` is None)."""
    return any_pairs((result.value, result.detail) for result in results)


def any_pairs(results: Iterable[tuple[Any, RowDetail]]) -> bool:
    """:func:`has_pairs` of rows' (value, detail)."""
    kinds: dict[int, tuple[bool, bool]] = {}  # detail → (judged in both orders, pairwise)
    for value, detail in results:
        kind = kinds.get(id(detail))  # rows alike may share one detail
        if kind is None:
            steps = judge_steps(detail)
            both = any("orders" in s for s in steps)
            kind = kinds[id(detail)] = (both, any(s.get("pairwise") for s in steps))
        if kind[0] or (kind[1] and _on_pair_scale(value)):
            return True
    return False


def pairwise_figures(
    results: Iterable[ResultRecord],
    *,
    seed: int = 0,
    people: Mapping[int, Any] | None = None,
) -> PairwiseFigures | None:
    """The pairwise figures of results, or None when no row holds a pairwise verdict.

    Args:
        results: the rows' results.
        seed: the bootstrap's seed.
        people: a person's verdict per row index, on the 1–5 pairwise scale, for the
            judges' agreement with people in each order.
    """
    values: list[float] = []
    inconsistent: list[int] = []
    biases: dict[str, list[int]] = {}  # judge → [consistent, both read, first won,
    #   decisive orders, longer won, decisive with lengths differing]
    matches: dict[str, list[int]] = {}  # judge → counts, see _count_people
    pairwise_rows = 0
    for result in results:
        steps = judge_steps(result.detail)
        swapped_steps = [s for s in steps if "orders" in s]
        if swapped_steps or _is_pair_value(result.value, steps):
            pairwise_rows += 1
        if result.status == "ok" and _is_pair_value(result.value, steps):
            values.append(float(result.value))
        person = _number((people or {}).get(result.row_index))
        for step in swapped_steps:
            counts = biases.setdefault(str(step.get("judge", "")), [0] * 6)
            _count_bias(step, counts)
            if person is not None and 1 <= person <= 5:
                found = matches.setdefault(str(step.get("judge", "")), [0] * 8)
                _count_people(step, person, found)
            if step.get("consistent") is False and result.row_index not in inconsistent:
                inconsistent.append(result.row_index)
    if not pairwise_rows:
        return None
    wins = sum(1 for v in values if v > TIE)
    ties = sum(1 for v in values if v == TIE)
    losses = sum(1 for v in values if v < TIE)
    return PairwiseFigures(
        pairs=len(values),
        wins=wins,
        ties=ties,
        losses=losses,
        win_rate=estimate_mean([1.0 if v > TIE else 0.0 for v in values], seed=seed),
        score=estimate_mean([_points(v) for v in values], seed=seed),
        graded=estimate_mean([(v - 1) / 4 for v in values], seed=seed),
        judges=[
            JudgeBias(
                name,
                Rate(c[0], c[1]),
                Rate(c[2], c[3]),
                Rate(c[4], c[5]),
                _order_agreement(matches.get(name)),
            )
            for name, c in biases.items()
        ],
        inconsistent_rows=sorted(inconsistent),
    )


def _points(value: float) -> float:
    return 1.0 if value > TIE else 0.5 if value == TIE else 0.0


def _is_pair_value(value: Any, steps: list[JudgeStepDetail]) -> bool:
    if not _on_pair_scale(value):
        return False
    return any("orders" in s or s.get("pairwise") for s in steps)


def _on_pair_scale(value: Any) -> bool:
    """A number from 1 to 5 (true and false are no numbers here)."""
    return not isinstance(value, bool) and isinstance(value, int | float) and 1 <= value <= 5


def _count_bias(step: JudgeStepDetail, counts: list[int]) -> None:
    orders = step.get("orders") or []
    if len(orders) != 2:
        return
    first, second = _number_in(orders[0]), _number_in(orders[1])
    if first is None or second is None:
        return
    counts[1] += 1
    if direction(first) == direction(mirror(second)):
        counts[0] += 1
    for shown in (first, second):  # each order's verdict as the judge saw the answers
        won = first_shown_won(shown)
        if won is not None:
            counts[3] += 1
            counts[2] += won
    combined = _number_in(step)
    lengths = step.get("lengths") or []
    if combined is not None and len(lengths) == 2 and lengths[0] != lengths[1]:
        way = direction(combined)
        if way:
            counts[5] += 1
            longer_is_b = lengths[1] > lengths[0]
            counts[4] += (way > 0) == longer_is_b


def _count_people(step: JudgeStepDetail, person: float, counts: list[int]) -> None:
    """Count one labelled pair in ``counts``: [pairs, order verdicts matching, order
    verdicts without ties, of those matching, combined matching, combined without ties,
    of those matching, consistent pairs]."""
    orders = step.get("orders") or []
    if len(orders) != 2:
        return
    first, second, combined = _number_in(orders[0]), _number_in(orders[1]), _number_in(step)
    if first is None or second is None or combined is None:
        return
    wanted = direction(person)
    counts[0] += 1
    for verdict in (first, mirror(second)):  # the swapped order mapped back to A and B
        way = direction(verdict)
        counts[1] += way == wanted
        if way and wanted:
            counts[2] += 1
            counts[3] += way == wanted
    way = direction(combined)
    counts[4] += way == wanted
    if way and wanted:
        counts[5] += 1
        counts[6] += way == wanted
    counts[7] += direction(first) == direction(mirror(second))


def _number_in(part: Mapping[str, Any]) -> float | None:
    """The number a step's (an order's) verdict holds, read or not (see :func:`_number`)."""
    verdict = verdict_of(part)
    return _number(verdict.get("value")) if verdict is not None else None


def _order_agreement(counts: list[int] | None) -> OrderAgreement | None:
    if not counts or not counts[0]:
        return None
    pairs = counts[0]
    return OrderAgreement(
        pairs=pairs,
        per_order=Rate(counts[1], 2 * pairs),
        per_order_without_ties=Rate(counts[3], counts[2]),
        combined=Rate(counts[4], pairs),
        combined_without_ties=Rate(counts[6], counts[5]),
        consistency=Rate(counts[7], pairs),
    )


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value)
