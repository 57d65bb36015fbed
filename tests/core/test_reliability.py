"""The human ceiling: Krippendorff's α and pairwise κ, checked against reference code.

``krippendorff`` (Castro's package) and scikit-learn's ``cohen_kappa_score`` are the
references, on random data with missing verdicts, at every level of measurement.
"""

from __future__ import annotations

import math
import random

import krippendorff
import pytest
from sklearn.metrics import cohen_kappa_score

from judgedesk.core.review.reliability import (
    alpha_interval,
    consensus,
    human_ceiling,
    krippendorff_alpha,
    level_for,
)


def _random_rows(seed: int, raters: int, rows: int, scale: list[int], missing: float) -> list:
    rng = random.Random(seed)
    table = []
    for _ in range(rows):
        truth = rng.choice(scale)
        line = []
        for _ in range(raters):
            if rng.random() < missing:
                line.append(None)
            elif rng.random() < 0.6:
                line.append(truth)
            else:
                line.append(rng.choice(scale))
        table.append(line)
    return table


def _reference(table: list, level: str) -> float:
    data = [[math.nan if row[r] is None else row[r] for row in table] for r in range(len(table[0]))]
    return float(krippendorff.alpha(reliability_data=data, level_of_measurement=level))


@pytest.mark.parametrize("level", ["nominal", "ordinal", "interval", "ratio"])
@pytest.mark.parametrize("seed", range(6))
def test_alpha_matches_the_reference_with_missing_verdicts(level: str, seed: int) -> None:
    scale = [1, 2, 3, 4, 5, 7, 10] if level != "nominal" else [1, 2, 3]
    table = _random_rows(seed, raters=2 + seed % 4, rows=40 + 7 * seed, scale=scale, missing=0.25)
    assert krippendorff_alpha(table, level) == pytest.approx(_reference(table, level), abs=1e-9)


def test_alpha_of_labels_and_booleans() -> None:
    table = [["safe", "safe", None], ["unsafe", "safe", "unsafe"], ["safe", None, "safe"]]
    table += [["unsafe", "unsafe", "unsafe"], ["safe", "unsafe", None]]
    codes = {"safe": 0, "unsafe": 1}
    numeric = [[None if v is None else codes[v] for v in row] for row in table]
    assert krippendorff_alpha(table) == pytest.approx(_reference(numeric, "nominal"))
    booleans = [[v == "safe" if v else None for v in row] for row in table]
    assert krippendorff_alpha(booleans) == pytest.approx(krippendorff_alpha(table))
    # True is not the score 1: mixed verdicts are different categories.
    assert krippendorff_alpha([[True, 1], [True, 1]]) is not None


def test_alpha_is_undefined_without_variation_or_pairs() -> None:
    assert krippendorff_alpha([[3, 3], [3, 3]], "interval") is None
    assert krippendorff_alpha([[1, None], [None, 2]]) is None
    assert krippendorff_alpha([[1, 1], [2, 2], [3, 3]], "ordinal") == pytest.approx(1.0)
    with pytest.raises(ValueError, match="unknown level"):
        krippendorff_alpha([[1, 2]], "cardinal")
    with pytest.raises(ValueError, match="numeric"):
        krippendorff_alpha([["a", "b"], ["a", "a"]], "interval")


def test_the_interval_holds_the_estimate_and_is_repeatable() -> None:
    table = _random_rows(7, raters=3, rows=120, scale=[1, 2, 3, 4, 5], missing=0.2)
    alpha = krippendorff_alpha(table, "interval")
    low, high = alpha_interval(table, "interval", seed=3)
    assert low is not None and high is not None and alpha is not None
    assert low <= alpha <= high and high - low < 0.5
    assert alpha_interval(table, "interval", seed=3) == (low, high)


def test_pairwise_kappa_matches_scikit_learn() -> None:
    table = _random_rows(11, raters=3, rows=200, scale=list(range(1, 11)), missing=0.3)
    verdicts = {
        name: {row: line[r] for row, line in enumerate(table) if line[r] is not None}
        for r, name in enumerate(("ana", "bo", "cy"))
    }
    ceiling = human_ceiling(verdicts, "interval")
    assert ceiling.raters == ("ana", "bo", "cy") and len(ceiling.pairs) == 3
    for pair in ceiling.pairs:
        a, b = verdicts[pair.first], verdicts[pair.second]
        shared = sorted(a.keys() & b.keys())
        expected = cohen_kappa_score(
            [a[r] for r in shared], [b[r] for r in shared], weights="quadratic"
        )
        assert pair.n == len(shared)
        assert pair.kappa.value == pytest.approx(expected)
        exact = sum(a[r] == b[r] for r in shared) / len(shared)
        assert pair.exact.value == pytest.approx(exact)
    assert ceiling.alpha.value == pytest.approx(_reference(table, "interval"))
    labels = {
        name: {r: "yes" if v > 5 else "no" for r, v in given.items()}
        for name, given in verdicts.items()
    }
    nominal = human_ceiling(labels, "nominal")
    for pair in nominal.pairs:
        a, b = labels[pair.first], labels[pair.second]
        shared = sorted(a.keys() & b.keys())
        expected = cohen_kappa_score([a[r] for r in shared], [b[r] for r in shared])
        assert pair.kappa.value == pytest.approx(expected)


def test_the_consensus_of_people() -> None:
    assert consensus([7, 8, None, 9], "interval") == 8
    assert consensus(["A>B", "A>B", "B>A"], "nominal") == "A>B"
    assert consensus(["yes", "no"], "nominal") is None  # a tie decides nothing
    assert consensus([True, True, False], "nominal") is True
    assert consensus([None, None], "nominal") is None
    assert level_for("score") == "interval" and level_for("pairwise") == "ordinal"
    assert level_for("label") == "nominal" and level_for(None) == "nominal"
