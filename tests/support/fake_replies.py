"""What the fake OpenAI server answers: completions, streamed chunks and token counts."""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable
from typing import Any

_WORDS = re.compile(r"\S+\s*|\s+")


def _words(value: Any) -> int:
    if isinstance(value, str):
        return len(value.split())
    if isinstance(value, list):
        return sum(_words(part.get("text") if isinstance(part, dict) else part) for part in value)
    return 0


def _pieces(text: str, count: int) -> list[str]:
    """``text`` cut at word boundaries into at most ``count`` pieces that join back exactly."""
    words = _WORDS.findall(text)
    if not words:
        return []
    size = max(1, -(-len(words) // count))
    return ["".join(words[i : i + size]) for i in range(0, len(words), size)]


def usage_of(request: dict[str, Any], answer: dict[str, Any]) -> dict[str, int]:
    """Token counts, one token a word."""
    prompt = sum(_words(m.get("content")) for m in request["messages"] if isinstance(m, dict))
    completion = _words(answer.get("content")) + _words(
        answer.get("reasoning_content") or answer.get("reasoning")
    )
    return {
        "prompt_tokens": prompt,
        "completion_tokens": completion,
        "total_tokens": prompt + completion,
    }


def _tool_calls(answer: dict[str, Any]) -> list[dict[str, Any]]:
    calls = []
    for index, call in enumerate(answer.get("tool_calls") or []):
        function = call.get("function") or {}
        calls.append(
            {
                "id": call.get("id") or f"call_{index}",
                "type": "function",
                "function": {
                    "name": function.get("name", ""),
                    "arguments": function.get("arguments", ""),
                },
            }
        )
    return calls


def completion(
    request: dict[str, Any], answer: dict[str, Any], usage: dict[str, int] | None
) -> dict[str, Any]:
    """A ``chat.completion`` body; without ``usage`` when it is None."""
    calls = _tool_calls(answer)
    message: dict[str, Any] = {"role": "assistant", "content": answer.get("content")}
    if calls:
        message["tool_calls"] = calls
    for name in ("reasoning_content", "reasoning"):
        if answer.get(name):
            message[name] = answer[name]
    choice: dict[str, Any] = {
        "index": 0,
        "message": message,
        "finish_reason": answer.get("finish_reason") or ("tool_calls" if calls else "stop"),
    }
    tokens = recorded_logprobs(request, answer)
    if tokens is not None:
        choice["logprobs"] = {"content": tokens}
    body = {
        "id": f"chatcmpl-{id(answer):x}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": request.get("model"),
        "choices": [choice],
    }
    if usage is not None:
        body["usage"] = usage
    return body


def recorded_logprobs(
    request: dict[str, Any], answer: dict[str, Any]
) -> list[dict[str, Any]] | None:
    """The answer's recorded tokens (``answer["logprobs"]``, as OpenAI gives
    ``choices[0].logprobs.content``) when the request asked for them, else None."""
    tokens = answer.get("logprobs")
    if not request.get("logprobs") or tokens is None:
        return None
    return list(tokens)


def with_recorded_logprobs(text: str, verdict: str = "7") -> dict[str, Any]:
    """``text`` as a reply whose tokens carry log-probabilities: a token a word (and the
    verdict ``[[n]]`` as "[[", n, "]]"), with the scale's ten scores as the verdict's
    alternatives (``verdict`` the likeliest), as a server asked for ``top_logprobs``
    gives them."""
    tokens: list[dict[str, Any]] = []

    def token(text: str, logprob: float, top: list[dict[str, Any]]) -> None:
        tokens.append(
            {
                "token": text,
                "logprob": logprob,
                "bytes": list(text.encode()),
                "top_logprobs": top or [{"token": text, "logprob": logprob}],
            }
        )

    head, marker, tail = text.rpartition(f"[[{verdict}]]")
    for piece in _spaced_words(head if marker else text):
        token(piece, -0.05, [])
    if marker:
        token("[[", -0.01, [])
        chances = {str(n): (0.6 if str(n) == verdict else 0.4 / 9) for n in range(1, 11)}
        top = [{"token": t, "logprob": math.log(p)} for t, p in chances.items()]
        token(verdict, math.log(chances[verdict]), top)
        token("]]", -0.01, [])
        for piece in _spaced_words(tail):
            token(piece, -0.05, [])
    return {"content": text, "logprobs": tokens}


def _spaced_words(text: str) -> list[str]:
    """``text`` cut into words, each with the spaces after it: they join back to it."""
    return [piece for piece in re.findall(r"\s*\S*\s*", text) if piece]


def stream_events(
    request: dict[str, Any], answer: dict[str, Any], usage: dict[str, int] | None
) -> list[dict[str, Any]]:
    """The ``chat.completion.chunk`` events of a streamed reply, [DONE] not included; the
    usage chunk comes last when ``include_usage`` was asked and ``usage`` is given."""
    base = {
        "id": f"chatcmpl-{id(answer):x}",
        "object": "chat.completion.chunk",
        "created": int(time.time()),
        "model": request.get("model"),
    }

    def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
        choice = {"index": 0, "delta": delta, "finish_reason": finish}
        return {**base, "choices": [choice]}

    calls = _tool_calls(answer)
    events: list[dict[str, Any]] = [chunk({"role": "assistant", "content": ""})]
    for name in ("reasoning_content", "reasoning"):
        for piece in _pieces(answer.get(name) or "", 3):
            events.append(chunk({name: piece}))
    tokens = recorded_logprobs(request, answer)
    if tokens is not None:
        # One chunk per token, as servers stream them, each with its own logprobs.
        for token in tokens:
            event = chunk({"content": token["token"]})
            event["choices"][0]["logprobs"] = {"content": [token]}
            events.append(event)
    else:
        for piece in _pieces(answer.get("content") or "", 4):
            events.append(chunk({"content": piece}))
    for index, call in enumerate(calls):
        start = {**call, "index": index, "function": {**call["function"], "arguments": ""}}
        events.append(chunk({"tool_calls": [start]}))
        for piece in _pieces(call["function"]["arguments"], 2):
            events.append(
                chunk({"tool_calls": [{"index": index, "function": {"arguments": piece}}]})
            )
    finish = answer.get("finish_reason") or ("tool_calls" if calls else "stop")
    events.append(chunk({}, finish))
    if usage and (request.get("stream_options") or {}).get("include_usage"):
        events.append({**base, "choices": [], "usage": usage})
    return events


def requested_schema(request: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """The dialect and JSON schema a request asks its reply in, or None."""
    asked = request.get("response_format")
    if isinstance(asked, dict):
        if asked.get("type") == "json_schema" and isinstance(asked.get("json_schema"), dict):
            return "json_schema", asked["json_schema"].get("schema") or {}
        if asked.get("type") == "json_object" and isinstance(asked.get("schema"), dict):
            return "json_object", asked["schema"]
    if isinstance(request.get("format"), dict):
        return "format", request["format"]
    return None


def fill_schema(schema: dict[str, Any], pick: Callable[[list[Any]], Any] | None = None) -> Any:
    """A value that fits ``schema``: ``pick`` chooses among an enum (default: its last)."""
    pick = pick or (lambda values: values[-1])
    if "enum" in schema:
        return pick(list(schema["enum"]))
    kind = schema.get("type")
    if kind == "object":
        value = {
            name: fill_schema(part, pick) for name, part in schema.get("properties", {}).items()
        }
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict):  # free keys: a model names two of them
            value |= {f"aspect {n}": fill_schema(extra, pick) for n in (1, 2)}
        return value
    if kind in ("integer", "number"):
        return schema.get("maximum", 7)
    if kind == "boolean":
        return True
    return "The answer covers the main point and leaves out a detail."
