"""Building a row's ScriptOutcome from a worker's reply, or from why there was none."""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

from judgedesk.core.messages import say
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
        error=say(
            "script.no_start",
            "The script worker process could not be started. {detail}",
            detail=detail,
        ),
    )


def garbled(what: str) -> ScriptOutcome:
    """Return the failure of a worker that wrote ``what`` instead of a protocol message."""
    return ScriptOutcome(
        False,
        "crash",
        error=say(
            "script.garbled",
            "The script worker sent {what} instead of a result, so it was restarted.",
            what=what,
        ),
    )


def timed_out(kind: str, timeout: float) -> str:
    """Why a script stopped after ``timeout`` seconds."""
    return say(
        "script.timeout",
        "The {kind} script ran longer than {limit} and was stopped (an endless loop?). Make "
        "it faster or raise the time limit.",
        kind=kind,
        limit=seconds(timeout),
    )


def stopped(kind: str, why: str) -> str:
    """A script that stopped its worker process, and ``why`` (see ``describe_exit``)."""
    return say(
        "script.stopped", "The {kind} script stopped its worker process: {why}", kind=kind, why=why
    )


def with_last_words(problem: str, last_words: str) -> str:
    """``problem`` followed by what the worker last wrote."""
    return say(
        "script.last_words",
        "{problem}\n\nThe worker's last output:\n{output}",
        problem=problem,
        output=last_words.rstrip(),
    )


def time_limit(timeout: float) -> float | None:
    """Return how long to wait for a worker's answer; None when there is no limit."""
    return timeout if timeout > 0 else None


def seconds(value: float) -> str:
    """Write a time limit for a message, e.g. "30 s"."""
    return f"{value:g} s"
