"""A verdict among a reply's tokens: where it is written, and the probability each verdict
the reader allows had at that place.

The tokens a server gives with ``logprobs`` must make the reply; from the token where the
verdict starts, the sampled path is followed token by token ("1" then "0" for a "10"),
and at each step the alternatives that complete an allowed verdict add their probability
(times that of the path so far). What cannot be read raises :class:`Unreadable`, whose
message is the note a verdict keeps.
"""

from __future__ import annotations

import functools
import math
import re
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from itertools import accumulate
from typing import Any

from judgedesk.core.judge.parsers.common import VerdictValue

NOT_READABLE = "probabilities not readable here"


class Unreadable(Exception):
    """The tokens cannot be read; the message is the note kept."""


class _Scale:
    """The allowed verdicts arranged for reading tokens: each written form's label, the
    signs that could lengthen one, and which forms go on from each beginning."""

    def __init__(self, allowed: Mapping[str, tuple[str, VerdictValue]]) -> None:
        self.labels = {text: label for text, (label, _value) in allowed.items()}
        self.longest = max(map(len, self.labels), default=0)
        self.signs = frozenset(c for text in self.labels for c in text if not c.isalnum())
        self.going_on: dict[str, list[str]] = {}
        for text in self.labels:
            for end in range(1, len(text)):
                self.going_on.setdefault(text[:end], []).append(text)

    def complete(self, text: str) -> str | None:
        """The form ``text`` writes in full, followed by nothing that could lengthen it."""
        if text in self.labels:
            return text
        for end in range(min(len(text) - 1, self.longest), 0, -1):
            after = text[end]
            if text[:end] in self.labels and not (after.isalnum() or after in self.signs):
                return text[:end]
        return None

    def only_one(self, text: str) -> str | None:
        """The one form going on from ``text`` (a first token only one verdict goes on
        from), or None."""
        forms = self.going_on.get(text)
        return forms[0] if forms is not None and len(forms) == 1 else None


@functools.lru_cache(maxsize=64)
def _scale(forms: tuple[tuple[str, str], ...]) -> _Scale:
    return _Scale({text: (label, 0) for text, label in forms})


def tokens_of(content: str, logprobs: Sequence[Mapping[str, Any]]) -> tuple[list[str], int]:
    """The tokens' texts, and where the content starts among them.

    Raises:
        Unreadable: the tokens are not text, or do not make the content.
    """
    try:
        texts: list[str] = [entry["token"] for entry in logprobs]
        whole = "".join(texts)
    except (TypeError, KeyError):
        raise Unreadable("the server's tokens are not text; the sampled verdict is kept") from None
    # The content is the reply with its reasoning (before it) and outer spaces taken out.
    answer = whole.rstrip()
    if not content or not answer.endswith(content):
        raise Unreadable("the tokens do not make the reply; the sampled verdict is kept")
    return texts, len(answer) - len(content)


def found_at(
    content: str,
    spans: Sequence[tuple[int, int]],
    forms: Sequence[str],
    allowed: Mapping[str, tuple[str, VerdictValue]],
) -> tuple[int, str] | None:
    """Where the reader found the verdict: the place it names when one of ``forms`` is
    written there, or stands in it ("Output (a)", a JSON value, holds the "a"); None
    when it is not there (a reader that rewrote the text, such as "≫" into ">>", may
    point elsewhere)."""
    for start, end in spans:
        written = content[start:end]
        if written in forms:
            return start, written
        inside = last_place(written, forms, allowed)
        if inside is not None:
            return start + inside[0], inside[1]
    return None


def last_place(
    content: str, forms: Sequence[str], allowed: Mapping[str, tuple[str, VerdictValue]]
) -> tuple[int, str] | None:
    """The last place one of ``forms`` stands in ``content``, and which; None when none
    does."""
    places = [
        (place, form) for form in forms if (place := place_of(content, form, allowed)) is not None
    ]
    return max(places) if places else None


def mass_at(
    start: int,
    texts: Sequence[str],
    logprobs: Sequence[Mapping[str, Any]],
    allowed: Mapping[str, tuple[str, VerdictValue]],
) -> dict[str, float]:
    """The (not renormalised) probability of each allowed label at the verdict written
    from ``start`` in the tokens' text.

    Raises:
        Unreadable: a log-probability that is not a number at or below 0, or the
            verdict cannot be read along the tokens.
    """
    whole = "".join(texts)
    starts = [0, *accumulate(map(len, texts))][:-1]
    index = bisect_right(starts, start) - 1
    while index < len(texts) - 1 and starts[index] + len(texts[index]) <= start:
        index += 1  # empty tokens before the verdict
    prefix = whole[starts[index] : start]
    scale = _scale(tuple((text, label) for text, (label, _value) in allowed.items()))
    labels = scale.labels
    mass: dict[str, float] = {}
    consumed = ""
    path = 1.0
    for position in range(index, len(texts)):
        sampled, alternatives = _alternatives(logprobs[position])
        if position == index:
            sampled = sampled[len(prefix) :]
            alternatives = _after_prefix(alternatives, prefix)
        for text, p in alternatives.items():
            if text == sampled or not (consumed + text):
                continue
            found = scale.complete(consumed + text) or scale.only_one(consumed + text)
            if found is not None:
                mass[labels[found]] = mass.get(labels[found], 0.0) + path * p
        new = consumed + sampled
        p_sampled = alternatives.get(sampled, 0.0)
        longer = scale.going_on.get(new)
        found = scale.complete(new)
        if found is not None and (found != new or not longer):
            mass[labels[found]] = mass.get(labels[found], 0.0) + path * p_sampled
            return mass
        if not longer:
            return mass  # the sampled token is no verdict; its alternatives were counted
        path *= p_sampled
        consumed = new
    if consumed in labels:
        mass[labels[consumed]] = mass.get(labels[consumed], 0.0) + path
        return mass
    raise Unreadable(NOT_READABLE)


def place_of(
    content: str, written: str, allowed: Mapping[str, tuple[str, VerdictValue]]
) -> int | None:
    """Where the verdict is written in the content: its last standing occurrence (the
    readers take the last verdict)."""
    pattern = _standing(written, "".join(sorted({c for text in allowed for c in text})))
    last = None
    for match in pattern.finditer(content):
        last = match.start()
    if last is None and written[-1:].isdigit():
        # "7." ending a sentence: the full stop is not part of the number.
        for match in re.finditer(rf"(?<![\w.]){re.escape(written)}(?![\w])", content):
            last = match.start()
    return last


@functools.lru_cache(maxsize=256)
def _standing(written: str, chars: str) -> re.Pattern[str]:
    """``written`` standing alone: not inside a longer number, word or label."""
    signs = "".join(re.escape(c) for c in chars if not c.isalnum())
    edge = rf"[\w.{signs}]"
    return re.compile(rf"(?<!{edge}){re.escape(written)}(?!{edge})")


def _alternatives(entry: Mapping[str, Any]) -> tuple[str, dict[str, float]]:
    """The sampled token and every alternative's probability (the sampled included).

    Raises:
        Unreadable: a log-probability that is not a number at or below 0.
    """
    sampled = str(entry.get("token"))
    probabilities: dict[str, float] = {}
    top = entry.get("top_logprobs")
    for alternative in top if isinstance(top, list) else ():
        if not isinstance(alternative, dict) or not isinstance(alternative.get("token"), str):
            continue
        text = alternative["token"]
        probabilities.setdefault(text, _probability(alternative.get("logprob")))
    probabilities[sampled] = _probability(entry.get("logprob"))
    return sampled, probabilities


def _probability(logprob: object) -> float:
    if isinstance(logprob, bool) or not isinstance(logprob, int | float):
        raise Unreadable("a log-probability is not a number; the sampled verdict is kept")
    if math.isnan(logprob) or logprob > 0:
        raise Unreadable(
            f"a log-probability is {logprob!r}, not a number at or below 0; the sampled "
            "verdict is kept"
        )
    return math.exp(logprob)


def _after_prefix(alternatives: dict[str, float], prefix: str) -> dict[str, float]:
    """The alternatives at the verdict's first token, without the text before the verdict
    (alternatives not starting with it are no verdict in this place)."""
    if not prefix:
        return alternatives
    kept: dict[str, float] = {}
    blank = not prefix.strip()
    for text, p in alternatives.items():
        if text.startswith(prefix):
            rest = text[len(prefix) :]
        elif blank:
            rest = text.lstrip()  # " 7" and "7" both put a 7 after the space
        else:
            continue
        kept[rest] = kept.get(rest, 0.0) + p
    return kept
