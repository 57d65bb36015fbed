"""Reading a project's scripts, and loading them into a newly started worker."""

from __future__ import annotations

import hashlib
import importlib.util
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from judgedesk.core.messages import say
from judgedesk.core.scripts.outcome import ScriptOutcome
from judgedesk.core.scripts.process import (
    ProtocolError,
    WorkerProcess,
    describe_exit,
    fault_line,
)
from judgedesk.core.scripts.results import garbled, seconds, startup_failure, time_limit

_STARTUP_TIMEOUT = 60.0  # a cold start on a slow disk or behind a virus scanner


@dataclass
class Script:
    """A script's text as read, its fingerprint, and why it cannot run (if so)."""

    path: Path
    source: str
    fingerprint: str
    problem: str | None = None


def read_script(kind: str, path: Path, source: str | None = None) -> Script:
    """Read the ``kind`` script at ``path``, or take ``source`` as its text when given."""
    if source is not None:  # text from an editor, not saved yet
        return Script(path, source, hashlib.sha256(source.encode("utf-8")).hexdigest())
    try:
        raw = path.read_bytes()
    except OSError as exc:
        reason = exc.strerror or str(exc)
        return Script(path, "", "", f"The {kind} script {path} cannot be read: {reason}.")
    fingerprint = hashlib.sha256(raw).hexdigest()
    try:
        source = importlib.util.decode_source(raw)
    except (UnicodeDecodeError, SyntaxError, LookupError) as exc:
        problem = f"The {kind} script {path} is not readable text ({exc}). Save it as UTF-8."
        return Script(path, "", fingerprint, problem)
    return Script(path, source, fingerprint)


async def load_scripts(
    worker: WorkerProcess,
    scripts: Mapping[str, Script],
    failures: dict[str, ScriptOutcome],
    *,
    memory_mb: int,
    timeout: float,
    bury: Callable[[WorkerProcess], None],
) -> str | ScriptOutcome:
    """Set up a new worker and load into it every script not yet known to fail.

    Args:
        worker: The worker, just started.
        scripts: The pool's scripts by kind.
        failures: Why each script that cannot be loaded failed; a script found failing
            here is added.
        memory_mb: The worker's memory limit.
        timeout: Seconds loading one script may take; 0 means no limit.
        bury: Kills a worker that cannot be used and reaps it in the background.

    Returns:
        "ready" when the worker can take calls; "retry" when loading a script broke the
        worker (that script is now in ``failures``, so a fresh worker leaves it out); or
        the failure of a worker that did not start.
    """
    pending = [kind for kind in scripts if kind not in failures]
    messages: list[dict[str, Any]] = [{"op": "init", "memory_mb": memory_mb}]
    for kind in pending:
        script = scripts[kind]
        messages.append(
            {"op": "load", "kind": kind, "path": str(script.path), "source": script.source}
        )
    await worker.send(b"".join(json.dumps(m).encode() + b"\n" for m in messages))
    try:
        hello = await worker.receive(_STARTUP_TIMEOUT)
    except (TimeoutError, ProtocolError) as exc:
        bury(worker)
        said = f" It wrote {exc}." if isinstance(exc, ProtocolError) else ""
        return startup_failure(f"The worker did not answer as expected.{said}")
    if hello is None or hello.get("op") != "ready":
        code = await worker.reap()
        tail = worker.stderr_since(0).strip()
        return startup_failure(f"It exited with code {code}.\n{tail}".rstrip())
    for kind in pending:
        mark = worker.stderr_total
        try:
            reply = await worker.receive(time_limit(timeout))
        except TimeoutError:
            bury(worker)
            failures[kind] = ScriptOutcome(
                False,
                "load",
                error=say(
                    "script.load_timeout",
                    "Loading the {kind} script took longer than {limit}, so it was stopped. "
                    "Is there an endless loop or slow work at the top level of the file "
                    "(outside the function)?",
                    kind=kind,
                    limit=seconds(timeout),
                ),
            )
            return "retry"
        except ProtocolError as exc:
            bury(worker)
            failures[kind] = replace(garbled(str(exc)), kind="load")
            return "retry"
        if reply is None:
            code = await worker.reap()
            last_words = worker.stderr_since(mark)
            _, why = describe_exit(code, memory_mb)
            failures[kind] = ScriptOutcome(
                False,
                "load",
                stderr=last_words,
                error=say(
                    "script.load_stopped",
                    "Loading the {kind} script stopped the worker process: {why}",
                    kind=kind,
                    why=why,
                ),
                error_line=fault_line(last_words, scripts[kind].path),
            )
            return "retry"
        if not reply.get("ok"):
            failures[kind] = ScriptOutcome(
                False,
                "load",
                stdout=reply.get("stdout") or "",
                stderr=reply.get("stderr") or "",
                error=reply.get("error") or f"The {kind} script could not be loaded.",
                error_line=reply.get("line"),
            )
    return "ready"
