"""Checking a project before it runs: what stops it, and what looks unintended."""

from __future__ import annotations

from dataclasses import replace

from judgedesk.core.dataset import joined_column
from judgedesk.core.errors import JudgeDeskError, ProjectError
from judgedesk.core.judge import (
    FORMATS,
    JUDGE_KINDS,
    KEY_REFERENCE,
    PARSERS,
    GGUFError,
    JudgeSettings,
    model_file_problem,
    read_model_file,
    validate_metric_params,
)
from judgedesk.core.project.settings import AGGREGATES, Problem, Project
from judgedesk.core.template import (
    RESERVED_NAMES,
    AnswerPlaces,
    answer_places,
    compile_template,
    swap_issues,
)


def check_project(project: Project) -> list[Problem]:
    """List what stops a project from running, and what looks unintended.

    Only settings and files are looked at here; reading every row of the dataset is the
    dataset layer's work.
    """
    problems: list[Problem] = []

    def error(message: str, stage: str = "") -> None:
        problems.append(Problem("error", message, stage))

    def warn(message: str, stage: str = "") -> None:
        problems.append(Problem("warning", message, stage))

    if not project.dataset.path:
        error("No dataset is set. Import one with File ▸ Import Dataset.", "dataset")
    elif not project.dataset_path().is_file():
        error(
            f"The dataset file {project.dataset.path} was not found. Put it back, or point "
            "the project at its new place with File ▸ Import Dataset.",
            "dataset",
        )
    if not project.judges:
        error("The project has no judge. Add one in the Judges pane.", "judges")
    elif not any(j.enabled for j in project.judges):
        error("Every judge is switched off. Switch one on in the Judges pane.", "judges")
    names = [j.name for j in project.judges]
    for name in {n for n in names if names.count(n) > 1}:
        error(f"Two judges are called '{name}'. Give each judge its own name.", "judges")
    for judge in project.judges:
        if judge.enabled:
            problems.extend(_check_judge(project, judge))
    for role, model in (("candidate", project.candidate), ("baseline", project.baseline)):
        if model is None:
            continue
        if not model.base_url or not model.model:
            error(f"The {role} model needs an endpoint URL and a model name.", "run")
        if model.api_key and not KEY_REFERENCE.match(model.api_key):
            error(
                f"The {role}'s settings hold what looks like an API key. Remove it and "
                "store the key in the keyring or an environment variable (env:NAME).",
                "run",
            )
        if model.prompt_template:
            problems.extend(_check_prompt_template(project, model))
    for message in project.arena.problems():
        error(message, "run")
    if project.arena.active and project.baseline is not None:
        error(
            "The project compares several models' answers and also asks a baseline model: "
            "add the baseline model's answers as one of the models instead.",
            "run",
        )
    if project.run.aggregate not in AGGREGATES:
        error(
            f"'{project.run.aggregate}' is not a way to combine judges' verdicts; use one "
            f"of {', '.join(AGGREGATES)}."
        )
    for name in project.variables:
        if name in RESERVED_NAMES:
            warn(
                f"The project variable '{name}' has the name of a built-in template variable, "
                "which takes precedence. Rename the variable."
            )
    return problems


def _check_prompt_template(project: Project, model: JudgeSettings) -> list[Problem]:
    """A candidate's or baseline's own prompt template: there, and compiling (a run
    refuses to start otherwise)."""
    try:
        compiled = compile_template(project.read_prompt_template(model))
    except ProjectError as exc:
        return [Problem("error", str(exc), "run")]
    return [
        Problem(
            "error",
            f"The prompt template of the {model.name} model, {model.prompt_template}: "
            f"{issue.message}",
            "run",
        )
        for issue in compiled.issues
        if issue.severity == "error"
    ]


def _check_judge(project: Project, judge: JudgeSettings) -> list[Problem]:
    problems = _judge_problems(project, judge)
    for problem in problems:
        problem.judge = judge.name
        problem.stage = problem.stage or "judges"
    return problems


def _judge_problems(project: Project, judge: JudgeSettings) -> list[Problem]:
    problems: list[Problem] = []
    label = f"Judge '{judge.name}'"
    if judge.kind not in JUDGE_KINDS:
        problems.append(Problem("error", f"{label} has an unknown kind '{judge.kind}'."))
    if judge.kind == "openai":
        if not judge.base_url:
            problems.append(
                Problem("error", f"{label} has no endpoint URL. Set it in the Judges pane.")
            )
        if not judge.model:
            problems.append(
                Problem("error", f"{label} has no model name. Use Test connection to pick one.")
            )
    if judge.kind == "local":
        problems.extend(_check_model_file(project, judge, label))
    if judge.structured_format and judge.structured_format not in FORMATS:
        problems.append(
            Problem(
                "error",
                f"{label} asks for structured verdicts in '{judge.structured_format}', which "
                f"is not a format JudgeDesk knows ({', '.join(FORMATS)}); leave it empty for "
                "the server's usual one.",
            )
        )
    if judge.api_key and not KEY_REFERENCE.match(judge.api_key):
        problems.append(
            Problem(
                "error",
                f"{label}: the project file holds what looks like an API key. Remove it and "
                "store the key in the keyring or an environment variable (env:NAME).",
            )
        )
    for settings_read in (judge.rule, judge.example_rule):
        try:
            settings_read()
        except ProjectError as exc:
            problems.append(Problem("error", str(exc)))
    if judge.parser and judge.parser not in PARSERS:
        known = ", ".join(PARSERS)
        problems.append(
            Problem("error", f"{label} uses an unknown parser '{judge.parser}' (known: {known}).")
        )
    if judge.concurrency < 1:
        problems.append(Problem("error", f"{label}: concurrency must be at least 1."))
    if judge.samples < 1:
        problems.append(Problem("error", f"{label}: samples must be at least 1."))
    if judge.timeout <= 0:
        problems.append(Problem("error", f"{label}: the timeout must be more than 0 seconds."))
    if judge.kind == "metric":
        try:
            validate_metric_params(judge.metric, judge.params)
        except JudgeDeskError as exc:
            problems.append(Problem("error", f"{label}: {exc}"))
        return problems
    try:
        source = project.read_template(judge)
    except ProjectError as exc:
        problems.append(Problem("error", str(exc), "template"))
        return problems
    compiled = compile_template(source)
    for issue in compiled.issues:
        problems.append(
            Problem("error", f"{label}, {judge.template}: {issue}", "template", line=issue.line)
        )
    if judge.structured and judge.verdict_kind(source) is None:
        problems.append(
            Problem(
                "warning",
                f"{label} asks for structured verdicts, but nothing says what its verdict is "
                "(no verdict reader is set and none fits the template), so no JSON schema "
                "can be made: its replies are read as free text. Choose how the verdict is "
                "read in the Judges pane.",
            )
        )
    kind = judge.verdict_kind(source)
    if project.arena.active and kind is not None and kind != "pairwise":
        problems.append(
            Problem(
                "error",
                f"{label} gives {kind} verdicts, but the project compares several models a "
                "pair at a time, which needs a verdict between two answers (A better, tie, B "
                "better). Choose a template that compares Response A with Response B, such as "
                "pairwise_checklist.",
                "template",
            )
        )
    places = swap_places(project, judge, source)
    if compiled.ok and places is not None:
        for issue in swap_issues(compiled, places):
            problems.append(
                Problem(
                    issue.severity,
                    f"{label}, {judge.template}: {issue}",
                    "template",
                    line=issue.line,
                )
            )
    return problems


def _check_model_file(project: Project, judge: JudgeSettings, label: str) -> list[Problem]:
    if not judge.model_file:
        return [
            Problem("error", f"{label} has no model file. Choose a .gguf file in the Judges pane.")
        ]
    path = judge.model_path(project.root)
    try:
        read_model_file(path)
    except GGUFError as exc:
        return [Problem("error", f"{label}: {exc}")]
    # What this computer lacks (the extra, free memory) does not stop a recompute from
    # stored replies; a run fails the judge's new calls at once, saying why.
    problem = model_file_problem(path, judge.context_size)
    return [Problem("warning", f"{label}: {problem}")] if problem else []


def swap_places(project: Project, judge: JudgeSettings, source: str) -> AnswerPlaces | None:
    """Where a judge asked about each pair in both orders finds the two answers in a row.

    Args:
        project: the project (its ``run.swap``, column mapping and baseline).
        judge: the judge.
        source: the text of its template (perhaps being edited).

    Returns:
        The places, or None when the judge is asked once (no swap, or no pairwise verdict).
    """
    if not (project.run.swap and judge.verdict_kind(source) == "pairwise"):
        return None
    mapping = {role: column for role, column in project.dataset.fields.items() if column}
    mapping.update(
        {role: joined_column(role) for role in project.dataset.predictions if ":" not in role}
    )
    places = answer_places(mapping, baseline=project.baseline is not None)
    # Several models' answers reach the template as response_a and response_b.
    return replace(places, pair_fields=True) if project.arena.active else places
