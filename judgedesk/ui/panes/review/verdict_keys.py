"""The keys of reviewing, one table for every window that reviews: one key per step, so
reviewing needs no mouse. Each window takes the part it supports (:func:`verdict_keys`)."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QEvent
from PySide6.QtGui import QKeyEvent, QKeySequence

from judgedesk.ui.keys import PaneKey

VERDICT_KEYS: tuple[PaneKey, ...] = (
    PaneKey(("J", "N", "Down"), QT_TRANSLATE_NOOP("Shortcuts", "Next row"), "next_row"),
    PaneKey(("K", "P", "Up"), QT_TRANSLATE_NOOP("Shortcuts", "Previous row"), "previous_row"),
    # A digit gives the verdict the review's scale gives it (ReviewScale.value_for_digit).
    PaneKey(
        tuple("1234567890"),
        QT_TRANSLATE_NOOP("Shortcuts", "Your verdict: the key on its button"),
        "press_digit",
    ),
    PaneKey(("A",), QT_TRANSLATE_NOOP("Shortcuts", "Agree with the judge"), "agree"),
    PaneKey(("D",), QT_TRANSLATE_NOOP("Shortcuts", "Disagree with the judge"), "disagree"),
    PaneKey(("F",), QT_TRANSLATE_NOOP("Shortcuts", "Flag the row for a second look"), "flag"),
    PaneKey(("E",), QT_TRANSLATE_NOOP("Shortcuts", "Write a note on the row"), "focus_note"),
    # The note's own keys (verdict_controls), in every window that has a note.
    PaneKey(("Esc", "Return"), QT_TRANSLATE_NOOP("Shortcuts", "In the note: back to the rows")),
    PaneKey(
        ("Backspace", "Delete"),
        QT_TRANSLATE_NOOP("Shortcuts", "Clear your verdict (the flag and the note stay)"),
        "clear_verdict",
    ),
    PaneKey(
        (QKeySequence.StandardKey.Undo,),
        QT_TRANSLATE_NOOP("Shortcuts", "Undo the last review change"),
        "undo",
    ),
    PaneKey(
        ("Ctrl+Shift+Z", QKeySequence.StandardKey.Redo),
        QT_TRANSLATE_NOOP("Shortcuts", "Redo the review change undone"),
        "redo",
    ),
)
"""Every key of reviewing and what it does; ``command`` names the step."""


def verdict_keys(*commands: str, without: tuple[str, ...] = ()) -> tuple[PaneKey, ...]:
    """The part of :data:`VERDICT_KEYS` a window supports, in the table's order.

    Args:
        commands: only these steps (every step when none is named); keys without a
            command (the note's) are kept unless ``commands`` are named.
        without: leave these steps out.
    """
    return tuple(
        entry
        for entry in VERDICT_KEYS
        if (not commands or entry.command in commands) and entry.command not in without
    )


def is_undo_key(event: QEvent) -> bool:
    """Ctrl+Z or Ctrl+Shift+Z (or the platform's equivalents)."""
    return isinstance(event, QKeyEvent) and (
        event.matches(QKeySequence.StandardKey.Undo) or event.matches(QKeySequence.StandardKey.Redo)
    )
