"""A row's result detail, written down: what the results file keeps of each row's steps.

A run writes one detail per row (``results.detail``, JSON): the answers a candidate or
baseline model gave, the scripts' outcomes, and one step per judge with its verdict.
:class:`RowDetail` and the types it holds say what each key means; the run writes them
(``run.steps``) and every stage reads them through these names, never by keys of its own.

Version :data:`DETAIL_VERSION`. A detail carries no version of its own: results files
written before these types were named hold the same JSON, byte for byte, and read the
same. A later shape must therefore still read every earlier one: keys are added (read
with ``.get``), never renamed or given another meaning. Readers take a detail as it may
have been written or damaged by hand: :func:`judge_steps` and :func:`verdict_of` pass
over what is not an object.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, NotRequired, Required, TypedDict

# Annotations only: a report reads details (through run.samples) without loading the
# templates and scripts a run's context needs.
if TYPE_CHECKING:
    from judgedesk.core.judge import Verdict, VerdictProbabilities
    from judgedesk.core.run.context import JudgeContext
    from judgedesk.core.scripts import ScriptOutcome

DETAIL_VERSION = 1
"""The shape of a row's detail these types describe (see the module docstring)."""


class VerdictDetail(TypedDict):
    """A verdict as a step keeps it (see ``judge.Verdict``); ``value`` only counts when
    ``ok``. ``explanation`` and ``analyses`` are there only when the judge wrote them."""

    ok: bool
    value: Any
    label: str | None
    dimensions: dict[str, Any]
    ambiguous: bool
    candidates: list[Any]
    reason: str
    explanation: NotRequired[str]
    analyses: NotRequired[dict[str, str]]


class AnswerDetail(TypedDict):
    """The answer a candidate or baseline model gave for the row."""

    content: str | None
    reasoning_content: str | None
    tool_calls: list[dict[str, Any]] | None


class ScriptDetail(TypedDict):
    """A pre- or postprocess script's outcome (see ``scripts.ScriptOutcome``)."""

    ok: bool
    kind: str
    value: Any
    stdout: str
    stderr: str
    error: str | None
    error_line: int | None
    duration: float


class OrderDetail(TypedDict):
    """One order of a pair judged in both: as given (first), then swapped. A judge
    reading probabilities adds the keys of :class:`JudgeStepDetail` that hold them
    (``sampled``, ``probabilities``, … as the order's own call gave them)."""

    key: str | None
    cached: bool | None
    verdict: VerdictDetail


class SampleDetail(TypedDict):
    """One of a judge's samples of the row (see ``run.samples``). A judge reading
    probabilities adds the keys of :class:`JudgeStepDetail` that hold them, as the
    sample's call gave them (the step keeps their mean)."""

    key: str | None
    cached: bool | None
    verdict: VerdictDetail
    orders: NotRequired[list[OrderDetail]]


class FailureDetail(TypedDict, total=False):
    """What a failed step leaves in the row's detail (or in its judge's step)."""

    key: str
    """The cache key of the call that failed."""
    failed_judge: str
    """The judge the row failed at."""


class JudgeStepDetail(TypedDict, total=False):
    """One judge's step on the row, in the order the judges ran.

    A model judge's step has ``key``, ``cached``, ``verdict`` and ``warnings``; a rule
    judge's (``metric``) has ``metric``, ``decided``, ``detail`` and ``verdict``; a judge
    whose failure is its vote (under a majority) has ``failed`` and maybe ``key``.
    """

    judge: Required[str]
    key: str
    """The cache key of the call (the first order's, the first sample's)."""
    cached: bool
    """The reply came from the store (every sample's, for a judge sampled)."""
    verdict: VerdictDetail
    """The judge's verdict: of both orders, of every sample, combined."""
    warnings: list[str]
    """What rendering the template noticed."""
    examples: list[str]
    """The ids of the rows people reviewed that the judge was shown as examples."""
    pairwise: bool
    """The judge compares two answers."""
    orders: list[OrderDetail]
    """A pair judged in both orders: each order's call and verdict."""
    lengths: list[int]
    """A pair judged in both orders: the lengths of answers A and B."""
    consistent: bool | None
    """A pair judged in both orders: whether they agreed (None: one was not read)."""
    kind: str | None
    """A judge sampled: the kind of its verdicts."""
    combined: str
    """A judge sampled: how the samples were made one, "majority" or "mean"."""
    samples: list[SampleDetail]
    """A judge sampled: each sample's call and verdict."""
    metric: str
    """A rule judge: the rule's id."""
    decided: bool
    """A rule judge: it decided the row (later judges skipped under ``run.cascade``)."""
    detail: str
    """A rule judge: what it found, in a sentence."""
    failed: str
    """Why the judge failed, when its failure is its vote."""
    sampled: str | None
    """A judge reading probabilities: the verdict it wrote (its label), kept beside the
    verdict the probabilities made."""
    probabilities: dict[str, float]
    """A judge reading probabilities: each allowed verdict's, renormalised over them."""
    expected: float
    """A judge reading probabilities: the expected score (Σ p·s), or for a pair the
    expected value on the 1–5 scale."""
    b_better: float
    """A pair judge reading probabilities: the probability that B is better."""
    confidence: float
    """A judge reading probabilities: the probability of the verdict given."""
    probability_note: str
    """A judge reading probabilities: why they were not read (the sampled verdict
    stands), such as "no probabilities from this server"."""


class BattleDetail(TypedDict, total=False):
    """One pair of models judged on a row of a project comparing several models.

    ``status`` is the pair's result ("ok", "unparsed", "error") or "no answer" when a
    model gave none (the battle is left out); ``value`` the pair's verdict (A is the
    model ``a``); ``orders`` the verdicts of the two orders as the judge gave them
    (the second about the answers swapped); ``lengths`` the two answers' characters.
    """

    a: str
    b: str
    status: str
    value: Any
    error: str
    lengths: list[int]
    orders: list[Any]


class RowDetail(TypedDict, total=False):
    """Everything a run keeps of how a row's result was made, in the order written.

    ``judges`` is there once the row reached its judges; a row that failed before them
    (a script, the candidate) has none. A failed row may name ``failed_judge`` and the
    ``key`` of the call that failed.
    """

    candidate: AnswerDetail
    """The candidate model's answer, when the row had none and one was generated."""
    baseline: AnswerDetail
    """The baseline model's answer (answer A of the pair)."""
    preprocess: ScriptDetail
    judges: list[JudgeStepDetail]
    decided_by_rule: bool
    """A rule judge decided the row and later judges were skipped."""
    postprocess: ScriptDetail
    aggregate: str
    """How several judges' verdicts were made one (``run.aggregate``), when they were."""
    probabilities: dict[str, float]
    """Several judges each reading their verdicts' probabilities: the mean of theirs
    (with ``expected``, ``b_better`` and ``confidence`` when each has them)."""
    expected: float
    b_better: float
    confidence: float
    probability_note: str
    """Several judges, one of them without probabilities: why none are combined."""
    key: str
    failed_judge: str
    battles: list[BattleDetail]
    """Several models compared: each pair's verdict; the rest of the detail is of the
    first pair judged."""


ANSWER_KEYS: tuple[Literal["candidate", "baseline"], ...] = ("candidate", "baseline")
"""The keys of :class:`RowDetail` holding a model's answer (:class:`AnswerDetail`)."""

SCRIPT_KEYS: tuple[Literal["preprocess", "postprocess"], ...] = ("preprocess", "postprocess")
"""The keys of :class:`RowDetail` holding a script's outcome (:class:`ScriptDetail`)."""


def judge_steps(detail: Mapping[str, Any]) -> list[JudgeStepDetail]:
    """The detail's judge steps, in the order the judges ran (those that are objects)."""
    steps = detail.get("judges")
    if not isinstance(steps, list):
        return []
    # Objects as JSON gave them: the type says what a step holds, readers still .get.
    return [step for step in steps if isinstance(step, dict)]  # type: ignore[misc]


def verdict_of(step: Mapping[str, Any]) -> VerdictDetail | None:
    """A step's (an order's, a sample's) verdict, or None when it has none."""
    verdict = step.get("verdict")
    return verdict if isinstance(verdict, dict) else None  # type: ignore[return-value]


def row_confidence(detail: Mapping[str, Any]) -> float | None:
    """How sure the judges were of a row's verdict: the mean confidence of several
    judges reading probabilities, else that of the one judge reading them; None when
    none was read (or several judges read theirs but not all)."""
    confidence = _probability(detail.get("confidence"))
    if confidence is not None or "probabilities" in detail or "probability_note" in detail:
        return confidence  # the judges were combined, or could not be
    reading = [step for step in judge_steps(detail) if "sampled" in step]
    return _probability(reading[0].get("confidence")) if len(reading) == 1 else None


def _probability(value: object) -> float | None:
    """``value`` when it is a probability (a number from 0 to 1), else None."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if 0.0 <= value <= 1.0 else None


def read_value(verdict: VerdictDetail | None) -> Any:
    """A verdict's value when it was read (``ok``), else None."""
    return verdict.get("value") if verdict is not None and verdict.get("ok") else None


def judge_model(judge: JudgeContext) -> dict[str, Any]:
    """The judge as a postprocess script is shown it: name, model, template, params."""
    settings = judge.settings
    return {
        "name": settings.name,
        "model": settings.model_name(),
        "judge_template_content": judge.template.source if judge.template else "",
        "generation_params": dict(settings.params),
        "system_prompt": settings.system_prompt,
    }


def verdict_detail(verdict: Verdict) -> VerdictDetail:
    """A verdict as a row's detail keeps it."""
    # Written by hand: dataclasses.asdict deep-copies and costs more than the rest of it.
    detail: VerdictDetail = {
        "ok": verdict.ok,
        "value": verdict.value,
        "label": verdict.label,
        "dimensions": dict(verdict.dimensions),
        "ambiguous": verdict.ambiguous,
        "candidates": list(verdict.candidates),
        "reason": verdict.reason,
    }
    # The judge's own words, kept only when it gave some (details made before lack them).
    if verdict.explanation:
        detail["explanation"] = verdict.explanation
    if verdict.analyses:
        detail["analyses"] = dict(verdict.analyses)
    return detail


def add_probabilities(step: JudgeStepDetail, read: VerdictProbabilities) -> None:
    """Keep in a judge's step what the probabilities said of its verdict."""
    step["sampled"] = read.sampled
    if read.note:
        step["probability_note"] = read.note
        return
    step["probabilities"] = dict(read.probabilities)
    if read.confidence is not None:
        step["confidence"] = read.confidence
    if read.expected is not None:
        step["expected"] = read.expected
    if read.b_better is not None:
        step["b_better"] = read.b_better


def script_detail(outcome: ScriptOutcome) -> ScriptDetail:
    """A script's outcome as a row's detail keeps it: its value, output and error."""
    return {
        "ok": outcome.ok,
        "kind": outcome.kind,
        "value": outcome.value,
        "stdout": outcome.stdout,
        "stderr": outcome.stderr,
        "error": outcome.error,
        "error_line": outcome.error_line,
        "duration": outcome.duration,
    }


def script_error(kind: str, outcome: ScriptOutcome) -> str:
    """The message of a row whose ``kind`` script (preprocess, postprocess) failed."""
    where = f" (line {outcome.error_line})" if outcome.error_line else ""
    return f"The {kind} script failed{where}: {outcome.error or outcome.kind}"
