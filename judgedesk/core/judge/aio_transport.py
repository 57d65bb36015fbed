"""An httpx transport that sends requests through aiohttp, for a lower per-request cost.

httpx keeps its client API (headers, timeouts, streaming, error types), but its default
transport spends most of the client's CPU on pool bookkeeping, cancel scopes and pure-Python
HTTP parsing. aiohttp's pool is simpler and its parser is compiled, so requests go through
it here, while errors come back as the httpx exceptions that ``failures.py`` classifies.
"""

from __future__ import annotations

import ssl
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from typing import Any

import aiohttp
import httpx
from yarl import URL

# httpx already sets these (or computes them from the body); aiohttp must not add its own.
_SKIP_AUTO_HEADERS = ("Accept", "Accept-Encoding", "User-Agent", "Content-Type")
# aiohttp frames the body itself.
_DROPPED_HEADERS = frozenset({b"content-length", b"transfer-encoding", b"connection"})
# httpx's default for how long an idle connection is kept: servers that close idle
# connections after about 5 s (uvicorn) would otherwise race with our next request.
KEEPALIVE_SECONDS = 5.0


def _as_httpx_error(exc: BaseException, request: httpx.Request) -> httpx.TransportError:
    """The httpx exception that means the same as an aiohttp failure."""
    message = str(exc) or type(exc).__name__
    if isinstance(exc, aiohttp.ConnectionTimeoutError):
        return httpx.ConnectTimeout(message, request=request)
    if isinstance(exc, TimeoutError):
        return httpx.ReadTimeout(message, request=request)
    if isinstance(exc, aiohttp.ClientConnectorError):
        return httpx.ConnectError(message, request=request)
    if isinstance(exc, aiohttp.InvalidURL):
        return httpx.UnsupportedProtocol(message, request=request)
    if isinstance(exc, aiohttp.ServerDisconnectedError | aiohttp.ClientPayloadError):
        return httpx.RemoteProtocolError(message, request=request)
    if isinstance(exc, aiohttp.ClientResponseError):
        # A status line or headers that could not be parsed.
        return httpx.RemoteProtocolError(message, request=request)
    if isinstance(exc, aiohttp.ClientOSError | aiohttp.ClientConnectionError):
        return httpx.ReadError(message, request=request)
    return httpx.TransportError(message)


class _AiohttpStream(httpx.AsyncByteStream):
    """A response body read from aiohttp as it arrives (SSE events stay timely)."""

    __slots__ = ("_request", "_response")

    def __init__(self, response: aiohttp.ClientResponse, request: httpx.Request) -> None:
        self._response = response
        self._request = request

    async def __aiter__(self) -> AsyncIterator[bytes]:
        content = self._response.content
        try:
            while True:
                chunk = await content.readany()
                if not chunk:
                    return
                yield chunk
        except (aiohttp.ClientError, TimeoutError) as exc:
            raise _as_httpx_error(exc, self._request) from exc

    async def aclose(self) -> None:
        response = self._response
        if response.content.at_eof():
            response.release()  # the connection goes back to the pool
        else:
            response.close()  # a body left unread cannot share its connection


class AiohttpTransport(httpx.AsyncBaseTransport):
    """Sends httpx requests over one ``aiohttp.ClientSession``, opened on first use.

    The session is created lazily so that the transport binds to the loop that uses it,
    and closed by :meth:`aclose`.
    """

    def __init__(self, connections: int, *, verify: ssl.SSLContext | bool) -> None:
        self._connections = max(1, connections)
        self._ssl: ssl.SSLContext | bool = verify
        self._session: aiohttp.ClientSession | None = None
        self._timeouts: dict[tuple[Any, ...], aiohttp.ClientTimeout] = {}
        self._urls: dict[str, URL] = {}

    def _open(self) -> aiohttp.ClientSession:
        connector = aiohttp.TCPConnector(
            limit=self._connections,
            limit_per_host=self._connections,
            keepalive_timeout=KEEPALIVE_SECONDS,
            ssl=self._ssl,
        )
        self._session = aiohttp.ClientSession(
            connector=connector,
            timeout=aiohttp.ClientTimeout(total=None),
            cookie_jar=aiohttp.DummyCookieJar(),  # httpx keeps the cookies
            auto_decompress=False,  # httpx decodes by Content-Encoding
            skip_auto_headers=_SKIP_AUTO_HEADERS,
            trust_env=False,  # OpenAIClient keeps httpx's own transport behind a proxy
        )
        return self._session

    def _timeout(self, extensions: Mapping[str, Any]) -> aiohttp.ClientTimeout:
        spec = extensions.get("timeout") or {}
        connect = spec.get("connect")
        read = spec.get("read")
        pool = spec.get("pool")
        key = (connect, read, pool)
        timeout = self._timeouts.get(key)
        if timeout is None:
            # aiohttp's "connect" covers waiting for a free connection and opening one.
            waiting = None if connect is None and pool is None else (connect or 0) + (pool or 0)
            timeout = aiohttp.ClientTimeout(
                total=None, connect=waiting, sock_connect=connect, sock_read=read
            )
            if len(self._timeouts) < 64:
                self._timeouts[key] = timeout
        return timeout

    def _url(self, text: str) -> URL:
        url = self._urls.get(text)
        if url is None:
            url = URL(text, encoded=True)
            if len(self._urls) < 64:
                self._urls[text] = url
        return url

    async def post(
        self,
        url: str,
        body: bytes,
        headers: Sequence[tuple[str, str]],
        timeouts: Mapping[str, Any],
    ) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
        """POST ``body`` and read the whole reply: (status, raw headers, body).

        The short way for a chat call that is not streamed: no httpx request and response
        objects are made around it, which is most of a call's cost at high concurrency.
        ``timeouts`` are httpx's ("connect", "read", "pool"). Failures come back as the
        httpx exceptions that mean the same.
        """
        session = self._session or self._open()
        try:
            async with session.post(
                self._url(url),
                data=body,
                headers=headers,
                allow_redirects=False,
                timeout=self._timeout({"timeout": timeouts}),
            ) as response:
                return response.status, list(response.raw_headers), await response.read()
        except (aiohttp.ClientError, TimeoutError) as exc:
            raise _as_httpx_error(exc, httpx.Request("POST", url)) from exc

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        session = self._session or self._open()
        try:
            body = request.content
        except httpx.RequestNotRead:
            body = await request.aread()
        # httpx has already encoded the headers (ASCII, or UTF-8 bytes given by the caller);
        # aiohttp writes them back out as UTF-8.
        headers: Iterable[tuple[str, str]] = [
            (name.decode(), value.decode())
            for name, value in request.headers.raw
            if name.lower() not in _DROPPED_HEADERS
        ]
        url = self._url(str(request.url))
        try:
            response = await session.request(
                request.method,
                url,
                headers=headers,
                data=body or None,
                allow_redirects=False,
                timeout=self._timeout(request.extensions),
            )
        except (aiohttp.ClientError, TimeoutError) as exc:
            raise _as_httpx_error(exc, request) from exc
        version = response.version
        return httpx.Response(
            status_code=response.status,
            headers=list(response.raw_headers),
            stream=_AiohttpStream(response, request),
            extensions={
                "http_version": (
                    f"HTTP/{version.major}.{version.minor}".encode() if version else b"HTTP/1.1"
                ),
                "reason_phrase": (response.reason or "").encode("ascii", "replace"),
            },
        )

    async def aclose(self) -> None:
        session, self._session = self._session, None
        if session is not None:
            await session.close()
