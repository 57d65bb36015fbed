"""The request a judge receives for a row: its system prompt and rendered template."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from judgedesk.core.judge.settings import JudgeSettings
from judgedesk.core.template import (
    RENDER_SECONDS,
    CompiledTemplate,
    JudgePrompt,
    build_context,
    compile_template,
)


class PromptSource(Protocol):
    """What a request needs from a project: its variables and its judges' template files."""

    @property
    def variables(self) -> Mapping[str, Any]:
        """The project variables a template may use (``max_score``, ``scene_desc``, …)."""
        ...

    def read_template(self, judge: JudgeSettings) -> str:
        """The text of a judge's template file."""
        ...


def judge_template(project: PromptSource, judge: JudgeSettings) -> CompiledTemplate:
    """Read and compile a judge's template (compilation is cached by text)."""
    return compile_template(project.read_template(judge))


def render_prompt(
    project: PromptSource,
    judge: JudgeSettings,
    data: Mapping[str, Any],
    response: Mapping[str, Any],
    *,
    preprocess_result: Any = None,
    template: CompiledTemplate | None = None,
    render_seconds: float | None = None,
    examples: Sequence[Mapping[str, Any]] = (),
) -> JudgePrompt:
    """Render a judge's request for one row.

    Args:
        project: gives the project variables and the template file.
        judge: the judge.
        data: the row's data (derived fields included).
        response: the evaluated model's output.
        preprocess_result: what the preprocess script returned for the row.
        template: a template compiled beforehand, to compile once per run.
        render_seconds: how long the render may take; None takes the project's
            ``run.render_seconds`` (a render stopped by a limit gives an error issue).
        examples: rows people reviewed that the template shows as ``examples``.
    """
    compiled, context, seconds = _prepare(
        project, judge, data, response, preprocess_result, template, render_seconds, examples
    )
    result = compiled.render(context, seconds=seconds)
    return _as_sent(judge, JudgePrompt(judge.name, judge.system_prompt, result.text, result.issues))


async def render_prompt_async(
    project: PromptSource,
    judge: JudgeSettings,
    data: Mapping[str, Any],
    response: Mapping[str, Any],
    *,
    preprocess_result: Any = None,
    template: CompiledTemplate | None = None,
    render_seconds: float | None = None,
    examples: Sequence[Mapping[str, Any]] = (),
) -> JudgePrompt:
    """``render_prompt`` for a run's event loop: a template rendered in a worker process
    leaves the loop free, and cancelling (Ctrl+C) stops its render at once."""
    compiled, context, seconds = _prepare(
        project, judge, data, response, preprocess_result, template, render_seconds, examples
    )
    result = await compiled.render_async(context, seconds=seconds)
    return _as_sent(judge, JudgePrompt(judge.name, judge.system_prompt, result.text, result.issues))


def _as_sent(judge: JudgeSettings, prompt: JudgePrompt) -> JudgePrompt:
    # A model without a system role reads the system prompt at the top of the user message.
    return prompt if judge.system_role else prompt.in_user_message()


def _prepare(
    project: PromptSource,
    judge: JudgeSettings,
    data: Mapping[str, Any],
    response: Mapping[str, Any],
    preprocess_result: Any,
    template: CompiledTemplate | None,
    render_seconds: float | None,
    examples: Sequence[Mapping[str, Any]],
) -> tuple[CompiledTemplate, dict[str, Any], float]:
    compiled = template or judge_template(project, judge)
    context = build_context(
        data,
        response,
        preprocess_result=preprocess_result,
        variables=project.variables,
        examples=examples,
    )
    if render_seconds is None:
        render_seconds = getattr(getattr(project, "run", None), "render_seconds", RENDER_SECONDS)
    return compiled, context, render_seconds
