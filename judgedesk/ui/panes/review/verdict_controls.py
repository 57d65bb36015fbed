"""The controls that take a reviewer's verdict: a button per digit key, a typed verdict,
Flag, Clear, Undo, Redo, the note, and the keys' hints; shared by the review cards."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.review import ReviewScale
from judgedesk.ui.core_strings import core_say
from judgedesk.ui.rich_text import plain_tip

REQUESTS = (
    "sig_digit_requested",
    "sig_typed_requested",
    "sig_flag_requested",
    "sig_clear_requested",
    "sig_note_edited",
    "sig_note_left",
    "sig_undo_requested",
    "sig_redo_requested",
)
"""The signals of :class:`VerdictWidget`, which :meth:`VerdictControls.forward_to` passes on."""


class VerdictWidget(QWidget):
    """A widget that takes a reviewer's verdict: what it asks its window to do.

    Signals:
        sig_digit_requested: a verdict button's digit key.
        sig_typed_requested: a verdict typed into the field (wide scales).
        sig_flag_requested: the Flag button.
        sig_clear_requested: the Clear button.
        sig_note_edited: the note's new text, as typed.
        sig_note_left: Esc or Enter in the note: back to the queue.
        sig_undo_requested, sig_redo_requested: the Undo and Redo buttons.
    """

    sig_digit_requested = Signal(int)
    sig_typed_requested = Signal(str)
    sig_flag_requested = Signal()
    sig_clear_requested = Signal()
    sig_note_edited = Signal(str)
    sig_note_left = Signal()
    sig_undo_requested = Signal()
    sig_redo_requested = Signal()


class VerdictControls(VerdictWidget):
    """The verdict row, the action buttons, the note and the key hints of a review card.

    ``prefix`` starts every objectName ("review" → ``reviewVerdict1``, ``reviewNote``…).
    The card names its own keys in ``navigation_hint`` and ``action_hints``, and may add
    buttons before Flag (``extra_actions``: objectName, text, accessible name).
    """

    def __init__(
        self,
        prefix: str,
        *,
        clear_tip: str,
        navigation_hint: str,
        action_hints: Sequence[str],
        extra_actions: Sequence[tuple[str, str, str]] = (),
        buttons_take_focus: bool = True,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName(f"{prefix}VerdictControls")
        self._prefix = prefix
        self._buttons_take_focus = buttons_take_focus
        self._navigation_hint = navigation_hint
        self._action_hints = tuple(action_hints)
        self.scale = ReviewScale("score")

        self.verdict_keys = QHBoxLayout()
        self.verdict_keys.setSpacing(4)
        self.verdict_buttons: dict[int, QPushButton] = {}
        self.typed = QLineEdit(self)
        self.typed.setObjectName(f"{prefix}TypedVerdict")
        self.typed.setAccessibleName(self.tr("Type a verdict"))
        self.typed.setPlaceholderText(self.tr("or type one, Enter"))
        self.typed.setMaximumWidth(140)
        self.typed.returnPressed.connect(self._typed)
        verdict_row = QHBoxLayout()
        verdict_row.addLayout(self.verdict_keys)
        verdict_row.addWidget(self.typed)
        verdict_row.addStretch(1)

        self.extra_buttons = [self._button(*spec) for spec in extra_actions]
        self.flag = self._button(f"{prefix}Flag", self.tr("F · Flag"), self.tr("Flag"))
        self.flag.setToolTip(self.tr("Flag the row for a second look (F)"))
        self.flag.clicked.connect(self.sig_flag_requested)
        self.clear_button = self._button(
            f"{prefix}Clear", self.tr("⌫ Clear"), self.tr("Clear the verdict"), checkable=False
        )
        self.clear_button.setToolTip(clear_tip)
        self.clear_button.clicked.connect(self.sig_clear_requested)
        self.undo_button = self._button(f"{prefix}Undo", self.tr("Undo"), self.tr("Undo"), False)
        self.undo_button.setToolTip(self.tr("Undo the last review change (Ctrl+Z)"))
        self.undo_button.clicked.connect(self.sig_undo_requested)
        self.redo_button = self._button(f"{prefix}Redo", self.tr("Redo"), self.tr("Redo"), False)
        self.redo_button.setToolTip(self.tr("Redo the review change undone (Ctrl+Shift+Z)"))
        self.redo_button.clicked.connect(self.sig_redo_requested)
        actions = QHBoxLayout()
        actions.setSpacing(4)
        for button in (*self.extra_buttons, self.flag, self.clear_button):
            actions.addWidget(button)
        actions.addStretch(1)
        actions.addWidget(self.undo_button)
        actions.addWidget(self.redo_button)

        self.note = QLineEdit(self)
        self.note.setObjectName(f"{prefix}Note")
        self.note.setAccessibleName(self.tr("Note"))
        self.note.setPlaceholderText(self.tr("A note on this row (E to write, Esc to leave)"))
        self.note.textEdited.connect(self.sig_note_edited)
        self.note.returnPressed.connect(self.sig_note_left)
        leave = QShortcut(QKeySequence(Qt.Key.Key_Escape), self.note)
        leave.setContext(Qt.ShortcutContext.WidgetShortcut)
        leave.activated.connect(self.sig_note_left)

        self.hints = QLabel(self)
        self.hints.setObjectName(f"{prefix}KeyHints")
        self.hints.setWordWrap(True)
        self.hints.setTextFormat(Qt.TextFormat.RichText)

        self._grid = QGridLayout()
        self._grid.setColumnStretch(1, 1)
        self._grid.addWidget(QLabel(self.tr("Your verdict"), self), 0, 0)
        self._grid.addLayout(verdict_row, 0, 1)
        self._grid.addLayout(actions, 1, 1)
        note_label = QLabel(self.tr("&Note"), self)
        note_label.setBuddy(self.note)
        self._grid.addWidget(note_label, 2, 0)
        self._grid.addWidget(self.note, 2, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self._grid)
        layout.addWidget(self.hints)

    def _button(self, name: str, text: str, spoken: str, checkable: bool = True) -> QPushButton:
        button = QPushButton(text, self)
        button.setObjectName(name)
        button.setAccessibleName(spoken)
        button.setCheckable(checkable)
        button.setAutoDefault(False)
        if not self._buttons_take_focus:
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the keys stay with the queue
        # As wide as its text: ten verdict buttons fit beside the queue.
        button.setMinimumWidth(button.fontMetrics().horizontalAdvance(text) + 20)
        return button

    def forward_to(self, card: VerdictWidget) -> None:
        """Re-emit each of these controls' requests as ``card``'s."""
        for name in REQUESTS:
            getattr(self, name).connect(getattr(card, name))

    def add_row(self, label: QWidget | None, field: QWidget | QLayout) -> None:
        """Another row under the note, lined up with the verdict's and the note's."""
        row = self._grid.rowCount()
        if label is not None:
            self._grid.addWidget(label, row, 0)
        if isinstance(field, QLayout):
            self._grid.addLayout(field, row, 1)
        else:
            self._grid.addWidget(field, row, 1)

    # --- what is shown ------------------------------------------------------------------

    def set_scale(self, scale: ReviewScale, value_text: Callable[[Any], str]) -> None:
        """One button per digit key of ``scale``, labelled with the key and the verdict."""
        self.scale = scale
        for button in self.verdict_buttons.values():
            self.verdict_keys.removeWidget(button)
            button.deleteLater()
        self.verdict_buttons = {}
        for digit, value in scale.digit_keys():
            name = value_text(value)
            text = name if str(digit) == name else f"{digit} · {name}"
            button = self._button(f"{self._prefix}Verdict{digit}", text, "")
            button.setAccessibleName(self.tr("Verdict {0} (key {1})").format(name, digit))
            button.setToolTip(plain_tip(self.tr("Your verdict: {0} (key {1})").format(name, digit)))
            button.clicked.connect(lambda _=False, d=digit: self.sig_digit_requested.emit(d))
            self.verdict_keys.addWidget(button)
            self.verdict_buttons[digit] = button
        self.typed.setVisible(wide_scale(scale))
        self.hints.setText(self._hints())

    def _hints(self) -> str:
        keys = [digit for digit, _ in self.scale.digit_keys()]
        if self.scale.kind == "boolean":
            verdicts = self.tr("1 correct, 0 incorrect")
        elif keys and keys[-1] == 0 and len(keys) == 10:
            verdicts = self.tr("1–9, and 0 for 10: your score")
        elif keys:
            verdicts = self.tr("{0}–{1}: your verdict").format(min(keys), max(keys))
        else:
            verdicts = self.tr("type your verdict")
        parts = [
            self._navigation_hint,
            html_keys(verdicts),
            *self._action_hints,
            self.tr("<b>Ctrl+Z</b> undo, <b>Ctrl+Shift+Z</b> redo"),
        ]
        return " · ".join(parts)

    def show_verdict(self, value: Any, flagged: bool, usable: bool, clearable: bool) -> None:
        """Check the button of ``value`` (None: none) and Flag; disable all but Undo and
        Redo when not ``usable`` (no row), and Clear when there is nothing to clear."""
        for digit, button in self.verdict_buttons.items():
            mine = self.scale.value_for_digit(digit)
            button.setChecked(
                value is not None
                and mine == value
                and isinstance(mine, bool) == isinstance(value, bool)
            )
        self.flag.setChecked(flagged)
        for widget in (*self.verdict_buttons.values(), self.typed, self.flag, self.note):
            widget.setEnabled(usable)
        self.clear_button.setEnabled(usable and clearable)

    def show_note(self, note: str, moved: bool) -> None:
        """Show ``note``, unless the reviewer is typing it on the same row."""
        if (moved or not self.note.hasFocus()) and note != self.note.text():
            self.note.setText(note)

    def set_undo(
        self, can_undo: bool, can_redo: bool, undo_label: str = "", redo_label: str = ""
    ) -> None:
        """Enable Undo and Redo; their tips name the change they would undo or redo."""
        self.undo_button.setEnabled(can_undo)
        self.redo_button.setEnabled(can_redo)
        self.undo_button.setToolTip(
            self.tr("Undo: {0} (Ctrl+Z)").format(core_say(undo_label))
            if can_undo and undo_label
            else self.tr("Undo the last review change (Ctrl+Z)")
        )
        self.redo_button.setToolTip(
            self.tr("Redo: {0} (Ctrl+Shift+Z)").format(core_say(redo_label))
            if can_redo and redo_label
            else self.tr("Redo the review change undone (Ctrl+Shift+Z)")
        )

    def _typed(self) -> None:
        text = self.typed.text().strip()
        if text:
            self.sig_typed_requested.emit(text)
            self.typed.clear()


def wide_scale(scale: ReviewScale) -> bool:
    """Whether some verdicts of ``scale`` have no digit key (they are typed instead)."""
    if scale.kind == "boolean":
        return False
    if scale.choices:
        return len(scale.choices) > len(scale.digit_keys())
    if scale.low is None or scale.high is None:
        return True
    return scale.high - scale.low + 1 > len(scale.digit_keys()) or not (
        float(scale.low).is_integer() and float(scale.high).is_integer()
    )


def html_keys(text: str) -> str:
    """A hint with its digits in bold (the keys to press)."""
    return re.sub(r"(\d+(?:–\d+)?)", r"<b>\1</b>", text)
