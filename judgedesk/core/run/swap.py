"""A pairwise judge's verdict on a pair it was asked about in both orders."""

from __future__ import annotations

from judgedesk.core.judge import Verdict, mirror
from judgedesk.core.run.pairs import combine, label_for


def combined_verdict(parser: str, first: Verdict, second: Verdict) -> Verdict:
    """The verdict of a pair judged in both orders (``second`` as the judge gave it)."""
    numbers = pair_values(first, second)
    if numbers is None:
        failed = first if not first.ok else second
        which = "as given" if failed is first else "with the answers swapped"
        return Verdict(
            ok=False,
            value=None,
            label=None,
            reason=f"The reply {which} holds no verdict: {failed.reason}",
            raw=failed.raw,
        )
    back = mirror(numbers[1])
    value, consistent = combine(numbers[0], back)
    first_label = label_for(parser, numbers[0]) or first.label
    back_label = label_for(parser, back) or str(back)
    if consistent:
        reason = f"Both orders agree: {first_label}, and {back_label} with the answers swapped."
    else:
        reason = (
            f"The two orders disagree ({first_label}, then {back_label} with the answers "
            "swapped): counted as a tie."
        )
    return Verdict(
        ok=True,
        value=value,
        label=label_for(parser, value),
        ambiguous=first.ambiguous or second.ambiguous,
        candidates=(*first.candidates, *second.candidates),
        reason=reason,
        raw=first.raw,
    )


def pair_values(first: Verdict, second: Verdict) -> tuple[int | float, int | float] | None:
    """The two orders' verdicts as numbers on the 1–5 scale, or None unless both are."""
    values = (first.value, second.value)
    if not (first.ok and second.ok):
        return None
    if any(isinstance(v, bool) or not isinstance(v, int | float) for v in values):
        return None
    return values  # type: ignore[return-value]
