"""The review card: a row to read, and the person's verdict controls with their keys."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, QUrl, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.review import ReviewItem, ReviewScale
from judgedesk.ui.panes.review.card_text import CardContent, CardText
from judgedesk.ui.panes.review.people import ReviewPeopleBar
from judgedesk.ui.panes.review.verdict_controls import VerdictControls, VerdictWidget
from judgedesk.ui.rich_text import DataBrowser, is_anchor


class ReviewCard(VerdictWidget):
    """Shows the row under review and takes the person's verdict.

    The pane gives the keys their meaning; the card's buttons ask for the same things.

    Signals: those of :class:`VerdictWidget`, and
        sig_agree_requested: True for Agree, False for Disagree.
        sig_dimension_edited: (dimension, text) when a dimension's score field is left.
    """

    sig_agree_requested = Signal(bool)
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
        self._value_text: Callable[[Any], str] = str

        self.controls = VerdictControls(
            "review",
            clear_tip=self.tr(
                "Take back your verdict and agree / disagree; the flag and note stay (⌫)"
            ),
            navigation_hint=self.tr(
                "<b>J</b>/<b>↓</b>/<b>N</b> next, <b>K</b>/<b>↑</b>/<b>P</b> previous"
            ),
            action_hints=[
                self.tr("<b>A</b> agree, <b>D</b> disagree, <b>F</b> flag"),
                self.tr("<b>E</b> note (<b>Esc</b> back), <b>⌫</b> clear"),
            ],
            extra_actions=[
                ("reviewAgree", self.tr("A · Agree"), self.tr("Agree")),
                ("reviewDisagree", self.tr("D · Disagree"), self.tr("Disagree")),
            ],
            parent=self,
        )
        self.controls.forward_to(self)
        self.agree, self.disagree = self.controls.extra_buttons
        self.agree.clicked.connect(lambda: self.sig_agree_requested.emit(True))
        self.disagree.clicked.connect(lambda: self.sig_agree_requested.emit(False))
        self.note, self.hints = self.controls.note, self.controls.hints
        self.undo_button = self.controls.undo_button

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
        self.controls.add_row(self.dimensions_label, self.dimensions)
        self.dimensions_label.setVisible(False)
        self.people = ReviewPeopleBar(self)
        self.controls.add_row(None, self.people)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.browser, 1)
        layout.addWidget(self.controls)
        layout.addLayout(settings)
        self.set_scale(ReviewScale("score"), str)

    @property
    def verdict_buttons(self) -> dict[int, QPushButton]:
        """The verdict buttons by their digit key."""
        return self.controls.verdict_buttons

    # --- the scale ----------------------------------------------------------------------

    def set_scale(self, scale: ReviewScale, value_text: Callable[[Any], str]) -> None:
        """One button per digit key of ``scale``, labelled with the key and the verdict."""
        self._value_text = value_text
        self.controls.set_scale(scale, value_text)
        self.people.set_scale(scale, value_text)
        self._update_controls()

    # --- the row ------------------------------------------------------------------------

    def show_item(self, item: ReviewItem | None, blind: bool) -> None:
        """Show what the person said about the row; the judge's part follows blind mode."""
        shown_before = self._judge_shown()
        row_before = self.item.row_index if self.item is not None else None
        self.item, self.blind = item, blind
        row = item.row_index if item is not None else None
        if row != row_before:
            self.text.open.clear()
        note = item.review.note if item is not None and item.review is not None else ""
        self.controls.show_note(note, row != row_before)
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
        usable = item is not None
        flagged = item is not None and item.flagged
        self.controls.show_verdict(value, flagged, usable, review is not None)
        self.agree.setChecked(review is not None and review.agree is True)
        self.disagree.setChecked(review is not None and review.agree is False)
        judge_hidden = not self._judge_shown()
        for button, tip in (
            (self.agree, self.tr("Agree with the judge's verdict (A)")),
            (self.disagree, self.tr("Disagree with the judge's verdict (D)")),
        ):
            button.setEnabled(usable and not judge_hidden)
            button.setToolTip(
                self.tr("Blind mode: give your own verdict first") if judge_hidden else tip
            )

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

    def set_undo(
        self, can_undo: bool, can_redo: bool, undo_label: str = "", redo_label: str = ""
    ) -> None:
        self.controls.set_undo(can_undo, can_redo, undo_label, redo_label)

    def _anchor(self, url: QUrl) -> None:
        if not is_anchor(url):
            return  # an address: the browser asks about it
        part = url.toString().removeprefix("#")
        if part in self.text.open:
            self.text.open.discard(part)
        else:
            self.text.open.add(part)
        self._render()
