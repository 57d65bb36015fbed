"""The wizard's hints show whole, whatever their length."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from judgedesk.ui.wizard.common import PAGE_JUDGE
from tests.ui.test_wizard import open_wizard, write_csv


def _whole(label: QLabel) -> bool:
    """Whether the label is as tall as its wrapped text needs at its width."""
    return label.height() >= label.heightForWidth(label.width())


def test_the_hint_for_a_cloud_api_shows_every_line(qtbot: QtBot, tmp_path: Path) -> None:
    wizard = open_wizard(qtbot, write_csv(tmp_path), tmp_path / "projects")
    while wizard.currentId() != PAGE_JUDGE:
        wizard.next()
    judge = wizard.judge_page
    for preset in ("openai_compatible", "llamacpp", "ollama"):
        judge.preset.setCurrentIndex(judge.preset.findData(preset))
        judge.preset.activated.emit(judge.preset.currentIndex())
        QApplication.processEvents()
        hint = judge.preset_hint
        assert hint.text()
        qtbot.waitUntil(lambda hint=hint: _whole(hint))
        # Every line stays inside the page, none under the buttons.
        bottom = hint.mapTo(judge, hint.rect().bottomLeft()).y()
        assert bottom <= judge.height(), preset
