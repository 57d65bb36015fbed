"""A client for OpenAI-compatible chat-completions endpoints, with retries and limits."""

from __future__ import annotations

import asyncio
import json
import logging
import random
from collections.abc import Mapping
from time import perf_counter
from types import TracebackType
from typing import Any
from urllib.parse import urlsplit

import httpx

from judgedesk.core.judge.adaptive import AdaptiveLimit, is_overload
from judgedesk.core.judge.aio_transport import AiohttpTransport
from judgedesk.core.judge.base import (
    OPTIONAL_FIELDS,
    ChatReply,
    ChatRequest,
    ClientStats,
    JudgeCallError,
    ModelList,
    normalise_base_url,
)
from judgedesk.core.judge.connect import is_loopback, proxied, ssl_verify
from judgedesk.core.judge.failures import (
    AttemptFailure,
    call_error,
    refused_fields,
    status_failure,
    transport_failure,
)
from judgedesk.core.judge.replies import parse_completion
from judgedesk.core.judge.retry import RateLimiter, backoff_delay
from judgedesk.core.judge.streaming import models_from, read_stream
from judgedesk.core.judge.usage import with_usage

log = logging.getLogger(__name__)

USER_AGENT = "JudgeDesk"
# Retries of a call that failed under a limit since lowered, beyond its own retries.
LOAD_RETRIES = 8


class OpenAIClient:
    """Talks to one OpenAI-compatible endpoint over a pooled HTTP connection.

    Calls are limited to ``concurrency`` at once and ``rate_limit`` per minute, and are
    retried with exponential backoff and full jitter on 429, 5xx, timeouts, dropped
    connections, cut streams and replies that are not in the chat format. When the server
    fails under load (cut streams, 429, 503, reset connections while other calls are in
    flight), fewer calls are sent at once, and more again after a run of successes. Bind
    one client to one event loop; close it with :meth:`aclose` or use it as an async
    context manager.

    Attributes:
        base_url: the endpoint without a trailing slash.
        stats: counters for progress displays.
    """

    def __init__(
        self,
        base_url: str,
        *,
        api_key: str | None = None,
        headers: Mapping[str, str] | None = None,
        timeout: float = 120.0,
        connect_timeout: float = 10.0,
        concurrency: int = 4,
        rate_limit: int = 0,
        max_retries: int = 4,
        backoff: float = 1.0,
        max_backoff: float = 60.0,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self.base_url = normalise_base_url(base_url)
        parts = urlsplit(self.base_url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise JudgeCallError(
                "bad_request",
                "The judge's base URL must start with http:// or https:// and name a "
                "server, for example http://127.0.0.1:11434/v1.",
            )
        self._key = api_key or None
        self.timeout = timeout
        self.concurrency = max(1, int(concurrency))
        self.max_retries = max(0, int(max_retries))
        self.backoff = backoff
        self.max_backoff = max_backoff
        self.stats = ClientStats()
        self._limit = AdaptiveLimit(self.concurrency)
        self._show_limit()
        # Optional fields the server refused (stream_options, separate_reasoning, logprobs):
        # never sent again by this client. Without stream_options a stream carries no
        # usage; without logprobs a verdict keeps no probabilities.
        self._refused: set[str] = set()
        self._open = asyncio.Event()
        self._open.set()
        self._rate = RateLimiter(rate_limit)
        self._rng = random.Random()
        self._chat_url = httpx.URL(self.base_url + "/chat/completions")
        self._models_url = httpx.URL(self.base_url + "/models")
        root = self.base_url.removesuffix("/v1")
        self._props_url = httpx.URL(root + "/props")
        all_headers = {"User-Agent": USER_AGENT, "Content-Type": "application/json"}
        all_headers.update(headers or {})
        if self._key:
            all_headers["Authorization"] = f"Bearer {self._key}"
        # Proxy and certificate settings from the environment must not get in the way of a
        # server on this machine.
        trust_env = not is_loopback(parts.hostname)
        verify = ssl_verify(parts.scheme, trust_env)
        connections = self.concurrency + 1  # one spare for list_models during a run
        # aiohttp under httpx costs about half the CPU per request; behind a proxy, or with
        # a transport passed in, httpx's own transport is used.
        if transport is None and not (trust_env and proxied()):
            transport = AiohttpTransport(connections, verify=verify)
        # Calls that are not streamed skip httpx when aiohttp carries them (see _send_plain).
        self._fast = transport if isinstance(transport, AiohttpTransport) else None
        self._fast_headers = [
            ("Accept", "*/*"),
            ("Accept-Encoding", "identity"),
            *all_headers.items(),
        ]
        self._fast_timeouts = {"connect": connect_timeout, "read": timeout, "pool": timeout}
        self._http = httpx.AsyncClient(
            headers=all_headers,
            timeout=httpx.Timeout(timeout, connect=connect_timeout),
            limits=httpx.Limits(max_connections=connections, max_keepalive_connections=connections),
            transport=transport,
            verify=verify,
            follow_redirects=False,
            trust_env=trust_env,
        )

    def __repr__(self) -> str:
        key = "set" if self._key else "none"
        shown = f"api_key={key}, concurrency={self.concurrency}"
        return f"OpenAIClient(base_url={self.base_url!r}, {shown})"

    async def __aenter__(self) -> OpenAIClient:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Closes the pooled connections."""
        await self._http.aclose()

    def pause(self) -> None:
        """Holds every request not yet sent (queued calls and retries) until :meth:`resume`.

        Requests already sent still finish.
        """
        self._open.clear()

    def resume(self) -> None:
        """Lets held requests go."""
        self._open.set()

    def interrupt(self) -> None:
        """On Stop, requests in flight finish: their answers are paid for and kept."""

    @property
    def paused(self) -> bool:
        """Whether :meth:`pause` is holding requests."""
        return not self._open.is_set()

    def _show_limit(self) -> None:
        limit, stats = self._limit, self.stats
        stats.concurrency = limit.limit
        stats.concurrency_configured = limit.configured
        stats.concurrency_lowest = limit.lowest
        stats.concurrency_note = limit.note

    def _payload(self, request: ChatRequest) -> tuple[bytes, tuple[str, ...]]:
        """The body as sent, and the optional fields it carries."""
        body = request.body()
        for name in self._refused:
            body.pop(name, None)
        optional = tuple(name for name in OPTIONAL_FIELDS if name in body)
        try:
            if not self._refused:  # the text the run stores as the request, made once
                return request.body_json.encode(), optional
            return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode(), optional
        except (TypeError, ValueError) as exc:
            raise JudgeCallError(
                "bad_request",
                f"The request to {self.base_url} cannot be sent: a message or generation "
                f"parameter is not plain data ({exc}). Check the judge's parameters.",
            ) from None

    async def chat(self, request: ChatRequest) -> ChatReply:
        """Sends one chat request and returns the judge's reply, retrying what may pass.

        Replies without token counts get an estimate (``usage_estimated``).

        Raises:
            JudgeCallError: the call failed for good; ``kind`` and ``attempts`` say how.
        """
        payload, optional = self._payload(request)
        stats, limit = self.stats, self._limit
        attempt = counted = load_retries = 0
        while True:
            attempt += 1
            failure: AttemptFailure | None = None
            slot = await limit.acquire()
            try:
                if not self._open.is_set():
                    await self._open.wait()
                await self._rate.acquire()
                if self._refused.intersection(optional):  # refused while this one waited
                    payload, optional = self._payload(request)
                stats.requests_sent += 1
                stats.in_flight += 1
                started = perf_counter()
                try:
                    if request.stream:
                        reply = await self._send_stream(payload, optional)
                    else:
                        reply = await self._send_plain(payload, optional)
                except AttemptFailure as caught:
                    failure = caught
                finally:
                    stats.in_flight -= 1
                overlapped = limit.overlapped(slot)
            finally:
                limit.release()
            if failure is None:
                limit.succeeded(slot)
                self._show_limit()
                latency = perf_counter() - started
                reply = with_usage(reply, request.messages)
                stats.replies += 1
                stats.prompt_tokens += reply.usage.get("prompt_tokens", 0)
                stats.completion_tokens += reply.usage.get("completion_tokens", 0)
                stats.estimated_replies += reply.usage_estimated
                return reply.timed(latency, attempt)
            stats.attempt_errors[failure.kind] += 1
            if failure.reason == "refused_fields":
                # Only fields just sent are named, so this resends at most once per field.
                log.info("%s refuses %s; asking without", self.base_url, ", ".join(failure.fields))
                self._refused.update(failure.fields)
                if "logprobs" in failure.fields:
                    # top_logprobs means nothing without logprobs; servers refuse it alone.
                    self._refused.add("top_logprobs")
                payload, optional = self._payload(request)
                continue
            under_load = False
            if overlapped and is_overload(failure.kind, failure.status, failure.reason):
                under_load = limit.failed(slot) and load_retries < LOAD_RETRIES
                self._show_limit()
            if under_load:
                load_retries += 1
            else:
                counted += 1
            if not failure.retryable or counted > self.max_retries:
                stats.failed_calls += 1
                stats.failures[failure.kind] += 1
                error = self._error(failure, attempt)
                log.warning("Judge call failed for good: %s", error)
                raise error from failure.__cause__
            stats.retries += 1
            if under_load:
                # The lower limit already spaces the calls out; only the server's wait counts.
                delay = min(failure.retry_after or 0.0, self.max_backoff)
            else:
                delay = backoff_delay(
                    counted,
                    backoff=self.backoff,
                    max_backoff=self.max_backoff,
                    retry_after=failure.retry_after,
                    rng=self._rng,
                )
            log.info(
                "Judge call to %s failed (%s%s), attempt %d; retrying in %.2f s",
                self.base_url,
                failure.kind,
                f" {failure.status}" if failure.status else "",
                attempt,
                delay,
            )
            await asyncio.sleep(delay)

    async def _send_plain(self, payload: bytes, optional: tuple[str, ...]) -> ChatReply:
        fast = self._fast
        try:
            if fast is None:
                response = await self._http.post(self._chat_url, content=payload)
            else:
                url = str(self._chat_url)
                status, headers, body = await fast.post(
                    url, payload, self._fast_headers, self._fast_timeouts
                )
                if 200 <= status < 300:
                    return parse_completion(body)
                request = httpx.Request("POST", url)
                response = httpx.Response(status, headers=headers, content=body, request=request)
        except httpx.HTTPError as exc:
            raise transport_failure(exc) from exc
        if not 200 <= response.status_code < 300:
            raise refused_fields(response, optional) or status_failure(response)
        return parse_completion(response.content)

    async def _send_stream(self, payload: bytes, optional: tuple[str, ...]) -> ChatReply:
        request = self._http.build_request("POST", self._chat_url, content=payload)
        try:
            response = await self._http.send(request, stream=True)
        except httpx.HTTPError as exc:
            raise transport_failure(exc) from exc
        try:
            return await read_stream(response, refusable=optional)
        finally:
            await response.aclose()

    async def list_models(self, *, timeout: float | None = None) -> ModelList:
        """Asks the endpoint which models it offers ("Test connection").

        Args:
            timeout: seconds to wait for the answer; the client's timeout by default.

        Raises:
            JudgeCallError: with a message saying what is wrong and what to do. A server
                error or rate limit is retried once; nothing else is.
        """
        options: dict[str, Any] = {}
        if timeout is not None:
            options["timeout"] = httpx.Timeout(timeout, connect=min(timeout, 10.0))
        attempt = 0
        while True:
            attempt += 1
            started = perf_counter()
            try:
                try:
                    response = await self._http.get(self._models_url, **options)
                except httpx.HTTPError as exc:
                    raise transport_failure(exc) from exc
                if not 200 <= response.status_code < 300:
                    raise status_failure(response)
                models = models_from(response.content)
            except AttemptFailure as failure:
                if attempt == 1 and failure.kind in ("server", "rate_limited"):
                    await asyncio.sleep(
                        backoff_delay(
                            1,
                            backoff=self.backoff,
                            max_backoff=min(self.max_backoff, 5.0),
                            retry_after=failure.retry_after,
                            rng=self._rng,
                        )
                    )
                    continue
                raise self._error(
                    failure, attempt, listing=True, timeout=timeout
                ) from failure.__cause__
            return ModelList(models=models, latency=perf_counter() - started)

    async def server_slots(self, *, timeout: float = 5.0) -> int | None:
        """How many requests the server serves at once, when it says (llama.cpp's
        ``GET /props``; None when it does not): the client then sends no more at once."""
        try:
            response = await self._http.get(self._props_url, timeout=httpx.Timeout(timeout))
            answered = response.status_code == 200
            slots = json.loads(response.content).get("total_slots") if answered else None
        except (httpx.HTTPError, ValueError, AttributeError):
            return None
        if not isinstance(slots, int) or isinstance(slots, bool) or slots < 1:
            return None
        self._limit.cap(slots)
        self._show_limit()
        return slots

    def _error(
        self,
        failure: AttemptFailure,
        attempts: int,
        *,
        listing: bool = False,
        timeout: float | None = None,
    ) -> JudgeCallError:
        return call_error(
            failure,
            self.base_url,
            attempts,
            key=self._key,
            timeout=timeout or self.timeout,
            listing=listing,
        )
