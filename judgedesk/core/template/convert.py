"""Convert prompts written with other placeholder styles (``{$name}``, ``{name}``) to Jinja2."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from judgedesk.core.dataset import decode_file_bytes
from judgedesk.core.errors import JudgeDeskError, TemplateError
from judgedesk.core.template.render import RESERVED_NAMES

MAX_PROMPT_BYTES = 2 * 1024 * 1024
"""A prompt file larger than this is surely not a prompt (a dataset chosen by mistake)."""

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

# Names a template can read without a project variable (answer, question, …).
_PROVIDED = frozenset(RESERVED_NAMES) | frozenset(KNOWN_NAMES)

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


@dataclass(frozen=True)
class ImportNote:
    """Something in a conversion worth a look before using it.

    Attributes:
        kind: "variable" (a name that is neither a field nor a known name, so it reads a
            project variable the project lacks), "field" (a name that is a field of the
            dataset and also a usual name for something else), "other-style" (a
            placeholder of the other style, left as text), "literal" (``{{``, ``{%`` or
            ``{#`` kept as plain text) or "nothing" (no placeholder found).
        line: 1-based line of the original text (0 for the whole text).
        text: the placeholder or characters concerned.
        expression: what the placeholder became (for "variable" and "field").
        message: the note in words.
    """

    kind: str
    line: int
    text: str
    expression: str
    message: str


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


def review_conversion(
    original: str,
    conversion: Conversion,
    *,
    fields: Iterable[str] = (),
    variables: Iterable[str] = (),
) -> list[ImportNote]:
    """What a person should check in a conversion: names that may be meant otherwise.

    Args:
        original: the text that was converted.
        conversion: what :func:`convert_placeholders` made of it.
        fields: the dataset's field names (as given to the conversion).
        variables: the project's variable names.
    """
    if conversion.style == "jinja":
        message = (
            "No {$name} or {name} placeholders were found, so the text is used as it is "
            "(it may already be a Jinja2 template)."
        )
        return [ImportNote("nothing", 0, "", "", message)]
    field_names, variable_names = set(fields), set(variables)
    notes: list[ImportNote] = []
    seen: set[str] = set()
    for found in conversion.replacements:
        name = _placeholder_name(found.original)
        if found.original in seen:
            continue
        seen.add(found.original)
        usual = KNOWN_NAMES.get(name, found.expression)
        # ref_answer is the row's reference either way; response is not response.content.
        if name in field_names and usual not in (found.expression, name):
            notes.append(
                ImportNote(
                    "field",
                    found.line,
                    found.original,
                    found.expression,
                    f"{found.original} became {found.expression}, the dataset's field "
                    f"“{name}”. If it meant {KNOWN_NAMES[name]}, write that instead.",
                )
            )
        elif found.expression == name and name not in variable_names | _PROVIDED:
            notes.append(
                ImportNote(
                    "variable",
                    found.line,
                    found.original,
                    name,
                    f"{found.original} is neither a field of the dataset nor a known name, so "
                    f"it reads the project variable “{name}”, which the project does not "
                    "have yet.",
                )
            )
    other = _BRACE if conversion.style == "dollar" else _DOLLAR
    for match in other.finditer(original):
        line = original.count("\n", 0, match.start()) + 1
        notes.append(
            ImportNote(
                "other-style",
                line,
                match.group(0),
                "",
                f"{match.group(0)} was left as text, as the prompt uses the other placeholder "
                "style. If it is a placeholder too, write it as {{ name }}.",
            )
        )
    for match in _JINJA_OPENERS.finditer(original):
        line = original.count("\n", 0, match.start()) + 1
        notes.append(
            ImportNote(
                "literal",
                line,
                match.group(0),
                "",
                f"“{match.group(0)}” is kept as plain text, not read as Jinja2.",
            )
        )
    return sorted(notes, key=lambda note: note.line)


def _placeholder_name(placeholder: str) -> str:
    return placeholder.strip("{}").lstrip("$")


def read_prompt_file(path: Path) -> str:
    """Read a prompt to import: UTF-8, UTF-16 or GBK text, line ends made ``\\n``.

    Raises:
        TemplateError: the file is missing, unreadable, too large or not text.
    """
    try:
        size = path.stat().st_size
        if size > MAX_PROMPT_BYTES:
            raise TemplateError(
                f"{path.name} is {size / 1024 / 1024:.1f} MB, too large for a prompt. "
                "Choose the text file that holds the prompt itself."
            )
        data = path.read_bytes()
    except FileNotFoundError:
        raise TemplateError(f"{path} does not exist. Choose another file.") from None
    except OSError as exc:
        raise TemplateError(f"{path.name} cannot be read: {exc.strerror or exc}.") from None
    try:
        text = decode_file_bytes(data, path.name).text
    except JudgeDeskError as exc:
        raise TemplateError(str(exc)) from None
    if any(ord(c) < 32 and c not in "\t\n\r\f" for c in text[:4096]):
        raise TemplateError(f"{path.name} is not a text file. Choose the file of the prompt.")
    return text.replace("\r\n", "\n").replace("\r", "\n")
