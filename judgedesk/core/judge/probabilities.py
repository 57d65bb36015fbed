"""A verdict's probabilities, read from the log-probabilities of the reply's tokens.

A judge asked with ``logprobs`` gets, at each token of its reply, the most likely
alternatives. At the token(s) that carry the verdict these say how likely each other
verdict was: the alternatives the reader allows (the scale's numbers, the comparison's
labels, A/B …) are kept and renormalised. A score then becomes the expected score, a label
the most probable one, a pair gets the probability that B is better; every verdict gets
its confidence, and the sampled verdict is kept beside.

Reading never fails: a reply whose tokens do not make its content, log-probabilities that
are not numbers at or below 0, or alternatives naming no allowed verdict leave the sampled
verdict as it was, with the reason in ``note``.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from judgedesk.core.judge.parsers.common import Verdict, VerdictValue
from judgedesk.core.judge.parsers.pairwise import CHOICE_SCALE, COMPARISON_SCALE, TIE
from judgedesk.core.judge.parsers.rule import PAIR_LABELS, VerdictRule
from judgedesk.core.judge.verdict_tokens import (
    NOT_READABLE,
    Unreadable,
    found_at,
    last_place,
    mass_at,
    tokens_of,
)

NO_PROBABILITIES = "no probabilities from this server"

# Written form -> (label, value) for the readers whose verdicts are a fixed set of words.
_LABELS: dict[str, dict[str, tuple[str, VerdictValue]]] = {
    "comparison": {label: (label, value) for label, value in COMPARISON_SCALE.items()},
    "choice5": {label: (label, value) for label, value in CHOICE_SCALE.items()},
    "correctness": {"A": ("A", True), "B": ("B", False)},
    "mtbench_pair": {"A": ("A>B", 2), "B": ("B>A", 4), "C": ("A=B", 3)},
    "prometheus_pair": {"A": ("A>B", 2), "B": ("B>A", 4)},
    "llmbar": {
        letter: (label, value)
        for letters, label, value in (("aA", "A>B", 2), ("bB", "B>A", 4))
        for letter in letters
    },
}
_KINDS = {
    "score": "score",
    "json": "score",
    "prometheus": "score",
    "comparison": "pairwise",
    "choice5": "pairwise",
    "mtbench_pair": "pairwise",
    "prometheus_pair": "pairwise",
    "llmbar": "pairwise",
    "judgelm": "pairwise",
    "correctness": "label",
}
# JudgeLM's two scores, each read on its own scale; the comparison they make is read from both.
_JUDGELM = {"A>B": 2, "A=B": 3, "B>A": 4}
_RULE_KINDS = {"score": "score", "pairwise": "pairwise", "correctness": "label", "label": "label"}
# The largest scale read number by number; a wider one is not a set of verdicts.
_MOST_NUMBERS = 1000


@dataclass(frozen=True)
class VerdictProbabilities:
    """What the tokens' probabilities say of one verdict.

    Attributes:
        probabilities: each allowed verdict's probability, renormalised over them
            (labels as the verdict names them); empty when they could not be read.
        expected: for scores, Σ p(s)·s; for pairs, the expected value on the 1–5 scale.
        b_better: for pairs, the probability that B is better, strong verdicts weighing
            as the scale says (B>>A 1, B>A 0.75, a tie 0.5, …).
        confidence: the probability of the verdict given (the sampled one for scores and
            pairs, the most probable for labels).
        sampled: the verdict the judge wrote, as labelled.
        note: why the probabilities were not read; empty when they were.
        kind: "score", "pairwise" or "label": what the verdict becomes.
        values: each label's value on the reader's scale.
    """

    probabilities: dict[str, float] = field(default_factory=dict)
    expected: float | None = None
    b_better: float | None = None
    confidence: float | None = None
    sampled: str | None = None
    note: str = ""
    kind: str = ""
    values: dict[str, VerdictValue] = field(default_factory=dict, repr=False)

    @property
    def ok(self) -> bool:
        """Whether the probabilities were read."""
        return not self.note


def allowed_verdicts(
    parser_id: str, options: Mapping[str, object] | None = None
) -> dict[str, tuple[str, VerdictValue]] | None:
    """The verdicts a reader allows, by how they are written: label and value of each.

    Args:
        parser_id: a built-in reader's id.
        options: the reader's options; "min" and "max" bound a score scale (0–10, or 1–5
            for "prometheus", when not given).

    Returns:
        Written form -> (label, value), or None for a reader whose verdicts are not read
        this way.
    """
    if parser_id in _LABELS:
        return _LABELS[parser_id]
    if parser_id == "judgelm":
        return {label: (label, value) for label, value in _JUDGELM.items()}
    if _KINDS.get(parser_id) != "score":
        return None
    options = options or {}
    default_low, default_high = (1, 5) if parser_id == "prometheus" else (0, 10)
    low = _whole(options.get("min"), default_low)
    high = _whole(options.get("max"), default_high)
    return _numbers(low, high)


@functools.lru_cache(maxsize=64)
def _numbers(low: int, high: int) -> dict[str, tuple[str, VerdictValue]] | None:
    """The whole numbers of a scale, or None for one too wide to be a set of verdicts
    (made once per scale: runs read many replies on one)."""
    if high < low or high - low > _MOST_NUMBERS:
        return None
    return {str(n): (str(n), n) for n in range(low, high + 1)}


def _whole(value: object, default: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        return default
    try:
        number = float(value)
    except ValueError:
        return default
    return math.ceil(number) if math.isfinite(number) else default


def read_probabilities(
    verdict: Verdict,
    reader: str | VerdictRule,
    logprobs: Sequence[Mapping[str, Any]] | None,
    *,
    options: Mapping[str, object] | None = None,
) -> VerdictProbabilities:
    """The probabilities of the verdict a built-in reader or a verdict rule read.

    Args:
        verdict: what was read; ``raw`` is the content without reasoning. A score not read
            because it is outside the scale is read too (its alternatives on the scale).
        reader: the built-in reader's id, or the judge's verdict rule.
        logprobs: the reply's tokens (``choices[0].logprobs.content``); None when the
            server gave none.
        options: a built-in reader's options (a score scale's "min" and "max").
    """
    sampled = verdict.label if verdict.ok else (verdict.candidates or (None,))[-1]
    if logprobs is None:
        return VerdictProbabilities(sampled=sampled, note=NO_PROBABILITIES)
    if isinstance(reader, VerdictRule):
        allowed, kind, named = rule_verdicts(reader), _RULE_KINDS[reader.kind], "verdict rule"
    else:
        allowed, kind = allowed_verdicts(reader, options), _KINDS.get(reader, "")
        named = f"{reader} reader"
    if allowed is None:
        return VerdictProbabilities(
            sampled=sampled, note=f"probabilities are not read for this {named}"
        )
    forms = _written(sampled, kind, allowed)
    if not forms:
        return VerdictProbabilities(sampled=sampled, note="no verdict to read probabilities of")
    try:
        if reader == "judgelm":
            written, mass = sampled or "", _judgelm_mass(verdict, logprobs)
        else:
            written, mass = _verdict_mass(verdict, forms, logprobs, allowed)
    except Unreadable as exc:
        return VerdictProbabilities(sampled=sampled, note=str(exc))
    total = sum(mass.values())
    if not total > 0:
        return VerdictProbabilities(
            sampled=sampled, note="no alternative at the verdict is a verdict the reader allows"
        )
    values = {label: value for label, value in allowed.values()}
    sampled = next((label for text, (label, _v) in allowed.items() if text == written), sampled)
    probabilities = {label: p / total for label, p in mass.items()}
    expected = b_better = None
    if kind in ("score", "pairwise"):
        expected = math.fsum(p * float(values[label]) for label, p in probabilities.items())
    if kind == "pairwise":
        b_better = math.fsum(
            p * (float(values[label]) - 1) / (2 * (TIE - 1)) for label, p in probabilities.items()
        )
    given = sampled
    if kind == "label":
        given = _most_probable(probabilities, sampled)
    confidence = probabilities.get(given or "", 0.0)
    return VerdictProbabilities(
        probabilities, expected, b_better, confidence, sampled, kind=kind, values=values
    )


def rule_verdicts(rule: VerdictRule) -> dict[str, tuple[str, VerdictValue]] | None:
    """The verdicts a rule allows, by how they may be written: its map's labels (as
    typed, lower and upper case), or without a map the kind's own (a score rule's whole
    numbers from its min to its max, 0–10 when not given; a pair's ``A>>B`` … ``B>>A``;
    a label rule's labels). None for a correctness rule without a map."""
    forms: dict[str, tuple[str, VerdictValue]] = {}
    if rule.mapping:
        typed = dict(rule.written)
        for key, value in rule.mapping.items():
            written = typed.get(key, key)
            # A pair's label is its place on the scale, as the rule reads it.
            label = PAIR_LABELS[int(value)] if rule.kind == "pairwise" else written
            for text in (written, written.lower(), written.upper(), written.capitalize()):
                forms.setdefault(text, (label, value))
        return forms
    if rule.kind == "score":
        return _numbers(_whole(rule.low, 0), _whole(rule.high, 10))
    if rule.kind == "pairwise":
        return {label: (label, value) for value, label in PAIR_LABELS.items()}
    if rule.kind == "label" and rule.labels:
        return {label: (label, label) for label in rule.labels}
    return None


def with_probabilities(verdict: Verdict, read: VerdictProbabilities) -> Verdict:
    """The verdict the probabilities make: the expected score, the most probable label;
    a pair keeps its sampled value (its probability that B is better goes beside)."""
    if not read.ok:
        return verdict
    if read.kind == "score" and read.expected is not None:
        reason = verdict.reason
        if not verdict.ok:
            reason = (
                f"The judge wrote {read.sampled}, outside the scale; the score expected "
                "from its probabilities was taken."
            )
        return replace(verdict, ok=True, value=read.expected, reason=reason)
    if read.kind == "label":
        best = _most_probable(read.probabilities, read.sampled)
        return replace(verdict, ok=True, value=read.values.get(best, verdict.value), label=best)
    return verdict


def _most_probable(probabilities: Mapping[str, float], sampled: str | None) -> str:
    """The most probable label; the sampled one among equals."""
    return max(probabilities, key=lambda label: (probabilities[label], label == sampled))


def _written(
    sampled: str | None, kind: str, allowed: Mapping[str, tuple[str, VerdictValue]]
) -> list[str]:
    """How the sampled verdict may be written in the reply (several ways for a rule's
    map: the label as typed, in lower or upper case)."""
    if sampled is None:
        return []
    if sampled in allowed:  # a rule's label is the text it found
        return [sampled]
    forms = [text for text, (label, _value) in allowed.items() if label == sampled]
    # A score outside the scale is written as read.
    return forms or ([sampled] if kind == "score" else [])


def _verdict_mass(
    verdict: Verdict,
    forms: Sequence[str],
    logprobs: Sequence[Mapping[str, Any]],
    allowed: Mapping[str, tuple[str, VerdictValue]],
) -> tuple[str, dict[str, float]]:
    """The form the verdict is written in, and the (not renormalised) probability of
    each allowed label at its place: where the reader found it, else the last place
    one of ``forms`` is written.

    Raises:
        Unreadable: the tokens do not make the content, carry bad numbers, or the
            verdict cannot be found among them.
    """
    content = verdict.raw
    texts, base = tokens_of(content, logprobs)
    found = found_at(content, verdict.spans[:1], forms, allowed)
    if found is None:
        found = last_place(content, forms, allowed)
    if found is None:
        raise Unreadable(NOT_READABLE)
    start, written = found
    return written, mass_at(base + start, texts, logprobs, allowed)


def _judgelm_mass(verdict: Verdict, logprobs: Sequence[Mapping[str, Any]]) -> dict[str, float]:
    """JudgeLM's comparison from its two scores' probabilities: the first score's
    alternatives at its place, the second's at its own (after the first as written),
    and each comparison the chance the two scores make it."""
    if len(verdict.spans) != 2:
        raise Unreadable(NOT_READABLE)
    content = verdict.raw
    texts, base = tokens_of(content, logprobs)
    scale = _numbers(0, 10) or {}
    tables: list[dict[str, float]] = []
    for start, end in verdict.spans:
        if content[start:end] not in scale:
            raise Unreadable(NOT_READABLE)  # "8.5": not one of the scale's whole numbers
        mass = mass_at(base + start, texts, logprobs, scale)
        total = sum(mass.values())
        if not total > 0:
            raise Unreadable("no alternative at a score is a score from 0 to 10")
        tables.append({label: p / total for label, p in mass.items()})
    first, second = tables
    made = dict.fromkeys(_JUDGELM, 0.0)
    for a, p in first.items():
        for b, q in second.items():
            label = "A>B" if int(a) > int(b) else "A=B" if a == b else "B>A"
            made[label] += p * q
    return {label: p for label, p in made.items() if p > 0}
