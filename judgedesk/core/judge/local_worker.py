"""The process that runs a GGUF model file for a local-file judge (``judgedesk local-worker``).

It talks newline-delimited JSON on stdin and stdout:

* worker → app, at start: ``{"op": "ready", "pid": 123}``
* app → worker: ``{"op": "load", "path": …, "context_size": …, "threads": …,
  "gpu_layers": …, "parallel": N, "probabilities": bool}``; answer ``{"op": "loaded",
  "ok": true, "seconds": …, "parallel": n, "note": …}`` (``n`` the sequences decoded
  together, lower than asked when llama.cpp could not hold them, ``note`` saying why) or
  ``{"op": "loaded", "ok": false, "missing": bool, "error": …}``
* app → worker: ``{"op": "chat", "id": 7, "body": {…chat-completions body…}}``, several
  without waiting; while the model writes, ``{"op": "progress", "id": 7, "tokens": n,
  "speed": s}`` (a few times a second; ``s`` the tokens a second of all requests
  together); at the end ``{"op": "reply", "id": 7, "completion": {…chat.completion…},
  "seconds": …}`` or ``{"op": "error", "id": 7, "error": …}``, in the order requests end.

With ``parallel`` above 1 the requests are decoded together (``local_decode``), and so are
they one at a time when ``probabilities`` asks for the tokens' probabilities (which the
decoder reads); else one at a time by ``Llama.create_chat_completion``. The app stops
requests at once by killing the process. Whatever llama.cpp prints goes to stderr, so
stdout carries only the conversation.
"""

from __future__ import annotations

import json
import os
import queue
import sys
import threading
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
SMALL_CONTEXT = 512  # the model's own context when a decoder holds the requests


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


def _load(message: dict[str, Any]) -> tuple[Any, Any, dict[str, Any]]:
    """Loads the model; with ``parallel`` above 1 also the context decoding several requests
    together, falling back to one at a time (saying why) when llama.cpp cannot make it."""
    try:
        from llama_cpp import Llama
    except ImportError as exc:
        return None, None, {"op": "loaded", "ok": False, "missing": True, "error": str(exc)}
    started = time.monotonic()
    context = int(message.get("context_size") or 4096)
    parallel = max(1, int(message.get("parallel") or 1))
    note = ""

    def load(n_ctx: int) -> Any:
        return Llama(
            model_path=str(message["path"]),
            n_ctx=n_ctx,
            n_threads=int(message.get("threads") or 0) or None,
            n_gpu_layers=int(message.get("gpu_layers") or 0),
            verbose=False,
        )

    decoder = None
    try:
        # Token probabilities are read by the batch decoder, one row at a time included.
        least = 1 if message.get("probabilities") else 2
        if parallel >= least:
            # The model's own context stays small: the decoder's holds the requests.
            model = load(min(context, SMALL_CONTEXT))
            decoder, note = _decoder(model, parallel, context, least)
            if decoder is None:
                del model
                model = load(context)
        else:
            model = load(context)
    except Exception as exc:  # llama.cpp says little more than "failed to load"
        return None, None, {"op": "loaded", "ok": False, "missing": False, "error": str(exc)}
    seconds = time.monotonic() - started
    answer = {
        "op": "loaded",
        "ok": True,
        "seconds": seconds,
        "parallel": decoder.parallel if decoder is not None else 1,
        "note": note,
    }
    return model, decoder, answer


def _decoder(model: Any, parallel: int, context: int, least: int = 2) -> tuple[Any, str]:
    """A decoder for ``parallel`` sequences, or fewer when llama.cpp cannot hold them; None
    (one at a time, without it) when it cannot decode ``least`` together. Says why when
    lowered."""
    from judgedesk.core.judge.local_decode import BatchDecoder

    asked, problem = parallel, ""
    while parallel >= least:
        try:
            decoder = BatchDecoder(model, parallel, context)
        except RuntimeError as exc:
            problem = str(exc) or "llama.cpp could not make the context"
            parallel //= 2
            continue
        if parallel < asked:
            return decoder, (
                f"{asked} rows at once did not fit ({problem}); {parallel} are decoded together"
            )
        return decoder, ""
    return None, (
        f"this model cannot decode several rows together here ({problem}); "
        "rows are decoded one at a time"
    )


def _request(body: dict[str, Any]) -> tuple[list[dict[str, str]], dict[str, Any]]:
    """The messages and the generation settings of a chat-completions body."""
    messages = [
        {"role": str(m.get("role") or "user"), "content": _text(m.get("content"))}
        for m in body.get("messages") or []
        if isinstance(m, dict)
    ]
    options = {name: body[name] for name in PASSED if name in body}
    options.setdefault("max_tokens", DEFAULT_MAX_TOKENS)
    for name, value in DEFAULTS.items():
        options.setdefault(name, value)
    return messages, options


def _chat(model: Any, message: dict[str, Any], send: Any) -> dict[str, Any]:
    from llama_cpp import LogitsProcessorList

    request_id = int(message["id"])
    messages, options = _request(message.get("body") or {})
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


def _submit(decoder: Any, message: dict[str, Any], send: Any) -> None:
    """Queues a request on the decoder, or answers at once why it cannot be decoded."""
    request_id = int(message["id"])
    body = message.get("body") or {}
    messages, options = _request(body)
    if body.get("logprobs"):
        options["logprobs"] = True
        options["top_logprobs"] = int(body.get("top_logprobs") or 20)
    try:
        problem = decoder.submit(request_id, messages, options)
    except Exception as exc:  # a bad schema, a template the handler cannot format, …
        problem = str(exc)
    if problem:
        send({"op": "error", "id": request_id, "error": problem})


def _read(stream: TextIO, inbox: queue.Queue[dict[str, Any] | None]) -> None:
    """Passes each message from the app to the decoding loop; None when stdin closes."""
    for line in stream:
        try:
            message = json.loads(line)
        except ValueError:
            continue
        if isinstance(message, dict):
            inbox.put(message)
    inbox.put(None)


def worker_main(stdin: TextIO | None = None) -> int:
    """Serve requests until stdin closes."""
    out = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)  # the C library's prints must not mix with the conversation
    sys.stdout = sys.stderr

    def send(payload: dict[str, Any]) -> None:
        out.write(json.dumps(payload, ensure_ascii=False) + "\n")
        out.flush()

    send({"op": "ready", "pid": os.getpid()})
    # Messages are read in a thread, so requests arriving while others are decoded join
    # them at the next step.
    inbox: queue.Queue[dict[str, Any] | None] = queue.Queue()
    threading.Thread(target=_read, args=(stdin or sys.stdin, inbox), daemon=True).start()
    model = decoder = None
    parent, told = os.getppid(), time.monotonic()
    while True:
        block = decoder is None or not decoder.busy
        while True:
            try:
                message = inbox.get(block=block)
            except queue.Empty:
                break
            block = False
            if message is None:
                return 0
            op = message.get("op")
            if op == "load":
                model, decoder, answer = _load(message)
                send(answer)
            elif op == "chat" and model is None:
                send({"op": "error", "id": message.get("id"), "error": "no model is loaded"})
            elif op == "chat" and decoder is not None:
                _submit(decoder, message, send)
            elif op == "chat":
                send(_chat(model, message, send))
        if decoder is not None and decoder.busy:
            decoder.step(send)
            now = time.monotonic()
            if now - told >= PROGRESS_EVERY:
                told = now
                if os.getppid() != parent:
                    os._exit(ORPHANED)
                speed = decoder.measure()
                for row in decoder.in_flight():
                    tokens = len(row.written)
                    send({"op": "progress", "id": row.job.id, "tokens": tokens, "speed": speed})
