"""Scoring-prompt templates: sandboxed Jinja2 rendering with issues a person can act on."""

from __future__ import annotations

import contextvars
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from jinja2 import ChainableUndefined, TemplateSyntaxError
from jinja2.exceptions import SecurityError, TemplateError

from judgedesk.core.template import guard, limits
from judgedesk.core.template.compile import TEXTS, NameTrackingGenerator, TemplateCompiler
from judgedesk.core.template.context import ResponseRecord, build_context
from judgedesk.core.template.limits import RENDER_SECONDS, RenderLimitError
from judgedesk.core.template.problems import (
    TemplateIssue,
    VariableUse,
    limit_issue,
    render_error,
    security_issue,
    syntax_issue,
)
from judgedesk.core.template.sandbox import BoundedEnvironment

__all__ = [
    "RESERVED_NAMES",
    "CompiledTemplate",
    "RenderResult",
    "TemplateIssue",
    "VariableUse",
    "build_context",
    "compile_template",
    "render_template",
]

# Names the renderer always provides; project variables may not take them.
RESERVED_NAMES = (
    "data",
    "response",
    "preprocess_result",
    "question",
    "ref_answer",
    "answer",
    "history",
    "response_a",
    "response_b",
    "examples",
)


@dataclass(frozen=True)
class RenderResult:
    """The rendered prompt for one row, with everything noticed on the way."""

    text: str
    issues: tuple[TemplateIssue, ...] = ()

    @property
    def ok(self) -> bool:
        """True when a prompt was produced (warnings allowed)."""
        return not any(i.severity == "error" for i in self.issues)

    @property
    def errors(self) -> tuple[TemplateIssue, ...]:
        """The issues that stopped the render."""
        return tuple(i for i in self.issues if i.severity == "error")


# What the current render has noticed; a context variable so that renders in
# worker threads never mix their findings.
_findings: contextvars.ContextVar[list[tuple[str, int | None, str | None]] | None] = (
    contextvars.ContextVar("judgedesk_template_findings", default=None)
)


def _note(kind: str, name: str | None) -> None:
    found = _findings.get()
    if found is not None:
        found.append((kind, limits.template_line(), name))


class _NotingUndefined(ChainableUndefined):
    """An undefined value that renders as empty and notes where it was printed."""

    __slots__ = ()

    def _refuse_if_unsafe(self) -> None:
        # The sandbox answers a forbidden attribute with an undefined that carries a
        # SecurityError; being chainable must not turn that refusal into silence.
        if self._undefined_exception is SecurityError:
            self._fail_with_undefined_error()

    def __getattr__(self, name: str) -> Any:
        self._refuse_if_unsafe()
        return super().__getattr__(name)

    def __getitem__(self, name: str) -> Any:
        self._refuse_if_unsafe()
        return super().__getitem__(name)

    def __str__(self) -> str:
        self._refuse_if_unsafe()
        _note("undefined", self._undefined_name)
        return ""

    def __iter__(self) -> Iterator[Any]:
        self._refuse_if_unsafe()
        _note("undefined", self._undefined_name)
        return iter(())

    def __bool__(self) -> bool:
        self._refuse_if_unsafe()
        return False


_ITEM = (str, int, float)  # bool is an int


def _is_plain_list(value: Any) -> bool:
    """A list of plain values, such as a checklist: printed one item per line."""
    return isinstance(value, list | tuple) and all(isinstance(item, _ITEM) for item in value)


def _finalize(value: Any) -> Any:
    if isinstance(value, ResponseRecord):  # an answer printed whole shows its text
        value = None if value.get("content") is None else str(value)
    # None would print as "None"; a person expects a missing value to be empty.
    if value is None:
        _note("none", None)
        return ""
    if not isinstance(value, str):
        # Sized first: a list too long to print is refused before its items are read.
        size = limits.weight(value)
        limits.check_text(size, "a value printed whole")
        if not _is_plain_list(value):
            limits.wrote(size)
            return value
        # A prompt wants the items, not Python's ['…', '…']: one per line, as the
        # platforms whose prompts are imported print a list. Only what ``{{ }}`` prints
        # changes; loops and filters still get the list itself.
        value = "\n".join(str(item) for item in value)
    if not value:
        _note("empty", None)
    limits.wrote(len(value))
    return value


def _make_environment() -> BoundedEnvironment:
    env = BoundedEnvironment(
        undefined=_NotingUndefined,
        finalize=_finalize,
        autoescape=False,
        keep_trailing_newline=False,
    )
    env.code_generator_class = NameTrackingGenerator
    return env


ENVIRONMENT = _make_environment()


@dataclass
class CompiledTemplate:
    """A template compiled once and rendered for many rows.

    Attributes:
        source: the template text.
        issues: problems found when compiling (a syntax error makes every render fail).
        uses: every place a variable is read, in source order.
    """

    source: str
    issues: tuple[TemplateIssue, ...] = ()
    uses: tuple[VariableUse, ...] = ()
    _template: Any = field(default=None, repr=False)
    _top_names: frozenset[str] = field(default=frozenset(), repr=False)
    # The plain-text pieces, when the compiled code is shared with sources of the same
    # shape, and where that code's lines are in this source (see template_compile).
    _texts: tuple[str, ...] | None = field(default=None, repr=False)
    _line_map: Mapping[int, int] = field(default_factory=dict, repr=False)
    # Whether its tags might run away (see ``risk``): then it renders in the guard.
    _guarded: bool = field(default=False, repr=False)

    @property
    def ok(self) -> bool:
        """True when the template compiled."""
        return self._template is not None

    def variables(self) -> list[str]:
        """Return the top-level names the template reads from its context, sorted."""
        return sorted(self._top_names)

    def paths(self) -> list[str]:
        """Return every distinct dotted variable path the template reads, sorted."""
        return sorted({u.path for u in self.uses if u.path.split(".")[0] in self._top_names})

    @property
    def guarded(self) -> bool:
        """True when it renders in a guarded worker process (its tags might run away)."""
        return self._guarded

    def render(
        self, context: Mapping[str, Any], *, seconds: float = RENDER_SECONDS
    ) -> RenderResult:
        """Render for one row's context; never raises for template or data problems.

        Args:
            context: what the template sees (see ``build_context``).
            seconds: how long the render may take; a render that asks for more time or
                more work than :mod:`judgedesk.core.template.limits` allows is stopped
                and gives an issue of kind "limit" with its line. A template that might
                run away renders in a worker process killed when it overruns (see
                :mod:`judgedesk.core.template.guard`).
        """
        if self._guarded and self._template is not None:
            outcome = guard.GUARD.render(self.source, context, seconds)
            if outcome is not None:
                return RenderResult(*outcome)
        return self.render_here(context, seconds=seconds)

    async def render_async(
        self, context: Mapping[str, Any], *, seconds: float = RENDER_SECONDS
    ) -> RenderResult:
        """``render`` for an event loop: a guarded render leaves the loop free, and
        cancelling it stops the render at once."""
        if self._guarded and self._template is not None:
            outcome = await guard.GUARD.render_async(self.source, context, seconds)
            if outcome is not None:
                return RenderResult(*outcome)
        return self.render_here(context, seconds=seconds)

    def render_here(
        self, context: Mapping[str, Any], *, seconds: float = RENDER_SECONDS
    ) -> RenderResult:
        """``render`` in this process, under the sandbox's limits only."""
        if self._template is None:
            return RenderResult("", self.issues)
        findings: list[tuple[str, int | None, str | None]] = []
        if self._texts is not None:
            context = {**context, TEXTS: self._texts}
        token = _findings.set(findings)
        budget = limits.start(seconds)
        try:
            text = self._template.render(context)
            if len(text) > limits.TEXT_CHARS:
                raise limits.too_long_output()
        except RenderLimitError as exc:
            return RenderResult("", (self._moved(limit_issue(exc)),))
        except RecursionError as exc:  # deeper than the call hooks count (e.g. filters)
            return RenderResult("", (self._moved(limit_issue(limits.too_deep(), exc)),))
        except SecurityError as exc:
            return RenderResult("", (security_issue(exc, self.source),))
        except MemoryError:  # in a worker, past its ceiling
            return RenderResult("", (guard.memory_issue(),))
        except Exception as exc:  # a filter or method failed on this row's data
            return RenderResult("", (self._moved(render_error(exc, self.source)),))
        finally:
            limits.finish(budget)
            _findings.reset(token)
        if self._line_map:
            findings = [(k, self._line_map.get(n, n) if n else n, v) for k, n, v in findings]
        return RenderResult(text, self._explain(findings, context))

    def _moved(self, issue: TemplateIssue) -> TemplateIssue:
        """The issue with its line in this source (the compiled code may be shared)."""
        if issue.line is None or issue.line not in self._line_map:
            return issue
        return replace(issue, line=self._line_map[issue.line])

    def _explain(
        self, findings: list[tuple[str, int | None, str | None]], context: Mapping[str, Any]
    ) -> tuple[TemplateIssue, ...]:
        issues: list[TemplateIssue] = []
        seen: set[tuple[str, int | None, str | None]] = set()
        for kind, line, name in findings:
            for issue in self._issues_for(kind, line, name, context):
                key = (issue.kind, issue.line, issue.name)
                if key not in seen:
                    seen.add(key)
                    issues.append(issue)
        return tuple(issues)

    def _issues_for(
        self, kind: str, line: int | None, name: str | None, context: Mapping[str, Any]
    ) -> list[TemplateIssue]:
        on_line = [u for u in self.uses if u.line == line]
        if kind == "undefined":
            path = _missing_path(on_line, name, context)
            use = next((u for u in on_line if u.path.startswith(path or "\0")), None)
            label = path or name or "a variable"
            return [
                TemplateIssue(
                    "undefined",
                    "warning",
                    f"'{label}' is not defined for this row, so it prints as nothing. "
                    "Check the spelling against the dataset's fields, or define it as a "
                    "project variable.",
                    line,
                    use.column if use else None,
                    len(label) if use else 0,
                    label,
                )
            ]
        found = [u for u in on_line if _is_blank(_resolve(context, u.path), kind)]
        if not found:
            word = "has no value (None)" if kind == "none" else "is empty"
            return [TemplateIssue(kind, "warning", f"a value on this line {word}.", line)]
        word = "has no value (None) for this row" if kind == "none" else "is empty for this row"
        return [
            TemplateIssue(
                kind,
                "warning",
                f"'{u.path}' {word}, so it prints as nothing.",
                line,
                u.column,
                u.length,
                u.path,
            )
            for u in found
        ]


_MISSING = object()


def _is_blank(value: Any, kind: str) -> bool:
    if isinstance(value, ResponseRecord):
        value = None if value.get("content") is None else str(value)
    if _is_plain_list(value):  # printed as its lines, so blank when they all are
        return kind == "empty" and all(item == "" for item in value)
    return value is None if kind == "none" else (isinstance(value, str) and value == "")


def _resolve(context: Mapping[str, Any], path: str) -> Any:
    value: Any = context
    for part in path.split("."):
        if isinstance(value, Mapping) and part in value:
            value = value[part]
        elif isinstance(value, list | tuple) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return _MISSING
    return value


def _missing_path(
    uses: list[VariableUse], name: str | None, context: Mapping[str, Any]
) -> str | None:
    """Find the shortest prefix of a variable path on the line that cannot be resolved."""
    for use in uses:
        parts = use.path.split(".")
        for end in range(1, len(parts) + 1):
            prefix = ".".join(parts[:end])
            if _resolve(context, prefix) is _MISSING:
                if name is None or parts[end - 1] == name:
                    return prefix
                break
    return name


def compile_template(source: str) -> CompiledTemplate:
    """Compile a template once; syntax problems become issues, not exceptions."""
    return _compile_cached(source)


_COMPILER = TemplateCompiler(ENVIRONMENT)


@lru_cache(maxsize=64)
def _compile_cached(source: str) -> CompiledTemplate:
    try:
        found = _COMPILER.compile(source)
    except TemplateSyntaxError as exc:
        return CompiledTemplate(source, (syntax_issue(exc, source),))
    except TemplateError as exc:
        return CompiledTemplate(source, (render_error(exc, source),))
    return CompiledTemplate(
        source,
        (),
        found.uses,
        found.template,
        found.names,
        found.texts,
        found.line_map,
        found.risky,
    )


def render_template(
    source: str, context: Mapping[str, Any], *, seconds: float = RENDER_SECONDS
) -> RenderResult:
    """Compile (cached) and render a template in one call (``seconds``: its time limit)."""
    return compile_template(source).render(context, seconds=seconds)
