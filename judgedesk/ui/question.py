"""A yes-or-no question whose texts are shown as written, and whose default is no."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget


def ask(
    parent: QWidget | None,
    *,
    name: str,
    title: str,
    text: str,
    detail: str,
    yes: str,
    icon: QMessageBox.Icon = QMessageBox.Icon.Question,
) -> bool:
    """Ask ``text`` (plain text: addresses and paths are never markup); True for ``yes``.

    Cancel is the default button, so Enter and Esc both leave things as they are.
    """
    box = QMessageBox(parent)
    box.setObjectName(name)
    box.setIcon(icon)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setWindowTitle(title)
    box.setText(text)
    box.setInformativeText(detail)
    accept = box.addButton(yes, QMessageBox.ButtonRole.AcceptRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(QMessageBox.StandardButton.Cancel)
    box.exec()
    return box.clickedButton() is accept
