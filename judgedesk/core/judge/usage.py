"""Token counts for a reply whose server did not give them, estimated from the text."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable
from typing import Any

from judgedesk.core.judge.base import ChatReply
from judgedesk.core.template import estimate_tokens

# Chat formats wrap each message in a few tokens of their own (role, separators).
TOKENS_PER_MESSAGE = 4


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(
            str(part.get("text") or "") if isinstance(part, dict) else str(part) for part in content
        )
    return ""


def prompt_estimate(messages: Iterable[Any]) -> int:
    """About how many tokens the messages of a request are."""
    total = 0
    for message in messages:
        if isinstance(message, dict):
            total += TOKENS_PER_MESSAGE + estimate_tokens(_text(message.get("content")))
    return total


def with_usage(reply: ChatReply, messages: Iterable[Any]) -> ChatReply:
    """The reply with token counts: the server's when it gave both, else an estimate."""
    usage = reply.usage
    if "prompt_tokens" in usage and "completion_tokens" in usage:
        return reply
    answer = reply.content + (reply.reasoning_content or "")
    if reply.tool_calls:
        answer += json.dumps(reply.tool_calls, ensure_ascii=False)
    prompt = prompt_estimate(messages)
    completion = estimate_tokens(answer)
    estimated = {
        "prompt_tokens": prompt,
        "completion_tokens": completion,
        "total_tokens": prompt + completion,
    }
    return dataclasses.replace(reply, usage=estimated, usage_estimated=True)
