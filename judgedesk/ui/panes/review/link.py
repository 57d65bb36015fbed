"""The Review pane's line to its review worker: requests in order, stale answers dropped."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from concurrent.futures import Future
from typing import Any, TypeVar

from PySide6.QtCore import QObject, QTimer, Signal

from judgedesk.core.dataset import Dataset
from judgedesk.core.review import ReviewChange, ReviewFilter, ReviewWorker
from judgedesk.ui.tasks import TaskRunner

T = TypeVar("T")
NOTE_DELAY_MS = 600
"""A note is saved this long after typing stops (and at once on leaving the row)."""
FIGURES_DELAY_MS = 250
"""Progress and agreement are worked out again once changes pause this long."""


class ReviewLink(QObject):
    """Asks a :class:`ReviewWorker` for changes and figures, in the order asked.

    Answers about a project no longer open are dropped. A request counts as pending
    until its answer was handed on (or it failed or was replaced): see :meth:`idle`.
    The note being typed and the figures wait for a pause before they are asked for.

    Signals:
        sig_applied: a change was applied, as (:class:`ReviewChange`, select): ``select``
            when the row it changed should become the current one (undo and redo).
        sig_figures: the progress and agreement (:class:`ReviewFigures`) worked out.
    """

    sig_applied = Signal(object, bool)
    sig_figures = Signal(object)

    def __init__(self, tasks: TaskRunner, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.tasks = tasks
        self.worker = ReviewWorker()
        self.closed = False
        self._token = 0  # bumped for each project: answers about an older one are dropped
        self._count = 0
        self._pending = 0
        self._note_row: int | None = None
        self._note_text = ""
        self._note_timer = QTimer(self, singleShot=True, interval=NOTE_DELAY_MS)
        self._note_timer.timeout.connect(self.flush_note)
        self._figures_timer = QTimer(self, singleShot=True, interval=FIGURES_DELAY_MS)
        self._figures_timer.timeout.connect(self._ask_figures)

    def new_project(self) -> None:
        """Save the note typed into the project closing, then drop its answers."""
        self.flush_note()
        self._token += 1
        if not self.closed:
            self.start("review-close", self.worker.close())

    def current(self, on_done: Callable[[T], None]) -> Callable[[T], None]:
        """``on_done``, called only while the project open now is still open."""
        token = self._token

        def answer(value: T) -> None:
            if token == self._token:
                on_done(value)

        return answer

    def start(
        self,
        key: str,
        work: Future[T] | Coroutine[Any, Any, T],
        on_done: Callable[[T], None] | None = None,
    ) -> None:
        """Wait for the worker's future (or run a coroutine) in the task ``key``, counted
        as pending until it ends."""
        self._pending += 1
        task = self.tasks.start(key, work, on_done=on_done)
        task.add_done_callback(self._task_ended)

    def run_in_thread(
        self, key: str, function: Callable[..., T], *args: Any, on_done: Callable[[T], None]
    ) -> None:
        """Call the blocking ``function(*args)`` in a thread in the task ``key``, counted
        as pending until it ends."""
        self._pending += 1
        task = self.tasks.run_in_thread(key, function, *args, on_done=on_done)
        task.add_done_callback(self._task_ended)

    def _task_ended(self, _: object) -> None:
        self._pending -= 1

    def queue(
        self,
        dataset: Dataset | None,
        wanted: ReviewFilter,
        sort: str,
        on_done: Callable[[list[int]], None],
    ) -> None:
        """Filter and sort the queue (a text search runs off the GUI thread)."""
        coro = _queue_rows(self.worker, dataset, wanted, sort)
        self.start("review-queue", coro, self.current(on_done))

    def submit(self, future: Future[ReviewChange], *, select: bool = False) -> None:
        """Hand on the change ``future`` brings in :attr:`sig_applied`."""
        self._count += 1
        self.start(
            f"review-change-{self._count}",
            future,
            self.current(lambda change: self.sig_applied.emit(change, select)),
        )

    def edit_note(self, row: int | None, text: str) -> None:
        """Note the text typed for ``row``'s note; it is saved once typing pauses."""
        if self._note_row is None:
            self._note_row = row
        self._note_text = text
        self._note_timer.start()

    def flush_note(self) -> None:
        """Save the note being typed now."""
        self._note_timer.stop()
        row, self._note_row = self._note_row, None
        if row is not None and not self.closed:
            self.submit(self.worker.set_note(row, self._note_text))

    def schedule_figures(self) -> None:
        """Work out progress and agreement again, once the changes pause."""
        # Worked out from every row (tens of ms for 20,000): once the keys pause, so that
        # typing fast is never slowed by figures about to be outdated.
        self._figures_timer.start()

    def _ask_figures(self) -> None:
        if self.closed:
            return
        self.start("review-figures", self.worker.figures(), self.current(self.sig_figures.emit))

    def idle(self) -> bool:
        """True when no request, note or figures is waiting."""
        return self._pending == 0 and self._note_row is None and not self._figures_timer.isActive()

    def shutdown(self) -> None:
        """Save a note being typed, apply every change asked for, end the worker's
        threads."""
        if self.closed:
            return
        self.flush_note()
        self.closed = True
        self.worker.shutdown()


async def _queue_rows(
    worker: ReviewWorker, dataset: Dataset | None, wanted: ReviewFilter, sort: str
) -> list[int]:
    """The queue; a text filter first searches the dataset on the worker's search thread."""
    found = None
    if wanted.text:
        found = await asyncio.wrap_future(worker.search(dataset, wanted.text))
    return await asyncio.wrap_future(worker.queue(wanted, sort, found))
