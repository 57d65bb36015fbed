"""The process that runs a GGUF model file for a local-file judge (``judgedesk local-worker``).

It talks newline-delimited JSON on stdin and stdout, one request at a time:

* worker → app, at start: ``{"op": "ready", "pid": 123}``
* app → worker: ``{"op": "load", "path": …, "context_size": …, "threads": …,
  "gpu_layers": …}``; answer ``{"op": "loaded", "ok": true, "seconds": …}`` or ``{"op":
  "loaded", "ok": false, "missing": bool, "error": …}``
* app → worker: ``{"op": "chat", "id": 7, "body": {…chat-completions body…}}``; while the
  model writes, ``{"op": "progress", "id": 7, "tokens": n}`` (a few times a second); at the
  end ``{"op": "reply", "id": 7, "completion": {…chat.completion…}, "seconds": …}`` or
  ``{"op": "error", "id": 7, "error": …}``

The app stops a request at once by killing the process. Whatever llama.cpp prints goes to
stderr, so stdout carries only the conversation. Imports nothing of JudgeDesk's.
"""

from __future__ import annotations

import json
import os
import sys
import time
from typing import Any, TextIO

ORPHANED = 3
"""The exit code of a worker that stopped because its app was gone."""

# Generation settings the model takes from a request body; others are ignored.
PASSED = (
    "temperature",
    "top_p",
    "top_k",
    "min_p",
    "max_tokens",
    "seed",
    "stop",
    "presence_penalty",
    "frequency_penalty",
    "repeat_penalty",
    "response_format",
)
DEFAULT_MAX_TOKENS = 1024  # a small model may otherwise write until its context is full
# Sampling as llama-cpp-python's own server does it when a request says nothing, so a file
# judges the same in-process as behind that server.
DEFAULTS = {"temperature": 0.8, "top_p": 0.95, "top_k": 40, "min_p": 0.05, "repeat_penalty": 1.1}
PROGRESS_EVERY = 0.25  # seconds between progress messages


def _text(content: Any) -> str:
    if isinstance(content, list):
        return "".join(p.get("text") or "" if isinstance(p, dict) else str(p) for p in content)
    return "" if content is None else str(content)


class _Counter:
    """Counts the tokens being written and tells the app a few times a second.

    A worker whose app has gone (killed, crashed) stops at the next token instead of
    writing a reply nobody reads: ``parent`` is the app's process id at start.
    """

    def __init__(self, send: Any, request_id: int, parent: int | None = None) -> None:
        self.send, self.id = send, request_id
        self.parent = os.getppid() if parent is None else parent
        self.tokens = 0
        self.last = time.monotonic()

    def __call__(self, input_ids: Any, scores: Any) -> Any:
        self.tokens += 1
        now = time.monotonic()
        if now - self.last >= PROGRESS_EVERY:
            self.last = now
            if os.getppid() != self.parent:
                os._exit(ORPHANED)
            self.send({"op": "progress", "id": self.id, "tokens": self.tokens})
        return scores


def _load(message: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    try:
        from llama_cpp import Llama
    except ImportError as exc:
        return None, {"op": "loaded", "ok": False, "missing": True, "error": str(exc)}
    started = time.monotonic()
    try:
        model = Llama(
            model_path=str(message["path"]),
            n_ctx=int(message.get("context_size") or 4096),
            n_threads=int(message.get("threads") or 0) or None,
            n_gpu_layers=int(message.get("gpu_layers") or 0),
            verbose=False,
        )
    except Exception as exc:  # llama.cpp says little more than "failed to load"
        return None, {"op": "loaded", "ok": False, "missing": False, "error": str(exc)}
    seconds = time.monotonic() - started
    return model, {"op": "loaded", "ok": True, "seconds": seconds}


def _chat(model: Any, message: dict[str, Any], send: Any) -> dict[str, Any]:
    from llama_cpp import LogitsProcessorList

    body = message.get("body") or {}
    request_id = int(message["id"])
    messages = [
        {"role": str(m.get("role") or "user"), "content": _text(m.get("content"))}
        for m in body.get("messages") or []
        if isinstance(m, dict)
    ]
    options = {name: body[name] for name in PASSED if name in body}
    options.setdefault("max_tokens", DEFAULT_MAX_TOKENS)
    for name, value in DEFAULTS.items():
        options.setdefault(name, value)
    counter = _Counter(send, request_id)
    started = time.monotonic()
    try:
        completion = model.create_chat_completion(
            messages=messages, logits_processor=LogitsProcessorList([counter]), **options
        )
    except Exception as exc:  # a context overflow, a bad schema, …
        return {"op": "error", "id": request_id, "error": str(exc)}
    seconds = time.monotonic() - started
    return {"op": "reply", "id": request_id, "completion": completion, "seconds": seconds}


def worker_main(stdin: TextIO | None = None) -> int:
    """Serve requests until stdin closes."""
    out = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)  # the C library's prints must not mix with the conversation
    sys.stdout = sys.stderr

    def send(payload: dict[str, Any]) -> None:
        out.write(json.dumps(payload, ensure_ascii=False) + "\n")
        out.flush()

    send({"op": "ready", "pid": os.getpid()})
    model = None
    for line in stdin or sys.stdin:
        try:
            message = json.loads(line)
        except ValueError:
            continue
        op = message.get("op")
        if op == "load":
            model, answer = _load(message)
            send(answer)
        elif op == "chat":
            if model is None:
                send({"op": "error", "id": message.get("id"), "error": "no model is loaded"})
            else:
                send(_chat(model, message, send))
    return 0
