"""A judge's verdict probabilities over several calls: its samples, or both orders of a pair.

Each call's step keeps what its reply's probabilities said (``judge.read_probabilities``).
When every call has them, the judge's step gets their mean: each verdict's probability,
the expected value, the probability that B is better and the confidence, the second order
of a pair mirrored first (its A is the first order's B). When one has none, the step says
so and keeps no combined figures.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Any

from judgedesk.core.judge import TIE
from judgedesk.core.run.details import JudgeStepDetail, RowDetail

PROBABILITY_KEYS = (
    "sampled",
    "probabilities",
    "expected",
    "b_better",
    "confidence",
    "probability_note",
)
"""The keys of a judge step that hold what the probabilities said."""

_SWAP = str.maketrans("AB", "BA")


def probability_part(step: JudgeStepDetail) -> dict[str, Any]:
    """The probability keys of one call's step, as a sample or an order keeps them."""
    return {key: step[key] for key in PROBABILITY_KEYS if key in step}  # type: ignore[literal-required]


def mirrored(part: dict[str, Any]) -> dict[str, Any]:
    """A call's probabilities made with the answers swapped, in the original order."""
    turned = dict(part)
    if isinstance(part.get("sampled"), str):
        turned["sampled"] = _mirror_label(part["sampled"])
    if isinstance(part.get("probabilities"), dict):
        turned["probabilities"] = {
            _mirror_label(label): p for label, p in part["probabilities"].items()
        }
    if isinstance(part.get("expected"), int | float):
        turned["expected"] = 2 * TIE - part["expected"]
    if isinstance(part.get("b_better"), int | float):
        turned["b_better"] = 1.0 - part["b_better"]
    return turned


def _mirror_label(label: str) -> str:
    turned = label.translate(_SWAP)
    return "A=B" if turned == "B=A" else turned


def combine_probabilities(
    step: JudgeStepDetail, parts: Sequence[dict[str, Any]], what: str = "samples"
) -> str | None:
    """Put on ``step`` the mean of the calls' probabilities (``parts``, each a call's
    :func:`probability_part`, already in the step's order).

    Args:
        step: the judge's step; its own probability keys are replaced.
        parts: each call's probability keys.
        what: the calls, as a note names them ("samples", "orders").

    Returns:
        The most probable verdict over the calls (the sampled one among equals), or None
        when the probabilities are not combined (the judge does not read them, or a
        call has none).
    """
    for key in PROBABILITY_KEYS:
        step.pop(key, None)  # type: ignore[misc]
    if not any(part for part in parts):
        return None
    step["sampled"] = parts[0].get("sampled")
    missing = [part for part in parts if "probabilities" not in part]
    if missing:
        why = missing[0].get("probability_note") or "none were read"
        step["probability_note"] = f"not every one of the {what} has probabilities: {why}"
        return None
    tables: list[dict[str, float]] = [part["probabilities"] for part in parts]
    labels = list(dict.fromkeys(label for table in tables for label in table))
    mean = {label: statistics.fmean(t.get(label, 0.0) for t in tables) for label in labels}
    step["probabilities"] = mean
    for key in ("expected", "b_better", "confidence"):
        values = [part.get(key) for part in parts]
        if all(isinstance(value, int | float) for value in values):
            step[key] = statistics.fmean(values)  # type: ignore[literal-required,arg-type]
    sampled = step["sampled"]
    return max(mean, key=lambda label: (mean[label], label == sampled))


def judges_mean(detail: RowDetail, steps: Sequence[JudgeStepDetail]) -> None:
    """Put on a row's detail the mean of its judges' probabilities (each judge's step
    reading them), beside the verdict their ``run.aggregate`` made; when one judge has
    none, the note says so."""
    combined: JudgeStepDetail = {"judge": ""}
    combine_probabilities(combined, [probability_part(step) for step in steps], "judges")
    for key in ("probabilities", "expected", "b_better", "confidence", "probability_note"):
        if key in combined:
            detail[key] = combined[key]
