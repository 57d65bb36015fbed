"""A review pack's row to read, and the reviewer's verdict controls with their keys."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from functools import partial
from typing import Protocol

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QPalette, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.review.human import ReviewScale
from judgedesk.core.review.pack import PackRow
from judgedesk.core.run.reviews import Review
from judgedesk.ui.panes.review_card import html_keys
from judgedesk.ui.panes.review_keys import is_undo_key
from judgedesk.ui.rich_text import (
    MARKDOWN_LIMIT,
    ROLE_COLOURS,
    DataBrowser,
    markdown_html,
    plain_html,
    plain_tip,
)

_TAG = re.compile(r"^\[([A-Z][A-Z_ -]*)\] ?", re.MULTILINE)
"""The role tag that starts each message of a rendered history ("[USER] …")."""
_ROLES = {"SYSTEM": "system", "USER": "user", "BOT": "assistant", "TOOL": "tool"}


class Reviewing(Protocol):
    """What the pack window's keys ask for."""

    def next_row(self) -> None: ...
    def previous_row(self) -> None: ...
    def press_digit(self, digit: int) -> None: ...
    def flag(self) -> None: ...
    def focus_note(self) -> None: ...
    def clear_verdict(self) -> None: ...


def add_pack_keys(target: Reviewing, window: QWidget) -> None:
    """The keys the card's hints name, anywhere in ``window``: J/N/Down next, K/P/Up
    previous, 1–9 and 0 a verdict, F flag, E the note, Backspace/Delete clear.

    A text field with the focus takes its keys first: typing is never a verdict.
    """
    keys: list[tuple[str, Callable[[], object]]] = [
        ("J", target.next_row),
        ("N", target.next_row),
        ("Down", target.next_row),
        ("K", target.previous_row),
        ("P", target.previous_row),
        ("Up", target.previous_row),
        ("F", target.flag),
        ("E", target.focus_note),
        ("Backspace", target.clear_verdict),
        ("Delete", target.clear_verdict),
    ]
    keys += [(str(d), partial(target.press_digit, d)) for d in range(10)]
    for sequence, slot in keys:
        shortcut = QShortcut(QKeySequence(sequence), window)
        shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
        shortcut.activated.connect(slot)


class PackCard(QWidget):
    """Shows a pack's row and takes the reviewer's verdict; the window gives keys meaning.

    Signals:
        sig_digit_requested: a verdict button's digit key.
        sig_typed_requested: a verdict typed into the field (wide scales).
        sig_flag_requested: the Flag button.
        sig_clear_requested: the Clear button.
        sig_note_edited: the note's new text, as typed.
        sig_note_left: Esc or Enter in the note: back to the queue.
        sig_undo_requested, sig_redo_requested: the Undo and Redo buttons (and Ctrl+Z,
            Ctrl+Shift+Z in the note, which would otherwise undo only its text).
    """

    sig_digit_requested = Signal(int)
    sig_typed_requested = Signal(str)
    sig_flag_requested = Signal()
    sig_clear_requested = Signal()
    sig_note_edited = Signal(str)
    sig_note_left = Signal()
    sig_undo_requested = Signal()
    sig_redo_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("packCard")
        self.browser = DataBrowser(self)
        self.browser.setObjectName("packCardText")
        self.browser.setAccessibleName(self.tr("The row under review"))
        self.scale = ReviewScale("score")
        self.row: PackRow | None = None
        self.review: Review | None = None
        self._shown: tuple[PackRow | None, int, int] | None = None

        self.verdict_keys = QHBoxLayout()
        self.verdict_keys.setSpacing(4)
        self.verdict_buttons: dict[int, QPushButton] = {}
        self.typed = QLineEdit(self)
        self.typed.setObjectName("packTypedVerdict")
        self.typed.setAccessibleName(self.tr("Type a verdict"))
        self.typed.setPlaceholderText(self.tr("or type one, Enter"))
        self.typed.setMaximumWidth(140)
        self.typed.returnPressed.connect(self._typed)
        verdict_row = QHBoxLayout()
        verdict_row.addLayout(self.verdict_keys)
        verdict_row.addWidget(self.typed)
        verdict_row.addStretch(1)

        self.flag = self._button("packFlag", self.tr("F · Flag"), self.tr("Flag"))
        self.flag.setToolTip(self.tr("Flag the row for a second look (F)"))
        self.flag.clicked.connect(self.sig_flag_requested)
        self.clear_button = self._button(
            "packClear", self.tr("⌫ Clear"), self.tr("Clear the verdict"), checkable=False
        )
        self.clear_button.setToolTip(self.tr("Take back your verdict; the flag and note stay (⌫)"))
        self.clear_button.clicked.connect(self.sig_clear_requested)
        self.undo_button = self._button("packUndo", self.tr("Undo"), self.tr("Undo"), False)
        self.undo_button.setToolTip(self.tr("Undo the last review change (Ctrl+Z)"))
        self.undo_button.clicked.connect(self.sig_undo_requested)
        self.redo_button = self._button("packRedo", self.tr("Redo"), self.tr("Redo"), False)
        self.redo_button.setToolTip(self.tr("Redo the review change undone (Ctrl+Shift+Z)"))
        self.redo_button.clicked.connect(self.sig_redo_requested)
        actions = QHBoxLayout()
        actions.setSpacing(4)
        actions.addWidget(self.flag)
        actions.addWidget(self.clear_button)
        actions.addStretch(1)
        actions.addWidget(self.undo_button)
        actions.addWidget(self.redo_button)

        self.note = QLineEdit(self)
        self.note.setObjectName("packNote")
        self.note.setAccessibleName(self.tr("Note"))
        self.note.setPlaceholderText(self.tr("A note on this row (E to write, Esc to leave)"))
        self.note.textEdited.connect(self.sig_note_edited)
        self.note.returnPressed.connect(self.sig_note_left)
        self.note.installEventFilter(self)
        leave = QShortcut(QKeySequence(Qt.Key.Key_Escape), self.note)
        leave.setContext(Qt.ShortcutContext.WidgetShortcut)
        leave.activated.connect(self.sig_note_left)

        self.advance = QCheckBox(self.tr("Next row after a verdict"), self)
        self.advance.setObjectName("packAdvance")
        self.advance.setToolTip(self.tr("After a verdict key, go to the next row"))
        self.advance.setChecked(True)
        self.hints = QLabel(self)
        self.hints.setObjectName("packKeyHints")
        self.hints.setWordWrap(True)
        self.hints.setTextFormat(Qt.TextFormat.RichText)

        controls = QGridLayout()
        controls.setColumnStretch(1, 1)
        controls.addWidget(QLabel(self.tr("Your verdict"), self), 0, 0)
        controls.addLayout(verdict_row, 0, 1)
        controls.addLayout(actions, 1, 1)
        note_label = QLabel(self.tr("&Note"), self)
        note_label.setBuddy(self.note)
        controls.addWidget(note_label, 2, 0)
        controls.addWidget(self.note, 2, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.browser, 1)
        layout.addLayout(controls)
        layout.addWidget(self.hints)
        layout.addWidget(self.advance)
        self.set_scale(self.scale)
        self.show_row(None, None, 0, 0)

    def _button(self, name: str, text: str, spoken: str, checkable: bool = True) -> QPushButton:
        button = QPushButton(text, self)
        button.setObjectName(name)
        button.setAccessibleName(spoken)
        button.setCheckable(checkable)
        button.setAutoDefault(False)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the keys stay with the queue
        button.setMinimumWidth(button.fontMetrics().horizontalAdvance(text) + 20)
        return button

    def set_scale(self, scale: ReviewScale) -> None:
        """One button per digit key of ``scale``, labelled with the key and the verdict."""
        self.scale = scale
        for button in self.verdict_buttons.values():
            self.verdict_keys.removeWidget(button)
            button.deleteLater()
        self.verdict_buttons = {}
        for digit, value in scale.digit_keys():
            name = scale.name_of(value)
            text = name if str(digit) == name else f"{digit} · {name}"
            button = self._button(f"packVerdict{digit}", text, "")
            button.setAccessibleName(self.tr("Verdict {0} (key {1})").format(name, digit))
            button.setToolTip(plain_tip(self.tr("Your verdict: {0} (key {1})").format(name, digit)))
            button.clicked.connect(lambda _=False, d=digit: self.sig_digit_requested.emit(d))
            self.verdict_keys.addWidget(button)
            self.verdict_buttons[digit] = button
        self.typed.setVisible(wide_scale(scale))
        self.hints.setText(self._hints())
        self._update_controls()

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
            self.tr("<b>J</b>/<b>↓</b> next, <b>K</b>/<b>↑</b> previous"),
            html_keys(verdicts),
            self.tr("<b>F</b> flag, <b>E</b> note (<b>Esc</b> back), <b>⌫</b> clear"),
            self.tr("<b>Ctrl+Z</b> undo, <b>Ctrl+Shift+Z</b> redo"),
        ]
        return " · ".join(parts)

    # --- the row ------------------------------------------------------------------------

    def show_row(self, row: PackRow | None, review: Review | None, number: int, total: int) -> None:
        """Show the ``number``-th row of ``total`` and what the reviewer said of it."""
        moved = (row, number, total) != self._shown
        self._shown = (row, number, total)
        self.row, self.review = row, review
        if moved or not self.note.hasFocus():
            note = review.note if review is not None else ""
            if note != self.note.text():
                self.note.setText(note)
        self._update_controls()
        if moved:
            self.browser.setHtml(self._html(row, number, total))

    def _update_controls(self) -> None:
        value = self.review.value if self.review is not None else None
        for digit, button in self.verdict_buttons.items():
            mine = self.scale.value_for_digit(digit)
            button.setChecked(
                value is not None
                and mine == value
                and isinstance(mine, bool) == isinstance(value, bool)
            )
        self.flag.setChecked(self.review is not None and self.review.flag)
        usable = self.row is not None
        for widget in (*self.verdict_buttons.values(), self.typed, self.flag, self.note):
            widget.setEnabled(usable)
        self.clear_button.setEnabled(usable and value is not None)

    def set_undo(self, can_undo: bool, can_redo: bool) -> None:
        self.undo_button.setEnabled(can_undo)
        self.redo_button.setEnabled(can_redo)

    def _typed(self) -> None:
        text = self.typed.text().strip()
        if text:
            self.sig_typed_requested.emit(text)
            self.typed.clear()

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
