"""Trying a verdict rule on the replies a judge already gave, without asking it again.

Before a rule is saved, the person sees what it would do: how many stored replies it
reads, how many stay unparsed (grouped by reason) or hold conflicting verdicts, an
example of each, and the distribution of the verdicts it gives.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field

from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.judge import VerdictRule, VerdictValue, read_with_rule
from judgedesk.core.project import Project
from judgedesk.core.run.store import Store

EXAMPLE_CHARS = 400


@dataclass
class RuleTrial:
    """What a rule reads from one judge's stored replies.

    Attributes:
        judge: the judge's name.
        replies: how many stored replies were read.
        read: how many gave a verdict.
        conflicting: of those, how many held several different verdicts (one was picked).
        unparsed: reason → how many replies stayed unparsed for it.
        examples: "read", "conflicting" or an unparsed reason → one reply showing it.
        distribution: verdict label → how many replies gave it.
        values: verdict label → its value on the kind's scale.
        seconds: how long the trial took.
    """

    judge: str
    replies: int = 0
    read: int = 0
    conflicting: int = 0
    unparsed: Counter[str] = field(default_factory=Counter)
    examples: dict[str, str] = field(default_factory=dict)
    distribution: Counter[str] = field(default_factory=Counter)
    values: dict[str, VerdictValue] = field(default_factory=dict)
    seconds: float = 0.0

    def summary(self) -> str:
        """One or two sentences for a person: what the rule reads, what it does not."""
        if not self.replies:
            return f"Judge '{self.judge}' has no stored replies yet to try the rule on."
        parts = [f"The rule reads {self.read:,} of {self.replies:,} stored replies"]
        if self.conflicting:
            parts.append(f"{self.conflicting:,} of them with conflicting verdicts")
        sentence = ", ".join(parts) + "."
        if self.unparsed:
            left = self.replies - self.read
            reasons = "; ".join(
                f"{count:,} × {reason}" for reason, count in self.unparsed.most_common(3)
            )
            more = len(self.unparsed) - 3
            tail = f"; and {more} other reasons" if more > 0 else ""
            sentence += f" {left:,} stay unparsed: {reasons}{tail}"
        if self.distribution:
            shares = ", ".join(
                f"{label} {count:,}" for label, count in self.distribution.most_common(8)
            )
            sentence += f" Verdicts: {shares}."
        return sentence


def try_rule(project: Project, judge: str, rule: VerdictRule) -> RuleTrial:
    """Run ``rule`` over every reply stored for ``judge`` (blocking; asks no judge).

    Raises:
        JudgeDeskError: the project has no results store yet.
    """
    if not project.store_path.is_file():
        raise JudgeDeskError(
            "This project has no stored replies yet: run the judge on a few rows first, "
            "then try the rule on what it answered."
        )
    started = time.perf_counter()
    trial = RuleTrial(judge)
    with Store(project.store_path, readonly=True) as store:
        for content, reasoning in store.replies(judge):
            trial.replies += 1
            verdict = read_with_rule(rule, content, reasoning)
            if not verdict.ok:
                trial.unparsed[verdict.reason] += 1
                trial.examples.setdefault(verdict.reason, content[:EXAMPLE_CHARS])
                continue
            trial.read += 1
            label = str(verdict.label)
            trial.distribution[label] += 1
            if verdict.value is not None:
                trial.values.setdefault(label, verdict.value)
            trial.examples.setdefault("read", content[:EXAMPLE_CHARS])
            if verdict.ambiguous:
                trial.conflicting += 1
                trial.examples.setdefault("conflicting", content[:EXAMPLE_CHARS])
    trial.seconds = time.perf_counter() - started
    return trial
