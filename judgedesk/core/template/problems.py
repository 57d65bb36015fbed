"""What templates read and how their failures are explained: positions and plain words."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from jinja2 import TemplateSyntaxError, nodes
from jinja2.exceptions import SecurityError, TemplateError


@dataclass(frozen=True)
class TemplateIssue:
    """Something wrong or worth noticing in a template or one of its renders.

    Attributes:
        kind: "syntax", "undefined", "none", "empty", "security", "limit" (the render
            was stopped: it asked for too much work or time) or "error".
        severity: "error" (no prompt can be made) or "warning" (a prompt was made).
        message: what happened, in plain words.
        line: 1-based line in the template source, when known.
        column: 1-based column of the place to underline, when known.
        length: how many characters to underline (0 when unknown).
        name: the variable concerned, e.g. "data.gt".
    """

    kind: str
    severity: str
    message: str
    line: int | None = None
    column: int | None = None
    length: int = 0
    name: str | None = None

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line else ""
        return f"{where}{self.message}"


@dataclass(frozen=True)
class VariableUse:
    """One place where a template reads a variable, e.g. ``data.question`` on line 4."""

    path: str
    line: int
    column: int | None
    length: int


# --- static analysis ---------------------------------------------------------------


def path_of(node: nodes.Node) -> str | None:
    parts: list[str] = []
    while True:
        if isinstance(node, nodes.Getattr):
            parts.append(node.attr)
            node = node.node
        elif isinstance(node, nodes.Getitem) and isinstance(node.arg, nodes.Const):
            parts.append(str(node.arg.value))
            node = node.node
        elif isinstance(node, nodes.Name):
            parts.append(node.name)
            return ".".join(reversed(parts))
        else:
            return None


def walk(tree: nodes.Node) -> Iterator[nodes.Node]:
    """Every node below ``tree`` in source order, as ``find_all`` gives them, but faster."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        children = list(node.iter_child_nodes())
        children.reverse()
        stack.extend(children)


def collect_uses(tree: nodes.Template, source: str) -> Iterator[VariableUse]:
    lines = source.splitlines()
    taken: set[int] = set()
    for node in walk(tree):
        if not isinstance(node, nodes.Getattr | nodes.Getitem | nodes.Name) or id(node) in taken:
            continue
        path = path_of(node)
        if path is None:
            continue
        # Mark the inner nodes of this chain so only the longest path is kept.
        inner: nodes.Node = node
        while isinstance(inner, nodes.Getattr | nodes.Getitem):
            inner = inner.node
            taken.add(id(inner))
        if isinstance(node, nodes.Name) and node.ctx != "load":
            continue
        column, length = locate(lines, node.lineno, path)
        yield VariableUse(path, node.lineno, column, length)


def locate(lines: list[str], line: int, path: str) -> tuple[int | None, int]:
    if not 0 < line <= len(lines):
        return None, 0
    parts = [re.escape(p) for p in path.split(".")]
    pattern = parts[0] + "".join(
        rf"(?:\s*\.\s*{p}|\s*\[\s*['\"]?{p}['\"]?\s*\])" for p in parts[1:]
    )
    match = re.search(rf"(?<![\w.]){pattern}(?!\w)", lines[line - 1])
    if match is None:
        return None, 0
    return match.start() + 1, match.end() - match.start()


# --- explaining failures -------------------------------------------------------------


def syntax_issue(exc: TemplateSyntaxError, source: str) -> TemplateIssue:
    line = exc.lineno or 1
    lines = source.splitlines()
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    column: int | None = None
    token = re.search(r"unexpected '([^']+)'", exc.message or "")
    if token and token.group(1) in text:
        opener = max(text.find("{{"), text.find("{%"), 0)
        found = text.find(token.group(1), opener)
        column = (found if found >= 0 else text.find(token.group(1))) + 1
    if column is None:
        starts = [m.start() for m in re.finditer(r"\{\{|\{%|\{#", text)]
        column = (starts[-1] + 1) if starts else 1
    return TemplateIssue(
        "syntax",
        "error",
        f"Template syntax error: {_plain_syntax_message(exc.message or '')}",
        line,
        column,
        max(1, len(text) - column + 1) if text else 1,
    )


def _plain_syntax_message(message: str) -> str:
    hints = {
        "unexpected end of template": (
            "a block is not closed — every {% if %} needs {% endif %} and every "
            "{% for %} needs {% endfor %}"
        ),
        "expected token 'end of print statement'": (
            "something after the variable is not understood — close it with }}"
        ),
        "No filter named": "that filter does not exist",
    }
    for key, hint in hints.items():
        if key.lower() in message.lower():
            return f"{hint} ({message})"
    return message


def security_issue(exc: SecurityError, source: str) -> TemplateIssue:
    attribute = re.search(r"attribute '([^']+)'", str(exc))
    name = attribute.group(1) if attribute else None
    line, column = None, None
    if name:
        for number, text in enumerate(source.splitlines(), start=1):
            if name in text:
                line, column = number, text.find(name) + 1
                break
    return TemplateIssue(
        "security",
        "error",
        f"The template tried to reach '{name or 'a Python internal'}', which is not allowed: "
        "templates may read the row's fields and the project's variables, not Python's "
        "internals.",
        line,
        column,
        len(name) if name else 0,
        name,
    )


def render_error(exc: BaseException, source: str) -> TemplateIssue:
    line = _error_line(exc)
    return TemplateIssue(
        "error",
        "error",
        f"The template failed on this row: {type(exc).__name__}: {exc}",
        line,
    )


def limit_issue(exc: TemplateError, cause: BaseException | None = None) -> TemplateIssue:
    """A render stopped by a limit: the line where it was, and why, in plain words."""
    line = getattr(exc, "line", None) or _error_line(cause or exc)
    return TemplateIssue("limit", "error", exc.message or str(exc), line)


def _error_line(exc: BaseException) -> int | None:
    tb = exc.__traceback__
    line: int | None = getattr(exc, "lineno", None)
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == "<template>":
            line = tb.tb_lineno
        tb = tb.tb_next
    return line
