"""Questions before a project sends a key or reads a file it was not allowed to here.

A key goes only to an address approved for it on this computer; a file outside the
project folder is read only once the person allowed it. Both are asked here, naming the
key and address or the file; the answers live in the user's settings (Edit › Preferences).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtWidgets import QMessageBox, QWidget

from judgedesk.core.judge import KeyApprovals, KeyUse
from judgedesk.ui.question import ask
from judgedesk.ui.tasks import TaskRunner


def use_sentence(use: KeyUse) -> str:
    """``Judge 'x' sends OPENAI_API_KEY to https://…`` in the person's language."""
    who = use.who or QCoreApplication.translate("KeyApproval", "this model")
    return QCoreApplication.translate("KeyApproval", "{0} sends {1} to {2}").format(
        who[:1].upper() + who[1:], use.key_name, use.address
    )


def refused_words(uses: Sequence[KeyUse]) -> str:
    """Why nothing was sent, when the person did not allow a key."""
    sentences = "; ".join(use_sentence(use) for use in uses)
    return QCoreApplication.translate(
        "KeyApproval",
        "Nothing was sent: {0}, and you did not allow it. Check the address in the Judges "
        "pane; when it is right, try again and choose Allow.",
    ).format(sentences)


def ask_to_send(parent: QWidget | None, uses: Sequence[KeyUse]) -> bool:
    """Ask whether these keys may go to these addresses (tests replace this function)."""
    lines = "\n".join(f"• {use_sentence(use)}" for use in uses)
    return ask(
        parent,
        name="keyApprovalQuestion",
        icon=QMessageBox.Icon.Warning,
        title=QCoreApplication.translate("KeyApproval", "Send your key to this address?"),
        text=QCoreApplication.translate("KeyApproval", "{0}\n\nAllow?").format(lines),
        detail=QCoreApplication.translate(
            "KeyApproval",
            "Whoever runs that address receives the key and can use it on your account. "
            "A project from elsewhere could point a judge at its author's server this way. "
            "Allow only an address you know. You are asked once for each key and address; "
            "Edit › Preferences lists what you allowed and takes it back.",
        ),
        yes=QCoreApplication.translate("KeyApproval", "Allow"),
    )


def ask_to_read(parent: QWidget | None, project: str, paths: Sequence[Path]) -> bool:
    """Ask whether a project may read files outside its folder (tests replace this)."""
    names = "\n".join(f"• {path}" for path in paths)
    return ask(
        parent,
        name="outsideFileQuestion",
        icon=QMessageBox.Icon.Warning,
        title=QCoreApplication.translate("KeyApproval", "Read a file from outside the project?"),
        text=QCoreApplication.translate(
            "KeyApproval",
            "The project {0} reads its data from outside its folder:\n{1}\n\nRead it?",
        ).format(project, names),
        detail=QCoreApplication.translate(
            "KeyApproval",
            "It was not chosen on this computer. A project from elsewhere could send any of "
            "your files to a judge this way. Allow it only if it is the data you mean; "
            "Edit › Preferences lists what you allowed and takes it back.",
        ),
        yes=QCoreApplication.translate("KeyApproval", "Read It"),
    )


def _pending(uses: list[KeyUse]) -> list[KeyUse]:
    return KeyApprovals().pending(uses)


def _approve(uses: list[KeyUse]) -> None:
    KeyApprovals().approve(uses)


class KeyGate(QObject):
    """Runs an action that sends keys once every key is approved for its address.

    What is approved is looked up off the GUI thread; the person is asked about the rest
    (naming each key and address); nothing happens before the answer, and nothing at all
    when the answer is no.
    """

    def __init__(self, tasks: TaskRunner, parent: QWidget) -> None:
        super().__init__(parent)
        self.tasks = tasks
        self.window = parent

    def then(
        self,
        uses: Sequence[KeyUse],
        proceed: Callable[[], None],
        refused: Callable[[str], None],
        key: str = "key-approval",
    ) -> None:
        """Call ``proceed()`` when ``uses`` are allowed; ``refused(words)`` when not."""
        wanted = [use for use in uses if use.reference.strip()]
        if not wanted:
            proceed()
            return

        def decided(waiting: list[KeyUse]) -> None:
            if not waiting:
                proceed()
            elif ask_to_send(self.window, waiting):
                self.tasks.start(key, asyncio.to_thread(_approve, waiting), lambda _: proceed())
            else:
                refused(refused_words(waiting))

        self.tasks.start(key, asyncio.to_thread(_pending, wanted), on_done=decided)
