"""The Bradley–Terry leaderboard, checked against scikit-learn's logistic regression."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from sklearn.linear_model import LogisticRegression

from judgedesk.core.report import Battle, build_leaderboard

# With A's score 190.85 above B's, A wins 3 battles in 4: 400 · log10(3).
THREE_IN_FOUR = 400 * math.log10(3)


def random_battles(seed: int, rows: int, models: int) -> list[Battle]:
    rng = random.Random(seed)
    names = [f"m{i}" for i in range(models)]
    strength = {name: rng.gauss(0.0, 0.6) for name in names}
    found = []
    for _ in range(rows):
        a, b = rng.sample(names, 2)
        if rng.random() < 0.2:
            found.append(Battle(a, b, "tie"))
        else:
            a_wins = rng.random() < 1 / (1 + 10 ** (strength[b] - strength[a]))
            found.append(Battle(a, b, "a" if a_wins else "b", strong=rng.random() < 0.25))
    return found


def arena_hard_scores(battles: list[Battle], baseline: str | None) -> dict[str, float]:
    """Arena-Hard's ``compute_mle_elo``: every battle twice (a strong verdict three
    times), +log 10 in A's column and −log 10 in B's, a tie one win for each side, fitted
    by unpenalised logistic regression with no intercept (``C=inf``, which scikit-learn
    1.9 asks for in place of ``penalty=None``)."""
    rows = [b for b in battles for _ in range(3 if b.strong else 1)]
    names = sorted({n for b in rows for n in (b.a, b.b)})
    column = {n: i for i, n in enumerate(names)}
    doubled = rows + rows
    x = np.zeros((len(doubled), len(names)))
    y = np.zeros(len(doubled))
    for r, battle in enumerate(doubled):
        x[r, column[battle.a]] = math.log(10)
        x[r, column[battle.b]] = -math.log(10)
        first_copy = r < len(rows)
        y[r] = battle.outcome == "a" or (battle.outcome == "tie" and first_copy)
    fit = LogisticRegression(fit_intercept=False, C=np.inf, tol=1e-12, max_iter=10_000)
    fit.fit(x, y)
    scores = 400 * fit.coef_[0] + 1000
    scores += 1000 - (scores[column[baseline]] if baseline else scores.mean())
    return dict(zip(names, scores.tolist(), strict=True))


@pytest.mark.parametrize(("seed", "models", "baseline"), [(1, 5, "m0"), (2, 8, None), (3, 3, "m2")])
def test_the_scores_are_scikit_learns_fit(seed: int, models: int, baseline: str | None) -> None:
    battles = random_battles(seed, 1500, models)
    board = build_leaderboard(battles, baseline=baseline, rounds=0)
    expected = arena_hard_scores(battles, baseline)
    got = board.scores()
    assert got.keys() == expected.keys()
    for name, score in expected.items():
        assert got[name] == pytest.approx(score, abs=1e-4)
    ranked = [s.score for s in board.standings]
    assert ranked == sorted(ranked, reverse=True)


def test_a_tie_is_half_a_win_for_each_side() -> None:
    board = build_leaderboard(
        [Battle("a", "b", "a"), Battle("b", "a", "tie")], baseline="b", rounds=0
    )
    assert board.scores()["a"] - board.scores()["b"] == pytest.approx(THREE_IN_FOUR)
    assert [(p.a, p.b, p.a_wins, p.b_wins, p.ties) for p in board.pairs] == [("a", "b", 1, 0, 1)]
    only_ties = build_leaderboard([Battle("a", "b", "tie")] * 4, rounds=0)
    assert only_ties.scores() == pytest.approx({"a": 1000.0, "b": 1000.0})
    assert only_ties.warning == ""


def test_a_strong_verdict_counts_as_three_battles() -> None:
    battles = [Battle("a", "b", "a", strong=True), Battle("a", "b", "b")]
    board = build_leaderboard(battles, baseline="b", rounds=0)
    assert board.scores()["a"] - 1000 == pytest.approx(THREE_IN_FOUR)
    assert [(p.a_wins, p.b_wins, p.ties) for p in board.pairs] == [(3, 1, 0)]
    assert {s.model: s.battles for s in board.standings} == {"a": 4, "b": 4}
    # The same as three plain wins.
    plain = build_leaderboard([Battle("a", "b", "a")] * 3 + [battles[1]], baseline="b", rounds=0)
    assert plain.scores() == pytest.approx(board.scores())


def test_a_model_never_in_a_battle_is_listed_without_a_score() -> None:
    battles = [*random_battles(4, 300, 3), Battle("lonely", "lonely", "a")]
    board = build_leaderboard(battles, ["m0", "m1", "m2", "lonely"], baseline="m0", rounds=20)
    last = board.standings[-1]
    assert (last.model, last.score, last.low, last.high, last.win_rate) == (
        "lonely",
        None,
        None,
        None,
        None,
    )
    assert "no battle" in last.reason
    assert all(s.score is not None and not s.reason for s in board.standings[:-1])


def test_the_bootstrap_is_the_same_for_the_same_seed() -> None:
    battles = random_battles(5, 2000, 4)
    first = build_leaderboard(battles, baseline="m0", rounds=200, seed=7)
    again = build_leaderboard(battles, baseline="m0", rounds=200, seed=7)
    other = build_leaderboard(battles, baseline="m0", rounds=200, seed=8)
    assert first == again
    assert first.standings != other.standings
    for standing in first.standings:
        assert standing.low is not None and standing.high is not None
        assert standing.low <= standing.score <= standing.high  # type: ignore[operator]
        if standing.model == "m0":
            assert (standing.low, standing.score, standing.high) == (1000.0, 1000.0, 1000.0)
        else:
            assert 10 < standing.high - standing.low < 200


def test_the_interval_is_about_a_bootstrap_over_rows() -> None:
    """Resampling rows one by one, as Arena-Hard does, gives about the same interval."""
    battles = random_battles(6, 600, 3)
    board = build_leaderboard(battles, baseline="m0", rounds=400, seed=1)
    rng = random.Random(2)
    spread = []
    for _ in range(200):
        drawn = rng.choices(battles, k=len(battles))
        spread.append(build_leaderboard(drawn, baseline="m0", rounds=0).scores()["m1"])
    spread.sort()
    width = spread[194] - spread[5]
    m1 = next(s for s in board.standings if s.model == "m1")
    assert m1.high - m1.low == pytest.approx(width, rel=0.25)  # type: ignore[operator]


def test_the_win_rate_against_the_baseline_is_the_one_the_scores_predict() -> None:
    board = build_leaderboard(random_battles(7, 800, 4), baseline="m1", rounds=0)
    scores = board.scores()
    for standing in board.standings:
        expected = 1 / (1 + 10 ** ((scores["m1"] - scores[standing.model]) / 400))
        assert standing.win_rate == pytest.approx(expected)
    assert next(s.win_rate for s in board.standings if s.model == "m1") == 0.5
    no_baseline = build_leaderboard(random_battles(7, 800, 4), rounds=0)
    assert all(s.win_rate is None for s in no_baseline.standings)
    assert sum(no_baseline.scores().values()) / 4 == pytest.approx(1000.0)


def test_a_model_that_won_every_battle_is_cut_off_and_said_so() -> None:
    battles = [Battle("a", "b", "a")] * 5 + [Battle("b", "c", "a"), Battle("c", "b", "a")]
    board = build_leaderboard(battles, baseline="b", rounds=50)
    assert "won every battle" in board.warning
    scores = board.scores()
    assert 3000 < scores["a"] - scores["b"] <= 4000 + 1e-6  # as good as never losing
    assert scores["c"] == pytest.approx(1000.0)
    apart = build_leaderboard([Battle("a", "b", "tie"), Battle("c", "d", "tie")], rounds=0)
    assert "never met" in apart.warning
    missing = build_leaderboard([Battle("a", "b", "tie")], baseline="z", rounds=0)
    assert "z was in no battle" in missing.warning
    assert missing.baseline is None
