"""How late a GUI-thread timer fires while something goes on: the window's stalls."""

from __future__ import annotations

import time

from PySide6.QtCore import QTimer

TICK_MS = 5


class StallMeter:
    """Ticks every :data:`TICK_MS` on the GUI thread and keeps how late each tick was."""

    def __init__(self) -> None:
        self.gaps: list[float] = []
        self._last = 0.0
        self._timer = QTimer(interval=TICK_MS)
        self._timer.timeout.connect(self._tick)

    def _tick(self) -> None:
        now = time.perf_counter()
        self.gaps.append(now - self._last - TICK_MS / 1000)
        self._last = now

    def start(self) -> None:
        self._last = time.perf_counter()
        self._timer.start()

    def stop(self) -> None:
        self._timer.stop()
        self.gaps.sort()

    @property
    def ticks(self) -> int:
        return len(self.gaps)

    @property
    def longest_ms(self) -> float:
        """The longest stall (after :meth:`stop`)."""
        return self.gaps[-1] * 1000 if self.gaps else 0.0

    @property
    def p99_ms(self) -> float:
        """The 99th percentile stall (after :meth:`stop`)."""
        return self.gaps[int(len(self.gaps) * 0.99)] * 1000 if self.gaps else 0.0
