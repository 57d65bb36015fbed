"""A rendered prompt: what one judge would be sent for one row."""

from __future__ import annotations

from dataclasses import dataclass, replace

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

    def in_user_message(self) -> JudgePrompt:
        """The same request for a model that takes no system message: the system prompt
        goes first in the user message, a blank line before the rendered template."""
        if not self.system:
            return self
        return replace(self, system="", user=f"{self.system}\n\n{self.user}")

    def messages(self) -> list[dict[str, str]]:
        """The chat messages of the request."""
        messages = [{"role": "system", "content": self.system}] if self.system else []
        messages.append({"role": "user", "content": self.user})
        return messages
