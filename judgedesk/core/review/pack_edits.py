"""A review pack's reviews as a reviewer changes them, each change one step of undo."""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import replace

from judgedesk.core.events import Signal
from judgedesk.core.project import SnapshotCommand, UndoStack
from judgedesk.core.review.pack import PackRow, ReviewPack
from judgedesk.core.run import Review


class PackEdits:
    """The open pack's reviews, changed only through :meth:`change` (and undo, redo).

    Signals:
        sig_review_changed: the dataset index of a row whose review was changed, undone
            or redone (the pack then holds the new review).
    """

    def __init__(self) -> None:
        self.pack: ReviewPack | None = None
        self.undo = UndoStack()
        self.sig_review_changed: Signal[int] = Signal()

    def open(self, pack: ReviewPack) -> None:
        """Edit ``pack``'s reviews; the undo history starts again."""
        self.pack = pack
        self.undo.clear()

    def change(
        self,
        row: PackRow,
        label: str,
        edit: Callable[[Review], Review],
        merge_key: Hashable | None = None,
    ) -> None:
        """Change ``row``'s review with ``edit``, as one step of undo labelled ``label``.

        A review that says nothing is removed; consecutive changes with the same
        ``merge_key`` (typing into one note) are undone together.
        """
        pack = self.pack
        if pack is None:
            return
        before = pack.reviews.get(row.index)
        base = before or Review(row.index, row.id, reviewer=pack.reviewer)
        after: Review | None = replace(edit(base), updated=time.time())
        if after is not None and after.empty:
            after = None
        if _same(before, after):
            return
        index = row.index
        command = SnapshotCommand(label, before, after, lambda s: self._put(index, s), merge_key)
        self.undo.push(command)

    def _put(self, index: int, state: object) -> None:
        if self.pack is None:
            return
        if isinstance(state, Review):
            self.pack.reviews[index] = state
        else:
            self.pack.reviews.pop(index, None)
        self.sig_review_changed.emit(index)


def _same(before: Review | None, after: Review | None) -> bool:
    if before is None or after is None:
        return before is after
    return replace(before, updated=0.0) == replace(after, updated=0.0)
