"""The Review pane: go through the judge's verdicts by keyboard and give your own."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from concurrent.futures import Future
from typing import Any, TypeVar

from PySide6.QtCore import QEvent, QModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QShowEvent
from PySide6.QtWidgets import QSplitter, QVBoxLayout, QWidget

from judgedesk.core.dataset import Dataset
from judgedesk.core.project.workspace import Workspace
from judgedesk.core.review.session import ReviewFilter, ReviewProgress
from judgedesk.core.review.worker import ReviewChange, ReviewFigures, ReviewLoad, ReviewWorker
from judgedesk.ui.models.review_queue_model import ReviewQueueModel
from judgedesk.ui.panes.review_agreement import AgreementStrip
from judgedesk.ui.panes.review_card import ReviewCard
from judgedesk.ui.panes.review_card_text import CardContent, read_card
from judgedesk.ui.panes.review_filters import ReviewFilterBar
from judgedesk.ui.panes.review_keys import add_review_keys, is_undo_key
from judgedesk.ui.panes.review_queue import ReviewQueue
from judgedesk.ui.settings import AppSettings
from judgedesk.ui.tasks import TaskRunner

T = TypeVar("T")
RELOAD_MS = 500
"""After results change (a run going on), the review is read again at most this often."""
NOTE_DELAY_MS = 600
"""A note is saved this long after typing stops (and at once on leaving the row)."""
CARD_DELAY_MS = 30
"""The card reads its row's texts once the queue stops moving this long (keys held down
skip the rows in between)."""
FIGURES_DELAY_MS = 250
"""Progress and agreement are worked out again once changes pause this long."""
SHARE_DELAY_MS = 200
"""The row under review becomes every pane's row once the person stays on it this long."""
NO_FIGURES = ReviewFigures(ReviewProgress(0, 0, 0, 0, 0, 0, 0), ())


class ReviewPane(QWidget):
    """The queue of rows on the left, the row and the verdict controls on the right,
    agreement figures on top.

    The review session, its store and its undo history live on the thread of a
    :class:`ReviewWorker`; the pane mirrors what it says. Each key asks the worker for a
    change, in the order pressed. Reviews are saved at once and are not project
    settings: they never make the project look unsaved, and have their own undo
    (Ctrl+Z while the pane has the focus).

    Signals:
        sig_template_requested: "Open the template" was chosen.
        sig_rejudge_requested: the rows (list of int) to judge again from the Run pane.
        sig_loaded: the review was read (a :class:`ReviewLoad`).
        sig_queue_shown: the queue shows these rows (list of int).
        sig_changed: a change, undo or redo was applied (a :class:`ReviewChange`).
        sig_figures_shown: the progress and agreement shown (:class:`ReviewFigures`).
        sig_card_shown: the card shows this row's texts (a :class:`CardContent`).
    """

    sig_template_requested = Signal()
    sig_rejudge_requested = Signal(list)
    sig_loaded = Signal(object)
    sig_queue_shown = Signal(list)
    sig_changed = Signal(object)
    sig_figures_shown = Signal(object)
    sig_card_shown = Signal(object)

    def __init__(
        self,
        workspace: Workspace,
        tasks: TaskRunner,
        settings: AppSettings,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("reviewPane")
        self.workspace = workspace
        self.tasks = tasks
        self.settings = settings
        self.worker = ReviewWorker()
        self.model = ReviewQueueModel(self)
        self._token = 0  # bumped for each project: answers about an older one are dropped
        self._count = 0
        self._pending = 0
        self._needs_load = True
        self._new_session = True
        self._closed = False
        self._note_row: int | None = None
        self._note_text = ""
        self._card_row: int | None = None

        self.strip = AgreementStrip(self)
        self.filters = ReviewFilterBar(self)
        self.filters.sig_changed.connect(self.refresh_queue)
        self.progress = self.strip.progress

        self.queue = ReviewQueue(self.model, self)
        self.queue.sig_template_requested.connect(self.sig_template_requested)
        self.queue.sig_rejudge_requested.connect(self.rejudge)
        self.view = self.queue.view
        self.view.selectionModel().currentRowChanged.connect(
            lambda current, _: self._row_changed(current)
        )

        self.card = ReviewCard(self)
        self.card.reviewer.setText(settings.reviewer_name())
        self.card.reviewer.editingFinished.connect(self._reviewer_changed)
        self.card.advance.setChecked(settings.advance_after_verdict())
        self.card.advance.toggled.connect(settings.set_advance_after_verdict)
        self.card.blind_box.toggled.connect(self._blind_changed)
        self.card.sig_digit_requested.connect(self.press_digit)
        self.card.sig_typed_requested.connect(self.give_typed)
        self.card.sig_agree_requested.connect(self.agree)
        self.card.sig_flag_requested.connect(self.flag)
        self.card.sig_clear_requested.connect(self.clear_verdict)
        self.card.sig_note_edited.connect(self._note_edited)
        self.card.sig_note_left.connect(self._note_left)
        self.card.sig_dimension_edited.connect(self.score_dimension)
        self.card.sig_undo_requested.connect(self.undo)
        self.card.sig_redo_requested.connect(self.redo)
        self.card.set_undo(False, False)

        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.setObjectName("reviewSplitter")
        self.splitter.addWidget(self.queue)
        self.splitter.addWidget(self.card)
        self.splitter.setStretchFactor(0, 4)
        self.splitter.setStretchFactor(1, 5)
        self.splitter.setSizes([480, 600])
        self.splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.addWidget(self.strip)
        layout.addWidget(self.filters)
        layout.addWidget(self.splitter, 1)

        self._reload_timer = QTimer(self, singleShot=True, interval=RELOAD_MS)
        self._reload_timer.timeout.connect(lambda: self._request_load(keep_undo=True))
        self._note_timer = QTimer(self, singleShot=True, interval=NOTE_DELAY_MS)
        self._note_timer.timeout.connect(self._flush_note)
        self._card_timer = QTimer(self, singleShot=True, interval=CARD_DELAY_MS)
        self._card_timer.timeout.connect(self._read_card)
        self._share_timer = QTimer(self, singleShot=True, interval=SHARE_DELAY_MS)
        self._share_timer.timeout.connect(self._share_row)
        self._figures_timer = QTimer(self, singleShot=True, interval=FIGURES_DELAY_MS)
        self._figures_timer.timeout.connect(self._ask_figures)
        add_review_keys(self, self, self.splitter)
        workspace.sig_project_opened.connect(lambda _: self._project_opened())
        workspace.sig_dataset_loaded.connect(lambda _: self._request_load(keep_undo=False))
        workspace.sig_dataset_completed.connect(lambda _: self._request_load(keep_undo=True))
        workspace.sig_results_changed.connect(lambda _: self._reload_timer.start())
        workspace.sig_judges_changed.connect(lambda _: self._reload_timer.start())
        workspace.sig_variables_changed.connect(lambda _: self._reload_timer.start())
        workspace.sig_row_selected.connect(self._follow_row)
        self._show_figures(NO_FIGURES)

    # --- reading the review ---------------------------------------------------------------

    def _project_opened(self) -> None:
        self._flush_note()  # into the project it was typed for
        self._token += 1
        self.model.clear()
        self.card.show_item(None, self.card.blind_box.isChecked())
        self.card.show_content(None)
        self._card_row = None
        self._needs_load = self._new_session = True
        if not self._closed:
            self._start("review-close", self.worker.close())
        self._show_figures(NO_FIGURES)

    def _request_load(self, *, keep_undo: bool) -> None:
        self._needs_load = True
        self._new_session = self._new_session or not keep_undo
        if self.isVisible():
            self.load()

    def load(self) -> None:
        """Read the project's results and reviews again (in the review's thread)."""
        project, dataset = self.workspace.project, self.workspace.dataset
        if project is None or dataset is None or self._closed:
            return
        keep_undo = not self._new_session
        self._needs_load = self._new_session = False
        self._reload_timer.stop()
        token = self._token
        future = self.worker.open(
            project,
            dataset,
            reviewer=self.card.reviewer.text().strip(),
            blind=self.card.blind_box.isChecked(),
            keep_undo=keep_undo,
        )
        self._start("review-load", future, lambda load: self._loaded(token, load))

    def _loaded(self, token: int, load: ReviewLoad) -> None:
        if token != self._token:
            return
        scale_changed = load.scale != self.model.scale or not self.card.verdict_buttons
        self.model.set_items(load.items, load.scale)
        kept = self.model.position(self._card_row) if self._card_row is not None else None
        if kept is not None:  # keep the row in view while the queue is made again
            self._set_position(kept)
        if scale_changed:
            self.card.set_scale(load.scale, self.model.value_text)
            self.filters.set_scale(load.scale)
        self.card.set_undo(load.undo.can_undo, load.undo.can_redo)
        self.refresh_queue()
        self._schedule_figures()
        self.sig_loaded.emit(load)

    def refresh_queue(self) -> None:
        """Filter and sort the queue again (a text search runs off the GUI thread)."""
        if self._closed:
            return
        wanted, sort = self.filters.filter(), self.filters.sort_key()
        token = self._token
        self._run(
            "review-queue",
            _queue_rows(self.worker, self.workspace.dataset, wanted, sort),
            lambda rows: self._queue_ready(token, rows),
        )

    def _queue_ready(self, token: int, rows: list[int]) -> None:
        if token != self._token:
            return
        current = self._card_row  # the view lost its place if the items were read again
        self.model.set_queue(rows)
        self.queue.show_count(len(rows))
        if not rows:
            self._show_row(None)
            if self.model.item_count() == 0:
                self._say(self.tr("Nothing to review yet: run the judge from the Run pane first."))
            else:
                self._say(self.tr("No row matches this filter."))
        else:
            position = self.model.position(current) if current is not None else None
            self._card_row = None  # shown again: its result may have changed
            self._set_position(position or 0)
        self.sig_queue_shown.emit(rows)

    # --- moving through the queue ---------------------------------------------------------

    def current_row(self) -> int | None:
        """The dataset row under review (the one the card shows), or None."""
        return self._card_row

    def _set_position(self, position: int) -> None:
        self.queue.select(position)
        if self.model.dataset_row(position) != self._card_row:
            self._row_changed(self.model.index(position, 0))

    def next_row(self) -> None:
        """Go to the next row of the queue."""
        self._step(1)

    def previous_row(self) -> None:
        """Go to the previous row of the queue."""
        self._step(-1)

    def _step(self, delta: int) -> None:
        count = self.model.rowCount()
        if not count:
            return
        here = self.model.position(self._card_row) if self._card_row is not None else None
        position = (here if here is not None else self.view.currentIndex().row()) + delta
        if position >= count:
            self._say(self.tr("That was the last row of the queue."))
            return
        self._set_position(max(position, 0))

    def _row_changed(self, index: QModelIndex) -> None:
        row = self.model.dataset_row(index.row())
        if row == self._card_row:
            return
        self._flush_note()
        self._show_row(row)
        # The other panes follow once the person stops on a row, not at every key.
        self._share_timer.start()

    def _share_row(self) -> None:
        if self._card_row is not None:
            self.workspace.select_row(self._card_row)

    def _show_row(self, row: int | None) -> None:
        self._card_row = row
        self._say("")
        item = self.model.item(row) if row is not None else None
        self.card.show_item(item, self.card.blind_box.isChecked())
        if row is None:
            self._card_timer.stop()
            self.card.show_content(None)
        else:
            self._card_timer.start()

    def _read_card(self) -> None:
        row, project = self._card_row, self.workspace.project
        if row is None or project is None:
            return
        dataset = self.workspace.dataset
        handle = dataset.with_mapping(dataset.mapping) if dataset is not None else None
        self._run(
            "review-card",
            asyncio.to_thread(read_card, handle, project.store_path, row),
            self._card_read,
        )

    def _card_read(self, content: CardContent) -> None:
        if content.row == self._card_row:
            self.card.show_content(content)
            self.sig_card_shown.emit(content)

    def _follow_row(self, row: int) -> None:
        position = self.model.position(row)
        if position is not None and row != self._card_row:
            self._set_position(position)

    # --- changes --------------------------------------------------------------------------

    def press_digit(self, digit: int) -> None:
        """Give the verdict of a digit key (see the card's buttons) to the current row."""
        value = self.model.scale.value_for_digit(digit)
        if value is None:
            self._say(self.tr("Key {0} gives no verdict on this scale.").format(digit))
            return
        self._change(lambda row: self.worker.set_value(row, value), advance=True)

    def give_typed(self, text: str) -> None:
        """Give a verdict typed as text (read on the review's scale)."""
        self._change(lambda row: self.worker.set_value(row, text), advance=True)

    def agree(self, agree: bool) -> None:
        """Agree (True) or disagree (False) with the judge on the current row."""
        row = self.current_row()
        item = self.model.item(row) if row is not None else None
        if item is not None and not item.judge_visible(self.card.blind_box.isChecked()):
            self._say(self.tr("Blind mode: give your own verdict first, then agree or disagree."))
            return
        # Disagreeing with a score says nothing of the right score: stay for it.
        advance = agree or self.model.scale.kind == "boolean"
        if not agree and not advance:
            self._say(self.tr("You disagree: now give your own verdict with the digit keys."))
        self._change(lambda row: self.worker.set_agree(row, agree), advance=advance)

    def flag(self) -> None:
        """Flag the current row for a second look, or take the flag off."""
        self._change(self.worker.toggle_flag)

    def clear_verdict(self) -> None:
        """Take back the verdict and agree / disagree of the current row."""
        self._change(self.worker.clear_verdict)

    def focus_note(self) -> None:
        if self.current_row() is not None:
            self.card.note.setFocus(Qt.FocusReason.ShortcutFocusReason)
            self.card.note.end(False)

    def undo(self) -> None:
        """Undo the last review change."""
        self._flush_note()
        self._submit(self.worker.undo(), select=True)

    def redo(self) -> None:
        """Redo the last review change undone."""
        self._submit(self.worker.redo(), select=True)

    def rejudge(self) -> None:
        """Ask the Run pane to judge the queue's rows again."""
        rows = self.model.rows()
        if rows:
            self.sig_rejudge_requested.emit(rows)

    def _change(
        self, make: Callable[[int], Future[ReviewChange]], *, advance: bool = False
    ) -> None:
        row = self.current_row()
        if row is None or self._closed:
            return
        self._flush_note()
        self._submit(make(row))
        if advance and self.card.advance.isChecked():
            self.next_row()

    def _submit(self, future: Future[ReviewChange], *, select: bool = False) -> None:
        token = self._token
        self._count += 1
        self._start(
            f"review-change-{self._count}",
            future,
            lambda change: self._applied(token, change, select),
        )

    def _applied(self, token: int, change: ReviewChange, select: bool) -> None:
        if token != self._token:
            return
        self.model.update_items(change.items)
        self.card.set_undo(change.undo.can_undo, change.undo.can_redo)
        rows = {item.row_index: item for item in change.items}
        if select and len(rows) == 1:
            position = self.model.position(next(iter(rows)))
            if position is not None:
                self._set_position(position)
        current = rows.get(self._card_row) if self._card_row is not None else None
        if current is not None:
            self.card.show_item(current, self.card.blind_box.isChecked())
        if change.items:
            self._schedule_figures()
        self.sig_changed.emit(change)

    # --- notes, reviewer, blind -----------------------------------------------------------

    def _note_edited(self, text: str) -> None:
        if self._note_row is None:
            self._note_row = self._card_row
        self._note_text = text
        self._note_timer.start()

    def _flush_note(self) -> None:
        self._note_timer.stop()
        row, self._note_row = self._note_row, None
        if row is not None and not self._closed:
            self._submit(self.worker.set_note(row, self._note_text))

    def score_dimension(self, dimension: str, text: str) -> None:
        """Give the person's score for one dimension of the current row ("" clears it)."""
        row = self.current_row()
        if row is None or self._closed:
            return
        try:
            score = float(text.replace(",", ".")) if text else None
        except ValueError:
            self._say(self.tr("“{0}” is not a score: type a number.").format(text))
            return
        if score is not None and not 0 <= score < 1e9:
            self._say(self.tr("A score is a number of zero or more."))
            return
        current = self.model.item(row)
        if current is not None and current.human_dimensions.get(dimension) == score:
            return
        self._submit(self.worker.set_dimension(row, dimension, score))

    def _note_left(self) -> None:
        self._flush_note()
        self.view.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _reviewer_changed(self) -> None:
        name = self.card.reviewer.text().strip()
        self.settings.set_reviewer_name(name)
        if not self._closed:
            self._start("review-reviewer", self.worker.set_reviewer(name))

    def _blind_changed(self, blind: bool) -> None:
        self.model.set_blind(blind)
        row = self._card_row
        self.card.show_item(self.model.item(row) if row is not None else None, blind)

    # --- figures --------------------------------------------------------------------------

    def _schedule_figures(self) -> None:
        # Worked out from every row (tens of ms for 20,000): once the keys pause, so that
        # typing fast is never slowed by figures about to be outdated.
        self._figures_timer.start()

    def _ask_figures(self) -> None:
        if self._closed:
            return
        token = self._token
        self._start("review-figures", self.worker.figures(), lambda f: self._figures(token, f))

    def _figures(self, token: int, figures: ReviewFigures) -> None:
        if token == self._token:
            self._show_figures(figures)
            self.sig_figures_shown.emit(figures)

    def _show_figures(self, figures: ReviewFigures) -> None:
        self.strip.show_progress(figures.progress)
        self.strip.show_figures(list(figures.agreement), self.model.value_text)

    # --- plumbing -------------------------------------------------------------------------

    def _start(
        self, key: str, future: Future[T], on_done: Callable[[T], None] | None = None
    ) -> None:
        self._run(key, _result(future), on_done)

    def _run(
        self, key: str, coro: Coroutine[Any, Any, T], on_done: Callable[[T], None] | None
    ) -> None:
        # Counted until its answer is shown (or it fails or is replaced): see idle().
        self._pending += 1
        task = self.tasks.start(key, coro, on_done=on_done)
        task.add_done_callback(self._task_ended)

    def _task_ended(self, _: object) -> None:
        self._pending -= 1

    def idle(self) -> bool:
        """True when every change asked for has been applied and shown."""
        timers = (self._card_timer, self._figures_timer)
        return (
            self._pending == 0
            and self._note_row is None
            and not any(timer.isActive() for timer in timers)
        )

    def _say(self, text: str) -> None:
        self.queue.say(text)

    def shutdown(self) -> None:
        """Save a note being typed, apply every change asked for, end the review's
        threads (the window is closing)."""
        if self._closed:
            return
        self._flush_note()
        self._closed = True
        self.worker.shutdown()

    # --- events ---------------------------------------------------------------------------

    def event(self, event: QEvent) -> bool:
        # Ctrl+Z here undoes reviews, not the project's settings (the Edit menu's).
        if event.type() == QEvent.Type.ShortcutOverride and is_undo_key(event):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.matches(QKeySequence.StandardKey.Undo):
            self.undo()
        elif event.matches(QKeySequence.StandardKey.Redo):
            self.redo()
        else:
            super().keyPressEvent(event)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._needs_load:
            self.load()
        self.view.setFocus(Qt.FocusReason.OtherFocusReason)


async def _result(future: Future[T]) -> T:
    return await asyncio.wrap_future(future)


async def _queue_rows(
    worker: ReviewWorker, dataset: Dataset | None, wanted: ReviewFilter, sort: str
) -> list[int]:
    """The queue; a text filter first searches the dataset on the worker's search thread."""
    found = None
    if wanted.text:
        found = await asyncio.wrap_future(worker.search(dataset, wanted.text))
    return await asyncio.wrap_future(worker.queue(wanted, sort, found))
