"""The review-only window: one review pack, its rows and the reviewer's verdicts.

No project, no judge, no network: the pack holds what the reviewer needs, and every
change is saved into the pack's file at once (off the GUI thread).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QFileDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.review import PACK_SUFFIX, PackRow, ReviewPack, load_pack
from judgedesk.ui.models.pack_queue_model import PackQueueModel
from judgedesk.ui.pack_reviews import PackReviews
from judgedesk.ui.panes.pack_card import PACK_MENU_KEYS, PackCard, add_pack_keys
from judgedesk.ui.panes.pack_queue import PackQueue
from judgedesk.ui.settings import AppSettings
from judgedesk.ui.tasks import TaskRunner

ERROR_COLOUR = "#c62828"


class PackWindow(QMainWindow):
    """The pack's rows on the left (its instructions and progress above), the row and the
    verdict controls on the right.

    Signals:
        sig_pack_opened: the pack's path, once it is read and shown.
        sig_saved: the pack's path, once every change so far is in the file.
    """

    sig_pack_opened = Signal(object)
    sig_saved = Signal(object)

    def __init__(self, settings: AppSettings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("packWindow")
        self.tasks = TaskRunner(self)
        self.tasks.sig_task_failed.connect(lambda _key, message: self._show_failure(message))
        self.reviews = PackReviews(self.tasks, self)
        self.reviews.sig_review_changed.connect(self._review_changed)
        self.reviews.undo.sig_changed.connect(lambda _: self._update_undo())
        self.saver = self.reviews.saver
        self.saver.sig_saved.connect(self._saved)
        self.saver.sig_failed.connect(self._save_failed)
        self.saver.sig_idle.connect(self._save_idle)
        self._position: int | None = None
        self._close_when_idle = False
        self._failure_shown = False
        self.resize(1180, 760)

        self.model = PackQueueModel(self)
        self.queue = PackQueue(self.model, self)
        self.view = self.queue.view
        self.view.selectionModel().currentRowChanged.connect(
            lambda current, _previous: self._show_position(current)
        )
        self.card = PackCard(self)
        self.card.sig_digit_requested.connect(self.press_digit)
        self.card.sig_typed_requested.connect(self.give_typed)
        self.card.sig_flag_requested.connect(self.flag)
        self.card.sig_clear_requested.connect(self.clear_verdict)
        self.card.sig_note_edited.connect(self._note_edited)
        self.card.sig_note_left.connect(lambda: self.view.setFocus(Qt.FocusReason.OtherFocusReason))
        self.card.sig_undo_requested.connect(self.undo_change)
        self.card.sig_redo_requested.connect(self.redo_change)
        if settings is not None:  # the Review pane's preference, shared
            self.card.advance.setChecked(settings.advance_after_verdict())
            self.card.advance.toggled.connect(settings.set_advance_after_verdict)
        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.setObjectName("packSplitter")
        self.splitter.addWidget(self.queue)
        self.splitter.addWidget(self.card)
        self.splitter.setStretchFactor(0, 2)
        self.splitter.setStretchFactor(1, 3)
        self.splitter.setSizes([440, 700])
        self.splitter.setChildrenCollapsible(False)
        central = QWidget(self)
        layout = QVBoxLayout(central)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.splitter)
        self.setCentralWidget(central)
        self.save_status = QLabel(self)
        self.save_status.setObjectName("packSaveStatus")
        self.save_status.setTextFormat(Qt.TextFormat.PlainText)
        self.statusBar().addPermanentWidget(self.save_status)
        self._add_menus()
        add_pack_keys(self, self)
        self._show_pack()

    @property
    def pack(self) -> ReviewPack | None:
        return self.reviews.pack

    @property
    def path(self) -> Path | None:
        return self.reviews.path

    # --- menus and keys -------------------------------------------------------------------

    def _add_menus(self) -> None:
        keys = {entry.command: entry.sequences() for entry in PACK_MENU_KEYS}
        menu = self.menuBar().addMenu(self.tr("&File"))
        open_text = self.tr("&Open Review Pack…")
        self._action(menu, "openPackAction", open_text, self.choose_pack, keys["open"])
        menu.addSeparator()
        self._action(menu, "closePackAction", self.tr("&Close"), self.close, keys["close"])
        menu = self.menuBar().addMenu(self.tr("&Edit"))
        self.undo_action = self._action(
            menu, "undoAction", self.tr("&Undo"), self.undo_change, keys["undo"]
        )
        self.redo_action = self._action(
            menu, "redoAction", self.tr("&Redo"), self.redo_change, keys["redo"]
        )
        self._update_undo()

    def _action(
        self,
        menu: QMenu,
        name: str,
        text: str,
        slot: Callable[[], object],
        keys: list[QKeySequence],
    ) -> QAction:
        action = QAction(text, self)
        action.setObjectName(name)
        action.setShortcuts(keys)
        action.triggered.connect(lambda _=False: slot())
        menu.addAction(action)
        return action

    # --- opening ----------------------------------------------------------------------------

    def choose_pack(self) -> None:
        """Ask for a review pack and open it."""
        chosen, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Open a review pack"),
            str(self.path.parent) if self.path is not None else "",
            self.tr("Review packs (*{0})").format(PACK_SUFFIX),
        )
        if chosen:
            self.open_pack(Path(chosen))

    def open_pack(self, path: Path) -> None:
        """Read the pack at ``path`` (in the background) and show it."""
        if not self._may_leave():
            return
        self._say(self.tr("Opening {0}…").format(path.name))
        self.tasks.start(
            "pack-open", asyncio.to_thread(load_pack, path), lambda pack: self._opened(pack, path)
        )

    def _opened(self, pack: ReviewPack, path: Path) -> None:
        self.reviews.open(pack, path)
        self._failure_shown = False
        self.card.set_scale(pack.review_scale())
        self._position = None
        self._show_pack()
        self._say("")
        self._saved(path)
        # Go on where the reviewer stopped.
        first = next((n for n, row in enumerate(pack.rows) if row.index not in pack.reviews), 0)
        self._select(first)
        self.view.setFocus(Qt.FocusReason.OtherFocusReason)
        self.sig_pack_opened.emit(path)

    def _show_pack(self) -> None:
        self.model.set_pack(self.pack)
        self.queue.show_pack(self.pack, self.path)
        if self.pack is None:
            self.setWindowTitle(self.tr("Review pack — JudgeDesk"))
            self.card.show_row(None, None, 0, 0)
        else:
            self.setWindowTitle(self.queue.show_progress(self.pack))

    # --- moving through the rows ------------------------------------------------------------

    def current_row(self) -> PackRow | None:
        """The row the card shows, or None."""
        return self.model.pack_row(self._position) if self._position is not None else None

    def _select(self, position: int) -> None:
        count = self.model.rowCount()
        if not count:
            return
        position = max(0, min(position, count - 1))
        index = self.model.index(position, 0)
        self.view.setCurrentIndex(index)
        self.view.scrollTo(index)
        if position != self._position:
            self._show_position(index)

    def _show_position(self, index: QModelIndex) -> None:
        self._position = index.row() if index.isValid() else None
        self._show_current()

    def _show_current(self) -> None:
        row, pack = self.current_row(), self.pack
        if row is None or pack is None or self._position is None:
            self.card.show_row(None, None, 0, 0)
            return
        self.card.show_row(row, self.reviews.review(row), self._position + 1, len(pack.rows))

    def next_row(self) -> None:
        """Go to the next row of the pack."""
        if self._position is not None:
            self._select(self._position + 1)

    def previous_row(self) -> None:
        """Go to the previous row of the pack."""
        if self._position is not None:
            self._select(self._position - 1)

    def focus_note(self) -> None:
        if self.current_row() is not None:
            self.card.note.setFocus(Qt.FocusReason.ShortcutFocusReason)
            self.card.note.end(False)

    # --- changes (each one undoable, each one saved) ----------------------------------------

    def press_digit(self, digit: int) -> None:
        """Give the verdict of a digit key (see the card's buttons) to the current row."""
        if self.current_row() is None:
            return
        value = self.model.scale.value_for_digit(digit)
        if value is None:
            self._say(self.tr("Key {0} gives no verdict on this scale.").format(digit))
            return
        self._give(value)

    def give_typed(self, text: str) -> None:
        """Give a verdict typed as text (read on the pack's scale)."""
        try:
            value = self.model.scale.check(text)
        except ValueError as exc:
            self._say(str(exc))
            return
        if value is not None:
            self._give(value)

    def _give(self, value: object) -> None:
        row = self.current_row()
        if row is not None:
            self.reviews.give(row, value)
            self._say("")
            if self.card.advance.isChecked():
                self.next_row()

    def flag(self) -> None:
        """Flag the current row for a second look, or take the flag off."""
        row = self.current_row()
        if row is not None:
            self.reviews.toggle_flag(row)

    def clear_verdict(self) -> None:
        """Take back the current row's verdict (the flag and note stay)."""
        row = self.current_row()
        if row is not None:
            self.reviews.clear_verdict(row)

    def _note_edited(self, text: str) -> None:
        row = self.current_row()
        if row is not None:
            self.reviews.write_note(row, text)

    def _review_changed(self, index: int) -> None:
        self.model.row_changed(index)
        current = self.current_row()
        if current is not None and current.index == index:
            self._show_current()
        if self.pack is not None:
            self.setWindowTitle(self.queue.show_progress(self.pack))
        self.save_status.setText(self.tr("Saving…"))

    def undo_change(self) -> None:
        """Undo the last review change (and show its row)."""
        if self.reviews.undo.undo():
            self._show_touched()

    def redo_change(self) -> None:
        """Redo the last review change undone (and show its row)."""
        if self.reviews.undo.redo():
            self._show_touched()

    def _show_touched(self) -> None:
        touched = self.reviews.touched
        position = self.model.position(touched) if touched is not None else None
        if position is not None:
            self._select(position)

    def _update_undo(self) -> None:
        stack = self.reviews.undo
        self.undo_action.setEnabled(stack.can_undo)
        self.redo_action.setEnabled(stack.can_redo)
        self.undo_action.setText(
            self.tr("&Undo {0}").format(stack.undo_label) if stack.can_undo else self.tr("&Undo")
        )
        self.redo_action.setText(
            self.tr("&Redo {0}").format(stack.redo_label) if stack.can_redo else self.tr("&Redo")
        )
        self.card.set_undo(stack.can_undo, stack.can_redo)

    # --- saving -----------------------------------------------------------------------------

    def saved(self) -> bool:
        """True when every change is in the pack's file."""
        return not self.saver.busy() and not self.saver.failure

    def _saved(self, path: Path) -> None:
        self._failure_shown = False
        self.save_status.setStyleSheet("")
        self.save_status.setText(self.tr("Saved in {0}").format(path.name))
        self.sig_saved.emit(path)

    def _save_failed(self, reason: str) -> None:
        self.save_status.setStyleSheet(f"color: {ERROR_COLOUR}")
        self.save_status.setText(self.tr("Not saved: {0}").format(reason))
        if not self._failure_shown:  # once until a save succeeds: each key would ask again
            self._failure_shown = True
            self._show_failure(
                self.tr(
                    "Your last changes could not be saved into the pack: {0}. They are kept "
                    "in this window and saving is tried again at your next change; if the "
                    "file cannot be written, free some space or check that you may write "
                    "to its folder."
                ).format(reason)
            )

    def _save_idle(self) -> None:
        if self._close_when_idle:
            self._close_when_idle = False
            self.close()

    # --- leaving ----------------------------------------------------------------------------

    def ask_unsaved(self) -> QMessageBox.StandardButton:
        """Ask what to do with changes that could not be saved (tests replace this)."""
        return QMessageBox.warning(
            self,
            self.tr("Reviews not saved"),
            self.tr(
                "Your last changes could not be saved into the pack ({0}). Try saving "
                "again, or leave without them?"
            ).format(self.saver.failure),
            QMessageBox.StandardButton.Retry
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Retry,
        )

    def _may_leave(self) -> bool:
        """Whether the pack shown may be left now; a failed save asks first."""
        if not self.saver.failure or self.pack is None:
            return True
        answer = self.ask_unsaved()
        if answer == QMessageBox.StandardButton.Retry:
            self.reviews.save_again()
            return False
        return answer == QMessageBox.StandardButton.Discard

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.saver.busy():  # the last changes are on their way to the file
            event.ignore()
            self._close_when_idle = True
            return
        if not self._may_leave():
            self._close_when_idle = self.saver.busy()  # saving again: closes once saved
            event.ignore()
            return
        self.tasks.cancel_all()
        super().closeEvent(event)

    # --- messages ---------------------------------------------------------------------------

    def _say(self, text: str) -> None:
        self.queue.message.setText(text)

    def _show_failure(self, message: str) -> None:
        self._say(message)
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("JudgeDesk"), message, parent=self)
        box.setObjectName("packFailureMessage")
        box.open()
