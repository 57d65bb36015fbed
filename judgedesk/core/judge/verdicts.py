"""One result from several judges' verdicts, without writing a postprocess script.

``run.aggregate`` names the rule. Except for "majority", judges whose reply held no
verdict are left out and the reason says how many gave one; with none, the row has no
verdict.

- "majority": the verdict more than half of ALL the judges asked gave. A judge that
  failed or whose reply could not be read still counts among them, so 2 of 3 decide
  but 1 of 2 does not; without such a majority the row has no verdict, and the reason
  names each judge's vote ("No majority: strict said 4, quick said 2, local failed").
  Two verdicts with as many votes never decide: the judges' order breaks no tie.
- "mean", "median": of the scores (true counts 1, false 0; the mean of true/false
  verdicts is the share of judges saying true).
- "min", "max": the lowest or highest score (for true/false: all true, any true).
- "all": true only when every judge says true; for scores, the lowest (every judge must
  pass).
"""

from __future__ import annotations

import statistics
from collections.abc import Collection, Sequence

from judgedesk.core.judge.parsers import Verdict


def aggregate_verdicts(
    verdicts: Sequence[Verdict],
    how: str,
    names: Sequence[str] = (),
    failed: Collection[int] = (),
) -> Verdict:
    """Combine the verdicts of a row's judges (in the order they ran) by rule ``how``.

    Args:
        verdicts: one per judge asked, in order; a judge that failed has one that is
            not ``ok`` (its ``reason`` says why).
        how: the rule (see the module docstring).
        names: the judges' names, same order, for the reason; "judge 1"… without them.
        failed: the positions of the judges whose call failed (no reply at all).
    """
    if how == "majority":
        return _majority(verdicts, names, failed)
    given = [v for i, v in enumerate(verdicts) if v.ok and v.value is not None and i not in failed]
    missing = len(verdicts) - len(given)
    note = f"{len(given)} of {len(verdicts)} judges gave a verdict. " if missing else ""
    if not given:
        reasons = "; ".join(v.reason for v in verdicts if v.reason)
        return Verdict(
            ok=False, value=None, label=None, reason=f"No judge gave a verdict: {reasons}"
        )
    values = [v.value for v in given]
    booleans = all(isinstance(v, bool) for v in values)
    numbers = booleans or all(isinstance(v, int | float) for v in values)
    if not numbers:
        return _none(f"{note}Verdicts that are labels can only be combined by majority.")
    scores = [float(v) for v in values]  # type: ignore[arg-type]
    if how == "mean":
        value: float | bool = statistics.fmean(scores)
    elif how == "median":
        value = statistics.median(scores)
    elif how in ("min", "all"):
        value = min(scores)
    elif how == "max":
        value = max(scores)
    else:
        return _none(f"Unknown way to combine judges' verdicts: '{how}'.")
    if (booleans and how in ("min", "max", "all")) or (
        booleans and how == "median" and value in (0.0, 1.0)
    ):
        value = bool(value)
    return _made(_tidy(value), f"{note}The {how} of {len(given)} judges' verdicts.")


def _majority(
    verdicts: Sequence[Verdict], names: Sequence[str], failed: Collection[int]
) -> Verdict:
    votes: dict[tuple[bool, object], list[int]] = {}
    for position, verdict in enumerate(verdicts):
        if position not in failed and verdict.ok and verdict.value is not None:
            # True == 1 in Python: the type keeps a true/false verdict apart from a 1.
            key = (isinstance(verdict.value, bool), verdict.value)
            votes.setdefault(key, []).append(position)
    said = ", ".join(
        _vote(verdict, names[i] if i < len(names) else f"judge {i + 1}", i in failed)
        for i, verdict in enumerate(verdicts)
    )
    backers = max(votes.values(), key=len, default=[])
    if 2 * len(backers) <= len(verdicts):
        return _none(f"No majority: {said}.")
    chosen = verdicts[backers[0]]
    reason = f"Majority of {len(backers)} of {len(verdicts)} judges: {said}."
    return Verdict(ok=True, value=chosen.value, label=chosen.label, reason=reason)


def _vote(verdict: Verdict, name: str, failed: bool) -> str:
    if failed:
        return f"{name} failed"
    if not verdict.ok or verdict.value is None:
        return f"{name} gave no verdict that could be read"
    value = verdict.value
    if isinstance(value, bool):
        shown = "true" if value else "false"
    elif verdict.label and verdict.label != str(value) and not verdict.dimensions:
        shown = f"{verdict.label} ({value})"
    else:
        shown = str(value)
    return f"{name} said {shown}"


def _tidy(value: float | bool) -> float | int | bool:
    if isinstance(value, bool):
        return value
    return int(value) if float(value).is_integer() else round(value, 6)


def _made(value: object, reason: str) -> Verdict:
    return Verdict(ok=True, value=value, label=str(value), reason=reason.strip())  # type: ignore[arg-type]


def _none(reason: str) -> Verdict:
    return Verdict(ok=False, value=None, label=None, reason=reason.strip())
