"""Running candidate judges on the rows people labelled, for a calibration.

Every candidate is run on its own, on the labelled rows only (both parts of the split:
the test figures need its verdicts too), with examples drawn from the tuning part. Its
run is an ordinary run of a copy of the project where only that judge is enabled, with no
cascade and no aggregate: the replies are stored, so running again asks only for what is
missing, and the run history records the candidate's version like any other run's.

Two ways to run them, sharing everything else here: :func:`run_candidates` awaits them
one after another (``judgedesk calibrate``), and :class:`CandidateRuns` runs each in a
process of its own, as the window's Run pane does, gathering news for the window to
drain; stopping it keeps every reply received.
"""

from __future__ import annotations

import copy
import logging
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from judgedesk.core.dataset import Dataset
from judgedesk.core.errors import JudgeDeskError, ProjectError
from judgedesk.core.judge import JudgeSettings
from judgedesk.core.project import Project
from judgedesk.core.report.calibration import JudgeOutcome, RunUsage, judge_outcome
from judgedesk.core.review import (
    CalibrationSplit,
    Ceiling,
    ReviewExamples,
    human_ceiling,
    project_split,
    scale_for,
)
from judgedesk.core.run import (
    ProcessRun,
    Progress,
    RowResult,
    Run,
    RunEstimate,
    Selection,
    Store,
    estimate_run,
    run_project,
)

log = logging.getLogger(__name__)

__all__ = [
    "CalibrationPlan",
    "CandidateNews",
    "CandidateRuns",
    "candidate_names",
    "plan_calibration",
    "run_candidates",
    "trial_project",
]

WHO = "a calibration"
"""What another run is told is running while a candidate runs."""


def candidate_names(project: Project, names: Sequence[str] | None = None) -> list[str]:
    """The candidates: ``names`` (each must be a judge of the project), else every enabled
    judge that asks a model (a metric has nothing to calibrate).

    Raises:
        ProjectError: a name is not a judge, or no judge is enabled.
    """
    if names:
        wanted = list(dict.fromkeys(n.strip() for n in names if n.strip()))
        for name in wanted:
            project.judge(name)  # says which judges there are when one is not
        return wanted
    enabled = [j.name for j in project.judges if j.enabled]
    if not enabled:
        raise ProjectError(
            "No judge is enabled: enable the judges to compare in the Judges pane "
            "(or name them with --judges a,b)."
        )
    return enabled


def trial_project(project: Project, enabled: Sequence[str]) -> Project:
    """A copy of the project whose enabled judges are ``enabled``, each judged on its own
    (no cascade, no aggregate), never saved."""
    trial = copy.deepcopy(project)
    for judge in trial.judges:
        judge.enabled = judge.name in enabled
    trial.run.cascade = False
    trial.run.aggregate = "last"
    return trial


def candidate_usage(judge: JudgeSettings, progress: Progress | None) -> RunUsage:
    """What a candidate's run took, priced at the judge's prices (per million tokens)."""
    if progress is None:
        return RunUsage()
    spent = progress.prompt_tokens * judge.price_input
    spent += progress.completion_tokens * judge.price_output
    cost = spent / 1_000_000 if judge.price_input or judge.price_output else None
    return RunUsage(
        progress.calls,
        progress.cached,
        progress.prompt_tokens,
        progress.completion_tokens,
        cost,
        progress.elapsed,
    )


@dataclass(frozen=True)
class CalibrationPlan:
    """What a calibration will do, known before any judge is asked.

    Attributes:
        split: the labelled rows in their parts.
        candidates: the judges to compare, in order.
        selection: the labelled rows, the only rows the candidates judge.
        estimate: the calls, tokens, time and cost of running every candidate on them
            (stored replies counted apart).
        ceiling: how far reviewers agree with each other on the labelled rows, when two
            or more gave verdicts on the same rows; else None.
    """

    split: CalibrationSplit
    candidates: tuple[str, ...]
    selection: Selection
    estimate: RunEstimate | None
    ceiling: Ceiling | None = None


def plan_calibration(
    project: Project,
    dataset: Dataset,
    names: Sequence[str] | None = None,
    *,
    estimate: bool = True,
) -> CalibrationPlan:
    """The split, the candidates and the estimate of a calibration (blocking: reads the
    results file and the dataset; call it off the GUI thread).

    The split's parts may be too small: :meth:`CalibrationSplit.require_parts` says so
    before anything runs (and nothing is estimated then).
    """
    candidates = candidate_names(project, names)
    with Store(project.store_path) as store:
        split = project_split(store, dataset, project)
        ceiling = _ceiling(store, project, split)
    selection = Selection(rows=tuple(sorted(split.rows)))
    guess = None
    if estimate and _big_enough(split):
        trial = trial_project(project, candidates)
        examples = ReviewExamples(split.share, split.seed)
        guess = estimate_run(trial, dataset, selection, examples=examples)
    return CalibrationPlan(split, tuple(candidates), selection, guess, ceiling)


def _big_enough(split: CalibrationSplit) -> bool:
    try:
        split.require_parts()
    except JudgeDeskError:
        return False
    return True


def _ceiling(store: Store, project: Project, split: CalibrationSplit) -> Ceiling | None:
    """The reviewers' agreement with each other on the labelled rows."""
    verdicts: dict[str, dict[int, Any]] = {}
    for name, by_row in store.reviews.everyone().items():
        given = {
            row: review.verdict
            for row, review in by_row.items()
            if review.verdict is not None and row in split.rows
        }
        if given:
            verdicts[name] = given
    if len(verdicts) < 2:
        return None
    scale = scale_for(project, [v for given in verdicts.values() for v in given.values()])
    try:
        ceiling = human_ceiling(verdicts, scale.level, seed=split.seed)
    except JudgeDeskError:  # verdicts of mixed kinds: no ceiling to speak of
        return None
    return ceiling if ceiling.rows else None


async def run_candidate(
    project: Project,
    dataset: Dataset,
    split: CalibrationSplit,
    selection: Selection,
    name: str,
    who: str = WHO,
) -> JudgeOutcome:
    """Run one candidate on ``selection`` in this process and read its outcome (``who``:
    what the project's lock says is running)."""
    results: list[tuple[int, Any]] = []

    def listen(run: Run) -> None:
        def finished(result: RowResult) -> None:
            results.append((result.index, result.detail))

        run.sig_row_finished.connect(finished)

    trial = trial_project(project, [name])
    summary = await run_project(
        trial,
        dataset,
        selection,
        listeners=[listen],
        who=who,
        examples=ReviewExamples(split.share, split.seed),
        calibration=True,  # the rows' latest results stay the project's own runs
    )
    return judge_outcome(name, results, candidate_usage(trial.judge(name), summary.progress))


async def run_candidates(
    project: Project, dataset: Dataset, plan: CalibrationPlan
) -> dict[str, JudgeOutcome]:
    """Run every candidate of ``plan`` in turn, in this process; each one's outcome."""
    return {
        name: await run_candidate(project, dataset, plan.split, plan.selection, name)
        for name in plan.candidates
    }


@dataclass
class CandidateNews:
    """What happened in a :class:`CandidateRuns` since the last drain.

    Attributes:
        candidate: the candidate running now ("" before the first and once done).
        position: its place among the candidates (0-based).
        progress: its run's latest figures, or None when none came.
        outcomes: the candidates whose run ended since then, each one's outcome (a
            stopped candidate's covers the rows it finished).
        run_ids: the runs that stored results since then.
        error: why a candidate could not run, in words ("" when none).
        stopped: True once a stop was asked.
        done: True once no candidate runs any more.
    """

    candidate: str = ""
    position: int = 0
    progress: Progress | None = None
    outcomes: dict[str, JudgeOutcome] = field(default_factory=dict)
    run_ids: list[int] = field(default_factory=list)
    error: str = ""
    stopped: bool = False
    done: bool = False


class CandidateRuns:
    """Runs the candidates one after another, each in a process of its own (as the
    window's runs go), from a thread of its own; its controls are thread-safe.

    ``on_news`` is called from that thread whenever there is something to drain (an
    attribute: it may be set while the candidates run).
    """

    def __init__(
        self,
        project: Project,
        plan: CalibrationPlan,
        *,
        on_news: Callable[[], None] | None = None,
    ) -> None:
        self.project = copy.deepcopy(project)
        self.plan = plan
        self.on_news = on_news
        self._lock = threading.Lock()
        self._news = CandidateNews()
        self._stop = threading.Event()
        self._run: ProcessRun | None = None
        self.done = threading.Event()

    def start(self) -> None:
        threading.Thread(target=self._work, name="judgedesk-calibration", daemon=True).start()

    def stop(self) -> None:
        """Stop the candidate running and run no other; replies received are kept."""
        self._stop.set()
        with self._lock:
            self._news.stopped = True
            run = self._run
        if run is not None:
            run.stop()
        self._notify()

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the candidates to end; True when they have."""
        return self.done.wait(timeout)

    def drain(self) -> CandidateNews:
        """Take what happened since the last call."""
        with self._lock:
            news = self._news
            self._news = CandidateNews(
                news.candidate, news.position, None, stopped=news.stopped, done=news.done
            )
        return news

    # --- the thread ---------------------------------------------------------------------

    def _work(self) -> None:
        try:
            for position, name in enumerate(self.plan.candidates):
                if self._stop.is_set():
                    break
                with self._lock:
                    self._news.candidate, self._news.position = name, position
                self._notify()
                if not self._run_one(name):
                    break
        except Exception as exc:  # told to the person, never lost in a thread
            log.exception("a calibration failed")
            with self._lock:
                self._news.error = self._news.error or str(exc) or type(exc).__name__
        finally:
            with self._lock:
                self._news.candidate = ""
                self._news.done = True
            self.done.set()
            self._notify()

    def _run_one(self, name: str) -> bool:
        """Run one candidate to its end; False when the calibration cannot go on."""
        trial = trial_project(self.project, [name])
        woken = threading.Event()
        split = self.plan.split
        run = ProcessRun(
            trial,
            self.plan.selection,
            trusted_only=True,
            on_news=woken.set,
            examples=ReviewExamples(split.share, split.seed),
            calibration=True,
        )
        results: list[tuple[int, Mapping[str, Any]]] = []
        progress: Progress | None = None
        with self._lock:
            self._run = run
        if self._stop.is_set():
            return False
        run.start()
        while True:
            woken.wait(0.5)
            woken.clear()
            news = run.drain()
            results.extend((row.index, row.detail) for row in news.rows)
            progress = news.progress or progress
            if news.summary is not None:
                progress = news.summary.progress
            with self._lock:
                self._news.progress = progress or self._news.progress
                if news.rows and news.run_id and news.run_id not in self._news.run_ids:
                    self._news.run_ids.append(news.run_id)
                if news.error:
                    self._news.error = news.error
            self._notify()
            if news.done:
                break
        with self._lock:
            self._run = None
        if news.error and not results:
            return False
        outcome = judge_outcome(name, results, candidate_usage(trial.judge(name), progress))
        with self._lock:
            self._news.outcomes[name] = outcome
        self._notify()
        return not news.error

    def _notify(self) -> None:
        on_news = self.on_news
        if on_news is not None:
            on_news()
