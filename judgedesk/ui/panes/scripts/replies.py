"""The judge replies a postprocess try receives: stored ones, or a sample typed here."""

from __future__ import annotations

import logging

from PySide6.QtWidgets import (
    QCheckBox,
    QGroupBox,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.project import Project
from judgedesk.core.run import JudgeReplies, stored_replies
from judgedesk.ui.panes.scripts.results import replies_source_text

log = logging.getLogger(__name__)


def stored_replies_of(project: Project, row: int) -> JudgeReplies | None:
    """The row's stored replies, or None (also when the store cannot be read; logged)."""
    try:
        return stored_replies(project, row)
    except JudgeDeskError as exc:
        log.warning("stored replies of row %s cannot be read: %s", row, exc)
        return None


class RepliesBox(QGroupBox):
    """Says which judge replies postprocess will get, and holds the sample reply."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Judge replies for postprocess"), parent)
        self.setObjectName("scriptsReplies")
        self._edited = False
        self._setting = False
        self._stored: JudgeReplies | None = None
        self.source = QLabel("", self)
        self.source.setObjectName("scriptsRepliesSource")
        self.source.setWordWrap(True)
        self.sample_only_box = QCheckBox(self.tr("Use the sample even if a run kept replies"), self)
        self.sample_only_box.setObjectName("scriptsUseSample")
        self.sample_only_box.setAccessibleName(self.tr("Use the sample reply"))
        self.sample_only_box.toggled.connect(lambda _: self._describe())
        self.sample = QPlainTextEdit(self)
        self.sample.setObjectName("scriptsSampleReply")
        self.sample.setAccessibleName(self.tr("Sample judge reply"))
        self.sample.setToolTip(
            self.tr(
                "Paste or type a reply as a judge would write it; <think>…</think> is "
                "passed as reasoning_content, as in a run."
            )
        )
        self.sample.setPlaceholderText(self.tr("A judge's reply, e.g. “… Rating: [[7]]”"))
        self.sample.setTabChangesFocus(True)
        self.sample.setMaximumHeight(72)
        self.sample.textChanged.connect(self._sample_edited)
        label = QLabel(self.tr("S&ample reply"), self)
        label.setObjectName("scriptsSampleReplyLabel")
        label.setBuddy(self.sample)
        layout = QVBoxLayout(self)
        layout.addWidget(self.source)
        layout.addWidget(self.sample_only_box)
        layout.addWidget(label)
        layout.addWidget(self.sample)
        self.reset()

    def focus_chain(self) -> list[QWidget]:
        """Its controls in tab order."""
        return [self.sample_only_box, self.sample]

    def reset(self) -> None:
        """A new project: the sample follows its judge again."""
        self._edited = False
        self._stored = None
        self.source.clear()

    def set_default_sample(self, text: str) -> None:
        """The sample for the project's judge, unless the person wrote their own."""
        if self._edited:
            return
        self._setting = True
        try:
            self.sample.setPlainText(text)
        finally:
            self._setting = False

    def _sample_edited(self) -> None:
        if not self._setting:
            self._edited = True

    def sample_text(self) -> str:
        return self.sample.toPlainText()

    def sample_only(self) -> bool:
        return self.sample_only_box.isChecked()

    def show_stored(self, replies: JudgeReplies | None) -> None:
        """What the store holds for the row shown (None: nothing)."""
        self._stored = replies
        self._describe()

    def show_used(self, replies: JudgeReplies) -> None:
        """What the last try actually received."""
        text = self.tr("Last try used: {0}").format(replies_source_text(replies))
        self.source.setText(text)

    def _describe(self) -> None:
        stored = self._stored
        if stored is None:
            text = self.tr(
                "This row has no stored judge replies (it was not judged yet), so the "
                "sample reply below is used."
            )
        elif self.sample_only():
            text = self.tr("The sample reply below is used; the stored replies are left aside.")
        else:
            text = self.tr("Used: {0} The sample reply below is not used.").format(
                replies_source_text(stored)
            )
        self.source.setText(text)
        self.sample.setEnabled(stored is None or self.sample_only())
