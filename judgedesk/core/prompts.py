"""The request a judge receives for a row: its system prompt and rendered template."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from judgedesk.core.project import JudgeSettings, Project
from judgedesk.core.templates import (
    CompiledTemplate,
    TemplateIssue,
    build_context,
    compile_template,
)


@dataclass(frozen=True)
class JudgePrompt:
    """What one judge would be sent for one row.

    Attributes:
        judge: the judge's name.
        system: the system prompt ("" for none).
        user: the rendered template.
        issues: what the render noticed (undefined or empty variables, errors).
    """

    judge: str
    system: str
    user: str
    issues: tuple[TemplateIssue, ...]

    @property
    def ok(self) -> bool:
        """True when the template rendered (warnings allowed)."""
        return not any(i.severity == "error" for i in self.issues)

    def messages(self) -> list[dict[str, str]]:
        """The chat messages of the request."""
        messages = [{"role": "system", "content": self.system}] if self.system else []
        messages.append({"role": "user", "content": self.user})
        return messages


def judge_template(project: Project, judge: JudgeSettings) -> CompiledTemplate:
    """Read and compile a judge's template (compilation is cached by text)."""
    return compile_template(project.read_template(judge))


def render_prompt(
    project: Project,
    judge: JudgeSettings,
    data: Mapping[str, Any],
    response: Mapping[str, Any],
    *,
    preprocess_result: Any = None,
    template: CompiledTemplate | None = None,
) -> JudgePrompt:
    """Render a judge's request for one row.

    Args:
        project: gives the project variables and the template file.
        judge: the judge.
        data: the row's data (derived fields included).
        response: the evaluated model's output.
        preprocess_result: what the preprocess script returned for the row.
        template: a template compiled beforehand, to compile once per run.
    """
    compiled = template or judge_template(project, judge)
    context = build_context(
        data, response, preprocess_result=preprocess_result, variables=project.variables
    )
    result = compiled.render(context)
    return JudgePrompt(judge.name, judge.system_prompt, result.text, result.issues)
