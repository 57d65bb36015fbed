"""Reviewing a review pack: the reviewer's verdicts, flags and notes on its rows, undoable.

The review-only window holds a :class:`PackSession` over the pack it opened; each change
is a command on an :class:`~judgedesk.core.project.UndoStack`, applied to the pack's
reviews and announced with ``sig_review_changed``. Saving the pack to its file is for
whoever listens (the window writes it off the GUI thread).
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from dataclasses import replace
from typing import Any

from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.events import Signal
from judgedesk.core.project import SnapshotCommand, UndoStack
from judgedesk.core.review import edits
from judgedesk.core.review import undo_words as words
from judgedesk.core.review.pack import PackRow, ReviewPack
from judgedesk.core.run import Review


class PackSession:
    """The reviewer's changes to one pack's reviews, each one undoable.

    The rules are the Review pane's (:mod:`~judgedesk.core.review.edits`): a review that
    says nothing is removed, and a change that leaves the review as it was is no change.
    A review first made on a row whose judge's verdict the pack does not show is marked
    blind.

    Args:
        pack: the pack under review; its ``reviews`` change in place.
        undo: the stack commands go on; a new one by default.

    Signals:
        sig_review_changed: the dataset index of a row whose review was changed, undone
            or redone.
    """

    def __init__(self, pack: ReviewPack, undo: UndoStack | None = None) -> None:
        self.pack = pack
        self.undo = undo if undo is not None else UndoStack()
        self.scale = pack.review_scale()
        self.sig_review_changed: Signal[int] = Signal()
        self.touched: int | None = None
        """The row (its dataset index) the last change, undo or redo was about."""

    def review(self, row: PackRow) -> Review | None:
        """What the reviewer said of ``row`` so far (None: nothing)."""
        return self.pack.reviews.get(row.index)

    def give(self, row: PackRow, value: Any, label: str | None = None) -> SnapshotCommand:
        """Give ``row`` the verdict ``value``.

        Raises:
            JudgeDeskError: the value is not a verdict on the pack's scale.
        """
        try:
            value = self.scale.check(value)
        except ValueError as exc:
            raise JudgeDeskError(str(exc)) from None
        name = None if value is None else self.scale.name_of(value)
        return self._change(row, label or words.verdict(row.index, name), edits.give(value))

    def toggle_flag(self, row: PackRow, label: str | None = None) -> SnapshotCommand:
        """Flag ``row`` for a second look, or take the flag off."""
        review = self.review(row)
        text = label or words.flag(row.index, review is None or not review.flag)
        return self._change(row, text, edits.toggle_flag)

    def clear_verdict(self, row: PackRow, label: str | None = None) -> SnapshotCommand:
        """Take back ``row``'s verdict (the flag and the note stay)."""
        return self._change(row, label or words.verdict(row.index, None), edits.clear_verdict)

    def write_note(self, row: PackRow, text: str, label: str | None = None) -> SnapshotCommand:
        """Write ``row``'s note (typing into one note is one step of undo)."""
        return self._change(
            row, label or words.note(row.index), edits.note(text), ("note", row.index)
        )

    def _change(
        self, row: PackRow, label: str, edit: edits.Edit, merge: Hashable | None = None
    ) -> SnapshotCommand:
        before = self.review(row)
        # A row that shows no verdict of the judge is reviewed blind, as the Review
        # pane's blind mode is; the mark is set when the review is first made.
        blind = not (row.judge or row.judge_reply)
        base = before or Review(row.index, row.id, reviewer=self.pack.reviewer, blind=blind)
        after = edits.kept(replace(edit(base), updated=time.time()))
        index = row.index
        command = SnapshotCommand(label, before, after, lambda s: self._put(index, s), merge)
        if not edits.same_review(before, after):
            self.undo.push(command)
        return command

    def _put(self, index: int, state: object) -> None:
        if isinstance(state, Review):
            self.pack.reviews[index] = state
        else:
            self.pack.reviews.pop(index, None)
        self.touched = index
        self.sig_review_changed.emit(index)
