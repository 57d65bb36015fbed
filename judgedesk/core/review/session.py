"""Reviewing the judge by hand: the queue of rows, the person's verdicts, undoable changes.

A :class:`ReviewSession` holds, for every row that has a result (or a review), the
judge's latest verdict, the person's review and any human label the dataset carries.
Each change a person makes is a command on an :class:`~judgedesk.core.project.undo.UndoStack`,
written to the store at once, and announced with ``sig_review_changed``.
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from dataclasses import replace
from typing import Any

from judgedesk.core.dataset import Dataset, search_rows
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.events import Signal
from judgedesk.core.project import Project, SnapshotCommand, UndoStack
from judgedesk.core.review import edits
from judgedesk.core.review import undo_words as words
from judgedesk.core.review.comparisons import review_agreement
from judgedesk.core.review.human import ReviewScale
from judgedesk.core.review.items import (
    JUDGE_SORTS,
    SHOW,
    SHOW_TESTS,
    SORT_KEYS,
    SORTS,
    JudgeVerdict,
    ReviewFilter,
    ReviewItem,
    ReviewProgress,
    below,
    in_range,
    item_holds,
    progress_of,
    same_value,
)
from judgedesk.core.review.snapshot import ReviewSnapshot, read_snapshot
from judgedesk.core.review.two_raters import AgreementFigures, is_number
from judgedesk.core.run import Adjudication, Review, Store

__all__ = [
    "SHOW",
    "SORTS",
    "JudgeVerdict",
    "ReviewFilter",
    "ReviewItem",
    "ReviewProgress",
    "ReviewSession",
    "same_value",
]


class ReviewSession:
    """The rows to review and the person's verdicts on them.

    Building it reads the store and, when the dataset maps a ``human`` column, that
    column for every row: blocking work for a worker thread, unless a ``snapshot`` read
    there (:func:`~judgedesk.core.review.snapshot.load_snapshot`) is given. Changes are
    quick SQLite writes (about a millisecond). One session belongs to the thread of its
    store.

    Args:
        store: the project's results store.
        dataset: the project's dataset, for human labels and text search; optional.
        project: for the review scale (see :func:`~judgedesk.core.review.human.scale_for`).
        reviewer: whose reviews are changed: the name written with every review. Other
            reviewers' reviews are read, never changed. None reads every reviewer's
            reviews as the people's (a report) and allows no change.
        undo: the stack commands go on; without one, changes cannot be undone.
        run_id: review one run's results instead of each row's latest.
        blind: hide the judge's verdict until the person has given theirs.
        snapshot: the rows, already read; without it they are read now.

    Signals:
        sig_review_changed: the row's new :class:`ReviewItem`, after any change, undo
            or redo.
        sig_reloaded: None, after :meth:`reload` read the results again.
    """

    def __init__(
        self,
        store: Store,
        dataset: Dataset | None = None,
        *,
        project: Project | None = None,
        reviewer: str | None = "",
        undo: UndoStack | None = None,
        run_id: int | None = None,
        blind: bool = False,
        snapshot: ReviewSnapshot | None = None,
    ) -> None:
        self.store = store
        self.dataset = dataset
        self.project = project
        self.reviewer = reviewer
        self.undo = undo
        self.run_id = run_id
        self.blind = blind
        self.sig_review_changed: Signal[ReviewItem] = Signal()
        self.sig_reloaded: Signal[None] = Signal()
        self.scale = ReviewScale("score")
        self._items: dict[int, ReviewItem] = {}
        self._search: tuple[str, frozenset[int]] | None = None
        self.reload(snapshot)

    # --- reading ----------------------------------------------------------------------

    def reload(self, snapshot: ReviewSnapshot | None = None) -> None:
        """Take the rows from ``snapshot``, or read them again from the store (blocking)."""
        if snapshot is None:
            snapshot = read_snapshot(
                self.store, self.dataset, self.project, self.run_id, self.reviewer
            )
        self.scale = snapshot.scale
        self._items = dict(snapshot.items)
        self._search = None
        self.sig_reloaded.emit(None)

    def __len__(self) -> int:
        return len(self._items)

    def rows(self) -> list[int]:
        """Every row in the review, in order."""
        return list(self._items)

    def items(self) -> list[ReviewItem]:
        """Every row's item, in row order."""
        return list(self._items.values())

    def item(self, row: int) -> ReviewItem:
        """The item of one row.

        Raises:
            JudgeDeskError: the row has no result and no review.
        """
        try:
            return self._items[row]
        except KeyError:
            raise JudgeDeskError(
                f"Row {row} has not been judged yet, so there is nothing to review. Run it first."
            ) from None

    def judge_visible(self, row: int) -> bool:
        """Whether the judge's verdict for ``row`` may be shown (see ``blind``)."""
        return self.item(row).judge_visible(self.blind)

    def queue(
        self,
        filter: ReviewFilter | None = None,
        sort: str = "row",
        *,
        found: frozenset[int] | None = None,
    ) -> list[int]:
        """The rows to review, filtered and in order (a text filter reads the dataset).

        Args:
            filter: which rows; all of them by default.
            sort: one of :data:`SORTS`: by row, largest disagreement first, judge score
                ascending or descending, least sure verdict first, most recently
                reviewed first.
            found: the dataset rows already found holding ``filter.text`` (a search
                made in another thread), so the dataset is not read here.
        """
        wanted = filter or ReviewFilter()
        if wanted.show not in SHOW:
            raise JudgeDeskError(f"Unknown review filter '{wanted.show}': use {', '.join(SHOW)}.")
        if sort not in SORTS:
            raise JudgeDeskError(f"Unknown sort '{sort}': use {', '.join(SORTS)}.")
        keep = SHOW_TESTS[wanted.show]
        blind = wanted.blind or self.blind
        if blind:  # a filter or sort by the judge's verdict would show it
            wanted = replace(wanted, score_min=None, score_max=None, confidence_below=None)
            sort = "row" if sort in JUDGE_SORTS else sort
        matched = None
        if wanted.text:
            matched = found if found is not None else self._text_matches(wanted.text)
        chosen = [
            item
            for item in self._items.values()
            if keep(item)
            and (wanted.rows is None or item.row_index in wanted.rows)
            and in_range(item.judge_value, wanted.score_min, wanted.score_max)
            and below(item, wanted.confidence_below)
            and (matched is None or item.row_index in matched or item_holds(item, wanted.text))
        ]
        chosen.sort(key=SORT_KEYS[sort])
        return [item.row_index for item in chosen]

    def _text_matches(self, text: str) -> frozenset[int]:
        if self.dataset is None:
            return frozenset()
        if self._search is None or self._search[0] != text:
            self._search = (text, frozenset(search_rows(self.dataset, text)))
        return self._search[1]

    def progress(self) -> ReviewProgress:
        """How far reviewing has got."""
        return progress_of(self._items.values(), len(self._items))

    def agreement(self) -> list[AgreementFigures]:
        """Person vs the judge's result, then judge vs judge for every pair of judges
        whose verdicts are of the same kind (see :func:`review_agreement`)."""
        return review_agreement(list(self._items.values()), self.scale)

    # --- changes (each one undoable) --------------------------------------------------

    def set_value(self, row: int, value: Any, label: str | None = None) -> SnapshotCommand:
        """Give the person's verdict for a row (None clears it).

        Raises:
            JudgeDeskError: the value is not a verdict on the review's scale.
        """
        try:
            value = self.scale.check(value)
        except ValueError as exc:
            raise JudgeDeskError(str(exc)) from None
        text = label or words.verdict(row, None if value is None else self.scale.name_of(value))
        return self._change(row, text, edits.give(value), anchor=True)

    def set_agree(self, row: int, agree: bool | None, label: str | None = None) -> SnapshotCommand:
        """Say the person agrees (True) or disagrees (False) with the judge; None unsets."""
        text = label or words.agreement(row, agree)
        return self._change(row, text, edits.agree(agree), anchor=True)

    def set_dimension(
        self, row: int, dimension: str, score: float | None, label: str | None = None
    ) -> SnapshotCommand:
        """Give the person's score for one dimension of a row's verdict (None clears it).

        Raises:
            JudgeDeskError: the score is not a finite number of zero or more.
        """
        if score is not None:
            if isinstance(score, bool) or not is_number(score) or not 0 <= float(score) < 1e9:
                raise JudgeDeskError(
                    f"A dimension's score is a number of zero or more, not {score!r}."
                )
            score = int(score) if float(score).is_integer() else float(score)
        text = label or words.dimension(row, dimension, score)
        return self._change(row, text, edits.score(dimension, score))

    def set_flag(self, row: int, flag: bool, label: str | None = None) -> SnapshotCommand:
        """Flag a row for a second look, or take the flag off."""
        text = label or words.flag(row, flag)
        return self._change(row, text, edits.flag(flag))

    def toggle_flag(self, row: int, label: str | None = None) -> SnapshotCommand:
        """Flag a row, or unflag it if it is flagged."""
        return self.set_flag(row, not self.item(row).flagged, label)

    def set_note(self, row: int, note: str, label: str | None = None) -> SnapshotCommand:
        """Write the person's note; typing into one row's note is undone at once."""
        text = label or words.note(row)
        return self._change(row, text, edits.note(note), merge=("note", row))

    def clear_verdict(self, row: int, label: str | None = None) -> SnapshotCommand:
        """Take back the person's verdict and their agree / disagree; the flag and the
        note stay."""
        text = label or words.verdict(row, None)
        return self._change(row, text, edits.clear_verdict)

    def clear_review(self, row: int, label: str | None = None) -> SnapshotCommand:
        """Remove everything the person said about a row."""
        text = label or words.clear_review(row)
        return self._change(row, text, edits.clear_review)

    def _change(
        self,
        row: int,
        label: str,
        edit: edits.Edit,
        *,
        anchor: bool = False,
        merge: Hashable | None = None,
    ) -> SnapshotCommand:
        if self.reviewer is None:
            raise JudgeDeskError("This review is read only: say whose reviews to change.")
        item = self.item(row)
        before = item.review
        base = before or Review(row, item.row_id)
        after = edit(base)
        after = replace(after, reviewer=self.reviewer, updated=time.time(), row_id=item.row_id)
        if anchor or before is None:
            result = item.result
            after = replace(
                after,
                judge_run=result.run_id if result else None,
                judge_status=result.status if result else None,
                judge_value=result.value if result else None,
                blind=self.blind,
            )

        def apply(state: object) -> None:
            self._restore(row, state if isinstance(state, Review) else None)

        final = edits.kept(after)
        command = SnapshotCommand(label, before, final, apply, merge)
        return self._push(command, edits.same_review(before, final))

    def _push(self, command: SnapshotCommand, unchanged: bool) -> SnapshotCommand:
        if unchanged:
            return command  # nothing changes: nothing to write or to undo
        if self.undo is not None:
            self.undo.push(command)
        else:
            command.do()
        return command

    def adjudicate(
        self, row: int, value: Any, note: str = "", label: str | None = None
    ) -> SnapshotCommand:
        """Decide a row's final human verdict where reviewers disagree (None takes the
        decision back); the reviewers' own reviews stay as they are.

        Raises:
            JudgeDeskError: the value is not a verdict on the review's scale.
        """
        try:
            value = self.scale.check(value)
        except ValueError as exc:
            raise JudgeDeskError(str(exc)) from None
        item = self.item(row)
        before = self.store.adjudications.get(row)
        after = None
        if value is not None:
            after = Adjudication(row, item.row_id, value, self.reviewer or "", note, time.time())
        text = label or words.decision(row, None if value is None else self.scale.name_of(value))

        def apply(state: object) -> None:
            decided = state if isinstance(state, Adjudication) else None
            if decided is None:
                self.store.adjudications.delete(row)
            else:
                self.store.adjudications.put(decided)
            current = self._items.get(row)
            if current is not None:
                item = replace(current, adjudicated=decided.value if decided else None)
                self._items[row] = item
                self.sig_review_changed.emit(item)

        return self._push(SnapshotCommand(text, before, after, apply), before == after)

    def _restore(self, row: int, review: Review | None) -> None:
        if review is None:
            self.store.reviews.delete(row, self.reviewer)
        else:
            self.store.reviews.put(review)
        current = self._items.get(row)
        if current is None:  # undone after a reload that no longer shows the row
            return
        item = replace(current, review=review)
        self._items[row] = item
        self.sig_review_changed.emit(item)


def disagreeing_rows(store: Store, dataset: Dataset | None, project: Project | None) -> list[int]:
    """The rows where a person's verdict differs from the judge's, for a run's ``pick``."""
    session = ReviewSession(store, dataset, project=project, reviewer=None)
    return session.queue(ReviewFilter(show="disagreements"))
