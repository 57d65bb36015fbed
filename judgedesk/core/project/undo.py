"""Undo and redo: changes a person makes are commands that can be done and undone.

The UI only mirrors the stack (menu labels, enabled actions); the commands change the
core's objects and the workspace announces what changed.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Protocol

from judgedesk.core.events import Signal

MAX_COMMANDS = 500


class Command(Protocol):
    """One change a person made, with a short label for the Edit menu."""

    label: str

    def do(self) -> None:
        """Apply the change (again)."""

    def undo(self) -> None:
        """Put things back as they were before :meth:`do`."""


@dataclass
class SnapshotCommand:
    """A change recorded as the state before and after, restored by ``apply``.

    Attributes:
        label: what the Edit menu says ("Edit judge 'gpt'").
        before: the state before the change.
        after: the state after it.
        apply: puts a state in place (it receives ``before`` or ``after``).
        merge_key: consecutive commands with the same key (typing into one field)
            become one step of undo.
    """

    label: str
    before: object
    after: object
    apply: Callable[[object], None]
    merge_key: Hashable | None = None

    def do(self) -> None:
        self.apply(self.after)

    def undo(self) -> None:
        self.apply(self.before)


class UndoStack:
    """The commands done so far, and those undone that can be redone.

    Signals:
        sig_changed: None, whenever what can be undone or redone changes.
    """

    def __init__(self, limit: int = MAX_COMMANDS) -> None:
        self._commands: list[Command] = []
        self._index = 0  # commands[:index] are done
        self._clean: int | None = 0
        self._limit = limit
        self.sig_changed: Signal[None] = Signal()

    def push(self, command: Command, *, applied: bool = False) -> None:
        """Add a command, doing it unless ``applied`` says it is done already.

        Commands after the current position (undone ones) are dropped. A
        :class:`SnapshotCommand` whose ``merge_key`` matches the previous one is merged
        into it, so typing a word is undone at once.
        """
        if not applied:
            command.do()
        del self._commands[self._index :]
        if self._clean is not None and self._clean > self._index:
            self._clean = None  # the saved state can no longer be reached
        top = self._commands[-1] if self._commands else None
        if (
            isinstance(top, SnapshotCommand)
            and isinstance(command, SnapshotCommand)
            and command.merge_key is not None
            and command.merge_key == top.merge_key
            and self._clean != self._index
        ):
            top.after = command.after
        else:
            self._commands.append(command)
            if len(self._commands) > self._limit:
                del self._commands[0]
                self._clean = None if self._clean in (None, 0) else self._clean - 1
        self._index = len(self._commands)
        self.sig_changed.emit(None)

    def undo(self) -> bool:
        """Undo the last command done; False when there is none."""
        if not self._index:
            return False
        self._index -= 1
        self._commands[self._index].undo()
        self.sig_changed.emit(None)
        return True

    def redo(self) -> bool:
        """Do again the last command undone; False when there is none."""
        if self._index >= len(self._commands):
            return False
        self._commands[self._index].do()
        self._index += 1
        self.sig_changed.emit(None)
        return True

    @property
    def can_undo(self) -> bool:
        return self._index > 0

    @property
    def can_redo(self) -> bool:
        return self._index < len(self._commands)

    @property
    def undo_label(self) -> str:
        """The label of the command :meth:`undo` would undo ("" when none)."""
        return self._commands[self._index - 1].label if self.can_undo else ""

    @property
    def redo_label(self) -> str:
        """The label of the command :meth:`redo` would redo ("" when none)."""
        return self._commands[self._index].label if self.can_redo else ""

    @property
    def is_clean(self) -> bool:
        """True when the state is the one last marked clean (saved)."""
        return self._clean == self._index

    def set_clean(self) -> None:
        """Mark the current state as saved."""
        self._clean = self._index
        self.sig_changed.emit(None)

    def clear(self) -> None:
        """Forget every command (another project was opened)."""
        self._commands.clear()
        self._index = 0
        self._clean = 0
        self.sig_changed.emit(None)
