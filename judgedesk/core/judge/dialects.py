"""Which way of asking for JSON a server honours: the structured-verdict dialect probe.

Servers take a JSON schema in different fields, and many ignore a field they do not know
rather than refuse it. So each dialect is tried with a tiny question whose answer must be
one of two words in a JSON object: a server that refuses (HTTP 400/422) or answers in free
text does not speak it. Test connection runs this once and the judge keeps what it found.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.judge.approvals import approved_key
from judgedesk.core.judge.base import ChatClient, ChatRequest, JudgeCallError
from judgedesk.core.judge.structured import FORMAT_TITLES, FORMATS, structured_params

__all__ = ["FormatFinding", "find_format", "find_format_at"]

_SCHEMA = {
    "type": "object",
    "properties": {"answer": {"type": "string", "enum": ["yes", "no"]}},
    "required": ["answer"],
    "additionalProperties": False,
}
_FATAL = frozenset({"connect", "dns", "tls", "auth", "not_found", "timeout"})
_QUESTION = (
    'Is water wet? Reply with a JSON object of the form {"answer": "yes"} or '
    '{"answer": "no"} and nothing else.'
)


@dataclass(frozen=True)
class FormatFinding:
    """What the probe found.

    Attributes:
        format: the first dialect the server honoured, or None.
        tried: each dialect tried, with what happened ("honoured", "refused: …",
            "ignored": a free-text answer, "failed: …").
        seconds: how long the probe took.
    """

    format: str | None
    tried: list[tuple[str, str]] = field(default_factory=list)
    seconds: float = 0.0

    def describe(self) -> str:
        """One or two sentences for the person testing the judge."""
        if self.format is not None:
            return (
                f"Structured verdicts work here: the server answers in JSON when asked with "
                f"{FORMAT_TITLES[self.format]}."
            )
        tried = "; ".join(f"{FORMAT_TITLES[name]}: {what}" for name, what in self.tried)
        return (
            "This server does not answer in a JSON schema in any way JudgeDesk knows "
            f"({tried}). Verdicts will be read from the judge's free text."
        )


def _honoured(content: str) -> bool:
    text = content.strip().removeprefix("```json").removeprefix("```").removesuffix("```")
    try:
        value = json.loads(text)
    except ValueError:
        return False
    return isinstance(value, dict) and value.get("answer") in ("yes", "no")


async def find_format(client: ChatClient, model: str, *, first: str = "") -> FormatFinding:
    """Tries each dialect on ``client`` (``first`` before the others) until one is honoured.

    Never raises for what the server does; a server that cannot be reached at all stops
    the probe with that failure in ``tried``.
    """
    order = [first] if first in FORMATS else []
    order += [name for name in FORMATS if name not in order]
    started = time.monotonic()
    tried: list[tuple[str, str]] = []
    for name in order:
        params = {"temperature": 0, "max_tokens": 32, **structured_params(name, _SCHEMA)}
        request = ChatRequest([{"role": "user", "content": _QUESTION}], model, params)
        try:
            reply = await client.chat(request)
        except JudgeCallError as exc:
            if exc.kind == "bad_request":
                tried.append((name, f"refused ({exc.status or 'error'})"))
                continue
            tried.append((name, f"failed: {exc}"))
            if exc.kind in _FATAL:  # nothing else will pass either
                break
            continue
        if _honoured(reply.content):
            tried.append((name, "honoured"))
            return FormatFinding(name, tried, time.monotonic() - started)
        tried.append((name, "ignored (answered in free text)"))
    return FormatFinding(None, tried, time.monotonic() - started)


async def find_format_at(
    base_url: str,
    model: str,
    *,
    key_reference: str = "",
    headers: Mapping[str, str] | None = None,
    first: str = "",
    model_file: str | Path = "",
    context_size: int = 4096,
) -> FormatFinding:
    """:func:`find_format` for a judge's settings: an endpoint, or a model file.

    A key not approved for the address is not sent; the finding then says why.
    """
    # The clients are imported when a judge is asked: the window shows without them.
    from judgedesk.core.judge.local_file import LocalFileClient
    from judgedesk.core.judge.openai import OpenAIClient

    client: ChatClient
    if model_file:
        client = LocalFileClient(model_file, context_size=context_size)
        model = Path(model_file).name
    else:
        try:
            key = approved_key(key_reference, base_url)
        except JudgeDeskError as exc:
            return FormatFinding(None, [(first or FORMATS[0], f"failed: {exc}")])
        client = OpenAIClient(base_url, api_key=key, headers=dict(headers or {}), timeout=60)
    try:
        return await find_format(client, model, first=first)
    finally:
        await client.aclose()
