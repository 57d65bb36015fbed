"""A rendered prompt: what one judge would be sent for one row."""

from __future__ import annotations

from dataclasses import dataclass

from judgedesk.core.template.problems import TemplateIssue


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
