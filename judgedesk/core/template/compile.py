"""Compiling templates fast enough to re-render after every pause in typing.

Compiling a 10 KB template takes Jinja2 tens of milliseconds: parse, generate Python,
compile it. Most keystrokes in a prompt change only its prose, so templates are compiled
by *shape*: the plain-text pieces are taken out of the syntax tree and read from a list
at render time instead. Two sources whose tags are the same (the tokens between
``{{ }}``, ``{% %}`` and their order) share one compiled template; a new source of a
known shape costs a tokenization, not a compile. Lines may move (a new line typed in the
prose): the positions the render reports are carried over to the new source.
"""

from __future__ import annotations

import contextvars
import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from jinja2 import Environment, Template, TemplateSyntaxError, meta, nodes
from jinja2.compiler import CodeGenerator, Frame

from judgedesk.core.template.problems import VariableUse, collect_uses, locate, walk
from judgedesk.core.template.risk import might_run_away

TEXTS = "__judgedesk_texts__"
"""The name the plain-text pieces of a shared compiled template are passed under."""
SHAPES_KEPT = 16
_NEW = object()  # a shape not seen yet
_SEEN = object()  # a shape seen once, compiled whole

# The code generators at work for the compile under way in this thread.
_generators: contextvars.ContextVar[list[NameTrackingGenerator] | None] = contextvars.ContextVar(
    "judgedesk_template_generators", default=None
)


class NameTrackingGenerator(CodeGenerator):
    """Generates a template's code and notes the names it reads from its context.

    ``jinja2.meta.find_undeclared_variables`` finds them by generating the code a second
    time; noting them on the way saves that.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.undeclared: set[str] = set()
        found = _generators.get()
        if found is not None:
            found.append(self)

    def visit_Getitem(self, node: nodes.Getitem, frame: Frame) -> None:
        if _is_text_piece(node):
            # ``context.parent`` is the dict the template is rendered with, in any frame.
            self.write(f"context.parent[{TEXTS!r}][{node.arg.value!r}]")  # type: ignore[attr-defined]
        else:
            super().visit_Getitem(node, frame)

    def visit_Concat(self, node: nodes.Concat, frame: Frame) -> None:
        if not hasattr(self.environment, "judgedesk_concat"):
            super().visit_Concat(node, frame)
            return
        # ``a ~ b`` doubles a text with each use: its size is checked before it is made.
        self.write("environment.judgedesk_concat((")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("), context.eval_ctx.autoescape)")

    def enter_frame(self, frame: Frame) -> None:
        super().enter_frame(frame)
        for _, (action, param) in frame.symbols.loads.items():
            if action == "resolve" and param not in self.environment.globals:
                self.undeclared.add(param)


@dataclass(frozen=True)
class Compiled:
    """A compiled template for one source.

    Attributes:
        template: the Jinja2 template (perhaps shared with sources of the same shape).
        uses: every place a variable is read, positioned in this source.
        names: the top-level names read from the context.
        texts: the plain-text pieces to render with, or None when they are compiled in.
        line_map: a line reported by ``template`` → the same line in this source (only
            lines that differ).
        risky: whether its tags might run away (see ``risk``): rendered in the guard.
    """

    template: Template
    uses: tuple[VariableUse, ...]
    names: frozenset[str]
    texts: tuple[str, ...] | None = None
    line_map: Mapping[int, int] = field(default_factory=dict)
    risky: bool = False


@dataclass(frozen=True)
class _Shape:
    template: Template
    uses: tuple[VariableUse, ...]
    names: frozenset[str]
    lines: tuple[int, ...]  # the line of each tag token of the source compiled
    source: str


class TemplateCompiler:
    """Compiles sources for an environment, sharing compiled code between equal shapes.

    Safe to use from several threads.
    """

    def __init__(self, environment: Environment, kept: int = SHAPES_KEPT) -> None:
        self.environment = environment
        self._kept = kept
        self._shapes: OrderedDict[tuple[tuple[str, str], ...], _Shape | object | None] = (
            OrderedDict()
        )
        self._lock = threading.Lock()

    def compile(self, source: str) -> Compiled:
        """Compile ``source``.

        Raises:
            jinja2.TemplateSyntaxError: the source is not a valid template.
            jinja2.TemplateError: Jinja2 refused it for another reason.
        """
        try:
            tokens = list(self.environment.lexer.tokenize(source))
        except TemplateSyntaxError:
            return self.compile_whole(source)  # raises the error with its position
        key = tuple((t.type, "" if t.type == "data" else t.value) for t in tokens)
        risky = might_run_away(key)
        texts = tuple(t.value for t in tokens if t.type == "data")
        lines = tuple(t.lineno for t in tokens if t.type != "data")
        with self._lock:
            shape = self._shapes.get(key, _NEW)
            if shape is not _NEW:
                self._shapes.move_to_end(key)
        if shape is _NEW or shape is _SEEN:
            # Taking the texts out costs more than a whole compile, which is all a
            # keystroke inside a tag needs: shapes seen twice (typing went on in the
            # prose) are worth it.
            shape = _SEEN if shape is _NEW else self._lift(source, texts, lines)
            with self._lock:
                self._shapes[key] = shape
                self._shapes.move_to_end(key)
                while len(self._shapes) > self._kept:
                    self._shapes.popitem(last=False)
        if not isinstance(shape, _Shape):  # seen once, or its texts cannot be taken out
            return self.compile_whole(source, risky)
        line_map = _line_map(shape.lines, lines) if source != shape.source else {}
        if line_map is None:
            # A line of the compiled source is now split over several: its positions
            # cannot be told apart, so this source becomes the shape's reference.
            lifted = self._lift(source, texts, lines)
            with self._lock:
                self._shapes[key] = lifted
            if lifted is None:
                return self.compile_whole(source, risky)
            shape, line_map = lifted, {}
        if source == shape.source:
            return Compiled(shape.template, shape.uses, shape.names, texts, risky=risky)
        source_lines = source.splitlines()
        uses = []
        for use in shape.uses:
            line = line_map.get(use.line, use.line)
            column, length = locate(source_lines, line, use.path)
            uses.append(VariableUse(use.path, line, column, length))
        return Compiled(shape.template, tuple(uses), shape.names, texts, line_map, risky)

    def compile_whole(self, source: str, risky: bool | None = None) -> Compiled:
        """Compile ``source`` with its texts in the code (no sharing).

        Args:
            source: the template text.
            risky: whether it might run away, when already known from its tokens.
        """
        tree = self.environment.parse(source)
        uses = tuple(collect_uses(tree, source))
        template, names = self._generate(tree)
        if risky is None:
            tokens = self.environment.lexer.tokenize(source)
            risky = might_run_away([(t.type, t.value) for t in tokens])
        return Compiled(template, uses, names, risky=risky)

    def _lift(self, source: str, texts: tuple[str, ...], lines: tuple[int, ...]) -> _Shape | None:
        tree = self.environment.parse(source)
        uses = tuple(collect_uses(tree, source))
        outputs = [n for n in walk(tree) if isinstance(n, nodes.Output)]
        found = [c.data for o in outputs for c in o.nodes if isinstance(c, nodes.TemplateData)]
        if tuple(found) != texts:
            return None  # the tree holds the texts otherwise than the tokens say: no sharing
        number = 0
        for output in outputs:
            for index, child in enumerate(output.nodes):
                if isinstance(child, nodes.TemplateData):
                    output.nodes[index] = _text_piece(number, child.lineno)
                    number += 1
        template, names = self._generate(tree)
        return _Shape(template, uses, names - {TEXTS}, lines, source)

    def _generate(self, tree: nodes.Template) -> tuple[Template, frozenset[str]]:
        generators: list[NameTrackingGenerator] = []
        token = _generators.set(generators)
        try:
            template = self.environment.from_string(tree)
        finally:
            _generators.reset(token)
        if len(generators) == 1:
            return template, frozenset(generators[0].undeclared)
        return template, frozenset(meta.find_undeclared_variables(tree))


def _line_map(old_lines: tuple[int, ...], new_lines: tuple[int, ...]) -> dict[int, int] | None:
    """Where each tag's line went (only those that moved); None when a line was split."""
    moved: dict[int, int] = {}
    for old, new in zip(old_lines, new_lines, strict=True):
        if moved.setdefault(old, new) != new:
            return None
    return {old: new for old, new in moved.items() if old != new}


def _text_piece(number: int, lineno: int) -> nodes.Expr:
    """The plain-text piece ``number``, read at render time (see ``visit_Getitem``).

    Jinja2 allows no node types of one's own; a ``Getitem`` on a ``ContextReference`` is
    a form its parser never makes from template syntax, so it can mark a piece.
    """
    return nodes.Getitem(
        nodes.ContextReference(lineno=lineno),
        nodes.Const(number, lineno=lineno),
        "load",
        lineno=lineno,
    )


def _is_text_piece(node: nodes.Getitem) -> bool:
    return isinstance(node.node, nodes.ContextReference) and isinstance(node.arg, nodes.Const)
