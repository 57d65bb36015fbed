"""What each change a person makes does to their review, and when two reviews say the same.

One set of rules for both places a person reviews: a project's results
(:class:`~judgedesk.core.review.session.ReviewSession`) and a review pack
(:class:`~judgedesk.core.review.pack_session.PackSession`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from judgedesk.core.run import Review

Edit = Callable[[Review], Review]
"""One change to a review: the review before → the review after."""


def give(value: Any) -> Edit:
    """Give the verdict ``value`` (None takes it back; the agreement stays)."""
    return lambda review: replace(review, value=value)


def agree(agreed: bool | None) -> Edit:
    """Agree (True) or disagree (False) with the judge; None unsets it."""
    return lambda review: replace(review, agree=agreed)


def flag(flagged: bool) -> Edit:
    """Flag the row for a second look (True), or take the flag off."""
    return lambda review: replace(review, flag=flagged)


def toggle_flag(review: Review) -> Review:
    """Flag the row, or take its flag off if it has one."""
    return replace(review, flag=not review.flag)


def note(text: str) -> Edit:
    """Write ``text`` as the note."""
    return lambda review: replace(review, note=text)


def score(dimension: str, value: float | None) -> Edit:
    """Score one dimension of the verdict (None clears its score)."""

    def edit(review: Review) -> Review:
        dimensions = dict(review.dimensions)
        if value is None:
            dimensions.pop(dimension, None)
        else:
            dimensions[dimension] = value
        return replace(review, dimensions=dimensions)

    return edit


def clear_verdict(review: Review) -> Review:
    """Take back the verdict and the agree / disagree; the flag and the note stay."""
    return replace(review, value=None, agree=None)


def clear_review(review: Review) -> Review:
    """Take back everything said about the row (dimension scores aside)."""
    return replace(review, value=None, agree=None, flag=False, note="")


def kept(review: Review) -> Review | None:
    """``review``, or None when it says nothing: a review that says nothing is removed."""
    return None if review.empty else review


def same_review(a: Review | None, b: Review | None) -> bool:
    """Whether two reviews say the same, whenever and by whoever they were written.

    A change that leaves the review the same is no change: nothing is written and
    nothing goes on the undo stack.
    """
    if a is None or b is None:
        return a is b
    return replace(a, updated=0.0, reviewer="") == replace(b, updated=0.0, reviewer="")
