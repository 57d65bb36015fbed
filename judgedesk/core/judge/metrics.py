"""Offline metric judges: exact match, containment, regex, chrF and BLEU, with no model."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.judge.overlap import (
    BLEU_TOKENIZERS,
    contains_words,
    normalize_answer,
    sentence_bleu,
    sentence_chrf,
)

__all__ = [
    "METRICS",
    "MetricError",
    "MetricInfo",
    "MetricResult",
    "evaluate_metric",
    "normalize_answer",
    "validate_metric_params",
]


class MetricError(JudgeDeskError):
    """A metric judge is asked for by an unknown name or with unusable settings."""


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


@dataclass(frozen=True)
class MetricInfo:
    """A built-in metric, described for the person choosing one.

    Attributes:
        id: The name used in project settings (``metric = "chrf"``).
        title: A short name for menus.
        description: One or two sentences on what it checks and returns.
        kind: "bool" (True/False) or "score" (0–100).
        params: Each setting it accepts, with what it does and its default.
    """

    id: str
    title: str
    description: str
    kind: str
    params: Mapping[str, str]


_REFERENCES_DOC = (
    "a list of accepted reference answers, used with (or instead of) the row's reference"
)
_UNDECIDED_WHEN_FALSE_DOC = (
    "true makes a miss undecided, so the rule only confirms matches and passes the other "
    "rows to the next judge (default false)"
)
_ACCEPT_AT_DOC = "a score at or above this is decided (e.g. 80); leave out to decide every row"
_REJECT_BELOW_DOC = "a score below this is decided (e.g. 20); scores in between stay undecided"
_LOWERCASE_DOC = "true compares in lower case (default false)"
_NORMALIZE_DOC = (
    "true (default) ignores case, spacing, full-width characters, surrounding quotes and "
    "final punctuation"
)

METRICS: dict[str, MetricInfo] = {
    info.id: info
    for info in (
        MetricInfo(
            id="exact",
            title="Exact match",
            description=(
                "True when the response is the reference answer, ignoring case, spacing, "
                "quotes and final punctuation. Suits short answers: numbers, names, labels."
            ),
            kind="bool",
            params={
                "normalize": _NORMALIZE_DOC,
                "references": _REFERENCES_DOC,
                "undecided_when_false": _UNDECIDED_WHEN_FALSE_DOC,
            },
        ),
        MetricInfo(
            id="contains",
            title="Contains the reference",
            description=(
                "True when the reference answer appears in the response as whole words "
                '("4" is not found in "14"); Chinese and Japanese are matched as they are.'
            ),
            kind="bool",
            params={
                "normalize": _NORMALIZE_DOC,
                "references": _REFERENCES_DOC,
                "undecided_when_false": _UNDECIDED_WHEN_FALSE_DOC,
            },
        ),
        MetricInfo(
            id="regex",
            title="Regular expression",
            description=(
                "True when a regular expression finds a match in the response. "
                "The reference is not used."
            ),
            kind="bool",
            params={
                "pattern": "the regular expression (Python syntax); required",
                "flags": 'letters among "i" (ignore case), "m" (multi-line), "s" (dot matches '
                'newlines) and "x" (verbose), e.g. "im"',
                "full_match": "true requires the whole response to match (default false)",
                "undecided_when_false": _UNDECIDED_WHEN_FALSE_DOC,
            },
        ),
        MetricInfo(
            id="chrf",
            title="chrF similarity",
            description=(
                "How much the response's character sequences overlap the reference's, from "
                "0 to 100 (sacreBLEU's chrF). Works for any language, Chinese included."
            ),
            kind="score",
            params={
                "word_order": "0 (default) for chrF; 2 adds word pairs (chrF++)",
                "char_order": "the longest character sequence compared (default 6)",
                "beta": "how much more recall counts than precision (default 2)",
                "lowercase": _LOWERCASE_DOC,
                "references": _REFERENCES_DOC,
                "accept_at": _ACCEPT_AT_DOC,
                "reject_below": _REJECT_BELOW_DOC,
            },
        ),
        MetricInfo(
            id="bleu",
            title="BLEU similarity",
            description=(
                "How many of the response's word sequences appear in the reference, from 0 "
                'to 100 (sacreBLEU\'s sentence BLEU). Use tokenize = "zh" for Chinese.'
            ),
            kind="score",
            params={
                "tokenize": '"13a" (default), "zh" for Chinese, "char" or "none"',
                "lowercase": _LOWERCASE_DOC,
                "references": _REFERENCES_DOC,
                "accept_at": _ACCEPT_AT_DOC,
                "reject_below": _REJECT_BELOW_DOC,
            },
        ),
    )
}


# --- settings ----------------------------------------------------------------------------


def _known(metric: str) -> MetricInfo:
    info = METRICS.get(metric)
    if info is None:
        raise MetricError(
            f"There is no metric called {metric!r}. Choose one of: {', '.join(METRICS)}."
        )
    return info


def _setting_error(metric: str, name: str, expected: str, value: object) -> MetricError:
    return MetricError(
        f"The {metric} metric's setting {name!r} should be {expected}, not {value!r}."
    )


def _flag(metric: str, params: Mapping[str, Any], name: str, default: bool) -> bool:
    value = params.get(name, default)
    if not isinstance(value, bool):
        raise _setting_error(metric, name, "true or false", value)
    return value


def _number(metric: str, params: Mapping[str, Any], name: str) -> float | None:
    value = params.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or value != value:
        raise _setting_error(metric, name, "a number", value)
    return float(value)


def _whole(metric: str, params: Mapping[str, Any], name: str, default: int, low: int) -> int:
    value = params.get(name, default)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= 20:
        raise _setting_error(metric, name, f"a whole number from {low} to 20", value)
    return value


def _check_band(metric: str, params: Mapping[str, Any]) -> tuple[float | None, float | None]:
    accept_at = _number(metric, params, "accept_at")
    reject_below = _number(metric, params, "reject_below")
    if accept_at is not None and reject_below is not None and reject_below > accept_at:
        raise MetricError(
            f"The {metric} metric's reject_below ({reject_below:g}) is above its accept_at "
            f"({accept_at:g}); reject_below must be the lower of the two."
        )
    return accept_at, reject_below


def validate_metric_params(metric: str, params: Mapping[str, Any] | None = None) -> None:
    """Check a metric name and its settings once, before a run starts.

    Args:
        metric: A key of ``METRICS``.
        params: The judge's settings for it.

    Raises:
        MetricError: The metric is unknown, a setting is unknown, or a value is unusable
            (including a regular expression that does not compile).
    """
    _read_settings(metric, params or {})


@dataclass(frozen=True)
class _Settings:
    normalize: bool = True
    undecided_when_false: bool = False
    references: tuple[str, ...] = ()
    pattern: re.Pattern[str] | None = None
    full_match: bool = False
    accept_at: float | None = None
    reject_below: float | None = None
    lowercase: bool = False
    tokenize: str = "13a"
    char_order: int = 6
    word_order: int = 0
    beta: float = 2.0


def _read_settings(metric: str, params: Mapping[str, Any]) -> _Settings:
    info = _known(metric)
    unknown = [name for name in params if name not in info.params]
    if unknown:
        raise MetricError(
            f"The {metric} metric has no setting {unknown[0]!r}. "
            f"Its settings are: {', '.join(info.params)}."
        )
    references = params.get("references", ())
    if isinstance(references, str) or not isinstance(references, Sequence):
        raise _setting_error(metric, "references", "a list of answers", references)
    if metric == "regex":
        return _Settings(
            pattern=_compile(params.get("pattern"), params.get("flags", "")),
            full_match=_flag(metric, params, "full_match", False),
            undecided_when_false=_flag(metric, params, "undecided_when_false", False),
        )
    if info.kind == "bool":
        return _Settings(
            normalize=_flag(metric, params, "normalize", True),
            undecided_when_false=_flag(metric, params, "undecided_when_false", False),
            references=tuple(_as_texts(references)),
        )
    accept_at, reject_below = _check_band(metric, params)
    beta = _number(metric, params, "beta")
    if beta is not None and beta <= 0:
        raise _setting_error(metric, "beta", "a number above 0", params["beta"])
    tokenize = params.get("tokenize", "13a")
    if tokenize not in BLEU_TOKENIZERS:
        raise _setting_error(metric, "tokenize", " or ".join(map(repr, BLEU_TOKENIZERS)), tokenize)
    return _Settings(
        references=tuple(_as_texts(references)),
        accept_at=accept_at,
        reject_below=reject_below,
        lowercase=_flag(metric, params, "lowercase", False),
        tokenize=tokenize,
        char_order=_whole(metric, params, "char_order", 6, 1),
        word_order=_whole(metric, params, "word_order", 0, 0),
        beta=2.0 if beta is None else beta,
    )


_SETTINGS_CACHE: dict[tuple[object, ...], _Settings] = {}


def _settings_for(metric: str, params: Mapping[str, Any]) -> _Settings:
    """Read settings, remembering them: a run asks again for every row."""
    try:
        key = (metric, *sorted((name, _frozen(value)) for name, value in params.items()))
        cached = _SETTINGS_CACHE.get(key)
    except TypeError:  # a value that cannot be a key; read the settings every time
        return _read_settings(metric, params)
    if cached is None:
        cached = _read_settings(metric, params)
        if len(_SETTINGS_CACHE) >= 256:
            _SETTINGS_CACHE.clear()
        _SETTINGS_CACHE[key] = cached
    return cached


def _frozen(value: object) -> object:
    # Lists (references) become tuples; the type is kept so that 1 and True stay apart.
    if isinstance(value, list | tuple):
        return (type(value), *map(_frozen, value))
    return (type(value), value)


_FLAGS = {"i": re.IGNORECASE, "m": re.MULTILINE, "s": re.DOTALL, "x": re.VERBOSE}


@lru_cache(maxsize=256)
def _compile_cached(pattern: str, flags: str) -> re.Pattern[str]:
    bits = 0
    for letter in flags:
        if letter not in _FLAGS:
            raise MetricError(
                f"The regex flag {letter!r} is not known; use letters among "
                '"i" (ignore case), "m" (multi-line), "s" (dot matches newlines), "x" (verbose).'
            )
        bits |= _FLAGS[letter]
    try:
        return re.compile(pattern, bits)
    except re.error as error:
        where = "" if error.pos is None else f" at position {error.pos}"
        raise MetricError(
            f"The regular expression {pattern!r} does not work: {error.msg}{where}. "
            "Fix the pattern in the judge's settings."
        ) from None


def _compile(pattern: object, flags: object) -> re.Pattern[str]:
    if not isinstance(pattern, str) or not pattern:
        raise MetricError(
            'The regex metric needs a "pattern" setting: the regular expression to look for '
            "in the response."
        )
    if not isinstance(flags, str):
        raise _setting_error("regex", "flags", 'letters such as "im"', flags)
    return _compile_cached(pattern, flags)


def _as_texts(values: Iterable[object]) -> Iterator[str]:
    for value in values:
        if value is None:
            continue
        text = value if isinstance(value, str) else str(value)
        if text.strip():
            yield text


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


def _boolean(found: bool, detail: str, settings: _Settings) -> MetricResult:
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
    metric: str, response: str, references: Sequence[str], settings: _Settings
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


def _regex(response: str, settings: _Settings) -> MetricResult:
    pattern = settings.pattern
    assert pattern is not None  # _read_settings always compiles one for regex
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


def _scored(name: str, score: float, settings: _Settings) -> MetricResult:
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
    settings = _settings_for(metric, params or {})
    text = _to_text(response)
    if metric == "regex":
        return _regex(text, settings)
    if reference is None or isinstance(reference, str | int | float):
        given = [reference]
    else:
        given = list(reference)
    references = [*_as_texts(given), *settings.references]
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
