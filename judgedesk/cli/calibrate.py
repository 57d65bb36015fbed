"""``judgedesk calibrate``: run candidate judges on the rows people labelled, compare them
with people on a tuning and a test part, propose one, and adopt it when asked."""

from __future__ import annotations

import argparse
import asyncio
import json
from pathlib import Path

from judgedesk.cli.common import (
    EXIT_OK,
    EXIT_PROBLEM,
    UsageError,
    allow_project,
    allow_scripts,
    err,
    open_project_data,
)
from judgedesk.core.errors import ProjectError
from judgedesk.core.judge import JudgeSettings
from judgedesk.core.messages import counted
from judgedesk.core.project import Project, adopt_judge, load_project
from judgedesk.core.report import calibrate, candidate_names, plan_calibration, run_candidates
from judgedesk.core.run import RunEstimate


def cmd_calibrate(args: argparse.Namespace) -> int:
    project = load_project(args.dir)
    allow_project(project, args.trust)
    allow_scripts(project, args.trust)
    if args.suggest is not None:
        return _suggest(project, args)
    if args.with_model is not None:
        raise UsageError("--with names the model that writes a revision: use it with --suggest.")
    names = args.judges.split(",") if args.judges else None
    candidates = candidate_names(project, names)
    if args.adopt is not None and args.adopt not in candidates:
        raise ProjectError(
            f"'{args.adopt}' is not among the candidates ({', '.join(candidates)}): "
            "name one of them with --adopt."
        )
    _keep_split(project, args.split, args.seed)
    dataset = open_project_data(project)
    plan = plan_calibration(project, dataset, candidates)
    plan.split.require_parts()
    say = err if args.json else print
    if plan.estimate is not None:
        say(_estimate_line(plan.estimate))
    outcomes = asyncio.run(run_candidates(project, dataset, plan))
    result = calibrate(plan.split, outcomes, seed=plan.split.seed)
    if args.adopt is not None:
        adopt_judge(project, candidates, args.adopt)
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
    else:
        for line in result.lines():
            print(line)
        if args.adopt is not None:
            print(f"Adopted {args.adopt}: the other candidates are disabled, not deleted.")
    return EXIT_OK if result.chosen is not None else EXIT_PROBLEM


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


def _estimate_line(estimate: RunEstimate) -> str:
    stored = sum(j.stored for j in estimate.judges)
    text = (
        f"Estimate: {counted(estimate.rows, 'labelled row', 'labelled rows')}, "
        f"{counted(estimate.requests, 'call', 'calls')} to make "
        f"({stored:,} stored), about {estimate.tokens:,} tokens"
    )
    if estimate.cost is not None:
        # Before any reply is measured, the cost is the most the replies can cost.
        text += f", cost {'at most' if estimate.ceiling else 'about'} {estimate.cost:.4f}"
    if estimate.seconds is not None:
        text += f", about {estimate.seconds:.0f} s"
    return text + "."


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
