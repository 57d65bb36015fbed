"""When the Report pane computes its report again: at once after a person's change, at a
steady pace while a run stores results."""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer

REFRESH_DELAY_MS = 500
"""While a run stores results, the report is computed again at most this often."""


class RefreshPace(QObject):
    """Decides when a report is computed again, for a pane that is shown.

    After a review or a choice the report is computed at once: one being computed then
    would show what the person just changed undone, so its caller drops it. While a run
    stores results, a report is computed at most every :data:`REFRESH_DELAY_MS`, and one
    being computed is shown first (it is of a moment of the run), then the next follows.

    Args:
        compute: starts computing the report (and drops one being computed).
        computing: whether a report is being computed.
    """

    def __init__(
        self, compute: Callable[[], None], computing: Callable[[], bool], parent: QObject
    ) -> None:
        super().__init__(parent)
        self._compute = compute
        self._computing = computing
        self._timer = QTimer(self, singleShot=True, interval=REFRESH_DELAY_MS)
        self._timer.timeout.connect(self.now)
        self._again = False  # results came while a report was computed
        self._started = 0.0  # when the last computation started (monotonic seconds)

    @property
    def planned(self) -> bool:
        """Whether a report is to be computed (once the one being computed is shown)."""
        return self._timer.isActive() or self._again

    def now(self) -> None:
        """Compute at once."""
        self._timer.stop()
        self._again = False
        self._started = time.monotonic()
        self._compute()

    def results_stored(self) -> None:
        """A run stored results: compute soon (see the class)."""
        if self._timer.isActive():
            return
        if self._computing():
            self._again = True
            return
        waited = (time.monotonic() - self._started) * 1000
        self._timer.start(max(0, int(REFRESH_DELAY_MS - waited)))

    def shown(self) -> None:
        """A report was shown: compute again if results came meanwhile."""
        if self._again:
            self._again = False
            self.results_stored()

    def stop(self) -> None:
        """Compute nothing more until asked again."""
        self._timer.stop()
        self._again = False
