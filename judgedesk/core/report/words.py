"""Words the report's sections share, each said so the reader's language can say it:
counts of reviews and verdicts, the levels of measurement and kinds of verdicts, the
raters' names the core gives, and the rows' statuses."""

from __future__ import annotations

from judgedesk.core.messages import Message, Translate, render, say

LEVELS: dict[str, Message] = {
    "nominal": say("report.level.nominal", "nominal"),
    "ordinal": say("report.level.ordinal", "ordinal"),
    "interval": say("report.level.interval", "interval"),
    "ratio": say("report.level.ratio", "ratio"),
    "boolean": say("report.level.boolean", "correct / incorrect"),
}
"""A level of measurement (Krippendorff's α) or a kind of verdict compared, in words; the
keys are the names the review stage gives them."""

RATERS: dict[str, Message] = {
    "person": say("report.html.rater_person", "person"),
    "judge": say("report.html.rater_judge", "judge"),
    "person (win/tie/loss)": say("report.html.rater_person_outcome", "person (win/tie/loss)"),
    "judge (win/tie/loss)": say("report.html.rater_judge_outcome", "judge (win/tie/loss)"),
}
"""The names the core gives the person and the judge's result when it compares them (a
judge's or a reviewer's own name is shown as it is)."""


STATUSES: dict[str, Message] = {
    "ok": say("report.html.ok", "ok"),
    "error": say("report.text.status_error", "error"),
    "unparsed": say("report.text.status_unparsed", "unparsed"),
}
"""A row's status, in words."""


def status_said(status: str | None) -> str:
    """A row's status in words (as it is when the core did not name it)."""
    return STATUSES.get(str(status), str(status))


def level_said(level: str) -> str:
    """A level or kind of verdict in words (as it is when the core did not name it)."""
    return LEVELS.get(level, level)


def rater(name: str, tr: Translate) -> str:
    """A rater's name in the reader's words when the core named it."""
    return render(RATERS[name], tr) if name in RATERS else name


def reviews_said(count: int) -> Message:
    """``count`` reviews: "1 review", "12 reviews"."""
    if count == 1:
        return say("report.reviews.one", "1 review")
    return say("report.reviews.many", "{count} reviews", count=f"{count:,}")


def verdicts_said(count: int) -> Message:
    """``count`` verdicts: "1 verdict", "12 verdicts"."""
    if count == 1:
        return say("report.verdicts.one", "1 verdict")
    return say("report.verdicts.many", "{count} verdicts", count=f"{count:,}")
