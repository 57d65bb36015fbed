"""How far two raters agree: a person and a judge, or two judges.

Every figure comes with the number of rows it is based on. A figure that does not apply
to the kind of verdict (a correlation between labels) is ``None`` with a count of 0; one
that applies but cannot be computed from these rows (kappa when both raters always give
the same single verdict) is ``None`` with the count of rows looked at.

Verdicts are of three kinds:

- ``boolean``: correct / incorrect (True / False);
- ``ordinal``: numbers — scores, or pairwise verdicts mapped to 1..5; ordered, so
  weighted kappa, Spearman's correlation and the mean absolute difference apply;
- ``nominal``: labels with no order; exact agreement, kappa and the confusion matrix.

A pairwise verdict that says only which answer is better (a :class:`Side`, a person's
plain "A" or "B") cannot agree or disagree with "A much better" against "A better": it
is left out of every figure here, and counted in ``side_only``. Compared as win / tie /
loss (the review's second figure for pairwise verdicts), it agrees with both.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from judgedesk.core.review.correlation import mean_abs_difference, spearman
from judgedesk.core.review.figure import NOT_APPLICABLE as NOT_APPLICABLE
from judgedesk.core.review.figure import Figure as Figure
from judgedesk.core.review.figure import is_number as is_number


class Side(int):
    """A pairwise verdict that says which answer is better but not by how much.

    Its number is the milder verdict on its side (2 for A, 4 for B), so it sorts, shows
    and counts as a win or a loss where it belongs; :func:`agreement` leaves it out of
    the figures that compare exact verdicts.
    """

    __slots__ = ()

    def __repr__(self) -> str:
        return f"Side({int(self)})"


@dataclass(frozen=True)
class Confusion:
    """How often each pair of verdicts was given.

    Attributes:
        labels: the verdicts, in order (ascending for numbers, False before True).
        counts: ``counts[i][j]`` rows where the first rater said ``labels[i]`` and the
            second ``labels[j]``.
        n: the number of rows counted.
    """

    labels: list[Any]
    counts: list[list[int]]
    n: int

    def to_dict(self) -> dict[str, Any]:
        return {"labels": list(self.labels), "counts": [list(r) for r in self.counts], "n": self.n}


@dataclass(frozen=True)
class AgreementFigures:
    """Every agreement figure between two raters over the rows both gave a verdict for.

    Attributes:
        first: the first rater's name ("person", a judge's name).
        second: the second rater's name.
        kind: "boolean", "ordinal" or "nominal" (see the module docstring).
        n: rows where both gave a verdict.
        exact: the share of those rows where the two verdicts are the same.
        kappa: Cohen's kappa (1960), agreement beyond chance.
        kappa_linear: kappa weighted by the distance between scores (ordinal only).
        kappa_quadratic: kappa weighted by the squared distance (ordinal only).
        spearman: Spearman's rank correlation (ordinal only).
        mean_abs_diff: the mean absolute difference between scores (ordinal only).
        confusion: the confusion matrix, first rater in rows.
        side_only: rows left out because a verdict there only says which answer is
            better (a :class:`Side`) while the figures compare exact verdicts.
    """

    first: str
    second: str
    kind: str
    n: int
    exact: Figure
    kappa: Figure
    kappa_linear: Figure = NOT_APPLICABLE
    kappa_quadratic: Figure = NOT_APPLICABLE
    spearman: Figure = NOT_APPLICABLE
    mean_abs_diff: Figure = NOT_APPLICABLE
    confusion: Confusion = field(default_factory=lambda: Confusion([], [], 0))
    side_only: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "first": self.first,
            "second": self.second,
            "kind": self.kind,
            "n": self.n,
            "exact": self.exact.to_dict(),
            "kappa": self.kappa.to_dict(),
            "kappa_linear": self.kappa_linear.to_dict(),
            "kappa_quadratic": self.kappa_quadratic.to_dict(),
            "spearman": self.spearman.to_dict(),
            "mean_abs_diff": self.mean_abs_diff.to_dict(),
            "confusion": self.confusion.to_dict(),
            "side_only": self.side_only,
        }


def verdict_kind(values: Iterable[Any]) -> str:
    """The kind of a set of verdicts: "boolean", "ordinal", "nominal" ("" when empty).

    Only True/False is boolean; numbers (possibly with True/False among them, read as
    1/0) are ordinal; anything else makes the set nominal.
    """
    seen_bool = seen_number = False
    for value in values:
        if value is None:
            continue
        if isinstance(value, bool):
            seen_bool = True
        elif is_number(value):
            seen_number = True
        else:
            return "nominal"
    if seen_number:
        return "ordinal"
    return "boolean" if seen_bool else ""


def _normalise(value: Any, kind: str) -> Any:
    if kind == "ordinal" and isinstance(value, bool):
        return int(value)
    if kind == "nominal" and not isinstance(value, str):
        return str(value)
    return value


def shared_pairs(pairs: Iterable[tuple[Any, Any]]) -> list[tuple[Any, Any]]:
    """The pairs where both verdicts are given (neither is None); pairs alike are one
    shared tuple, so a large run's pairs take a reference each, not a tuple each."""
    made: dict[Hashable, tuple[Any, Any]] = {}
    found = []
    for a, b in pairs:
        if a is None or b is None:
            continue
        try:
            pair = made.get(key := (type(a), a, type(b), b))
            if pair is None:
                pair = made[key] = (a, b)
        except TypeError:  # a verdict that is a list or an object: its own tuple
            pair = (a, b)
        found.append(pair)
    return found


def _normalised(pairs: list[tuple[Any, Any]], kind: str) -> list[tuple[Any, Any]]:
    """Each pair with its verdicts as the figures compare them, made once per tuple."""
    made: dict[int, tuple[Any, Any]] = {}  # by id: ``pairs`` holds every tuple meanwhile
    found = []
    for pair in pairs:
        normal = made.get(id(pair))
        if normal is None:
            normal = made[id(pair)] = (_normalise(pair[0], kind), _normalise(pair[1], kind))
        found.append(normal)
    return found


def _sort_key(value: Any) -> tuple[int, Any]:
    if isinstance(value, bool | int | float):
        return (0, float(value))
    return (1, str(value))


def confusion_matrix(
    pairs: Sequence[tuple[Any, Any]], labels: Sequence[Any] | None = None
) -> Confusion:
    """Count each pair of verdicts; pairs with a verdict outside ``labels`` are skipped.

    Args:
        pairs: (first rater's verdict, second rater's verdict) for each row.
        labels: the verdicts in the order wanted; by default every verdict seen, sorted.
    """
    counted = _counted(pairs)
    if labels is None:
        if counted is None:
            distinct = {_key(v): v for pair in pairs for v in pair}
        else:  # the same verdicts, each the last one given of those equal to it
            flat = list(itertools.chain.from_iterable(pairs))
            distinct = dict(zip(flat, flat, strict=True))
        labels = sorted(distinct.values(), key=_sort_key)
    position = {_key(label): i for i, label in enumerate(labels)}
    counts = [[0] * len(labels) for _ in labels]
    n = 0
    for (a, b), times in counted.items() if counted is not None else ((p, 1) for p in pairs):
        i, j = position.get(_key(a)), position.get(_key(b))
        if i is None or j is None:
            continue
        counts[i][j] += times
        n += times
    return Confusion(list(labels), counts, n)


def _counted(pairs: Sequence[tuple[Any, Any]]) -> Counter[tuple[Any, Any]] | None:
    """How often each pair occurs, counted in C: most rows repeat a few pairs of verdicts.
    None where a boolean meets verdicts of other types, which True == 1 would merge."""
    types = set(map(type, itertools.chain.from_iterable(pairs)))
    if bool in types and len(types) > 1:
        return None
    try:
        return Counter(map(tuple, pairs))
    except TypeError:  # a verdict that cannot be hashed: pair by pair
        return None


def _key(value: Any) -> tuple[str, Any]:
    # True == 1 in Python: the type keeps a boolean verdict apart from the score 1.
    return (type(value).__name__ if isinstance(value, bool) else "v", value)


def kappa_from_table(
    counts: Sequence[Sequence[float]],
    weights: str | Sequence[Sequence[float]] | None = None,
    values: Sequence[float] | None = None,
) -> float | None:
    """Cohen's kappa, plain or weighted, from a square table of counts or proportions.

    Weighted kappa (Cohen 1968) is ``1 - Σ v·observed / Σ v·expected`` with
    disagreement weights ``v`` (0 on the diagonal); with ``v = 1`` off the diagonal it is
    Cohen's (1960) kappa, ``(po - pe) / (1 - pe)``.

    Args:
        counts: ``counts[i][j]`` rows where the first rater chose category i and the
            second category j.
        weights: None (plain kappa), "linear" or "quadratic" (the distance between
            categories, or its square), or a square matrix of disagreement weights.
        values: for "linear" and "quadratic", the number each category stands for
            (default: 0, 1, 2, …); the distance is measured between these.

    Returns:
        Kappa, or None when it is undefined (no rows, or no disagreement is expected by
        chance because both raters use a single category).
    """
    size = len(counts)
    total = float(sum(sum(row) for row in counts))
    if size == 0 or total <= 0:
        return None
    rows = [sum(counts[i]) / total for i in range(size)]
    cols = [sum(counts[i][j] for i in range(size)) / total for j in range(size)]
    penalty = _penalties(size, weights, values)
    observed = sum(penalty[i][j] * counts[i][j] / total for i in range(size) for j in range(size))
    expected = sum(penalty[i][j] * rows[i] * cols[j] for i in range(size) for j in range(size))
    if expected <= 1e-12:
        return None
    return 1.0 - observed / expected


def _penalties(
    size: int, weights: str | Sequence[Sequence[float]] | None, values: Sequence[float] | None
) -> list[list[float]]:
    if weights is None:
        return [[0.0 if i == j else 1.0 for j in range(size)] for i in range(size)]
    if isinstance(weights, str):
        if weights not in ("linear", "quadratic"):
            raise ValueError(f"unknown kappa weights {weights!r}: use linear or quadratic")
        points = list(values) if values is not None else list(range(size))
        power = 1 if weights == "linear" else 2
        return [[abs(points[i] - points[j]) ** power for j in range(size)] for i in range(size)]
    return [[float(w) for w in row] for row in weights]


def cohen_kappa(
    pairs: Sequence[tuple[Any, Any]],
    weights: str | Sequence[Sequence[float]] | None = None,
    labels: Sequence[Any] | None = None,
) -> Figure:
    """Cohen's kappa between two raters' verdicts, plain or weighted.

    With "linear" or "quadratic" weights the verdicts must be numbers; the distance
    between two verdicts is their difference, so a 3 against a 5 counts twice as far
    as a 4 against a 5 even when no one gave a 4.
    """
    if not pairs:
        return Figure(None, 0)
    table = confusion_matrix(pairs, labels)
    values = None
    if isinstance(weights, str):
        if not all(is_number(v) or isinstance(v, bool) for v in table.labels):
            return NOT_APPLICABLE
        values = [float(v) for v in table.labels]
    return Figure(kappa_from_table(table.counts, weights, values), table.n)


def exact_agreement(pairs: Sequence[tuple[Any, Any]]) -> Figure:
    """The share of rows where both raters gave the same verdict."""
    if not pairs:
        return Figure(None, 0)
    counted = _counted(pairs)
    given = counted.items() if counted is not None else ((p, 1) for p in pairs)
    same = sum(times for (a, b), times in given if _key(a) == _key(b))
    return Figure(same / len(pairs), len(pairs))


def agreement(
    pairs: Iterable[tuple[Any, Any]],
    first: str = "first",
    second: str = "second",
    kind: str | None = None,
    labels: Sequence[Any] | None = None,
) -> AgreementFigures:
    """Every agreement figure between two raters.

    Args:
        pairs: (first rater's verdict, second rater's verdict) per row; rows where
            either is None are left out, and rows where either is a :class:`Side`
            (counted in ``side_only``).
        first: the first rater's name, for reports.
        second: the second rater's name.
        kind: "boolean", "ordinal" or "nominal"; by default found from the verdicts.
        labels: the categories in order (for a confusion matrix that also shows
            verdicts no one gave, e.g. every score from 1 to 10); verdicts given that
            are not among them are added after them.
    """
    given = shared_pairs(pairs)
    kept = [p for p in given if not isinstance(p[0], Side) and not isinstance(p[1], Side)]
    kind = kind or verdict_kind(v for pair in given for v in pair) or "nominal"
    kept = _normalised(kept, kind)
    if labels is not None:
        labels = [_normalise(label, kind) for label in labels]
        known = {_key(label) for label in labels}
        unseen = {_key(v): v for pair in kept for v in pair if _key(v) not in known}
        labels += sorted(unseen.values(), key=_sort_key)  # a verdict outside the scale
    figures = AgreementFigures(
        first=first,
        second=second,
        kind=kind,
        n=len(kept),
        exact=exact_agreement(kept),
        kappa=cohen_kappa(kept, None, labels),
        confusion=confusion_matrix(kept, labels),
        side_only=len(given) - len(kept),
    )
    if kind != "ordinal":
        return figures
    return replace(
        figures,
        kappa_linear=cohen_kappa(kept, "linear", labels),
        kappa_quadratic=cohen_kappa(kept, "quadratic", labels),
        spearman=spearman(kept),
        mean_abs_diff=mean_abs_difference(kept),
    )
