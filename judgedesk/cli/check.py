"""``judgedesk check``: can the project run, and do its judges answer?"""

from __future__ import annotations

import argparse
import asyncio

from judgedesk.cli import language
from judgedesk.cli.common import EXIT_OK, EXIT_PROBLEM, open_project_data
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.judge import (
    PARSERS,
    ConnectionCheck,
    JudgeSettings,
    KeyNotApprovedError,
    check_connection,
    check_model_file,
    infer_parser,
)
from judgedesk.core.messages import say
from judgedesk.core.project import (
    Problem,
    Project,
    TrustStore,
    UntrustedScriptsError,
    check_project,
    load_project,
    pending,
)
from judgedesk.core.run import try_rule

MODELS_SHOWN = 8


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
    waiting = pending(project)
    if waiting.keys:
        problems.append(Problem("warning", str(KeyNotApprovedError(waiting.keys))))
    if args.offline:
        problems.append(Problem("info", "The judges were not asked (--offline)."))
    elif waiting:
        # A project from elsewhere names its own addresses: none is contacted before yes.
        problems.append(
            Problem(
                "warning",
                "The judges' servers were not asked whether they answer: this project "
                "waits for the approvals above. Nothing was sent.",
            )
        )
    else:
        problems.extend(asyncio.run(_ask_models(project)))
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
        print(
            language.text(
                say(
                    "check.not_runnable",
                    "{project}: not runnable ({count} problem(s)).",
                    project=project.name,
                    count=len(errors),
                )
            )
        )
        return EXIT_PROBLEM
    print(language.text(say("check.ready", "{project}: ready to run.", project=project.name)))
    return EXIT_OK


def _who(who: str, problem: str) -> str:
    return say("check.who", "{who}: {problem}", who=who, problem=problem)


def _judge(name: str) -> str:
    return say("check.judge", "Judge '{name}'", name=name)


def _models(project: Project) -> list[tuple[str, JudgeSettings]]:
    """The models a run would call, each with the words that name it."""
    found = [(_judge(j.name), j) for j in project.judges if j.enabled and j.kind == "openai"]
    if project.candidate is not None and project.candidate.kind == "openai":
        found.append((say("check.candidate", "The candidate model"), project.candidate))
    if project.baseline is not None and project.baseline.kind == "openai":
        found.append((say("check.baseline", "The baseline model"), project.baseline))
    # Without an address or a model name there is nothing to ask: check_project says so.
    return [(who, m) for who, m in found if m.base_url.strip() and m.model.strip()]


def _model_files(project: Project) -> list[tuple[str, JudgeSettings]]:
    """The local-file judges a run would use (checked, not loaded)."""
    return [
        (_judge(j.name), j)
        for j in project.judges
        if j.enabled and j.kind == "local" and j.model_file
    ]


async def _ask_models(project: Project) -> list[Problem]:
    """Ask each endpoint for its models once; say per model whether it can be used.

    Only called when every key is approved for its address (check_connection would
    still send none that is not).
    """
    models = _models(project)
    asked: dict[tuple[str, str, tuple[tuple[str, str], ...]], asyncio.Task[ConnectionCheck]] = {}
    problems: list[Problem] = []
    plan: list[tuple[str, JudgeSettings, asyncio.Task[ConnectionCheck]]] = []
    for who, model in _model_files(project):
        path = model.model_path(project.root)
        found = await asyncio.to_thread(check_model_file, path, model.context_size)
        if found.ok:
            problems.append(Problem("info", f"{who}: {path.name} can be loaded here."))
        else:
            problems.append(
                Problem(
                    "error", say("check.who", "{who}: {problem}", who=who, problem=found.problem)
                )
            )
    for who, model in models:
        key = (model.base_url.strip(), model.api_key, tuple(sorted(model.headers.items())))
        if key not in asked:
            asked[key] = asyncio.ensure_future(
                check_connection(model.base_url, model.api_key, model.headers)
            )
        plan.append((who, model, asked[key]))
    await asyncio.gather(*asked.values())
    for who, model, task in plan:
        problems.append(_verdict(who, model, task.result()))
    return problems


def _verdict(who: str, model: JudgeSettings, found: ConnectionCheck) -> Problem:
    if not found.ok:
        return Problem(
            "error", say("check.who", "{who}: {problem}", who=who, problem=found.problem)
        )
    if not found.models:
        return Problem(
            "warning",
            f"{who}: {model.base_url} answers ({found.milliseconds:.0f} ms) but lists no "
            f"model, so whether it offers '{model.model}' is not known.",
        )
    if model.model not in found.models:
        offered = ", ".join(found.models[:MODELS_SHOWN])
        more = (
            f" and {len(found.models) - MODELS_SHOWN} more"
            if len(found.models) > MODELS_SHOWN
            else ""
        )
        return Problem(
            "error",
            f"{who}: {model.base_url} does not offer the model '{model.model}'. It offers "
            f"{offered}{more}. Correct the model name, or load the model on the server.",
        )
    return Problem(
        "info",
        f"{who}: {model.base_url} answers ({found.milliseconds:.0f} ms) and offers "
        f"'{model.model}'.",
    )


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
