"""``judgedesk check``: can the project run, and do its judges answer?"""

from __future__ import annotations

import argparse
import asyncio

from judgedesk.cli import language
from judgedesk.cli.common import EXIT_OK, EXIT_PROBLEM, EXIT_USAGE, open_project_data
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.judge import PARSERS, KeyNotApprovedError, infer_parser
from judgedesk.core.messages import said, say
from judgedesk.core.project import (
    OutsideFileError,
    Problem,
    Project,
    TrustStore,
    UntrustedScriptsError,
    check_project,
    load_project,
    pending,
)
from judgedesk.core.run import check_models, try_rule


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
    # What waits for approval stops `judgedesk run` (exit 2) before anything runs.
    trust = TrustStore().state(project.root)
    waiting = pending(project)
    approvals = []
    if waiting.files:
        approvals.append(said(OutsideFileError(project.root, waiting.files)))
    if waiting.keys:
        approvals.append(said(KeyNotApprovedError(waiting.keys)))
    if trust.blocked:
        approvals.append(said(UntrustedScriptsError(trust)))
    problems.extend(Problem("warning", approval) for approval in approvals)
    if args.offline:
        offline = say("check.offline", "The judges were not asked (--offline).")
        problems.append(Problem("info", offline))
    elif waiting:
        # A project from elsewhere names its own addresses: none is contacted before yes.
        not_asked = say(
            "check.not_asked",
            "The judges' servers were not asked whether they answer: this project waits "
            "for the approvals above. Nothing was sent.",
        )
        problems.append(Problem("warning", not_asked))
    else:
        # Only now: every key is approved for its address (none other would be sent).
        checks = asyncio.run(check_models(project, probabilities=True))
        problems.extend(Problem(*check.finding()) for check in checks)
    for problem in problems:
        line = say(
            "check.problem",
            "{severity}: {message}",
            severity=language.severity(problem.severity),
            message=problem.message,
        )
        print(language.text(line))
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        if len(errors) == 1:
            sentence = say(
                "check.not_runnable_one",
                "{project}: not runnable (1 problem).",
                project=project.name,
            )
        else:
            sentence = say(
                "check.not_runnable",
                "{project}: not runnable ({count} problems).",
                project=project.name,
                count=len(errors),
            )
        print(language.text(sentence))
        return EXIT_USAGE if approvals else EXIT_PROBLEM
    if approvals:
        if len(approvals) == 1:
            waits = say(
                "check.waiting_one",
                "{project}: not ready to run: 1 approval waits (see above); `judgedesk run` "
                "refuses until then.",
                project=project.name,
            )
        else:
            waits = say(
                "check.waiting",
                "{project}: not ready to run: {count} approvals wait (see above); "
                "`judgedesk run` refuses until then.",
                project=project.name,
                count=len(approvals),
            )
        print(language.text(waits))
        return EXIT_USAGE
    print(language.text(say("check.ready", "{project}: ready to run.", project=project.name)))
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
