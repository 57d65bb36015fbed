"""A review pack's reviews as the reviewer changes them: each change undoable, saved at once."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Hashable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.project import UndoStack
from judgedesk.core.review import PackEdits, PackRow, ReviewPack, save_pack
from judgedesk.core.run import Review
from judgedesk.ui.tasks import TaskRunner

log = logging.getLogger(__name__)


class PackSaver(QObject):
    """Saves a pack after every change, in the order the changes were made.

    One thread writes; while it writes, the latest state waits (states in between are
    skipped: the latest holds them). Each write replaces the file atomically, so a crash
    leaves the last state written.

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
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pack-save")
        self._waiting: tuple[ReviewPack, Path] | None = None
        self._writing = False
        self.failure = ""
        """Why the last write failed; "" once a write succeeded."""

    def save(self, pack: ReviewPack, path: Path) -> None:
        """Write ``pack`` (as it is now) to ``path`` once the writes before are done."""
        # The worker gets a copy: the window goes on changing the pack meanwhile.
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
        executor = self._executor
        pack, path = job

        async def write() -> str:
            try:
                await asyncio.get_running_loop().run_in_executor(executor, save_pack, pack, path)
            except (OSError, JudgeDeskError) as exc:
                reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
                return f"{path}: {reason}"
            except Exception as exc:  # any failure must be told, and the next write go on
                log.exception("saving %s failed", path)
                return f"{path}: {exc}"
            return ""

        self.tasks.start("pack-save", write(), lambda failure: self._written(path, failure))

    def _written(self, path: Path, failure: str) -> None:
        self.failure = failure
        if failure:
            self.sig_failed.emit(failure)
        elif self._waiting is None:
            self.sig_saved.emit(path)
        self._write_next()

    def shutdown(self) -> None:
        """Let the writing thread go (after the last write, which is never cut short)."""
        self._executor.shutdown(wait=True)


class PackReviews(QObject):
    """The open pack and its reviews; every change goes through the undo stack and is
    saved into the pack's file at once.

    Signals:
        sig_review_changed: the dataset index of a row whose review was changed, undone
            or redone.
    """

    sig_review_changed = Signal(int)

    def __init__(self, tasks: TaskRunner, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.edits = PackEdits()
        self.path: Path | None = None
        self.saver = PackSaver(tasks, self)
        self.touched: int | None = None
        """The row the last change, undo or redo was about."""
        self.edits.sig_review_changed.connect(self._changed)

    @property
    def pack(self) -> ReviewPack | None:
        """The pack open for review."""
        return self.edits.pack

    @property
    def undo(self) -> UndoStack:
        """The pack's changes, to undo and redo."""
        return self.edits.undo

    def open(self, pack: ReviewPack, path: Path) -> None:
        """Review ``pack``, saved to ``path``; the undo history starts again."""
        self.path = path
        self.edits.open(pack)
        self.saver.failure = ""

    def review(self, row: PackRow) -> Review | None:
        return self.pack.reviews.get(row.index) if self.pack is not None else None

    def give(self, row: PackRow, value: Any, name: str) -> None:
        """Give ``row`` the verdict ``value`` (shown as ``name``)."""
        label = self.tr("Verdict {0} on {1}").format(name, row.id)
        self.change(row, label, lambda review: replace(review, value=value))

    def toggle_flag(self, row: PackRow) -> None:
        """Flag ``row`` for a second look, or take the flag off."""
        label = self.tr("Flag on {0}").format(row.id)
        self.change(row, label, lambda review: replace(review, flag=not review.flag))

    def clear_verdict(self, row: PackRow) -> None:
        """Take back ``row``'s verdict (the flag and note stay)."""
        label = self.tr("Clear the verdict of {0}").format(row.id)
        self.change(row, label, lambda review: replace(review, value=None, agree=None))

    def write_note(self, row: PackRow, text: str) -> None:
        """Write ``row``'s note (typing into one note is one step of undo)."""
        label = self.tr("Note on {0}").format(row.id)
        self.change(row, label, lambda review: replace(review, note=text), ("note", row.index))

    def change(
        self,
        row: PackRow,
        label: str,
        edit: Callable[[Review], Review],
        merge_key: Hashable | None = None,
    ) -> None:
        """Change ``row``'s review with ``edit`` (a review that says nothing is removed)."""
        self.edits.change(row, label, edit, merge_key)

    def _changed(self, index: int) -> None:
        """A review was changed, undone or redone: say so and save the pack at once."""
        self.touched = index
        self.sig_review_changed.emit(index)
        if self.pack is not None and self.path is not None:
            self.saver.save(self.pack, self.path)

    def save_again(self) -> None:
        """Write the pack again (after a failed save)."""
        if self.pack is not None and self.path is not None:
            self.saver.save(self.pack, self.path)
