"""Keys that a pane or an editor handles itself, declared once in a table beside the code:
the code binds them from it and Help › Keyboard Shortcuts lists them from it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QKeySequence

KeyName = str | QKeySequence.StandardKey
"""A key sequence in portable text ("Ctrl+Return") or a standard key (all its bindings)."""


class PaneKey(NamedTuple):
    """The keys that do one thing, and what it is.

    ``text`` is marked with ``QT_TRANSLATE_NOOP("Shortcuts", …)``. ``command`` names
    what the code binds the keys to; it is empty when the code reads the keys itself
    (a ``keyPressEvent``) or another table binds them.
    """

    keys: tuple[KeyName, ...]
    text: str
    command: str = ""

    def sequences(self) -> list[QKeySequence]:
        """Every key sequence, a standard key's bindings on this platform included."""
        found: list[QKeySequence] = []
        for key in self.keys:
            if isinstance(key, QKeySequence.StandardKey):
                bindings = QKeySequence.keyBindings(key)
            else:
                bindings = [QKeySequence(key)]
            found += [sequence for sequence in bindings if not sequence.isEmpty()]
        return list(dict.fromkeys(found))

    def description(self) -> str:
        """What the keys do, in the interface's language."""
        return QCoreApplication.translate("Shortcuts", self.text)


def keys_for(table: Iterable[PaneKey], command: str) -> list[QKeySequence]:
    """The key sequences ``table`` gives ``command``."""
    for entry in table:
        if entry.command == command:
            return entry.sequences()
    raise KeyError(command)


def key_text(sequences: Sequence[QKeySequence]) -> str:
    """The keys as this platform writes them ("J, N, Down"); the ten digits as "0–9".

    A dedicated key some keyboards have (Undo, Find…) is left out when another binding
    does the same: people look for the keys they have.
    """
    shown = [sequence for sequence in sequences if not _dedicated(sequence)] or list(sequences)
    digits = [sequence for sequence in shown if _digit(sequence)]
    texts: list[str] = []
    for sequence in shown:
        if len(digits) == 10 and _digit(sequence):
            text = "0–9"
        else:
            text = sequence.toString(QKeySequence.SequenceFormat.NativeText)
        if text not in texts:
            texts.append(text)
    return ", ".join(texts)


def _single(sequence: QKeySequence) -> Qt.Key | None:
    if sequence.count() != 1 or sequence[0].keyboardModifiers() != Qt.KeyboardModifier.NoModifier:
        return None
    return sequence[0].key()


def _digit(sequence: QKeySequence) -> bool:
    key = _single(sequence)
    return key is not None and Qt.Key.Key_0.value <= key.value <= Qt.Key.Key_9.value


def _dedicated(sequence: QKeySequence) -> bool:
    key = _single(sequence)
    return key is not None and key.value >= Qt.Key.Key_Back.value
