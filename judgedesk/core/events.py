"""A plain-Python signal: the core announces facts; the UI or the CLI listens."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")
log = logging.getLogger(__name__)


class Signal(Generic[T]):
    """Calls every connected function with the emitted value, in connection order.

    A listener that raises is logged and skipped so that one broken view cannot stop
    a run.
    """

    def __init__(self) -> None:
        self._slots: list[Callable[[T], object]] = []

    def connect(self, slot: Callable[[T], object]) -> None:
        """Call ``slot`` on every emit."""
        self._slots.append(slot)

    def disconnect(self, slot: Callable[[T], object]) -> None:
        """Stop calling ``slot``; unknown slots are ignored."""
        if slot in self._slots:
            self._slots.remove(slot)

    def emit(self, value: T) -> None:
        """Deliver ``value`` to every listener."""
        for slot in list(self._slots):
            try:
                slot(value)
            except Exception:
                log.exception("a listener of %r failed", self)
