"""Where a project stands: each stage's state in a line, and the one thing to do next.

The window's sidebar and next-step bar show what :func:`stage_states` and
:func:`next_step` make of a :class:`Facts`: plain numbers gathered from events (a
dataset read, a template checked, a run's progress, a review's figures), never by
reading files here. Each state and step carries a ``code`` and its numbers; the words
are the interface's, in its language.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from judgedesk.core.project.settings import Problem, Project

STAGES = ("dataset", "template", "scripts", "judges", "run", "review", "report")
"""The stages, in the order a row goes through them."""


class Mark(Enum):
    """How a stage stands, as the sidebar marks it (with a symbol and a word, never a
    colour alone)."""

    DONE = "done"
    TODO = "todo"
    BLOCKS = "blocks"  # a run cannot start until this is put right
    WARN = "warn"  # worth a look; nothing stops
    BUSY = "busy"
    IDLE = "idle"  # nothing to do here yet, or nothing needed


@dataclass(frozen=True)
class Spot:
    """A problem and where it is: a judge and, for a template, its line.

    ``unreachable``: the judge's server did not answer (or lacks its model) when asked.
    """

    message: str
    judge: str = ""
    line: int | None = None
    unreachable: bool = False


@dataclass(frozen=True)
class Facts:
    """What is known of a project, gathered from events.

    Attributes:
        project: a project is open.
        dataset_set: the project names a dataset.
        dataset_found: that file is there.
        rows: the dataset's rows, None while it is read.
        unreadable: lines or rows of the dataset file that could not be read (left out).
        templates: how many enabled judges are asked with a template.
        template_problems: what keeps a template from making a prompt.
        scripts: the scripts the project uses ("preprocess", "postprocess").
        script_failures: rows whose script failed in the latest results.
        judges: enabled judges.
        judges_total: every judge, switched off or not.
        judge_problems: what keeps a judge from being used (settings, a server that
            did not answer the latest check).
        run_problems: what keeps the models that answer (candidate, baseline) from
            being asked.
        running: the share of the run done (0–1) while a run goes; None otherwise.
        results: rows with a result.
        failed: of those, rows whose judge call or script failed.
        unparsed: of those, rows whose verdict could not be read.
        review_total: rows there are to review.
        reviewed: of those, rows the reviewer gave a verdict for.
        disagreements: rows where the reviewer and the judge disagree.
        exported: a report was exported since the results or reviews last changed.
        changed_since_export: results or reviews changed after the latest export.
        estimate_seconds: how long running the rows not yet judged may take.
        estimate_cost: what it may cost, when the judges have prices.
        estimate_ceiling: the cost is the most it can be (no reply measured yet).
        calibration_test: rows of the calibration's test part (two judges or more).
        calibration_more: reviews still needed before judges can be calibrated.
        calibration_goal_more: reviews still needed for a test part of
            ``calibration_goal`` rows.
        calibrated: the judges were calibrated since the project was opened.
        sample_more: more rows of the random sample to review before the widest
            corrected figure is as narrow as planned (0: none, or no sample).
        sample_left: rows of the random sample nobody reviewed yet.
        sample_width: that half-width planned for (a fraction for a rate).
        sample_rate: whether that figure is a rate (its width then counts points).
    """

    project: bool = False
    dataset_set: bool = False
    dataset_found: bool = True
    rows: int | None = None
    unreadable: int = 0
    templates: int = 0
    template_problems: tuple[Spot, ...] = ()
    scripts: tuple[str, ...] = ()
    script_failures: int = 0
    judges: int = 0
    judges_total: int = 0
    judge_problems: tuple[Spot, ...] = ()
    run_problems: tuple[Spot, ...] = ()
    running: float | None = None
    results: int = 0
    failed: int = 0
    unparsed: int = 0
    review_total: int = 0
    reviewed: int = 0
    disagreements: int = 0
    exported: bool = False
    changed_since_export: bool = False
    estimate_seconds: float | None = None
    estimate_cost: float | None = None
    estimate_ceiling: bool = False
    calibration_test: int = 0
    calibration_more: int = 0
    calibration_goal_more: int = 0
    calibration_goal: int = 0
    calibrated: bool = False
    sample_more: int = 0
    sample_left: int = 0
    sample_width: float = 0.0
    sample_rate: bool = True

    @property
    def to_run(self) -> int:
        """Rows with no result yet."""
        return max(0, (self.rows or 0) - self.results)


@dataclass(frozen=True)
class StageState:
    """One stage's state: its mark, a code naming the state, and the numbers it says.

    Codes by stage (numbers in ``counts``):
        dataset: "none", "missing", "reading", "rows" (rows), "unreadable" (rows read,
            rows that could not be).
        template: "none" (no judge uses one), "problems" (problems), "ready" (templates).
        scripts: "off", "on" (scripts named in ``names``), "failing" (rows).
        judges: "none", "off", "problems" (problems), "ready" (judges).
        run: "waiting" (nothing can run yet), "problems" (problems), "not_run" (rows),
            "running" (percent), "partial" (results, rows), "failed" (failed), "done"
            (results).
        review: "waiting", "todo" (reviewed, total), "disagreements" (reviewed, total,
            disagreements), "done" (total).
        report: "waiting", "ready", "exported", "stale".
    """

    stage: str
    mark: Mark
    code: str
    counts: tuple[int, ...] = ()
    names: tuple[str, ...] = ()
    spot: Spot | None = None
    """Where the problem is, for a stage that blocks: a click goes there."""


@dataclass(frozen=True)
class NextStep:
    """The one thing to do next.

    Codes: "open", "dataset", "add_judge", "fix_template" (line), "fix_judge", "fix_run",
    "running" (percent), "run" (rows), "retry" (failed), "disagreements" (count),
    "review_sample" (count, sample rows left to review; ``width`` the half-width the
    count brings a corrected figure to, ``rate`` whether that figure is a rate),
    "calibrate" (test rows, reviews for a test part of the goal, the goal), "review"
    (count), "export", "refresh_export". ``stage`` is where the step is done.
    """

    code: str
    stage: str
    counts: tuple[int, ...] = ()
    spot: Spot | None = None
    seconds: float | None = None
    cost: float | None = None
    width: float | None = None
    rate: bool = True
    ceiling: bool = False


def spots(problems: list[Problem], stage: str) -> tuple[Spot, ...]:
    """The errors of ``check_project`` that belong to ``stage``, as spots."""
    return tuple(
        Spot(p.message, p.judge, p.line)
        for p in problems
        if p.severity == "error" and p.stage == stage
    )


def project_facts(project: Project, problems: list[Problem], scripts: tuple[str, ...]) -> Facts:
    """The facts a project's settings and checks give (the rest come from events).

    Args:
        project: the project.
        problems: what :func:`~judgedesk.core.project.checks.check_project` found.
        scripts: the scripts present and used.
    """
    enabled = [j for j in project.judges if j.enabled]
    return Facts(
        project=True,
        dataset_set=bool(project.dataset.path),
        dataset_found=not any(p.stage == "dataset" for p in problems),
        templates=sum(1 for j in enabled if j.kind != "metric"),
        template_problems=spots(problems, "template"),
        scripts=scripts,
        judges=len(enabled),
        judges_total=len(project.judges),
        judge_problems=spots(problems, "judges"),
        run_problems=spots(problems, "run"),
    )


def stage_states(facts: Facts) -> tuple[StageState, ...]:
    """Every stage's state, in pipeline order."""
    return (
        _dataset(facts),
        _template(facts),
        _scripts(facts),
        _judges(facts),
        _run(facts),
        _review(facts),
        _report(facts),
    )


def _dataset(f: Facts) -> StageState:
    if not f.project or not f.dataset_set:
        return StageState("dataset", Mark.BLOCKS, "none")
    if not f.dataset_found:
        return StageState("dataset", Mark.BLOCKS, "missing")
    if f.rows is None:
        return StageState("dataset", Mark.BUSY, "reading")
    if f.unreadable:
        return StageState("dataset", Mark.WARN, "unreadable", (f.rows, f.unreadable))
    return StageState("dataset", Mark.DONE, "rows", (f.rows,))


def _template(f: Facts) -> StageState:
    if f.template_problems:
        count = len(f.template_problems)
        return StageState("template", Mark.BLOCKS, "problems", (count,), (), f.template_problems[0])
    if f.templates == 0:
        return StageState("template", Mark.IDLE, "none")
    return StageState("template", Mark.DONE, "ready", (f.templates,))


def _scripts(f: Facts) -> StageState:
    if not f.scripts:
        return StageState("scripts", Mark.IDLE, "off")
    if f.script_failures:
        return StageState("scripts", Mark.WARN, "failing", (f.script_failures,), f.scripts)
    return StageState("scripts", Mark.DONE, "on", (), f.scripts)


def _judges(f: Facts) -> StageState:
    if f.judges_total == 0:
        return StageState("judges", Mark.BLOCKS, "none")
    if f.judges == 0:
        return StageState("judges", Mark.BLOCKS, "off")
    if f.judge_problems:
        count = len(f.judge_problems)
        return StageState("judges", Mark.BLOCKS, "problems", (count,), (), f.judge_problems[0])
    return StageState("judges", Mark.DONE, "ready", (f.judges,))


def _blocked(f: Facts) -> bool:
    return bool(
        not f.project
        or not f.dataset_set
        or not f.dataset_found
        or f.template_problems
        or f.judges == 0
        or f.judge_problems
        or f.run_problems
    )


def _run(f: Facts) -> StageState:
    if f.running is not None:
        return StageState("run", Mark.BUSY, "running", (_percent(f.running),))
    if f.run_problems:
        count = len(f.run_problems)
        return StageState("run", Mark.BLOCKS, "problems", (count,), (), f.run_problems[0])
    if f.results == 0:
        if _blocked(f) or f.rows is None:
            return StageState("run", Mark.IDLE, "waiting")
        return StageState("run", Mark.TODO, "not_run", (f.rows,))
    if f.failed:
        return StageState("run", Mark.WARN, "failed", (f.failed,))
    if f.rows is not None and f.results < f.rows:
        return StageState("run", Mark.TODO, "partial", (f.results, f.rows))
    return StageState("run", Mark.DONE, "done", (f.results,))


def _review(f: Facts) -> StageState:
    if f.review_total == 0:
        return StageState("review", Mark.IDLE, "waiting")
    counts = (f.reviewed, f.review_total)
    if f.disagreements:
        return StageState("review", Mark.WARN, "disagreements", (*counts, f.disagreements))
    if f.reviewed < f.review_total:
        return StageState("review", Mark.TODO, "todo", counts)
    return StageState("review", Mark.DONE, "done", (f.review_total,))


def _report(f: Facts) -> StageState:
    if f.results == 0:
        return StageState("report", Mark.IDLE, "waiting")
    if f.exported and not f.changed_since_export:
        return StageState("report", Mark.DONE, "exported")
    if f.changed_since_export:
        return StageState("report", Mark.WARN, "stale")
    return StageState("report", Mark.TODO, "ready")


def next_step(facts: Facts) -> NextStep | None:
    """The one thing to do next, or None once the project is complete."""
    f = facts
    if not f.project:
        return NextStep("open", "dataset")
    if not f.dataset_set or not f.dataset_found:
        return NextStep("dataset", "dataset")
    if f.judges_total == 0 or f.judges == 0:
        return NextStep("add_judge" if f.judges_total == 0 else "fix_judge", "judges")
    if f.template_problems:
        spot = f.template_problems[0]
        return NextStep("fix_template", "template", (spot.line or 0,), spot)
    if f.judge_problems:
        return NextStep("fix_judge", "judges", (), f.judge_problems[0])
    if f.run_problems:
        return NextStep("fix_run", "run", (), f.run_problems[0])
    if f.running is not None:
        return NextStep("running", "run", (_percent(f.running),))
    if f.rows is None:
        return None  # the dataset is still being read: nothing to suggest yet
    if f.to_run:
        return NextStep(
            "run",
            "run",
            (f.to_run,),
            None,
            f.estimate_seconds,
            f.estimate_cost,
            ceiling=f.estimate_ceiling,
        )
    if f.failed:
        return NextStep("retry", "run", (f.failed,))
    if f.disagreements:
        return NextStep("disagreements", "review", (f.disagreements,))
    if f.sample_more > 0 and f.sample_left > 0:  # a figure meant for publishing is wide
        return NextStep(
            "review_sample",
            "review",
            (f.sample_more, f.sample_left),
            width=f.sample_width,
            rate=f.sample_rate,
        )
    if f.judges >= 2 and f.calibration_test and not f.calibration_more and not f.calibrated:
        counts = (f.calibration_test, f.calibration_goal_more, f.calibration_goal)
        return NextStep("calibrate", "review", counts)
    if f.reviewed < f.review_total:
        return NextStep("review", "review", (f.review_total - f.reviewed,))
    if f.changed_since_export:
        return NextStep("refresh_export", "report")
    if not f.exported:
        return NextStep("export", "report")
    return None


__all__ = [
    "STAGES",
    "Facts",
    "Mark",
    "NextStep",
    "Spot",
    "StageState",
    "next_step",
    "project_facts",
    "spots",
    "stage_states",
]


def _percent(share: float) -> int:
    """A share as the whole percent the Run pane shows for it (rounded down, as its bar
    and line do: a run is never said to be further on than it is)."""
    return int(share * 100 + 1e-9)
