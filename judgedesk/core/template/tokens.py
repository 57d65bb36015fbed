"""A rough count of the tokens a text costs a judge model, without any tokenizer."""

from __future__ import annotations

import math
import re

# Scripts where one character is about one token in common tokenizers: Chinese,
# Japanese kana, Korean Hangul, and their full-width punctuation.
_DENSE = re.compile(
    "["
    "\u1100-\u11ff"  # Hangul Jamo
    "\u2e80-\u2fdf"  # CJK radicals
    "\u3000-\u303f"  # CJK symbols and punctuation
    "\u3040-\u30ff"  # Hiragana, Katakana
    "\u3100-\u312f"  # Bopomofo
    "\u3130-\u318f"  # Hangul compatibility Jamo
    "\u31f0-\u31ff"  # Katakana extensions
    "\u3400-\u4dbf"  # CJK extension A
    "\u4e00-\u9fff"  # CJK unified ideographs
    "\uac00-\ud7af"  # Hangul syllables
    "\uf900-\ufaff"  # CJK compatibility ideographs
    "\uff00-\uffef"  # half-width and full-width forms
    "\U00020000-\U0003134f"  # CJK extensions B to G
    "]"
)
CHARS_PER_TOKEN = 4
"""Characters of English (and other alphabetic) text per token, on average."""


def estimate_tokens(text: str) -> int:
    """Estimate how many tokens ``text`` is for a typical judge model.

    Alphabetic text counts about four characters per token; each Chinese, Japanese or
    Korean character counts one. Real tokenizers differ by model, so this is for showing
    the size of a prompt, not for billing.
    """
    if not text:
        return 0
    rest, dense = _DENSE.subn("", text)
    return dense + math.ceil(len(rest) / CHARS_PER_TOKEN)
