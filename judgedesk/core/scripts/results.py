"""Building a row's ScriptOutcome from a worker's reply, or from why there was none."""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

from judgedesk.core.scripts.outcome import ScriptOutcome

log = logging.getLogger(__name__)


def from_reply(
    reply: dict[str, Any], data: dict[str, Any], resp: dict[str, Any], duration: float
) -> ScriptOutcome:
    """Return the outcome a worker's answer to a call describes."""
    kind = reply.get("kind")
    if kind == "ok":
        return ScriptOutcome(
            True,
            "ok",
            reply.get("value"),
            reply["data"],
            reply["resp"],
            reply.get("stdout") or "",
            reply.get("stderr") or "",
            duration=duration,
        )
    return ScriptOutcome(
        False,
        str(kind),
        None,
        dict(data),
        dict(resp),
        reply.get("stdout") or "",
        reply.get("stderr") or "",
        reply.get("error") or "The script failed.",
        reply.get("line"),
        duration,
    )


def for_row(outcome: ScriptOutcome, data: dict[str, Any], resp: dict[str, Any]) -> ScriptOutcome:
    """Return a copy of a failure that holds this row's data and resp, unchanged."""
    return replace(outcome, data=dict(data), resp=dict(resp))


def startup_failure(detail: str) -> ScriptOutcome:
    """Return the failure of a worker process that could not be started."""
    log.warning("script worker could not start: %s", detail)
    return ScriptOutcome(
        False,
        "crash",
        error=f"The script worker process could not be started. {detail}",
    )


def garbled(what: str) -> ScriptOutcome:
    """Return the failure of a worker that wrote ``what`` instead of a protocol message."""
    return ScriptOutcome(
        False,
        "crash",
        error=f"The script worker sent {what} instead of a result, so it was restarted.",
    )


def time_limit(timeout: float) -> float | None:
    """Return how long to wait for a worker's answer; None when there is no limit."""
    return timeout if timeout > 0 else None


def seconds(value: float) -> str:
    """Write a time limit for a message, e.g. "30 s"."""
    return f"{value:g} s"
