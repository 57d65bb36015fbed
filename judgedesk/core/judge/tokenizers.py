"""Tokenizers for sentence BLEU, matching sacreBLEU's "13a", "zh", "char" and "none".

They follow mteval-v13a (the WMT reference tokenizer) the way sacreBLEU applies it; every
quirk is kept on purpose, because a score that differs from sacreBLEU's by a token would
make our numbers impossible to compare with published ones.
"""

from __future__ import annotations

import re
from collections.abc import Callable

__all__ = ["BLEU_TOKENIZERS", "tokenize_13a", "tokenize_zh"]

# Every printable ASCII symbol except the apostrophe, comma, hyphen and period (those get
# their own rules below), and the plain space, is set apart as a token of its own.
_SYMBOLS = "".join(
    chr(code) for code in range(0x20, 0x7F) if not chr(code).isalnum() and chr(code) not in "',-."
)
_SPACED_SYMBOLS = str.maketrans({symbol: f" {symbol} " for symbol in _SYMBOLS})
# A period or comma is split off unless it sits inside a number ("3.14", "1,000").
_STOP_AFTER_NON_DIGIT = re.compile(r"([^0-9])([.,])")
_STOP_BEFORE_NON_DIGIT = re.compile(r"([.,])([^0-9])")
_DASH_AFTER_DIGIT = re.compile(r"([0-9])(-)")

# Characters the "zh" tokenizer treats one by one. sacreBLEU's table was meant to include
# the CJK extension planes, but two of its bounds were written as five-digit "\u" escapes,
# which Python reads as a BMP character followed by a digit; the ranges it really applies
# are the ones below (U+2001–U+2A6D and U+2F81–U+2FA1 come from those two entries).
_ZH_RANGES = (
    (0x3400, 0x4DB5),
    (0x4E00, 0x9FA5),
    (0x9FA6, 0x9FBB),
    (0xF900, 0xFA2D),
    (0xFA30, 0xFA6A),
    (0xFA70, 0xFAD9),
    (0x2001, 0x2A6D),
    (0x2F81, 0x2FA1),
    (0xFF00, 0xFFEF),
    (0x2E80, 0x2EFF),
    (0x3000, 0x303F),
    (0x31C0, 0x31EF),
    (0x2F00, 0x2FDF),
    (0x2FF0, 0x2FFF),
    (0x3100, 0x312F),
    (0x31A0, 0x31BF),
    (0xFE10, 0xFE1F),
    (0xFE30, 0xFE4F),
    (0x2600, 0x26FF),
    (0x2700, 0x27BF),
    (0x3200, 0x32FF),
    (0x3300, 0x33FF),
)
_ZH_CHAR = re.compile(
    "[" + "".join(f"\\u{low:04x}-\\u{high:04x}" for low, high in _ZH_RANGES) + "]"
)


def _split_symbols(line: str) -> str:
    """Apply the language-dependent part of mteval-v13a and squeeze the spaces."""
    line = line.translate(_SPACED_SYMBOLS)
    if "." in line or "," in line:
        line = _STOP_AFTER_NON_DIGIT.sub(r"\1 \2 ", line)
        line = _STOP_BEFORE_NON_DIGIT.sub(r" \1 \2", line)
    if "-" in line:
        line = _DASH_AFTER_DIGIT.sub(r"\1 \2 ", line)
    return " ".join(line.split())


def tokenize_13a(line: str) -> str:
    """Tokenize a line like mteval-v13a (sacreBLEU's default "13a" tokenizer).

    Args:
        line: One segment of text.

    Returns:
        The tokens joined by single spaces.
    """
    line = line.replace("<skipped>", "").replace("-\n", "").replace("\n", " ")
    if "&" in line:
        # The order matters: "&amp;lt;" becomes "&lt;", then "<", as in mteval.
        for entity, char in (("&quot;", '"'), ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">")):
            line = line.replace(entity, char)
    return _split_symbols(f" {line} ")


def tokenize_zh(line: str) -> str:
    """Tokenize Chinese text: each CJK character is a token, the rest goes through 13a.

    Args:
        line: One segment of text.

    Returns:
        The tokens joined by single spaces.
    """
    return _split_symbols(_ZH_CHAR.sub(r" \g<0> ", line.strip()))


def _tokenize_chars(line: str) -> str:
    return " ".join(line)


def _tokenize_none(line: str) -> str:
    return line


BLEU_TOKENIZERS: dict[str, Callable[[str], str]] = {
    "13a": tokenize_13a,
    "zh": tokenize_zh,
    "char": _tokenize_chars,
    "none": _tokenize_none,
}
