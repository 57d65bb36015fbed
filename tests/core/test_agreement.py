"""Agreement figures against published values, and their edge cases."""

from __future__ import annotations

from typing import Any

import pytest

from judgedesk.core.review.correlation import mean_abs_difference, ranks, spearman
from judgedesk.core.review.two_raters import (
    agreement,
    cohen_kappa,
    confusion_matrix,
    exact_agreement,
    kappa_from_table,
    verdict_kind,
)

# Cohen (1968), "Weighted kappa: nominal scale agreement with provision for scaled
# disagreement or partial credit", Psychological Bulletin 70(4), Table 1: two judges
# assign 200 cases to three diagnoses; observed proportions (judge B in rows).
COHEN_1968 = [[0.44, 0.07, 0.09], [0.05, 0.20, 0.05], [0.01, 0.03, 0.06]]
COHEN_1968_WEIGHTS = [[0, 1, 3], [1, 0, 6], [3, 6, 0]]

# Altman (1991), Practical Statistics for Medical Research, pp. 403–405 (Table 14.3):
# two radiologists rate 85 xeromammograms as normal, benign, suspected cancer, cancer
# (data of Boyd et al. 1982, J Natl Cancer Inst 68:357–363). Radiologist A in rows.
XEROMAMMOGRAMS = [[21, 12, 0, 0], [4, 17, 1, 0], [3, 9, 15, 2], [0, 0, 0, 1]]


def expand(table: list[list[int]], values: list[Any]) -> list[tuple[Any, Any]]:
    """Turn a table of counts into one (first, second) pair per rated item."""
    return [
        (values[i], values[j])
        for i, row in enumerate(table)
        for j, count in enumerate(row)
        for _ in range(count)
    ]


def test_cohen_1968_plain_and_weighted_kappa() -> None:
    """Cohen (1968) reports kappa = .492 and, with his disagreement weights
    (1, 3 and 6), weighted kappa = .348 for his Table 1."""
    assert kappa_from_table(COHEN_1968) == pytest.approx(0.492, abs=5e-4)
    assert kappa_from_table(COHEN_1968, COHEN_1968_WEIGHTS) == pytest.approx(0.348, abs=5e-4)
    # The same data as 200 rated cases gives the same figures, with its count.
    counts = [[round(p * 200) for p in row] for row in COHEN_1968]
    pairs = expand(counts, ["personality", "neurosis", "psychosis"])
    labels = ["personality", "neurosis", "psychosis"]
    plain = cohen_kappa(pairs, None, labels)
    assert plain.n == 200 and plain.value == pytest.approx(0.4915, abs=1e-4)
    weighted = cohen_kappa(pairs, COHEN_1968_WEIGHTS, labels)
    assert weighted.value == pytest.approx(0.3478, abs=1e-4)


def test_xeromammogram_example_linear_and_quadratic_kappa() -> None:
    """Altman (1991, pp. 403–405) gives kappa = 0.47 for the xeromammogram data; the
    Stata Base Reference Manual's `kap` entry (example 1, the same data) prints observed
    and expected agreement of 63.53% and 30.82% (kappa 0.4728), with linear weights
    86.67% and 69.11% (kappa 0.5684), and with quadratic weights 94.77% and 84.09%."""
    pairs = expand(XEROMAMMOGRAMS, [1, 2, 3, 4])  # normal < benign < suspected < cancer
    figures = agreement(pairs, "A", "B")
    assert figures.kind == "ordinal" and figures.n == 85
    assert figures.exact.value == pytest.approx(0.6353, abs=5e-5)
    assert figures.kappa.value == pytest.approx(0.4728, abs=5e-5)
    assert figures.kappa_linear.value == pytest.approx(0.5684, abs=5e-5)
    # Quadratic: kappa from the printed agreements, (0.9477 - 0.8409) / (1 - 0.8409).
    assert figures.kappa_quadratic.value == pytest.approx(
        (0.9477 - 0.8409) / (1 - 0.8409), abs=1e-3
    )
    assert figures.kappa_linear.n == figures.kappa_quadratic.n == 85
    assert figures.confusion.counts == XEROMAMMOGRAMS
    assert figures.confusion.labels == [1, 2, 3, 4]


def test_weights_use_the_distance_between_scores() -> None:
    # With scores 1, 3, 5 the categories are two apart: the same as 1, 2, 3 by index
    # only when the distances are equal, which they are here.
    pairs = [(1, 1), (1, 3), (3, 3), (5, 3), (5, 5), (3, 1)]
    spaced = cohen_kappa(pairs, "linear")
    compact = cohen_kappa([(a // 2 + 1, b // 2 + 1) for a, b in pairs], "linear")
    assert spaced.value == pytest.approx(compact.value)
    # An unused score in between widens the distances (index-based weights would not).
    gap = cohen_kappa([(1, 1), (1, 2), (2, 2), (2, 1), (10, 10), (10, 2)], "linear")
    assert gap.value is not None and gap.n == 6


def test_spearman_with_ties_and_mean_difference() -> None:
    # Hand computed: ranks of x = 1, 2.5, 2.5, 4; ranks of y = 1, 2, 3, 4.
    assert ranks([1, 2, 2, 3]) == [1.0, 2.5, 2.5, 4.0]
    figure = spearman([(1, 10), (2, 20), (2, 30), (3, 40)])
    assert figure.n == 4
    # Pearson of (1, 2.5, 2.5, 4) and (1, 2, 3, 4): sxy = 4.5, sxx = 4.5, syy = 5.
    assert figure.value == pytest.approx(4.5 / (4.5 * 5) ** 0.5)
    assert spearman([(1, 2), (1, 3)]).value is None  # one side constant
    assert spearman([]).n == 0
    mad = mean_abs_difference([(1, 2), (5, 2), (3, 3)])
    assert mad.value == pytest.approx(4 / 3) and mad.n == 3


def test_booleans_and_labels() -> None:
    # A 2x2 table: 20 both yes, 5 yes/no, 10 no/yes, 15 both no → po 0.7, pe 0.5.
    pairs = [(True, True)] * 20 + [(True, False)] * 5 + [(False, True)] * 10
    pairs += [(False, False)] * 15
    figures = agreement(pairs, "person", "judge")
    assert figures.kind == "boolean"
    assert figures.exact.value == pytest.approx(0.7)
    assert figures.kappa.value == pytest.approx(0.4)
    assert figures.confusion.labels == [False, True]
    assert figures.confusion.counts == [[15, 10], [5, 20]]
    # Figures that do not apply to true/false verdicts are None with no rows.
    assert figures.spearman.value is None and figures.spearman.n == 0
    assert figures.kappa_linear.value is None and figures.kappa_linear.n == 0

    labels = agreement([("A>B", "A>B"), ("A>B", "B>A"), ("B>A", "B>A")])
    assert labels.kind == "nominal" and labels.n == 3
    assert labels.exact.value == pytest.approx(2 / 3)
    assert labels.mean_abs_diff.n == 0


def test_undefined_figures_are_none_with_their_count() -> None:
    same = agreement([(5, 5), (5, 5), (5, 5)])
    assert same.exact.value == 1.0
    assert same.kappa.value is None and same.kappa.n == 3  # no disagreement expected
    empty = agreement([(None, 3), (4, None)])
    assert empty.n == 0 and empty.exact.value is None and empty.kappa.n == 0
    assert exact_agreement([]).value is None


def test_kinds_and_the_score_one_is_not_true() -> None:
    assert verdict_kind([True, False, None]) == "boolean"
    assert verdict_kind([1, 2.5]) == "ordinal"
    assert verdict_kind([1, "x"]) == "nominal"
    assert verdict_kind([]) == ""
    table = confusion_matrix([(True, 1), (1, 1)])
    assert len(table.labels) == 2 and table.n == 2
    assert exact_agreement([(True, 1)]).value == 0.0
    # Given categories show verdicts nobody gave, and keep their order.
    figures = agreement([(1, 2), (2, 2)], labels=[1, 2, 3])
    assert figures.confusion.counts == [[0, 1, 0], [0, 1, 0], [0, 0, 0]]
    outside = agreement([("good", "good"), ("meh", "good")], labels=["good", "bad"])
    assert outside.confusion.labels == ["good", "bad", "meh"] and outside.confusion.n == 2
