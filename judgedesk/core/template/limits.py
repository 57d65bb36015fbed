"""How much work one render may do, and the refusal a person reads when a template asks for more.

Jinja2's sandbox keeps a template away from Python's internals, not from work: a single
``{{ 9**(9**9) }}`` keeps a core busy for half an hour, and loops nested five deep over
``range(1000)`` never end. Two kinds of bound stop such templates:

- Sizes, checked *before* an operation that could be slow in one step runs: the digits
  of ``**`` and ``*`` on whole numbers, the length of texts and lists made by ``*`` and
  ``+``, ``range``, padding and repeating filters and text methods, the size of a value
  about to be printed or joined. A single step of C code cannot be interrupted, so these
  are refused by looking at the operands, never by timing them.
- A per-render :class:`Budget`, held in a context variable so that renders in different
  threads (the live preview's worker threads, a run's event loop) never share one. The
  sandbox's hooks (loop iterations, calls, operators, attribute reads, printed values)
  count the work done and look at the clock; every way a template can run for long goes
  through at least one of them, so the time limit holds in any thread without signals.
"""

from __future__ import annotations

import contextvars
import math
import re
import sys
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from jinja2.exceptions import TemplateError

NUMBER_DIGITS = 4_300
"""The most digits a whole number may have (Python prints no longer ones anyway)."""
TEXT_CHARS = 5_000_000
"""The longest text a render may make, and the most characters it may write in all."""
LIST_ITEMS = 1_000_000
"""The longest list a render may make."""
RANGE_ITEMS = 100_000
"""The most numbers ``range()`` may give."""
SORT_ITEMS = 100_000
"""The most items ``sort``, ``dictsort`` and ``groupby`` may order (one step of C code)."""
LOOP_STEPS = 1_000_000
"""How many times the loops of one render may go round, all loops together."""
CALL_STEPS = 1_000_000
"""How many calls (macros, filters' methods, functions) one render may make."""
CALL_DEPTH = 100
"""How deep calls may nest (a macro calling itself)."""
RENDER_SECONDS = 2.0
"""How long one render may take, unless the project says otherwise (``[run] render_seconds``)."""

_NUMBER_BITS = math.ceil(NUMBER_DIGITS * math.log2(10))
STOPPED = "JudgeDesk stopped it so that the prompt stays usable"
"""The middle of every limit's message: what JudgeDesk did about it."""


class RenderLimitError(TemplateError):
    """A render asked for more work than a template may do; the message says what, plainly."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.line = template_line()


def template_line() -> int | None:
    """The template line being rendered, read from the call stack (None outside a render)."""
    frame = sys._getframe(1)
    while frame is not None:
        template = frame.f_globals.get("__jinja_template__")
        if template is not None:
            line: int = template.get_corresponding_lineno(frame.f_lineno)
            return line
        frame = frame.f_back  # type: ignore[assignment]
    return None


@dataclass
class Budget:
    """What one render has done so far, and when its time is up."""

    seconds: float
    deadline: float
    loops: int = 0
    calls: int = 0
    depth: int = 0
    written: int = 0


_budget: contextvars.ContextVar[Budget | None] = contextvars.ContextVar(
    "judgedesk_render_budget", default=None
)


def start(seconds: float) -> contextvars.Token[Budget | None]:
    """Give the render about to start in this context its budget; ``finish`` ends it."""
    seconds = seconds if seconds > 0 else RENDER_SECONDS
    return _budget.set(Budget(seconds, time.monotonic() + seconds))


def finish(token: contextvars.Token[Budget | None]) -> None:
    """End the budget ``start`` gave."""
    _budget.reset(token)


def check_clock() -> None:
    """Refuse to go on once the render's time is up."""
    budget = _budget.get()
    if budget is not None and time.monotonic() > budget.deadline:
        raise RenderLimitError(
            f"This template took longer than {_number(budget.seconds)} seconds to render. "
            f"{STOPPED}; make it do less work, or give it more time with "
            "render_seconds under [run] in judgedesk.toml."
        )


def counted(iterable: Iterable[Any], text: int = 0) -> Iterator[Any]:
    """Go through a loop's items, counting each round (and the text it writes)."""
    budget = _budget.get()
    if budget is None:
        yield from iterable
        return
    for item in iterable:
        budget.loops += 1
        if budget.loops > LOOP_STEPS:
            raise RenderLimitError(
                f"This template's loops go round more than {LOOP_STEPS:,} times in all. "
                f"{STOPPED}; loop over fewer items or nest fewer loops."
            )
        if text:
            wrote(text)
        check_clock()
        yield item


def enter_call() -> Budget | None:
    """Count a call and one more level of nesting; ``leave_call`` undoes the nesting."""
    budget = _budget.get()
    if budget is None:
        return None
    budget.calls += 1
    budget.depth += 1
    if budget.calls > CALL_STEPS:
        budget.depth -= 1
        raise RenderLimitError(
            f"This template calls macros or functions more than {CALL_STEPS:,} times in "
            f"all. {STOPPED}; make it call them fewer times."
        )
    if budget.depth > CALL_DEPTH:
        budget.depth -= 1
        raise too_deep()
    check_clock()
    return budget


def leave_call(budget: Budget | None) -> None:
    """The call counted by ``enter_call`` is over."""
    if budget is not None:
        budget.depth -= 1


def too_deep() -> RenderLimitError:
    """The refusal for calls nested too deep (a macro that never stops calling itself)."""
    return RenderLimitError(
        f"A macro or loop in this template calls itself more than {CALL_DEPTH} levels deep. "
        f"{STOPPED}; make sure it stops calling itself."
    )


def wrote(count: int) -> None:
    """Count ``count`` characters written by the render."""
    budget = _budget.get()
    if budget is None:
        return
    budget.written += count
    if budget.written > TEXT_CHARS:
        raise too_long_output()


def too_long_output() -> RenderLimitError:
    """The refusal for a render that writes too much."""
    return RenderLimitError(
        f"This template writes more than {TEXT_CHARS:,} characters. {STOPPED}; "
        "print less, or loop over fewer items."
    )


# --- sizes, checked before the work -------------------------------------------------


def weight(value: Any, limit: int = TEXT_CHARS) -> int:
    """About how many characters ``str(value)`` would have; stops counting past ``limit``.

    Lists may hold the same list many times over, so their printed size is counted
    item by item rather than read from memory use.
    """
    if isinstance(value, str):
        return len(value)
    # Every value prints as at least one character: a container counts that much for each
    # item at once, so that a list of a million lists is refused before it is walked.
    total = 1
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            total += len(item) + 1
        elif isinstance(item, list | tuple | set | frozenset):
            total += 1 + 3 * len(item)
            if total <= limit:
                stack.extend(item)
        elif isinstance(item, dict):
            total += 1 + 6 * len(item)
            if total <= limit:
                stack.extend(item.keys())
                stack.extend(item.values())
        elif isinstance(item, int):
            total += item.bit_length() // 3
        else:
            total += 7
        if total > limit:
            return total
    return total


def check_joined(values: Iterable[Any], separator: int, what: str) -> None:
    """Refuse to join ``values`` (``separator`` characters between them) into too long a text."""
    total = 0
    for value in values:
        total += weight(value, TEXT_CHARS - total) + separator
        if total > TEXT_CHARS:
            break
    check_text(total, what)


def check_text(size: int, what: str) -> None:
    """Refuse to make a text of ``size`` characters when that is too long."""
    if size > TEXT_CHARS:
        raise RenderLimitError(
            f"This template makes a text longer than {TEXT_CHARS:,} characters ({what}). "
            f"{STOPPED}; use a smaller number."
        )


def check_list(size: int, what: str) -> None:
    """Refuse to make a list of ``size`` items when that is too long."""
    if size > LIST_ITEMS:
        raise RenderLimitError(
            f"This template makes a list of more than {LIST_ITEMS:,} items ({what}). "
            f"{STOPPED}; use a smaller number."
        )


def check_printed(value: Any, what: str = "a value printed whole") -> None:
    """Refuse to turn ``value`` into text when the text would be too long."""
    if not isinstance(value, str):
        check_text(weight(value), what)


def check_binop(operator: str, left: Any, right: Any) -> None:
    """Refuse ``left <operator> right`` when its result would be too large to make."""
    if operator == "**":
        _check_power(left, right)
    elif operator == "*":
        if _whole(left) and _whole(right):
            if left.bit_length() + right.bit_length() > _NUMBER_BITS:
                raise _too_many_digits(left, "*", right)
        elif isinstance(left, str | list | tuple) and _whole(right):
            _check_repeat(left, right)
        elif isinstance(right, str | list | tuple) and _whole(left):
            _check_repeat(right, left)
    elif operator == "+":
        if isinstance(left, str) and isinstance(right, str):
            check_text(len(left) + len(right), "two texts added together")
        elif isinstance(left, list | tuple) and isinstance(right, list | tuple):
            check_list(len(left) + len(right), "two lists added together")
    elif operator == "%" and isinstance(left, str):
        check_printf(left, right)


def _whole(value: Any) -> bool:
    return isinstance(value, int)


def _check_power(base: Any, exponent: Any) -> None:
    # Floats overflow at once; only whole numbers grow without end.
    if not (_whole(base) and _whole(exponent)) or exponent <= 0 or abs(base) <= 1:
        return
    if exponent * math.log2(abs(base)) > _NUMBER_BITS:
        raise _too_many_digits(base, "**", exponent)


def _too_many_digits(left: int, operator: str, right: int) -> RenderLimitError:
    return RenderLimitError(
        f"This template computes a number with more than {NUMBER_DIGITS:,} digits "
        f"({_short(left)} {operator} {_short(right)}). {STOPPED}; use smaller numbers."
    )


def _check_repeat(sequence: str | list[Any] | tuple[Any, ...], times: int) -> None:
    if times <= 0:
        return
    what = f"{_short(sequence)} * {_short(times)}"
    if isinstance(sequence, str):
        check_text(len(sequence) * times, what)
    else:
        check_list(len(sequence) * times, what)


def check_sorted(size: int, what: str) -> None:
    """Refuse to sort ``size`` items when that many cannot be sorted in one short step."""
    if size > SORT_ITEMS:
        raise RenderLimitError(
            f"This template sorts more than {SORT_ITEMS:,} items ({what}). {STOPPED}; "
            "sort fewer items."
        )


def check_width(width: Any, what: str) -> None:
    """Refuse padding a text to ``width`` characters when that is too long."""
    if _whole(width):
        check_text(width, what)


_PRINTF = re.compile(r"%(?:\([^)]*\))?[#0\- +]*(\*|\d+)?(?:\.(\*|\d+))?")
_FIELD = re.compile(r"\{[^{}]*\}")


def check_printf(text: str, args: Any) -> None:
    """Refuse ``text % args`` when a width or precision would make too long a text."""
    if "%" not in text:
        return
    values = args if isinstance(args, tuple) else (args,)
    for match in _PRINTF.finditer(text):
        for size in match.groups():
            if size == "*":
                for value in values:
                    check_width(value, f"a width of {_short(value)} in {_short(text)}")
            elif size:
                check_width(int(size), f"a width of {size} in {_short(text)}")


def check_format(text: str, args: Iterable[Any]) -> None:
    """Refuse ``text.format(...)`` when a field's width would make too long a text."""
    for field in _FIELD.findall(text):
        for size in re.findall(r"\d+", field.partition(":")[2]):
            check_width(int(size), f"a width of {size} in {_short(text)}")
    if re.search(r"\{[^{}]*\{", text):  # a width given as an argument
        for value in args:
            check_width(value, f"a width of {_short(value)} in {_short(text)}")


def check_replace(text: str, old: str, new: str, count: Any = -1) -> None:
    """Refuse ``text.replace(old, new)`` when the result would be too long."""
    if len(new) <= len(old):
        return
    found = text.count(old) if old else len(text) + 1
    if _whole(count) and count >= 0:
        found = min(found, count)
    check_text(len(text) + found * (len(new) - len(old)), "a text made longer by replace")


def bounded_range(*args: int) -> range:
    """``range`` for templates: at most ``RANGE_ITEMS`` numbers."""
    numbers = range(*args)
    if len(numbers) > RANGE_ITEMS:
        shown = ", ".join(_short(a) for a in args)
        raise RenderLimitError(
            f"This template asks for range({shown}), more than {RANGE_ITEMS:,} numbers. "
            f"{STOPPED}; loop over fewer numbers."
        )
    return numbers


def _short(value: Any) -> str:
    """A value as it might be written in a template, cut short when long."""
    if _whole(value):
        if value.bit_length() > 64:
            return f"a number with about {int(value.bit_length() * math.log10(2)):,} digits"
        return str(value)
    if not isinstance(value, str) and weight(value, 40) > 40:
        return f"a list of {len(value):,} items" if isinstance(value, list | tuple) else "a value"
    text = repr(value[:40] if isinstance(value, str) else value)
    return text if len(text) <= 24 else text[:20] + "…" + text[-3:]


def _number(seconds: float) -> str:
    return f"{seconds:g}"
