"""The command line's smaller commands: render, templates, export, report…"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from judgedesk.cli import language
from judgedesk.cli.common import (
    EXIT_OK,
    EXIT_USAGE,
    UsageError,
    allow_project,
    allow_scripts,
    err,
    open_project_data,
)
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.messages import Message, say
from judgedesk.core.project import Project, load_project

if TYPE_CHECKING:
    from judgedesk.core.dataset import Dataset, Row
    from judgedesk.core.judge import JudgeSettings
    from judgedesk.core.template import TemplateInfo

# Each command imports what only it uses, inside it: render loads neither the reports
# and exports nor the HTTP clients.


def _examples_shown(
    project: Project, dataset: Dataset, judge: JudgeSettings, row: Row
) -> list[dict[str, Any]]:
    """The examples a run shows the judge for the row (none unless it asks for some)."""
    if not judge.example_rule():
        return []
    from judgedesk.core.review import ReviewExamples
    from judgedesk.core.run import Store

    with Store(project.store_path) as store:
        return ReviewExamples()(store, dataset, project)(judge, row)


def cmd_render(args: argparse.Namespace) -> int:
    from judgedesk.core.judge import render_prompt
    from judgedesk.core.run import answered_row

    project = load_project(args.dir)
    judge = project.judge(args.judge or _first_prompted(project))
    allow_project(project, args.trust, keys=False)
    dataset = open_project_data(project)
    if not 0 <= args.row < len(dataset):
        raise UsageError(
            f"Row {args.row} does not exist: the dataset has rows 0 to {len(dataset) - 1}."
        )
    row = answered_row(project, dataset.row(args.row))  # a candidate's answer, once run
    data, response, preprocess_result = row.data, row.response, None
    script = project.script_path("preprocess")
    if script.is_file():
        import asyncio

        from judgedesk.core.scripts import run_once

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
            err(language.text(outcome.error or outcome.kind))
            raise JudgeDeskError("The preprocess script failed on this row (details above).")
        data, response, preprocess_result = outcome.data, outcome.resp, outcome.value
    prompt = render_prompt(
        project,
        judge,
        data,
        response,
        preprocess_result=preprocess_result,
        examples=_examples_shown(project, dataset, judge, row),
    )
    for issue in prompt.issues:
        err(f"{issue.severity}: {issue}")
    if not prompt.ok:
        return EXIT_USAGE  # the template is wrong for this row (named above)
    if args.json:
        print(json.dumps(prompt.messages(), ensure_ascii=False, indent=2))
    elif prompt.system:
        print(f"### system\n{prompt.system}\n\n### user\n{prompt.user}")
    else:
        print(prompt.user)
    return EXIT_OK


def _first_prompted(project: Project) -> str | None:
    """The first judge that is sent a prompt (a metric judge has none); enabled first."""
    prompted = [j for j in project.judges if j.kind != "metric"]
    enabled = [j for j in prompted if j.enabled]
    return (enabled or prompted)[0].name if prompted else None


def cmd_templates(args: argparse.Namespace) -> int:
    from judgedesk.core.judge import dimension_names
    from judgedesk.core.template import get_template, list_scenes, list_templates

    if args.show:
        print(get_template(args.show, args.language).text)
        return EXIT_OK
    rows = list_templates(args.language)
    width = max(len(t.id) for t in rows)
    reader_width = max(len(t.parser) for t in rows)
    for info in rows:
        what = _what_is_judged(info)
        if info.multi_turn:
            kind = say("cli.templates.multi_turn", "{what}, multi-turn", what=what)
        else:
            kind = say("cli.templates.single_turn", "{what}, single-turn", what=what)
        print(
            f"{info.id:<{width}}  {info.language}  {info.parser:<{reader_width}}  "
            f"{info.title} ({language.text(kind)})"
        )
    languages = [args.language] if args.language else ["en", "zh"]
    scenes = say(
        "cli.templates.scenes",
        "Scenes of multidim_json (judgedesk new … --scene ID), dimensions in weight order:",
    )
    print(f"\n{language.text(scenes)}")
    for spoken in languages:
        for scene in list_scenes(spoken):
            names = ", ".join(dimension_names(scene.variables))
            print(f"{scene.id:<{width}}  {spoken}  {scene.title}: {names}")
    return EXIT_OK


def _what_is_judged(info: TemplateInfo) -> Message:
    """What a built-in template sets before the judge: two answers, an answer against the
    reference (a comparison of the two), or one answer (scored, with or without one)."""
    from judgedesk.core.judge import PARSERS

    if info.mode == "pairwise":
        return say("cli.templates.pairwise", "two answers compared")
    reader = PARSERS.get(info.parser)
    if info.uses_reference and reader is not None and reader.kind == "pairwise":
        return say("cli.templates.against_reference", "the answer compared with the reference")
    if info.uses_reference:
        return say("cli.templates.with_reference", "one answer, with the reference")
    return say("cli.templates.one_answer", "one answer")


def _results_dataset(
    project: Project,
    wanted: bool = True,
    records: Callable[[dict[str, Any]], None] | None = None,
    fields: bool = True,
) -> Dataset | None:
    """The project's dataset beside its results (None when not ``wanted``: indexing a
    large one takes seconds); ``records`` is given each row's record as it is indexed;
    ``fields``: collect the field names."""
    if not project.store_path.is_file():
        raise JudgeDeskError(
            f"{project.name} has not been run yet, so there are no results. Run it first: "
            f"judgedesk run {project.root}"
        )
    if not wanted or not project.dataset_path().is_file():
        return None
    return open_project_data(project, records, fields)


def cmd_export(args: argparse.Namespace) -> int:
    from judgedesk.core.report import FORMATS, write_export
    from judgedesk.core.run import Store

    project = load_project(args.dir)
    allow_project(project, args.trust, keys=False)
    fmt = args.format or Path(args.out).suffix.lstrip(".").lower()
    if fmt not in FORMATS:
        raise UsageError(
            f"Cannot tell the export format from '{args.out}'. End the file name with "
            f"{', '.join('.' + f for f in FORMATS)}, or pass --format."
        )
    dataset = _results_dataset(project)
    with Store(project.store_path) as store:
        count = write_export(
            store,
            Path(args.out),
            fmt,
            dataset,
            project=project,
            run_id=args.run,
            raw=args.raw,
            translate=language.template,
            stored=language.text,
        )
    if count == 1:
        wrote = say("cli.export.wrote_one", "Wrote 1 row to {path}", path=args.out)
    else:
        wrote = say(
            "cli.export.wrote", "Wrote {count} rows to {path}", count=f"{count:,}", path=args.out
        )
    print(language.text(wrote))
    return EXIT_OK


def cmd_report(args: argparse.Namespace) -> int:
    from judgedesk.core.dataset import clean_mapping
    from judgedesk.core.report import (
        category_reader,
        project_report,
        reads_dataset,
        report_category,
    )

    project = load_project(args.dir)
    allow_project(project, args.trust, keys=False)
    mapping = clean_mapping(project.dataset.fields or None)
    by = report_category(mapping, args.by)
    seen: list[str] = []  # each row's category, read as the dataset is indexed
    names: dict[str, str] = {}  # one string for each category, however many rows
    category = category_reader(mapping, by or "")

    def note(record: dict[str, Any]) -> None:
        name = category(record)
        seen.append(names.setdefault(name, name))

    # A report reads rows, never the list of fields: indexing spares collecting it.
    wanted = reads_dataset(project, args.by)
    dataset = _results_dataset(project, wanted, note if by else None, fields=False)
    report = project_report(
        project,
        dataset,
        run_id=args.run,
        category=args.by,
        compare=tuple(args.compare) if args.compare else None,
        history=args.history,
        categories=seen,
    )
    if args.json:
        from dataclasses import replace

        from judgedesk.core.report import write_json

        data = replace(report, comparison=None).to_dict()  # its changed rows are written
        write_json(data, report.comparison, sys.stdout)  # a few at a time
    else:
        from judgedesk.core.report import format_report

        print(format_report(report, language.template), end="")
    return EXIT_OK


def cmd_gui_unavailable(args: argparse.Namespace) -> int:
    err(
        "The desktop window cannot start from this command. Run `judgedesk` with no "
        "arguments (or `judgedesk open DIR`) to start it."
    )
    return EXIT_USAGE


def cmd_script_worker(args: argparse.Namespace) -> int:
    from judgedesk.core.scripts import worker_main

    return worker_main()
