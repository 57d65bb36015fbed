"""A client for OpenAI-compatible chat-completions endpoints, with retries and limits."""

from __future__ import annotations

import asyncio
import dataclasses
import ipaddress
import json
import logging
import random
import ssl
import urllib.request
from collections.abc import Mapping
from time import perf_counter
from types import TracebackType
from typing import Any
from urllib.parse import urlsplit

import httpx

from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.judge.advice import describe
from judgedesk.core.judge.aio_transport import AiohttpTransport
from judgedesk.core.judge.base import (
    ChatReply,
    ChatRequest,
    ClientStats,
    JudgeCallError,
    ModelList,
    normalise_base_url,
)
from judgedesk.core.judge.failures import AttemptFailure, status_failure, transport_failure
from judgedesk.core.judge.replies import SSEDecoder, StreamAssembler, parse_completion
from judgedesk.core.judge.retry import RateLimiter, backoff_delay
from judgedesk.core.judge.transport import LANE_SIZE, LaneTransport

log = logging.getLogger(__name__)

USER_AGENT = "JudgeDesk"
# Send requests through aiohttp under httpx (about half the CPU per request); when False,
# httpx's own transport is used, as it is behind a proxy or with a transport passed in.
USE_AIOHTTP = True


def _is_loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _proxied() -> bool:
    proxies = urllib.request.getproxies()
    return any(proxies.get(name) for name in ("http", "https", "all"))


def _ssl_verify(scheme: str, trust_env: bool) -> ssl.SSLContext | bool:
    try:
        return httpx.create_ssl_context(trust_env=trust_env)
    except OSError as exc:
        # A certificate bundle named by SSL_CERT_FILE that cannot be read would otherwise
        # break every connection, plain http included.
        if scheme == "https":
            raise JudgeDeskError(
                "The certificates for secure connections could not be loaded "
                f"({exc.strerror or type(exc).__name__}). If the environment variable "
                "SSL_CERT_FILE or SSL_CERT_DIR is set, make it point to a real file or "
                "unset it, then restart JudgeDesk."
            ) from None
        log.warning("Certificates could not be loaded (%s); plain http still works", exc)
        return False


def _models_from(raw: bytes) -> list[str]:
    try:
        data = json.loads(raw)
        entries = data["data"]
        if not isinstance(entries, list):
            raise TypeError
        return [str(entry["id"]) for entry in entries]
    except (ValueError, KeyError, TypeError, IndexError):
        raise AttemptFailure("bad_reply", False) from None


class OpenAIClient:
    """Talks to one OpenAI-compatible endpoint over a pooled HTTP connection.

    Calls are limited to ``concurrency`` at once and ``rate_limit`` per minute, and are
    retried with exponential backoff and full jitter on 429, 5xx, timeouts, dropped
    connections, cut streams and replies that are not in the chat format. Bind one client
    to one event loop; close it with :meth:`aclose` or use it as an async context manager.

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
        self._semaphore = asyncio.Semaphore(self.concurrency)
        self._open = asyncio.Event()
        self._open.set()
        self._rate = RateLimiter(rate_limit)
        self._rng = random.Random()
        self._chat_url = httpx.URL(self.base_url + "/chat/completions")
        self._models_url = httpx.URL(self.base_url + "/models")
        all_headers = {"User-Agent": USER_AGENT, "Content-Type": "application/json"}
        all_headers.update(headers or {})
        if self._key:
            all_headers["Authorization"] = f"Bearer {self._key}"
        # Proxy and certificate settings from the environment must not get in the way of a
        # server on this machine.
        trust_env = not _is_loopback(parts.hostname)
        verify = _ssl_verify(parts.scheme, trust_env)
        connections = self.concurrency + 1  # one spare for list_models during a run
        if transport is None and not (trust_env and _proxied()):
            if USE_AIOHTTP:
                transport = AiohttpTransport(connections, verify=verify)
            elif connections > LANE_SIZE:
                transport = LaneTransport(connections, verify=verify)
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
        return (
            f"OpenAIClient(base_url={self.base_url!r}, api_key={key}, "
            f"concurrency={self.concurrency})"
        )

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

    @property
    def paused(self) -> bool:
        """Whether :meth:`pause` is holding requests."""
        return not self._open.is_set()

    async def chat(self, request: ChatRequest) -> ChatReply:
        """Sends one chat request and returns the judge's reply, retrying what may pass.

        Raises:
            JudgeCallError: the call failed for good; ``kind`` and ``attempts`` say how.
        """
        try:
            payload = json.dumps(request.body(), ensure_ascii=False, separators=(",", ":")).encode(
                "utf-8"
            )
        except (TypeError, ValueError) as exc:
            raise JudgeCallError(
                "bad_request",
                f"The request to {self.base_url} cannot be sent: a message or generation "
                f"parameter is not plain data ({exc}). Check the judge's parameters.",
            ) from None
        stats = self.stats
        attempt = 0
        while True:
            attempt += 1
            failure: AttemptFailure | None = None
            async with self._semaphore:
                if not self._open.is_set():
                    await self._open.wait()
                await self._rate.acquire()
                stats.requests_sent += 1
                stats.in_flight += 1
                started = perf_counter()
                try:
                    if request.stream:
                        reply = await self._send_stream(payload)
                    else:
                        reply = await self._send_plain(payload)
                except AttemptFailure as caught:
                    failure = caught
                finally:
                    stats.in_flight -= 1
            if failure is None:
                latency = perf_counter() - started
                stats.replies += 1
                stats.prompt_tokens += reply.usage.get("prompt_tokens", 0)
                stats.completion_tokens += reply.usage.get("completion_tokens", 0)
                return dataclasses.replace(reply, latency=latency, attempts=attempt)
            stats.attempt_errors[failure.kind] += 1
            if not failure.retryable or attempt > self.max_retries:
                stats.failed_calls += 1
                stats.failures[failure.kind] += 1
                error = self._error(failure, attempt)
                log.warning("Judge call failed for good: %s", error)
                raise error from failure.__cause__
            stats.retries += 1
            delay = backoff_delay(
                attempt,
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

    async def _send_plain(self, payload: bytes) -> ChatReply:
        try:
            response = await self._http.post(self._chat_url, content=payload)
        except httpx.HTTPError as exc:
            raise transport_failure(exc) from exc
        if not 200 <= response.status_code < 300:
            raise status_failure(response)
        return parse_completion(response.content)

    async def _send_stream(self, payload: bytes) -> ChatReply:
        request = self._http.build_request("POST", self._chat_url, content=payload)
        try:
            response = await self._http.send(request, stream=True)
        except httpx.HTTPError as exc:
            raise transport_failure(exc) from exc
        try:
            try:
                if not 200 <= response.status_code < 300:
                    await response.aread()
                    raise status_failure(response)
                content_type = response.headers.get("content-type", "")
                if "event-stream" not in content_type and "json" in content_type:
                    # The server ignored "stream" and answered in one piece.
                    return parse_completion(await response.aread())
                decoder = SSEDecoder()
                assembler = StreamAssembler()
                async for chunk in response.aiter_bytes():
                    for data in decoder.feed(chunk):
                        assembler.feed(data)
            except httpx.HTTPError as exc:
                raise transport_failure(exc, in_body=True) from exc
            for data in decoder.close():
                assembler.feed(data)
            if not assembler.complete:
                raise AttemptFailure(
                    "cut_stream", True, detail="it ended without [DONE] or a finish reason"
                )
            return assembler.reply()
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
                models = _models_from(response.content)
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

    def _error(
        self,
        failure: AttemptFailure,
        attempts: int,
        *,
        listing: bool = False,
        timeout: float | None = None,
    ) -> JudgeCallError:
        message = describe(
            failure.kind,
            self.base_url,
            status=failure.status,
            detail=failure.detail,
            reason=failure.reason,
            timeout=timeout or self.timeout,
            has_key=self._key is not None,
            listing=listing,
        )
        if attempts > 1:
            message += f" (Tried {attempts} times.)"
        if self._key and self._key in message:
            message = message.replace(self._key, "***")
        return JudgeCallError(
            failure.kind,
            message,
            status=failure.status,
            attempts=attempts,
            retryable=failure.retryable,
        )
