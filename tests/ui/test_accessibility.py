"""Every control can be found from outside (objectName) and is named for screen readers."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)
from pytestqt.qtbot import QtBot

from judgedesk.core.project.workspace import Workspace
from judgedesk.resources import resource_path
from judgedesk.ui.main_window import MainWindow
from judgedesk.ui.settings import AppSettings

CONTROLS = (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
)


def spoken_name(widget: QWidget, labels: dict[int, str]) -> str:
    """What a screen reader would announce: accessible name, text, or a buddy label."""
    if widget.accessibleName():
        return widget.accessibleName()
    if isinstance(widget, QAbstractButton) and widget.text():
        return widget.text()
    return labels.get(id(widget), "")


def unnamed_controls(root: QWidget) -> list[str]:
    labels = {
        id(label.buddy()): label.text()
        for label in root.findChildren(QLabel)
        if label.buddy() is not None
    }
    problems = []
    for widget in root.findChildren(QWidget):
        if not isinstance(widget, CONTROLS) or widget.parent() is None:
            continue
        owner = widget.parentWidget()
        if widget.objectName().startswith("qt_") or _inside_composite(widget):
            continue  # a part Qt makes for a composite control (a combo's popup list, …)
        where = f"{type(widget).__name__} in {type(owner).__name__}"
        if not widget.objectName():
            problems.append(f"{where}: no objectName")
        if not spoken_name(widget, labels):
            problems.append(f"{widget.objectName() or where}: no accessible name")
    return problems


def _inside_composite(widget: QWidget) -> bool:
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, (QComboBox, QAbstractSpinBox, QAbstractItemView)):
            return True
        parent = parent.parentWidget()
    return False


def test_main_window_controls_are_named(qtbot: QtBot, tmp_path: Path) -> None:
    folder = tmp_path / "sample"
    shutil.copytree(resource_path("sample"), folder)
    window = MainWindow(Workspace(), AppSettings())
    qtbot.addWidget(window)
    window.show()
    with qtbot.waitSignal(window.dataset_pane.model.modelReset, timeout=10_000):
        window.open_project(folder)
    problems = unnamed_controls(window)
    assert problems == [], "\n".join(problems)
    for row, pane in enumerate(window.stack.widget(i) for i in range(window.stack.count())):
        assert pane.objectName().endswith("Pane")
        # Screen readers name the pane as the sidebar names its stage.
        assert pane.accessibleName() == window.nav.item(row).text(), pane.objectName()
    for action in window.findChildren(type(window.save_action)):
        if action.text() and not action.isSeparator() and action.menu() is None:
            assert action.objectName() or action.parent() is not window, action.text()


def test_the_panes_can_be_reached_by_keyboard(qtbot: QtBot, tmp_path: Path) -> None:
    window = MainWindow(Workspace(), AppSettings())
    qtbot.addWidget(window)
    window.show()
    for number in range(window.nav.count()):
        action = window.findChild(type(window.save_action), f"showPane{number + 1}")
        assert action is not None
        action.trigger()
        assert window.stack.currentIndex() == number
    # Every editable control takes the focus from the Tab key.
    for widget in window.judges_pane.findChildren(QWidget):
        if isinstance(widget, (QLineEdit, QComboBox, QAbstractSpinBox, QPlainTextEdit)):
            assert widget.focusPolicy() & Qt.FocusPolicy.TabFocus, widget.objectName()
