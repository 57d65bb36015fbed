"""The Qt binding keeps Python's reference counts straight.

PySide6 6.12.0 on Python 3.11 drops a reference to ``None`` on every call of a method
that returns nothing; after a few thousand calls Python aborts ("deallocating None").
This guards the pinned version against such a binding.
"""

from __future__ import annotations

import sys

from PySide6.QtGui import QTextCharFormat
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot


def test_calls_that_return_nothing_keep_none_alive(qtbot: QtBot) -> None:
    label = QLabel()
    qtbot.addWidget(label)
    text_format = QTextCharFormat()
    before = sys.getrefcount(None)
    for _ in range(20_000):
        text_format.setFontItalic(True)
        label.setText("x")
    assert sys.getrefcount(None) >= before - 100
