"""``run --fail-under``: the figures a run must reach, and whether it reached them."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from judgedesk.core.messages import counted

if TYPE_CHECKING:
    from judgedesk.core.dataset import Dataset
    from judgedesk.core.project import Project
    from judgedesk.core.report import Report

FIGURES = ("accuracy", "mean", "win_rate", "agreement", "kappa")
# Shares, written 0.8 or 80%; the mean is on the verdicts' own scale.
SHARES = ("accuracy", "win_rate", "agreement")
NAMES = {
    "accuracy": "accuracy",
    "mean": "mean score",
    "win_rate": "win rate",
    "agreement": "person–judge agreement",
    "kappa": "person–judge kappa",
}


@dataclass(frozen=True)
class Goal:
    """A figure and the least value it may have."""

    figure: str
    threshold: float


def parse_goal(text: str) -> Goal:
    """Read ``accuracy=0.8`` (an argparse ``type``: a wrong value is a usage error)."""
    name, sep, value = text.partition("=")
    name = name.strip().lower().replace("-", "_")
    if not sep or name not in FIGURES:
        raise argparse.ArgumentTypeError(
            f"'{text}' should be FIGURE=VALUE with FIGURE one of {', '.join(FIGURES)}, "
            "e.g. accuracy=0.8"
        )
    value = value.strip()
    percent = value.endswith("%")
    try:
        number = float(value.rstrip("%"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{value}' in '{text}' is not a number") from None
    if percent:
        number /= 100
    if name == "kappa" and not -1 <= number <= 1:
        raise argparse.ArgumentTypeError(f"kappa lies between -1 and 1: '{text}'")
    if name in SHARES and not 0 <= number <= 1:
        raise argparse.ArgumentTypeError(
            f"{NAMES[name]} is a share between 0 and 1 (or 0% and 100%): '{text}'"
        )
    return Goal(name, number)


@dataclass(frozen=True)
class Checked:
    """A goal and what the run reached: ``value`` None with ``why`` when not available."""

    goal: Goal
    value: float | None
    n: int
    why: str = ""

    @property
    def met(self) -> bool:
        return self.value is not None and self.value >= self.goal.threshold

    @property
    def sentence(self) -> str:
        name, goal = NAMES[self.goal.figure], self._show(self.goal.threshold)
        if self.value is None:
            return f"{name} is not available, so it cannot reach {goal}: {self.why}"
        value = self._show(self.value)
        if self.met:
            return f"{name} {value} reaches {goal} ({counted(self.n, 'row', 'rows')})"
        short = self.goal.threshold - self.value
        by = f"{short * 100:.1f} points" if self.goal.figure in SHARES else f"{short:.3g}"
        return f"{name} {value} is under {goal} by {by} ({counted(self.n, 'row', 'rows')})"

    def _show(self, value: float) -> str:
        return f"{value:.1%}" if self.goal.figure in SHARES else f"{value:.3g}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "figure": self.goal.figure,
            "threshold": self.goal.threshold,
            "value": self.value,
            "n": self.n,
            "met": self.met,
            "sentence": self.sentence,
        }


def measure(goals: list[Goal], project: Project, dataset: Dataset, run_id: int) -> list[Checked]:
    """Each goal against the figures of run ``run_id``, as ``judgedesk report --run`` has them."""
    from judgedesk.core.report import project_report  # the parser needs only FIGURES

    report = project_report(project, dataset, run_id=run_id)
    return [_reach(goal, report) for goal in goals]


def _reach(goal: Goal, report: Report) -> Checked:
    summary = report.summary
    kind = summary.kind or "none"
    if goal.figure in ("accuracy", "mean"):
        estimate = getattr(summary, goal.figure)
        if estimate is not None and estimate.value is not None:
            return Checked(goal, estimate.value, estimate.n)
        if not summary.kind:
            return Checked(goal, None, 0, "no row of this run has a verdict")
        wanted = "true/false verdicts" if goal.figure == "accuracy" else "scores"
        return Checked(goal, None, 0, f"this run's verdicts are {kind} verdicts, not {wanted}")
    if goal.figure == "win_rate":
        estimate = summary.win_rate
        if (estimate is None or estimate.value is None) and report.pairwise is not None:
            estimate = report.pairwise.win_rate
        if estimate is not None and estimate.value is not None:
            return Checked(goal, estimate.value, estimate.n)
        return Checked(
            goal, None, 0, f"a win rate needs pairwise verdicts; this run's are {kind} verdicts"
        )
    person = next((a for a in report.agreement if a.first == "person"), None)
    if goal.figure == "kappa" and person is not None:
        # Weighted for ordered verdicts, as the report gives it for them.
        kappa = person.kappa_quadratic if person.kind == "ordinal" else person.kappa
        if kappa.value is not None:
            return Checked(goal, kappa.value, kappa.n)
        if person.exact.value is not None:
            return Checked(
                goal, None, kappa.n, "kappa is undefined on these rows (one verdict only)"
            )
    if person is None or person.exact.value is None:
        return Checked(
            goal,
            None,
            0,
            "no row of this run has a person's verdict: review rows in the app, or map a "
            "column of human labels (judgedesk new … --field human=COLUMN)",
        )
    return Checked(goal, person.exact.value, person.exact.n)
