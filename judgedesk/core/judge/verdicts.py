"""One result from several judges' verdicts, without writing a postprocess script.

``run.aggregate`` names the rule. Judges whose reply held no verdict are left out and
the reason says how many gave one; with none, the row has no verdict.

- "mean", "median": of the scores (true counts 1, false 0; the mean of true/false
  verdicts is the share of judges saying true).
- "majority": the verdict most judges gave; a tie between verdicts gives no verdict.
- "min", "max": the lowest or highest score (for true/false: all true, any true).
- "all": true only when every judge says true; for scores, the lowest (every judge must
  pass).
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence

from judgedesk.core.judge.parsers import Verdict


def aggregate_verdicts(verdicts: Sequence[Verdict], how: str) -> Verdict:
    """Combine the verdicts of a row's judges (in the order they ran) by rule ``how``."""
    given = [v for v in verdicts if v.ok and v.value is not None]
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
    if how == "majority" or not numbers:
        if how != "majority":
            return _none(f"{note}Verdicts that are labels can only be combined by majority.")
        counts = Counter(values).most_common()
        if len(counts) > 1 and counts[0][1] == counts[1][1]:
            shown = ", ".join(f"{value!r} ×{count}" for value, count in counts)
            return _none(f"{note}No majority among the judges ({shown}).")
        return _made(counts[0][0], f"{note}Majority of {len(given)} judges.")
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


def _tidy(value: float | bool) -> float | int | bool:
    if isinstance(value, bool):
        return value
    return int(value) if float(value).is_integer() else round(value, 6)


def _made(value: object, reason: str) -> Verdict:
    return Verdict(ok=True, value=value, label=str(value), reason=reason.strip())  # type: ignore[arg-type]


def _none(reason: str) -> Verdict:
    return Verdict(ok=False, value=None, label=None, reason=reason.strip())
