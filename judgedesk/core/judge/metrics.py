"""Offline metric judges (exact, contains, regex, chrF, BLEU): what each is, and its settings.

Judging a row with one is in :mod:`judgedesk.core.judge.metric_eval`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.judge.tokenizers import BLEU_TOKENIZERS

__all__ = [
    "METRICS",
    "MetricError",
    "MetricInfo",
    "MetricSettings",
    "as_texts",
    "settings_for",
    "validate_metric_params",
]


class MetricError(JudgeDeskError):
    """A metric judge is asked for by an unknown name or with unusable settings."""


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
class MetricSettings:
    """A metric judge's settings, read and checked; the defaults where none was given."""

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


def _read_settings(metric: str, params: Mapping[str, Any]) -> MetricSettings:
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
        return MetricSettings(
            pattern=_compile(params.get("pattern"), params.get("flags", "")),
            full_match=_flag(metric, params, "full_match", False),
            undecided_when_false=_flag(metric, params, "undecided_when_false", False),
        )
    if info.kind == "bool":
        return MetricSettings(
            normalize=_flag(metric, params, "normalize", True),
            undecided_when_false=_flag(metric, params, "undecided_when_false", False),
            references=tuple(as_texts(references)),
        )
    accept_at, reject_below = _check_band(metric, params)
    beta = _number(metric, params, "beta")
    if beta is not None and beta <= 0:
        raise _setting_error(metric, "beta", "a number above 0", params["beta"])
    tokenize = params.get("tokenize", "13a")
    if tokenize not in BLEU_TOKENIZERS:
        raise _setting_error(metric, "tokenize", " or ".join(map(repr, BLEU_TOKENIZERS)), tokenize)
    return MetricSettings(
        references=tuple(as_texts(references)),
        accept_at=accept_at,
        reject_below=reject_below,
        lowercase=_flag(metric, params, "lowercase", False),
        tokenize=tokenize,
        char_order=_whole(metric, params, "char_order", 6, 1),
        word_order=_whole(metric, params, "word_order", 0, 0),
        beta=2.0 if beta is None else beta,
    )


_SETTINGS_CACHE: dict[tuple[object, ...], MetricSettings] = {}


def settings_for(metric: str, params: Mapping[str, Any]) -> MetricSettings:
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


def as_texts(values: Iterable[object]) -> Iterator[str]:
    """Yield each value as text, leaving out None and blank ones."""
    for value in values:
        if value is None:
            continue
        text = value if isinstance(value, str) else str(value)
        if text.strip():
            yield text
