"""Reviewing the judge by hand: the queue of rows, the person's verdicts, undoable changes.

A :class:`ReviewSession` holds, for every row that has a result (or a review), the
judge's latest verdict, the person's review and any human label the dataset carries.
Each change a person makes is a command on an :class:`~judgedesk.core.undo.UndoStack`,
written to the store at once, and announced with ``sig_review_changed``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from judgedesk.core.agreement import AgreementFigures, agreement, is_number
from judgedesk.core.datasets import Dataset, search_rows, text_contains
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.events import Signal
from judgedesk.core.human import ReviewScale, dataset_labels, scale_for
from judgedesk.core.project import Project
from judgedesk.core.review_store import Review
from judgedesk.core.store import ResultRecord, Store
from judgedesk.core.undo import SnapshotCommand, UndoStack

SHOW = ("all", "unreviewed", "reviewed", "disagreements", "flagged", "errors", "unparsed", "stale")
SORTS = ("row", "disagreement", "score", "score_desc", "updated")


@dataclass(frozen=True)
class JudgeVerdict:
    """One judge's parsed verdict on a row (from the result's per-judge detail)."""

    name: str
    ok: bool
    value: Any
    label: str | None
    dimensions: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class ReviewItem:
    """A row as the review sees it: the judge's result, the review, the dataset's label.

    Attributes:
        row_index: the row's index.
        row_id: the row's id.
        result: its latest result (or the chosen run's), None when never run.
        review: the person's review, None when there is none.
        dataset_value: the human verdict the dataset's ``human`` column holds, if any.
        judges: each judge's own verdict, in the order they ran.
    """

    row_index: int
    row_id: str
    result: ResultRecord | None
    review: Review | None
    dataset_value: Any = None
    judges: tuple[JudgeVerdict, ...] = ()

    @property
    def status(self) -> str | None:
        """ "ok", "error" or "unparsed"; None when the row has no result."""
        return self.result.status if self.result else None

    @property
    def judge_value(self) -> Any:
        """The row's final result (None unless the status is "ok")."""
        return self.result.value if self.result and self.result.status == "ok" else None

    @property
    def human(self) -> tuple[Any, str | None]:
        """The person's verdict and where it comes from.

        The source is "review" (given by hand), "agree" (the person agreed with the
        judge's verdict, which becomes theirs), "disagree" (disagreed with a true/false
        verdict, so theirs is the opposite), "dataset" (the dataset's human column), or
        None when there is no human verdict. A hand review wins over the dataset.
        """
        review = self.review
        if review is not None:
            if review.value is not None:
                return review.value, "review"
            if review.agree is True and review.judge_status == "ok":
                return review.judge_value, "agree"
            if review.agree is False and isinstance(review.judge_value, bool):
                return (not review.judge_value), "disagree"
        if self.dataset_value is not None:
            return self.dataset_value, "dataset"
        return None, None

    @property
    def human_value(self) -> Any:
        return self.human[0]

    @property
    def reviewed(self) -> bool:
        """The person gave a verdict or said whether they agree."""
        review = self.review
        return review is not None and (review.value is not None or review.agree is not None)

    @property
    def flagged(self) -> bool:
        return self.review is not None and self.review.flag

    @property
    def stale(self) -> bool:
        """The judge's result changed (or the row's id did) since the review was made."""
        review = self.review
        if review is None or review.judge_status is None:
            return False
        if review.row_id != self.row_id:
            return True
        current = self.result
        if current is None:
            return True
        return review.judge_status != current.status or not same_value(
            review.judge_value, current.value
        )

    @property
    def disagreement(self) -> float | None:
        """How far the person and the judge are apart: 0 when they agree, the absolute
        difference for scores, 1 for different labels or a plain "disagree"; None when
        it is not known (no human verdict, or no judge verdict)."""
        human, judge = self.human_value, self.judge_value
        if human is None:
            return 1.0 if self.review is not None and self.review.agree is False else None
        if judge is None:
            return None
        if is_number(human) and is_number(judge):
            return abs(float(human) - float(judge))
        return 0.0 if same_value(human, judge) else 1.0

    def judge_visible(self, blind: bool) -> bool:
        """Whether the judge's verdict may be shown: always, or in blind mode only once
        the person has given their own."""
        return not blind or self.reviewed


def same_value(a: Any, b: Any) -> bool:
    """Equal verdicts, with True never equal to the score 1."""
    return bool(a == b) and isinstance(a, bool) == isinstance(b, bool)


@dataclass(frozen=True)
class ReviewFilter:
    """Which rows the queue shows.

    Attributes:
        show: one of :data:`SHOW`: every row, rows not yet reviewed, reviewed ones,
            disagreements (the person and the judge differ, or the person disagreed),
            flagged, failed ("errors"), unreadable verdicts ("unparsed"), or reviews
            made before the judge's result changed ("stale").
        score_min: only rows whose judge score is at least this.
        score_max: only rows whose judge score is at most this.
        text: only rows holding this text (any dataset field, the note, the verdicts,
            the error), ignoring case. Searching reads the dataset.
        rows: only these rows (e.g. the rows two runs judged differently).
    """

    show: str = "all"
    score_min: float | None = None
    score_max: float | None = None
    text: str = ""
    rows: frozenset[int] | None = None


@dataclass(frozen=True)
class ReviewProgress:
    """How far reviewing has got.

    Attributes:
        total: rows in the review.
        reviewed: rows the person gave a verdict for (or agreed / disagreed).
        agreed: of those, rows where the person and the judge agree.
        disagreed: rows where they disagree.
        flagged: rows flagged.
        stale: reviews made before the judge's result changed.
        from_dataset: rows whose only human verdict comes from the dataset.
    """

    total: int
    reviewed: int
    agreed: int
    disagreed: int
    flagged: int
    stale: int
    from_dataset: int

    def to_dict(self) -> dict[str, int]:
        return dict(self.__dict__)


class ReviewSession:
    """The rows to review and the person's verdicts on them.

    Building it reads the store and, when the dataset maps a ``human`` column, that
    column for every row: blocking work for a worker thread. Changes are quick SQLite
    writes. One session belongs to the thread of its store.

    Args:
        store: the project's results store.
        dataset: the project's dataset, for human labels and text search; optional.
        project: for the review scale (see :func:`~judgedesk.core.human.scale_for`).
        reviewer: the name written with every review.
        undo: the stack commands go on; without one, changes cannot be undone.
        run_id: review one run's results instead of each row's latest.
        blind: hide the judge's verdict until the person has given theirs.

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
        reviewer: str = "",
        undo: UndoStack | None = None,
        run_id: int | None = None,
        blind: bool = False,
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
        self.reload()

    # --- reading ----------------------------------------------------------------------

    def reload(self) -> None:
        """Read results and reviews again (after a run); blocking."""
        if self.run_id is None:
            results = self.store.latest_results()
        else:
            results = {r.row_index: r for r in self.store.results(self.run_id)}
        reviews = self.store.reviews.all()
        self.scale = scale_for(
            self.project, (r.value for r in results.values() if r.status == "ok")
        )
        rows = sorted(set(results) | set(reviews))
        labels = {}
        if self.dataset is not None:
            labels = dataset_labels(self.dataset, rows, self.scale)
        self._items = {
            index: _item(index, results.get(index), reviews.get(index), labels.get(index))
            for index in rows
        }
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

    def queue(self, filter: ReviewFilter | None = None, sort: str = "row") -> list[int]:
        """The rows to review, filtered and in order (a text filter reads the dataset).

        Args:
            filter: which rows; all of them by default.
            sort: one of :data:`SORTS`: by row, largest disagreement first, judge score
                ascending or descending, most recently reviewed first.
        """
        wanted = filter or ReviewFilter()
        if wanted.show not in SHOW:
            raise JudgeDeskError(f"Unknown review filter '{wanted.show}': use {', '.join(SHOW)}.")
        if sort not in SORTS:
            raise JudgeDeskError(f"Unknown sort '{sort}': use {', '.join(SORTS)}.")
        keep = _SHOW_TESTS[wanted.show]
        matched = self._text_matches(wanted.text) if wanted.text else None
        chosen = [
            item
            for item in self._items.values()
            if keep(item)
            and (wanted.rows is None or item.row_index in wanted.rows)
            and _in_range(item.judge_value, wanted.score_min, wanted.score_max)
            and (matched is None or item.row_index in matched or _item_holds(item, wanted.text))
        ]
        chosen.sort(key=_SORT_KEYS[sort])
        return [item.row_index for item in chosen]

    def _text_matches(self, text: str) -> frozenset[int]:
        if self.dataset is None:
            return frozenset()
        if self._search is None or self._search[0] != text:
            self._search = (text, frozenset(search_rows(self.dataset, text)))
        return self._search[1]

    def progress(self) -> ReviewProgress:
        """How far reviewing has got."""
        items = self._items.values()
        reviewed = [i for i in items if i.reviewed]
        return ReviewProgress(
            total=len(self._items),
            reviewed=len(reviewed),
            agreed=sum(1 for i in reviewed if i.disagreement == 0),
            disagreed=sum(1 for i in items if _disagrees(i)),
            flagged=sum(1 for i in items if i.flagged),
            stale=sum(1 for i in items if i.stale),
            from_dataset=sum(1 for i in items if i.human[1] == "dataset"),
        )

    def agreement(self) -> list[AgreementFigures]:
        """Person vs the judge's result, then judge vs judge for every pair of judges."""
        labels = list(self.scale.choices) or None
        figures = [
            agreement(
                ((i.human_value, i.judge_value) for i in self._items.values()),
                "person",
                "judge",
                labels=labels,
            )
        ]
        names = list(dict.fromkeys(j.name for i in self._items.values() for j in i.judges))
        for a_pos, first in enumerate(names):
            for second in names[a_pos + 1 :]:
                figures.append(
                    agreement(_judge_pairs(self._items.values(), first, second), first, second)
                )
        return figures

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
        text = label or (
            f"Clear the verdict of row {row}"
            if value is None
            else f"Give row {row} the verdict {self.scale.name_of(value)}"
        )
        return self._change(row, text, lambda r: replace(r, value=value), anchor=True)

    def clear_value(self, row: int, label: str | None = None) -> SnapshotCommand:
        """Remove the person's verdict for a row."""
        return self.set_value(row, None, label)

    def set_agree(self, row: int, agree: bool | None, label: str | None = None) -> SnapshotCommand:
        """Say the person agrees (True) or disagrees (False) with the judge; None unsets."""
        word = {True: "Agree with", False: "Disagree with", None: "Unset agreement on"}[agree]
        text = label or f"{word} the judge on row {row}"
        return self._change(row, text, lambda r: replace(r, agree=agree), anchor=True)

    def set_flag(self, row: int, flag: bool, label: str | None = None) -> SnapshotCommand:
        """Flag a row for a second look, or take the flag off."""
        text = label or f"{'Flag' if flag else 'Unflag'} row {row}"
        return self._change(row, text, lambda r: replace(r, flag=flag))

    def toggle_flag(self, row: int, label: str | None = None) -> SnapshotCommand:
        """Flag a row, or unflag it if it is flagged."""
        return self.set_flag(row, not self.item(row).flagged, label)

    def set_note(self, row: int, note: str, label: str | None = None) -> SnapshotCommand:
        """Write the person's note; typing into one row's note is undone at once."""
        text = label or f"Edit the note of row {row}"
        return self._change(row, text, lambda r: replace(r, note=note), merge=("note", row))

    def clear_review(self, row: int, label: str | None = None) -> SnapshotCommand:
        """Remove everything the person said about a row."""
        text = label or f"Clear the review of row {row}"
        return self._change(
            row, text, lambda r: replace(r, value=None, agree=None, flag=False, note="")
        )

    def _change(
        self,
        row: int,
        label: str,
        edit: Callable[[Review], Review],
        *,
        anchor: bool = False,
        merge: Hashable | None = None,
    ) -> SnapshotCommand:
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
            )

        def apply(state: object) -> None:
            self._restore(row, state if isinstance(state, Review) else None)

        command = SnapshotCommand(label, before, None if after.empty else after, apply, merge)
        if self.undo is not None:
            self.undo.push(command)
        else:
            command.do()
        return command

    def _restore(self, row: int, review: Review | None) -> None:
        if review is None:
            self.store.reviews.delete(row)
        else:
            self.store.reviews.put(review)
        item = replace(self._items[row], review=review)
        self._items[row] = item
        self.sig_review_changed.emit(item)


def _item(index: int, result: ResultRecord | None, review: Review | None, label: Any) -> ReviewItem:
    row_id = result.row_id if result else review.row_id if review else str(index)
    judges: list[JudgeVerdict] = []
    if result is not None:
        for step in result.detail.get("judges", []):
            verdict = step.get("verdict") or {}
            judges.append(
                JudgeVerdict(
                    name=str(step.get("judge", "")),
                    ok=bool(verdict.get("ok")),
                    value=verdict.get("value") if verdict.get("ok") else None,
                    label=verdict.get("label"),
                    dimensions=dict(verdict.get("dimensions") or {}),
                )
            )
    return ReviewItem(index, row_id, result, review, label, tuple(judges))


def _judge_pairs(items: Iterable[ReviewItem], first: str, second: str) -> list[tuple[Any, Any]]:
    pairs = []
    for item in items:
        verdicts = {j.name: j.value for j in item.judges}
        pairs.append((verdicts.get(first), verdicts.get(second)))
    return pairs


def _disagrees(item: ReviewItem) -> bool:
    size = item.disagreement
    return size is not None and size > 0


def _in_range(value: Any, low: float | None, high: float | None) -> bool:
    if low is None and high is None:
        return True
    if not is_number(value):
        return False
    return (low is None or value >= low) and (high is None or value <= high)


def _item_holds(item: ReviewItem, text: str) -> bool:
    review, result = item.review, item.result
    values: list[Any] = [item.row_id, [j.label for j in item.judges]]
    if review is not None:
        values += [review.note, review.value]
    if result is not None:
        values += [result.error, result.value]
    return text_contains(values, text)


_SHOW_TESTS: dict[str, Callable[[ReviewItem], bool]] = {
    "all": lambda item: True,
    "unreviewed": lambda item: not item.reviewed,
    "reviewed": lambda item: item.reviewed,
    "disagreements": _disagrees,
    "flagged": lambda item: item.flagged,
    "errors": lambda item: item.status == "error",
    "unparsed": lambda item: item.status == "unparsed",
    "stale": lambda item: item.stale,
}


def _score(item: ReviewItem) -> float:
    value = item.judge_value
    return float(value) if is_number(value) or isinstance(value, bool) else math.inf


_SORT_KEYS: dict[str, Callable[[ReviewItem], Any]] = {
    "row": lambda item: item.row_index,
    "disagreement": lambda item: (
        -(item.disagreement if item.disagreement is not None else -1.0),
        item.row_index,
    ),
    "score": lambda item: (_score(item), item.row_index),
    "score_desc": lambda item: (
        -_score(item) if _score(item) != math.inf else math.inf,
        item.row_index,
    ),
    "updated": lambda item: (-(item.review.updated if item.review else -1.0), item.row_index),
}
