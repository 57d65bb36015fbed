"""What each review change is called on the undo stack ("Undo Give row 3 the verdict 7")."""

from __future__ import annotations

from judgedesk.core.messages import Message, say


def verdict(row: int, name: str | None) -> Message:
    """Giving a row a verdict (``name``), or clearing it (None)."""
    if name is None:
        return say("undo.clear_verdict", "Clear the verdict of row {row}", row=row)
    return say("undo.verdict", "Give row {row} the verdict {verdict}", row=row, verdict=name)


def agreement(row: int, agree: bool | None) -> Message:
    """Agreeing (True) or disagreeing (False) with the judge, or unsetting it (None)."""
    if agree is None:
        return say("undo.unset_agree", "Unset agreement on the judge on row {row}", row=row)
    if agree:
        return say("undo.agree", "Agree with the judge on row {row}", row=row)
    return say("undo.disagree", "Disagree with the judge on row {row}", row=row)


def dimension(row: int, name: str, score: float | None) -> Message:
    """Scoring one dimension of a row, or clearing its score (None)."""
    if score is None:
        return say(
            "undo.clear_dimension",
            "Clear the {dimension} score of row {row}",
            dimension=name,
            row=row,
        )
    return say(
        "undo.dimension",
        "Give row {row} {score} for {dimension}",
        row=row,
        score=score,
        dimension=name,
    )


def flag(row: int, flagged: bool) -> Message:
    """Flagging a row, or taking its flag off."""
    if flagged:
        return say("undo.flag", "Flag row {row}", row=row)
    return say("undo.unflag", "Unflag row {row}", row=row)


def note(row: int) -> Message:
    """Editing a row's note."""
    return say("undo.note", "Edit the note of row {row}", row=row)


def clear_review(row: int) -> Message:
    """Removing everything said about a row."""
    return say("undo.clear_review", "Clear the review of row {row}", row=row)


def decision(row: int, name: str | None) -> Message:
    """Deciding a row's final verdict (``name``), or taking the decision back (None)."""
    if name is None:
        return say("undo.undecide", "Take back the decision on row {row}", row=row)
    return say("undo.decide", "Decide {verdict} for row {row}", verdict=name, row=row)
