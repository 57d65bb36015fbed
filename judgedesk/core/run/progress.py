"""Where a run stands while it goes, and how it ended."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from judgedesk.core.dataset import UnreadableLines
from judgedesk.core.messages import counted


@dataclass
class Progress:
    """Where a run stands; emitted while it goes and at the end."""

    run_id: int
    total: int
    done: int = 0
    ok: int = 0
    failed: int = 0
    unparsed: int = 0
    no_majority: int = 0
    """Of the unparsed rows, those whose judges gave no strict majority (``aggregate =
    "majority"``): their replies were read, the judges disagree."""
    calls: int = 0
    retries: int = 0
    """Calls that were sent again after a failed attempt (each retry once)."""
    cached: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    elapsed: float = 0.0
    paused: bool = False
    errors: dict[str, int] = field(default_factory=dict)
    tokens_by_judge: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Per judge: (prompt tokens, completion tokens) of the calls made in this run."""
    tokens_estimated: bool = False
    """Some token counts are estimates from the text: the server did not give them."""
    concurrency: dict[str, int] = field(default_factory=dict)
    """Per judge sending fewer requests at once than its own limit: how many it sends."""
    notes: list[str] = field(default_factory=list)
    """Why judges send fewer requests at once, a sentence each."""
    writing_speed: dict[str, float] = field(default_factory=dict)
    """Per local-file judge: tokens a second the model writes (all the rows it decodes
    together), as last measured."""
    in_flight: int = 0
    """Requests sent to the judges and not answered yet: rows being judged now."""

    @property
    def unreadable_replies(self) -> int:
        """Rows with a reply whose verdict could not be read (no majority aside)."""
        return self.unparsed - self.no_majority

    def cost(self, prices: dict[str, tuple[float, float]]) -> float | None:
        """What the calls of this run cost at ``prices`` (each model's input and output
        price per million tokens, by name), or None when none of them has a price."""
        total = 0.0
        priced = False
        for name, (prompt, completion) in self.tokens_by_judge.items():
            price_in, price_out = prices.get(name, (0.0, 0.0))
            if price_in or price_out:
                priced = True
                total += (prompt * price_in + completion * price_out) / 1e6
        return total if priced else None

    @property
    def rows_per_second(self) -> float:
        return self.done / self.elapsed if self.elapsed > 0 else 0.0

    @property
    def eta(self) -> float | None:
        """Seconds left at the current speed, or None before the first row."""
        rate = self.rows_per_second
        return (self.total - self.done) / rate if rate > 0 else None


@dataclass(frozen=True)
class JudgeFigures:
    """The figures of the rows one judge decided, when judges of a cascade decide
    different rows (their verdicts are of different kinds or scales)."""

    rows: int
    mean: float | None
    accuracy: float | None

    def to_dict(self) -> dict[str, Any]:
        return {"rows": self.rows, "mean_score": self.mean, "accuracy": self.accuracy}


_UNKNOWN_LINES: dict[str, Any] = {
    "dataset_lines": None,
    "unreadable_lines": None,
    "unreadable_line_numbers": [],
}


class VerdictTally:
    """The verdicts of a run's ok rows, summed up as its mean score and accuracy; by
    judge too when a cascade's judges decided different rows."""

    def __init__(self) -> None:
        self._values: dict[str | None, list[Any]] = {}

    def add(self, value: Any, judge: str | None = None) -> None:
        """Count ``value``, decided by ``judge`` in a cascade (None otherwise)."""
        self._values.setdefault(judge, []).append(value)

    def figures(self) -> tuple[float | None, float | None, dict[str, JudgeFigures]]:
        """The mean score and the accuracy over every row, and each judge's figures when
        more than one judge decided rows (empty otherwise)."""
        every = [v for values in self._values.values() for v in values]
        mean, accuracy = _mean_and_accuracy(every)
        named = {name: values for name, values in self._values.items() if name is not None}
        if len(self._values) < 2 or not named:
            return mean, accuracy, {}
        by_judge = {
            name: JudgeFigures(len(values), *_mean_and_accuracy(values))
            for name, values in self._values.items()
            if name is not None
        }
        return mean, accuracy, by_judge


def _mean_and_accuracy(values: list[Any]) -> tuple[float | None, float | None]:
    booleans = [v for v in values if isinstance(v, bool)]
    numbers = [float(v) for v in values if isinstance(v, int | float) and not isinstance(v, bool)]
    mean = sum(numbers) / len(numbers) if numbers else None
    accuracy = sum(booleans) / len(booleans) if booleans else None
    return mean, accuracy


@dataclass
class RunSummary:
    """How a run ended, with its figures: the one place that says it, as figures
    (:meth:`to_dict`) and as lines of text (:meth:`lines`, :meth:`stopped_line`).

    Attributes:
        unreadable: the dataset's lines, with those that could not be read (so no row
            of the run has them); None when not known.
        cost: what the run's calls cost at the models' prices; None without prices.
        by_judge: when judges of a cascade decided the rows, each one's figures over the
            rows it decided; empty otherwise.
    """

    run_id: int
    status: str  # "finished" | "cancelled"
    progress: Progress
    mean: float | None
    accuracy: float | None
    unreadable: UnreadableLines | None = None
    cost: float | None = None
    by_judge: dict[str, JudgeFigures] = field(default_factory=dict)

    @classmethod
    def cut_short(cls, progress: Progress) -> RunSummary:
        """What a run says when it was stopped before it could sum itself up: where it
        stood, without the figures of its verdicts."""
        return cls(progress.run_id, "cancelled", progress, None, None)

    @property
    def not_judged(self) -> int:
        """Rows the run was to judge and did not."""
        return self.progress.total - self.progress.done

    def to_dict(self) -> dict[str, Any]:
        p = self.progress
        return {
            "run_id": self.run_id,
            "status": self.status,
            "rows": p.total,
            "ok": p.ok,
            "error": p.failed,
            "unparsed": p.unreadable_replies,
            "no_majority": p.no_majority,
            "mean_score": self.mean,
            "accuracy": self.accuracy,
            "by_judge": {name: f.to_dict() for name, f in self.by_judge.items()},
            **(self.unreadable.to_dict() if self.unreadable else _UNKNOWN_LINES),
            "calls": p.calls,
            "cached_calls": p.cached,
            "retried_calls": p.retries,
            "cost": self.cost,
            "prompt_tokens": p.prompt_tokens,
            "completion_tokens": p.completion_tokens,
            "seconds": round(p.elapsed, 3),
            "errors": dict(p.errors),
            "tokens_estimated": p.tokens_estimated,
            "concurrency": dict(p.concurrency),
            "notes": list(p.notes),
        }

    def lines(self, say: Callable[[str], str] = str) -> list[str]:
        """How the run ended, as lines of text: the rows' outcomes, then (indented) the
        mean score and accuracy, the calls and tokens, each note (in words ``say``
        gives) and each kind of error."""
        p = self.progress
        outcomes = (
            f"{p.ok} ok, {counted(p.failed, 'error', 'errors')}, {p.unreadable_replies} unparsed"
        )
        if p.no_majority:
            outcomes += f", {p.no_majority} without a majority"
        said = [f"Run {self.run_id} {self.status}: {counted(p.total, 'row', 'rows')} — {outcomes}"]
        if self.unreadable is not None and self.unreadable.count:
            said.append(f"  left out: {say(self.unreadable.sentence())}")
        if self.by_judge:
            for name, figures in self.by_judge.items():
                said += [
                    f"  {line} (judge '{name}', {counted(figures.rows, 'row', 'rows')})"
                    for line in _figure_lines(figures.mean, figures.accuracy)
                ]
        else:
            said += [f"  {line}" for line in _figure_lines(self.mean, self.accuracy)]
        tokens = f"{p.prompt_tokens} in / {p.completion_tokens} out"
        if p.tokens_estimated:
            tokens = f"about {tokens} (estimated: the server sent no counts)"
        retried = f", {counted(p.retries, 'call', 'calls')} retried" if p.retries else ""
        said.append(
            f"  judge calls: {p.calls} made, {p.cached} reused{retried}; tokens "
            f"{tokens}; {round(p.elapsed, 3):.1f} s"
        )
        if self.cost is not None:
            said.append(f"  cost: {self.cost:,.4f} (at the models' prices per million tokens)")
        said += [f"  note: {say(note)}" for note in p.notes]
        said += [f"  errors: {count} × {kind}" for kind, count in sorted(p.errors.items())]
        return said

    def stopped_line(self) -> str:
        """How a run stopped before every row was judged went, in a line."""
        p = self.progress
        return (
            f"Run {self.run_id} stopped: {p.ok} ok, {counted(p.failed, 'error', 'errors')}, "
            f"{p.unparsed} unparsed; {self.not_judged} of {counted(p.total, 'row', 'rows')} "
            "not judged."
        )


def _figure_lines(mean: float | None, accuracy: float | None) -> list[str]:
    said = []
    if mean is not None:
        said.append(f"mean score: {mean:.3f}")
    if accuracy is not None:
        said.append(f"accuracy:   {accuracy:.1%}")
    return said
