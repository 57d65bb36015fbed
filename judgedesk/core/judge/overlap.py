"""How a response overlaps a reference: normalised answers, whole words, chrF and BLEU."""

from __future__ import annotations

import math
import operator
import re
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import compress
from typing import Any, TypeAlias

from judgedesk.core.judge.tokenizers import BLEU_TOKENIZERS

__all__ = [
    "contains_words",
    "normalize_answer",
    "sentence_bleu",
    "sentence_chrf",
]

# --- answers ---------------------------------------------------------------------------

# Characters taken off both ends of an answer: quotes of many scripts, and Markdown's
# emphasis and code marks, which chat models like to wrap a short answer in.
_WRAPPERS = "\"'`*“”‘’„‚«»‹›「」『』"
# Taken off the end only (after NFKC, full-width marks are already ASCII).
_FINAL_MARKS = ".,;:!?。、…"
# Scripts written without spaces between words: no word boundary is required there.
_UNSPACED = re.compile(
    "[\u0e00-\u0eff\u1000-\u109f\u1100-\u11ff\u1780-\u17ff\u2e80-\u2fdf\u3040-\u30ff"
    "\u3100-\u312f\u3190-\u31ff\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7ff"
    "\uf900-\ufaff\U00020000-\U0003134f]"
)


def normalize_answer(text: str) -> str:
    """Bring an answer to a canonical form for comparison.

    NFKC (so full-width "１２" is "12"), case folding, single spaces, and no surrounding
    quotes, Markdown marks or final punctuation.

    Args:
        text: An answer or a reference.

    Returns:
        The normalised text, possibly empty.
    """
    text = " ".join(unicodedata.normalize("NFKC", text).casefold().split())
    while True:
        trimmed = text.strip(_WRAPPERS).rstrip(_FINAL_MARKS).strip()
        if trimmed == text:
            return text
        text = trimmed


def _is_word_char(char: str) -> bool:
    return char.isalnum() and not _UNSPACED.match(char)


def _continues_number(text: str, mark_at: int, digit_at: int) -> bool:
    """True when ``text[mark_at]`` is a decimal or thousands mark with a digit beyond it."""
    return 0 <= digit_at < len(text) and text[mark_at] in ".," and text[digit_at].isdecimal()


def contains_words(haystack: str, needle: str) -> bool:
    """Whether needle occurs in haystack without being part of a longer word or number.

    A boundary is required only at an end of needle that is a letter or digit of a script
    written with spaces, so "4" is not found in "14" or "4.5", but "北京" is found in
    "北京市" and "4" in "答案是4个".

    Args:
        haystack: The text searched, usually normalised with ``normalize_answer``.
        needle: The text looked for, not empty.

    Returns:
        True when some occurrence stands on its own.
    """
    guard_start = _is_word_char(needle[0])
    guard_end = _is_word_char(needle[-1])
    start = haystack.find(needle)
    while start >= 0:
        end = start + len(needle)
        ok = True
        if guard_start and start > 0:
            before = start - 1
            ok = not _is_word_char(haystack[before]) and not (
                needle[0].isdecimal() and _continues_number(haystack, before, before - 1)
            )
        if ok and guard_end and end < len(haystack):
            ok = not _is_word_char(haystack[end]) and not (
                needle[-1].isdecimal() and _continues_number(haystack, end, end + 1)
            )
        if ok:
            return True
        start = haystack.find(needle, start + 1)
    return False


# --- n-gram counting ---------------------------------------------------------------------
# chrF and BLEU below are pure Python (sacreBLEU pulls numpy and lxml into the app) and give
# the same numbers as sacreBLEU 2.x; tests/core/test_metrics_overlap.py checks it.


@dataclass(frozen=True)
class _Grams:
    """N-gram counts of one text; a key's length (characters or words) is its order."""

    counts: Counter[Any]
    repeated: frozenset[Any]  # the n-grams seen more than once

    @classmethod
    def of(cls, grams: list[Any]) -> _Grams:
        counts = Counter(grams)
        return cls(counts, frozenset(compress(counts, map((1).__lt__, counts.values()))))

    def hits_by_order(self, other: _Grams) -> Counter[int]:
        """How many n-grams of each order the two texts share (the smaller count of each)."""
        # The counting runs in C: every shared n-gram counts once, then the few seen more
        # than once on both sides add the rest of their smaller count.
        hits = Counter(map(len, self.counts.keys() & other.counts.keys()))
        for gram in self.repeated & other.repeated:
            hits[len(gram)] += min(self.counts[gram], other.counts[gram]) - 1
        return hits


_NO_GRAMS = _Grams(Counter(), frozenset())

# --- BLEU --------------------------------------------------------------------------------

_BLEU_ORDER = 4
WordGrams: TypeAlias = Counter[tuple[str, ...]]


def _word_grams(words: Sequence[str], max_order: int) -> list[tuple[str, ...]]:
    """Every run of 1 to max_order consecutive words, as tuples."""
    grams: list[tuple[str, ...]] = []
    for order in range(1, max_order + 1):
        grams += zip(*(words[start:] for start in range(order)), strict=False)
    return grams


def _bleu_profile(text: str, tokenize: str, lowercase: bool) -> tuple[_Grams, int]:
    """The word 1- to 4-grams of a segment, and its length in tokens."""
    if lowercase:
        text = text.lower()
    tokens = BLEU_TOKENIZERS[tokenize](text.rstrip()).split()
    return _Grams.of(_word_grams(tokens, _BLEU_ORDER)), len(tokens)


def _closest_length(hyp_len: int, ref_lens: Sequence[int]) -> int:
    """The reference length nearest the hypothesis length; the shorter one on a tie."""
    return min(ref_lens, key=lambda ref_len: (abs(hyp_len - ref_len), ref_len))


def sentence_bleu(
    hypothesis: str,
    references: Sequence[str],
    *,
    tokenize: str = "13a",
    lowercase: bool = False,
) -> float:
    """BLEU of one sentence as sacreBLEU's ``sentence_bleu`` computes it.

    That is: four n-gram orders, "exp" smoothing (an order with no match counts as
    ``1 / (2^k · total)`` for the k-th such order), the effective order (orders the
    hypothesis is too short to have are left out) and the brevity penalty against the
    closest reference length. Several references pool their n-gram counts.

    Args:
        hypothesis: The text being scored.
        references: One or more reference texts.
        tokenize: "13a" (default), "zh" for Chinese, "char" or "none".
        lowercase: Compare in lower case.

    Returns:
        The score, from 0 to 100.
    """
    if not references:
        return 0.0
    hyp, hyp_len = _bleu_profile(hypothesis, tokenize, lowercase)
    profiles = [_bleu_profile(reference, tokenize, lowercase) for reference in references]
    ref = profiles[0][0]
    if len(profiles) > 1:
        # Several references pool their n-grams, each at its largest count in any one.
        pooled: WordGrams = Counter()
        for grams, _ in profiles:
            pooled |= grams.counts
        ref = _Grams.of(list(pooled.elements()))
    ref_len = _closest_length(hyp_len, [length for _, length in profiles])

    shared = hyp.hits_by_order(ref)
    correct = [shared[order] for order in range(1, _BLEU_ORDER + 1)]
    if not any(correct):
        return 0.0
    total = [max(0, hyp_len - order) for order in range(_BLEU_ORDER)]

    penalty = 1.0
    if hyp_len < ref_len:
        penalty = math.exp(1 - ref_len / hyp_len)
    precisions: list[float] = []
    smoothing = 1.0
    for hits, count in zip(correct, total, strict=True):
        if count == 0:
            break
        if hits == 0:
            smoothing *= 2
            precisions.append(100.0 / (smoothing * count))
        else:
            precisions.append(100.0 * hits / count)
    score = penalty * math.exp(sum([math.log(p) for p in precisions]) / len(precisions))
    # exp(log(100)) is 100.00000000000004; keep the promise of a 0–100 scale.
    return min(score, 100.0)


# --- chrF --------------------------------------------------------------------------------

_PUNCTUATION = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")


def _chrf_words(text: str) -> list[str]:
    """Split on spaces, setting apart one punctuation mark at the end or else the start.

    This is chrF++'s own simple word splitting ("(hi)" gives "(hi" and ")").
    """
    words: list[str] = []
    for word in text.split():
        if len(word) > 1 and word[-1] in _PUNCTUATION:
            words += (word[:-1], word[-1])
        elif len(word) > 1 and word[0] in _PUNCTUATION:
            words += (word[0], word[1:])
        else:
            words.append(word)
    return words


@dataclass(frozen=True)
class _ChrfProfile:
    chars: _Grams  # character n-grams of every order, spaces left out
    words: _Grams  # word n-grams of every order (chrF++ only)
    totals: tuple[int, ...]  # how many n-grams of each order: characters first, then words


def _chrf_profile(text: str, char_order: int, word_order: int) -> _ChrfProfile:
    chars = "".join(text.split())  # chrF ignores spaces
    char_grams: list[str] = list(chars)
    shorter = char_grams
    for order in range(2, char_order + 1):
        # Each n-gram is an (n-1)-gram plus the character that follows it.
        shorter = list(map(operator.add, shorter, chars[order - 1 :]))
        char_grams.extend(shorter)
    totals = [max(0, len(chars) - order) for order in range(char_order)]
    word_grams = _NO_GRAMS
    if word_order:
        words = _chrf_words(text)
        totals += [max(0, len(words) - order) for order in range(word_order)]
        word_grams = _Grams.of(_word_grams(words, word_order))
    return _ChrfProfile(_Grams.of(char_grams), word_grams, tuple(totals))


def _chrf_score(hyp: _ChrfProfile, ref: _ChrfProfile, char_order: int, beta: float) -> float:
    hits = [0] * len(hyp.totals)
    for order, count in hyp.chars.hits_by_order(ref.chars).items():
        hits[order - 1] = count
    if hyp.words.counts:
        for order, count in hyp.words.hits_by_order(ref.words).items():
            hits[char_order + order - 1] = count
    # Precision and recall are averaged over the orders both sides have n-grams of
    # (sacreBLEU's default "effective order"), then combined into one F-beta.
    precision_sum = recall_sum = 0.0
    orders = 0
    for hit, hyp_total, ref_total in zip(hits, hyp.totals, ref.totals, strict=True):
        if hyp_total and ref_total:
            precision_sum += hit / hyp_total
            recall_sum += hit / ref_total
            orders += 1
    if not orders:
        return 0.0
    precision = precision_sum / orders
    recall = recall_sum / orders
    if not precision + recall:
        return 0.0
    factor = beta**2
    score = (1 + factor) * precision * recall
    score /= factor * precision + recall
    return 100 * score


def sentence_chrf(
    hypothesis: str,
    references: Sequence[str],
    *,
    char_order: int = 6,
    word_order: int = 0,
    beta: float = 2,
    lowercase: bool = False,
) -> float:
    """chrF (or chrF++ with ``word_order=2``) of one sentence, as sacreBLEU computes it.

    Args:
        hypothesis: The text being scored.
        references: One or more reference texts; the best-scoring one counts.
        char_order: The longest character n-gram (6 in chrF).
        word_order: The longest word n-gram (0 in chrF, 2 in chrF++).
        beta: How many times more recall weighs than precision.
        lowercase: Compare in lower case.

    Returns:
        The score, from 0 to 100.
    """
    if lowercase:
        hypothesis = hypothesis.lower()
    hyp = _chrf_profile(hypothesis, char_order, word_order)
    best = 0.0
    for reference in references:
        if lowercase:
            reference = reference.lower()
        ref = _chrf_profile(reference, char_order, word_order)
        best = max(best, _chrf_score(hyp, ref, char_order, beta))
    return best
