"""A leaderboard of models from pairwise battles: Bradley–Terry scores on the Elo scale.

Each battle is two models and who won. Like Arena-Hard's ``compute_mle_elo``, the scores
are the maximum-likelihood fit of the Bradley–Terry model

    P(i beats j) = 1 / (1 + 10 ^ ((R_j − R_i) / 400))

on the Elo scale (400 points a factor of 10 in the odds). A tie counts half a win for
each side (Arena-Hard duplicates every battle and makes a tie one win each), and a strong
verdict (A>>B) counts as three battles won, Arena-Hard's weight. The baseline model is
anchored at 1000; with no baseline, the scores' mean is 1000. The fit is Newton's method
on the win counts of each pair of models, so its cost does not grow with the rows; it
is the optimum of scikit-learn's unpenalised logistic regression on Arena-Hard's design
matrix (a row per battle, +log 10 in model A's column, −log 10 in B's), which the tests
check.

The 95 % intervals are percentiles of a seeded bootstrap over rows (a strong verdict is
one row of three battles). A resample of rows is how many rows it draws of each kind
(pair of models × outcome): a multinomial draw (``review.multinomial``: exact for small
counts, the normal approximation for large ones), so a round refits a few numbers per
pair, not the rows. Each model's win rate against the baseline is the one its score
predicts (Arena-Hard's ``predict_win_rate``).

When some models won every battle against the rest (or lost every one), no finite score
fits them: their scores run off until they are 4,000 points apart at most, and the
leaderboard says so. Models never in a battle are listed without a score.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from judgedesk.core.messages import say
from judgedesk.core.report.bradley_terry import BASE, fit_scores, linked_groups, scores_are_finite
from judgedesk.core.review import chances, multinomial

SCALE = 400.0
ANCHOR = 1000.0
STRONG_WEIGHT = 3  # battles a strong verdict (A>>B) counts as, as Arena-Hard weighs it
ROUNDS = 1000

Outcome = Literal["a", "b", "tie"]
OUTCOMES: tuple[Outcome, ...] = ("a", "b", "tie")
NO_BATTLES = say("report.arena.no_battles", "No score: it was in no battle.")


@dataclass(frozen=True)
class Battle:
    """One verdict between two models.

    Attributes:
        a: the first model.
        b: the second model.
        outcome: "a" (A won), "b" (B won) or "tie".
        strong: a strong verdict (A>>B or B>>A): it counts as three battles won.
    """

    a: str
    b: str
    outcome: Outcome
    strong: bool = False


@dataclass(frozen=True)
class PairBattles:
    """Battles between two models, counted as the fit counts them (strong verdicts as three)."""

    a: str
    b: str
    a_wins: int
    b_wins: int
    ties: int

    @property
    def battles(self) -> int:
        return self.a_wins + self.b_wins + self.ties


@dataclass(frozen=True)
class ModelScore:
    """One model's place on the leaderboard.

    Attributes:
        model: the model's name.
        score: its Bradley–Terry score on the Elo scale, or None (see ``reason``).
        low: the lower end of its 95 % bootstrap interval.
        high: the upper end.
        win_rate: its predicted chance of beating the baseline (0.5 for the baseline
            itself), or None with no baseline.
        battles: the battles it was in.
        reason: why it has no score; empty when it has one.
        win_low: the lower end of the win rate's 95 % interval (the chances the
            interval's ends predict: the baseline is 1000 in every round).
        win_high: the upper end.
    """

    model: str
    score: float | None
    low: float | None
    high: float | None
    win_rate: float | None
    battles: int
    reason: str = ""
    win_low: float | None = None
    win_high: float | None = None


@dataclass(frozen=True)
class Leaderboard:
    """Models ranked by their Bradley–Terry scores (see the module docstring).

    Attributes:
        standings: the models, best score first; those without a score last.
        pairs: the battles of each pair of models that met.
        baseline: the model anchored at 1000, or None (the mean is 1000).
        rounds: bootstrap rounds behind the intervals.
        seed: the bootstrap's seed.
        warning: what makes the scores less than they seem, or "".
    """

    standings: tuple[ModelScore, ...]
    pairs: tuple[PairBattles, ...]
    baseline: str | None
    rounds: int
    seed: int
    warning: str = ""

    def scores(self) -> dict[str, float]:
        """Each scored model's score."""
        return {s.model: s.score for s in self.standings if s.score is not None}


def build_leaderboard(
    battles: Iterable[Battle],
    models: Sequence[str] = (),
    *,
    baseline: str | None = None,
    rounds: int = ROUNDS,
    seed: int = 0,
) -> Leaderboard:
    """Fit Bradley–Terry scores to ``battles``, with bootstrap intervals (module docstring).

    Args:
        battles: the verdicts, one a row; a model's battles with itself are left out.
        models: models to list even if they were in no battle.
        baseline: the model anchored at 1000, whose win rate the others are given against.
        rounds: bootstrap rounds (0 for none: no intervals).
        seed: the bootstrap's seed; the same seed gives the same intervals.
    """
    rows: dict[tuple[str, str, Outcome, bool], int] = {}
    for battle in battles:
        if battle.outcome not in OUTCOMES:
            raise ValueError(f"a battle's outcome is one of {OUTCOMES}, not {battle.outcome!r}")
        if battle.a == battle.b:
            continue
        a, b, outcome = battle.a, battle.b, battle.outcome
        if b < a:  # one key per pair of models, whichever was shown first
            a, b, outcome = b, a, ("b" if outcome == "a" else "a" if outcome == "b" else "tie")
        key = (a, b, outcome, battle.strong and outcome != "tie")
        rows[key] = rows.get(key, 0) + 1
    playing = sorted({name for a, b, _, _ in rows for name in (a, b)})
    index = {name: i for i, name in enumerate(playing)}
    pair_names = sorted({(a, b) for a, b, _, _ in rows})
    pair_index = {pair: p for p, pair in enumerate(pair_names)}
    pairs = [(index[a], index[b]) for a, b in pair_names]

    # Each kind of row: its pair, the wins it gives the pair's first model, its battles.
    kinds = [
        (pair_index[(a, b)], _wins(outcome, strong), STRONG_WEIGHT if strong else 1)
        for a, b, outcome, strong in rows
    ]
    counts = list(rows.values())
    wins, totals = _pair_counts(len(pairs), kinds, counts)
    beta = fit_scores(len(playing), pairs, wins, totals, [0.0] * len(playing))
    anchor = baseline if baseline in index else None
    scores = _elo(beta, index, anchor)

    samples: list[list[float]] = [[] for _ in playing]
    if rounds > 0 and rows:
        draw = random.Random(seed)
        total_rows = sum(counts)
        steps = chances([count / total_rows for count in counts])
        for _ in range(rounds):
            drawn = multinomial(draw, total_rows, steps)
            round_wins, round_totals = _pair_counts(len(pairs), kinds, drawn)
            fitted = fit_scores(len(playing), pairs, round_wins, round_totals, beta)
            for i, score in enumerate(_elo(fitted, index, anchor)):
                samples[i].append(score)

    standings = []
    battles_of = dict.fromkeys(playing, 0)
    for p, (a, b) in enumerate(pair_names):
        battles_of[a] += round(totals[p])
        battles_of[b] += round(totals[p])
    for name in playing:
        i = index[name]
        ordered = sorted(samples[i])
        low = _percentile(ordered, 0.025) if ordered else None
        high = _percentile(ordered, 0.975) if ordered else None
        standings.append(
            ModelScore(
                model=name,
                score=scores[i],
                low=low,
                high=high,
                win_rate=(
                    _win_chance(scores[i], scores[index[anchor]]) if anchor is not None else None
                ),
                battles=battles_of[name],
                win_low=_win_chance(low, ANCHOR) if anchor and low is not None else None,
                win_high=_win_chance(high, ANCHOR) if anchor and high is not None else None,
            )
        )
    standings.sort(key=lambda s: (-(s.score or 0.0), s.model))
    listed = set(playing)
    for name in models:
        if name not in listed:
            listed.add(name)
            standings.append(ModelScore(name, None, None, None, None, 0, NO_BATTLES))
    return Leaderboard(
        standings=tuple(standings),
        pairs=tuple(_pair_table(rows, pair_names)),
        baseline=anchor,
        rounds=rounds if rows else 0,
        seed=seed,
        warning=_warning(playing, pairs, wins, totals, baseline, anchor),
    )


def _win_chance(score: float, other: float) -> float:
    """The chance a model scored ``score`` beats one scored ``other`` (Elo scale)."""
    return 1.0 / (1.0 + math.pow(BASE, (other - score) / SCALE))


def _wins(outcome: Outcome, strong: bool) -> float:
    """The battles a row's outcome gives its pair's first model, a tie half of one."""
    weight = STRONG_WEIGHT if strong else 1
    return float(weight) if outcome == "a" else 0.0 if outcome == "b" else 0.5


def _pair_counts(
    n_pairs: int, kinds: Sequence[tuple[int, float, int]], counts: Sequence[int]
) -> tuple[list[float], list[float]]:
    """Each pair's wins of its first model and its battles, from rows counted by kind."""
    wins, totals = [0.0] * n_pairs, [0.0] * n_pairs
    for (p, won, weight), count in zip(kinds, counts, strict=True):
        if count:
            wins[p] += won * count
            totals[p] += weight * count
    return wins, totals


def _elo(beta: Sequence[float], index: dict[str, int], anchor: str | None) -> list[float]:
    """Scores on the Elo scale: the anchor at 1000, or else their mean at 1000."""
    if not beta:
        return []
    centre = beta[index[anchor]] if anchor is not None else math.fsum(beta) / len(beta)
    return [ANCHOR + SCALE * (b - centre) for b in beta]


def _percentile(ordered: Sequence[float], share: float) -> float:
    """The ``share`` quantile of sorted values, interpolated between neighbours (as
    NumPy's default ``percentile``)."""
    place = share * (len(ordered) - 1)
    low = math.floor(place)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (place - low)


def _pair_table(
    rows: dict[tuple[str, str, Outcome, bool], int], pair_names: Sequence[tuple[str, str]]
) -> list[PairBattles]:
    counted = {pair: [0, 0, 0] for pair in pair_names}
    for (a, b, outcome, strong), count in rows.items():
        counted[(a, b)][OUTCOMES.index(outcome)] += count * (STRONG_WEIGHT if strong else 1)
    return [PairBattles(a, b, *counted[(a, b)]) for a, b in pair_names]


def _warning(
    playing: Sequence[str],
    pairs: Sequence[tuple[int, int]],
    wins: Sequence[float],
    totals: Sequence[float],
    baseline: str | None,
    anchor: str | None,
) -> str:
    """What the reader should know before trusting the scores (module docstring)."""
    notes: list[str] = []
    if baseline is not None and anchor is None:
        notes.append(
            say(
                "report.arena.baseline_absent",
                "The baseline {baseline} was in no battle, so the scores' mean is 1000.",
                baseline=baseline,
            )
        )
    k = len(playing)
    if len(linked_groups(k, pairs, totals)) > 1:
        notes.append(
            say(
                "report.arena.unlinked",
                "Some models never met the others, even through other models: scores "
                "compare only within each group that met. Add battles between the groups.",
            )
        )
    elif not scores_are_finite(k, pairs, wins, totals):
        notes.append(
            say(
                "report.arena.unbeaten",
                "Some models won every battle against the rest (or lost every one), so no "
                "finite score fits them: their scores are held at most 4,000 apart. Add "
                "battles they can lose (or win).",
            )
        )
    if len(notes) == 2:
        return say("report.arena.two_notes", "{first} {second}", first=notes[0], second=notes[1])
    return notes[0] if notes else ""
