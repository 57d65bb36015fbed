"""Which templates might run away: those that use more than the plain, bounded kinds of work.

A template made only of printed values, conditions, loops, macros and the filters and text
methods below does work in proportion to its data, and every step of it passes a hook of
the sandbox that counts it and looks at the clock (see :mod:`judgedesk.core.template.sandbox`):
it renders in the calling process. Anything else — a filter or method that builds,
maps or mutates lists (``list``, ``map``, ``select``, ``append``…), an unknown filter, or a
``{% set %}`` that adds or multiplies (a value that grows with each round of a loop) —
*might* run away in one step of C code or take memory without bound, so it renders in the
guarded worker process (:mod:`judgedesk.core.template.guard`), whose wall clock and
memory ceiling are certain. The check reads only the template's tag tokens, so it costs
nothing next to a compile and is the same for every source of one shape.
"""

from __future__ import annotations

from collections.abc import Sequence

PLAIN_FILTERS = frozenset(
    {
        "abs",
        "capitalize",
        "center",
        "count",
        "d",
        "default",
        "dictsort",
        "e",
        "escape",
        "filesizeformat",
        "first",
        "float",
        "forceescape",
        "format",
        "indent",
        "int",
        "items",
        "join",
        "last",
        "length",
        "lower",
        "replace",
        "reverse",
        "round",
        "safe",
        "sort",
        "string",
        "title",
        "tojson",
        "trim",
        "truncate",
        "upper",
        "urlencode",
        "wordcount",
    }
)
"""Filters whose work is bounded by their input or checked before it is done."""

PLAIN_METHODS = frozenset(
    {
        "capitalize",
        "casefold",
        "center",
        "count",
        "cycle",
        "endswith",
        "find",
        "format",
        "get",
        "index",
        "isalnum",
        "isalpha",
        "isdigit",
        "islower",
        "isnumeric",
        "isspace",
        "isupper",
        "items",
        "join",
        "keys",
        "ljust",
        "lower",
        "lstrip",
        "partition",
        "replace",
        "rfind",
        "rindex",
        "rjust",
        "rpartition",
        "rsplit",
        "rstrip",
        "split",
        "splitlines",
        "startswith",
        "strip",
        "title",
        "upper",
        "values",
        "zfill",
    }
)
"""Text and mapping methods that read their value or make one checked before it is made."""

PLAIN_CALLS = frozenset({"range", "lipsum", "dict", "namespace", "cycler", "joiner", "caller"})
"""Globals a template may call in the calling process (macros it defines too)."""

_GROWING = frozenset({"add", "mul", "pow"})
# Words after which a parenthesis groups rather than calls.
_KEYWORDS = frozenset({"not", "and", "or", "in", "is", "if", "else", "elif", "for", "set"})


def might_run_away(tokens: Sequence[tuple[str, str]]) -> bool:
    """Whether a template's tags use work that the in-process hooks cannot bound for certain.

    Args:
        tokens: the template's tokens as ``(type, value)`` pairs (plain text may be left
            out or blank: only tags are read).
    """
    macros = {
        tokens[i + 1][1]
        for i in range(len(tokens) - 1)
        if tokens[i] == ("name", "macro") and tokens[i + 1][0] == "name"
    }
    callable_names = PLAIN_CALLS | macros | _KEYWORDS
    in_set = False
    previous: tuple[str, str] = ("", "")
    before: tuple[str, str] = ("", "")
    for kind, value in tokens:
        if kind == "name":
            if previous[0] == "pipe" and value not in PLAIN_FILTERS:
                return True
            filter_block = previous == ("name", "filter") and before[0] == "block_begin"
            if filter_block and value not in PLAIN_FILTERS:  # {% filter name %}…
                return True
            if previous[0] == "block_begin" and value == "set":
                in_set = True
        elif kind == "lparen" and _calls_unknown(previous, before, callable_names):
            return True
        elif kind == "block_end":
            in_set = False
        elif in_set and kind in _GROWING:
            return True
        before, previous = previous, (kind, value)
    return False


def _calls_unknown(
    previous: tuple[str, str], before: tuple[str, str], callable_names: frozenset[str] | set[str]
) -> bool:
    """Whether the parenthesis after ``before previous`` calls something not known plain."""
    if previous[0] in ("rparen", "rbracket"):  # a call of what an expression gave
        return True
    if previous[0] != "name":
        return False  # a parenthesis that groups
    if before[0] == "dot":
        return previous[1] not in PLAIN_METHODS
    if before == ("name", "is"):  # a test: ``is divisibleby(3)``
        return False
    if before[0] == "pipe" or (before == ("name", "filter")):
        return False  # a filter's arguments (the filter itself is checked)
    return previous[1] not in callable_names
