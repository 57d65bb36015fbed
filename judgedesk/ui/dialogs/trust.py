"""Do you trust this project? The question, and why scripts are blocked until it is answered."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.project import CHANGED, TrustState, trust_state

T = TypeVar("T")


def untrusted_words(state: TrustState) -> str:
    """Why the project's scripts did not run, and how to let them."""
    if state.reason == CHANGED:
        why = QCoreApplication.translate(
            "ScriptTrust",
            "{0} changed outside JudgeDesk since you trusted this project, so its scripts "
            "do not run.",
        ).format(", ".join(state.unapproved))
    else:
        why = QCoreApplication.translate(
            "ScriptTrust",
            "This project's scripts ({0}) have not been trusted on this computer, so they "
            "do not run: a project from elsewhere could run any program with your rights.",
        ).format(", ".join(s.name for s in state.scripts))
    how = QCoreApplication.translate(
        "ScriptTrust",
        "Read them in the Scripts pane; if you trust them, choose File › Trust Project "
        "Scripts…, then try again.",
    )
    return f"{why} {how}"


async def when_trusted(
    root: Path, work: Callable[[], Awaitable[T]], kinds: tuple[str, ...] = ()
) -> T | TrustState:
    """Start and await ``work()`` unless the project's scripts must not run.

    ``kinds`` narrows the check to the scripts the work would run from the project's
    files ("preprocess"…); by default any untrusted script blocks it. ``work`` is a
    plain callable (a ``functools.partial``): it must hold data, never widgets.

    Returns the work's result, or the :class:`TrustState` that blocked it.
    """
    state = await asyncio.to_thread(trust_state, root)
    if state.blocks(*kinds) if kinds else state.blocked:
        return state
    return await work()


class TrustQuestion(QDialog):
    """Asks whether a project's scripts may run, showing their names and first lines.

    Accepted means "Trust and allow scripts"; rejected (the default, and Esc) means
    "Open without running scripts".
    """

    def __init__(self, state: TrustState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("trustQuestion")
        self.setWindowTitle(self.tr("Do you trust this project?"))
        self.setMinimumWidth(560)
        heading = QLabel(self)
        heading.setObjectName("trustHeading")
        heading.setWordWrap(True)
        heading.setTextFormat(Qt.TextFormat.PlainText)
        if state.reason == CHANGED:
            heading.setText(
                self.tr(
                    "Scripts of “{0}” changed since you trusted it: {1}. Scripts run as "
                    "programs on this computer, with your rights. Allow them only if you "
                    "know what changed."
                ).format(state.root.name, ", ".join(state.unapproved))
            )
        else:
            heading.setText(
                self.tr(
                    "“{0}” was not made on this computer, and it has scripts that JudgeDesk "
                    "would run as programs, with your rights, during runs. Allow them only "
                    "if you trust where the project comes from."
                ).format(state.root.name)
            )
        self.heading = heading
        self.scripts = QPlainTextEdit(self)
        self.scripts.setObjectName("trustScripts")
        self.scripts.setAccessibleName(self.tr("The project's scripts"))
        self.scripts.setReadOnly(True)
        self.scripts.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.scripts.setPlainText(self.describe(state))
        note = QLabel(
            self.tr(
                "Either way the project opens: you can read everything, in the Scripts "
                "pane too. Until you trust it, runs, Run on this row and Judge this row "
                "refuse to run its scripts; File › Trust Project Scripts… asks again."
            ),
            self,
        )
        note.setObjectName("trustNote")
        note.setWordWrap(True)
        buttons = QDialogButtonBox(self)
        self.trust_button = buttons.addButton(
            self.tr("&Trust and allow scripts"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.trust_button.setObjectName("trustAllowButton")
        self.block_button = buttons.addButton(
            self.tr("&Open without running scripts"), QDialogButtonBox.ButtonRole.RejectRole
        )
        self.block_button.setObjectName("trustBlockButton")
        self.block_button.setDefault(True)
        self.block_button.setAutoDefault(True)
        self.trust_button.setAutoDefault(False)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addWidget(self.scripts, 1)
        layout.addWidget(note)
        layout.addWidget(buttons)

    def describe(self, state: TrustState) -> str:
        """Each script's name and first lines, then the other files under scripts/."""
        parts = []
        for script in state.scripts:
            lines = "\n".join(f"    {line}" for line in script.first_lines)
            more = script.line_count - len(script.first_lines)
            if more > 0:
                lines += "\n    " + self.tr("… and {0} more lines").format(more)
            parts.append(f"{script.name}\n{lines or '    ' + self.tr('(empty)')}")
        shown = {script.name for script in state.scripts}
        others = [name for name in state.files if name not in shown]
        if others:
            parts.append(self.tr("Other files the scripts can use: {0}").format(", ".join(others)))
        return "\n\n".join(parts)
