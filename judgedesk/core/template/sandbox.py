"""The Jinja2 sandbox templates are rendered in, with the hooks that bound their work.

Where each bound of :mod:`judgedesk.core.template.limits` is applied:

- ``{% for %}``: when a template is parsed, the iterable of every loop is wrapped in a
  call to :meth:`BoundedEnvironment.judgedesk_loop`, which counts each round (and the
  plain text its body writes) against the render's budget and looks at the clock. The
  generated code has no other hook on a loop: five loops nested over ``range(1000)``
  touch no operator or attribute, so counting at the loop itself is what makes them stop
  after a million rounds rather than 10**15.
- Calls (macros, ``loop()`` of a recursive loop, methods): :meth:`call` counts them,
  tracks how deep they nest and checks padding and replacing text methods.
- ``**``, ``*``, ``+`` and ``%``: intercepted (which also keeps Jinja2 from computing
  them while compiling) and checked by :func:`limits.check_binop` before they run.
- ``~`` and printed values: sized before they are made into text (see ``compile``'s code
  generator and ``render._finalize``).
- ``range``, ``lipsum`` and the filters that pad, repeat, join, wrap, sum or sort:
  replaced by checked ones. Sorting is one step of C code, so its items are counted
  before; ``unique``, ``urlize`` and ``wordwrap`` work in Python, so they count rounds,
  look at the clock as they go and size their result before making it. ``list`` is
  refused past a million items before it is made, and ``map``, ``select``, ``reject``,
  ``selectattr``, ``rejectattr`` and ``batch`` count each item like a loop's round.
  What these hooks cannot make certain (one long step of C code, memory) the guard
  does: see :mod:`judgedesk.core.template.guard`.
- Attribute and item reads look at the clock, so any long render meets it often.
"""

from __future__ import annotations

import itertools
import re
import textwrap
from collections.abc import Iterable, Iterator
from typing import Any

from jinja2 import filters as jinja_filters
from jinja2 import nodes, pass_context, pass_environment, pass_eval_context
from jinja2.environment import Environment
from jinja2.exceptions import TemplateSyntaxError
from jinja2.nodes import EvalContext
from jinja2.runtime import LoopContext, Undefined, markup_join, str_join
from jinja2.sandbox import SandboxedEnvironment
from jinja2.utils import generate_lorem_ipsum
from markupsafe import Markup, soft_str

from judgedesk.core.template import limits


class BoundedEnvironment(SandboxedEnvironment):
    """A sandbox whose renders are bounded in size, steps, depth and time (see module doc)."""

    intercepted_binops = frozenset({"**", "*", "+", "%"})

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.globals["range"] = limits.bounded_range
        self.globals["lipsum"] = _lipsum
        self.filters.update(_FILTERS)

    def _parse(self, source: str, name: str | None, filename: str | None) -> nodes.Template:
        tree = super()._parse(source, name, filename)
        # A project's template is one file: there is no folder to load another from,
        # and reading any path the template names would step outside the project.
        for other in tree.find_all((nodes.Include, nodes.Import, nodes.FromImport, nodes.Extends)):
            raise TemplateSyntaxError(
                "templates cannot include, import or extend other files; "
                "put that text in this template instead",
                other.lineno,
                name,
                filename,
            )
        for loop in list(tree.find_all(nodes.For)):
            loop.iter = nodes.Call(
                nodes.EnvironmentAttribute("judgedesk_loop", lineno=loop.iter.lineno),
                [loop.iter, nodes.Const(_text_written(loop.body), lineno=loop.iter.lineno)],
                [],
                None,
                None,
                lineno=loop.iter.lineno,
            )
        return tree

    def judgedesk_loop(self, iterable: Any, text: int = 0) -> Any:
        """A loop's items, each round counted (the parser puts every loop through here)."""
        if isinstance(iterable, Undefined):
            return iterable  # it notes its own use when iterated
        return limits.counted(iterable, text)

    def judgedesk_concat(self, values: tuple[Any, ...], autoescape: bool = False) -> str:
        """``a ~ b``: the texts joined, once their length is known to be bearable."""
        limits.check_joined(values, 0, "texts joined with ~")
        return markup_join(values) if autoescape else str_join(values)

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        limits.check_binop(operator, left, right)
        limits.check_clock()
        return super().call_binop(context, operator, left, right)

    def getattr(self, obj: Any, attribute: str) -> Any:
        limits.check_clock()
        return super().getattr(obj, attribute)

    def getitem(self, obj: Any, argument: Any) -> Any:
        limits.check_clock()
        return super().getitem(obj, argument)

    def call(self, context: Any, obj: Any, /, *args: Any, **kwargs: Any) -> Any:
        if getattr(obj, "__func__", None) is BoundedEnvironment.judgedesk_loop:
            return self.judgedesk_loop(*args)  # extra keywords are the loop's own variables
        if isinstance(obj, LoopContext) and args:  # the next level of a recursive loop
            args = (limits.counted(args[0]), *args[1:])
        _check_method(obj, args, kwargs)
        budget = limits.enter_call()
        try:
            return super().call(context, obj, *args, **kwargs)
        except RecursionError:
            raise limits.too_deep() from None
        finally:
            limits.leave_call(budget)


def _text_written(body: list[nodes.Node]) -> int:
    """The plain text one round of a loop body writes, its inner loops aside."""
    total = 0
    stack: list[nodes.Node] = list(body)
    while stack:
        node = stack.pop()
        if isinstance(node, nodes.TemplateData):
            total += len(node.data)
        elif not isinstance(node, nodes.For | nodes.Macro):
            stack.extend(node.iter_child_nodes())
    return total


def _check_method(obj: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    """Refuse the text and list methods that would make something too large."""
    # The sandbox hands out ``str.format`` wrapped; the text it formats is the wrapped one's.
    method = getattr(obj, "__wrapped__", obj)
    owner = getattr(method, "__self__", None)
    name = getattr(method, "__name__", "")
    if isinstance(owner, str):
        first = args[0] if args else None
        if name in ("ljust", "rjust", "center", "zfill"):
            limits.check_width(first, f"{name}({first!r})")
        elif name == "expandtabs":
            size = args[0] if args else kwargs.get("tabsize", 8)
            if isinstance(size, int):
                limits.check_text(len(owner) + owner.count("\t") * size, "expandtabs")
        elif name == "replace" and len(args) >= 2:
            if isinstance(args[0], str) and isinstance(args[1], str):
                limits.check_replace(owner, args[0], args[1], args[2] if len(args) > 2 else -1)
        elif name == "join" and isinstance(first, list | tuple):
            limits.check_joined(first, len(owner), "a text joined from a list")
        elif name in ("format", "format_map"):
            limits.check_format(owner, (*args, *kwargs.values()))
    elif isinstance(owner, list) and name in ("extend", "__iadd__") and args:
        added = args[0]
        if isinstance(added, list | tuple | str):
            limits.check_list(len(owner) + len(added), "a list made longer by extend")


# --- checked filters and globals -----------------------------------------------------


def _center(value: Any, width: int = 80) -> str:
    limits.check_width(width, f"center({width!r})")
    return jinja_filters.do_center(value, width)


def _indent(s: Any, width: int | str = 4, first: bool = False, blank: bool = False) -> str:
    step = len(width) if isinstance(width, str) else width
    if isinstance(step, int):
        text = s if isinstance(s, str) else ""
        size = limits.weight(s) + (text.count("\n") + 1) * step
        limits.check_text(size, f"indent({limits._short(width)})")
    return jinja_filters.do_indent(s, width, first, blank)


def _format(value: str, *args: Any, **kwargs: Any) -> str:
    if isinstance(value, str):
        limits.check_printf(value, tuple(args) or kwargs)
    return jinja_filters.do_format(value, *args, **kwargs)


@pass_eval_context
def _replace(eval_ctx: EvalContext, s: str, old: str, new: str, count: int | None = None) -> str:
    if isinstance(s, str) and isinstance(old, str) and isinstance(new, str):
        limits.check_replace(s, old, new, -1 if count is None else count)
    return jinja_filters.do_replace(eval_ctx, s, old, new, count)


@pass_eval_context
def _join(eval_ctx: EvalContext, value: Iterable[Any], d: str = "", attribute: Any = None) -> Any:
    if isinstance(value, str):  # its characters: sized without making a list of them
        limits.check_text(len(value) * (1 + len(str(d))), "a text joined from its characters")
    items = _listed(value, "join")
    if attribute is None:
        limits.check_joined(items, len(str(d)), "a text joined from a list")
    return jinja_filters.do_join(eval_ctx, items, d, attribute)


def _list(value: Any) -> list[Any]:
    return _listed(value, "list")


def _listed(value: Any, what: str) -> list[Any]:
    """``list(value)``, refused before it is made when it would hold too many items."""
    if isinstance(value, str | list | tuple | dict | set | frozenset | range):
        limits.check_list(len(value), what)
        return list(value)
    # A generator is read a round at a time, counted like a loop's (once: ``map`` and
    # ``select`` count their own).
    if getattr(value, "gi_code", None) is not limits.counted.__code__:
        value = limits.counted(value)
    items = list(itertools.islice(value, limits.LIST_ITEMS + 1))
    limits.check_list(len(items), what)
    return items


def _counting(name: str) -> Any:
    """Jinja2's filter ``name``, its items read one counted round at a time."""
    original = jinja_filters.FILTERS[name]

    @pass_context
    def counting(context: Any, value: Any, *args: Any, **kwargs: Any) -> Iterator[Any]:
        return limits.counted(original(context, value, *args, **kwargs))

    counting.__name__ = f"_{name}"
    return counting


def _batch(value: Any, linecount: int, fill_with: Any = None) -> Any:
    limits.check_list(linecount, f"batch({limits._short(linecount)})")
    return jinja_filters.do_batch(limits.counted(value), linecount, fill_with)


def _slice(value: Any, slices: int, fill_with: Any = None) -> Any:
    limits.check_list(slices, f"slice({limits._short(slices)})")
    return jinja_filters.do_slice(value, slices, fill_with)


def _string(value: Any) -> str:
    limits.check_printed(value, "a value made into text")
    return soft_str(value)


@pass_eval_context
def _tojson(eval_ctx: EvalContext, value: Any, indent: int | None = None) -> Any:
    limits.check_printed(value, "a value written as JSON")
    return jinja_filters.do_tojson(eval_ctx, value, indent)


def _pprint(value: Any) -> str:
    limits.check_printed(value, "a value printed whole")
    return jinja_filters.do_pprint(value)


@pass_environment
def _sum(
    environment: Environment, iterable: Iterable[Any], attribute: Any = None, start: Any = 0
) -> Any:
    if not isinstance(start, list | tuple):
        return jinja_filters.sync_do_sum(environment, iterable, attribute, start)
    # Adding lists one by one copies the growing list each time; extend it once instead.
    if attribute is not None:
        iterable = map(jinja_filters.make_attrgetter(environment, attribute), iterable)
    items = list(limits.counted(iterable))
    size = len(start) + sum(len(i) for i in items if isinstance(i, list | tuple))
    limits.check_list(size, "lists added together with sum")
    total = list(start)
    for item in items:
        if not isinstance(item, type(start)):
            start + item  # raises the TypeError plain ``sum`` would
        total.extend(item)
    return total if isinstance(start, list) else tuple(total)


@pass_environment
def _sort(
    environment: Environment,
    value: Iterable[Any],
    reverse: bool = False,
    case_sensitive: bool = False,
    attribute: Any = None,
) -> list[Any]:
    items = _sized(value, "sort")
    return jinja_filters.do_sort(environment, items, reverse, case_sensitive, attribute)


def _dictsort(
    value: Any, case_sensitive: bool = False, by: str = "key", reverse: bool = False
) -> list[tuple[Any, Any]]:
    if hasattr(value, "__len__"):
        limits.check_sorted(len(value), "dictsort")
    return jinja_filters.do_dictsort(value, case_sensitive, by, reverse)  # type: ignore[arg-type]


@pass_environment
def _groupby(
    environment: Environment,
    value: Iterable[Any],
    attribute: Any,
    default: Any = None,
    case_sensitive: bool = False,
) -> Any:
    items = _sized(value, "groupby")
    return jinja_filters.sync_do_groupby(environment, items, attribute, default, case_sensitive)


def _sized(value: Iterable[Any], what: str) -> Iterable[Any]:
    """``value`` with its items counted before they are sorted (read first when needed)."""
    if not isinstance(value, list | tuple | dict | set | frozenset | str):
        # One item past the bound is enough to refuse: the rest is never read.
        value = list(itertools.islice(limits.counted(value), limits.SORT_ITEMS + 1))
    limits.check_sorted(len(value), what)
    return value


@pass_environment
def _unique(
    environment: Environment,
    value: Iterable[Any],
    case_sensitive: bool = False,
    attribute: Any = None,
) -> Iterator[Any]:
    # Each item costs a round of Python: counted like a loop's, the clock looked at.
    return jinja_filters.sync_do_unique(
        environment, limits.counted(value), case_sensitive, attribute
    )


@pass_environment
def _wordwrap(
    environment: Environment,
    s: str,
    width: int = 79,
    break_long_words: bool = True,
    wrapstring: str | None = None,
    break_on_hyphens: bool = True,
) -> str:
    if wrapstring is None:
        wrapstring = environment.newline_sequence
    if isinstance(s, str) and isinstance(width, int):
        # textwrap works on a paragraph in one go: its result is sized before it starts.
        breaks = len(s) // max(width, 1) + 1
        limits.check_text(len(s) + breaks * len(wrapstring), "wordwrap")
    lines: list[str] = []
    for paragraph in limits.counted(s.splitlines()):
        lines.extend(
            textwrap.wrap(
                paragraph,
                width=width,
                expand_tabs=False,
                replace_whitespace=False,
                break_long_words=break_long_words,
                break_on_hyphens=break_on_hyphens,
            )
        )
    limits.check_joined(lines, len(wrapstring), "wordwrap")
    return wrapstring.join(lines)


URLIZE_CHUNK = 10_000
"""How many characters ``urlize`` links between two looks at the clock and the size."""
_SPACE = re.compile(r"\s")


@pass_eval_context
def _urlize(eval_ctx: EvalContext, value: str, *args: Any, **kwargs: Any) -> str:
    # urlize reads one whitespace-separated word at a time, so linking the text piece by
    # piece (cut at whitespace) gives the same result while the work can be stopped.
    text = soft_str(value)
    extra = sum(len(a) for a in (*args, *kwargs.values()) if isinstance(a, str))
    made = 0
    parts: list[str] = []
    for piece in _pieces(text, URLIZE_CHUNK):
        chunk = Markup(piece) if isinstance(value, Markup) else piece
        # Each word may become a link carrying rel and target: refuse before making it.
        limits.check_text(made + len(piece) * 12 + len(piece.split()) * 6 * extra, "urlize")
        linked = jinja_filters.do_urlize(eval_ctx, chunk, *args, **kwargs)
        made += len(linked)
        limits.check_text(made, "urlize")
        limits.check_clock()
        parts.append(linked)
    joined = "".join(parts)
    return Markup(joined) if eval_ctx.autoescape else joined


def _pieces(text: str, size: int) -> Iterator[str]:
    """``text`` in pieces of about ``size`` characters, each cut just after whitespace."""
    start = 0
    while start < len(text):
        end = start + size
        if end < len(text):
            found = _SPACE.search(text, end)
            end = found.end() if found else len(text)
        yield text[start:end]
        start = end


_FILTERS: dict[str, Any] = {
    "center": _center,
    "indent": _indent,
    "format": _format,
    "replace": _replace,
    "join": _join,
    "list": _list,
    **{name: _counting(name) for name in ("map", "select", "reject", "selectattr", "rejectattr")},
    "batch": _batch,
    "slice": _slice,
    "string": _string,
    "tojson": _tojson,
    "pprint": _pprint,
    "sum": _sum,
    "sort": _sort,
    "dictsort": _dictsort,
    "groupby": _groupby,
    "unique": _unique,
    "wordwrap": _wordwrap,
    "urlize": _urlize,
}


def _lipsum(n: int = 5, html: bool = True, min: int = 20, max: int = 100) -> str:
    if isinstance(n, int) and isinstance(max, int):
        limits.check_text(n * max * 8, f"lipsum({n})")
    return str(generate_lorem_ipsum(n, html, min, max))
