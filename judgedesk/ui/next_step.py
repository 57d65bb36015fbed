"""A slim bar above the panes naming the one thing to do next, with a button that does it."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QToolButton, QWidget

from judgedesk.core.project import NextStep
from judgedesk.ui.stage_words import step_button, step_text


class NextStepBar(QFrame):
    """Shows :class:`NextStep`; hidden once the project is complete, or when closed.

    Closing it (×) hides it until the next step is another one.

    Signals:
        sig_step_requested: the :class:`NextStep` whose button was pressed.
    """

    sig_step_requested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("nextStepBar")
        self.setAccessibleName(self.tr("Next step"))
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.step: NextStep | None = None
        self._closed: NextStep | None = None
        self.caption = QLabel(self.tr("Next:"), self)
        self.caption.setObjectName("nextStepCaption")
        font = self.caption.font()
        font.setBold(True)
        self.caption.setFont(font)
        self.text = QLabel("", self)
        self.text.setObjectName("nextStepText")
        self.text.setWordWrap(True)
        self.button = QPushButton("", self)
        self.button.setObjectName("nextStepButton")
        self.button.setDefault(False)
        self.button.setAutoDefault(False)
        self.button.clicked.connect(lambda _=False: self._pressed())
        self.close_button = QToolButton(self)
        self.close_button.setObjectName("nextStepClose")
        self.close_button.setText("×")
        self.close_button.setAutoRaise(True)
        self.close_button.setToolTip(self.tr("Hide this hint until there is another step"))
        self.close_button.setAccessibleName(self.tr("Hide the next step"))
        self.close_button.clicked.connect(lambda _=False: self._close())
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 4, 4, 4)
        layout.addWidget(self.caption)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.button)
        layout.addWidget(self.close_button)
        self.hide()

    def show_step(self, step: NextStep | None) -> None:
        """Show ``step`` (None: the project is complete, and the bar steps aside)."""
        self.step = step
        if step is None or step == self._closed:
            self.hide()
            return
        self._closed = None
        self.text.setText(step_text(step))
        self.button.setText(step_button(step))
        self.button.setAccessibleName(step_button(step))
        self.show()

    def _pressed(self) -> None:
        if self.step is not None:
            self.sig_step_requested.emit(self.step)

    def _close(self) -> None:
        self._closed = self.step
        self.hide()
