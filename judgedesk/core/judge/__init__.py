"""Judge: from a prompt to a verdict.

A judge's settings (:class:`JudgeSettings`), the request it is sent for a row, the
clients that call an OpenAI-compatible endpoint (keys, presets, retries, streaming) or
compute a metric with no model, and the readers that take a verdict out of a reply
(``parsers``) and combine several judges' verdicts. Imports the template stage.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judgedesk.core import lazy_exports

if TYPE_CHECKING:
    from judgedesk.core.judge.base import ERROR_KINDS as ERROR_KINDS
    from judgedesk.core.judge.base import ChatReply as ChatReply
    from judgedesk.core.judge.base import ChatRequest as ChatRequest
    from judgedesk.core.judge.base import ClientStats as ClientStats
    from judgedesk.core.judge.base import JudgeCallError as JudgeCallError
    from judgedesk.core.judge.base import ModelList as ModelList
    from judgedesk.core.judge.keys import resolve_api_key as resolve_api_key
    from judgedesk.core.judge.keys import store_api_key as store_api_key
    from judgedesk.core.judge.openai import OpenAIClient as OpenAIClient
    from judgedesk.core.judge.presets import PRESETS as PRESETS
    from judgedesk.core.judge.presets import Preset as Preset
    from judgedesk.core.judge.presets import preset_for_url as preset_for_url
    from judgedesk.core.judge.request import PromptSource as PromptSource
    from judgedesk.core.judge.request import judge_template as judge_template
    from judgedesk.core.judge.request import render_prompt as render_prompt
    from judgedesk.core.judge.settings import KEY_REFERENCE as KEY_REFERENCE
    from judgedesk.core.judge.settings import JudgeSettings as JudgeSettings

# Imported on first use, so that importing one module of this stage does not import
# all of them: a command starts with only what it uses (``judgedesk render`` loads no
# HTTP client), the window shows before what it needs later is loaded.
_WHERE = {
    "ChatReply": "base",
    "ChatRequest": "base",
    "ClientStats": "base",
    "ERROR_KINDS": "base",
    "JudgeCallError": "base",
    "ModelList": "base",
    "resolve_api_key": "keys",
    "store_api_key": "keys",
    "OpenAIClient": "openai",
    "PRESETS": "presets",
    "Preset": "presets",
    "preset_for_url": "presets",
    "PromptSource": "request",
    "judge_template": "request",
    "render_prompt": "request",
    "JudgeSettings": "settings",
    "KEY_REFERENCE": "settings",
}

__all__ = sorted(_WHERE)


__getattr__ = lazy_exports(__name__, _WHERE)
