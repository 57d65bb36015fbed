"""A real OpenAI-compatible HTTP server for tests and benchmarks, with faults on demand.

It speaks HTTP/1.1 with keep-alive on 127.0.0.1 and an ephemeral port, from an asyncio
loop in a daemon thread, so synchronous and asynchronous tests can both use it::

    with FakeOpenAI(latency=0.05, faults=FaultPlan(script={1: "500"})) as fake:
        client = OpenAIClient(fake.base_url)

Routes: ``POST /v1/chat/completions`` (plain or SSE streamed), ``GET /v1/models``, and
``GET /props`` (llama.cpp's, with ``total_slots``) when ``slots`` is set; any other path
answers 404 with an OpenAI-style JSON error. ``Quirks`` make it behave like servers that
differ from OpenAI's.

Run standalone (benchmarks), it prints its base URL on the first line of stdout and
serves until terminated::

    python -m tests.support.fake_openai --latency 0.2
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import random
import signal
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any

from tests.support.fake_replies import (
    completion,
    requested_schema,
    stream_events,
    usage_of,
    with_recorded_logprobs,
)

Reply = Callable[[dict[str, Any]], "str | dict[str, Any]"]

DEFAULT_REPLY = (
    "The answer addresses the question and is mostly correct, but it leaves out one "
    "useful detail.\nScore: [[7]]"
)


@dataclass
class FaultPlan:
    """Which requests fail, and how.

    Every request the server receives (chat or models) is numbered from 1, counting from
    when the plan was set. ``script`` names the action for given numbers; any other
    request draws one number from a seeded RNG and fails with the listed probabilities
    (which should sum to at most 1), else succeeds.

    Actions: "ok"; "500", "429" or any other HTTP status as digits (an OpenAI-style error;
    429 carries ``Retry-After: retry_after`` unless it is None); "hang" (wait
    ``hang_seconds``, then answer normally; ends when the server stops); "cut" (a stream
    stops cleanly halfway, with no finish reason and no [DONE]; a plain reply is truncated
    and the connection closed); "drop" (the connection is closed with nothing sent);
    "malformed" (a plain reply that is not JSON; a stream with a chunk that is not JSON);
    "wrong_shape" (a 200 JSON object without choices, or without a model list).

    Attributes:
        only_first_attempt: random faults hit only the first time a body is seen, so a
            retry of the same request always succeeds (scripted ones still apply).
        seed: the RNG seed; when None, the server's own ``seed`` is used.
    """

    error_500: float = 0.0
    error_429: float = 0.0
    retry_after: float | None = 0.01
    hang: float = 0.0
    hang_seconds: float = 30.0
    cut_stream: float = 0.0
    malformed: float = 0.0
    script: dict[int, str] = field(default_factory=dict)
    only_first_attempt: bool = False
    seed: int | None = None


@dataclass
class Quirks:
    """How the server differs from OpenAI's.

    Attributes:
        slots: requests served at once; answered on ``GET /props`` as ``total_slots``.
        busy_cut: like llama-cpp-python's server, a streamed reply still being made is cut
            when a request arrives and ``slots`` (1 when unset) are busy: "done" ends it with
            an empty reply and [DONE], "close" closes the connection after the first chunk.
        usage: send token counts (a streamed reply only when ``include_usage`` is asked).
        reject_stream_options: answer 400 to a body with ``stream_options``.
        reject_separate_reasoning: answer 400 to a body with ``separate_reasoning``, as
            servers that check for unknown fields do.
        reject_logprobs: answer 400 to a body with ``logprobs``, as servers that give no
            token probabilities do.
        refuse_formats: structured-reply dialects answered with 400 (``json_schema``,
            ``json_object``, ``format``), as servers that do not know them do.
    """

    slots: int | None = None
    busy_cut: str | None = None
    usage: bool = True
    reject_stream_options: bool = False
    reject_separate_reasoning: bool = False
    reject_logprobs: bool = False
    refuse_formats: tuple[str, ...] = ()


def body_key(body: dict[str, Any]) -> str:
    """The canonical JSON of a request body without its transport fields."""
    trimmed = {k: v for k, v in body.items() if k not in ("stream", "stream_options")}
    return json.dumps(trimmed, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _status_line(status: int) -> bytes:
    try:
        phrase = HTTPStatus(status).phrase
    except ValueError:
        phrase = "Error"
    return f"HTTP/1.1 {status} {phrase}\r\n".encode()


class FakeOpenAI:
    """An OpenAI-compatible server on 127.0.0.1 for tests; see the module docstring.

    Attributes:
        base_url: ``http://127.0.0.1:PORT/v1`` once started.
        requests: every chat request body received, in order (faulted ones included).
        arrivals: per body key, the ``time.time()`` of each chat request's arrival.
        max_in_flight: the most requests handled at the same time so far.
        connections: how many TCP connections were accepted (keep-alive reuses them).
    """

    def __init__(
        self,
        *,
        latency: float = 0.0,
        reply: Reply | None = None,
        models: list[str] | None = None,
        api_key: str | None = None,
        faults: FaultPlan | None = None,
        seed: int = 0,
        port: int = 0,
        quirks: Quirks | None = None,
    ) -> None:
        self.latency = latency
        self.models = list(models) if models is not None else ["judge-small", "judge-large"]
        self.api_key = api_key
        self.quirks = quirks or Quirks()
        self.cut_by_arrival = 0  # streams cut because another request arrived
        self._busy: list[asyncio.Event] = []
        self.requests: list[dict[str, Any]] = []
        self.received: list[bytes] = []  # every request as it came, head and body
        self.arrivals: dict[str, list[float]] = {}
        self.max_in_flight = 0
        self.connections = 0
        self._reply: Reply = reply or (lambda body: DEFAULT_REPLY)
        self._seed = seed
        self._port = port
        self._lock = threading.Lock()
        self._keys: collections.Counter[str] = collections.Counter()
        self._answered: collections.Counter[str] = collections.Counter()
        self._in_flight = 0
        self._number = 0
        self._plan = FaultPlan()
        self._rng = random.Random(seed)
        self.set_faults(faults or FaultPlan())
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self.base_url = ""

    # --- control (any thread) ------------------------------------------------------

    def set_faults(self, plan: FaultPlan | None) -> None:
        """Replaces the fault plan; request numbers start again from 1."""
        plan = plan or FaultPlan()
        with self._lock:
            self._plan = plan
            self._number = 0
            self._rng = random.Random(self._seed if plan.seed is None else plan.seed)

    def set_latency(self, seconds: float) -> None:
        """Sets how long each chat reply takes (an asyncio sleep, not a thread)."""
        self.latency = seconds

    def set_reply(self, reply: Reply | None) -> None:
        """Sets the function that turns a request body into the reply."""
        self._reply = reply or (lambda body: DEFAULT_REPLY)

    def count(self, body_predicate: Callable[[dict[str, Any]], bool] | None = None) -> int:
        """How many chat requests were received (whose body matches the predicate)."""
        with self._lock:
            bodies = list(self.requests)
        return sum(1 for body in bodies if body_predicate is None or body_predicate(body))

    def counts_by_key(self) -> collections.Counter[str]:
        """Chat requests received per body (canonical JSON without stream fields)."""
        with self._lock:
            return collections.Counter(self._keys)

    def answered_by_key(self) -> collections.Counter[str]:
        """Chat requests answered in full (no fault) per body."""
        with self._lock:
            return collections.Counter(self._answered)

    def clear(self) -> None:
        """Forgets the requests received so far and the in-flight maximum."""
        with self._lock:
            self.requests.clear()
            self.arrivals.clear()
            self._keys.clear()
            self._answered.clear()
            self.max_in_flight = self._in_flight

    # --- lifecycle -----------------------------------------------------------------

    def start(self) -> FakeOpenAI:
        """Starts serving; returns once the port is open."""
        if self._thread is not None:
            return self
        loop = asyncio.new_event_loop()
        ready = threading.Event()
        failure: list[BaseException] = []

        def run() -> None:
            asyncio.set_event_loop(loop)
            try:
                loop.run_until_complete(self._open())
            except BaseException as exc:  # reported to start()'s caller
                failure.append(exc)
                ready.set()
                loop.close()
                return
            ready.set()
            try:
                loop.run_forever()
            finally:
                # A connection accepted while the server was closing has a task _close() did
                # not see; ending it here keeps it from being collected on a closed loop.
                pending = asyncio.all_tasks(loop)
                for task in pending:
                    task.cancel()
                loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
                loop.run_until_complete(loop.shutdown_asyncgens())
                loop.close()

        self._loop = loop
        self._thread = threading.Thread(target=run, name="fake-openai", daemon=True)
        self._thread.start()
        ready.wait(10)
        if failure:
            self._thread.join(5)
            self._thread = None
            raise failure[0]
        return self

    def stop(self) -> None:
        """Closes every connection (ending hangs) and the server; waits for the thread."""
        loop, thread = self._loop, self._thread
        if loop is None or thread is None:
            return
        self._thread = None
        if loop.is_running():
            asyncio.run_coroutine_threadsafe(self._close(), loop).result(10)
            loop.call_soon_threadsafe(loop.stop)
        thread.join(10)

    def __enter__(self) -> FakeOpenAI:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    async def _open(self) -> None:
        self._server = await asyncio.start_server(
            self._connection, "127.0.0.1", self._port, backlog=1024
        )
        port = self._server.sockets[0].getsockname()[1]
        self.base_url = f"http://127.0.0.1:{port}/v1"

    async def _close(self) -> None:
        if self._server is not None:
            self._server.close()
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._server is not None:
            await self._server.wait_closed()

    # --- HTTP ----------------------------------------------------------------------

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        self.connections += 1
        try:
            first = await reader.read(1)
            if not first.isalpha():
                # Not HTTP (a TLS handshake, say): answer at once, as real servers do, rather
                # than wait for a request line that never comes.
                if first:
                    writer.write(_status_line(400) + b"Connection: close\r\n\r\n")
                return
            while True:
                try:
                    head = first + await reader.readuntil(b"\r\n\r\n")
                except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
                    break
                first = b""
                lines = head.decode("latin-1").split("\r\n")
                method, target, version = [*lines[0].split(" ", 2), "", ""][:3]
                headers: dict[str, str] = {}
                for line in lines[1:]:
                    name, _, value = line.partition(":")
                    if name:
                        headers[name.strip().lower()] = value.strip()
                # Bodies come with Content-Length (as httpx sends them); chunked uploads are
                # not supported.
                body = await reader.readexactly(int(headers.get("content-length") or 0))
                with self._lock:
                    self.received.append(head + body)
                keep = version == "HTTP/1.1" and headers.get("connection", "").lower() != "close"
                self._in_flight += 1
                self.max_in_flight = max(self.max_in_flight, self._in_flight)
                try:
                    keep = await self._handle(method, target, headers, body, writer) and keep
                finally:
                    self._in_flight -= 1
                if not keep:
                    break
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        except asyncio.CancelledError:
            # Only stop() cancels connections; ending quietly keeps asyncio from logging it.
            pass
        except ValueError:
            # A request this server cannot read (a bad Content-Length, say).
            writer.write(_status_line(400) + b"Content-Length: 0\r\nConnection: close\r\n\r\n")
        finally:
            self._tasks.discard(task)
            writer.close()

    @staticmethod
    async def _send(
        writer: asyncio.StreamWriter,
        status: int,
        payload: Any,
        extra: dict[str, str] | None = None,
        *,
        raw: bytes | None = None,
    ) -> bool:
        data = raw if raw is not None else json.dumps(payload).encode()
        head = [_status_line(status), b"Content-Type: application/json\r\n"]
        for name, value in (extra or {}).items():
            head.append(f"{name}: {value}\r\n".encode())
        head.append(b"Content-Length: %d\r\nConnection: keep-alive\r\n\r\n" % len(data))
        writer.write(b"".join(head) + data)
        await writer.drain()
        return True

    async def _error(
        self, writer: asyncio.StreamWriter, status: int, message: str, kind: str = "api_error"
    ) -> bool:
        extra = {}
        if status == 429 and self._plan.retry_after is not None:
            extra["Retry-After"] = f"{self._plan.retry_after:g}"
        payload = {"error": {"message": message, "type": kind, "code": status}}
        return await self._send(writer, status, payload, extra)

    def _decide(self, key: str, chat: bool) -> str:
        with self._lock:
            self._number += 1
            plan = self._plan
            if self._number in plan.script:
                return plan.script[self._number]
            if plan.only_first_attempt and chat and self._keys[key] > 1:
                return "ok"
            chances = (
                ("500", plan.error_500),
                ("429", plan.error_429),
                ("hang", plan.hang),
                ("cut", plan.cut_stream),
                ("malformed", plan.malformed),
            )
            if not any(p for _, p in chances):
                return "ok"
            draw = self._rng.random()
            for action, chance in chances:
                if draw < chance:
                    return action
                draw -= chance
            return "ok"

    async def _handle(
        self,
        method: str,
        target: str,
        headers: dict[str, str],
        body: bytes,
        writer: asyncio.StreamWriter,
    ) -> bool:
        path = target.split("?", 1)[0].rstrip("/")
        chat = path == "/v1/chat/completions"
        if path == "/props" and self.quirks.slots and method == "GET":
            return await self._send(writer, 200, {"total_slots": self.quirks.slots})
        if not chat and path != "/v1/models":
            return await self._error(writer, 404, f"Unknown path {path or '/'}.", "not_found")
        if (method != "POST") if chat else (method != "GET"):
            return await self._error(writer, 405, f"{method} is not allowed on {path}.")
        request: dict[str, Any] = {}
        key = f"GET {path}"
        if chat:
            try:
                request = json.loads(body)
                if not isinstance(request, dict) or not isinstance(request.get("messages"), list):
                    raise ValueError
            except ValueError:
                return await self._error(writer, 400, "The body must be JSON with messages.")
            key = body_key(request)
            with self._lock:
                self.requests.append(request)
                self.arrivals.setdefault(key, []).append(time.time())
                self._keys[key] += 1
        action = self._decide(key, chat)
        if action == "hang":
            await asyncio.sleep(self._plan.hang_seconds)
            action = "ok"
        if self.api_key is not None and action == "ok":
            given = headers.get("authorization", "")
            if given != f"Bearer {self.api_key}":
                # Echoes what it was given, as careless servers do, so tests can check that
                # the client keeps keys out of its messages.
                shown = given.removeprefix("Bearer ") or "(none)"
                message = f"Incorrect API key provided: {shown}."
                return await self._error(writer, 401, message, "invalid_request_error")
        if action.isdigit():
            return await self._error(writer, int(action), f"Fault injected: HTTP {action}.")
        if action == "drop":
            return False
        if action == "malformed" and not (chat and request.get("stream")):
            return await self._send(writer, 200, None, raw=b'{"id": "broken", "choices": [')
        if action == "wrong_shape":
            return await self._send(writer, 200, {"status": "ok", "service": "not an LLM"})
        if not chat:
            listing = {
                "object": "list",
                "data": [
                    {"id": name, "object": "model", "created": 0, "owned_by": "fake"}
                    for name in self.models
                ],
            }
            return await self._finish(writer, listing, action, key=None)
        if self.quirks.reject_stream_options and "stream_options" in request:
            message = "Unrecognized request argument supplied: stream_options"
            return await self._error(writer, 400, message, "invalid_request_error")
        if self.quirks.reject_separate_reasoning and "separate_reasoning" in request:
            message = "1 validation error: separate_reasoning: Extra inputs are not permitted"
            return await self._error(writer, 400, message, "invalid_request_error")
        if self.quirks.reject_logprobs and "logprobs" in request:
            message = "logprobs is not supported by this model"
            return await self._error(writer, 400, message, "invalid_request_error")
        asked = requested_schema(request)
        if asked is not None and asked[0] in self.quirks.refuse_formats:
            message = f"This server does not support the structured reply field ({asked[0]})."
            return await self._error(writer, 400, message, "invalid_request_error")
        if self.quirks.busy_cut and request.get("stream"):
            arrived = asyncio.Event()
            busy = self._busy
            for older in busy[: max(0, len(busy) - (self.quirks.slots or 1) + 1)]:
                older.set()
            busy.append(arrived)
            try:
                if self.latency:
                    await asyncio.sleep(self.latency)
            finally:
                busy.remove(arrived)
            if arrived.is_set():
                self.cut_by_arrival += 1
                action = "busy"
        elif self.latency:
            await asyncio.sleep(self.latency)
        try:
            made = self._reply(request)
        except Exception as exc:
            return await self._error(writer, 500, f"The fake's reply function failed: {exc!r}")
        answer = {"content": made} if isinstance(made, str) else dict(made)
        if request.get("stream"):
            return await self._stream(writer, request, answer, action, key)
        payload = completion(request, answer, self._usage(request, answer))
        return await self._finish(writer, payload, action, key)

    async def _finish(
        self, writer: asyncio.StreamWriter, payload: Any, action: str, key: str | None
    ) -> bool:
        if action == "cut":
            data = json.dumps(payload).encode()
            head = _status_line(200) + b"Content-Type: application/json\r\n"
            head += b"Content-Length: %d\r\n\r\n" % len(data)
            writer.write(head + data[: len(data) // 2])
            await writer.drain()
            return False
        await self._send(writer, 200, payload)
        if key is not None:
            with self._lock:
                self._answered[key] += 1
        return True

    def _usage(self, request: dict[str, Any], answer: dict[str, Any]) -> dict[str, int] | None:
        return usage_of(request, answer) if self.quirks.usage else None

    async def _stream(
        self,
        writer: asyncio.StreamWriter,
        request: dict[str, Any],
        answer: dict[str, Any],
        action: str,
        key: str,
    ) -> bool:
        usage = self._usage(request, answer)
        events = stream_events(request, answer, usage)
        frames = [b"data: " + json.dumps(event).encode() + b"\n\n" for event in events]
        frames.append(b"data: [DONE]\n\n")
        if action == "cut":
            # Half the events never reach the finish chunk, the usage chunk or [DONE].
            frames = frames[: max(1, len(frames) // 2)]
        elif action == "malformed":
            frames.insert(1, b'data: {"choices": [{"delta": {"content": "br\n\n')
        elif action == "busy":
            frames = frames[:1] + frames[-1:] if self.quirks.busy_cut == "done" else frames[:1]
        writer.write(
            _status_line(200)
            + b"Content-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
            + b"Transfer-Encoding: chunked\r\nConnection: keep-alive\r\n\r\n"
        )
        for frame in frames:
            writer.write(b"%x\r\n%s\r\n" % (len(frame), frame))
        if action == "busy" and self.quirks.busy_cut == "close":
            await writer.drain()
            return False
        writer.write(b"0\r\n\r\n")
        await writer.drain()
        if action == "ok":
            with self._lock:
                self._answered[key] += 1
        return True


def main(argv: list[str] | None = None) -> None:
    """Serves until terminated, after printing the base URL on stdout."""
    parser = argparse.ArgumentParser(description="A fake OpenAI-compatible judge server.")
    parser.add_argument("--latency", type=float, default=0.0)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--error-500", type=float, default=0.0)
    parser.add_argument("--error-429", type=float, default=0.0)
    parser.add_argument("--cut-stream", type=float, default=0.0)
    parser.add_argument("--malformed", type=float, default=0.0)
    parser.add_argument(
        "--logprobs", action="store_true", help="give the tokens' log-probabilities when asked"
    )
    args = parser.parse_args(argv)
    plan = FaultPlan(
        error_500=args.error_500,
        error_429=args.error_429,
        cut_stream=args.cut_stream,
        malformed=args.malformed,
    )
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    reply = (lambda body: with_recorded_logprobs(DEFAULT_REPLY)) if args.logprobs else None
    with FakeOpenAI(
        latency=args.latency, faults=plan, seed=args.seed, port=args.port, reply=reply
    ) as fake:
        sys.stdout.write(fake.base_url + "\n")
        sys.stdout.flush()
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
