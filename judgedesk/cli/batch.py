"""``judgedesk batch``: a run's requests as batch files, and the batch's results stored."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from judgedesk.cli import language
from judgedesk.cli.common import (
    EXIT_OK,
    EXIT_PROBLEM,
    TRUST_HELP,
    UsageError,
    allow_project,
    allow_scripts,
    open_project_data,
)


def cmd_batch_export(args: argparse.Namespace) -> int:
    from judgedesk.core.messages import say
    from judgedesk.core.project import load_project
    from judgedesk.core.run import MANIFEST, MAX_BYTES, MAX_LINES, Selection, export_batch

    if args.max_lines is not None and args.max_lines < 1:
        raise UsageError("--max-lines is a number of lines, 1 or more.")
    if args.max_mb is not None and args.max_mb <= 0:
        raise UsageError("--max-mb is a size in megabytes, more than 0.")
    project = load_project(args.dir)
    allow_project(project, args.trust, keys=False)  # nothing is sent
    allow_scripts(project, args.trust)  # preprocess makes what the judges are sent
    dataset = open_project_data(project)
    done = export_batch(
        project,
        dataset,
        Path(args.out),
        selection=Selection.parse(args.rows),
        max_lines=args.max_lines or MAX_LINES,
        max_bytes=int(args.max_mb * 1024 * 1024) if args.max_mb else MAX_BYTES,
    )
    for line in done.lines():
        print(language.text(line))
    if done.files:
        then = say(
            "cli.batch.then_import",
            "The manifest is {manifest}. Run the files on a batch API or with vLLM's "
            "run_batch, then: {command}",
            manifest=str(done.folder / MANIFEST),
            command=f"judgedesk batch import {args.dir} RESULTS.jsonl…",
        )
        print(language.text(then))
    return EXIT_PROBLEM if done.failed else EXIT_OK


def cmd_batch_import(args: argparse.Namespace) -> int:
    from judgedesk.core.messages import say
    from judgedesk.core.project import load_project
    from judgedesk.core.run import import_batch

    project = load_project(args.dir)
    allow_project(project, args.trust, keys=False)
    done = import_batch(project, [Path(name) for name in args.files])
    for line in done.lines():
        print(language.text(line))
    if done.stored:
        then = say(
            "cli.batch.then_run",
            "Run `judgedesk run {dir}`: the replies imported are not asked again.",
            dir=args.dir,
        )
        print(language.text(then))
    return EXIT_PROBLEM if done.problems else EXIT_OK


def add_batch_command(sub: Any) -> None:
    batch = sub.add_parser(
        "batch",
        help="a run's requests as batch files (cloud batch APIs, vLLM); their results stored",
    )
    actions = batch.add_subparsers(dest="action", metavar="ACTION", required=True)
    export = actions.add_parser(
        "export",
        help="write every request a run would send and has no reply for, as OpenAI Batch JSONL",
        description="Write every request a run would send and has no stored reply for "
        "(judges, both orders of a swapped pair, each sample, the candidate's and the "
        "baseline's answers) as OpenAI Batch JSONL files with a manifest.json. Rows whose "
        "judges need the candidate's answers first are written after those are imported: "
        "export again then. Exit code 1: rows that would fail in a run.",
    )
    export.add_argument("dir")
    export.add_argument("--out", required=True, help="the folder the files go to")
    export.add_argument("--rows", help="which rows: 0:100, 5, or 1,4,9 (default: all)")
    export.add_argument(
        "--max-lines", type=int, metavar="N", help="requests per file at most (50000)"
    )
    export.add_argument(
        "--max-mb", type=float, metavar="MB", help="megabytes per file at most (200)"
    )
    export.add_argument("--trust", action="store_true", help=TRUST_HELP)
    export.set_defaults(func=cmd_batch_export)
    merge = actions.add_parser(
        "import",
        help="store the replies of batch results files; a run then asks nothing for them",
        description="Store each reply of batch results files (OpenAI Batch API or vLLM "
        "run_batch output) where a run looks for it. Failed lines are asked again by the "
        "next run. Exit code 1: failed lines, unknown or repeated ids, a cut-off file.",
    )
    merge.add_argument("dir")
    merge.add_argument("files", nargs="+", metavar="FILE")
    merge.add_argument("--trust", action="store_true", help=TRUST_HELP)
    merge.set_defaults(func=cmd_batch_import)
