"""``judgedesk calibrate``: run candidate judges on the rows people labelled, compare them
with people on a tuning and a test part, propose one, and adopt it when asked."""

from __future__ import annotations

import argparse
import asyncio
import json
from pathlib import Path

from judgedesk.cli import language
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
from judgedesk.core.messages import Message, say
from judgedesk.core.project import Project, adopt_judge, load_project
from judgedesk.core.report import (
    calibrate,
    calibration_lines,
    candidate_names,
    plan_calibration,
    run_candidates,
)
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
    tell = err if args.json else print
    if plan.estimate is not None:
        tell(language.text(_estimate_line(plan.estimate)))
    outcomes = asyncio.run(run_candidates(project, dataset, plan))
    result = calibrate(plan.split, outcomes, seed=plan.split.seed)
    if args.adopt is not None:
        adopt_judge(project, candidates, args.adopt)
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
    else:
        for line in calibration_lines(result, language.template):
            print(language.text(line))
        if args.adopt is not None:
            adopted = say(
                "cli.calibrate.adopted",
                "Adopted {name}: the other candidates are disabled, not deleted.",
                name=args.adopt,
            )
            print(language.text(adopted))
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


def _estimate_line(estimate: RunEstimate) -> Message:
    stored = sum(j.stored for j in estimate.judges)
    if estimate.rows == 1:
        rows = say("cli.calibrate.labelled_one", "1 labelled row")
    else:
        rows = say(
            "cli.calibrate.labelled_many", "{count} labelled rows", count=f"{estimate.rows:,}"
        )
    if estimate.requests == 1:
        calls = say("cli.calibrate.call_one", "1 call")
    else:
        calls = say("cli.calibrate.calls", "{count} calls", count=f"{estimate.requests:,}")
    cost: str = ""
    if estimate.cost is not None:
        # Before any reply is measured, the cost is the most the replies can cost.
        if estimate.ceiling:
            cost = say(
                "cli.calibrate.cost_most", ", cost at most {cost}", cost=f"{estimate.cost:.4f}"
            )
        else:
            cost = say(
                "cli.calibrate.cost_about", ", cost about {cost}", cost=f"{estimate.cost:.4f}"
            )
    seconds: str = ""
    if estimate.seconds is not None:
        seconds = say(
            "cli.calibrate.seconds", ", about {seconds} s", seconds=f"{estimate.seconds:.0f}"
        )
    return say(
        "cli.calibrate.estimate",
        "Estimate: {rows}, {calls} to make ({stored} stored), about {tokens} tokens"
        "{cost}{seconds}.",
        rows=rows,
        calls=calls,
        stored=f"{stored:,}",
        tokens=f"{estimate.tokens:,}",
        cost=cost,
        seconds=seconds,
    )


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
    read = say(
        "cli.calibrate.revision_read",
        "{model} read {count} of the rows of the tuning part where {judge} disagrees with "
        "people (none of the test part).",
        model=revision.model,
        count=len(revision.disagreements),
        judge=revision.judge,
    )
    err(language.text(read))
    if revision.candidate is None or not revision.ok:
        nothing = say(
            "cli.calibrate.nothing_added", "Nothing added: {problem}", problem=revision.problem
        )
        err(language.text(nothing))
        return EXIT_PROBLEM
    tell = err if args.json else print
    added = say(
        "cli.calibrate.revision_added",
        "Added the candidate {name} ({file}). Measure it with `judgedesk calibrate "
        "{dir}`; it is never adopted by itself.",
        name=revision.candidate.name,
        file=revision.candidate.template,
        dir=args.dir,
    )
    tell(language.text(added))
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
