"""Reading a streamed chat reply, and a model list, off an HTTP response."""

from __future__ import annotations

import json
from collections.abc import Collection

import httpx

from judgedesk.core.judge.base import ChatReply
from judgedesk.core.judge.failures import (
    AttemptFailure,
    refused_fields,
    status_failure,
    transport_failure,
)
from judgedesk.core.judge.replies import SSEDecoder, StreamAssembler, parse_completion


async def read_stream(response: httpx.Response, *, refusable: Collection[str] = ()) -> ChatReply:
    """The reply carried by a streamed response (or a whole one, when the server ignored
    ``stream``).

    Args:
        response: the response, its body not yet read; the caller closes it.
        refusable: the optional fields sent (``stream_options``, ``separate_reasoning``):
            a 400 or 422 naming them is reported with the reason "refused_fields", so
            the caller can send again without them.

    Raises:
        AttemptFailure: an error status, a broken transfer, or a stream that was cut:
            ended early, or with [DONE] but no answer and no finish reason.
    """
    try:
        if not 200 <= response.status_code < 300:
            await response.aread()
            raise refused_fields(response, refusable) or status_failure(response)
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
    reply = assembler.reply()
    if assembler.finish_reason is None and not (
        reply.content or reply.reasoning_content or reply.tool_calls
    ):
        # Servers with fewer slots than requests end a stream this way when another
        # request arrives.
        raise AttemptFailure("cut_stream", True, detail="it ended with no answer")
    return reply


def models_from(raw: bytes) -> list[str]:
    """The model names in a ``/models`` answer.

    Raises:
        AttemptFailure: the answer is not a model list ("bad_reply").
    """
    try:
        data = json.loads(raw)
        entries = data["data"]
        if not isinstance(entries, list):
            raise TypeError
        return [str(entry["id"]) for entry in entries]
    except (ValueError, KeyError, TypeError, IndexError):
        raise AttemptFailure("bad_reply", False) from None
