"""Column mappings: which field of a row plays which role (question, reference, response…)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from judgedesk.core.errors import DatasetError

ROLES: tuple[str, ...] = (
    "question",
    "reference",
    "response",
    "reasoning",
    "id",
    "human",
    "response_a",
    "response_b",
    "category",
)

REVIEWER_PREFIX = "human."
"""A role ``human.NAME`` names a column holding the verdicts of one reviewer, NAME; the
``human`` role is this person's labels."""


def reviewer_columns(mapping: Mapping[str, str]) -> dict[str, str]:
    """Reviewer name → column, for the ``human.NAME`` roles of a mapping."""
    return {
        role.removeprefix(REVIEWER_PREFIX): column
        for role, column in mapping.items()
        if role.startswith(REVIEWER_PREFIX) and column
    }


# Common column names for each role, best guess first. Matching ignores case.
_CANDIDATES: dict[str, tuple[str, ...]] = {
    "question": ("question", "problem", "prompt", "query", "instruction", "input"),
    "reference": (
        "ref_answer",
        "reference",
        "answer",
        "gold",
        "target",
        "expected",
        "expected_output",
        "label",
    ),
    "response": (
        "response",
        "prediction",
        "output",
        "completion",
        "model_output",
        "generated",
        "generation",
    ),
    "reasoning": ("reasoning_content", "reasoning", "thinking"),
    "id": ("id", "uid", "qid", "sample_id", "_id", "idx"),
    "human": ("human", "human_label", "human_score", "rating_human"),
    "response_a": ("response_a", "answer_a", "output_a", "completion_a", "prediction_a"),
    "response_b": ("response_b", "answer_b", "output_b", "completion_b", "prediction_b"),
    "category": ("category", "type", "task", "domain"),
}

# Chats carry their own question and reference answer (see derive_chat_fields), so
# guessing a column for those would only override the better source.
_CHAT_DERIVED_ROLES = frozenset({"question", "reference"})

MISSING: Any = object()
"""Returned by :func:`lookup` when the record has no such field."""


def suggest_mapping(fields: Iterable[str]) -> dict[str, str]:
    """Guesses which column plays which role from the usual column names.

    Exact names win over the last part of a dotted name (``meta.category``); one column
    never gets two roles. When the rows are chats (a ``messages`` field), no question or
    reference column is suggested because those come from the chat itself.

    Args:
        fields: Field names, as returned by ``Dataset.fields()``.

    Returns:
        A mapping from role to column name; roles without a likely column are left out.
    """
    names = list(dict.fromkeys(fields))
    lowered = {name: name.lower() for name in names}
    is_chat = any(low == "messages" for low in lowered.values())
    used: set[str] = set()
    mapping: dict[str, str] = {}
    for role, candidates in _CANDIDATES.items():
        if is_chat and role in _CHAT_DERIVED_ROLES:
            continue
        found = _best_column(names, lowered, candidates, used)
        if found is not None:
            mapping[role] = found
            used.add(found)
    return mapping


def _best_column(
    names: list[str], lowered: dict[str, str], candidates: tuple[str, ...], used: set[str]
) -> str | None:
    for candidate in candidates:
        for name in names:
            if name not in used and lowered[name] == candidate:
                return name
    for candidate in candidates:
        for name in names:
            if name not in used and "." in name and lowered[name].rsplit(".", 1)[1] == candidate:
                return name
    return None


def clean_mapping(mapping: Mapping[str, str] | None) -> dict[str, str]:
    """Checks a role→column mapping and drops roles left blank.

    Raises:
        DatasetError: A role is not one of :data:`ROLES` or a column name is not text.
    """
    if not mapping:
        return {}
    cleaned: dict[str, str] = {}
    for role, column in mapping.items():
        reviewer = role.startswith(REVIEWER_PREFIX) and role.removeprefix(REVIEWER_PREFIX).strip()
        if role not in ROLES and not reviewer:
            raise DatasetError(
                f"The column mapping names a role '{role}' that JudgeDesk does not know. "
                f"Use one of: {', '.join(ROLES)}, or human.NAME for a reviewer's labels."
            )
        if column is None or column == "":
            continue
        if not isinstance(column, str):
            raise DatasetError(
                f"The column mapping for '{role}' should be a column name, not {column!r}."
            )
        cleaned[role] = column
    return cleaned


def lookup(record: Mapping[str, Any], column: str) -> Any:
    """Returns the value of ``column`` in ``record``, or :data:`MISSING`.

    A name with dots (``meta.category``) reaches into nested objects, but an exact
    top-level name wins, since spreadsheet headers may contain dots themselves.
    """
    if column in record:
        return record[column]
    if "." not in column:
        return MISSING
    value: Any = record
    for part in column.split("."):
        if not isinstance(value, Mapping) or part not in value:
            return MISSING
        value = value[part]
    return value
