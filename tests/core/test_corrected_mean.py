"""The judge's rate corrected by people's labels (PPI++), checked against ppi-python."""

from __future__ import annotations

import math
import random
from statistics import NormalDist

import numpy as np
import pytest
from ppi_py import ppi_mean_ci, ppi_mean_pointestimate

from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.report import corrected_mean, stratified_mean

Z = NormalDist().inv_cdf(0.975)


def project(
    rng: random.Random, labelled: int, unlabelled: int, truth: float = 0.6
) -> tuple[list[float], list[float], list[float]]:
    """People's and a biased judge's pass/fail verdicts: the judge passes 90 % of the
    rows that pass and 35 % of those that fail, so its own rate is 0.68, not 0.6."""

    def row() -> tuple[float, float]:
        right = rng.random() < truth
        said = rng.random() < (0.9 if right else 0.35)
        return float(right), float(said)

    labels = [row() for _ in range(labelled)]
    rest = [row()[1] for _ in range(unlabelled)]
    return [y for y, _ in labels], [j for _, j in labels], rest


@pytest.mark.parametrize("seed", range(8))
def test_the_estimate_and_interval_are_ppi_pythons(seed: int) -> None:
    rng = np.random.default_rng(seed)
    n, big_n = int(rng.integers(5, 400)), int(rng.integers(5, 4000))
    if seed % 2:  # pass/fail verdicts
        people = (rng.random(n) < 0.6).astype(float)
        judge = np.where(rng.random(n) < 0.8, people, 1 - people)
        rest = (rng.random(big_n) < 0.65).astype(float)
    else:  # scores 1–5, the judge a point high now and then
        people = rng.integers(1, 6, n).astype(float)
        judge = np.clip(people + rng.integers(-1, 3, n), 1, 5).astype(float)
        rest = rng.integers(1, 6, big_n).astype(float)

    got = corrected_mean(people.tolist(), judge.tolist(), rest.tolist())

    estimate = float(ppi_mean_pointestimate(people, judge, rest)[0])
    low, high = (float(end[0]) for end in ppi_mean_ci(people, judge, rest, alpha=0.05))
    assert got.estimate == pytest.approx(estimate, abs=1e-6)
    assert got.ci_low == pytest.approx(low, abs=1e-6)
    assert got.ci_high == pytest.approx(high, abs=1e-6)
    # The same λ gives ppi-python the same estimate.
    assert float(ppi_mean_pointestimate(people, judge, rest, lam=got.lam)[0]) == pytest.approx(
        estimate, abs=1e-9
    )
    assert 0.0 <= got.lam <= 1.0
    assert (got.n_labelled, got.n_unlabelled) == (n, big_n)
    assert got.judge_alone == pytest.approx(float(np.concatenate([judge, rest]).mean()))


def test_the_corrected_interval_covers_the_truth_where_the_judge_alone_does_not() -> None:
    rng = random.Random(11)
    corrected = alone = 0
    projects = 1000
    for _ in range(projects):
        people, judge, rest = project(rng, 200, 800)
        got = corrected_mean(people, judge, rest)
        corrected += got.ci_low <= 0.6 <= got.ci_high
        everything = judge + rest
        mean = got.judge_alone
        sd = math.sqrt(sum((v - mean) ** 2 for v in everything) / (len(everything) - 1))
        half = Z * sd / math.sqrt(len(everything))
        alone += mean - half <= 0.6 <= mean + half
    assert corrected / projects >= 0.93
    assert alone / projects < 0.5


def test_the_sample_size_gives_about_the_width_asked() -> None:
    rng = random.Random(5)
    rows = 4000
    pilot = corrected_mean(*project(rng, 60, rows - 60))
    wanted = 0.025
    needed = pilot.spread.rows_needed(wanted)
    assert needed is not None
    assert 60 < needed < rows
    assert pilot.spread.half_width(needed) <= wanted < pilot.spread.half_width(needed - 1)
    widths = [corrected_mean(*project(rng, needed, rows - needed)).half_width for _ in range(200)]
    assert sum(widths) / len(widths) == pytest.approx(wanted, rel=0.1)


def test_the_planned_half_width_starts_from_the_one_computed() -> None:
    got = corrected_mean(*project(random.Random(2), 80, 920))
    assert got.spread.half_width(80) == pytest.approx(got.half_width, rel=1e-12)
    assert got.spread.half_width_with(0) == pytest.approx(got.half_width, rel=1e-12)
    assert got.spread.half_width_with(200) < got.half_width
    assert got.spread.rows_needed(got.half_width * 1.01) == 80  # already narrow enough
    assert got.spread.rows_needed(1e-6) is None  # not even by labelling every row
    # Every row labelled: the people's own mean and its usual interval.
    assert got.spread.half_width_with(10_000) == got.spread.half_width(1000)


def test_with_every_row_labelled_it_is_the_people_s_own_mean() -> None:
    people = [1.0, 0.0, 1.0, 1.0, 0.0, 1.0]
    got = corrected_mean(people, [1.0, 1.0, 1.0, 0.0, 0.0, 1.0], [])
    mean = sum(people) / len(people)
    sd = math.sqrt(sum((y - mean) ** 2 for y in people) / len(people))
    assert got.lam == 0.0
    assert got.estimate == pytest.approx(mean)
    assert got.half_width == pytest.approx(Z * sd / math.sqrt(len(people)))


def test_a_judge_with_one_verdict_everywhere_adds_nothing() -> None:
    got = corrected_mean([1.0, 0.0, 1.0, 1.0], [1.0] * 4, [1.0] * 50)
    assert got.lam == 0.0
    assert got.estimate == pytest.approx(0.75)


def test_too_few_labels_or_lists_that_do_not_pair_up_say_what_to_do() -> None:
    with pytest.raises(JudgeDeskError, match="Label at least 2 rows"):
        corrected_mean([1.0], [1.0], [0.0, 1.0])
    with pytest.raises(JudgeDeskError, match="same order"):
        corrected_mean([1.0, 0.0], [1.0], [0.0, 1.0])


def test_a_stratified_estimate_weighs_each_stratum_by_its_rows_by_hand() -> None:
    # The judge gives one verdict in each stratum, so each λ is 0 and each stratum's
    # estimate is its people's mean, with variance s²/n (s² divided by n).
    first = ([1.0, 0.0], [1.0, 1.0], [1.0, 1.0])  # 4 rows: 0.5, variance 0.25/2
    second = ([1.0, 1.0, 0.0], [0.0] * 3, [0.0] * 7)  # 10 rows: 2/3, variance (2/9)/3
    got = stratified_mean([first, second])
    w1, w2 = 4 / 14, 10 / 14
    assert got.estimate == pytest.approx(w1 * 0.5 + w2 * 2 / 3)  # 13/21
    assert got.estimate == pytest.approx(13 / 21)
    half = Z * math.sqrt(w1**2 * 0.125 + w2**2 * 2 / 27)
    assert (got.ci_low, got.ci_high) == pytest.approx((13 / 21 - half, 13 / 21 + half))
    assert (got.n_labelled, got.n_unlabelled) == (5, 9)
    assert got.judge_alone == pytest.approx(4 / 14)
    assert got.lam is None and len(got.strata) == 2
    # The uniform formula over the same rows gives another figure: 3 of 5 labels pass.
    assert corrected_mean(*(a + b for a, b in zip(first, second, strict=True))).estimate == (
        pytest.approx(0.6)
    )


@pytest.mark.parametrize("seed", range(4))
def test_each_stratum_is_ppi_python_s_and_the_strata_combine_by_their_weights(seed: int) -> None:
    rng = np.random.default_rng(seed)
    strata, estimates, variances, sizes = [], [], [], []
    for _ in range(3):
        n, big_n = int(rng.integers(5, 80)), int(rng.integers(20, 900))
        people = (rng.random(n) < rng.random()).astype(float)
        judge = np.where(rng.random(n) < 0.8, people, 1 - people)
        rest = (rng.random(big_n) < 0.6).astype(float)
        strata.append((people.tolist(), judge.tolist(), rest.tolist()))
        estimates.append(float(ppi_mean_pointestimate(people, judge, rest)[0]))
        low, high = (float(end[0]) for end in ppi_mean_ci(people, judge, rest, alpha=0.05))
        variances.append(((high - low) / (2 * Z)) ** 2)
        sizes.append(n + big_n)
    weights = [size / sum(sizes) for size in sizes]
    got = stratified_mean(strata)
    expected = sum(w * e for w, e in zip(weights, estimates, strict=True))
    half = Z * math.sqrt(sum(w * w * v for w, v in zip(weights, variances, strict=True)))
    assert got.estimate == pytest.approx(expected, abs=1e-6)
    assert (got.ci_low, got.ci_high) == pytest.approx((expected - half, expected + half), abs=1e-6)
    # Planning more labels starts from the interval computed, and narrows it.
    spread = got.spread
    assert spread.half_width(got.n_labelled) == pytest.approx(got.half_width, rel=1e-12)
    assert spread.half_width_with(300) < got.half_width
    needed = spread.rows_needed(got.half_width * 0.7)
    assert needed is not None and needed > got.n_labelled
    assert spread.half_width(needed) <= got.half_width * 0.7 < spread.half_width(needed - 1)


def test_a_stratum_with_too_few_labels_says_so() -> None:
    with pytest.raises(JudgeDeskError, match="Label at least 2 rows"):
        stratified_mean([([1.0, 0.0], [1.0, 0.0], [1.0]), ([1.0], [1.0], [0.0])])


def test_the_stratified_interval_covers_the_truth() -> None:
    rng = random.Random(21)
    truths, shares = (0.3, 0.6, 0.9), (100, 600, 300)  # each stratum's rate and its rows
    truth = sum(t * n for t, n in zip(truths, shares, strict=True)) / sum(shares)
    covered, projects = 0, 1000
    for _ in range(projects):
        strata = []
        for rate, rows in zip(truths, shares, strict=True):
            labelled = rows // 10  # a tenth of every stratum, as a proportional sample draws
            people, judge, rest = project(rng, labelled, rows - labelled, truth=rate)
            strata.append((people, judge, rest))
        got = stratified_mean(strata)
        covered += got.ci_low <= truth <= got.ci_high
    assert covered / projects >= 0.93
