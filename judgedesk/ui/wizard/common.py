"""Small pieces the New Project wizard's pages share."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

# Page ids, in the order a person meets them.
PAGE_DATASET, PAGE_FIELDS, PAGE_TEMPLATE, PAGE_JUDGE, PAGE_PROJECT = range(5)

_ERROR_STYLE = "color: #b3261e;"
# A shortcut written after the words, as in Chinese "问题(&Q)：".
_TRAILING_SHORTCUT = re.compile(r"\s*\(&\w\)")
_HINT_STYLE = "color: palette(placeholder-text);"


def note_label(parent: QWidget, name: str, kind: str = "") -> QLabel:
    """A wrapping, selectable label for explanations; ``kind`` "error" or "hint" tints it."""
    label = QLabel("", parent)
    label.setObjectName(name)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    set_kind(label, kind)
    return label


def set_kind(label: QLabel, kind: str) -> None:
    """Shows ``label`` as an error ("error"), a quiet hint ("hint") or plain text ("")."""
    label.setStyleSheet({"error": _ERROR_STYLE, "hint": _HINT_STYLE}.get(kind, ""))


def show_text(label: QLabel, text: str, kind: str = "") -> None:
    """Sets the label's text and tint; an empty text hides it."""
    label.setText(text)
    set_kind(label, kind)
    label.setVisible(bool(text))


def with_hint(field: QWidget, hint: QLabel) -> QVBoxLayout:
    """The field with its explanation right under it, as one form row.

    A word-wrapped label alone in a QFormLayout row gets a height for the wrong width
    and leaves gaps; stacked with its field it is measured right.
    """
    box = QVBoxLayout()
    box.setSpacing(2)
    box.addWidget(field)
    box.addWidget(hint)
    return box


def buddy_label(parent: QWidget, text: str, buddy: QWidget) -> QLabel:
    """A form label whose &-shortcut moves the focus to ``buddy``."""
    label = QLabel(text, parent)
    label.setBuddy(buddy)
    return label


def plain_label(text: str) -> str:
    """A form label without its &-shortcut and final colon: "&Question:" → "Question".

    Handles the translations' style too: "问题(&Q)：" → "问题".
    """
    text = _TRAILING_SHORTCUT.sub("", text).replace("&&", "\0").replace("&", "")
    return text.replace("\0", "&").rstrip().rstrip(":：").rstrip()
