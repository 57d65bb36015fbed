"""Convert prompts written with other placeholder styles (``{$name}``, ``{name}``) to Jinja2."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

# Names other tools use for the same things, mapped to what our templates see.
KNOWN_NAMES: dict[str, str] = {
    "history": "data.history",
    "user_query": "data.question",
    "query": "data.question",
    "question": "data.question",
    "candidate_A": "response_a.content",
    "candidate_B": "response_b.content",
    "prediction": "response.content",
    "response": "response.content",
    "ref_answer": "ref_answer",
}

_DOLLAR = re.compile(r"\{\$([A-Za-z_][A-Za-z0-9_]*)\}")
# A lone identifier in single braces; JSON such as {"a": 1} never matches.
_BRACE = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)\}(?!\})")
_JINJA_OPENERS = re.compile(r"\{\{|\{%|\{#")


@dataclass(frozen=True)
class Replacement:
    """One placeholder that was converted."""

    original: str
    expression: str
    line: int


@dataclass(frozen=True)
class Conversion:
    """The result of converting a prompt: the Jinja2 text and what changed."""

    text: str
    style: str
    replacements: tuple[Replacement, ...]

    @property
    def names(self) -> list[str]:
        """The Jinja2 expressions the converted text reads, in first-use order."""
        return list(dict.fromkeys(r.expression for r in self.replacements))


def detect_style(text: str) -> str:
    """Return "dollar" for ``{$name}``, "brace" for ``{name}``, else "jinja"."""
    if _DOLLAR.search(text):
        return "dollar"
    if _BRACE.search(_JINJA_OPENERS.sub("", text)) and not re.search(r"\{\{.*?\}\}", text):
        return "brace"
    return "jinja"


def convert_placeholders(
    text: str,
    style: str = "auto",
    *,
    fields: Iterable[str] = (),
    rename: Mapping[str, str] | None = None,
) -> Conversion:
    """Turn a prompt with ``{$name}`` or ``{name}`` placeholders into a Jinja2 template.

    Text that Jinja2 would read as its own syntax (``{{``, ``{%``, ``{#``) is kept literal,
    and braces that are not a lone name (JSON examples, for instance) are left alone.

    Args:
        text: the prompt to convert.
        style: "dollar", "brace", "jinja" (nothing to do) or "auto" to detect.
        fields: the dataset's field names; a placeholder naming one becomes ``data.<name>``.
        rename: explicit placeholder → expression choices, taking precedence.

    Returns:
        The converted text with the list of replacements, for a preview.
    """
    if style == "auto":
        style = detect_style(text)
    if style == "jinja":
        return Conversion(text, style, ())
    if style not in ("dollar", "brace"):
        raise ValueError(f"unknown placeholder style {style!r}")
    pattern = _DOLLAR if style == "dollar" else _BRACE
    field_names = set(fields)
    choices = dict(rename or {})
    replacements: list[Replacement] = []
    out: list[str] = []
    position = 0
    for match in pattern.finditer(text):
        out.append(_keep_literal(text[position : match.start()]))
        name = match.group(1)
        expression = choices.get(name) or _expression_for(name, field_names)
        line = text.count("\n", 0, match.start()) + 1
        replacements.append(Replacement(match.group(0), expression, line))
        out.append("{{ " + expression + " }}")
        position = match.end()
    out.append(_keep_literal(text[position:]))
    return Conversion("".join(out), style, tuple(replacements))


def _expression_for(name: str, fields: set[str]) -> str:
    if name in fields:
        return f"data.{name}"
    return KNOWN_NAMES.get(name, name)


def _keep_literal(chunk: str) -> str:
    return _JINJA_OPENERS.sub(lambda m: "{{ '" + m.group(0) + "' }}", chunk)
