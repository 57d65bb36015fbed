"""Matching brackets in a code editor: finding a bracket's partner and highlighting both."""

from __future__ import annotations

from PySide6.QtGui import QColor, QTextCharFormat, QTextDocument
from PySide6.QtWidgets import QTextEdit

from judgedesk.ui.editors.markers import MARKER_COLOURS, text_selection

BRACKETS = {"(": ")", "[": "]", "{": "}"}
CLOSERS = {v: k for k, v in BRACKETS.items()}


def matching_bracket(document: QTextDocument, at: int, character: str) -> int | None:
    """The position of the bracket that pairs with ``character`` at ``at``, if found."""
    if character in BRACKETS:
        opener, closer, step = character, BRACKETS[character], 1
    else:
        opener, closer, step = character, CLOSERS[character], -1
    depth = 0
    position = at
    limit = 20_000  # characters searched: enough for any template, quick on any file
    while 0 <= position < document.characterCount() and limit:
        found = document.characterAt(position)
        if found == opener:
            depth += 1
        elif found == closer:
            depth -= 1
            if depth == 0:
                return position
        position += step
        limit -= 1
    return None


def bracket_selections(
    document: QTextDocument, position: int, highlight: QColor
) -> list[QTextEdit.ExtraSelection]:
    """The bracket at (or just before) the cursor and its partner, or the lone one in red."""
    for at in (position, position - 1):
        character = document.characterAt(at)
        if character in BRACKETS or character in CLOSERS:
            match = matching_bracket(document, at, character)
            fmt = QTextCharFormat()
            if match is None:
                fmt.setForeground(QColor(MARKER_COLOURS["error"]))
                return [text_selection(document, at, 1, fmt)]
            colour = QColor(highlight)
            colour.setAlpha(70)
            fmt.setBackground(colour)
            return [text_selection(document, at, 1, fmt), text_selection(document, match, 1, fmt)]
    return []
