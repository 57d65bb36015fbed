"""What the results store and the test server say about judge calls, side by side."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from tests.support.fake_openai import FakeOpenAI, body_key


@dataclass(frozen=True)
class StoredCall:
    """A judge reply as the store holds it: when it was stored and after how many tries."""

    created: float
    attempts: int


def stored_calls(store: Path) -> dict[str, StoredCall]:
    """The stored calls by the server's body key (canonical request JSON)."""
    with sqlite3.connect(store) as db:
        rows = db.execute("SELECT request, created, attempts FROM calls").fetchall()
    return {
        body_key(json.loads(request)): StoredCall(created, attempts)
        for request, created, attempts in rows
    }


def repeated_after_storing(fake: FakeOpenAI, store: Path) -> dict[str, int]:
    """Requests the server received for a call after its reply was stored, by body key.

    An answer is stored the moment it arrives, so any request for the same body that
    reaches the server later asked a finished call again.
    """
    stored = stored_calls(store)
    repeats: dict[str, int] = {}
    for key, times in fake.arrivals.items():
        call = stored.get(key)
        if call is None:
            continue
        late = sum(1 for when in times if when > call.created)
        if late:
            repeats[key] = late
    return repeats
