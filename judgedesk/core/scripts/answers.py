"""How the worker words a script's failures: its traceback, and results it cannot pass back."""

from __future__ import annotations

import json
import os
import traceback
from typing import Any

from judgedesk.core.scripts.capture import Capture


def user_traceback(exc: BaseException, path: str) -> tuple[str, int | None]:
    """Format ``exc`` showing only frames from the script (and modules beside it)."""
    folder = os.path.dirname(path) + os.sep
    line: int | None = None
    for frame, lineno in traceback.walk_tb(exc.__traceback__):
        if frame.f_code.co_filename == path:
            line = lineno
    if isinstance(exc, SyntaxError) and exc.filename == path:
        line = exc.lineno
    summary = traceback.TracebackException.from_exception(exc)
    _keep_user_frames(summary, folder, set())
    return "".join(summary.format()).rstrip("\n"), line


def _keep_user_frames(summary: traceback.TracebackException, folder: str, seen: set[int]) -> None:
    if id(summary) in seen:
        return
    seen.add(id(summary))
    frames = [f for f in summary.stack if f.filename.startswith(folder)]
    summary.stack = traceback.StackSummary.from_list(frames)
    for linked in (summary.__cause__, summary.__context__):
        if linked is not None:
            _keep_user_frames(linked, folder, seen)
    for member in getattr(summary, "exceptions", None) or ():
        _keep_user_frames(member, folder, seen)


def plain(value: Any) -> Any:
    """``json.dumps``'s ``default``: a numpy value as a plain one; anything else fails."""
    # numpy numbers and arrays are everywhere in scoring code; pass them on as plain values.
    if type(value).__module__ == "numpy" and hasattr(value, "tolist"):
        return value.tolist()
    raise TypeError(f"{type(value).__name__} is not JSON serializable")


_PLAIN_TYPES = (str, int, float, bool, type(None))


def _find_unsavable(value: Any, where: str, seen: set[int]) -> tuple[str, str] | None:
    """Return (where, what) for the first part of ``value`` that JSON cannot hold."""
    if isinstance(value, _PLAIN_TYPES):
        return None
    if type(value).__module__ == "numpy" and hasattr(value, "tolist"):
        return None
    if id(value) in seen:
        return where, "a reference to itself (a loop)"
    if isinstance(value, dict | list | tuple):
        seen.add(id(value))
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in items:
            if isinstance(value, dict) and not isinstance(key, _PLAIN_TYPES):
                return f"{where} (a key)", _type_phrase(key)
            found = _find_unsavable(item, f"{where}[{key!r}]", seen)
            if found:
                return found
        seen.discard(id(value))
        return None
    return where, _type_phrase(value)


def _type_phrase(value: Any) -> str:
    cls = type(value)
    module = "" if cls.__module__ == "builtins" else f" (from {cls.__module__})"
    return f"a value of type '{cls.__qualname__}'{module}"


def unsavable_message(kind: str, value: Any, data: Any, resp: Any) -> str:
    """Say which part of a call's result, data or resp cannot be passed back, and why."""
    hint = (
        "Only plain values can be passed back to the app: str, int, float, bool, None, "
        "and lists or dicts of those."
    )
    found = _find_unsavable(value, "the result", set())
    if found:
        where, what = found
        if where == "the result":
            return f"{kind} returned {what}, which cannot be passed back. {hint}"
        return f"{kind} returned a result holding {what} at {where}. {hint}"
    for name, container in (("data", data), ("resp", resp)):
        found = _find_unsavable(container, name, set())
        if found:
            where, what = found
            return (
                f"{kind} left {what} in {where}. Convert it first, for example with "
                f"str() or list(). {hint}"
            )
    return f"{kind} produced something that cannot be passed back. {hint}"


def dump_failure(
    call_id: Any,
    kind: str,
    error: str,
    line: int | None,
    out: Capture | None = None,
    err: Capture | None = None,
) -> str:
    """Return the answer to a call that failed, with what the script printed."""
    return json.dumps(
        {
            "id": call_id,
            "kind": kind,
            "error": error,
            "line": line,
            "stdout": out.getvalue() if out else "",
            "stderr": err.getvalue() if err else "",
        }
    )
