"""Project variables: their kinds, values typed as text, names, and what a template needs."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.template.render import RESERVED_NAMES, compile_template

__all__ = [
    "KINDS",
    "TemplateNeeds",
    "VariableError",
    "check_name",
    "convert_kind",
    "format_value",
    "kind_of",
    "new_name",
    "parse_value",
    "renamed",
    "template_needs",
]

KINDS: tuple[str, ...] = ("text", "number", "boolean")
"""The kinds of value a person can give a variable (TOML's string, number, boolean)."""

_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_TRUE = frozenset({"true", "yes", "on", "1", "是", "对", "真"})
_FALSE = frozenset({"false", "no", "off", "0", "否", "错", "假"})


class VariableError(JudgeDeskError):
    """A variable's name or value cannot be used; the message says what to type instead.

    Attributes:
        code: what is wrong, for an interface that words it in its own language:
            "not-number", "not-boolean", "no-name", "bad-name", "reserved", "taken".
        subject: the text or name concerned.
    """

    def __init__(self, message: str, code: str = "", subject: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.subject = subject


def kind_of(value: object) -> str:
    """ "text", "number", "boolean", or "other" (a list or table written in the file by hand)."""
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "text"
    return "other"


def format_value(value: object) -> str:
    """A value as a person would type it: 10, 0.5, true, the text itself."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float | str):
        return str(value)
    return json.dumps(value, ensure_ascii=False, default=str)


def parse_value(text: str, kind: str) -> str | int | float | bool:
    """Read what a person typed as a value of ``kind``: numbers stay numbers, text text.

    Raises:
        VariableError: the text is not a number (or true/false) where one is needed.
    """
    if kind == "text":
        return text
    typed = text.strip()
    if kind == "number":
        try:
            return int(typed)
        except ValueError:
            pass
        try:
            number = float(typed)
        except ValueError:
            number = math.nan
        if math.isfinite(number):
            return number
        raise VariableError(
            f"“{text}” is not a number. Type a number such as 10 or 0.5, "
            "or make the variable text.",
            "not-number",
            text,
        )
    if kind == "boolean":
        if typed.lower() in _TRUE:
            return True
        if typed.lower() in _FALSE:
            return False
        raise VariableError(
            f"“{text}” is neither true nor false. Type true or false.", "not-boolean", text
        )
    raise ValueError(f"unknown variable kind {kind!r}")


def convert_kind(value: object, kind: str) -> str | int | float | bool:
    """The value as a value of another kind: 10 → "10", "7" → 7, 1 → true.

    Raises:
        VariableError: the value cannot be read as that kind ("ten" as a number).
    """
    current = kind_of(value)
    if current == kind and isinstance(value, str | int | float | bool):
        return value
    if kind == "text":
        return format_value(value)
    if kind == "number" and isinstance(value, bool):
        return int(value)
    if kind == "boolean" and current == "number" and isinstance(value, int | float):
        return bool(value)
    return parse_value(format_value(value), kind)


def check_name(name: str, taken: Iterable[str] = ()) -> str:
    """Return ``name`` without surrounding spaces, or say why it cannot name a variable.

    Raises:
        VariableError: empty, not a name templates can write, a name templates already
            use for the row, or the name of another variable.
    """
    name = name.strip()
    if not name:
        raise VariableError("A variable needs a name, such as max_score.", "no-name")
    if not _NAME.match(name):
        raise VariableError(
            f"“{name}” cannot name a variable: use letters, digits and _ only, not starting "
            "with a digit (for example max_score).",
            "bad-name",
            name,
        )
    if name in RESERVED_NAMES:
        raise VariableError(
            f"“{name}” is a name templates already use for the row. Choose another name.",
            "reserved",
            name,
        )
    if name in set(taken):
        raise VariableError(
            f"There is already a variable called “{name}”. Choose another name.", "taken", name
        )
    return name


def new_name(taken: Iterable[str], base: str = "variable") -> str:
    """A name no variable has yet: ``variable``, ``variable_2``, …"""
    used = set(taken)
    if base not in used:
        return base
    number = 2
    while f"{base}_{number}" in used:
        number += 1
    return f"{base}_{number}"


def renamed(variables: Mapping[str, Any], old: str, new: str) -> dict[str, Any]:
    """The variables with ``old`` called ``new``, in the same place in the order."""
    return {(new if name == old else name): value for name, value in variables.items()}


@dataclass(frozen=True)
class TemplateNeeds:
    """What a template reads, and what of it a project does not have.

    Attributes:
        row_values: paths read from the row (``data.question``, ``response.content``, …).
        variables: the project variables it reads, in the order of ``defaults`` first.
        missing: variables it reads that the project lacks, with their default values
            ("" for a name without a default).
    """

    row_values: tuple[str, ...] = ()
    variables: tuple[str, ...] = ()
    missing: dict[str, object] = field(default_factory=dict)


def template_needs(
    source: str,
    project_variables: Mapping[str, Any],
    defaults: Mapping[str, object] | None = None,
) -> TemplateNeeds:
    """List what ``source`` reads and which project variables it would lack.

    Args:
        source: the template text; one that does not compile reads nothing.
        project_variables: the project's variables now.
        defaults: values to offer for variables the project lacks (a built-in
            template's own), others are offered as empty text.
    """
    compiled = compile_template(source)
    known = dict(defaults or {})
    reserved = set(RESERVED_NAMES)
    # Examples are rows people reviewed, given by the run: not a value of the row judged.
    of_the_row = reserved - {"examples"}
    row_values = tuple(p for p in compiled.paths() if p.split(".")[0] in of_the_row)
    reads = [n for n in compiled.variables() if n not in reserved]
    ordered = [n for n in known if n in reads] + [n for n in reads if n not in known]
    missing = {n: known.get(n, "") for n in ordered if n not in project_variables}
    return TemplateNeeds(row_values, tuple(ordered), missing)
