"""How many requests a judge client sends at once, lowered when the server cannot keep up.

Some servers serve fewer requests at a time than they accept: llama.cpp-based servers with
one slot end a stream early (an empty reply, or a closed connection) when another request
arrives. Sending fewer at once then makes every call pass, so the limit is lowered by half
when the server fails under load, and raised by one again after a run of successes.
"""

from __future__ import annotations

import asyncio
import collections
from dataclasses import dataclass

# Failures that say "too much at once" when other requests were in flight.
OVERLOAD_KINDS = frozenset({"cut_stream", "rate_limited"})
OVERLOAD_STATUSES = frozenset({429, 503})
# A single failure under load may be chance, and so are a few among many (a flaky server
# fails now and then at any load): the limit comes down once at least two of the recent
# attempts failed, and they are at least half of them and half the limit. A server with
# too few slots fails about that often; one failing at random, far less.
FAILURES_TO_LOWER = 2
FIRST_RAISE_AFTER = 8
LONGEST_RAISE_AFTER = 512


def is_overload(kind: str, status: int | None, reason: str) -> bool:
    """Whether a failure of this kind may come from sending too much at once."""
    return (
        kind in OVERLOAD_KINDS
        or status in OVERLOAD_STATUSES
        or (kind == "connect" and reason == "reset")
    )


def lowered_note(limit: int, ceiling: int) -> str:
    """The sentence shown when the limit came down to ``limit`` (of ``ceiling``)."""
    if limit == 1:
        return "The server serves 1 request at a time; concurrency lowered to 1."
    return (
        f"The server failed with more requests at once; concurrency lowered to {limit} "
        f"(of {ceiling})."
    )


@dataclass(frozen=True, slots=True)
class Slot:
    """One request's place in the limit: when it was let in, under which limit, and
    whether others were in flight then."""

    epoch: int
    limit: int
    started: int
    crowded: bool


class AdaptiveLimit:
    """A semaphore whose size goes down on overload and slowly back up.

    Attributes:
        configured: the limit the judge was given.
        ceiling: the highest the limit may go: the configured one, or fewer when the
            server said how many requests it serves at once.
        limit: how many requests may be in flight now.
        lowest: the lowest the limit has been.
        note: a sentence saying why the limit was last lowered; empty when it never was.
    """

    def __init__(self, ceiling: int) -> None:
        self.configured = self.ceiling = max(1, ceiling)
        self.limit = self.ceiling
        self.lowest = self.ceiling
        self.note = ""
        self.active = 0
        self._epoch = 0
        self._started = 0
        self._recent: collections.deque[bool] = collections.deque(maxlen=max(8, 2 * self.ceiling))
        self._successes = 0
        self._raise_after = FIRST_RAISE_AFTER
        self._raised = False
        # Waking every waiter on each release (an event) resumed dozens of requests to
        # find one place, much of a busy run's CPU. A place given back is kept for the
        # caller that gave it, when it asks again before the loop goes round (its next
        # request leaves at once, not one loop turn later); a place still free then goes
        # to the longest waiter, counted in ``active`` from that moment.
        self._waiters: collections.deque[asyncio.Future[None]] = collections.deque()
        self._handing = False

    async def acquire(self) -> Slot:
        """Waits for a free place and takes it."""
        if self.active < self.limit:
            self.active += 1
        else:
            waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._waiters.append(waiter)
            try:
                await waiter  # the place is ours (counted in ``active``) once this returns
            except asyncio.CancelledError:
                if waiter.done() and not waiter.cancelled():
                    self.release()  # handed a place while leaving: pass it on
                elif waiter in self._waiters:  # not yet passed over by a hand-over
                    self._waiters.remove(waiter)
                raise
        self._started += 1
        return Slot(self._epoch, self.limit, self._started, self.active > 1)

    def release(self) -> None:
        """Gives a place back."""
        self.active -= 1
        if self._waiters and not self._handing:
            self._handing = True
            asyncio.get_running_loop().call_soon(self._hand_over)

    def _hand_over(self) -> None:
        """Give the places free now, under the limit in force, to the longest waiters."""
        self._handing = False
        waiters = self._waiters
        while waiters and self.active < self.limit:
            waiter = waiters.popleft()
            if not waiter.done():
                self.active += 1
                waiter.set_result(None)

    def overlapped(self, slot: Slot) -> bool:
        """Whether other requests were in flight at some time during this one."""
        return slot.crowded or self._started > slot.started or self.active > 1

    def succeeded(self, slot: Slot) -> None:
        """Counts a success; raises the limit by one after enough of them in a row."""
        if slot.epoch != self._epoch:
            return
        self._recent.append(False)
        self._successes += 1
        if self.limit < self.ceiling and self._successes >= self._raise_after:
            self._set(self.limit + 1)
            self._raised = True

    def failed(self, slot: Slot) -> bool:
        """Counts an overload failure seen while other requests were in flight.

        Returns:
            Whether the request was sent under a limit higher than the one now in force
            (just lowered, or lowered while it was in flight): its failure is then put down
            to the load, not to the request.
        """
        if slot.epoch == self._epoch and self.limit > 1:
            self._recent.append(True)
            failures = sum(self._recent)
            seen = max(len(self._recent), self.limit)
            if failures >= FAILURES_TO_LOWER and 2 * failures >= seen:
                if self._raised:
                    # Raising it again did not work: wait longer before the next try.
                    self._raise_after = min(LONGEST_RAISE_AFTER, 2 * self._raise_after)
                self._set(max(1, self.limit // 2))
                self._raised = False
                self.note = lowered_note(self.limit, self.ceiling)
        return slot.limit > self.limit

    def cap(self, slots: int) -> None:
        """Starts no higher than the number of requests the server says it serves at once."""
        if 0 < slots < self.limit:
            self._set(slots)
            self.ceiling = slots
            self.note = (
                f"The server says it serves {slots} request{'s' if slots > 1 else ''} at a "
                f"time; concurrency set to {slots}."
            )

    def _set(self, limit: int) -> None:
        self.limit = limit
        self.lowest = min(self.lowest, limit)
        self._epoch += 1
        self._successes = 0
        self._recent.clear()
        self._hand_over()  # a raised limit lets more in at once
