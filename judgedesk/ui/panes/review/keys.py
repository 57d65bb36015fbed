"""The Review pane's keys: every key of reviewing (:mod:`verdict_keys`), bound in the pane."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Protocol

from PySide6.QtCore import Qt
from PySide6.QtGui import QShortcut
from PySide6.QtWidgets import QWidget

from judgedesk.ui.keys import PaneKey
from judgedesk.ui.panes.review.verdict_keys import verdict_keys

REVIEW_KEYS: tuple[PaneKey, ...] = verdict_keys()
"""The Review pane's keys: all of reviewing's; :func:`add_review_keys` binds them."""

_READ_BY_PANE = ("undo", "redo")
"""Keys the pane reads itself (keyPressEvent), so they undo reviews, not settings."""

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
        if not entry.command or entry.command in _READ_BY_PANE:
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
