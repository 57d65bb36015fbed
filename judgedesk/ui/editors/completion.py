"""Completion of the names a Jinja2 template can read, in a popup under the cursor."""

from __future__ import annotations

import re
from collections.abc import Sequence

from PySide6.QtCore import QT_TRANSLATE_NOOP, QObject, QStringListModel, Qt
from PySide6.QtGui import QKeyEvent, QShortcut, QTextCursor
from PySide6.QtWidgets import QCompleter

from judgedesk.ui.editors.code_editor import CodeEditor
from judgedesk.ui.keys import PaneKey, keys_for

COMPLETION_KEYS: tuple[PaneKey, ...] = (
    PaneKey(
        ("Ctrl+Space",),
        QT_TRANSLATE_NOOP("Shortcuts", "List the names the template can use"),
        "complete",
    ),
)
"""The completion popup's key (it opens as ``{{`` is typed, too)."""

# The name being typed at the end of the text before the cursor ("data.que", "data.").
_TYPED_NAME = re.compile(r"(?<![\w.])[^\W\d]\w*(?:\.\w*)*$")
_POPUP_KEYS = (
    Qt.Key.Key_Return,
    Qt.Key.Key_Enter,
    Qt.Key.Key_Escape,
    Qt.Key.Key_Tab,
    Qt.Key.Key_Backtab,
)
_OPENERS = ("{{", "{%")
_CLOSERS = ("}}", "%}")


def typed_name(before: str) -> str | None:
    """The name being typed inside ``{{ … }}`` or ``{% … %}`` at the end of ``before``.

    Returns "" when the cursor is inside an expression but not in a name, and None when
    it is in plain text, where nothing should be completed.
    """
    opened = max(before.rfind(o) for o in _OPENERS)
    closed = max(before.rfind(c) for c in _CLOSERS)
    if opened < 0 or closed > opened:
        return None
    match = _TYPED_NAME.search(before, opened + 2)
    return match.group(0) if match else ""


def _utf16_length(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


class NameCompleter(QObject):
    """Offers names (``data.question``, ``max_score``, …) while a template is typed.

    The popup opens after ``{{`` (with or without a space), after a ``.`` that follows a
    known name, and while a name is typed inside ``{{ … }}`` or ``{% … %}``; Ctrl+Space
    opens it anywhere (in plain text the chosen name comes wrapped in ``{{ }}``). Enter
    or Tab inserts the chosen name, Escape closes the popup.
    """

    def __init__(self, editor: CodeEditor, names: Sequence[str] = ()) -> None:
        super().__init__(editor)
        self.editor = editor
        self._names: list[str] = []
        self._parents: set[str] = set()
        self._wrap = False
        self.model = QStringListModel(self)
        self.completer = QCompleter(self.model, self)
        self.completer.setWidget(editor)
        self.completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        self.completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.completer.setFilterMode(Qt.MatchFlag.MatchStartsWith)
        self.completer.setMaxVisibleItems(12)
        self.completer.activated[str].connect(self.insert)
        popup = self.completer.popup()
        popup.setObjectName("nameCompletions")
        popup.setAccessibleName(self.tr("Names the template can use"))
        shortcut = QShortcut(editor)
        shortcut.setKeys(keys_for(COMPLETION_KEYS, "complete"))
        shortcut.setContext(Qt.ShortcutContext.WidgetShortcut)
        shortcut.activated.connect(lambda: self.open(force=True))
        self.set_names(names)
        editor.set_key_companion(self)

    def set_names(self, names: Sequence[str]) -> None:
        """Offer these names from now on (dotted paths, in the order to show them)."""
        if list(names) == self._names:
            return
        self._names = list(names)
        self._parents = {n.rsplit(".", 1)[0] for n in self._names if "." in n}
        self.model.setStringList(self._names)

    def names(self) -> list[str]:
        return list(self._names)

    def is_open(self) -> bool:
        return self.completer.popup().isVisible()

    def offered(self) -> list[str]:
        """The names the popup lists now."""
        model = self.completer.completionModel()
        return [str(model.index(i, 0).data()) for i in range(model.rowCount())]

    # --- following the keys -------------------------------------------------------------

    def wants_key(self, event: QKeyEvent) -> bool:
        return self.is_open() and event.key() in _POPUP_KEYS

    def key_pressed(self, event: QKeyEvent) -> None:
        text = event.text()
        erasing = event.key() in (Qt.Key.Key_Backspace, Qt.Key.Key_Delete)
        control = event.modifiers() & (
            Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.MetaModifier
        )
        if control or not (erasing or (text and text.isprintable())):
            if self.is_open() and self._typed() != self.completer.completionPrefix():
                self.close()
            return
        before = self._before_cursor()
        name = typed_name(before)
        if name is None:
            self.close()
        elif name == "":
            # Just after "{{" or "{{ " the popup offers everything; elsewhere (after an
            # operator, a filter's bar, a space between names) it stays closed.
            if before.rstrip(" ").endswith("{{") and not erasing:
                self._show("")
            else:
                self.close()
        elif name.endswith(".") and name[:-1] not in self._parents:
            self.close()
        elif erasing and not self.is_open():
            return
        else:
            self._show(name)

    # --- the popup ----------------------------------------------------------------------

    def open(self, force: bool = False) -> bool:
        """Open the popup for the name at the cursor; ``force`` opens it in plain text."""
        name = self._typed()
        self._wrap = name is None and force
        if name is None and not force:
            return False
        return self._show(name or "", wrap=self._wrap)

    def close(self) -> None:
        if self.is_open():
            self.completer.popup().hide()

    def _show(self, prefix: str, wrap: bool = False) -> bool:
        self._wrap = wrap
        self.completer.setCompletionPrefix(prefix)
        offered = self.offered()
        if not offered or (offered == [prefix] and prefix):
            self.close()
            return False
        popup = self.completer.popup()
        popup.setCurrentIndex(self.completer.completionModel().index(0, 0))
        rect = self.editor.cursorRect()
        rect.translate(self.editor.viewport().pos())
        rect.setWidth(
            min(480, popup.sizeHintForColumn(0) + popup.verticalScrollBar().sizeHint().width()) + 12
        )
        self.completer.complete(rect)
        return True

    def insert(self, name: str) -> None:
        """Put ``name`` in place of what was typed of it."""
        cursor = self.editor.textCursor()
        typed = self._typed() or ""
        if typed:
            cursor.movePosition(
                QTextCursor.MoveOperation.Left,
                QTextCursor.MoveMode.KeepAnchor,
                _utf16_length(typed),
            )
        before = self._before_cursor()
        if self._wrap:
            text = "{{ " + name + " }}"
        elif before[: len(before) - len(typed)].endswith("{{"):
            text = " " + name
        else:
            text = name
        cursor.insertText(text)
        self.editor.setTextCursor(cursor)
        self._wrap = False

    def _before_cursor(self) -> str:
        cursor = QTextCursor(self.editor.textCursor())
        cursor.clearSelection()
        cursor.movePosition(QTextCursor.MoveOperation.StartOfBlock, QTextCursor.MoveMode.KeepAnchor)
        return cursor.selectedText()

    def _typed(self) -> str | None:
        return typed_name(self._before_cursor())
