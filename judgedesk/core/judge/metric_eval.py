"""Judging one row with a built-in metric, and the plain sentence that explains the result."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from judgedesk.core.judge.metrics import MetricSettings, as_texts, settings_for
from judgedesk.core.judge.overlap import (
    contains_words,
    normalize_answer,
    sentence_bleu,
    sentence_chrf,
)

__all__ = ["MetricResult", "evaluate_metric"]


@dataclass(frozen=True)
class MetricResult:
    """What a metric says about one row.

    Attributes:
        decided: False when the rule cannot settle the row (no reference, a score inside
            the undecided band, or a miss on a rule that only confirms matches); in a
            cascade the row then goes on to the next judge.
        value: True/False for exact, contains and regex; 0–100 for chrf and bleu (kept
            even when undecided); None when there was nothing to compare.
        detail: One plain sentence for the person reviewing the row.
    """

    decided: bool
    value: bool | float | None
    detail: str


def _quote(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    if len(text) > limit:
        text = text[: limit - 1].rstrip() + "…"
    return f"'{text}'"


def _to_text(value: object) -> str:
    if value is None:
        return ""
    return value if isinstance(value, str) else str(value)


# --- the metrics -------------------------------------------------------------------------


def _boolean(found: bool, detail: str, settings: MetricSettings) -> MetricResult:
    if found or not settings.undecided_when_false:
        return MetricResult(True, found, detail)
    return MetricResult(
        False, False, f"{detail}; this rule only confirms matches, so the next judge decides"
    )


def _no_reference(metric: str) -> MetricResult:
    return MetricResult(
        False, None, f"the row has no reference answer, so the {metric} rule cannot decide it"
    )


def _compared(
    metric: str, response: str, references: Sequence[str], settings: MetricSettings
) -> MetricResult:
    """Exact match or containment, against each reference in turn."""
    prepare: Callable[[str], str] = normalize_answer if settings.normalize else str
    answer = prepare(response)
    usable = [(ref, prepared) for ref in references if (prepared := prepare(ref))]
    if not usable:
        return _no_reference(metric)
    for reference, wanted in usable:
        if metric == "exact" and answer == wanted:
            return _boolean(
                True, f"the response matches the reference {_quote(reference)}", settings
            )
        if metric == "contains" and contains_words(answer, wanted):
            return _boolean(
                True, f"the response contains the reference {_quote(reference)}", settings
            )
    first = _quote(usable[0][0])
    if not response.strip():
        wanted = f"the reference {first}" if len(usable) == 1 else "any reference"
        verb = "match" if metric == "exact" else "contain"
        miss = f"the response is empty, so it does not {verb} {wanted}"
    elif metric == "exact" and len(usable) == 1:
        miss = f"the response {_quote(response)} does not match the reference {first}"
    elif metric == "exact":
        miss = f"the response {_quote(response)} matches none of the {len(usable)} references"
    elif len(usable) == 1:
        miss = f"the response does not contain the reference {first}"
    else:
        miss = f"the response contains none of the {len(usable)} references"
    return _boolean(False, miss, settings)


def _regex(response: str, settings: MetricSettings) -> MetricResult:
    pattern = settings.pattern
    assert pattern is not None  # reading a regex metric's settings always compiles one
    if settings.full_match:
        match = pattern.fullmatch(response)
        yes = f"the whole response matches the pattern {_quote(pattern.pattern)}"
        no = f"the response as a whole does not match the pattern {_quote(pattern.pattern)}"
    else:
        match = pattern.search(response)
        yes = (
            f"the pattern {_quote(pattern.pattern)} finds "
            f"{_quote(match.group(0)) if match else ''} in the response"
        )
        no = f"the pattern {_quote(pattern.pattern)} finds nothing in the response"
    return _boolean(match is not None, yes if match is not None else no, settings)


def _scored(name: str, score: float, settings: MetricSettings) -> MetricResult:
    accept_at, reject_below = settings.accept_at, settings.reject_below
    said = f"{name} is {score:.1f}"
    if accept_at is None and reject_below is None:
        return MetricResult(True, score, f"{said} against the reference")
    if accept_at is not None and score >= accept_at:
        return MetricResult(True, score, f"{said}, at or above {accept_at:g}, so the row passes")
    if reject_below is not None and score < reject_below:
        return MetricResult(True, score, f"{said}, below {reject_below:g}, so the row fails")
    if accept_at is not None and reject_below is not None:
        band = f"between {reject_below:g} and {accept_at:g}"
    elif accept_at is not None:
        band = f"below {accept_at:g}"
    else:
        band = f"not below {reject_below:g}"
    return MetricResult(False, score, f"{said}, {band}, so the next judge decides")


def evaluate_metric(
    metric: str,
    response: str | None,
    reference: str | Sequence[str] | None,
    params: Mapping[str, Any] | None = None,
) -> MetricResult:
    """Judge one row with a built-in metric.

    Args:
        metric: A key of ``METRICS``: "exact", "contains", "regex", "chrf" or "bleu".
        response: The answer under evaluation; None counts as empty.
        reference: The row's reference answer, or a list of accepted ones; None or blank
            means the row has none (only regex works without one).
        params: The judge's settings for the metric (see ``METRICS[metric].params``).

    Returns:
        The result; a missing reference gives ``decided=False`` and ``value=None``.

    Raises:
        MetricError: The metric or a setting is unknown or unusable, e.g. a regular
            expression that does not compile. Row text never causes an error.
    """
    settings = settings_for(metric, params or {})
    text = _to_text(response)
    if metric == "regex":
        return _regex(text, settings)
    if reference is None or isinstance(reference, str | int | float):
        given = [reference]
    else:
        given = list(reference)
    references = [*as_texts(given), *settings.references]
    if not references:
        return _no_reference(metric)
    if metric in ("exact", "contains"):
        return _compared(metric, text, references, settings)
    if metric == "chrf":
        score = sentence_chrf(
            text,
            references,
            char_order=settings.char_order,
            word_order=settings.word_order,
            beta=settings.beta,
            lowercase=settings.lowercase,
        )
        return _scored("chrF" + "+" * settings.word_order, score, settings)
    score = sentence_bleu(
        text, references, tokenize=settings.tokenize, lowercase=settings.lowercase
    )
    return _scored("BLEU", score, settings)
