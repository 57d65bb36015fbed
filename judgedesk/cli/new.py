"""``judgedesk new``: a project from a dataset."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from judgedesk.cli.common import (
    EXIT_OK,
    UsageError,
    choices_later,
    err,
    open_data,
    parse_pairs,
    report_load_issues,
    variable_value,
)
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.messages import counted


def cmd_new(args: argparse.Namespace) -> int:
    from judgedesk.core.judge import JudgeSettings
    from judgedesk.core.project import (
        ArenaSettings,
        NewProjectPlan,
        create_project,
        suggested_fields,
    )

    source = Path(args.dataset).expanduser().resolve()
    fields = parse_pairs(args.field, "--field")
    dataset = open_data(source, fields or None, format=args.format, sheet=args.sheet)
    report_load_issues(dataset)
    if fields:
        # A --field names one role; the roles it does not name are still recognised.
        fields = suggested_fields(dataset, fields)
    judge = JudgeSettings(
        name=args.judge_name,
        base_url=args.judge_url or "",
        model=args.judge_model or "",
        api_key=f"env:{args.judge_key_env}" if args.judge_key_env else "",
        verdict=_verdict_rule(args),
        structured=bool(args.structured),
        probabilities=bool(args.verdict_probabilities),
        system_role=not args.no_system_role,
    )
    if args.judge_file:
        if args.judge_url:
            raise UsageError("Give a judge either --judge-url or --judge-file, not both.")
        judge.kind = "local"
        judge.model_file = str(Path(args.judge_file).expanduser().resolve())
        judge.structured = args.structured is not False  # on unless --no-structured
        judge.concurrency = 1
        judge.parallel = args.parallel
    elif args.parallel:
        raise UsageError("--parallel is for a model file judge: give --judge-file too.")
    candidate = None
    if args.candidate_template and not args.candidate_model:
        raise UsageError("--candidate-template is for a candidate model: add --candidate-model.")
    if args.candidate_model:
        candidate = JudgeSettings(
            name="candidate",
            base_url=args.candidate_url or judge.base_url,
            model=args.candidate_model,
            api_key=f"env:{args.candidate_key_env}" if args.candidate_key_env else judge.api_key,
            template="",
        )
    baseline = None
    if args.baseline_model:
        baseline = JudgeSettings(
            name="baseline",
            base_url=args.baseline_url or judge.base_url,
            model=args.baseline_model,
            api_key=f"env:{args.baseline_key_env}" if args.baseline_key_env else judge.api_key,
            template="",
        )
    columns, files = _answers(args.answers, dataset.fields())
    if (args.baseline or args.pairs) and not (columns or files):
        raise UsageError("--baseline and --pairs name models given with --answers NAME=COLUMN.")
    plan = NewProjectPlan(
        root=Path(args.dir),
        dataset=dataset,
        fields=fields,
        template=args.template,
        language=args.language,
        scene=args.scene,
        parser=args.parser or "",
        judge=judge,
        candidate=candidate,
        candidate_prompt=args.candidate_template or "",
        variables={k: variable_value(v) for k, v in parse_pairs(args.var, "--var").items()},
        link=args.link,
        name=args.name or "",
        format=args.format or "",
        sheet=args.sheet or "",
        swap=args.swap,
        predictions={
            role: Path(path)
            for role, path in parse_pairs(args.predictions, "--predictions").items()
        },
        baseline=baseline,
        arena=ArenaSettings(columns, args.baseline or "", args.pairs or "baseline"),
        answer_files=files,
        need_reader=True,
    )
    report = create_project(plan)
    for replacement in report.replacements:
        err(
            f"template line {replacement.line}: {replacement.original} → "
            f"{{{{ {replacement.expression} }}}}"
        )
    project = report.project
    print(f"Created {project.root}")
    print(f"  dataset:  {project.dataset.path} ({counted(len(dataset), 'row', 'rows')})")
    if project.dataset.fields:
        mapping = ", ".join(f"{role}={column}" for role, column in project.dataset.fields.items())
        print(f"  fields:   {mapping}")
    if judge.verdict:
        print(f"  template: {judge.template} (verdicts read with the judge's own rule)")
    else:
        reader = judge.parser or "?"
        print(f"  template: {judge.template} (verdicts read with the '{reader}' parser)")
    if args.scene:
        if report.scene_used:
            print(f"  scene:    {args.scene} (fills {', '.join(report.scene_used)})")
        else:
            print(f"  scene:    {args.scene} (its variables are set; the template reads none)")
    if project.arena.active:
        pairs = project.arena.pairs_judged()
        each = "1 pair" if len(pairs) == 1 else f"{len(pairs)} pairs"
        print(f"  models:   {', '.join(project.arena.models())} ({each} a row)")
    if judge.kind == "local":
        print(f"  judge:    the model file {judge.model_file}")
    elif not judge.base_url:
        print("  judge:    no endpoint yet — set one in the Judges pane or with --judge-url")
    return EXIT_OK


def _answers(given: list[str], columns: list[str]) -> tuple[dict[str, str], dict[str, Path]]:
    """The --answers options: model → a column of the dataset, or a file joined by id."""
    by_column: dict[str, str] = {}
    by_file: dict[str, Path] = {}
    for pair in given:
        name, _, where = pair.partition("=")
        name, where = name.strip(), where.strip()
        if not name or not where:
            raise UsageError(f"--answers '{pair}' should look like NAME=COLUMN or NAME=FILE.")
        if name in by_column or name in by_file:
            raise UsageError(f"--answers names {name} twice: give each model once.")
        if where in columns:
            by_column[name] = where
        elif Path(where).expanduser().is_file():
            by_file[name] = Path(where).expanduser()
        else:
            raise UsageError(
                f"--answers {name}={where}: the dataset has no column '{where}' and there is "
                f"no such file. Its columns are: {', '.join(columns)}."
            )
    return by_column, by_file


def _verdict_rule(args: argparse.Namespace) -> dict[str, Any]:
    """The judge's verdict rule from the --verdict-* options (checked), or {} for none."""
    from judgedesk.core.judge import VerdictRule

    if not (args.verdict_pattern or args.verdict_path):
        if args.verdict_kind or args.verdict_map or args.verdict_pick:
            raise JudgeDeskError(
                "A verdict rule needs --verdict-pattern (a regular expression) or "
                "--verdict-path (a field of a JSON reply)."
            )
        return {}
    table: dict[str, Any] = {"kind": args.verdict_kind or "score"}
    table["pattern" if args.verdict_pattern else "path"] = args.verdict_pattern or args.verdict_path
    table["pick"] = args.verdict_pick or "last"
    if args.verdict_map:
        table["map"] = {
            label: variable_value(value)
            for label, value in parse_pairs(args.verdict_map, "--verdict-map").items()
        }
    VerdictRule.from_table(table, "The verdict rule (--verdict-…)")
    return table


def _parsers() -> list[str]:
    from judgedesk.core.judge import PARSERS

    return sorted(PARSERS)


def _rule_kinds() -> tuple[str, ...]:
    from judgedesk.core.judge import RULE_KINDS

    return RULE_KINDS


def _picks() -> tuple[str, ...]:
    from judgedesk.core.judge import PICKS

    return PICKS


def add_new_command(sub: Any) -> None:
    """The ``new`` command's arguments, on the command line's subparsers."""
    new = sub.add_parser("new", help="create a project from a dataset")
    new.add_argument("dir", help="the new project folder")
    new.add_argument("--dataset", required=True, help="JSONL, JSON, CSV, TSV, XLSX or Parquet file")
    new.add_argument("--template", help="a built-in template id or a template file")
    new.add_argument("--language", default="en", choices=("en", "zh"))
    new.add_argument("--scene", help="a scene preset for the multi-dimension template")
    new.add_argument(
        "--field",
        action="append",
        default=[],
        metavar="ROLE=COLUMN",
        help="which column plays question, reference, response, id, human, …",
    )
    new.add_argument(
        "--var",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a project variable for the templates, e.g. max_score=10",
    )
    choices_later(new.add_argument("--parser", help="how verdicts are read"), _parsers)
    new.add_argument(
        "--verdict-pattern",
        metavar="REGEX",
        help="read the verdict with this regular expression (group 1 or the group named v) "
        "instead of a built-in parser",
    )
    new.add_argument(
        "--verdict-path", metavar="FIELD", help="read the verdict from this JSON field (a.b)"
    )
    choices_later(new.add_argument("--verdict-kind", help="what the verdict is"), _rule_kinds)
    pick = new.add_argument("--verdict-pick", help="which verdict when there are several")
    choices_later(pick, _picks)
    new.add_argument(
        "--verdict-map",
        action="append",
        default=[],
        metavar="LABEL=VALUE",
        help="what a label means on the kind's scale, e.g. a=A>B (repeatable)",
    )
    new.add_argument(
        "--predictions",
        action="append",
        default=[],
        metavar="ROLE=FILE",
        help="answers in a file of their own, joined to the rows by id: response, "
        "response_a or response_b",
    )
    new.add_argument(
        "--baseline-model",
        help="a model whose answers become answer A, compared with each row's response",
    )
    new.add_argument("--baseline-url", help="its endpoint (default: the judge's)")
    new.add_argument(
        "--baseline-key-env", metavar="NAME", help="environment variable holding its key"
    )
    new.add_argument(
        "--answers",
        action="append",
        default=[],
        metavar="NAME=COLUMN",
        help="one model's answers, to compare several models on a leaderboard: a column of "
        "the dataset, or NAME=FILE for a file joined to the rows by id (repeatable)",
    )
    new.add_argument(
        "--baseline",
        metavar="NAME",
        help="the model of --answers scored 1000 on the leaderboard, which the others are "
        "compared with",
    )
    new.add_argument(
        "--pairs",
        choices=("baseline", "all"),
        help="which pairs of models each row is judged on: each model against the baseline "
        "(the default) or every pair",
    )
    new.add_argument(
        "--swap",
        action="store_true",
        help="judge pairwise verdicts in both orders, to cancel a preference for a position",
    )
    new.add_argument("--judge-name", default="judge")
    new.add_argument(
        "--judge-url", help="OpenAI-compatible base URL, e.g. http://127.0.0.1:11434/v1"
    )
    new.add_argument("--judge-model", help="the judge model's name")
    new.add_argument(
        "--judge-file",
        metavar="GGUF",
        help="judge with a model file run here (needs the local extra) instead of a server",
    )
    new.add_argument(
        "--parallel",
        type=_rows_at_once,
        default=0,
        metavar="N",
        help="rows a --judge-file model decodes together (default: chosen from the cores "
        "and the memory free)",
    )
    new.add_argument(
        "--structured",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="ask the judge for its verdict as JSON in a schema (on by default with --judge-file)",
    )
    new.add_argument(
        "--verdict-probabilities",
        action="store_true",
        help="ask the judge for token probabilities and keep each verdict's (an expected "
        "score, label probabilities, the chance that B is better)",
    )
    new.add_argument(
        "--no-system-role",
        action="store_true",
        help="the judge model takes no system message: send the system prompt first in the "
        "user message",
    )
    new.add_argument(
        "--judge-key-env",
        metavar="VAR",
        help="environment variable holding the API key (the key is never saved)",
    )
    new.add_argument(
        "--candidate-url",
        help="endpoint of the model that answers rows with no response (default: the judge's)",
    )
    new.add_argument("--candidate-model", help="the model that answers rows with no response")
    new.add_argument(
        "--candidate-template",
        metavar="FILE",
        help="a prompt template the candidate is asked each row with, e.g. one holding "
        "{problem} (default: the row's question or chat)",
    )
    new.add_argument(
        "--candidate-key-env",
        metavar="VAR",
        help="environment variable holding the candidate endpoint's API key",
    )
    new.add_argument("--format", choices=("jsonl", "json", "csv", "tsv", "xlsx", "parquet"))
    new.add_argument("--sheet", help="XLSX sheet (default: the first)")
    new.add_argument("--name", help="project name (default: the folder's name)")
    new.add_argument(
        "--link",
        action="store_true",
        help="use the dataset where it is instead of copying it into data/",
    )
    new.set_defaults(func=cmd_new)


def _rows_at_once(text: str) -> int:
    from judgedesk.core.judge import MAX_PARALLEL

    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= MAX_PARALLEL:
        raise argparse.ArgumentTypeError(
            f"give a whole number of rows from 1 to {MAX_PARALLEL} (0: chosen here), not {text!r}"
        )
    return value
