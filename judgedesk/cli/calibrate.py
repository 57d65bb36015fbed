"""``judgedesk calibrate``: run candidate judges on the rows people labelled, compare them
with people on a tuning and a test part, propose one, and adopt it when asked."""

from __future__ import annotations

import argparse
import asyncio
import json

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
from judgedesk.core.project import Project, adopt_judge, load_project
from judgedesk.core.report import calibrate, candidate_names, plan_calibration, run_candidates
from judgedesk.core.run import RunEstimate


def cmd_calibrate(args: argparse.Namespace) -> int:
    project = load_project(args.dir)
    allow_project(project, args.trust)
    allow_scripts(project, args.trust)
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
        f"Estimate: {estimate.rows} labelled rows, {estimate.requests} calls to make "
        f"({stored} stored), about {estimate.tokens} tokens"
    )
    if estimate.cost is not None:
        text += f", cost about {estimate.cost:.4f}"
    if estimate.seconds is not None:
        text += f", about {estimate.seconds:.0f} s"
    return text + "."
