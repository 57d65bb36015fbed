"""Judge clients: calling OpenAI-compatible chat endpoints, keys, and endpoint presets."""

from __future__ import annotations

from judgedesk.core.judges.base import (
    ERROR_KINDS,
    ChatReply,
    ChatRequest,
    ClientStats,
    JudgeCallError,
    ModelList,
)
from judgedesk.core.judges.keys import resolve_api_key, store_api_key
from judgedesk.core.judges.openai import OpenAIClient
from judgedesk.core.judges.presets import PRESETS, Preset, preset_for_url

__all__ = [
    "ERROR_KINDS",
    "PRESETS",
    "ChatReply",
    "ChatRequest",
    "ClientStats",
    "JudgeCallError",
    "ModelList",
    "OpenAIClient",
    "Preset",
    "preset_for_url",
    "resolve_api_key",
    "store_api_key",
]
