"""Why a row fails, and the chat a candidate or baseline model is sent for a row."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from judgedesk.core.dataset import Row
from judgedesk.core.errors import JudgeDeskError, ProjectError
from judgedesk.core.judge import JudgeSettings
from judgedesk.core.project import Project
from judgedesk.core.run.details import FailureDetail
from judgedesk.core.template import (
    RENDER_SECONDS,
    CompiledTemplate,
    TemplateIssue,
    build_context,
    compile_template,
)


class RowFailed(JudgeDeskError):
    """A step failed for this row; ``kind`` names the step and the cause for counting."""

    def __init__(self, kind: str, message: str, detail: FailureDetail | None = None):
        super().__init__(message)
        self.kind = kind
        self.detail: FailureDetail = detail.copy() if detail else {}


@dataclass(frozen=True)
class Asking:
    """How a candidate or baseline model is asked each row: made once, used per row.

    Attributes:
        system: the model's system prompt ("" for none).
        system_role: False when the model takes no system message: the system prompt
            then goes first in the user message.
        template: the model's own prompt template, compiled; None asks the row's chat or
            question as it is.
        variables: the project's variables, which the prompt template sees.
        render_seconds: how long rendering the prompt template for one row may take.
    """

    system: str = ""
    system_role: bool = True
    template: CompiledTemplate | None = None
    variables: Mapping[str, Any] = field(default_factory=dict)
    render_seconds: float = RENDER_SECONDS

    @classmethod
    def of(cls, project: Project | None, model: JudgeSettings) -> Asking:
        """How ``model`` is asked in ``project`` (its prompt template read and compiled).

        Raises:
            ProjectError: the prompt template cannot be read or does not compile (every
                row would fail the same way).
        """
        template = None
        if model.prompt_template and project is not None:
            template = compile_template(project.read_prompt_template(model))
            if not template.ok:
                raise ProjectError(_not_rendered(model, template.issues))
        return cls(
            model.system_prompt,
            model.system_role,
            template,
            dict(project.variables) if project is not None else {},
            project.run.render_seconds if project is not None else RENDER_SECONDS,
        )

    def messages(self, row: Row, data: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The chat the model is sent for ``row``: its prompt template rendered for the
        row, else the row's chat (without its final answer) or question.

        Raises:
            RowFailed: the row has neither a chat nor a question, or the prompt template
                could not be rendered for it.
        """
        if self.template is not None:
            context = build_context(data, {}, variables=self.variables)
            result = self.template.render(context, seconds=self.render_seconds)
            if not result.ok:
                raise RowFailed("candidate", _not_rendered(None, result.issues, row.index))
            chat = [{"role": "user", "content": result.text}]
        else:
            chat = _row_chat(row, data)
        if not self.system:
            return chat
        if any(m.get("role") == "system" for m in chat):
            return chat  # the row's own chat sets it
        if not self.system_role:
            first = chat[0]
            return [
                {**first, "content": f"{self.system}\n\n{first.get('content') or ''}"},
                *chat[1:],
            ]
        return [{"role": "system", "content": self.system}, *chat]


def _row_chat(row: Row, data: Mapping[str, Any]) -> list[dict[str, Any]]:
    messages = data.get("messages")
    chat: list[dict[str, Any]]
    if isinstance(messages, list) and messages:
        chat = [dict(m) for m in messages if isinstance(m, Mapping)]
        if chat and chat[-1].get("role") == "assistant":
            chat = chat[:-1]  # the final assistant turn is the reference, not a prompt
    elif data.get("question") is not None:
        chat = [{"role": "user", "content": str(data["question"])}]
    else:
        raise RowFailed("candidate", f"Row {row.index} has no question to ask the candidate.")
    return chat


def _not_rendered(
    model: JudgeSettings | None, issues: Sequence[TemplateIssue], row: int | None = None
) -> str:
    error = next((i for i in issues if i.severity == "error"), None)
    why = error.message if error is not None else "it gave no prompt"
    at = f" (line {error.line})" if error is not None and error.line else ""
    who = f"The prompt template of the {model.name} model" if model else "The prompt template"
    for_row = f" for row {row}" if row is not None else ""
    return f"{who} could not be rendered{for_row}{at}: {why}. Fix it in the template file."
