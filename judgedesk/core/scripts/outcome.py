"""The result of running a preprocess/postprocess script on one row."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judgedesk.core.errors import JudgeDeskError

OUTCOME_KINDS: tuple[str, ...] = (
    "ok",
    "exception",
    "timeout",
    "crash",
    "exit",
    "memory",
    "bad_value",
    "load",
)


class ScriptWorkerError(JudgeDeskError):
    """A script worker process cannot be started at all (not a problem of the script)."""


@dataclass(frozen=True)
class ScriptOutcome:
    """What one script call did.

    Attributes:
        ok: True when the function returned a value that could be passed back.
        kind: ``"ok"``, or why it failed: ``"exception"`` (the script raised),
            ``"timeout"`` (it ran too long and was stopped), ``"crash"`` (the worker
            process died: ``os._exit``, a segfault), ``"exit"`` (``sys.exit``),
            ``"memory"`` (over the memory limit), ``"bad_value"`` (the result or a field
            it set cannot be turned into JSON), ``"load"`` (the script file cannot be
            imported, lacks the function, or the function has the wrong signature).
        value: The function's return value after a JSON round trip; None on failure.
        data: ``data`` after the call, changes included; the input unchanged on failure.
        resp: ``resp`` after the call, changes included; the input unchanged on failure.
        stdout: What the script printed during this call (cut beyond 64 KB).
        stderr: What it wrote to stderr during this call; for a crash, the worker's
            last words (e.g. the fault handler's report).
        error: For an exception, the traceback limited to the script's own frames;
            otherwise a plain explanation. None when ok.
        error_line: The line of the script file where it failed, when known.
        duration: Seconds the call took, as seen by the app.
    """

    ok: bool
    kind: str
    value: Any = None
    data: dict[str, Any] = field(default_factory=dict)
    resp: dict[str, Any] = field(default_factory=dict)
    stdout: str = ""
    stderr: str = ""
    error: str | None = None
    error_line: int | None = None
    duration: float = 0.0

    @property
    def summary(self) -> str:
        """One line saying what went wrong, for a table cell; empty when ok."""
        if self.ok or not self.error or not self.error.strip():
            return ""
        lines = [line.strip() for line in self.error.splitlines() if line.strip()]
        if self.kind == "exception":
            return lines[-1]  # "ValueError: …" closes a traceback
        return lines[0]
