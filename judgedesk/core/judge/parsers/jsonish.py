"""Finding JSON objects inside free text and reading them leniently, as judges write them."""

from __future__ import annotations

import bisect
import json
import re
from dataclasses import dataclass, field

# Past this many unreadable candidates we stop trying: a reply made of thousands of
# braces is not a verdict, and each attempt costs a pass over its text.
_MAX_FAILED_ATTEMPTS = 16

_OUTSIDE = re.compile(r"\{")
_INSIDE = re.compile(r"[{}\"“'‘/]")
# Characters where cleaning has something to decide; everything between is copied as is.
_STRICT_STOPS = re.compile(r"[\"/,]")
_LOOSE_STOPS = re.compile(r"[\"/,'‘“]")
_QUOTE_CLOSERS = {'"': '"', "“": '”“"', "'": "'", "‘": "’‘'"}
# A quote opens a string only where JSON allows a value or a key to begin; elsewhere it is
# an apostrophe ("don't") and must not swallow the rest of the text.
_VALUE_STARTS = "{[,:"


@dataclass
class JsonScan:
    """The objects found in a text.

    Attributes:
        objects: Every readable top-level object, in order of appearance.
        unreadable: How many brace-delimited parts looked like JSON but could not be read.
        unclosed: An object was opened and never closed (the reply may be cut off).
    """

    objects: list[dict[str, object]] = field(default_factory=list)
    unreadable: int = 0
    unclosed: bool = False


def _previous_significant(text: str, index: int) -> str:
    # Bounded look-back: enough for any sane indentation, cheap on hostile input.
    start = max(0, index - 200)
    stripped = text[start:index].rstrip()
    return stripped[-1:] if stripped else ""


def _string_end(text: str, start: int, closers: str) -> int:
    """Returns the index just past the string whose body starts at ``start``."""
    index = start
    length = len(text)
    while index < length:
        char = text[index]
        if char == "\\":
            index += 2
            continue
        if char in closers:
            return index + 1
        if char == "\n" and closers == "'":
            # Single-quoted strings never span lines; treat the quote as an apostrophe.
            return start
        index += 1
    return length


def _comment_end(text: str, index: int) -> int:
    """Returns where the comment starting at ``index`` ends, or ``index`` if none starts."""
    if text.startswith("//", index):
        newline = text.find("\n", index)
        return len(text) if newline == -1 else newline
    if text.startswith("/*", index):
        close = text.find("*/", index + 2)
        return len(text) if close == -1 else close + 2
    return index


def _spans(text: str) -> tuple[list[tuple[int, int]], bool]:
    """Lists every balanced {…} span (nested ones too) and whether one stayed open."""
    spans: list[tuple[int, int]] = []
    stack: list[int] = []
    index = 0
    while True:
        pattern = _INSIDE if stack else _OUTSIDE
        match = pattern.search(text, index)
        if match is None:
            break
        index = match.start()
        char = text[index]
        if char == "{":
            stack.append(index)
            index += 1
        elif char == "}":
            spans.append((stack.pop(), index + 1))
            index += 1
        elif char == "/":
            index = max(_comment_end(text, index), index + 1)
        elif char in '"“' or _previous_significant(text, index) in _VALUE_STARTS:
            end = _string_end(text, index + 1, _QUOTE_CLOSERS[char])
            index = max(end, index + 1)
        else:
            index += 1
    return spans, bool(stack)


def _clean(text: str, *, loose_quotes: bool) -> str:
    """Drops comments and trailing commas; optionally turns other quotes into JSON ones."""
    out: list[str] = []
    stops = _LOOSE_STOPS if loose_quotes else _STRICT_STOPS
    index = 0
    length = len(text)
    while index < length:
        match = stops.search(text, index)
        if match is None:
            out.append(text[index:])
            break
        start = match.start()
        out.append(text[index:start])
        char = text[start]
        if char == '"':
            end = _string_end(text, start + 1, '"')
            out.append(text[start:end])
            index = end
        elif char == "/":
            end = _comment_end(text, start)
            if end == start:
                out.append(char)
                end += 1
            index = end
        elif char == ",":
            following = _skip_blank(text, start + 1)
            if text[following : following + 1] not in ("}", "]"):
                out.append(char)
            index = start + 1
        else:
            end = _string_end(text, start + 1, _QUOTE_CLOSERS[char])
            if end <= start + 1 or _last_significant(out) not in _VALUE_STARTS:
                out.append(char)
                index = start + 1
            else:
                out.append(json.dumps(text[start + 1 : end - 1]))
                index = end
    return "".join(out)


def _last_significant(pieces: list[str]) -> str:
    """Returns the last non-blank character written so far, looking back only a little."""
    for piece in reversed(pieces[-50:]):
        stripped = piece.rstrip()
        if stripped:
            return stripped[-1]
    return ""


def _skip_blank(text: str, index: int) -> int:
    """Skips spaces and comments, to see what follows a comma."""
    length = len(text)
    while index < length:
        if text[index].isspace():
            index += 1
            continue
        end = _comment_end(text, index)
        if end == index:
            break
        index = end
    return index


def loads_lenient(text: str) -> object:
    """Reads JSON as judges write it: comments, trailing commas, smart or single quotes.

    Args:
        text: One JSON value.

    Returns:
        The decoded value.

    Raises:
        ValueError: The text cannot be read even leniently.
    """
    last_error: Exception = ValueError("empty")
    # Cheapest first: most judges write valid JSON, and cleaning costs a pass over it.
    for step in range(3):
        candidate = text if step == 0 else _clean(text, loose_quotes=step == 2)
        try:
            return json.loads(candidate, strict=False)
        except (ValueError, RecursionError) as error:
            last_error = error
    raise ValueError(str(last_error))


def find_json_objects(text: str) -> JsonScan:
    """Finds the JSON objects in a reply: fenced, bare, or surrounded by prose.

    Args:
        text: The reply with its reasoning already removed.

    Returns:
        The readable top-level objects and what could not be read.
    """
    spans, unclosed = _spans(text)
    scan = JsonScan(unclosed=unclosed)
    colons = [match.start() for match in re.finditer(r"[:：]", text)]
    covered_until = -1
    # Outer spans come first; when one cannot be read, the objects inside it still can.
    for start, end in sorted(spans):
        if start < covered_until or scan.unreadable >= _MAX_FAILED_ATTEMPTS:
            continue
        # An object without a colon holds no key; skipping it without slicing keeps
        # deeply nested braces linear.
        first_colon = bisect.bisect_left(colons, start)
        if first_colon == len(colons) or colons[first_colon] >= end:
            continue
        body = text[start:end]
        try:
            value = loads_lenient(body)
        except ValueError:
            scan.unreadable += 1
            continue
        if isinstance(value, dict):
            scan.objects.append({str(key): item for key, item in value.items()})
            covered_until = end
    return scan
