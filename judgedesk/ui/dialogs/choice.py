"""What the template dialogs hand back, and the parts they share."""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QLocale, Qt
from PySide6.QtWidgets import QCheckBox, QLabel, QVBoxLayout, QWidget

from judgedesk.core.template import format_value

_HINT_STYLE = "color: palette(placeholder-text);"
_SHOWN_CHARS = 60
_SHORT_CHARS = 24  # a value this short is listed with its name


@dataclass(frozen=True)
class TemplateChoice:
    """A template text chosen in a dialog, and what to change with it.

    Attributes:
        text: the Jinja2 text.
        replace: True to replace the editor's whole text, False to insert it at the cursor.
        title: what the text is, for the undo labels ("Single answer score").
        variables: project variables to add (those the project lacks), with their values.
        system_prompt: a system prompt to use as well, or None to keep the judge's.
        parser: a verdict parser to set on the judge, or None to keep the judge's.
    """

    text: str
    replace: bool
    title: str = ""
    variables: dict[str, object] = field(default_factory=dict)
    system_prompt: str | None = None
    parser: str | None = None


def interface_language() -> str:
    """ "zh" when the interface is in Chinese, else "en" (the languages of the library)."""
    return "zh" if QLocale().language() == QLocale.Language.Chinese else "en"


def hint_label(parent: QWidget, name: str, text: str = "") -> QLabel:
    """A quiet, wrapping, selectable label for explanations."""
    label = QLabel(text, parent)
    label.setObjectName(name)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    label.setStyleSheet(_HINT_STYLE)
    return label


def shown_value(value: object) -> str:
    """A value shortened to one line, for a list of variables."""
    flat = " ".join(format_value(value).split())
    return flat if len(flat) <= _SHOWN_CHARS else flat[: _SHOWN_CHARS - 1] + "…"


class MissingVariables(QWidget):
    """ "Add the project variables it needs", with the names and values that would be added."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self._missing: dict[str, object] = {}
        self.check = QCheckBox(self.tr("Also add the project &variables it needs"), self)
        self.check.setObjectName(f"{name}Check")
        self.check.setChecked(True)
        self.names = hint_label(self, f"{name}Names")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.check)
        layout.addWidget(self.names)
        self.names.setContentsMargins(22, 0, 0, 0)
        self.setVisible(False)

    def set_missing(self, missing: dict[str, object]) -> None:
        """Show what the project lacks (hidden when it lacks nothing)."""
        self._missing = dict(missing)
        shown = []
        for name, value in missing.items():
            if value == "":
                shown.append(self.tr("{0} (empty)").format(name))
            elif len(shown_value(value)) <= _SHORT_CHARS:
                shown.append(f"{name} = {shown_value(value)}")
            else:
                shown.append(name)
        self.names.setText(self.tr(", ").join(shown))
        self.names.setToolTip(
            "\n".join(f"{name} = {shown_value(value)}" for name, value in missing.items())
        )
        self.setVisible(bool(missing))

    def chosen(self) -> dict[str, object]:
        """The variables to add: all of them when checked, else none."""
        return dict(self._missing) if self.check.isChecked() else {}
