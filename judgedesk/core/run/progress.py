"""Where a run stands while it goes, and how it ended."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Progress:
    """Where a run stands; emitted while it goes and at the end."""

    run_id: int
    total: int
    done: int = 0
    ok: int = 0
    failed: int = 0
    unparsed: int = 0
    calls: int = 0
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
    """Per local-file judge: tokens a second the model writes, as last measured."""

    @property
    def rows_per_second(self) -> float:
        return self.done / self.elapsed if self.elapsed > 0 else 0.0

    @property
    def eta(self) -> float | None:
        """Seconds left at the current speed, or None before the first row."""
        rate = self.rows_per_second
        return (self.total - self.done) / rate if rate > 0 else None


@dataclass
class RunSummary:
    """How a run ended, with its figures: the one place that says it, as figures
    (:meth:`to_dict`) and as lines of text (:meth:`lines`, :meth:`stopped_line`)."""

    run_id: int
    status: str  # "finished" | "cancelled"
    progress: Progress
    mean: float | None
    accuracy: float | None

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
            "unparsed": p.unparsed,
            "mean_score": self.mean,
            "accuracy": self.accuracy,
            "calls": p.calls,
            "cached_calls": p.cached,
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
        said = [
            f"Run {self.run_id} {self.status}: {p.total} rows — "
            f"{p.ok} ok, {p.failed} errors, {p.unparsed} unparsed"
        ]
        if self.mean is not None:
            said.append(f"  mean score: {self.mean:.3f}")
        if self.accuracy is not None:
            said.append(f"  accuracy:   {self.accuracy:.1%}")
        tokens = f"{p.prompt_tokens} in / {p.completion_tokens} out"
        if p.tokens_estimated:
            tokens = f"about {tokens} (estimated: the server sent no counts)"
        said.append(
            f"  judge calls: {p.calls} made, {p.cached} reused; tokens "
            f"{tokens}; {round(p.elapsed, 3):.1f} s"
        )
        said += [f"  note: {say(note)}" for note in p.notes]
        said += [f"  errors: {count} × {kind}" for kind, count in sorted(p.errors.items())]
        return said

    def stopped_line(self) -> str:
        """How a run stopped before every row was judged went, in a line."""
        p = self.progress
        return (
            f"Run {self.run_id} stopped: {p.ok} ok, {p.failed} errors, {p.unparsed} "
            f"unparsed; {self.not_judged} of {p.total} rows not judged."
        )
