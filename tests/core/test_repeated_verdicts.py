"""Figures over many rows count each repeated pattern of verdicts once; the shortcuts
must give what row-by-row counting gives, booleans beside numbers included."""

from __future__ import annotations

import random
from typing import Any

import pytest

from judgedesk.core.review.reliability import alpha_interval, consensus_rows, krippendorff_alpha
from judgedesk.core.review.two_raters import cohen_kappa, confusion_matrix, exact_agreement


def _tagged(value: Any) -> Any:
    """A verdict no other type can equal: True and 1 kept apart by hand."""
    return f"bool:{value}" if isinstance(value, bool) else f"{type(value).__name__}:{value}"


def test_true_and_1_stay_apart_in_the_confusion_matrix() -> None:
    pairs: list[tuple[Any, Any]] = [(True, 1), (1, True), (1, 1), (True, True), (True, 1)]
    table = confusion_matrix(pairs)
    assert table.n == 5 and len(table.labels) == 2
    by_label = {_tagged(v): i for i, v in enumerate(table.labels)}
    counted = {(a, b): table.counts[by_label[a]][by_label[b]] for a in by_label for b in by_label}
    assert counted == {
        ("bool:True", "int:1"): 2,
        ("int:1", "bool:True"): 1,
        ("int:1", "int:1"): 1,
        ("bool:True", "bool:True"): 1,
    }
    assert exact_agreement(pairs).value == pytest.approx(2 / 5)
    tagged = [(_tagged(a), _tagged(b)) for a, b in pairs]
    assert cohen_kappa(pairs).value == pytest.approx(cohen_kappa(tagged).value)


def test_repeated_pairs_give_the_figures_of_each_pair_counted() -> None:
    rng = random.Random(3)
    pairs = [(rng.randint(1, 5), rng.randint(1, 5)) for _ in range(3000)]
    table = confusion_matrix(pairs)
    assert table.labels == [1, 2, 3, 4, 5] and table.n == 3000
    for i, a in enumerate(table.labels):
        for j, b in enumerate(table.labels):
            assert table.counts[i][j] == sum(1 for pair in pairs if pair == (a, b))
    same = sum(1 for a, b in pairs if a == b)
    assert exact_agreement(pairs).value == same / 3000
    mixed = [(float(a), b) for a, b in pairs[:10]] + pairs[10:]  # 1.0 is the score 1
    assert confusion_matrix(mixed).counts == table.counts


def test_alpha_and_consensus_keep_booleans_apart_from_numbers() -> None:
    rows: list[list[Any]] = [[True, 1, 1], [1, 1, True], [True, True, None], [1, 1, 1]] * 5
    rows += [[False, 0, False], ["1", 1, True]]
    tagged = [[None if v is None else _tagged(v) for v in row] for row in rows]
    assert krippendorff_alpha(rows) == pytest.approx(krippendorff_alpha(tagged))
    decided = consensus_rows(rows, "nominal")
    assert [_tagged(v) if v is not None else None for v in decided[:4]] == [
        "int:1",
        "int:1",
        "bool:True",
        "int:1",
    ]
    assert consensus_rows([[7, 8, None], [7, 8, None], [9, 9, 9]], "interval") == [7.5, 7.5, 9]


def test_the_interval_spreads_as_a_bootstrap_of_rows_does() -> None:
    rng = random.Random(8)
    table: list[list[Any]] = []
    for _ in range(600):
        truth = rng.randint(1, 5)
        table.append([truth if rng.random() < 0.6 else rng.randint(1, 5) for _ in range(3)])
    alphas = []
    for _ in range(400):  # the plain bootstrap: rows drawn one by one
        value = krippendorff_alpha(rng.choices(table, k=len(table)), "interval")
        assert value is not None
        alphas.append(value)
    alphas.sort()
    plain = alphas[int(0.9 * len(alphas))] - alphas[int(0.1 * len(alphas))]
    low, high = alpha_interval(table, "interval", confidence=0.8, seed=1)
    alpha = krippendorff_alpha(table, "interval")
    assert low is not None and high is not None and alpha is not None
    assert low < alpha < high
    assert high - low == pytest.approx(plain, rel=0.25)
    assert alpha_interval(table, "interval", confidence=0.8, seed=1) == (low, high)
