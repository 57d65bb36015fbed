"""A connection pool split into small lanes, which keeps httpx's per-request cost low.

httpcore's pool re-examines every connection, several times per request, in a loop that
grows with the square of the pool's size: at 32 connections that bookkeeping was most of
the client's CPU in a profile. Several pools of a few connections each, with each request
sent to the least busy one, give the same concurrency for a fraction of the work.
"""

from __future__ import annotations

import ssl
from collections.abc import AsyncIterator

import httpx

LANE_SIZE = 8


class _Lane:
    __slots__ = ("active", "transport")

    def __init__(self, transport: httpx.AsyncBaseTransport) -> None:
        self.transport = transport
        self.active = 0


class _CountedStream(httpx.AsyncByteStream):
    """A response body that frees its lane's slot once, when it is closed."""

    __slots__ = ("_lane", "_stream")

    def __init__(self, stream: httpx.AsyncByteStream, lane: _Lane) -> None:
        self._stream = stream
        self._lane: _Lane | None = lane

    async def __aiter__(self) -> AsyncIterator[bytes]:
        async for chunk in self._stream:
            yield chunk

    async def aclose(self) -> None:
        lane, self._lane = self._lane, None
        if lane is not None:
            lane.active -= 1
        await self._stream.aclose()


class LaneTransport(httpx.AsyncBaseTransport):
    """Sends each request through the least busy of several small connection pools."""

    def __init__(self, connections: int, *, verify: ssl.SSLContext | bool) -> None:
        count = max(1, -(-connections // LANE_SIZE))
        size = max(1, -(-connections // count))
        limits = httpx.Limits(max_connections=size, max_keepalive_connections=size)
        self._lanes = [
            _Lane(httpx.AsyncHTTPTransport(verify=verify, limits=limits, trust_env=False))
            for _ in range(count)
        ]

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        lane = self._lanes[0]
        for other in self._lanes:
            if other.active < lane.active:
                lane = other
        lane.active += 1
        try:
            response = await lane.transport.handle_async_request(request)
        except BaseException:
            lane.active -= 1
            raise
        assert isinstance(response.stream, httpx.AsyncByteStream)
        return httpx.Response(
            status_code=response.status_code,
            headers=response.headers,
            stream=_CountedStream(response.stream, lane),
            extensions=response.extensions,
        )

    async def aclose(self) -> None:
        for lane in self._lanes:
            await lane.transport.aclose()
