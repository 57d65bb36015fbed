"""Template: a judge's scoring prompt, from Jinja2 text to the prompt sent for a row.

A row's ``data`` and ``response`` (from the dataset stage), the preprocess result and the
project's variables make the context; the template is compiled once, rendered in a
sandbox with a bound on its work, and what went wrong is told with line and column.
Answers printed whole show their text. Also here: the live preview, the built-in library
and scene presets, project variables, conversion of prompts written with ``{$name}`` /
``{name}`` placeholders, which two answers a pairwise template compares (so that they can
be exchanged), and a rough token count. Imports only the dataset stage.
"""

from __future__ import annotations

from judgedesk.core.template.preview import PromptPreview, completion_names, preview_prompt
from judgedesk.core.template.prompt import JudgePrompt
from judgedesk.core.template.render import (
    CompiledTemplate,
    TemplateIssue,
    build_context,
    compile_template,
    render_template,
)
from judgedesk.core.template.tokens import estimate_tokens

__all__ = [
    "CompiledTemplate",
    "JudgePrompt",
    "PromptPreview",
    "TemplateIssue",
    "build_context",
    "compile_template",
    "completion_names",
    "estimate_tokens",
    "preview_prompt",
    "render_template",
]
