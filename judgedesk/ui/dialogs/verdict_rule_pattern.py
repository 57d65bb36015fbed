"""Rule patterns made without writing one: common formats, and a verdict selected in a reply."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any

CONTEXT_CHARS = 20
"""At most this many characters before the verdict are kept as its fixed surroundings."""

# Common formats judges are asked to answer in: each fills a whole rule.
PRESET_TABLES: dict[str, dict[str, Any]] = {
    "mtbench": {
        "kind": "pairwise",
        "pattern": r"\[\[([ABC])\]\]",
        "pick": "last",
        "map": {"A": "A>B", "B": "B>A", "C": "A=B"},
    },
    "prometheus": {
        "kind": "score",
        "pattern": r"\[RESULT\]\s*(\d+)",
        "pick": "last",
        "min": 1,
        "max": 5,
    },
    "llmbar": {
        "kind": "pairwise",
        "pattern": r"Output \((a|b)\)",
        "pick": "last",
        "map": {"a": "A>B", "b": "B>A"},
    },
    "out_of_10": {
        "kind": "score",
        "pattern": r"(?i)score\s*[:：]?\s*(\d+(?:\.\d+)?)\s*(?:out of|/)\s*10\b",
        "pick": "last",
        "min": 0,
        "max": 10,
    },
    "json": {"kind": "score", "path": "score", "pick": "last"},
    "yes_no": {"kind": "correctness", "pattern": r"(?i)\b(yes|no)\b", "pick": "last"},
    "labels": {"kind": "label", "pattern": r"(?i)label\s*[:：]\s*([\w-]+)", "pick": "last"},
}

_NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?")
_WORD = re.compile(r"\w+")
_CONTEXT_BEFORE = re.compile(r"(?:\w+[^\w\n]*|[^\w\n]+)$")
_CLOSING = re.compile(r"""[)\]}>"'”’»」』】》*`]+""")
_SPACES = re.compile(r"\s+")


class SelectionProblem(ValueError):
    """The selection cannot be a verdict: ``why`` is "empty" or "lines"."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


@dataclass(frozen=True)
class SelectedVerdict:
    """A pattern that finds a selected verdict, and the verdict as selected.

    Attributes:
        pattern: the regular expression; its group 1 is the verdict.
        label: the selected text, as the rule will compare it.
        number: True when the selection is a number.
    """

    pattern: str
    label: str
    number: bool


def pattern_from_selection(text: str, start: int, end: int) -> SelectedVerdict:
    """A pattern that reads the verdict selected in ``text[start:end]``, and ones like it.

    The text around the verdict on its line is what stays the same from one reply to
    the next ("Score: [[" … "]]", "Output (" … ")"); the verdict itself is what
    changes. So the pattern is made of:

    - before the verdict: the last word on its line before the selection and whatever
      separates that word from the selection (at most ``CONTEXT_CHARS`` characters),
      matched literally, with any run of spaces matching any spacing and letters in any
      case. Double square brackets right before it are kept alone ("[[", the usual
      way judges mark a verdict, whatever word precedes them). With nothing but spaces
      before it, the verdict must start its line, and then, with nothing after it
      either, be alone on its line;
    - the verdict: a number class when a number is selected, a word class for a word,
      any characters other than spaces for a token such as ``A>>B``, or any text up to
      the closing marks after it for several words;
    - after the verdict: the closing marks right after it, as long as they repeat one
      character ("]]", ")", '"', "**"), matched literally, so that a token class stops
      there.

    Replies are read with full-width forms narrowed (NFKC), so the surroundings are
    narrowed the same way ("结论：" is matched as "结论:").

    Raises:
        SelectionProblem: nothing but spaces is selected, or the selection spans lines.
    """
    chosen = text[start:end]
    start += len(chosen) - len(chosen.lstrip())
    chosen = chosen.strip()
    end = start + len(chosen)
    if not chosen:
        raise SelectionProblem("empty")
    if "\n" in chosen or "\u2029" in chosen:
        raise SelectionProblem("lines")
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    before = _narrow(text[line_start:start])
    after = _narrow(text[end : len(text) if line_end == -1 else line_end])
    label = _narrow(chosen)

    found = _CONTEXT_BEFORE.search(before) if before.strip() else None
    lead = found.group(0)[-CONTEXT_CHARS:].lstrip() if found else ""
    if lead.rstrip().endswith("[["):
        lead = "[["
    closing = _CLOSING.match(after)
    trail = closing.group(0) if closing else ""
    trail = trail[: len(trail) - len(trail.lstrip(trail[:1]))]
    is_number = _NUMBER.fullmatch(label) is not None
    if is_number:
        group = r"([-+]?\d+(?:\.\d+)?)"
    elif _WORD.fullmatch(label):
        group = r"(\w+)"
    elif not _SPACES.search(label):
        group = r"(\S+?)" if trail else r"(\S+)"
    else:
        group = r"(.+?)" if trail else r"(.+)"
    head, tail = _literal(lead), _literal(trail)
    flags = "i" if re.search(r"[^\W\d_]", lead + trail) else ""
    if not lead:
        flags += "m"
        head = r"^\s*"
        if not after[len(trail) :].strip():
            tail += r"\s*$"
    return SelectedVerdict((f"(?{flags})" if flags else "") + head + group + tail, label, is_number)


def _narrow(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


def _literal(text: str) -> str:
    """``text`` as a pattern: characters taken literally, spacing taken loosely."""
    parts = _SPACES.split(text)
    return r"\s*".join(re.escape(part) for part in parts)


def utf16_to_index(text: str, position: int) -> int:
    """A Qt text position (counted in UTF-16 units) as an index into ``text``."""
    if text.isascii():
        return position
    return len(text.encode("utf-16-le")[: 2 * position].decode("utf-16-le", errors="ignore"))
