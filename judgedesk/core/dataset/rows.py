"""Turning one record of a dataset into a Row: ``data`` and ``response`` as templates see them.

Precedence, highest first (an explicit mapping always beats a conventional name):

- ``question``: mapped column → last ``user`` message → a ``question`` field → None
- ``gt``: last message when it is the assistant's → a ``gt`` field → None
- ``history``: the other chat messages, one ``[ROLE] text`` line each → a ``history``
  field → None
- ``ref_answer``: mapped "reference" column → a ``ref_answer`` field → None
- ``response``: mapped column → a ``response`` field → ``{"content": None, …}``;
  a mapped "reasoning" column fills ``response["reasoning_content"]``
- ``id``: mapped column → an ``id`` field → the row's position
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from judgedesk.core.dataset.mapping import MISSING, lookup

DERIVED_FIELDS: tuple[str, ...] = ("question", "gt", "history", "ref_answer")

_ROLE_LABELS = {
    "system": "SYSTEM",
    "user": "USER",
    "assistant": "BOT",
    "tool": "TOOL",
    "function": "TOOL",
}
_TEXT_PARTS = frozenset({"text", "input_text", "output_text"})
_PART_MARKERS = {
    "image_url": "[image]",
    "image": "[image]",
    "input_image": "[image]",
    "audio": "[audio]",
    "input_audio": "[audio]",
    "video": "[video]",
    "video_url": "[video]",
    "file": "[file]",
    "input_file": "[file]",
}
_RESPONSE_KEYS = ("content", "reasoning_content", "tool_calls")
# Roles that hold a second (or third) model answer and so look like ``response``.
_RESPONSE_LIKE_ROLES = ("response_a", "response_b")
_DATA_ROLES = ("human", "category")


@dataclass(frozen=True)
class Row:
    """One item of an evaluation set, as templates and scripts see it.

    Attributes:
        index: 0-based position among the rows that could be read; the stable identity
            results are stored under.
        id: The row's own id (mapped column or ``id`` field), else ``str(index)``.
        line: 1-based line where the record starts in the file (sheet row for XLSX).
        record: The record as read, top-level fields. Shared with the dataset's cache:
            read it, do not change it (``data`` is the copy meant for changing).
        mapping: The role→column mapping the row was built with.
    """

    index: int
    id: str
    line: int | None
    record: Mapping[str, Any]
    mapping: Mapping[str, str] = field(default_factory=dict)

    @property
    def data(self) -> dict[str, Any]:
        """Every field plus ``question``, ``gt``, ``history``, ``ref_answer`` and mapped
        roles; a fresh deep copy on every access, so scripts may change it freely."""
        return copy_dict(self._derived[0])

    @property
    def response(self) -> dict[str, Any]:
        """The answer under evaluation: ``content``, ``reasoning_content``,
        ``tool_calls`` (None when absent) and any other field; a fresh deep copy."""
        return copy_dict(self._derived[1])

    @cached_property
    def _derived(self) -> tuple[dict[str, Any], dict[str, Any]]:
        return derive_data(self.record, self.mapping), derive_response(self.record, self.mapping)


def build_row(
    record: Mapping[str, Any],
    index: int,
    mapping: Mapping[str, str] | None = None,
    line: int | None = None,
) -> Row:
    """Builds the Row for one record.

    Args:
        record: The record's top-level fields.
        index: Its 0-based position among the readable rows.
        mapping: Which column plays which role (see ``ROLES``); None for none.
        line: Where the record starts in the file, for messages.

    Returns:
        The row; its ``data`` and ``response`` are derived on first use.
    """
    mapping = dict(mapping or {})
    row_id: Any = MISSING
    if "id" in mapping:
        row_id = lookup(record, mapping["id"])
    if row_id is MISSING or row_id is None or row_id == "":
        row_id = record.get("id")
    if row_id is None or row_id == "" or row_id is MISSING:
        row_id = index
    return Row(index=index, id=str(row_id), line=line, record=record, mapping=mapping)


def derive_data(record: Mapping[str, Any], mapping: Mapping[str, str]) -> dict[str, Any]:
    """Builds the ``data`` dict for a record (see the module docstring for the rules)."""
    data: dict[str, Any] = dict(record)
    derived: dict[str, Any] = {}
    messages = record.get("messages")
    if isinstance(messages, list):
        question, gt, history = derive_chat_fields(messages)
        derived.update(question=question, gt=gt, history=history)
    if "question" in mapping:
        value = lookup(record, mapping["question"])
        if value is not MISSING:
            derived["question"] = value
    if "reference" in mapping:
        value = lookup(record, mapping["reference"])
        if value is not MISSING:
            derived["ref_answer"] = value
    for name in DERIVED_FIELDS:
        value = derived.get(name)
        # A derived None must not hide the record's own field of the same name.
        if value is not None:
            data[name] = value
        else:
            data.setdefault(name, None)
    for role in _DATA_ROLES + _RESPONSE_LIKE_ROLES:
        if role not in mapping:
            continue
        value = lookup(record, mapping[role])
        if value is MISSING:
            data.setdefault(role, None)
        elif role in _RESPONSE_LIKE_ROLES:
            data[role] = normalize_response(value)
        else:
            data[role] = value
    return data


def data_field(record: Mapping[str, Any], mapping: Mapping[str, str], column: str) -> Any:
    """``lookup(derive_data(record, mapping), column)``, without deriving the whole row."""
    return field_reader(mapping, column)(record)


def field_reader(mapping: Mapping[str, str], column: str) -> Callable[[Mapping[str, Any]], Any]:
    """What reads ``column`` of a record's data as :func:`data_field` does, record after
    record (a report reads one field, the category, of every row).

    Most fields are the record's own, untouched by :func:`derive_data`, and a mapped
    ``category`` or ``human`` column is one lookup.
    """
    head = column.split(".", 1)[0]
    touched = [*DERIVED_FIELDS, *(r for r in _DATA_ROLES + _RESPONSE_LIKE_ROLES if r in mapping)]
    if column not in touched and head not in touched:
        if "." not in column:
            return lambda record: record.get(column, MISSING)
        return lambda record: lookup(record, column)
    if column in _DATA_ROLES and column in mapping and column not in DERIVED_FIELDS:
        source = mapping[column]

        def role(record: Mapping[str, Any]) -> Any:
            value = lookup(record, source)
            # derive_data keeps the record's own field of that name when the column is missing.
            return record.get(column) if value is MISSING else value

        return role
    return lambda record: lookup(derive_data(record, mapping), column)


def derive_response(record: Mapping[str, Any], mapping: Mapping[str, str]) -> dict[str, Any]:
    """Builds the ``response`` dict for a record (see the module docstring for the rules)."""
    value: Any = MISSING
    if "response" in mapping:
        value = lookup(record, mapping["response"])
    if value is MISSING:
        value = record.get("response")
    response = normalize_response(value)
    if "reasoning" in mapping:
        reasoning = lookup(record, mapping["reasoning"])
        if reasoning is not MISSING:
            response["reasoning_content"] = reasoning
    return response


def normalize_response(value: Any) -> dict[str, Any]:
    """Shapes a model answer as a dict with at least content/reasoning_content/tool_calls.

    An object is kept whole (a full chat-completion object is unwrapped to its first
    message); text or any other value becomes the content.
    """
    if isinstance(value, Mapping):
        message = _completion_message(value)
        response = dict(message if message is not None else value)
    elif value is MISSING:
        response = {}
    else:
        response = {"content": value}
    for key in _RESPONSE_KEYS:
        response.setdefault(key, None)
    return response


def _completion_message(value: Mapping[str, Any]) -> Mapping[str, Any] | None:
    # Datasets saved straight from an API call hold {"choices": [{"message": {...}}]}.
    if "content" in value:
        return None
    choices = value.get("choices")
    if isinstance(choices, list) and choices and isinstance(choices[0], Mapping):
        message = choices[0].get("message")
        if isinstance(message, Mapping):
            return message
    return None


def derive_chat_fields(
    messages: Sequence[Any],
) -> tuple[str | None, str | None, str | None]:
    """Splits a chat into the question, the reference answer and the history before it.

    Args:
        messages: OpenAI-style messages (``{"role": ..., "content": ...}``); entries that
            are not objects are ignored.

    Returns:
        ``(question, gt, history)``: the text of the last ``user`` message (None if there
        is none); the text of the last message when it is the assistant's (else None);
        every other message rendered by :func:`render_history` (None if none is left).
    """
    if isinstance(messages, str | bytes):
        return None, None, None
    chat = [m for m in messages if isinstance(m, Mapping)]
    gt_at: int | None = None
    if chat and chat[-1].get("role") == "assistant":
        gt_at = len(chat) - 1
    question_at: int | None = None
    for position in range(len(chat) - 1, -1, -1):
        if chat[position].get("role") == "user":
            question_at = position
            break
    question = message_text(chat[question_at]) if question_at is not None else None
    gt = message_text(chat[gt_at]) if gt_at is not None else None
    rest = [m for i, m in enumerate(chat) if i != question_at and i != gt_at]
    return question, gt, render_history(rest)


def render_history(messages: Sequence[Mapping[str, Any]]) -> str | None:
    """Renders messages one per line as ``[SYSTEM] …``, ``[USER] …``, ``[BOT] …``, ``[TOOL] …``.

    Other roles are shown upper-cased. Multi-line contents are kept as they are.

    Returns:
        The rendered text, or None when there is no message.
    """
    lines = []
    for message in messages:
        if not isinstance(message, Mapping):
            continue
        label = role_label(message.get("role"))
        text = message_text(message)
        lines.append(f"[{label}] {text}" if text else f"[{label}]")
    return "\n".join(lines) if lines else None


def role_label(role: Any) -> str:
    """The tag a role gets in a rendered history (``assistant`` → ``BOT``)."""
    if not role:
        return "UNKNOWN"
    text = str(role)
    return _ROLE_LABELS.get(text.lower(), text.upper())


def message_text(message: Mapping[str, Any]) -> str:
    """The readable text of one message, with tool calls described briefly."""
    text = content_text(message.get("content"))
    calls = describe_tool_calls(message)
    if calls:
        text = f"{text} {calls}" if text.strip() else calls
    return text


def content_text(content: Any) -> str:
    """Flattens message content: text parts joined by new lines, others as ``[image]`` etc."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, Mapping):
        return content_text([content])
    if isinstance(content, list):
        return "\n".join(_part_text(part) for part in content if part is not None)
    return str(content)


def _part_text(part: Any) -> str:
    if isinstance(part, str):
        return part
    if not isinstance(part, Mapping):
        return str(part)
    kind = part.get("type")
    if kind in _TEXT_PARTS or (kind is None and "text" in part):
        return str(part.get("text") or "")
    if kind == "refusal":
        return str(part.get("refusal") or "")
    if isinstance(kind, str) and kind in _PART_MARKERS:
        return _PART_MARKERS[kind]
    return f"[{kind}]" if kind else "[attachment]"


def describe_tool_calls(message: Mapping[str, Any]) -> str:
    """Describes the tool calls a message makes, e.g. ``(calls get_weather {"city": "Paris"})``.

    Returns:
        The description, or an empty string when the message calls nothing.
    """
    calls: list[Any] = []
    tool_calls = message.get("tool_calls")
    if isinstance(tool_calls, list):
        calls.extend(tool_calls)
    legacy = message.get("function_call")
    if isinstance(legacy, Mapping):
        calls.append({"function": legacy})
    described = [_describe_call(call) for call in calls if isinstance(call, Mapping)]
    return f"(calls {'; '.join(described)})" if described else ""


def _describe_call(call: Mapping[str, Any]) -> str:
    function = call.get("function")
    target: Mapping[str, Any] = function if isinstance(function, Mapping) else call
    name = str(target.get("name") or "a tool")
    arguments = target.get("arguments")
    if arguments is None or arguments == "":
        return name
    if not isinstance(arguments, str):
        arguments = json.dumps(arguments, ensure_ascii=False)
    return f"{name} {arguments.strip()}"


def nested_deeper_than(value: Any, limit: int) -> bool:
    """Whether lists and dicts inside ``value`` go more than ``limit`` levels deep.

    Iterative, so that it can look at data too deep for the recursive helpers here.
    """
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth >= limit:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return False


def copy_dict(value: Mapping[str, Any]) -> dict[str, Any]:
    """Deep-copies a JSON-like mapping into a new dict."""
    return {key: copy_json(item) for key, item in value.items()}


def copy_json(value: Any) -> Any:
    """Deep-copies JSON-like data quickly (dicts and lists; scalars are shared)."""
    if isinstance(value, dict):
        return {key: copy_json(item) for key, item in value.items()}
    if isinstance(value, list):
        return [copy_json(item) for item in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return copy.deepcopy(value)
