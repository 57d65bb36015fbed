"""Judge: from a prompt to a verdict.

A judge's settings (:class:`JudgeSettings`), the request it is sent for a row, the
clients that call an OpenAI-compatible endpoint (keys, presets, retries, streaming) or
compute a metric with no model, and the readers that take a verdict out of a reply
(``parsers``) and combine several judges' verdicts. Imports the template stage.
"""

from __future__ import annotations

from judgedesk.core.judge.base import (
    ERROR_KINDS,
    ChatReply,
    ChatRequest,
    ClientStats,
    JudgeCallError,
    ModelList,
)
from judgedesk.core.judge.keys import resolve_api_key, store_api_key
from judgedesk.core.judge.openai import OpenAIClient
from judgedesk.core.judge.presets import PRESETS, Preset, preset_for_url
from judgedesk.core.judge.request import PromptSource, judge_template, render_prompt
from judgedesk.core.judge.settings import KEY_REFERENCE, JudgeSettings

__all__ = [
    "ERROR_KINDS",
    "KEY_REFERENCE",
    "PRESETS",
    "ChatReply",
    "ChatRequest",
    "ClientStats",
    "JudgeCallError",
    "JudgeSettings",
    "ModelList",
    "OpenAIClient",
    "Preset",
    "PromptSource",
    "judge_template",
    "preset_for_url",
    "render_prompt",
    "resolve_api_key",
    "store_api_key",
]
