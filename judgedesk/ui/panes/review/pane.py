"""The Review pane: go through the judge's verdicts by keyboard and give your own."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QShowEvent
from PySide6.QtWidgets import QSplitter, QVBoxLayout, QWidget

from judgedesk.core.project import Workspace
from judgedesk.core.review import ReviewChange, ReviewFigures, ReviewLoad, ReviewProgress
from judgedesk.ui.models.review_queue_model import ReviewQueueModel
from judgedesk.ui.panes.review.agreement import AgreementStrip
from judgedesk.ui.panes.review.card import ReviewCard
from judgedesk.ui.panes.review.cursor import ReviewCursor
from judgedesk.ui.panes.review.filters import ReviewFilterBar
from judgedesk.ui.panes.review.keys import add_review_keys
from judgedesk.ui.panes.review.link import ReviewLink
from judgedesk.ui.panes.review.queue import ReviewQueue
from judgedesk.ui.panes.review.verdict_keys import is_undo_key
from judgedesk.ui.settings import AppSettings
from judgedesk.ui.tasks import TaskRunner

RELOAD_MS = 500
"""After results change (a run going on), the review is read again at most this often."""
NO_FIGURES = ReviewFigures(ReviewProgress(0, 0, 0, 0, 0, 0, 0), ())


class ReviewPane(QWidget):
    """The queue of rows on the left, the row and the verdict controls on the right,
    agreement figures on top.

    The review session, its store and its undo history live on the thread of a
    :class:`ReviewWorker` (reached through a :class:`ReviewLink`); the pane mirrors what
    it says. Each key asks the worker for a change, in the order pressed. Reviews are
    saved at once and are not project settings: they never make the project look
    unsaved, and have their own undo (Ctrl+Z while the pane has the focus).

    Signals:
        sig_template_requested: "Open the template" was chosen.
        sig_rejudge_requested: the rows (list of int) to judge again from the Run pane.
        sig_calibrate_requested: the person asks to calibrate the judges.
        sig_loaded: the review was read (a :class:`ReviewLoad`).
        sig_queue_shown: the queue shows these rows (list of int).
        sig_changed: a change, undo or redo was applied (a :class:`ReviewChange`).
        sig_figures_shown: the progress and agreement shown (:class:`ReviewFigures`).
        sig_card_shown: the card shows this row's texts (a :class:`CardContent`).
    """

    sig_template_requested = Signal()
    sig_rejudge_requested = Signal(list)
    sig_calibrate_requested = Signal()
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
        self.link = ReviewLink(tasks, self)
        self.link.sig_applied.connect(self._applied)
        self.link.sig_figures.connect(self._figures)
        self.worker = self.link.worker
        self.model = ReviewQueueModel(self)
        self._needs_load = True
        self._new_session = True

        self.strip = AgreementStrip(self)
        self.filters = ReviewFilterBar(self)
        self.filters.sig_changed.connect(self.refresh_queue)
        self.progress = self.strip.progress

        self.queue = ReviewQueue(self.model, self)
        self.queue.sig_template_requested.connect(self.sig_template_requested)
        self.queue.sig_rejudge_requested.connect(self.rejudge)
        self.queue.sig_calibrate_requested.connect(self.sig_calibrate_requested)
        self.view = self.queue.view

        self.card = ReviewCard(self)
        self.card.reviewer.setText(settings.reviewer_name())
        self.card.reviewer.editingFinished.connect(self._reviewer_changed)
        self.card.advance.setChecked(settings.advance_after_verdict())
        self.card.advance.toggled.connect(settings.set_advance_after_verdict)
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
        self.card.people.sig_decided.connect(self.decide)
        self.card.set_undo(False, False)
        self.card.blind_box.toggled.connect(self._blind_changed)
        self.filters.sig_sample_chosen.connect(lambda: self.card.blind_box.setChecked(True))
        self.row_cursor = ReviewCursor(
            workspace, self.model, self.queue, self.card, self.link, self
        )
        self.row_cursor.sig_card_shown.connect(self.sig_card_shown)

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
        add_review_keys(self, self, self.splitter)
        workspace.sig_project_opened.connect(lambda _: self._project_opened())
        workspace.sig_dataset_loaded.connect(lambda _: self._request_load(keep_undo=False))
        workspace.sig_dataset_completed.connect(lambda _: self._request_load(keep_undo=True))
        workspace.sig_results_changed.connect(lambda _: self._reload_timer.start())
        workspace.sig_judges_changed.connect(lambda _: self._reload_timer.start())
        workspace.sig_variables_changed.connect(lambda _: self._reload_timer.start())
        self._show_figures(NO_FIGURES)

    # --- reading the review ---------------------------------------------------------------

    def _project_opened(self) -> None:
        self.link.new_project()
        self.model.clear()
        self.row_cursor.clear()
        self._needs_load = self._new_session = True
        self._show_figures(NO_FIGURES)

    def _request_load(self, *, keep_undo: bool) -> None:
        self._needs_load = True
        self._new_session = self._new_session or not keep_undo
        if self.isVisible():
            self.load()

    def load(self) -> None:
        """Read the project's results and reviews again (in the review's thread)."""
        project, dataset = self.workspace.project, self.workspace.dataset
        if project is None or dataset is None or self.link.closed:
            return
        keep_undo = not self._new_session
        self._needs_load = self._new_session = False
        self._reload_timer.stop()
        future = self.worker.open(
            project,
            dataset,
            reviewer=self.card.reviewer.text().strip(),
            blind=self.card.blind_box.isChecked(),
            keep_undo=keep_undo,
        )
        self.link.start("review-load", future, self.link.current(self._loaded))

    def _loaded(self, load: ReviewLoad) -> None:
        scale_changed = load.scale != self.model.scale or not self.card.verdict_buttons
        self.model.set_items(load.items, load.scale)
        row = self.row_cursor.row
        kept = self.model.position(row) if row is not None else None
        if kept is not None:  # keep the row in view while the queue is made again
            self._set_position(kept)
        if scale_changed:
            self.card.set_scale(load.scale, self.model.value_text)
            self.filters.set_scale(load.scale)
        self.filters.set_sample(load.sample)
        undo = load.undo
        self.card.set_undo(undo.can_undo, undo.can_redo, undo.undo_label, undo.redo_label)
        self.refresh_queue()
        self.link.schedule_figures()
        self.sig_loaded.emit(load)

    def _blind_changed(self, blind: bool) -> None:
        if not self.link.closed:
            self.worker.set_blind(blind)
        self.filters.set_blind(blind)  # the queue is made again without the judge's score

    def refresh_queue(self) -> None:
        """Filter and sort the queue again (a text search runs off the GUI thread)."""
        if self.link.closed:
            return
        wanted, sort = self.filters.filter(), self.filters.sort_key()
        self.link.queue(self.workspace.dataset, wanted, sort, self._queue_ready)

    def _queue_ready(self, rows: list[int]) -> None:
        current = self.row_cursor.row  # the view lost its place if the items were read again
        self.model.set_queue(rows)
        self.queue.show_count(len(rows))
        if not rows:
            self.row_cursor.show(None)
            if self.model.item_count() == 0:
                self._say(self.tr("Nothing to review yet: run the judge from the Run pane first."))
            else:
                self._say(self.tr("No row matches this filter."))
        else:
            position = self.model.position(current) if current is not None else None
            self.row_cursor.row = None  # shown again: its result may have changed
            self._set_position(position or 0)
        self.sig_queue_shown.emit(rows)

    # --- moving through the queue ---------------------------------------------------------

    def current_row(self) -> int | None:
        """The dataset row under review (the one the card shows), or None."""
        return self.row_cursor.row

    def _set_position(self, position: int) -> None:
        self.row_cursor.select(position)

    def next_row(self) -> None:
        """Go to the next row of the queue."""
        self.row_cursor.step(1)

    def previous_row(self) -> None:
        """Go to the previous row of the queue."""
        self.row_cursor.step(-1)

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

    def decide(self, text: str) -> None:
        """Decide the current row's final verdict where reviewers disagree ("" takes it
        back); the reviewers' own verdicts stay."""
        value = text or None
        self._change(lambda row: self.worker.adjudicate(row, value))

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
        self.link.flush_note()
        self.link.submit(self.worker.undo(), select=True)

    def redo(self) -> None:
        """Redo the last review change undone."""
        self.link.submit(self.worker.redo(), select=True)

    def rejudge(self) -> None:
        """Ask the Run pane to judge the queue's rows again."""
        rows = self.model.rows()
        if rows:
            self.sig_rejudge_requested.emit(rows)

    def _change(
        self, make: Callable[[int], Future[ReviewChange]], *, advance: bool = False
    ) -> None:
        row = self.current_row()
        if row is None or self.link.closed:
            return
        self.link.flush_note()
        self.link.submit(make(row))
        if advance and self.card.advance.isChecked():
            self.next_row()

    def _applied(self, change: ReviewChange, select: bool) -> None:
        self.model.update_items(change.items)
        undo = change.undo
        self.card.set_undo(undo.can_undo, undo.can_redo, undo.undo_label, undo.redo_label)
        rows = {item.row_index: item for item in change.items}
        if select and len(rows) == 1:
            position = self.model.position(next(iter(rows)))
            if position is not None:
                self._set_position(position)
        row = self.row_cursor.row
        current = rows.get(row) if row is not None else None
        if current is not None:
            self.card.show_item(current, self.card.blind_box.isChecked())
        if change.items:
            self.link.schedule_figures()
        self.sig_changed.emit(change)

    # --- notes, scores, reviewer ----------------------------------------------------------

    def _note_edited(self, text: str) -> None:
        self.link.edit_note(self.row_cursor.row, text)

    def score_dimension(self, dimension: str, text: str) -> None:
        """Give the person's score for one dimension of the current row ("" clears it)."""
        row = self.current_row()
        if row is None or self.link.closed:
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
        self.link.submit(self.worker.set_dimension(row, dimension, score))

    def _note_left(self) -> None:
        self.link.flush_note()
        self.view.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _reviewer_changed(self) -> None:
        name = self.card.reviewer.text().strip()
        self.settings.set_reviewer_name(name)
        if not self.link.closed:
            future = self.worker.set_reviewer(name)
            self.link.start("review-reviewer", future, self.link.current(self._reviewer_loaded))

    def _reviewer_loaded(self, load: ReviewLoad | None) -> None:
        """Reviewing as someone else: their reviews are shown now, the others' beside."""
        if load is not None:
            self._loaded(load)

    # --- figures --------------------------------------------------------------------------

    def _figures(self, figures: ReviewFigures) -> None:
        self._show_figures(figures)
        self.sig_figures_shown.emit(figures)

    def _show_figures(self, figures: ReviewFigures) -> None:
        self.strip.show_progress(figures.progress)
        self.strip.show_figures(list(figures.agreement), self.model.value_text)

    # --- plumbing -------------------------------------------------------------------------

    def idle(self) -> bool:
        """True when every change asked for has been applied and shown."""
        return self.link.idle() and not self.row_cursor.reading()

    def _say(self, text: str) -> None:
        self.queue.say(text)

    def shutdown(self) -> None:
        """Save a note being typed, apply every change asked for, end the review's
        threads (the window is closing)."""
        self.link.shutdown()

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
