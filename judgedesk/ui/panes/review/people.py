"""The other reviewers' verdicts on the row under review, and deciding where they differ."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QWidget

from judgedesk.core.review import ReviewItem, ReviewScale


class ReviewPeopleBar(QWidget):
    """One line under the verdict controls: what the other reviewers said about the row
    (hidden in blind mode until the person gave their own), and, where reviewers
    disagree, the final verdict to decide. Hidden when no one else reviewed the row.

    Signals:
        sig_decided: the final verdict chosen, as text (read on the review's scale); an
            empty text takes the decision back.
    """

    sig_decided = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("reviewPeople")
        self.scale = ReviewScale("score")
        self._value_text: Callable[[Any], str] = str
        self.verdicts = QLabel(self)
        self.verdicts.setObjectName("reviewOthers")
        self.verdicts.setTextFormat(Qt.TextFormat.RichText)
        self.verdicts.setWordWrap(True)
        self.choice = QComboBox(self)
        self.choice.setObjectName("reviewDecision")
        self.choice.setEditable(True)
        self.choice.setAccessibleName(self.tr("Final verdict"))
        self.choice.setToolTip(
            self.tr("The row's final human verdict, where reviewers disagree: pick or type one")
        )
        self.choice.setMinimumContentsLength(6)
        self.decide = QPushButton(self.tr("Decide"), self)
        self.decide.setObjectName("reviewDecide")
        self.decide.setToolTip(
            self.tr("Make this the row's final human verdict; every reviewer's own verdict is kept")
        )
        self.decide.clicked.connect(self._decide)
        self.undecide = QPushButton(self.tr("Take back"), self)
        self.undecide.setObjectName("reviewUndecide")
        self.undecide.setToolTip(self.tr("Take back the final verdict decided for this row"))
        self.undecide.clicked.connect(lambda: self.sig_decided.emit(""))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.verdicts, 1)
        layout.addWidget(self.choice)
        layout.addWidget(self.decide)
        layout.addWidget(self.undecide)
        self.setVisible(False)

    def set_scale(self, scale: ReviewScale, value_text: Callable[[Any], str]) -> None:
        """The verdicts' scale and how a verdict is written."""
        self.scale, self._value_text = scale, value_text

    def show_item(self, item: ReviewItem | None, judge_shown: bool) -> None:
        """Show the other reviewers' verdicts on ``item``; ``judge_shown`` False (blind
        mode, no verdict of the person's yet) hides them."""
        others = [r for r in (item.others if item is not None else ()) if r.verdict is not None]
        shown = bool(others) or (item is not None and item.adjudicated is not None)
        self.setVisible(shown)
        if item is None or not shown:
            return
        if not judge_shown:
            names = ", ".join(html.escape(r.reviewer or self.tr("unnamed")) for r in others)
            self.verdicts.setText(
                self.tr("Also reviewed by {0}: hidden until you give your verdict.").format(names)
            )
            self._decision_visible(False)
            return
        parts = [
            f"<b>{html.escape(r.reviewer or self.tr('unnamed'))}</b> "
            f"{html.escape(self._value_text(r.verdict))}"
            for r in others
        ]
        text = self.tr("Others: {0}").format(" · ".join(parts))
        if item.adjudicated is not None:
            decided = html.escape(self._value_text(item.adjudicated))
            text += " — " + self.tr("decided: <b>{0}</b>").format(decided)
        elif item.split:
            text += " — " + self.tr("reviewers disagree")
        self.verdicts.setText(text)
        self._decision_visible(item.split or item.adjudicated is not None)
        self.undecide.setVisible(item.adjudicated is not None)
        choices = []
        for value in [item.adjudicated, *item.verdicts.values(), *self.scale.choices]:
            if value is None:
                continue
            written = self._value_text(value)
            if written not in choices:
                choices.append(written)
        self.choice.clear()
        self.choice.addItems(choices)

    def _decision_visible(self, shown: bool) -> None:
        self.choice.setVisible(shown)
        self.decide.setVisible(shown)
        self.undecide.setVisible(shown)

    def _decide(self) -> None:
        text = self.choice.currentText().strip()
        if text:
            self.sig_decided.emit(text)
