"""The command line's commands over an existing project: render, check, run, report…"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import sys
import time
from pathlib import Path

from judgedesk.cli.common import (
    EXIT_OK,
    EXIT_PROBLEM,
    EXIT_USAGE,
    allow_project,
    allow_scripts,
    err,
    open_project_data,
)
from judgedesk.core.dataset import Dataset
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.judge.approvals import KeyNotApprovedError
from judgedesk.core.judge.parsers import PARSERS, infer_parser
from judgedesk.core.judge.request import render_prompt
from judgedesk.core.project.approvals import pending
from judgedesk.core.project.checks import check_project
from judgedesk.core.project.settings import (
    Problem,
    Project,
    load_project,
)
from judgedesk.core.project.trust import TrustStore, UntrustedScriptsError
from judgedesk.core.report.build import project_report
from judgedesk.core.report.exports import FORMATS, write_export
from judgedesk.core.report.text import format_report
from judgedesk.core.run.pipeline import Progress, run_project
from judgedesk.core.run.rule_trial import try_rule
from judgedesk.core.run.selection import Selection
from judgedesk.core.run.store import Store
from judgedesk.core.scripts import run_once
from judgedesk.core.template.library import get_template, list_templates


def cmd_render(args: argparse.Namespace) -> int:
    project = load_project(args.dir)
    judge = project.judge(args.judge)
    allow_project(project, args.trust, keys=False)
    dataset = open_project_data(project)
    if not 0 <= args.row < len(dataset):
        raise JudgeDeskError(
            f"Row {args.row} does not exist: the dataset has rows 0 to {len(dataset) - 1}."
        )
    row = dataset.row(args.row)
    data, response, preprocess_result = row.data, row.response, None
    script = project.script_path("preprocess")
    if script.is_file():
        allow_scripts(project, args.trust)
        outcome = asyncio.run(
            run_once(
                script,
                "preprocess",
                data,
                response,
                timeout=project.scripts.timeout,
                memory_mb=project.scripts.memory_mb,
            )
        )
        if not outcome.ok:
            err(outcome.error or outcome.kind)
            raise JudgeDeskError("The preprocess script failed on this row (details above).")
        data, response, preprocess_result = outcome.data, outcome.resp, outcome.value
    prompt = render_prompt(project, judge, data, response, preprocess_result=preprocess_result)
    for issue in prompt.issues:
        err(f"{issue.severity}: {issue}")
    if not prompt.ok:
        return EXIT_PROBLEM
    if args.json:
        print(json.dumps(prompt.messages(), ensure_ascii=False, indent=2))
    elif prompt.system:
        print(f"### system\n{prompt.system}\n\n### user\n{prompt.user}")
    else:
        print(prompt.user)
    return EXIT_OK


def cmd_templates(args: argparse.Namespace) -> int:
    if args.show:
        print(get_template(args.show, args.language).text)
        return EXIT_OK
    rows = list_templates(args.language)
    width = max(len(t.id) for t in rows)
    for info in rows:
        kind = f"{info.mode}, {'multi-turn' if info.multi_turn else 'single-turn'}"
        print(f"{info.id:<{width}}  {info.language}  {info.parser:<11} {info.title} ({kind})")
    return EXIT_OK


def cmd_check(args: argparse.Namespace) -> int:
    project = load_project(args.dir)
    problems = check_project(project)
    if project.dataset.path and project.dataset_path().is_file():
        try:
            dataset = open_project_data(project)
        except JudgeDeskError as exc:
            problems.append(Problem("error", str(exc)))
        else:
            bad = [i for i in dataset.issues if i.severity == "error"]
            if bad:
                problems.append(
                    Problem(
                        "warning",
                        f"{len(bad)} dataset rows cannot be read and are "
                        f"skipped; the first: {bad[0]}",
                    )
                )
    problems.extend(_rule_readings(project))
    for judge in project.judges:
        if judge.kind == "openai" and not judge.parser and not judge.verdict:
            try:
                inferred = infer_parser(project.read_template(judge))
            except JudgeDeskError:
                continue
            if inferred is None:
                problems.append(
                    Problem(
                        "error",
                        f"Judge '{judge.name}': its verdict format is not "
                        f"recognised. Choose a parser ({', '.join(PARSERS)}).",
                    )
                )
    trust = TrustStore().state(project.root)
    if trust.blocked:
        problems.append(Problem("warning", str(UntrustedScriptsError(trust))))
    waiting = pending(project)  # said, never sent: check asks nothing of any server
    if waiting.keys:
        problems.append(Problem("warning", str(KeyNotApprovedError(waiting.keys))))
    for problem in problems:
        print(problem)
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        print(f"{project.name}: not runnable ({len(errors)} problem(s)).")
        return EXIT_PROBLEM
    print(f"{project.name}: ready to run.")
    return EXIT_OK


def _rule_readings(project: Project) -> list[Problem]:
    """What each judge's verdict rule reads on the replies already stored (no judge asked)."""
    found = []
    for judge in project.judges:
        try:
            rule = judge.rule()
        except JudgeDeskError:
            continue  # check_project says what is wrong with it
        if rule is None or not project.store_path.is_file():
            continue
        trial = try_rule(project, judge.name, rule)
        severity = "warning" if trial.replies and trial.read < trial.replies else "info"
        found.append(Problem(severity, f"Judge '{judge.name}': {trial.summary()}"))
    return found


def cmd_run(args: argparse.Namespace) -> int:
    project = load_project(args.dir)
    allow_project(project, args.trust, keys=not args.recompute)
    allow_scripts(project, args.trust)
    dataset = open_project_data(project)
    selection = Selection.parse(args.rows, args.only)
    if args.only == "disagreements":
        from judgedesk.core.review.session import disagreeing_rows

        selection = dataclasses.replace(selection, pick=disagreeing_rows)
    bar = _ProgressLine(enabled=not args.quiet)
    summary = asyncio.run(
        run_project(
            project,
            dataset,
            selection,
            concurrency=args.concurrency,
            offline=args.recompute,
            listeners=[lambda run: run.sig_progress.connect(bar.show)],
        )
    )
    bar.close()
    figures = summary.to_dict()
    if args.json:
        print(json.dumps(figures, ensure_ascii=False, indent=2))
        return EXIT_OK
    print(
        f"Run {figures['run_id']} {figures['status']}: {figures['rows']} rows — "
        f"{figures['ok']} ok, {figures['error']} errors, {figures['unparsed']} unparsed"
    )
    if figures["mean_score"] is not None:
        print(f"  mean score: {figures['mean_score']:.3f}")
    if figures["accuracy"] is not None:
        print(f"  accuracy:   {figures['accuracy']:.1%}")
    print(
        f"  judge calls: {figures['calls']} made, {figures['cached_calls']} reused; tokens "
        f"{figures['prompt_tokens']} in / {figures['completion_tokens']} out; "
        f"{figures['seconds']:.1f} s"
    )
    for kind, count in sorted(figures["errors"].items()):
        print(f"  errors: {count} × {kind}")
    return EXIT_OK


class _ProgressLine:
    """A one-line progress bar on stderr (a line every few seconds when not a terminal)."""

    def __init__(self, *, enabled: bool) -> None:
        self.enabled = enabled
        self.tty = sys.stderr.isatty()
        self.last = 0.0

    def show(self, progress: Progress) -> None:
        if not self.enabled or progress.total == 0:
            return
        now = time.monotonic()
        if not self.tty and now - self.last < 5 and progress.done < progress.total:
            return
        self.last = now
        filled = int(progress.done / progress.total * 30)
        eta = progress.eta
        eta_text = f" ETA {int(eta) // 60}:{int(eta) % 60:02d}" if eta is not None else ""
        line = (
            f"[{'#' * filled}{'.' * (30 - filled)}] {progress.done}/{progress.total} "
            f"{progress.rows_per_second:.1f} rows/s{eta_text} "
            f"errors {progress.failed} unparsed {progress.unparsed}"
        )
        if self.tty:
            print("\r" + line, end="", file=sys.stderr, flush=True)
        else:
            print(line, file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.enabled and self.tty:
            print(file=sys.stderr)


def _results_dataset(project: Project) -> Dataset | None:
    if not project.store_path.is_file():
        raise JudgeDeskError(
            f"{project.name} has not been run yet, so there are no results. Run it first: "
            f"judgedesk run {project.root}"
        )
    return open_project_data(project) if project.dataset_path().is_file() else None


def cmd_export(args: argparse.Namespace) -> int:
    project = load_project(args.dir)
    allow_project(project, args.trust, keys=False)
    fmt = args.format or Path(args.out).suffix.lstrip(".").lower()
    if fmt not in FORMATS:
        raise JudgeDeskError(
            f"Cannot tell the export format from '{args.out}'. End the file name with "
            f"{', '.join('.' + f for f in FORMATS)}, or pass --format."
        )
    dataset = _results_dataset(project)
    with Store(project.store_path) as store:
        count = write_export(
            store, Path(args.out), fmt, dataset, project=project, run_id=args.run, raw=args.raw
        )
    print(f"Wrote {count} rows to {args.out}")
    return EXIT_OK


def cmd_report(args: argparse.Namespace) -> int:
    project = load_project(args.dir)
    allow_project(project, args.trust, keys=False)
    dataset = _results_dataset(project)
    report = project_report(
        project,
        dataset,
        run_id=args.run,
        category=args.by,
        compare=tuple(args.compare) if args.compare else None,
    )
    if args.json:
        print(json.dumps(report.to_dict(), ensure_ascii=False, indent=2, default=str))
    else:
        print(format_report(report), end="")
    return EXIT_OK


def cmd_gui_unavailable(args: argparse.Namespace) -> int:
    err(
        "The desktop window cannot start from this command. Run `judgedesk` with no "
        "arguments (or `judgedesk open DIR`) to start it."
    )
    return EXIT_USAGE


def cmd_script_worker(args: argparse.Namespace) -> int:
    from judgedesk.core.scripts.worker import worker_main

    return worker_main()


# --- parser -----------------------------------------------------------------------------
