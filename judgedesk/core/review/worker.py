"""A review session on a thread of its own: every change is applied in the order asked.

A :class:`~judgedesk.core.run.store.Store` belongs to the thread that opened it, and a
person reviewing by keyboard types faster than anything should wait for. A
:class:`ReviewWorker` keeps the :class:`~judgedesk.core.review.session.ReviewSession`, its store
and its :class:`~judgedesk.core.project.undo.UndoStack` on one worker thread; each method queues
its work there and returns a :class:`concurrent.futures.Future` holding plain data.
Calls run one after another in the order they were made, so key presses are never
reordered. Text searches of the dataset run on a second thread, so a long search never
holds up a verdict.
"""

from __future__ import annotations

import copy
import logging
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeVar

from judgedesk.core.dataset import Dataset, SearchCancelled, search_rows
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.project import Project, UndoStack
from judgedesk.core.review.human import ReviewScale, scale_for
from judgedesk.core.review.random_sample import load_sample
from judgedesk.core.review.session import ReviewFilter, ReviewItem, ReviewProgress, ReviewSession
from judgedesk.core.review.two_raters import AgreementFigures
from judgedesk.core.run import Store

log = logging.getLogger(__name__)

P = ParamSpec("P")
T = TypeVar("T")


@dataclass(frozen=True)
class UndoState:
    """What the review's undo stack can do now (for buttons and menus to mirror)."""

    can_undo: bool = False
    can_redo: bool = False
    undo_label: str = ""
    redo_label: str = ""


@dataclass(frozen=True)
class ReviewLoad:
    """Every row of a review, as read when it was (re)loaded.

    Attributes:
        scale: what a person's verdict looks like here.
        items: row index → item, in row order; empty when nothing was judged yet.
        undo: the state of the review's undo stack.
        sample: the rows of the project's random sample (none drawn: empty).
    """

    scale: ReviewScale
    items: dict[int, ReviewItem]
    undo: UndoState
    sample: frozenset[int] = frozenset()


@dataclass(frozen=True)
class ReviewChange:
    """What one change, undo or redo did.

    Attributes:
        items: the rows it changed (their new items), in the order they changed;
            empty when nothing changed (the same verdict given again).
        undo: the state of the review's undo stack after it.
    """

    items: tuple[ReviewItem, ...]
    undo: UndoState


@dataclass(frozen=True)
class ReviewFigures:
    """How far reviewing has got, and every agreement figure (person vs judge first)."""

    progress: ReviewProgress
    agreement: tuple[AgreementFigures, ...]


class ReviewWorker:
    """Owns a review session and runs every call to it on one thread, in order.

    Use :meth:`open` for a project, then the changes; :meth:`shutdown` when done (it
    applies what is still queued, closes the store and ends the threads). Nothing here
    touches a user interface: results are plain data, safe to hand to any thread.
    """

    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="judgedesk-review")
        self._search_pool = ThreadPoolExecutor(1, thread_name_prefix="judgedesk-review-search")
        self._search_stop = threading.Event()
        self._lock = threading.Lock()
        self._shut = False
        # Used on the review thread only.
        self._session: ReviewSession | None = None
        self._store: Store | None = None
        self._dataset: Dataset | None = None
        self._undo = UndoStack()
        self._changed: list[ReviewItem] = []
        self._reviewer = ""

    def _submit(self, call: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        with self._lock:
            if self._shut:
                raise RuntimeError("the review worker was shut down")
            return self._pool.submit(call, *args, **kwargs)

    # --- opening and closing ----------------------------------------------------------

    def open(
        self,
        project: Project,
        dataset: Dataset | None,
        *,
        reviewer: str = "",
        blind: bool = False,
        keep_undo: bool = False,
    ) -> Future[ReviewLoad]:
        """Read the project's results and reviews (any session open before is closed).

        The project is copied and the dataset gets a handle of its own, so both may
        change or close in the caller's thread meanwhile. ``keep_undo`` reads the same
        project again (after a run) and keeps the undo history; otherwise the session
        is new and its history empty.
        """
        project = copy.deepcopy(project)
        handle = dataset.with_mapping(dataset.mapping) if dataset is not None else None
        try:
            return self._submit(self._open, project, handle, reviewer, blind, keep_undo)
        except RuntimeError:
            if handle is not None:
                handle.close()
            raise

    def _open(
        self,
        project: Project,
        dataset: Dataset | None,
        reviewer: str,
        blind: bool,
        keep_undo: bool,
    ) -> ReviewLoad:
        self._reviewer = reviewer
        session = self._session
        if keep_undo and session is not None and session.store.path == project.store_path:
            # The same session reads again: commands on the undo stack stay valid.
            if self._dataset is not None:
                self._dataset.close()
            self._dataset = session.dataset = dataset
            session.project, session.blind = project, blind
            session.reload()
            items = {item.row_index: item for item in session.items()}
            return ReviewLoad(session.scale, items, self._undo_state(), _sample_rows(project))
        self._close()
        self._undo.clear()
        self._dataset = dataset
        if not project.store_path.is_file():  # never run: nothing to review, no file made
            return ReviewLoad(scale_for(project), {}, self._undo_state())
        self._store = Store(project.store_path)
        session = ReviewSession(
            self._store,
            dataset,
            project=project,
            reviewer=reviewer,
            undo=self._undo,
            blind=blind,
        )
        session.sig_review_changed.connect(self._changed.append)
        self._session = session
        items = {item.row_index: item for item in session.items()}
        return ReviewLoad(session.scale, items, self._undo_state(), _sample_rows(project))

    def set_blind(self, blind: bool) -> Future[None]:
        """Review blind or not from now on: verdicts given blind are marked so."""
        return self._submit(self._set_blind, blind)

    def _set_blind(self, blind: bool) -> None:
        if self._session is not None:
            self._session.blind = blind

    def close(self) -> Future[None]:
        """Close the session and its store; the undo history is forgotten."""
        return self._submit(self._close_and_forget)

    def _close_and_forget(self) -> None:
        self._close()
        self._undo.clear()

    def _close(self) -> None:
        self._session = None
        if self._store is not None:
            self._store.close()
            self._store = None
        if self._dataset is not None:
            self._dataset.close()
            self._dataset = None

    def shutdown(self) -> None:
        """Apply what is queued, close the store, and end both threads (blocking)."""
        with self._lock:
            if self._shut:
                return
            self._shut = True
            self._search_stop.set()
            self._pool.submit(self._close_and_forget)
        self._pool.shutdown(wait=True)
        self._search_pool.shutdown(wait=True, cancel_futures=True)

    # --- reading ----------------------------------------------------------------------

    def figures(self) -> Future[ReviewFigures]:
        """Progress and agreement, computed from every row (a few ms per 1,000 rows)."""
        return self._submit(self._figures)

    def _figures(self) -> ReviewFigures:
        session = self._session
        if session is None:
            return ReviewFigures(ReviewProgress(0, 0, 0, 0, 0, 0, 0), ())
        return ReviewFigures(session.progress(), tuple(session.agreement()))

    def queue(
        self, filter: ReviewFilter, sort: str, found: frozenset[int] | None = None
    ) -> Future[list[int]]:
        """The rows to review (see :meth:`ReviewSession.queue`); ``found`` comes from
        :meth:`search` for ``filter.text``."""
        return self._submit(self._queue, filter, sort, found)

    def _queue(self, filter: ReviewFilter, sort: str, found: frozenset[int] | None) -> list[int]:
        if self._session is None:
            return []
        if filter.text and found is None:
            found = frozenset()  # the dataset is searched by search(), never here
        return self._session.queue(filter, sort, found=found)

    def search(self, dataset: Dataset | None, text: str) -> Future[frozenset[int] | None]:
        """Find the dataset's rows holding ``text``, on the search thread.

        A search started before and still going is stopped (its future gives None).
        """
        self._search_stop.set()
        stop = threading.Event()
        self._search_stop = stop
        handle = dataset.with_mapping(dataset.mapping) if dataset is not None else None

        def run() -> frozenset[int] | None:
            if handle is None:
                return frozenset()
            try:
                return frozenset(search_rows(handle, text, cancel=stop.is_set))
            except SearchCancelled:
                return None
            finally:
                handle.close()

        with self._lock:
            if self._shut:
                if handle is not None:
                    handle.close()
                raise RuntimeError("the review worker was shut down")
            return self._search_pool.submit(run)

    # --- changes ----------------------------------------------------------------------

    def set_value(self, row: int, value: Any) -> Future[ReviewChange]:
        """Give the person's verdict for ``row`` (read on the review's scale)."""
        return self._submit(self._change, lambda s: s.set_value(row, value))

    def clear_verdict(self, row: int) -> Future[ReviewChange]:
        """Take back the verdict and agree / disagree of ``row``."""
        return self._submit(self._change, lambda s: s.clear_verdict(row))

    def set_agree(self, row: int, agree: bool | None) -> Future[ReviewChange]:
        """Agree (True) or disagree (False) with the judge on ``row``."""
        return self._submit(self._change, lambda s: s.set_agree(row, agree))

    def set_dimension(self, row: int, dimension: str, score: float | None) -> Future[ReviewChange]:
        """Give the person's score for one dimension of ``row`` (None clears it)."""
        return self._submit(self._change, lambda s: s.set_dimension(row, dimension, score))

    def toggle_flag(self, row: int) -> Future[ReviewChange]:
        """Flag ``row`` for a second look, or take its flag off."""
        return self._submit(self._change, lambda s: s.toggle_flag(row))

    def set_note(self, row: int, note: str) -> Future[ReviewChange]:
        """Write the note of ``row`` (typing into one note is one step of undo)."""
        return self._submit(self._change, lambda s: s.set_note(row, note))

    def undo(self) -> Future[ReviewChange]:
        """Undo the last review change."""
        return self._submit(self._change, lambda s: self._undo.undo())

    def redo(self) -> Future[ReviewChange]:
        """Redo the last review change undone."""
        return self._submit(self._change, lambda s: self._undo.redo())

    def adjudicate(self, row: int, value: Any, note: str = "") -> Future[ReviewChange]:
        """Decide the final verdict of ``row`` where reviewers disagree (None takes it back)."""
        return self._submit(self._change, lambda s: s.adjudicate(row, value, note))

    def set_reviewer(self, name: str) -> Future[ReviewLoad | None]:
        """Review as ``name`` from now on: their reviews become the ones shown and
        changed, everyone else's are read beside them. The undo history is forgotten
        (it holds another reviewer's changes). None when no session is open."""
        return self._submit(self._set_reviewer, name)

    def _set_reviewer(self, name: str) -> ReviewLoad | None:
        self._reviewer = name
        session = self._session
        if session is None or session.reviewer == name:
            return None
        session.reviewer = name
        self._undo.clear()
        session.reload()
        items = {item.row_index: item for item in session.items()}
        sample = _sample_rows(session.project) if session.project is not None else frozenset()
        return ReviewLoad(session.scale, items, self._undo_state(), sample)

    def _change(self, apply: Callable[[ReviewSession], object]) -> ReviewChange:
        self._changed.clear()
        if self._session is not None:
            apply(self._session)
        changed = tuple(self._changed)
        self._changed.clear()
        return ReviewChange(changed, self._undo_state())

    def _undo_state(self) -> UndoState:
        stack = self._undo
        return UndoState(stack.can_undo, stack.can_redo, stack.undo_label, stack.redo_label)


def _sample_rows(project: Project) -> frozenset[int]:
    """The rows of ``project``'s random sample; none when none was drawn or it is damaged
    (``judgedesk review sample`` says what is wrong with it)."""
    try:
        sample = load_sample(project)
    except JudgeDeskError as exc:
        log.warning("%s", exc)
        return frozenset()
    return sample.members if sample is not None else frozenset()
