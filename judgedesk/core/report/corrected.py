"""A judge's rate corrected by people's labels: prediction-powered inference (PPI++).

The judge gives a verdict on every row; people label a sample of them. The judge alone
is biased by however much it errs; people alone are few. PPI++ (Angelopoulos, Duchi and
Zrnic, 2023, arXiv:2311.01453) uses both: the judge's mean over the unlabelled rows,
corrected by how far people and judge differ on the labelled ones, each judge term
weighted by λ (power tuning)::

    estimate = λ · mean(Ŷ unlabelled) + mean(Y − λ · Ŷ labelled)

The estimate and its interval are defined exactly as ``ppi_py.ppi_mean_pointestimate``
and ``ppi_py.ppi_mean_ci`` define them (ppi-python 0.2.3, ``lam=None``, two-sided,
normal approximation), which the tests check: with ``n`` labelled and ``N`` unlabelled
rows,

- λ = cov(Y, Ŷ) / ((1 + n/N) · var(Ŷ)), clipped to [0, 1], where the covariance is over
  the labelled rows (divided by n) and var(Ŷ) over every row with a verdict (divided by
  n + N − 1);
- the standard error is √(λ² s²(Ŷ unlabelled)/N + s²(Y − λŶ)/n), each s² divided by its
  own count, and the interval is the estimate ± z₀.₉₇₅ times it.

λ = 0 is the people's own mean and its usual interval; λ = 1 is plain PPI. Where
ppi-python would divide by zero we take λ = 0: when every row is labelled (N = 0) or the
judge gives one verdict everywhere, it has nothing to add.

A sample stratified by a field is corrected stratum by stratum (stratified PPI): each
stratum h, with N_h of the N rows, gets its own PPI++ estimate θ_h (its own λ) and
variance v_h as above, and::

    estimate = Σ w_h θ_h,   variance = Σ w_h² v_h,   w_h = N_h / N

so a stratum the sample over- or under-draws counts for its rows, not its labels
(:func:`stratified_mean`).

Planning more labels uses the same formula, with the variances seen so far taken as the
population's: labelling ``m`` rows in all leaves ``n + N − m`` unlabelled, λ is tuned again
for that split, and the half-width is z₀.₉₇₅ times the standard error above. Since
labelling a row moves it from the unlabelled side, the total stays ``n + N``. With strata,
more labels are planned in proportion to the strata's rows.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import NormalDist

from judgedesk.core.errors import JudgeDeskError

# The two-sided 95 % normal quantile, as ppi-python gets it from scipy (alpha = 0.05).
Z_95 = NormalDist().inv_cdf(1 - 0.05 / 2)


@dataclass(frozen=True)
class LabelSpread:
    """The variances PPI++'s interval is made of, as the rows so far show them.

    Attributes:
        n_labelled: rows with both a person's and the judge's verdict.
        n_unlabelled: rows with only the judge's verdict.
        people: variance of people's verdicts on the labelled rows (divided by n).
        judge_labelled: variance of the judge's verdicts on the labelled rows (by n).
        together: covariance of people's and judge's verdicts there (by n).
        judge_all: variance of the judge's verdicts on every row (by n + N − 1), λ's
            denominator.
        judge_unlabelled: variance of the judge's verdicts on the unlabelled rows (by N).
    """

    n_labelled: int
    n_unlabelled: int
    people: float
    judge_labelled: float
    together: float
    judge_all: float
    judge_unlabelled: float

    @property
    def rows(self) -> int:
        """Rows with a judge's verdict, labelled or not."""
        return self.n_labelled + self.n_unlabelled

    def lam(self, labelled: int) -> float:
        """The power-tuning λ ppi-python picks with ``labelled`` rows labelled."""
        unlabelled = self.rows - labelled
        if unlabelled <= 0 or self.judge_all <= 0.0:
            return 0.0
        lam = self.together / ((1 + labelled / unlabelled) * self.judge_all)
        return min(1.0, max(0.0, lam))

    def standard_error(self, labelled: int) -> float:
        """The estimate's standard error with ``labelled`` rows labelled in all."""
        if not 1 <= labelled <= self.rows:
            raise ValueError(f"labelled rows must be within 1..{self.rows}, not {labelled}")
        lam = self.lam(labelled)
        unlabelled = self.rows - labelled
        rectifier = self.people - 2 * lam * self.together + lam * lam * self.judge_labelled
        imputed = lam * lam * self.judge_unlabelled / unlabelled if unlabelled else 0.0
        return math.sqrt(max(0.0, rectifier) / labelled + imputed)

    def half_width(self, labelled: int) -> float:
        """The 95 % interval's half-width expected with ``labelled`` rows labelled in all."""
        return Z_95 * self.standard_error(labelled)

    def half_width_with(self, more: int) -> float:
        """The 95 % interval's half-width expected once ``more`` rows are labelled too
        (at most every row: ``more`` is capped at the unlabelled rows)."""
        return self.half_width(self.n_labelled + max(0, min(more, self.n_unlabelled)))

    def rows_needed(self, half_width: float) -> int | None:
        """How many rows must be labelled in all for a 95 % interval of ± ``half_width``.

        The count is found by halving between the rows labelled now and every row, so
        it is the first at which the expected half-width (:meth:`half_width`) is at most
        the one asked where it shrinks as rows are labelled, as it does unless λ is
        clipped. ``None`` when even labelling every row would not be enough.
        """
        return _rows_needed(self.half_width, self.n_labelled, self.rows, half_width)


@dataclass(frozen=True)
class StratifiedSpread:
    """The variances of a stratified estimate: each stratum's, with its weight.

    Attributes:
        parts: (w_h, the stratum's :class:`LabelSpread`) for each stratum.
    """

    parts: tuple[tuple[float, LabelSpread], ...]

    @property
    def n_labelled(self) -> int:
        """Rows with both a person's and the judge's verdict, in every stratum."""
        return sum(spread.n_labelled for _, spread in self.parts)

    @property
    def n_unlabelled(self) -> int:
        """Rows with only the judge's verdict, in every stratum."""
        return sum(spread.n_unlabelled for _, spread in self.parts)

    @property
    def rows(self) -> int:
        """Rows with a judge's verdict, labelled or not."""
        return self.n_labelled + self.n_unlabelled

    def standard_error(self, labelled: int) -> float:
        """The estimate's standard error with ``labelled`` rows labelled in all, those
        beyond today's shared among the strata in proportion to their rows."""
        if not self.n_labelled <= labelled <= self.rows:
            raise ValueError(
                f"labelled rows must be within {self.n_labelled}..{self.rows}, not {labelled}"
            )
        shares = _shares([w for w, _ in self.parts], labelled - self.n_labelled)
        variance = 0.0
        for (weight, spread), more in zip(self.parts, shares, strict=True):
            taken = spread.n_labelled + min(more, spread.n_unlabelled)
            variance += weight * weight * spread.standard_error(taken) ** 2
        return math.sqrt(variance)

    def half_width(self, labelled: int) -> float:
        """The 95 % interval's half-width expected with ``labelled`` rows labelled in all."""
        return Z_95 * self.standard_error(labelled)

    def half_width_with(self, more: int) -> float:
        """The 95 % interval's half-width expected once ``more`` rows are labelled too."""
        return self.half_width(self.n_labelled + max(0, min(more, self.n_unlabelled)))

    def rows_needed(self, half_width: float) -> int | None:
        """How many rows must be labelled in all for a 95 % interval of ± ``half_width``
        (see :meth:`LabelSpread.rows_needed`)."""
        return _rows_needed(self.half_width, self.n_labelled, self.rows, half_width)


Spread = LabelSpread | StratifiedSpread
"""What plans more labels for a corrected estimate, stratified or not."""


def _rows_needed(
    width: Callable[[int], float], low: int, high: int, half_width: float
) -> int | None:
    """The first count of labelled rows in ``low..high`` whose expected half-width
    ``width`` is at most ``half_width``, by halving; None when even ``high`` is not."""
    if half_width <= 0:
        raise ValueError("the half-width asked for must be above zero")
    if width(low) <= half_width:
        return low
    if width(high) > half_width:
        return None
    while high - low > 1:  # width(low) > asked >= width(high)
        middle = (low + high) // 2
        if width(middle) <= half_width:
            high = middle
        else:
            low = middle
    return high


def _shares(weights: Sequence[float], more: int) -> list[int]:
    """``more`` split in proportion to ``weights``, by the largest remainders."""
    exact = [more * w for w in weights]
    counts = [math.floor(x) for x in exact]
    by_remainder = sorted(range(len(weights)), key=lambda i: -(exact[i] - counts[i]))
    for i in by_remainder[: more - sum(counts)]:
        counts[i] += 1
    return counts


@dataclass(frozen=True)
class CorrectedMean:
    """A judge's mean verdict corrected by people's labels (PPI++), with its 95 % interval.

    Attributes:
        estimate: the corrected mean (see the module docstring).
        ci_low: the interval's lower end.
        ci_high: the interval's upper end.
        n_labelled: rows with both a person's and the judge's verdict.
        n_unlabelled: rows with only the judge's verdict.
        judge_alone: the judge's mean over every row with a verdict, uncorrected.
        lam: the power-tuning λ used, in [0, 1]; None for a stratified estimate, whose
            strata each have their own.
        spread: the variances behind the interval, to plan how many rows to label.
        strata: each stratum's own estimate, for a stratified one (empty otherwise).
    """

    estimate: float
    ci_low: float
    ci_high: float
    n_labelled: int
    n_unlabelled: int
    judge_alone: float
    lam: float | None
    spread: Spread
    strata: tuple[CorrectedMean, ...] = ()

    @property
    def half_width(self) -> float:
        """Half the interval's width."""
        return (self.ci_high - self.ci_low) / 2


def corrected_mean(
    people: Sequence[float], judge: Sequence[float], judge_unlabelled: Sequence[float]
) -> CorrectedMean:
    """The PPI++ estimate of the mean verdict and its 95 % interval (module docstring).

    Args:
        people: people's verdicts on the labelled rows, as numbers (1/0 for pass/fail).
        judge: the judge's verdicts on the same rows, in the same order.
        judge_unlabelled: the judge's verdicts on the other rows.

    Raises:
        JudgeDeskError: fewer than two labelled rows, or lists that do not pair up.
    """
    n, unlabelled = len(people), len(judge_unlabelled)
    if len(judge) != n:
        raise JudgeDeskError(
            f"{n} people's verdicts but {len(judge)} judge's verdicts on the labelled rows: "
            "give the judge's verdict for each labelled row, in the same order."
        )
    if n < 2:
        raise JudgeDeskError(
            f"Label at least 2 rows to correct the judge's rate ({n} labelled so far)."
        )
    mean_y, mean_j = math.fsum(people) / n, math.fsum(judge) / n
    mean_u = math.fsum(judge_unlabelled) / unlabelled if unlabelled else 0.0
    every = n + unlabelled
    mean_all = (mean_j * n + mean_u * unlabelled) / every
    spread = LabelSpread(
        n_labelled=n,
        n_unlabelled=unlabelled,
        people=math.fsum((y - mean_y) ** 2 for y in people) / n,
        judge_labelled=math.fsum((j - mean_j) ** 2 for j in judge) / n,
        together=math.fsum((y - mean_y) * (j - mean_j) for y, j in zip(people, judge, strict=True))
        / n,
        judge_all=(
            math.fsum((j - mean_all) ** 2 for j in judge)
            + math.fsum((j - mean_all) ** 2 for j in judge_unlabelled)
        )
        / (every - 1),
        judge_unlabelled=(
            math.fsum((j - mean_u) ** 2 for j in judge_unlabelled) / unlabelled
            if unlabelled
            else 0.0
        ),
    )
    lam = spread.lam(n)
    estimate = lam * mean_u + mean_y - lam * mean_j
    half = spread.half_width(n)
    return CorrectedMean(
        estimate=estimate,
        ci_low=estimate - half,
        ci_high=estimate + half,
        n_labelled=n,
        n_unlabelled=unlabelled,
        judge_alone=mean_all,
        lam=lam,
        spread=spread,
    )


def stratified_mean(
    strata: Sequence[tuple[Sequence[float], Sequence[float], Sequence[float]]],
) -> CorrectedMean:
    """The stratified PPI++ estimate of the mean verdict and its 95 % interval.

    Args:
        strata: for each stratum, the arguments of :func:`corrected_mean`: people's
            verdicts on its labelled rows, the judge's on the same rows, and the judge's
            on its other rows. A stratum counts for its rows (labelled or not).

    Raises:
        JudgeDeskError: no stratum, or one with fewer than two labelled rows.
    """
    if not strata:
        raise JudgeDeskError("A stratified estimate needs at least one stratum.")
    parts = [corrected_mean(*stratum) for stratum in strata]
    total = sum(part.n_labelled + part.n_unlabelled for part in parts)
    weights = [(part.n_labelled + part.n_unlabelled) / total for part in parts]
    estimate = math.fsum(w * part.estimate for w, part in zip(weights, parts, strict=True))
    spreads = [part.spread for part in parts]
    assert all(isinstance(s, LabelSpread) for s in spreads)  # corrected_mean's always are
    spread = StratifiedSpread(
        tuple((w, s) for w, s in zip(weights, spreads, strict=True) if isinstance(s, LabelSpread))
    )
    half = spread.half_width(spread.n_labelled)
    return CorrectedMean(
        estimate=estimate,
        ci_low=estimate - half,
        ci_high=estimate + half,
        n_labelled=spread.n_labelled,
        n_unlabelled=spread.n_unlabelled,
        judge_alone=math.fsum(w * part.judge_alone for w, part in zip(weights, parts, strict=True)),
        lam=None,
        spread=spread,
        strata=tuple(parts),
    )
