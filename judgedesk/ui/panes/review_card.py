"""The review card: a row to read, and the person's verdict controls with their keys."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, QUrl, Signal
from PySide6.QtGui import QKeySequence, QShortcut
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
from judgedesk.core.review.session import ReviewItem
from judgedesk.ui.panes.review_card_text import CardContent, CardText
from judgedesk.ui.panes.review_people import ReviewPeopleBar
from judgedesk.ui.rich_text import DataBrowser, is_anchor, plain_tip


class ReviewCard(QWidget):
    """Shows the row under review and takes the person's verdict.

    The pane gives the keys their meaning; the card's buttons ask for the same things.

    Signals:
        sig_digit_requested: a verdict button's digit key.
        sig_typed_requested: a verdict typed into the field (wide scales).
        sig_agree_requested: True for Agree, False for Disagree.
        sig_flag_requested: the Flag button.
        sig_clear_requested: the Clear button.
        sig_note_edited: the note's new text, as typed.
        sig_note_left: Esc or Enter in the note: back to the queue.
        sig_undo_requested, sig_redo_requested: the Undo and Redo buttons.
        sig_dimension_edited: (dimension, text) when a dimension's score field is left.
    """

    sig_digit_requested = Signal(int)
    sig_typed_requested = Signal(str)
    sig_agree_requested = Signal(bool)
    sig_flag_requested = Signal()
    sig_clear_requested = Signal()
    sig_note_edited = Signal(str)
    sig_note_left = Signal()
    sig_undo_requested = Signal()
    sig_redo_requested = Signal()
    sig_dimension_edited = Signal(str, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("reviewCard")
        self.browser = DataBrowser(self)
        self.browser.setObjectName("reviewCardText")
        self.browser.setAccessibleName(self.tr("The row under review"))
        self.browser.anchorClicked.connect(self._anchor)
        self.text = CardText(self.browser)
        self.content: CardContent | None = None
        self.item: ReviewItem | None = None
        self.blind = False
        self.scale = ReviewScale("score")
        self._value_text: Callable[[Any], str] = str

        self.verdict_keys = QHBoxLayout()
        self.verdict_keys.setSpacing(4)
        self.verdict_buttons: dict[int, QPushButton] = {}
        self.typed = QLineEdit(self)
        self.typed.setObjectName("reviewTypedVerdict")
        self.typed.setAccessibleName(self.tr("Type a verdict"))
        self.typed.setPlaceholderText(self.tr("or type one, Enter"))
        self.typed.setMaximumWidth(140)
        self.typed.returnPressed.connect(self._typed)
        verdict_row = QHBoxLayout()
        verdict_row.addLayout(self.verdict_keys)
        verdict_row.addWidget(self.typed)
        verdict_row.addStretch(1)
        self.agree = self._button("reviewAgree", self.tr("A · Agree"), self.tr("Agree"))
        self.agree.clicked.connect(lambda: self.sig_agree_requested.emit(True))
        self.disagree = self._button("reviewDisagree", self.tr("D · Disagree"), self.tr("Disagree"))
        self.disagree.clicked.connect(lambda: self.sig_agree_requested.emit(False))
        self.flag = self._button("reviewFlag", self.tr("F · Flag"), self.tr("Flag"))
        self.flag.setToolTip(self.tr("Flag the row for a second look (F)"))
        self.flag.clicked.connect(self.sig_flag_requested)
        self.clear_button = self._button(
            "reviewClear", self.tr("⌫ Clear"), self.tr("Clear the verdict"), checkable=False
        )
        self.clear_button.setToolTip(
            self.tr("Take back your verdict and agree / disagree; the flag and note stay (⌫)")
        )
        self.clear_button.clicked.connect(self.sig_clear_requested)
        self.undo_button = self._button("reviewUndo", self.tr("Undo"), self.tr("Undo"), False)
        self.undo_button.setToolTip(self.tr("Undo the last review change (Ctrl+Z)"))
        self.undo_button.clicked.connect(self.sig_undo_requested)
        self.redo_button = self._button("reviewRedo", self.tr("Redo"), self.tr("Redo"), False)
        self.redo_button.setToolTip(self.tr("Redo the review change undone (Ctrl+Shift+Z)"))
        self.redo_button.clicked.connect(self.sig_redo_requested)
        actions = QHBoxLayout()
        actions.setSpacing(4)
        for button in (self.agree, self.disagree, self.flag, self.clear_button):
            actions.addWidget(button)
        actions.addStretch(1)
        actions.addWidget(self.undo_button)
        actions.addWidget(self.redo_button)

        self.note = QLineEdit(self)
        self.note.setObjectName("reviewNote")
        self.note.setAccessibleName(self.tr("Note"))
        self.note.setPlaceholderText(self.tr("A note on this row (E to write, Esc to leave)"))
        self.note.textEdited.connect(self.sig_note_edited)
        self.note.returnPressed.connect(self.sig_note_left)
        leave = QShortcut(QKeySequence(Qt.Key.Key_Escape), self.note)
        leave.setContext(Qt.ShortcutContext.WidgetShortcut)
        leave.activated.connect(self.sig_note_left)

        self.reviewer = QLineEdit(self)
        self.reviewer.setObjectName("reviewReviewer")
        self.reviewer.setAccessibleName(self.tr("Reviewer"))
        self.reviewer.setToolTip(self.tr("The name saved with each review you make"))
        self.reviewer.setMaximumWidth(160)
        self.blind_box = QCheckBox(self.tr("Blind"), self)
        self.blind_box.setObjectName("reviewBlind")
        self.blind_box.setToolTip(
            self.tr("Hide the judge's verdict until you have given yours, so it cannot sway you")
        )
        self.advance = QCheckBox(self.tr("Next row after a verdict"), self)
        self.advance.setObjectName("reviewAdvance")
        self.advance.setToolTip(
            self.tr("After a verdict key (or A, or D on correct/incorrect), go to the next row")
        )
        settings = QHBoxLayout()
        reviewer_label = QLabel(self.tr("Re&viewer"), self)
        reviewer_label.setBuddy(self.reviewer)
        settings.addWidget(reviewer_label)
        settings.addWidget(self.reviewer)
        settings.addWidget(self.blind_box)
        settings.addWidget(self.advance)
        settings.addStretch(1)

        self.hints = QLabel(self)
        self.hints.setObjectName("reviewKeyHints")
        self.hints.setWordWrap(True)
        self.hints.setTextFormat(Qt.TextFormat.RichText)

        controls = QGridLayout()
        controls.setColumnStretch(1, 1)
        verdict_label = QLabel(self.tr("Your verdict"), self)
        controls.addWidget(verdict_label, 0, 0)
        controls.addLayout(verdict_row, 0, 1)
        controls.addLayout(actions, 1, 1)
        note_label = QLabel(self.tr("&Note"), self)
        note_label.setBuddy(self.note)
        controls.addWidget(note_label, 2, 0)
        controls.addWidget(self.note, 2, 1)
        # One score per dimension of a multi-dimension verdict, shown only for those.
        self.dimensions_label = QLabel(self.tr("Dimensions"), self)
        self.dimensions_label.setToolTip(
            self.tr(
                "Your score for each dimension the judge scored; the judge's is shown "
                "greyed in the field until you type yours. Enter or Tab keeps it."
            )
        )
        self.dimensions = QHBoxLayout()
        self.dimensions.setSpacing(6)
        self.dimension_fields: dict[str, QLineEdit] = {}
        controls.addWidget(self.dimensions_label, 3, 0)
        controls.addLayout(self.dimensions, 3, 1)
        self.dimensions_label.setVisible(False)
        self.people = ReviewPeopleBar(self)
        controls.addWidget(self.people, 4, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.browser, 1)
        layout.addLayout(controls)
        layout.addWidget(self.hints)
        layout.addLayout(settings)
        self.set_scale(self.scale, str)

    def _button(self, name: str, text: str, spoken: str, checkable: bool = True) -> QPushButton:
        button = QPushButton(text, self)
        button.setObjectName(name)
        button.setAccessibleName(spoken)
        button.setCheckable(checkable)
        button.setAutoDefault(False)
        # As wide as its text: ten verdict buttons fit beside the queue.
        button.setMinimumWidth(button.fontMetrics().horizontalAdvance(text) + 20)
        return button

    # --- the scale ----------------------------------------------------------------------

    def set_scale(self, scale: ReviewScale, value_text: Callable[[Any], str]) -> None:
        """One button per digit key of ``scale``, labelled with the key and the verdict."""
        self.scale = scale
        self._value_text = value_text
        for button in self.verdict_buttons.values():
            self.verdict_keys.removeWidget(button)
            button.deleteLater()
        self.verdict_buttons = {}
        for digit, value in scale.digit_keys():
            name = value_text(value)
            text = name if str(digit) == name else f"{digit} · {name}"
            button = self._button(f"reviewVerdict{digit}", text, "")
            button.setAccessibleName(self.tr("Verdict {0} (key {1})").format(name, digit))
            button.setToolTip(plain_tip(self.tr("Your verdict: {0} (key {1})").format(name, digit)))
            button.clicked.connect(lambda _=False, d=digit: self.sig_digit_requested.emit(d))
            self.verdict_keys.addWidget(button)
            self.verdict_buttons[digit] = button
        self.typed.setVisible(_wide(scale))
        self.people.set_scale(scale, value_text)
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
            self.tr("<b>J</b>/<b>↓</b>/<b>N</b> next, <b>K</b>/<b>↑</b>/<b>P</b> previous"),
            html_keys(verdicts),
            self.tr("<b>A</b> agree, <b>D</b> disagree, <b>F</b> flag"),
            self.tr("<b>E</b> note (<b>Esc</b> back), <b>⌫</b> clear"),
            self.tr("<b>Ctrl+Z</b> undo, <b>Ctrl+Shift+Z</b> redo"),
        ]
        return " · ".join(parts)

    # --- the row ------------------------------------------------------------------------

    def show_item(self, item: ReviewItem | None, blind: bool) -> None:
        """Show what the person said about the row; the judge's part follows blind mode."""
        shown_before = self._judge_shown()
        row_before = self.item.row_index if self.item is not None else None
        self.item, self.blind = item, blind
        row = item.row_index if item is not None else None
        if row != row_before:
            self.text.open.clear()
        if not self.note.hasFocus() or row != row_before:
            note = item.review.note if item is not None and item.review is not None else ""
            if note != self.note.text():
                self.note.setText(note)
        self._update_controls()
        self._show_dimensions()
        self.people.show_item(item, self._judge_shown())
        if self.content is not None and (self._judge_shown() != shown_before or row != row_before):
            self._render()

    def show_content(self, content: CardContent | None) -> None:
        """Show the row's texts and outcome (read in a worker thread)."""
        self.content = content
        self._render()

    def _judge_shown(self) -> bool:
        return self.item is None or self.item.judge_visible(self.blind)

    def _render(self) -> None:
        content = self.content
        item = self.item
        if content is not None and item is not None and content.row != item.row_index:
            # The row's texts are on their way: its title meanwhile, never another row's.
            content = CardContent(-item.row_index - 1, item.row_id)
        scroll = self.browser.verticalScrollBar().value()
        self.browser.setHtml(self.text.html(content, self._judge_shown(), self._value_text))
        self.browser.verticalScrollBar().setValue(scroll)

    def _update_controls(self) -> None:
        item = self.item
        review = item.review if item is not None else None
        value = review.value if review is not None else None
        for digit, button in self.verdict_buttons.items():
            mine = self.scale.value_for_digit(digit)
            button.setChecked(
                value is not None
                and mine == value
                and isinstance(mine, bool) == isinstance(value, bool)
            )
        self.agree.setChecked(review is not None and review.agree is True)
        self.disagree.setChecked(review is not None and review.agree is False)
        self.flag.setChecked(item is not None and item.flagged)
        usable = item is not None
        judge_hidden = not self._judge_shown()
        for widget in (*self.verdict_buttons.values(), self.typed, self.flag, self.note):
            widget.setEnabled(usable)
        for button, tip in (
            (self.agree, self.tr("Agree with the judge's verdict (A)")),
            (self.disagree, self.tr("Disagree with the judge's verdict (D)")),
        ):
            button.setEnabled(usable and not judge_hidden)
            button.setToolTip(
                self.tr("Blind mode: give your own verdict first") if judge_hidden else tip
            )
        self.clear_button.setEnabled(usable and review is not None)

    def _show_dimensions(self) -> None:
        item = self.item
        judge = item.judge_dimensions if item is not None else {}
        mine = item.human_dimensions if item is not None else {}
        names = [*judge, *(d for d in mine if d not in judge)]
        if names != list(self.dimension_fields):
            while self.dimensions.count():
                widget = self.dimensions.takeAt(0).widget()
                if widget is not None:
                    widget.deleteLater()
            self.dimension_fields = {}
            for name in names:
                label = QLabel(name, self)
                label.setTextFormat(Qt.TextFormat.PlainText)  # named in the judge's reply
                field = QLineEdit(self)
                field.setObjectName(f"reviewDimension_{name}")
                field.setAccessibleName(self.tr("Your score for {0}").format(name))
                field.setMaximumWidth(64)
                field.editingFinished.connect(
                    lambda n=name, f=field: self.sig_dimension_edited.emit(n, f.text().strip())
                )
                label.setBuddy(field)
                self.dimensions.addWidget(label)
                self.dimensions.addWidget(field)
                self.dimension_fields[name] = field
            self.dimensions.addStretch(1)
        shown = self._judge_shown()
        for name, field in self.dimension_fields.items():
            if not field.hasFocus():
                score = mine.get(name)
                field.setText("" if score is None else f"{score:g}")
            theirs = judge.get(name)
            field.setPlaceholderText(f"{theirs:g}" if shown and theirs is not None else "")
            field.setToolTip(
                self.tr("The judge gave {0}").format(f"{theirs:g}")
                if shown and theirs is not None
                else ""
            )
            field.setEnabled(item is not None)
        self.dimensions_label.setVisible(bool(names))

    def set_undo(self, can_undo: bool, can_redo: bool) -> None:
        self.undo_button.setEnabled(can_undo)
        self.redo_button.setEnabled(can_redo)

    def _anchor(self, url: QUrl) -> None:
        if not is_anchor(url):
            return  # an address: the browser asks about it
        part = url.toString().removeprefix("#")
        if part in self.text.open:
            self.text.open.discard(part)
        else:
            self.text.open.add(part)
        self._render()

    def _typed(self) -> None:
        text = self.typed.text().strip()
        if text:
            self.sig_typed_requested.emit(text)
            self.typed.clear()


def _wide(scale: ReviewScale) -> bool:
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
