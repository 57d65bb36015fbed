"""When to try a judge call again, and how fast requests may leave."""

from __future__ import annotations

import asyncio
import email.utils
import random
import time
from collections.abc import Awaitable, Callable
from datetime import UTC


def parse_retry_after(value: str | None, *, now: float | None = None) -> float | None:
    """Seconds to wait according to a ``Retry-After`` header.

    Args:
        value: the header: a number of seconds (decimals allowed) or an HTTP date.
        now: the current Unix time, for tests; defaults to the clock.

    Returns:
        The wait in seconds (never negative), or None when the header is absent or
        unreadable.
    """
    if not value:
        return None
    text = value.strip()
    try:
        seconds = float(text)
    except ValueError:
        pass
    else:
        return max(0.0, seconds) if seconds == seconds else None
    try:
        when = email.utils.parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    current = time.time() if now is None else now
    return max(0.0, when.timestamp() - current)


def backoff_delay(
    attempt: int,
    *,
    backoff: float,
    max_backoff: float,
    retry_after: float | None = None,
    rng: random.Random | None = None,
) -> float:
    """How long to wait before the next attempt.

    Exponential backoff with full jitter: a random wait between 0 and
    ``backoff * 2 ** (attempt - 1)``, capped by ``max_backoff``. A server's
    ``Retry-After`` replaces it, still capped by ``max_backoff``.

    Args:
        attempt: the number of the attempt that just failed (1 for the first).
        backoff: the base wait in seconds.
        max_backoff: the longest wait in seconds.
        retry_after: the server's requested wait, if any.
        rng: the random source (the module's by default).
    """
    if retry_after is not None:
        return min(retry_after, max_backoff)
    ceiling = min(max_backoff, backoff * (2 ** min(attempt - 1, 30)))
    return (rng or random).uniform(0.0, ceiling)


class RateLimiter:
    """Spaces requests evenly so no more than ``per_minute`` leave in any minute.

    Each caller reserves the next free slot and sleeps until it; there is no burst, which
    keeps a strict server's limit from being hit at the start of a run. A limit of 0 means
    no limit.
    """

    def __init__(
        self,
        per_minute: int,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
    ) -> None:
        self.interval = 60.0 / per_minute if per_minute > 0 else 0.0
        self._clock = clock
        self._sleep = sleep
        self._next = 0.0

    async def acquire(self) -> None:
        """Waits for this caller's slot."""
        if not self.interval:
            return
        now = self._clock()
        slot = max(now, self._next)
        self._next = slot + self.interval
        if slot > now:
            await self._sleep(slot - now)
