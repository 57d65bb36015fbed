"""Why a row fails, and the chat a candidate or baseline model is sent for a row."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judgedesk.core.dataset import Row
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.run.details import FailureDetail


class RowFailed(JudgeDeskError):
    """A step failed for this row; ``kind`` names the step and the cause for counting."""

    def __init__(self, kind: str, message: str, detail: FailureDetail | None = None):
        super().__init__(message)
        self.kind = kind
        self.detail: FailureDetail = detail.copy() if detail else {}


def candidate_messages(row: Row, data: Mapping[str, Any], system: str) -> list[dict[str, Any]]:
    """The chat a candidate or baseline model is sent for a row: its question or chat.

    Raises:
        RowFailed: the row has neither a chat nor a question.
    """
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
    if system and not any(m.get("role") == "system" for m in chat):
        chat.insert(0, {"role": "system", "content": system})
    return chat
