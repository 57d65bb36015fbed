"""Help › Guide: a short guide to JudgeDesk, in the language of the interface."""

from __future__ import annotations

from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QVBoxLayout, QWidget

from judgedesk.resources import resource_path
from judgedesk.ui.rich_text import DataBrowser


def guide_text(language: str) -> str:
    """The guide's Markdown in ``language`` ("zh", "en"), English when not translated."""
    folder = resource_path("guide")
    path = folder / f"{language}.md"
    if not path.is_file():
        path = folder / "en.md"
    return path.read_text(encoding="utf-8")


class GuideDialog(QDialog):
    """The guide in a window of its own, beside the main window."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("guideDialog")
        self.setWindowTitle(self.tr("JudgeDesk Guide"))
        self.resize(720, 640)
        self.browser = DataBrowser(self)
        self.browser.setObjectName("guideText")
        self.browser.setAccessibleName(self.tr("Guide"))
        language = QLocale().name().split("_")[0]
        self.browser.setMarkdown(guide_text(language))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)
