"""The Review pane's keys: one key per step, so reviewing needs no mouse."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Protocol

from PySide6.QtCore import QT_TRANSLATE_NOOP, QEvent, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import QWidget

from judgedesk.ui.keys import PaneKey

REVIEW_KEYS: tuple[PaneKey, ...] = (
    PaneKey(("J", "N", "Down"), QT_TRANSLATE_NOOP("Shortcuts", "Next row"), "next_row"),
    PaneKey(("K", "P", "Up"), QT_TRANSLATE_NOOP("Shortcuts", "Previous row"), "previous_row"),
    PaneKey(
        tuple("1234567890"),
        QT_TRANSLATE_NOOP("Shortcuts", "Your verdict: the key on its button"),
        "press_digit",
    ),
    PaneKey(("A",), QT_TRANSLATE_NOOP("Shortcuts", "Agree with the judge"), "agree"),
    PaneKey(("D",), QT_TRANSLATE_NOOP("Shortcuts", "Disagree with the judge"), "disagree"),
    PaneKey(("F",), QT_TRANSLATE_NOOP("Shortcuts", "Flag the row for a second look"), "flag"),
    PaneKey(("E",), QT_TRANSLATE_NOOP("Shortcuts", "Write a note on the row"), "focus_note"),
    # The note's own keys (verdict_controls).
    PaneKey(("Esc", "Return"), QT_TRANSLATE_NOOP("Shortcuts", "In the note: back to the rows")),
    PaneKey(
        ("Backspace", "Delete"),
        QT_TRANSLATE_NOOP("Shortcuts", "Clear your verdict (the flag and the note stay)"),
        "clear_verdict",
    ),
    # The pane reads these itself (keyPressEvent), so they undo reviews, not settings.
    PaneKey(
        (QKeySequence.StandardKey.Undo,),
        QT_TRANSLATE_NOOP("Shortcuts", "Undo the last review change"),
    ),
    PaneKey(
        ("Ctrl+Shift+Z", QKeySequence.StandardKey.Redo),
        QT_TRANSLATE_NOOP("Shortcuts", "Redo the review change undone"),
    ),
)
"""The Review pane's keys; :func:`add_review_keys` binds those with a command."""

_QUEUE_ONLY = ("Down", "Up")
"""Keys bound over the rows and the card only: the filters' lists keep their arrows."""


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
    """Bind :data:`REVIEW_KEYS` anywhere in ``whole`` (Down and Up over ``rows_and_card``).

    Typing into a text field never triggers these (the field takes its keys).
    """
    slots: dict[str, Callable[[], object]] = {
        "next_row": pane.next_row,
        "previous_row": pane.previous_row,
        "agree": partial(pane.agree, True),
        "disagree": partial(pane.agree, False),
        "flag": pane.flag,
        "focus_note": pane.focus_note,
        "clear_verdict": pane.clear_verdict,
    }
    for entry in REVIEW_KEYS:
        if not entry.command:
            continue
        for sequence in entry.sequences():
            name = sequence.toString()
            if entry.command == "press_digit":
                slot: Callable[[], object] = partial(pane.press_digit, int(name))
            else:
                slot = slots[entry.command]
            shortcut = QShortcut(sequence, rows_and_card if name in _QUEUE_ONLY else whole)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(slot)


def is_undo_key(event: QEvent) -> bool:
    """Ctrl+Z or Ctrl+Shift+Z (or the platform's equivalents)."""
    return isinstance(event, QKeyEvent) and (
        event.matches(QKeySequence.StandardKey.Undo) or event.matches(QKeySequence.StandardKey.Redo)
    )
