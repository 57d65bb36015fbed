"""Reading chat-completions replies: a whole JSON body, or an SSE stream piece by piece."""

from __future__ import annotations

import json
from typing import Any

from judgedesk.core.judge.advice import server_detail
from judgedesk.core.judge.base import ChatReply
from judgedesk.core.judge.failures import AttemptFailure
from judgedesk.core.judge.parsers import split_reasoning

USAGE_FIELDS = ("prompt_tokens", "completion_tokens", "total_tokens")


def _usage(value: Any) -> dict[str, int]:
    if not isinstance(value, dict):
        return {}
    return {name: value[name] for name in USAGE_FIELDS if isinstance(value.get(name), int)}


def _text(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        # Content given as parts: [{"type": "text", "text": …}, …].
        return "".join(
            part.get("text") or "" if isinstance(part, dict) else str(part) for part in value
        )
    return ""


def _token_logprobs(choice: Any) -> list[dict[str, Any]] | None:
    """The tokens of ``choice.logprobs.content`` (a list of objects), or None."""
    if not isinstance(choice, dict):
        return None
    logprobs = choice.get("logprobs")
    content = logprobs.get("content") if isinstance(logprobs, dict) else None
    if not isinstance(content, list):
        return None
    return [token for token in content if isinstance(token, dict)]


def make_reply(
    content: str,
    reasoning: str | None,
    tool_calls: list[dict[str, Any]] | None,
    finish_reason: Any,
    model: Any,
    usage: dict[str, int],
    logprobs: list[dict[str, Any]] | None = None,
) -> ChatReply:
    """A reply with the reasoning taken out of the content (``logprobs`` stay as the
    server gave them, for the whole content)."""
    answer, reasoning_content = split_reasoning(content, reasoning or None)
    return ChatReply(
        content=answer,
        reasoning_content=reasoning_content,
        tool_calls=tool_calls or None,
        finish_reason=finish_reason if isinstance(finish_reason, str) else None,
        model=model if isinstance(model, str) else None,
        usage=usage,
        logprobs=logprobs,
    )


def parse_completion(raw: bytes) -> ChatReply:
    """Reads a non-streamed ``chat.completion`` body.

    Raises:
        AttemptFailure: the body is not JSON or has no ``choices[0].message`` (retryable).
    """
    try:
        data = json.loads(raw)
    except ValueError:
        raise AttemptFailure("bad_reply", True, detail="the reply was not JSON") from None
    try:
        choice = data["choices"][0]
        message = choice["message"]
        if not isinstance(message, dict):
            raise TypeError
    except (KeyError, IndexError, TypeError):
        detail = server_detail(raw) if isinstance(data, dict) and "error" in data else ""
        if detail:
            raise AttemptFailure("server", True, detail=detail) from None
        raise AttemptFailure(
            "bad_reply", True, detail="the reply has no choices[0].message"
        ) from None
    reasoning = message.get("reasoning_content") or message.get("reasoning")
    tool_calls = message.get("tool_calls")
    return make_reply(
        _text(message.get("content")),
        reasoning if isinstance(reasoning, str) else None,
        tool_calls if isinstance(tool_calls, list) else None,
        choice.get("finish_reason"),
        data.get("model"),
        _usage(data.get("usage")),
        _token_logprobs(choice),
    )


class SSEDecoder:
    """Splits a server-sent-events byte stream into the data of each event."""

    __slots__ = ("_buffer", "_data")

    def __init__(self) -> None:
        self._buffer = b""
        self._data: list[bytes] = []

    def feed(self, chunk: bytes) -> list[bytes]:
        """Takes the next bytes; returns the data of every event they complete."""
        buffer = self._buffer + chunk if self._buffer else chunk
        events: list[bytes] = []
        start = 0
        while True:
            end = buffer.find(b"\n", start)
            if end < 0:
                break
            line = buffer[start:end]
            start = end + 1
            if line.endswith(b"\r"):
                line = line[:-1]
            if not line:
                if self._data:
                    events.append(b"\n".join(self._data))
                    self._data = []
            elif line.startswith(b"data:"):
                value = line[5:]
                self._data.append(value[1:] if value.startswith(b" ") else value)
            # Comments (":…"), "event:", "id:" and "retry:" lines carry nothing we use.
        self._buffer = buffer[start:]
        return events

    def close(self) -> list[bytes]:
        """The data of an event left unterminated when the stream ended."""
        if self._buffer.startswith(b"data:"):
            self.feed(b"\n")
        events = [b"\n".join(self._data)] if self._data else []
        self._data = []
        return events


class StreamAssembler:
    """Builds one reply from streamed ``chat.completion.chunk`` events."""

    __slots__ = (
        "_content",
        "_logprobs",
        "_reasoning",
        "_tools",
        "done",
        "finish_reason",
        "model",
        "usage",
    )

    def __init__(self) -> None:
        self._content: list[str] = []
        # None until a chunk carries logprobs: a server that gives none leaves the reply
        # without them, not with an empty list.
        self._logprobs: list[dict[str, Any]] | None = None
        self._reasoning: list[str] = []
        self._tools: dict[int, dict[str, Any]] = {}
        self.done = False
        self.finish_reason: str | None = None
        self.model: str | None = None
        self.usage: dict[str, int] = {}

    def feed(self, data: bytes) -> None:
        """Takes the data of one event.

        Raises:
            AttemptFailure: the event is not JSON ("cut_stream") or carries an error.
        """
        if self.done:
            return
        if data == b"[DONE]":
            self.done = True
            return
        try:
            chunk = json.loads(data)
        except ValueError:
            raise AttemptFailure(
                "cut_stream", True, detail="a piece of the stream was not valid JSON"
            ) from None
        if not isinstance(chunk, dict):
            raise AttemptFailure("cut_stream", True, detail="a piece of the stream was not valid")
        if "error" in chunk:
            raise AttemptFailure("server", True, detail=server_detail(data))
        model = chunk.get("model")
        if model and isinstance(model, str):
            self.model = model
        usage = chunk.get("usage")
        if usage:
            self.usage = _usage(usage)
        choices = chunk.get("choices")
        if not choices or not isinstance(choices, list):
            return
        choice = choices[0]
        if not isinstance(choice, dict):
            return
        delta = choice.get("delta")
        if isinstance(delta, dict):
            piece = delta.get("content")
            if piece:
                self._content.append(_text(piece))
            thought = delta.get("reasoning_content") or delta.get("reasoning")
            if thought and isinstance(thought, str):
                self._reasoning.append(thought)
            calls = delta.get("tool_calls")
            if calls and isinstance(calls, list):
                self._add_tool_calls(calls)
        tokens = _token_logprobs(choice)
        if tokens is not None:
            if self._logprobs is None:
                self._logprobs = []
            self._logprobs.extend(tokens)
        reason = choice.get("finish_reason")
        if reason and isinstance(reason, str):
            self.finish_reason = reason

    def _add_tool_calls(self, calls: list[Any]) -> None:
        for call in calls:
            if not isinstance(call, dict):
                continue
            index = call.get("index")
            if not isinstance(index, int):
                index = self._index_without_number(call.get("id"))
            tool = self._tools.get(index)
            if tool is None:
                tool = {"id": "", "type": "function", "function": {"name": "", "arguments": ""}}
                self._tools[index] = tool
            if call.get("id"):
                tool["id"] = call["id"]
            if call.get("type"):
                tool["type"] = call["type"]
            function = call.get("function")
            if isinstance(function, dict):
                name = function.get("name")
                # Some servers send the name once, others repeat it whole in every piece.
                if name and name != tool["function"]["name"]:
                    tool["function"]["name"] += name
                arguments = function.get("arguments")
                if arguments:
                    tool["function"]["arguments"] += arguments

    def _index_without_number(self, call_id: Any) -> int:
        # A server that leaves out "index": a new id starts a new call; anything else
        # continues the last one.
        if not self._tools:
            return 0
        if call_id:
            for index, tool in self._tools.items():
                if tool["id"] == call_id:
                    return index
            return max(self._tools) + 1
        return max(self._tools)

    @property
    def complete(self) -> bool:
        """Whether the stream ended properly ([DONE] or a finish reason was seen)."""
        return self.done or self.finish_reason is not None

    def reply(self) -> ChatReply:
        """The assembled reply."""
        tools = [self._tools[index] for index in sorted(self._tools)] or None
        return make_reply(
            "".join(self._content),
            "".join(self._reasoning) or None,
            tools,
            self.finish_reason,
            self.model,
            self.usage,
            self._logprobs,
        )
