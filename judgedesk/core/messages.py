"""Sentences the core says to people, each with an id and its arguments.

A :class:`Message` is the English sentence itself (a ``str``: stored, logged and printed
as before) that also remembers the template it was made from and the values put in it,
so an interface can say it in another language: :func:`render` translates the template
and the arguments that are messages themselves. Sentences stored as plain text (a failed
row's error in the results file) are recognised again by their template (see
:func:`render`'s ``templates``).

Write each template as a literal in ``say("area.what", "… {name} …", name=value)``:
``tools/translations.py`` collects them for the translators.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import Any

__all__ = ["Message", "as_is", "counted", "render", "rows_said", "said", "say"]

Translate = Callable[[str], str]
"""English template → the template in the language wanted (as is when untranslated)."""

_FIELD = re.compile(r"\{(\w+)\}")
_DEPTH = 3


class Message(str):
    """An English sentence that knows its id, template and arguments."""

    id: str
    template: str
    args: dict[str, Any]

    def __new__(cls, id: str, template: str, args: Mapping[str, Any]) -> Message:
        made = super().__new__(cls, template.format(**args))
        made.id, made.template, made.args = id, template, dict(args)
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (Message, (self.id, self.template, self.args))


def say(id: str, template: str, **args: Any) -> Message:
    """The sentence ``template`` with ``args`` put in (``{name}`` fields)."""
    return Message(id, template, args)


def as_is(template: str) -> str:
    """The translation that leaves every English template as it is."""
    return template


def counted(count: int, one: str, many: str) -> str:
    """``count`` things in English words: "1 row", "0 rows", "1,200 rows"."""
    return f"{count:,} {one if count == 1 else many}"


def rows_said(count: int) -> Message:
    """``count`` rows as a sentence's part any language can say: "1 row", "1,200 rows"."""
    if count == 1:
        return say("core.rows.one", "1 row")
    return say("core.rows.many", "{count} rows", count=f"{count:,}")


def said(error: BaseException) -> str:
    """What an error says: its message, id and arguments kept, when it was raised with one."""
    if len(error.args) == 1 and isinstance(error.args[0], str):
        return error.args[0]
    return str(error)


def render(text: Any, translate: Translate, templates: Iterable[str] = ()) -> str:
    """``text`` in another language.

    A :class:`Message` is translated with its arguments. Plain text (a sentence stored
    as English) is recognised by ``templates``, the English templates a translator
    knows, and said again in the other language when one of them makes it up whole;
    otherwise it is returned as it is.
    """
    known = tuple(templates)
    if isinstance(text, Message):
        values = {name: _argument(value, translate, known) for name, value in text.args.items()}
        return _fill(translate(text.template), values, text)
    if not isinstance(text, str):
        return str(text)
    said = _Recogniser(translate, known).recognise(text, 0)
    return text if said is None else said


def _argument(value: Any, translate: Translate, known: tuple[str, ...]) -> Any:
    """A message's argument in another language: a message translated, plain text
    recognised as a part of a sentence (a name that is one word stays a name)."""
    if isinstance(value, Message):
        return render(value, translate, known)
    if isinstance(value, str):
        said = _Recogniser(translate, known).recognise(value, 1)
        return value if said is None else said
    return value


def _one_word(template: str) -> bool:
    """A template that is a single word ("judge"): inside a sentence, such a word is as
    likely a name (a judge called "judge") as the word itself, so it is left as written."""
    return not _FIELD.search(template) and not any(ch.isspace() for ch in template)


class _Recogniser:
    """Says stored English again in the other language, remembering what it worked out
    (the same piece of text comes up again for every way of cutting a sentence)."""

    def __init__(self, translate: Translate, templates: tuple[str, ...]) -> None:
        self.translate = translate
        self.templates = templates
        self.specific = tuple(t for t in templates if not _generic(t))
        self.generic = tuple(t for t in templates if _generic(t))
        self.known: dict[tuple[str, int], str | None] = {}

    def recognise(self, text: str, depth: int) -> str | None:
        """``text`` said again, when a template makes it up whole.

        A template with words of its own fits when its words are in place; one made
        only of its fields and a few signs ("{problem} {advice}") fits only where its
        first field is a sentence recognised in turn, so that plain text is never cut
        apart at random.
        """
        if depth > _DEPTH or not text:
            return None
        key = (text, depth)
        if key not in self.known:
            self.known[key] = self._recognise(text, depth)
        return self.known[key]

    def _recognise(self, text: str, depth: int) -> str | None:
        for template in self.specific:
            if depth and _one_word(template):
                continue
            found = _pattern(template).fullmatch(text)
            if found is not None:
                values = {
                    name: self.lenient(value, depth + 1)
                    for name, value in found.groupdict().items()
                }
                return _fill(self.translate(template), values, text)
        best: tuple[float, str] | None = None
        for template in self.generic:
            joined = self.joined(text, template, depth)
            if joined is not None and (best is None or joined[0] > best[0]):
                best = joined
        return None if best is None else best[1]

    def lenient(self, text: str, depth: int) -> str:
        said = self.recognise(text, depth)
        return text if said is None else said

    def joined(self, text: str, template: str, depth: int) -> tuple[float, str] | None:
        """``text`` made by a template of fields and signs, with the share of its fields
        recognised: every way of cutting it is tried, the first field must be
        recognised, and a cut where the others are too is preferred."""
        names = _FIELD.findall(template)
        pieces = _FIELD.split(template)[::2]  # the signs before, between and after fields
        if len(names) not in (1, 2) or len(set(names)) != len(names):
            return None
        head, tail = pieces[0], pieces[-1]
        if len(text) < len(head + tail) or not (text.startswith(head) and text.endswith(tail)):
            return None
        body = text[len(head) : len(text) - len(tail)]
        cuts: list[tuple[str, ...]] = []
        if len(names) == 1:
            cuts = [(body,)]
        else:
            start = body.find(pieces[1])
            while start > 0:
                cuts.append((body[:start], body[start + len(pieces[1]) :]))
                start = body.find(pieces[1], start + 1)
        best: tuple[int, dict[str, str]] | None = None
        for cut in cuts:
            if not all(cut):
                continue
            first = self.recognise(cut[0], depth + 1)
            if first is None:
                continue
            values = {names[0]: first}
            score = 1
            if len(cut) == 2:
                second = self.recognise(cut[1], depth + 1)
                score += second is not None
                values[names[1]] = cut[1] if second is None else second
            if best is None or score > best[0]:
                best = (score, values)
        if best is None:
            return None
        return best[0] / len(names), _fill(self.translate(template), best[1], text)


def _generic(template: str) -> bool:
    """A template of fields and a few signs, with no words of its own."""
    return sum(ch.isalpha() for ch in _FIELD.sub("", template)) < 4


def _fill(template: str, values: Mapping[str, Any], fallback: str) -> str:
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):  # a translation with a broken field
        return str(fallback)


_NUMBER_FIELDS = frozenset({"count", "n", "seed", "drawn"})
"""Fields that hold a number only ("{count} rows", "(seed {seed})"): recognised in stored
text only where a number is, so that a short template cannot take a whole sentence for
its number."""


@lru_cache(maxsize=1024)
def _pattern(template: str) -> re.Pattern[str]:
    """A template as a pattern that gives back its arguments (each field at most once)."""
    parts, seen, last = [], set(), 0
    for field in _FIELD.finditer(template):
        parts.append(re.escape(template[last : field.start()]))
        name = field.group(1)
        if name in seen:
            parts.append(f"(?P={name})")
        elif name in _NUMBER_FIELDS:
            parts.append(f"(?P<{name}>-?[0-9][0-9,.]*)")
        else:
            parts.append(f"(?P<{name}>.+?)")
        seen.add(name)
        last = field.end()
    parts.append(re.escape(template[last:]))
    return re.compile("".join(parts), re.DOTALL)
