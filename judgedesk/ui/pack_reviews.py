"""A review pack's reviews as the reviewer changes them: each change undoable, saved at once."""

from __future__ import annotations

import logging
from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.project import UndoStack
from judgedesk.core.review import PackRow, PackSession, ReviewPack, save_pack
from judgedesk.core.run import Review
from judgedesk.ui.tasks import TaskRunner

log = logging.getLogger(__name__)


class PackSaver(QObject):
    """Saves a pack after every change, in the order the changes were made.

    One write at a time, in a thread; while it writes, the latest state waits (states in
    between are skipped: the latest holds them). Each write replaces the file atomically,
    so a crash leaves the last state written.

    Signals:
        sig_saved: the path, once the latest state is in the file.
        sig_failed: why a write failed (the file keeps the state written before).
        sig_idle: nothing is being written and nothing waits.
    """

    sig_saved = Signal(object)
    sig_failed = Signal(str)
    sig_idle = Signal()

    def __init__(self, tasks: TaskRunner, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.tasks = tasks
        self._waiting: tuple[ReviewPack, Path] | None = None
        self._writing = False
        self.failure = ""
        """Why the last write failed; "" once a write succeeded."""

    def save(self, pack: ReviewPack, path: Path) -> None:
        """Write ``pack`` (as it is now) to ``path`` once the writes before are done."""
        # The thread gets a copy: the window goes on changing the pack meanwhile.
        self._waiting = (replace(pack, reviews=dict(pack.reviews)), path)
        if not self._writing:
            self._write_next()

    def busy(self) -> bool:
        """True while a write goes on or waits."""
        return self._writing or self._waiting is not None

    def _write_next(self) -> None:
        job, self._waiting = self._waiting, None
        if job is None:
            self._writing = False
            self.sig_idle.emit()
            return
        self._writing = True
        pack, path = job
        self.tasks.run_in_thread(
            "pack-save", _write, pack, path, on_done=lambda failure: self._written(path, failure)
        )

    def _written(self, path: Path, failure: str) -> None:
        self.failure = failure
        if failure:
            self.sig_failed.emit(failure)
        elif self._waiting is None:
            self.sig_saved.emit(path)
        self._write_next()


def _write(pack: ReviewPack, path: Path) -> str:
    """Save ``pack`` (in a thread): "" once saved, else why not, in words."""
    try:
        save_pack(pack, path)
    except (OSError, JudgeDeskError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        return f"{path}: {reason}"
    except Exception as exc:  # any failure must be told, and the next write go on
        log.exception("saving %s failed", path)
        return f"{path}: {exc}"
    return ""


class PackReviews(QObject):
    """The open pack's :class:`~judgedesk.core.review.PackSession`, mirrored for the
    window: its changes are announced as a Qt signal and saved into the pack's file at once.

    Signals:
        sig_review_changed: the dataset index of a row whose review was changed, undone
            or redone.
    """

    sig_review_changed = Signal(int)

    def __init__(self, tasks: TaskRunner, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session: PackSession | None = None
        self.path: Path | None = None
        self.undo = UndoStack()
        self.saver = PackSaver(tasks, self)

    @property
    def pack(self) -> ReviewPack | None:
        """The pack under review (None before one is opened)."""
        return self.session.pack if self.session is not None else None

    @property
    def touched(self) -> int | None:
        """The row the last change, undo or redo was about."""
        return self.session.touched if self.session is not None else None

    def open(self, pack: ReviewPack, path: Path) -> None:
        """Review ``pack``, saved to ``path``; the undo history starts again."""
        if self.session is not None:
            self.session.sig_review_changed.disconnect(self._changed)
        self.undo.clear()
        self.session = PackSession(pack, self.undo)
        self.session.sig_review_changed.connect(self._changed)
        self.path = path
        self.saver.failure = ""

    def review(self, row: PackRow) -> Review | None:
        """What the reviewer said of ``row`` so far."""
        return self.session.review(row) if self.session is not None else None

    def give(self, row: PackRow, value: Any) -> None:
        """Give ``row`` the verdict ``value`` (one on the pack's scale)."""
        if self.session is not None:
            name = self.session.scale.name_of(value)
            label = self.tr("Verdict {0} on {1}").format(name, row.id)
            self.session.give(row, value, label)

    def toggle_flag(self, row: PackRow) -> None:
        """Flag ``row`` for a second look, or take the flag off."""
        if self.session is not None:
            self.session.toggle_flag(row, self.tr("Flag on {0}").format(row.id))

    def clear_verdict(self, row: PackRow) -> None:
        """Take back ``row``'s verdict (the flag and note stay)."""
        if self.session is not None:
            self.session.clear_verdict(row, self.tr("Clear the verdict of {0}").format(row.id))

    def write_note(self, row: PackRow, text: str) -> None:
        """Write ``row``'s note (typing into one note is one step of undo)."""
        if self.session is not None:
            self.session.write_note(row, text, self.tr("Note on {0}").format(row.id))

    def _changed(self, index: int) -> None:
        self.sig_review_changed.emit(index)
        self.save_again()

    def save_again(self) -> None:
        """Write the pack again (after a failed save)."""
        if self.pack is not None and self.path is not None:
            self.saver.save(self.pack, self.path)
