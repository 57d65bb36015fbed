"""The Review pane's keys: one key per step, so reviewing needs no mouse."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import QWidget


class Reviewing(Protocol):
    """What the keys ask of the pane."""

    def next_row(self) -> None: ...
    def previous_row(self) -> None: ...
    def press_digit(self, digit: int) -> None: ...
    def agree(self, agree: bool) -> None: ...
    def flag(self) -> None: ...
    def focus_note(self) -> None: ...
    def clear_verdict(self) -> None: ...


def add_review_keys(pane: Reviewing, whole: QWidget, rows_and_card: QWidget) -> None:
    """J/N next, K/P previous, 1–9 and 0 a verdict, A agree, D disagree, F flag, E the
    note, Backspace/Delete clear; anywhere in ``whole``.

    Down and Up move through the queue only over ``rows_and_card``: the filters keep
    theirs. Typing into a text field never triggers these (the field takes its keys).
    """
    keys: list[tuple[str, Callable[[], object], QWidget]] = [
        ("J", pane.next_row, whole),
        ("N", pane.next_row, whole),
        ("K", pane.previous_row, whole),
        ("P", pane.previous_row, whole),
        ("Down", pane.next_row, rows_and_card),
        ("Up", pane.previous_row, rows_and_card),
        ("A", lambda: pane.agree(True), whole),
        ("D", lambda: pane.agree(False), whole),
        ("F", pane.flag, whole),
        ("E", pane.focus_note, whole),
        ("Backspace", pane.clear_verdict, whole),
        ("Delete", pane.clear_verdict, whole),
    ]
    keys += [(str(d), lambda d=d: pane.press_digit(d), whole) for d in range(10)]
    for sequence, slot, owner in keys:
        shortcut = QShortcut(QKeySequence(sequence), owner)
        shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(slot)


def is_undo_key(event: QEvent) -> bool:
    """Ctrl+Z or Ctrl+Shift+Z (or the platform's equivalents)."""
    return isinstance(event, QKeyEvent) and (
        event.matches(QKeySequence.StandardKey.Undo) or event.matches(QKeySequence.StandardKey.Redo)
    )
