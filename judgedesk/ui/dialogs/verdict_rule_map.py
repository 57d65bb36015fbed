"""The verdict rule's table of labels: what the judge writes, and what each label means."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.judge import PAIR_LABELS, fold, number_label
from judgedesk.ui.dialogs.choice import hint_label

_YES_WORDS = frozenset({"yes", "true", "correct", "right", "1", "y", "a", "对", "正确", "是"})
_NO_WORDS = frozenset({"no", "false", "incorrect", "wrong", "0", "n", "b", "错", "错误", "否"})
_PAIR_GUESS = {"a": "A>B", "b": "B>A", "c": "A=B", "tie": "A=B"}
_PAIR_NAMES = {label.lower(): label for label in PAIR_LABELS.values()}


class MapEditor(QWidget):
    """Rows of "the judge writes" → "it means", with a meaning on the rule kind's scale.

    A comparison or a correct/incorrect rule offers its scale in a list; a score rule
    takes a number; a label rule takes any text (empty: the label itself).

    Signals:
        sig_changed: a row was added, removed or edited.
    """

    sig_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("verdictRuleMap")
        self.kind = "score"
        self._rows: list[tuple[QLineEdit, QComboBox | QLineEdit, QPushButton]] = []
        self.grid = QGridLayout()
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.headers = (
            QLabel(self.tr("The judge writes"), self),
            QLabel(self.tr("It means"), self),
        )
        for column, header in enumerate(self.headers):
            self.grid.addWidget(header, 0, column)
        self.add_button = QPushButton(self.tr("Add a label"), self)
        self.add_button.setObjectName("verdictRuleMapAdd")
        self.add_button.setAutoDefault(False)
        self.add_button.clicked.connect(lambda: self.add_row("", None, focus=True))
        self.hint = hint_label(self, "verdictRuleMapHint")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self.grid)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        layout.addWidget(self.hint)
        self._update_hint()
        self.sig_changed.connect(self._show_headers)
        self._show_headers()

    def _show_headers(self) -> None:
        for header in self.headers:
            header.setVisible(bool(self._rows))

    # --- the scale ---------------------------------------------------------------------

    def scale(self) -> list[tuple[str, Any]]:
        """The meanings a label can have for the kind: (words shown, value saved)."""
        if self.kind == "pairwise":
            return [
                (self.tr("A much better (A>>B)"), "A>>B"),
                (self.tr("A better (A>B)"), "A>B"),
                (self.tr("A tie (A=B)"), "A=B"),
                (self.tr("B better (B>A)"), "B>A"),
                (self.tr("B much better (B>>A)"), "B>>A"),
            ]
        if self.kind == "correctness":
            return [(self.tr("correct"), True), (self.tr("incorrect"), False)]
        return []

    def set_kind(self, kind: str) -> None:
        """Show meanings on ``kind``'s scale, keeping each row's label and, if it fits, its
        meaning."""
        if kind == self.kind:
            return
        entries = self.entries()
        self.kind = kind
        self.clear()
        for label, meaning in entries:
            self.add_row(label, meaning)
        self._update_hint()

    # --- rows --------------------------------------------------------------------------

    def set_entries(self, mapping: dict[str, Any]) -> None:
        """Show ``mapping`` (label → meaning), replacing the rows."""
        self.clear()
        for label, meaning in mapping.items():
            self.add_row(str(label), meaning)

    def clear(self) -> None:
        for row in self._rows:
            for widget in row:
                self.grid.removeWidget(widget)
                widget.deleteLater()
        self._rows.clear()
        self._show_headers()

    def labels(self) -> list[str]:
        return [label.text().strip() for label, _, _ in self._rows]

    def add_row(self, label: str, meaning: Any, *, focus: bool = False) -> None:
        """Add a row (``meaning`` None: a guess from the label, or the first on the scale)."""
        number = len(self._rows) + 1
        label_edit = QLineEdit(label, self)
        label_edit.setObjectName(f"verdictRuleMapLabel{number}")
        label_edit.setAccessibleName(self.tr("Label {0}, as the judge writes it").format(number))
        label_edit.setPlaceholderText(self.tr("as the judge writes it"))
        label_edit.textEdited.connect(self.sig_changed.emit)
        meaning_edit: QComboBox | QLineEdit
        scale = self.scale()
        if scale:
            meaning_edit = QComboBox(self)
            for words, value in scale:
                meaning_edit.addItem(words, value)
            wanted = meaning if meaning is not None else _guess(self.kind, label)
            meaning_edit.setCurrentIndex(max(0, _scale_index(scale, wanted)))
            meaning_edit.currentIndexChanged.connect(self.sig_changed.emit)
        else:
            meaning_edit = QLineEdit(_meaning_text(meaning), self)
            if self.kind == "score":
                meaning_edit.setPlaceholderText(self.tr("a number"))
            else:
                meaning_edit.setPlaceholderText(self.tr("the label itself"))
            meaning_edit.textEdited.connect(self.sig_changed.emit)
        meaning_edit.setObjectName(f"verdictRuleMapMeaning{number}")
        meaning_edit.setAccessibleName(self.tr("What label {0} means").format(number))
        remove = QPushButton(self.tr("Remove"), self)
        remove.setObjectName(f"verdictRuleMapRemove{number}")
        remove.setAccessibleName(self.tr("Remove label {0}").format(number))
        remove.setAutoDefault(False)
        row = (label_edit, meaning_edit, remove)
        remove.clicked.connect(lambda: self.remove_row(row))
        self._rows.append(row)
        for column, widget in enumerate(row):
            self.grid.addWidget(widget, number, column)
        if focus:
            label_edit.setFocus()
        self.sig_changed.emit()

    def remove_row(self, row: tuple[QLineEdit, QComboBox | QLineEdit, QPushButton]) -> None:
        entries = [
            e
            for r, e in zip(self._rows, self.entries(keep_empty=True), strict=True)
            if r is not row
        ]
        self.clear()
        for label, meaning in entries:
            self.add_row(label, meaning)
        self.sig_changed.emit()

    def entries(self, *, keep_empty: bool = False) -> list[tuple[str, Any]]:
        """The rows as (label, meaning); rows with no label are left out unless
        ``keep_empty``. A label rule's empty meaning is the label itself."""
        found = []
        for label_edit, meaning_edit, _ in self._rows:
            label = label_edit.text().strip()
            if not label and not keep_empty:
                continue
            if isinstance(meaning_edit, QComboBox):
                meaning: Any = meaning_edit.currentData()
            else:
                meaning = meaning_edit.text().strip()
                if self.kind == "label" and not meaning and not keep_empty:
                    meaning = label
            found.append((label, meaning))
        return found

    def mapping(self) -> dict[str, Any]:
        """The rule's map, as written in its settings."""
        return dict(self.entries())

    def has_label(self, label: str) -> bool:
        return any(fold(text) == fold(label) for text in self.labels())

    def _update_hint(self) -> None:
        hints = {
            "score": self.tr(
                "Numbers are read as they are. List words only if the judge answers in "
                "words (for example “good” means 4)."
            ),
            "pairwise": self.tr(
                "With no labels listed, A>>B … B>>A, A, B, tie and 1 to 5 are understood. "
                "Once you list labels, only the listed ones are read."
            ),
            "correctness": self.tr(
                "With no labels listed, yes/no, correct/incorrect, true/false and 1/0 are "
                "understood. Once you list labels, only the listed ones are read."
            ),
            "label": self.tr(
                "With no labels listed, any label the judge writes is kept. Once you list "
                "labels, only the listed ones are read."
            ),
        }
        self.hint.setText(hints.get(self.kind, ""))


def _guess(kind: str, label: str) -> Any:
    key = fold(label).replace(" ", "")
    if kind == "pairwise":
        return _PAIR_NAMES.get(key) or _PAIR_GUESS.get(key)
    if kind == "correctness":
        return True if key in _YES_WORDS else False if key in _NO_WORDS else None
    return None


def _scale_index(scale: list[tuple[str, Any]], value: Any) -> int:
    """Where ``value`` (as saved, or as a rule reads it back) is on ``scale``; -1 if not."""
    if isinstance(value, int) and not isinstance(value, bool) and value in PAIR_LABELS:
        value = PAIR_LABELS[value]
    elif isinstance(value, str):
        key = fold(value).replace(" ", "")
        value = _PAIR_NAMES.get(
            key, True if key in _YES_WORDS else False if key in _NO_WORDS else value
        )
    for index, (_, saved) in enumerate(scale):
        if type(saved) is type(value) and saved == value:
            return index
    return -1


def _meaning_text(meaning: Any) -> str:
    if meaning is None:
        return ""
    if isinstance(meaning, bool):
        return "1" if meaning else "0"
    if isinstance(meaning, int | float):
        return number_label(meaning)
    return str(meaning)


def guess_kind(label: str) -> str:
    """The rule kind a selected label suggests: a comparison, correct/incorrect, or a label."""
    key = fold(label).replace(" ", "")
    if key in _PAIR_NAMES or key in _PAIR_GUESS:
        return "pairwise"
    if key in _YES_WORDS or key in _NO_WORDS:
        return "correctness"
    return "label"
