"""The Trust tab of Preferences: the person's approvals on this computer, and revoking them."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QDateTime,
    QLocale,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QKeyEvent, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.judge import KeyApprovals, key_reference
from judgedesk.core.project import AUTHORED, MADE_HERE, TRUSTED, FileApprovals, TrustStore
from judgedesk.ui.tasks import TaskRunner

Index = QModelIndex | QPersistentModelIndex
PROJECTS, KEYS, FILES = "projects", "keys", "files"
LIST_HEIGHT = 132


@dataclass(frozen=True)
class Approval:
    """One answer the person gave, as plain data (it travels to worker threads).

    Attributes:
        kind: :data:`PROJECTS`, :data:`KEYS` or :data:`FILES`.
        first: the project folder, or the key's reference (never a key).
        second: the file, or the server ("" for a project).
        detail: how a project got there (its trust origin); "" otherwise.
        when: when it was given, as ISO time text.
    """

    kind: str
    first: str
    second: str = ""
    detail: str = ""
    when: str = ""


def read_approvals() -> dict[str, list[Approval]]:
    """Every approval in the user's settings folder, by kind (blocking)."""
    return {
        PROJECTS: [
            Approval(PROJECTS, folder, "", str(entry.get("origin", "")), str(entry.get("when", "")))
            for folder, entry in TrustStore().entries().items()
        ],
        KEYS: [Approval(KEYS, a.reference, a.server, "", a.when) for a in KeyApprovals().entries()],
        FILES: [Approval(FILES, a.project, a.path, "", a.when) for a in FileApprovals().entries()],
    }


def revoke_approvals(approvals: Sequence[Approval]) -> dict[str, list[Approval]]:
    """Take these approvals back, then read them all again (blocking)."""
    trust, keys, files = TrustStore(), KeyApprovals(), FileApprovals()
    for approval in approvals:
        if approval.kind == PROJECTS:
            trust.forget(Path(approval.first))
        elif approval.kind == KEYS:
            keys.revoke(approval.first, approval.second)
        elif approval.kind == FILES:
            files.revoke(approval.first, approval.second)
    return read_approvals()


def key_label(reference: str) -> str:
    """A key as the person knows it: its variable's name, or its keyring entry."""
    kind, _, rest = key_reference(reference).partition(":")
    if kind == "env":
        return rest
    if kind == "keyring":
        return QCoreApplication.translate("TrustLists", "keyring entry {0}").format(rest)
    # Whatever else is written there is not shown: it may be a key itself.
    return QCoreApplication.translate("TrustLists", "an API key")


def origin_label(origin: str) -> str:
    """How a project's scripts came to be allowed, in words."""
    words = {
        MADE_HERE: QCoreApplication.translate("TrustLists", "made here"),
        TRUSTED: QCoreApplication.translate("TrustLists", "trusted by you"),
        AUTHORED: QCoreApplication.translate("TrustLists", "scripts you wrote"),
    }
    return words.get(origin, origin)


def when_label(when: str) -> str:
    """An ISO time as the person's locale writes a date and time."""
    moment = QDateTime.fromString(when, Qt.DateFormat.ISODate)
    if not moment.isValid():
        return when
    return QLocale().toString(moment, QLocale.FormatType.ShortFormat)


def cells(approval: Approval) -> tuple[str, str, str]:
    """The three columns of an approval's row."""
    when = when_label(approval.when)
    if approval.kind == PROJECTS:
        return approval.first, origin_label(approval.detail), when
    if approval.kind == KEYS:
        return key_label(approval.first), approval.second, when
    return approval.first, approval.second, when


class ApprovalsModel(QAbstractTableModel):
    """A list of approvals of one kind: three columns, the last one when it was given."""

    def __init__(self, headers: Sequence[str], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._headers = list(headers)
        self._rows: list[tuple[Approval, tuple[str, str, str]]] = []

    def set_approvals(self, approvals: Sequence[Approval]) -> None:
        self.beginResetModel()
        self._rows = [(a, cells(a)) for a in approvals]
        self.endResetModel()

    def approval(self, row: int) -> Approval:
        return self._rows[row][0]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._headers)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return self._rows[index.row()][1][index.column()]
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if (
            role == Qt.ItemDataRole.DisplayRole
            and orientation == Qt.Orientation.Horizontal
            and 0 <= section < len(self._headers)
        ):
            return self._headers[section]
        return None


class ApprovalsView(QTableView):
    """A table of approvals where Delete (or Backspace) asks to revoke the selected rows.

    Signals:
        sig_revoke_requested: the person pressed Delete.
    """

    sig_revoke_requested = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self.sig_revoke_requested.emit()
            event.accept()
            return
        super().keyPressEvent(event)


class ApprovalList(QWidget):
    """A heading, the approvals of one kind (or "Nothing yet.") and a Revoke button.

    Signals:
        sig_revoke_requested: (list of Approval) the person asked to revoke these.
    """

    sig_revoke_requested = Signal(list)

    def __init__(
        self,
        name: str,
        heading: str,
        headers: Sequence[str],
        parent: QWidget | None = None,
        *,
        short_second: bool = False,
    ) -> None:
        super().__init__(parent)
        self.setObjectName(f"{name}Approvals")
        title = QLabel(heading, self)
        font = title.font()
        font.setBold(True)
        title.setFont(font)
        self.model = ApprovalsModel(headers, self)
        self.view = ApprovalsView(self)
        self.view.setObjectName(f"{name}ApprovalsView")
        self.view.setAccessibleName(heading)
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.view.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.view.setWordWrap(False)
        rows = self.view.verticalHeader()
        rows.hide()
        rows.setDefaultSectionSize(self.view.fontMetrics().height() + 8)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        if short_second:
            header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.view.setMinimumHeight(LIST_HEIGHT)
        self.view.selectionModel().selectionChanged.connect(lambda *_: self._update_button())
        self.view.sig_revoke_requested.connect(self.revoke_selected)
        self.empty = QLabel(self.tr("Nothing yet."), self)
        self.empty.setObjectName(f"{name}ApprovalsEmpty")
        self.empty.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.revoke_button = QPushButton(self.tr("Revoke"), self)
        self.revoke_button.setObjectName(f"{name}RevokeButton")
        self.revoke_button.setAccessibleName(self.tr("Revoke: {0}").format(heading))
        self.revoke_button.setToolTip(
            self.tr("Take back the selected answers: JudgeDesk asks again next time (Delete)")
        )
        self.revoke_button.clicked.connect(self.revoke_selected)
        top = QHBoxLayout()
        top.addWidget(title, 1)
        top.addWidget(self.revoke_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.empty)
        self._busy = False
        self.show_approvals([])

    def show_approvals(self, approvals: Sequence[Approval]) -> None:
        self.model.set_approvals(approvals)
        self.view.setVisible(bool(approvals))
        self.empty.setVisible(not approvals)
        self._update_button()

    def selected(self) -> list[Approval]:
        rows = sorted({index.row() for index in self.view.selectionModel().selectedRows()})
        return [self.model.approval(row) for row in rows]

    def set_busy(self, busy: bool) -> None:
        """While answers are read or revoked, no other revoking starts."""
        self._busy = busy
        self._update_button()

    def revoke_selected(self) -> None:
        chosen = self.selected()
        if chosen and not self._busy:
            self.sig_revoke_requested.emit(chosen)

    def _update_button(self) -> None:
        self.revoke_button.setEnabled(not self._busy and bool(self.selected()))


class TrustLists(QWidget):
    """The three lists of approvals, read when asked and reloaded after each revoke.

    Signals:
        sig_loaded: the lists show what the settings folder holds now.
    """

    sig_loaded = Signal()

    def __init__(self, tasks: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("trustLists")
        self.tasks = tasks
        note = QLabel(
            self.tr(
                "These are answers you gave on this computer; a project cannot bring its "
                "own. Revoking one takes effect at once: JudgeDesk asks again the next "
                "time it is needed."
            ),
            self,
        )
        note.setObjectName("trustListsNote")
        note.setWordWrap(True)
        when = self.tr("When")
        self.projects = ApprovalList(
            PROJECTS,
            self.tr("Projects whose scripts may run"),
            [self.tr("Project folder"), self.tr("How"), when],
            self,
            short_second=True,
        )
        self.keys = ApprovalList(
            KEYS,
            self.tr("Keys allowed to go to a server"),
            [self.tr("Key"), self.tr("Server"), when],
            self,
        )
        self.files = ApprovalList(
            FILES,
            self.tr("Files a project may read outside its folder"),
            [self.tr("Project folder"), self.tr("File"), when],
            self,
        )
        self._layout = QVBoxLayout(self)
        self._layout.addWidget(note)
        for part in self.lists():
            self._layout.addSpacing(6)
            self._layout.addWidget(part)
            part.sig_revoke_requested.connect(self.revoke)
        self._layout.addStretch(0)  # takes the room the empty lists leave
        self._task: asyncio.Task[Any] | None = None

    def lists(self) -> tuple[ApprovalList, ApprovalList, ApprovalList]:
        return self.projects, self.keys, self.files

    def load(self) -> None:
        """Read the approvals in the background and show them."""
        self._start(read_approvals)

    def revoke(self, approvals: list[Approval]) -> None:
        """Take these approvals back in the background, then show what is left."""
        self._start(revoke_approvals, list(approvals))

    def _start(self, work: Callable[..., dict[str, list[Approval]]], *args: object) -> None:
        for part in self.lists():
            part.set_busy(True)
        self._task = self.tasks.start(
            "preferences-approvals", self._settled(work, *args), on_done=self._show
        )

    async def _settled(
        self, work: Callable[..., dict[str, list[Approval]]], *args: object
    ) -> dict[str, list[Approval]]:
        # The buttons come back even when reading fails (the window shows the failure),
        # unless a newer reading has taken this one's place.
        try:
            return await asyncio.to_thread(work, *args)
        finally:
            if asyncio.current_task() is self._task:
                for part in self.lists():
                    part.set_busy(False)

    def _show(self, found: dict[str, list[Approval]]) -> None:
        for part, kind in zip(self.lists(), (PROJECTS, KEYS, FILES), strict=True):
            approvals = found.get(kind, [])
            part.show_approvals(approvals)
            self._layout.setStretchFactor(part, 1 if approvals else 0)
        self.sig_loaded.emit()
