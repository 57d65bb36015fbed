"""The ``judgedesk`` command line: the core without a window."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from judgedesk import __version__
from judgedesk.core.datasets import Dataset, open_dataset
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.exports import FORMATS, write_export
from judgedesk.core.library import get_template, list_templates
from judgedesk.core.newproject import NewProjectPlan, create_project
from judgedesk.core.parsers import PARSERS, infer_parser
from judgedesk.core.pipeline import Progress, Selection, run_project
from judgedesk.core.project import (
    JudgeSettings,
    Problem,
    Project,
    check_project,
    load_project,
)
from judgedesk.core.prompts import render_prompt
from judgedesk.core.report import project_report
from judgedesk.core.report_text import format_report
from judgedesk.core.scripts import run_once
from judgedesk.core.store import Store
from judgedesk.core.trust import TrustStore, UntrustedScriptsError
from judgedesk.core.workspace import open_project_dataset

EXIT_OK, EXIT_PROBLEM, EXIT_USAGE = 0, 1, 2
TRUST_HELP = (
    "let the project's scripts run although it was not made or trusted on this machine "
    "(read them first; remembered for this folder)"
)


def _err(message: str) -> None:
    print(message, file=sys.stderr)


def _parse_pairs(pairs: Sequence[str], what: str) -> dict[str, str]:
    result: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise JudgeDeskError(f"{what} '{pair}' should look like name=value.")
        result[key.strip()] = value.strip()
    return result


def _variable_value(text: str) -> Any:
    # Numbers stay numbers so that templates can compare them ({% if score > max_score %}).
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


# Datasets a command opened, closed when it returns (see main).
_opened: list[Dataset] = []


def _open(path: Path, fields: dict[str, str] | None, **options: Any) -> Dataset:
    dataset = open_dataset(path, fields, **options)
    _opened.append(dataset)
    return dataset


def _open_project_dataset(project: Project) -> Dataset:
    dataset = open_project_dataset(project)
    _opened.append(dataset)
    return dataset


def _allow_scripts(project: Project, trust: bool) -> None:
    """Refuse scripts not made or trusted on this machine, unless ``--trust`` says yes."""
    store = TrustStore()
    state = store.state(project.root)
    if not state.blocked:
        return
    if not trust:
        raise UntrustedScriptsError(state)
    store.trust(project.root)
    _err(f"Trusted {state.script_names()} of {project.root}: they run from now on.")


def _report_load_issues(dataset: Dataset, limit: int = 10) -> None:
    for issue in dataset.issues[:limit]:
        _err(f"{issue.severity}: {issue}")
    if len(dataset.issues) > limit:
        _err(f"… and {len(dataset.issues) - limit} more problems in the dataset.")


# --- commands -------------------------------------------------------------------------


def cmd_new(args: argparse.Namespace) -> int:
    source = Path(args.dataset).expanduser().resolve()
    fields = _parse_pairs(args.field, "--field")
    dataset = _open(source, fields or None, format=args.format, sheet=args.sheet)
    _report_load_issues(dataset)
    judge = JudgeSettings(
        name=args.judge_name,
        base_url=args.judge_url or "",
        model=args.judge_model or "",
        api_key=f"env:{args.judge_key_env}" if args.judge_key_env else "",
    )
    candidate = None
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
        variables={k: _variable_value(v) for k, v in _parse_pairs(args.var, "--var").items()},
        link=args.link,
        name=args.name or "",
        format=args.format or "",
        sheet=args.sheet or "",
        swap=args.swap,
        predictions={
            role: Path(path)
            for role, path in _parse_pairs(args.predictions, "--predictions").items()
        },
        baseline=baseline,
    )
    report = create_project(plan)
    for replacement in report.replacements:
        _err(
            f"template line {replacement.line}: {replacement.original} → "
            f"{{{{ {replacement.expression} }}}}"
        )
    if not report.parser_guessed:
        _err(
            "The template's output format was not recognised, so no verdict parser was "
            f"chosen. Pass --parser with one of: {', '.join(PARSERS)}."
        )
    project = report.project
    print(f"Created {project.root}")
    print(f"  dataset:  {project.dataset.path} ({len(dataset)} rows)")
    if project.dataset.fields:
        mapping = ", ".join(f"{role}={column}" for role, column in project.dataset.fields.items())
        print(f"  fields:   {mapping}")
    print(f"  template: {judge.template} (verdicts read with the '{judge.parser or '?'}' parser)")
    if not judge.base_url:
        print("  judge:    no endpoint yet — set one in the Judges pane or with --judge-url")
    return EXIT_OK


def cmd_render(args: argparse.Namespace) -> int:
    project = load_project(args.dir)
    judge = project.judge(args.judge)
    dataset = _open_project_dataset(project)
    if not 0 <= args.row < len(dataset):
        raise JudgeDeskError(
            f"Row {args.row} does not exist: the dataset has rows 0 to {len(dataset) - 1}."
        )
    row = dataset.row(args.row)
    data, response, preprocess_result = row.data, row.response, None
    script = project.script_path("preprocess")
    if script.is_file():
        _allow_scripts(project, args.trust)
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
            _err(outcome.error or outcome.kind)
            raise JudgeDeskError("The preprocess script failed on this row (details above).")
        data, response, preprocess_result = outcome.data, outcome.resp, outcome.value
    prompt = render_prompt(project, judge, data, response, preprocess_result=preprocess_result)
    for issue in prompt.issues:
        _err(f"{issue.severity}: {issue}")
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
            dataset = _open_project_dataset(project)
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
    for judge in project.judges:
        if judge.kind == "openai" and not judge.parser:
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
    for problem in problems:
        print(problem)
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        print(f"{project.name}: not runnable ({len(errors)} problem(s)).")
        return EXIT_PROBLEM
    print(f"{project.name}: ready to run.")
    return EXIT_OK


def cmd_run(args: argparse.Namespace) -> int:
    project = load_project(args.dir)
    _allow_scripts(project, args.trust)
    dataset = _open_project_dataset(project)
    selection = Selection.parse(args.rows, args.only)
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
    return _open_project_dataset(project) if project.dataset_path().is_file() else None


def cmd_export(args: argparse.Namespace) -> int:
    project = load_project(args.dir)
    fmt = args.format or Path(args.out).suffix.lstrip(".").lower()
    if fmt not in FORMATS:
        raise JudgeDeskError(
            f"Cannot tell the export format from '{args.out}'. End the file name with "
            f"{', '.join('.' + f for f in FORMATS)}, or pass --format."
        )
    dataset = _results_dataset(project)
    with Store(project.store_path) as store:
        count = write_export(store, Path(args.out), fmt, dataset, project=project, run_id=args.run)
    print(f"Wrote {count} rows to {args.out}")
    return EXIT_OK


def cmd_report(args: argparse.Namespace) -> int:
    project = load_project(args.dir)
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
    _err(
        "The desktop window cannot start from this command. Run `judgedesk` with no "
        "arguments (or `judgedesk open DIR`) to start it."
    )
    return EXIT_USAGE


def cmd_script_worker(args: argparse.Namespace) -> int:
    from judgedesk.core.scripts.worker import worker_main

    return worker_main()


# --- parser -----------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="judgedesk",
        description="JudgeDesk: evaluate model answers with LLM judges, review the verdicts, "
        "and report. With no command, the desktop app starts.",
    )
    parser.add_argument("--version", action="version", version=f"judgedesk {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    new = sub.add_parser("new", help="create a project from a dataset")
    new.add_argument("dir", help="the new project folder")
    new.add_argument("--dataset", required=True, help="JSONL, JSON, CSV, TSV or XLSX file")
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
    new.add_argument("--parser", choices=sorted(PARSERS), help="how verdicts are read")
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
        "--candidate-key-env",
        metavar="VAR",
        help="environment variable holding the candidate endpoint's API key",
    )
    new.add_argument("--format", choices=("jsonl", "json", "csv", "tsv", "xlsx"))
    new.add_argument("--sheet", help="XLSX sheet (default: the first)")
    new.add_argument("--name", help="project name (default: the folder's name)")
    new.add_argument(
        "--link",
        action="store_true",
        help="use the dataset where it is instead of copying it into data/",
    )
    new.set_defaults(func=cmd_new)

    render = sub.add_parser("render", help="print the prompt a judge receives for a row")
    render.add_argument("dir")
    render.add_argument("--row", type=int, required=True, help="0-based row number")
    render.add_argument("--judge", help="judge name (default: the first)")
    render.add_argument("--json", action="store_true", help="print the chat messages as JSON")
    render.add_argument("--trust", action="store_true", help=TRUST_HELP)
    render.set_defaults(func=cmd_render)

    templates = sub.add_parser("templates", help="list the built-in templates")
    templates.add_argument("--language", choices=("en", "zh"))
    templates.add_argument("--show", metavar="ID", help="print one template's text")
    templates.set_defaults(func=cmd_templates)

    check = sub.add_parser("check", help="say whether a project can run, and why not")
    check.add_argument("dir")
    check.set_defaults(func=cmd_check)

    run = sub.add_parser("run", help="judge the rows of a project")
    run.add_argument("dir")
    run.add_argument("--rows", help="which rows: 0:100, 5, or 1,4,9 (default: all)")
    run.add_argument(
        "--only",
        choices=("failed", "unparsed", "disagreements"),
        help="only rows whose latest result failed or could not be read, or where the "
        "person's verdict differs from the judge's",
    )
    run.add_argument("--concurrency", type=int, help="requests in flight per judge")
    run.add_argument(
        "--recompute",
        action="store_true",
        help="recompute results from stored judge replies; call no judge",
    )
    run.add_argument("--json", action="store_true", help="print the summary as JSON")
    run.add_argument("--quiet", action="store_true", help="no progress bar")
    run.add_argument("--trust", action="store_true", help=TRUST_HELP)
    run.set_defaults(func=cmd_run)

    export = sub.add_parser(
        "export", help="write the results and reviews: JSONL, CSV, XLSX or an HTML report"
    )
    export.add_argument("dir")
    export.add_argument("--out", required=True, help="the file to write")
    export.add_argument("--format", choices=FORMATS, help="default: from the file's extension")
    export.add_argument("--run", type=int, metavar="N", help="one run's results (default: latest)")
    export.set_defaults(func=cmd_export)

    report = sub.add_parser(
        "report", help="print the summary, breakdowns and every agreement figure"
    )
    report.add_argument("dir")
    report.add_argument("--json", action="store_true", help="print the report as JSON")
    report.add_argument("--run", type=int, metavar="N", help="one run's results (default: latest)")
    report.add_argument(
        "--compare", type=int, nargs=2, metavar=("N", "M"), help="what changed from run N to M"
    )
    report.add_argument(
        "--by", metavar="FIELD", help="break results down by this field (default: category)"
    )
    report.set_defaults(func=cmd_report)

    opener = sub.add_parser("open", help="open a project in the desktop app")
    opener.add_argument("dir")
    opener.set_defaults(func=cmd_gui_unavailable)

    worker = sub.add_parser(
        "script-worker", help="(internal) run project scripts for the app over stdin/stdout"
    )
    worker.set_defaults(func=cmd_script_worker)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run a command and return its exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return EXIT_USAGE
    try:
        code: int = args.func(args)
    except JudgeDeskError as exc:
        _err(f"judgedesk: {exc}")
        return EXIT_PROBLEM
    except KeyboardInterrupt:
        _err("judgedesk: interrupted")
        return 130
    finally:
        while _opened:
            _opened.pop().close()
    return code


if __name__ == "__main__":
    sys.exit(main())
