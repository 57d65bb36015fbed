"""Reading and writing the project's text files (templates, scripts) off the GUI thread.

Typing is saved after a pause.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from judgedesk.core.fileio import atomic_write_text
from judgedesk.ui.tasks import TaskRunner

SAVE_DELAY_MS = 1000
"""Quiet time after a keystroke before the template file is written."""


WriteHook = Callable[[Path, "str | None", str], None]
"""Told (path, text on disk before or None, new text) before a file is written."""


class TemplateWriter:
    """Writes text files atomically from worker threads, newest text last.

    Each text handed over carries a ticket number; a write that finds a newer ticket
    already written does nothing, so a slow save can never put older text back.
    ``on_write`` (a plain function: it runs in worker threads) hears of each write first.
    """

    def __init__(self, on_write: WriteHook | None = None) -> None:
        self.on_write = on_write
        self._lock = threading.Lock()
        self._written: dict[Path, int] = {}
        self._tickets = 0

    def ticket(self) -> int:
        """A number for the text being handed over (GUI thread only)."""
        self._tickets += 1
        return self._tickets

    def write(self, path: Path, text: str, ticket: int) -> str:
        """Write ``text`` to ``path``; return "" or why it could not be written."""
        with self._lock:
            if self._written.get(path, 0) > ticket:
                return ""
            try:
                self.before_write(path, text)
                atomic_write_text(path, text)
            except OSError as exc:
                return exc.strerror or str(exc)
            self._written[path] = ticket
            return ""

    def before_write(self, path: Path, text: str) -> None:
        """Tell ``on_write`` that ``text`` is about to replace ``path`` (worker thread)."""
        if self.on_write is None:
            return
        before, problem = read_template_file(path)
        self.on_write(path, None if problem else before, text)

    @contextmanager
    def hold(self, path: Path, ticket: int) -> Iterator[None]:
        """Keep writes out while the block moves or removes ``path`` (worker thread).

        The block counts as the write of ``ticket``: text handed over before it is never
        written after it.
        """
        with self._lock:
            self._written[path] = max(self._written.get(path, 0), ticket)
            yield


def read_template_file(path: Path) -> tuple[str, str]:
    """Read a template: (text, "") or ("", "missing"), ("", "not-utf8"), ("", why)."""
    try:
        return path.read_text(encoding="utf-8"), ""
    except FileNotFoundError:
        return "", "missing"
    except UnicodeDecodeError:
        return "", "not-utf8"
    except OSError as exc:
        return "", exc.strerror or str(exc)


class TemplateFiles(QObject):
    """Keeps text files in step with their editors, writing in worker threads.

    An edit is written :data:`SAVE_DELAY_MS` after typing stops, one file at a time;
    :meth:`flush` starts at once, :meth:`save_now` writes here and now (at closing).
    ``name`` keeps the tasks of one user apart from another's (they share the runner).

    Signals:
        sig_read: (path, text, state) after :meth:`read`; state is "" when the file was
            read, else as :func:`read_template_file` says.
        sig_saved: the path of a file just written.
        sig_changed: a file's saving state changed (see :meth:`state`).
    """

    sig_read = Signal(object, str, str)
    sig_saved = Signal(str)
    sig_changed = Signal()

    def __init__(
        self,
        tasks: TaskRunner,
        parent: QObject | None = None,
        *,
        name: str = "template",
        on_write: WriteHook | None = None,
    ) -> None:
        super().__init__(parent)
        self.tasks = tasks
        self._name = name
        self.writer = TemplateWriter(on_write)
        self._pending: dict[Path, tuple[str, int]] = {}
        self._saving: Path | None = None
        self._errors: dict[Path, str] = {}
        self._timer = QTimer(self, singleShot=True, interval=SAVE_DELAY_MS)
        self._timer.timeout.connect(self._save_next)

    def read(self, path: Path) -> None:
        """Read ``path`` in a worker thread (text typed and not written yet wins)."""
        pending = self._pending.get(path)
        if pending is not None:
            self.sig_read.emit(path, pending[0], "")
            return
        self.tasks.start(
            f"{self._name}-read:{path}",
            asyncio.to_thread(read_template_file, path),
            on_done=lambda result: self.sig_read.emit(path, *result),
        )

    def edited(self, path: Path, text: str) -> None:
        """Note new text for ``path``; it is written after the pause."""
        self._pending[path] = (text, self.writer.ticket())
        self._timer.start()
        self.sig_changed.emit()

    def take(self, path: Path) -> tuple[str | None, int]:
        """Stop saving ``path``: return the text typed and not written yet, and a ticket.

        Pass the ticket to :meth:`TemplateWriter.hold` around moving the file, so that a
        write already under way cannot bring it back.
        """
        pending = self._pending.pop(path, None)
        self._errors.pop(path, None)
        self.sig_changed.emit()
        return (pending[0] if pending else None), self.writer.ticket()

    def state(self, path: Path) -> str:
        """ "saving", "saved", or why the last write failed."""
        if path in self._errors:
            return self._errors[path]
        return "saving" if path in self._pending or self._saving == path else "saved"

    def unsaved(self) -> bool:
        return bool(self._pending) or self._saving is not None

    def flush(self) -> None:
        """Start writing what was typed now rather than after the pause."""
        self._timer.stop()
        self._save_next()

    def save_now(self) -> None:
        """Write every edit not yet on disk, here and now (the window is closing)."""
        self._timer.stop()
        for path, (text, ticket) in list(self._pending.items()):
            if not self.writer.write(path, text, ticket):
                del self._pending[path]

    def _save_next(self) -> None:
        if self._saving is not None or not self._pending:
            return
        path = next(iter(self._pending))
        text, ticket = self._pending.pop(path)
        self._saving = path
        self.tasks.start(
            f"{self._name}-save",
            asyncio.to_thread(self.writer.write, path, text, ticket),
            on_done=partial(self._saved, path, text, ticket),
        )

    def _saved(self, path: Path, text: str, ticket: int, error: str) -> None:
        self._saving = None
        if error:
            self._pending.setdefault(path, (text, ticket))  # tried again after the next edit
            self._errors[path] = error
        else:
            self._errors.pop(path, None)
            self.sig_saved.emit(str(path))
        self.sig_changed.emit()
        if not error and self._pending and not self._timer.isActive():
            self._save_next()
