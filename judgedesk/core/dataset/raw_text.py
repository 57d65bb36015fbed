"""Looking for a query in the raw text of JSON records, without parsing them."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from typing import AnyStr, Generic

_MAX_KEYS = 16


class Tokens(Generic[AnyStr]):
    """The JSON punctuation the raw-text check looks at, as bytes or as text."""

    def __init__(self, quote: AnyStr, backslash: AnyStr, colon: AnyStr, space: AnyStr) -> None:
        self.quote: AnyStr = quote
        self.backslash: AnyStr = backslash
        self.escaped_quote: AnyStr = backslash + quote
        # re finds a two-character pattern about twice as fast as bytes.find.
        self.escaped_backslash: re.Pattern[AnyStr] = re.compile(re.escape(backslash + backslash))
        self.colon: AnyStr = colon
        self.space: AnyStr = space


BYTE_TOKENS = Tokens(b'"', b"\\", b":", b" \t\r")
TEXT_TOKENS = Tokens('"', "\\", ":", " \t\r")


def value_hit(
    hay: AnyStr,
    needle: AnyStr,
    begin: int,
    end: int,
    tokens: Tokens[AnyStr],
    keys: dict[AnyStr, int] | None = None,
) -> bool | None:
    """Whether ``needle`` occurs inside a string value of the record ``hay[begin:end]``.

    The record must hold no ``\\u`` escape and ``needle`` no character JSON escapes.
    Keys found holding the needle are added to ``keys`` as ``"key":`` with how many
    times they hold it.

    Returns:
        True or False, or None when only parsing the record can tell (the needle is in a
        number or true/false/null, or the record has escaped backslashes).
    """
    at = hay.find(needle, begin, end)
    if at < 0:
        return False
    escapes = hay.find(tokens.backslash, begin, end) >= 0
    if escapes and tokens.escaped_backslash.search(hay, begin, end):
        return None  # a quote after \\ would look escaped: let the parser decide
    position, quotes = begin, 0
    while at >= 0:
        # An occurrence starting on an escape's letter (the n of \n) is not one.
        if not escapes or hay[at - 1 : at] != tokens.backslash:
            quotes += hay.count(tokens.quote, position, at)
            if escapes:
                quotes -= hay.count(tokens.escaped_quote, position, at)
            position = at
            if quotes % 2 == 0:
                return None  # outside strings: in a number or a literal
            close = hay.find(tokens.quote, at + len(needle), end)
            while escapes and close > 0 and hay[close - 1 : close] == tokens.backslash:
                close = hay.find(tokens.quote, close + 1, end)
            if close < 0:
                return None
            after = close + 1
            while after < end and hay[after : after + 1] in tokens.space:
                after += 1
            if hay[after : after + 1] != tokens.colon:
                return True  # in a value, not in a key
            opening = hay.rfind(tokens.quote, begin, at)
            if (
                keys is not None
                and after == close + 1
                and len(keys) < _MAX_KEYS
                and (not escapes or hay[opening - 1 : opening] != tokens.backslash)
            ):
                key = hay[opening : after + 1]
                keys[key] = key.count(needle)
        at = hay.find(needle, at + 1, end)
    return False


def longest_piece(needle: str) -> bytes | None:
    """The longest run of the needle surely found in the lower-cased raw text of a match.

    ASCII letters are lower-cased in the bytes as in the text, and characters without
    case are written as they are; any other character (é, σ, ß) ends a run.
    """
    best = ""
    run = ""
    for char in needle:
        if char.isascii() or _caseless(char):
            run += char
        else:
            best, run = max(best, run, key=len), ""
    best = max(best, run, key=len)
    return best.encode() if best else None


def _caseless(char: str) -> bool:
    # No other character lower-cases to one of these, so the text holds it as typed
    # (U+0307, the dot "İ".lower() adds, is safe since the search's ``_fold`` keeps "İ").
    return char.lower() == char == char.upper()


def finder(hay: bytes, what: bytes | re.Pattern[bytes]) -> Callable[[int], int]:
    """``find(start)``: where ``what`` next occurs in ``hay`` from ``start``, or -1."""
    if isinstance(what, bytes) and len(what) > 3:
        # bytes.find skips ahead on long pieces; re is quicker at two or three bytes.
        return lambda start: hay.find(what, start)
    search = (re.compile(re.escape(what)) if isinstance(what, bytes) else what).search

    def find(start: int) -> int:
        match = search(hay, start)
        return -1 if match is None else match.start()

    return find


def records_holding(
    find: Callable[[int], int], starts: Sequence[int], ends: Sequence[int]
) -> Iterator[int]:
    """The positions (in ``starts``) of the records whose text ``find`` finds something in."""
    at = find(0)
    while at >= 0:
        record = bisect_right(starts, at) - 1
        if record >= 0 and at < ends[record]:
            yield record
            at = find(ends[record])
        else:  # a skipped line between two records
            at = find(at + 1)
