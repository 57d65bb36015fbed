"""The plain data a judge client takes and gives back: requests, replies, errors, counters."""

from __future__ import annotations

import functools
import hashlib
import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from judgedesk.core.errors import JudgeDeskError

# Fields that only say how the reply travels, not what is asked; left out of cache keys so a
# streamed and a plain call of the same request share one cached answer.
TRANSPORT_FIELDS = frozenset({"stream", "stream_options"})
# Fields a server may refuse to know; the client then sends the request again without them.
OPTIONAL_FIELDS = ("stream_options", "separate_reasoning", "logprobs", "top_logprobs")
# How many alternatives are asked at each token when a judge reads probabilities.
TOP_LOGPROBS = 20

ERROR_KINDS = (
    "connect",
    "dns",
    "tls",
    "timeout",
    "auth",
    "not_found",
    "rate_limited",
    "server",
    "bad_request",
    "bad_reply",
    "cut_stream",
)


# Made once: json.dumps with options builds an encoder on every call.
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)
_COMPACT = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)


def canonical_json(value: Any) -> str:
    """JSON with sorted keys and no spaces, the same text for the same value every time."""
    return _CANONICAL.encode(value)


def normalise_base_url(base_url: str) -> str:
    """The base URL without surrounding spaces or trailing slashes."""
    return base_url.strip().rstrip("/")


@dataclass(frozen=True)
class ChatRequest:
    """One chat-completions call, exactly as it will be sent.

    Attributes:
        messages: OpenAI-style messages (``{"role": …, "content": …}``).
        model: the model name the endpoint knows.
        params: generation parameters (temperature, max_tokens, top_p, …) merged into the
            body; they cannot replace ``model``, ``messages`` or ``stream``.
        stream: ask for a streamed (SSE) reply.
        separate_reasoning: ask the server to give the model's reasoning in a field of
            its own (``reasoning_content``) rather than inside the answer; None sends
            nothing. A ``separate_reasoning`` in ``params`` is sent as written instead.
        logprobs: ask for each token's log-probability and its ``TOP_LOGPROBS`` most
            likely alternatives, to read a verdict's probabilities.
    """

    messages: tuple[dict[str, Any], ...] | list[dict[str, Any]]
    model: str
    params: Mapping[str, Any] = field(default_factory=dict)
    stream: bool = False
    separate_reasoning: bool | None = None
    logprobs: bool = False

    def body(self) -> dict[str, Any]:
        """The JSON body sent to ``/chat/completions``."""
        body = {key: value for key, value in self.params.items() if key not in TRANSPORT_FIELDS}
        body["model"] = self.model
        body["messages"] = list(self.messages)
        body["stream"] = self.stream
        if self.stream:
            body["stream_options"] = {"include_usage": True}
        if self.separate_reasoning is not None:
            body.setdefault("separate_reasoning", self.separate_reasoning)
        if self.logprobs:
            body.setdefault("logprobs", True)
            body.setdefault("top_logprobs", TOP_LOGPROBS)
        return body

    @functools.cached_property
    def body_json(self) -> str:
        """:meth:`body` as compact JSON text (made once: sent, then stored).

        Raises:
            TypeError: a message or parameter is not plain data.
            ValueError: a value refers to itself.
        """
        return _COMPACT.encode(self.body())

    def cache_key(self, base_url: str) -> str:
        """A stable key for this request at this endpoint, the same streamed or not.

        Args:
            base_url: the endpoint; a trailing slash makes no difference.

        The ``separate_reasoning`` setting is left out too: the client takes the
        reasoning out of the answer either way, so the stored reply reads the same, and
        replies stored before the setting existed are still found. Asking for
        probabilities changes the key: a reply stored without them cannot give them.

        Returns:
            The SHA-256 hex digest of the canonical JSON of the endpoint and the body
            without its transport fields.
        """
        # body() without its transport fields and without separate_reasoning set.
        body = {key: value for key, value in self.params.items() if key not in TRANSPORT_FIELDS}
        body["model"] = self.model
        body["messages"] = list(self.messages)
        if self.logprobs:
            body.setdefault("logprobs", True)
            body.setdefault("top_logprobs", TOP_LOGPROBS)
        text = canonical_json({"base_url": normalise_base_url(base_url), "body": body})
        return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class ChatReply:
    """What a judge answered.

    Attributes:
        content: the answer, with any reasoning (``<think>…</think>``) taken out.
        reasoning_content: the judge's reasoning, from the server's own field and/or think
            blocks; None when there is none.
        tool_calls: OpenAI-style tool calls, or None.
        finish_reason: why the model stopped ("stop", "length", "tool_calls", …).
        model: the model name the server reported.
        usage: ``prompt_tokens``, ``completion_tokens``, ``total_tokens`` when the server
            gave them.
        latency: seconds taken by the attempt that succeeded.
        attempts: how many attempts the call took; 1 when no retry was needed.
        usage_estimated: the server gave no token counts, so ``usage`` holds an estimate
            from the text.
        logprobs: the answer's tokens as the server gave them (``choices[0].logprobs
            .content``: ``token``, ``logprob``, ``top_logprobs``), when asked and given.
    """

    content: str
    reasoning_content: str | None = None
    tool_calls: list[dict[str, Any]] | None = None
    finish_reason: str | None = None
    model: str | None = None
    usage: dict[str, int] = field(default_factory=dict)
    latency: float = 0.0
    attempts: int = 1
    usage_estimated: bool = False
    logprobs: list[dict[str, Any]] | None = None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able copy, as the result store keeps it."""
        data: dict[str, Any] = {
            "content": self.content,
            "reasoning_content": self.reasoning_content,
            "tool_calls": self.tool_calls,
            "finish_reason": self.finish_reason,
            "model": self.model,
            "usage": dict(self.usage),
            "latency": self.latency,
            "attempts": self.attempts,
        }
        if self.usage_estimated:
            data["usage_estimated"] = True
        if self.logprobs is not None:
            data["logprobs"] = self.logprobs
        return data

    def timed(self, latency: float, attempts: int) -> ChatReply:
        """This reply with how long its successful attempt took and how many were made."""
        return ChatReply(
            self.content,
            self.reasoning_content,
            self.tool_calls,
            self.finish_reason,
            self.model,
            self.usage,
            latency,
            attempts,
            self.usage_estimated,
            self.logprobs,
        )

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ChatReply:
        """Rebuilds a reply saved with :meth:`to_dict`; missing fields take their defaults."""
        usage = data.get("usage") or {}
        tool_calls = data.get("tool_calls")
        logprobs = data.get("logprobs")
        return cls(
            content=str(data.get("content") or ""),
            reasoning_content=data.get("reasoning_content"),
            tool_calls=list(tool_calls) if tool_calls else None,
            finish_reason=data.get("finish_reason"),
            model=data.get("model"),
            usage={str(key): int(value) for key, value in dict(usage).items()},
            latency=float(data.get("latency") or 0.0),
            attempts=int(data.get("attempts") or 1),
            usage_estimated=bool(data.get("usage_estimated")),
            logprobs=list(logprobs) if isinstance(logprobs, list) else None,
        )


@dataclass(frozen=True)
class ModelList:
    """The models an endpoint offers, and how long it took to ask."""

    models: list[str]
    latency: float


class JudgeCallError(JudgeDeskError):
    """A judge call failed for good (after any retries).

    ``str(error)`` is a sentence for the person using the app, with what to do next.

    Attributes:
        kind: one of ``ERROR_KINDS``: "connect", "dns", "tls", "timeout", "auth",
            "not_found", "rate_limited", "server", "bad_request", "bad_reply", "cut_stream".
        status: the HTTP status when the server answered, else None.
        attempts: how many attempts were made.
        retryable: whether trying again later may work (the retry budget ran out), as
            opposed to a request the server will refuse every time.
    """

    def __init__(
        self,
        kind: str,
        message: str,
        *,
        status: int | None = None,
        attempts: int = 1,
        retryable: bool = False,
    ) -> None:
        super().__init__(message)
        self.kind = kind
        self.status = status
        self.attempts = attempts
        self.retryable = retryable

    def __repr__(self) -> str:
        return (
            f"JudgeCallError(kind={self.kind!r}, status={self.status!r}, "
            f"attempts={self.attempts!r}, message={str(self)!r})"
        )


@dataclass
class ClientStats:
    """Counters a run shows as progress; they only grow, except the concurrency figures.

    Attributes:
        requests_sent: HTTP requests sent for chat calls, retries included.
        replies: chat calls that succeeded.
        retries: attempts repeated after a failure.
        failed_calls: chat calls that gave up.
        failures: calls that gave up, by error kind.
        attempt_errors: every failed attempt, by error kind (retried ones included).
        prompt_tokens: prompt tokens over all replies, as the server reported them or,
            when it did not, as estimated.
        completion_tokens: completion tokens over all replies, likewise.
        estimated_replies: replies whose token counts are estimates.
        in_flight: requests waiting for their reply right now.
        concurrency: how many requests may be in flight now; lowered when the server
            fails under load and raised again after a run of successes.
        concurrency_configured: the judge's own limit.
        concurrency_lowest: the lowest the limit went.
        concurrency_note: why the limit was last lowered, in a sentence; "" if never.
    """

    requests_sent: int = 0
    replies: int = 0
    retries: int = 0
    failed_calls: int = 0
    failures: Counter[str] = field(default_factory=Counter)
    attempt_errors: Counter[str] = field(default_factory=Counter)
    prompt_tokens: int = 0
    completion_tokens: int = 0
    in_flight: int = 0
    estimated_replies: int = 0
    concurrency: int = 0
    concurrency_configured: int = 0
    concurrency_lowest: int = 0
    concurrency_note: str = ""

    def snapshot(self) -> dict[str, Any]:
        """A plain copy of the counters, safe to hand to another thread."""
        return {
            "requests_sent": self.requests_sent,
            "replies": self.replies,
            "retries": self.retries,
            "failed_calls": self.failed_calls,
            "failures": dict(self.failures),
            "attempt_errors": dict(self.attempt_errors),
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "in_flight": self.in_flight,
            "estimated_replies": self.estimated_replies,
            "concurrency": self.concurrency,
            "concurrency_configured": self.concurrency_configured,
            "concurrency_lowest": self.concurrency_lowest,
            "concurrency_note": self.concurrency_note,
        }


class ChatClient(Protocol):
    """What a run needs of a judge's client: an endpoint's or a model file's."""

    base_url: str
    stats: ClientStats

    async def chat(self, request: ChatRequest) -> ChatReply: ...

    async def list_models(self, *, timeout: float | None = None) -> ModelList: ...

    async def server_slots(self, *, timeout: float = 5.0) -> int | None: ...

    def pause(self) -> None: ...

    def resume(self) -> None: ...

    def interrupt(self) -> None: ...

    async def aclose(self) -> None: ...
