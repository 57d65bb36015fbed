"""A review pack's row to read, and the reviewer's verdict controls with their keys."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from functools import partial
from typing import Protocol

from PySide6.QtCore import QT_TRANSLATE_NOOP, QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence, QPalette, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.review import PackRow, ReviewScale
from judgedesk.core.run import Review
from judgedesk.ui.keys import PaneKey
from judgedesk.ui.panes.review.verdict_controls import VerdictControls, VerdictWidget
from judgedesk.ui.panes.review.verdict_keys import is_undo_key, verdict_keys
from judgedesk.ui.rich_text import (
    MARKDOWN_LIMIT,
    ROLE_COLOURS,
    DataBrowser,
    markdown_html,
    plain_html,
)

_TAG = re.compile(r"^\[([A-Z][A-Z_ -]*)\] ?", re.MULTILINE)
"""The role tag that starts each message of a rendered history ("[USER] …")."""
_ROLES = {"SYSTEM": "system", "USER": "user", "BOT": "assistant", "TOOL": "tool"}


PACK_KEYS: tuple[PaneKey, ...] = verdict_keys(without=("agree", "disagree", "undo", "redo"))
"""The keys the card's hints name (a pack has no agreeing with the judge; undo and redo
are the menus'); :func:`add_pack_keys` binds them."""

PACK_MENU_KEYS: tuple[PaneKey, ...] = (
    PaneKey(("Ctrl+O",), QT_TRANSLATE_NOOP("Shortcuts", "Open a review pack"), "open"),
    PaneKey(("Ctrl+W",), QT_TRANSLATE_NOOP("Shortcuts", "Close the window"), "close"),
    *verdict_keys("undo", "redo"),
)
"""The keys of the pack window's menus (the window binds them to its actions)."""


class Reviewing(Protocol):
    """What the pack window's keys ask for."""

    def next_row(self) -> None: ...
    def previous_row(self) -> None: ...
    def press_digit(self, digit: int) -> None: ...
    def flag(self) -> None: ...
    def focus_note(self) -> None: ...
    def clear_verdict(self) -> None: ...


def add_pack_keys(target: Reviewing, window: QWidget) -> None:
    """Bind :data:`PACK_KEYS` anywhere in ``window``.

    A text field with the focus takes its keys first: typing is never a verdict.
    """
    for entry in PACK_KEYS:
        if not entry.command:
            continue
        for sequence in entry.sequences():
            if entry.command == "press_digit":
                slot: Callable[[], object] = partial(target.press_digit, int(sequence.toString()))
            else:
                slot = getattr(target, entry.command)
            shortcut = QShortcut(sequence, window)
            shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
            shortcut.activated.connect(slot)


class PackCard(VerdictWidget):
    """Shows a pack's row and takes the reviewer's verdict; the window gives keys meaning.

    Signals: those of :class:`VerdictWidget`; Ctrl+Z and Ctrl+Shift+Z in the note also
    ask for undo and redo (the note would otherwise undo only its own text).
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("packCard")
        self.browser = DataBrowser(self)
        self.browser.setObjectName("packCardText")
        self.browser.setAccessibleName(self.tr("The row under review"))
        self.row: PackRow | None = None
        self.review: Review | None = None
        self._shown: tuple[PackRow | None, int, int] | None = None

        self.controls = VerdictControls(
            "pack",
            clear_tip=self.tr("Take back your verdict; the flag and note stay (⌫)"),
            navigation_hint=self.tr("<b>J</b>/<b>↓</b> next, <b>K</b>/<b>↑</b> previous"),
            action_hints=[
                self.tr("<b>F</b> flag, <b>E</b> note (<b>Esc</b> back), <b>⌫</b> clear")
            ],
            buttons_take_focus=False,
            parent=self,
        )
        self.controls.forward_to(self)
        self.typed, self.note = self.controls.typed, self.controls.note
        self.note.installEventFilter(self)
        self.advance = QCheckBox(self.tr("Next row after a verdict"), self)
        self.advance.setObjectName("packAdvance")
        self.advance.setToolTip(self.tr("After a verdict key, go to the next row"))
        self.advance.setChecked(True)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.browser, 1)
        layout.addWidget(self.controls)
        layout.addWidget(self.advance)
        self.set_scale(ReviewScale("score"))
        self.show_row(None, None, 0, 0)

    @property
    def verdict_buttons(self) -> dict[int, QPushButton]:
        """The verdict buttons by their digit key."""
        return self.controls.verdict_buttons

    def set_scale(self, scale: ReviewScale) -> None:
        """One button per digit key of ``scale``, labelled with the key and the verdict."""
        self.controls.set_scale(scale, scale.name_of)
        self._update_controls()

    # --- the row ------------------------------------------------------------------------

    def show_row(self, row: PackRow | None, review: Review | None, number: int, total: int) -> None:
        """Show the ``number``-th row of ``total`` and what the reviewer said of it."""
        moved = (row, number, total) != self._shown
        self._shown = (row, number, total)
        self.row, self.review = row, review
        self.controls.show_note(review.note if review is not None else "", moved)
        self._update_controls()
        if moved:
            self.browser.setHtml(self._html(row, number, total))

    def _update_controls(self) -> None:
        value = self.review.value if self.review is not None else None
        flagged = self.review is not None and self.review.flag
        self.controls.show_verdict(value, flagged, self.row is not None, value is not None)

    def set_undo(self, can_undo: bool, can_redo: bool) -> None:
        self.controls.set_undo(can_undo, can_redo)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # Ctrl+Z in the note undoes review changes (the note's typing among them), so the
        # pack and the field never disagree.
        if watched is self.note and isinstance(event, QKeyEvent) and is_undo_key(event):
            if event.type() == QEvent.Type.ShortcutOverride:
                event.accept()
                return True
            if event.type() == QEvent.Type.KeyPress:
                redo = event.matches(QKeySequence.StandardKey.Redo)
                (self.sig_redo_requested if redo else self.sig_undo_requested).emit()
                return True
        return super().eventFilter(watched, event)

    # --- the text -----------------------------------------------------------------------

    def _html(self, row: PackRow | None, number: int, total: int) -> str:
        if row is None:
            return self._muted(
                self.tr("Open a review pack (File › Open Review Pack…) to review its rows.")
            )
        title = self.tr("Row {0} of {1} · {2}").format(number, total, row.id)
        parts = [f"<h3>{html.escape(title)}</h3>"]
        if row.history:
            parts.append(self._h4(self.tr("The conversation before it")))
            parts += self._history(row.history)
        parts.append(self._h4(self.tr("Question")))
        parts.append(
            self._box(self._rich(row.question), "user")
            if row.question
            else self._muted(self.tr("No question in this row."))
        )
        parts.append(self._h4(self.tr("Answer")))
        parts.append(
            self._box(self._rich(row.response), "assistant")
            if row.response
            else self._muted(self.tr("No answer in this row."))
        )
        if row.reference:
            parts.append(self._h4(self.tr("Reference")))
            parts.append(self._box(self._rich(row.reference), "system"))
        if row.judge or row.judge_reply:
            parts.append(self._h4(self.tr("The judge")))
            if row.judge:
                said = self.tr("The judge's verdict: {0}").format(row.judge)
                parts.append(f"<p><b>{html.escape(said)}</b></p>")
            if row.judge_reply:
                parts.append(self._box(self._rich(row.judge_reply), "tool"))
        return "".join(parts)

    def _history(self, text: str) -> list[str]:
        tags = list(_TAG.finditer(text))
        if not tags or tags[0].start() != 0:
            return [self._box(plain_html(text), "system")]
        parts = []
        for number, tag in enumerate(tags):
            end = tags[number + 1].start() if number + 1 < len(tags) else len(text)
            role = tag.group(1)
            name = "assistant" if role == "BOT" else role.lower()
            body = plain_html(text[tag.end() : end].strip("\n"))
            parts.append(
                self._box(f"<b>{html.escape(name)}</b><br>{body}", _ROLES.get(role, "system"))
            )
        return parts

    def _h4(self, text: str) -> str:
        return f"<h4>{html.escape(text)}</h4>"

    def _dark(self) -> bool:
        return self.palette().color(QPalette.ColorRole.Base).lightness() < 128

    def _muted(self, text: str) -> str:
        colour = self.palette().color(QPalette.ColorRole.PlaceholderText).name()
        return f"<p style='color:{colour}'><i>{html.escape(text)}</i></p>"

    def _rich(self, text: str) -> str:
        # Markdown with raw HTML kept as visible text: a tag in an answer is never markup.
        if len(text) > MARKDOWN_LIMIT:
            return f"<p>{plain_html(text)}</p>"
        return markdown_html(text, self.palette().color(QPalette.ColorRole.Link).name())

    def _box(self, body: str, role: str) -> str:
        light, dark = ROLE_COLOURS.get(role, ROLE_COLOURS["system"])
        return (
            f"<table width='100%' cellpadding='8' cellspacing='0' style='background-color:"
            f"{dark if self._dark() else light}; margin-bottom:6px'><tr><td>{body}</td></tr>"
            "</table>"
        )
