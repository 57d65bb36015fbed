"""What the app and a script worker agree on: script kinds, signatures, message limits.

The conversation is newline-delimited JSON over the worker's stdin and stdout:

* worker → app, once at start: ``{"op": "ready", "pid": 123}``
* app → worker: ``{"op": "init", "memory_mb": 2048}`` (no answer)
* app → worker: ``{"op": "load", "kind": "preprocess", "path": "...", "source": "..."}``;
  answer ``{"op": "loaded", "kind": ..., "ok": true}`` or ``{"op": "loaded", "kind": ...,
  "ok": false, "error": ..., "line": ..., "stdout": ..., "stderr": ...}``
* app → worker: ``{"op": "call", "id": 7, "kind": "preprocess", "args": [...],
  "kwargs": {...}}``; answer ``{"id": 7, "kind": "ok", "value": ..., "data": {...},
  "resp": {...}, "stdout": ..., "stderr": ...}`` or, on failure, ``{"id": 7, "kind":
  "exception" | "exit" | "memory" | "bad_value" | "load", "error": ..., "line": ...,
  "stdout": ..., "stderr": ...}``

The worker stops when its stdin closes. This module is imported by the worker, so it
uses nothing beyond the standard library.
"""

from __future__ import annotations

SCRIPT_KINDS: tuple[str, ...] = ("preprocess", "postprocess")

# The positional parameters each function receives, in order; data and resp always last.
POSITIONAL: dict[str, tuple[str, ...]] = {
    "preprocess": ("data", "resp"),
    "postprocess": ("judge_reqs", "judge_resps", "judge_models", "data", "resp"),
}

# Name under which a script is imported inside the worker.
MODULE_PREFIX = "judgedesk_user_"

# What a script may print per call, per stream, before the rest is cut.
OUTPUT_LIMIT = 64 * 1024


def signature_text(kind: str) -> str:
    """Return the signature a script of ``kind`` must have, as it would be written."""
    return f"def {kind}({', '.join(POSITIONAL[kind])}, **kwargs)"
