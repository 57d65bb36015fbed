"""``judgedesk calibrate``: run candidate judges on the rows people labelled, compare them
with people on a tuning and a test part, propose one, and adopt it when asked; or have a
model suggest a judge's template revised, as a new candidate (``--suggest``)."""

from __future__ import annotations

import argparse
import asyncio
import copy
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from judgedesk.cli.common import (
    EXIT_OK,
    EXIT_PROBLEM,
    UsageError,
    allow_project,
    allow_scripts,
    err,
    open_project_data,
)
from judgedesk.core.dataset import Dataset
from judgedesk.core.errors import ProjectError
from judgedesk.core.judge import JudgeSettings
from judgedesk.core.project import Project, load_project
from judgedesk.core.report import JudgeOutcome, RunUsage, calibrate, judge_outcome
from judgedesk.core.review import CalibrationSplit, ReviewExamples, project_split
from judgedesk.core.run import (
    RowResult,
    Run,
    RunEstimate,
    Selection,
    Store,
    estimate_run,
    run_project,
)


def cmd_calibrate(args: argparse.Namespace) -> int:
    project = load_project(args.dir)
    allow_project(project, args.trust)
    allow_scripts(project, args.trust)
    if args.suggest is not None:
        return _suggest(project, args)
    if args.with_model is not None:
        raise UsageError("--with names the model that writes a revision: use it with --suggest.")
    candidates = _candidates(project, args.judges)
    if args.adopt is not None and args.adopt not in candidates:
        raise ProjectError(
            f"'{args.adopt}' is not among the candidates ({', '.join(candidates)}): "
            "name one of them with --adopt."
        )
    _keep_split(project, args.split, args.seed)
    dataset = open_project_data(project)
    with Store(project.store_path) as store:
        split = project_split(store, dataset, project)
    split.require_parts()
    selection = Selection(rows=tuple(sorted(split.rows)))
    say = err if args.json else print
    examples = ReviewExamples(split.share, split.seed)
    estimate = estimate_run(_only(project, candidates), dataset, selection, examples=examples)
    say(_estimate_line(estimate))
    outcomes = {
        name: asyncio.run(_run_candidate(project, dataset, split, selection, name))
        for name in candidates
    }
    result = calibrate(split, outcomes, seed=split.seed)
    if args.adopt is not None:
        _adopt(project, candidates, args.adopt)
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
    else:
        for line in result.lines():
            print(line)
        if args.adopt is not None:
            print(f"Adopted {args.adopt}: the other candidates are disabled, not deleted.")
    return EXIT_OK if result.chosen is not None else EXIT_PROBLEM


def _candidates(project: Project, names: str | None) -> list[str]:
    """The candidates' names: those given (each must be a judge), else the enabled ones."""
    if names:
        wanted = list(dict.fromkeys(n.strip() for n in names.split(",") if n.strip()))
        for name in wanted:
            project.judge(name)  # says which judges there are when one is not
        return wanted
    enabled = [j.name for j in project.judges if j.enabled]
    if not enabled:
        raise ProjectError("No judge is enabled: name the candidates with --judges a,b.")
    return enabled


def _keep_split(project: Project, share: float | None, seed: int | None) -> None:
    """Keep a split given on the command line in the project, so later runs' examples
    come from the same tuning part."""
    settings = project.calibration
    changed = False
    if share is not None and share != settings.share:
        if not 0.0 < share < 1.0:
            raise UsageError(
                f"--split must be between 0 and 1 (not {share}); 0.5 is half and half."
            )
        settings.share, changed = share, True
    if seed is not None and seed != settings.seed:
        settings.seed, changed = seed, True
    if changed:
        project.save()


def _only(project: Project, enabled: Sequence[str]) -> Project:
    """A copy of the project whose enabled judges are ``enabled``, each judged on its own
    (no cascade, no aggregate), never saved."""
    trial = copy.deepcopy(project)
    for judge in trial.judges:
        judge.enabled = judge.name in enabled
    trial.run.cascade = False
    trial.run.aggregate = "last"
    return trial


async def _run_candidate(
    project: Project, dataset: Dataset, split: CalibrationSplit, selection: Selection, name: str
) -> JudgeOutcome:
    results: list[tuple[int, Any]] = []

    def listen(run: Run) -> None:
        def finished(result: RowResult) -> None:
            results.append((result.index, result.detail))

        run.sig_row_finished.connect(finished)

    trial = _only(project, [name])
    summary = await run_project(
        trial,
        dataset,
        selection,
        listeners=[listen],
        who="judgedesk calibrate",
        examples=ReviewExamples(split.share, split.seed),
        calibration=True,
    )
    progress = summary.progress
    judge = trial.judge(name)
    spent = progress.prompt_tokens * judge.price_input
    spent += progress.completion_tokens * judge.price_output
    cost = spent / 1_000_000 if judge.price_input or judge.price_output else None
    usage = RunUsage(
        progress.calls,
        progress.cached,
        progress.prompt_tokens,
        progress.completion_tokens,
        cost,
        progress.elapsed,
    )
    return judge_outcome(name, results, usage)


def _estimate_line(estimate: RunEstimate) -> str:
    stored = sum(j.stored for j in estimate.judges)
    text = (
        f"Estimate: {estimate.rows} labelled rows, {estimate.requests} calls to make "
        f"({stored} stored), about {estimate.tokens} tokens"
    )
    if estimate.cost is not None:
        text += f", cost about {estimate.cost:.4f}"
    if estimate.seconds is not None:
        text += f", about {estimate.seconds:.0f} s"
    return text + "."


def _adopt(project: Project, candidates: Sequence[str], chosen: str) -> None:
    """Keep ``chosen`` enabled and disable the other candidates (never deleted)."""
    for judge in project.judges:
        if judge.name == chosen:
            judge.enabled = True
        elif judge.name in candidates:
            judge.enabled = False
    project.save()


def _suggest(project: Project, args: argparse.Namespace) -> int:
    """Have a model revise a judge's template from its tuning disagreements; a revision
    that renders becomes a new candidate (never adopted), one that does not says why."""
    from judgedesk.core.report import add_revision, suggest_revision

    if args.adopt is not None or args.judges:
        raise UsageError(
            "--suggest revises one judge: leave out --judges and --adopt, then calibrate "
            "the new candidate with the others."
        )
    _keep_split(project, args.split, args.seed)
    model = _model(project, args.with_model)
    dataset = open_project_data(project)
    revision = asyncio.run(suggest_revision(project, dataset, args.suggest, model))
    if revision.ok:
        add_revision(project, revision)
    if args.json:
        print(json.dumps(revision.to_dict(), ensure_ascii=False, indent=2))
    else:
        print(revision.diff, end="" if revision.diff.endswith("\n") or not revision.diff else "\n")
    shown = len(revision.disagreements)
    err(
        f"{revision.model} read {shown} of the rows of the tuning part where "
        f"{revision.judge} disagrees with people (none of the test part)."
    )
    if revision.candidate is None or not revision.ok:
        err(f"Nothing added: {revision.problem}")
        return EXIT_PROBLEM
    say = err if args.json else print
    say(
        f"Added the candidate {revision.candidate.name} ({revision.candidate.template}). "
        f"Measure it with `judgedesk calibrate {args.dir}`; it is never adopted by itself."
    )
    return EXIT_OK


def _model(project: Project, given: str | None) -> JudgeSettings | None:
    """The model that writes the revision: a judge of the project, or a .gguf model file
    (None: the judge's own model)."""
    if not given:
        return None
    if any(j.name == given for j in project.judges):
        return project.judge(given)
    path = Path(given).expanduser()
    if path.suffix.lower() == ".gguf" and path.is_file():
        return JudgeSettings(name=path.stem, kind="local", model_file=str(path.resolve()))
    names = ", ".join(j.name for j in project.judges if j.kind != "metric")
    raise ProjectError(
        f"--with names no judge of the project nor a .gguf model file: '{given}'. Name one "
        f"of the judges ({names}) or a model file."
    )
