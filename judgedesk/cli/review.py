"""``judgedesk review import``: other people's verdicts, merged beside this person's."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from judgedesk.cli.common import (
    EXIT_OK,
    EXIT_PROBLEM,
    TRUST_HELP,
    UsageError,
    allow_project,
    open_project_data,
)


def cmd_review_import(args: argparse.Namespace) -> int:
    from judgedesk.core.project.settings import load_project
    from judgedesk.core.review.human import scale_for
    from judgedesk.core.review.team import import_labels
    from judgedesk.core.run.store import Store

    if not args.reviewer or not args.reviewer.strip():
        raise UsageError("Say whose verdicts these are: --reviewer NAME.")
    project = load_project(args.dir)
    allow_project(project, args.trust, keys=False)
    dataset = open_project_data(project)
    problems = False
    with Store(project.store_path) as store:
        seen: list[Any] = [r.value for r in store.latest_results().values() if r.status == "ok"]
        scale = scale_for(project, seen)
        for name in args.files:
            done = import_labels(
                store,
                dataset,
                scale,
                Path(name).expanduser(),
                args.reviewer,
                id_column=args.id_column,
                verdict_column=args.verdict_column,
            )
            print(f"{name}: {done.summary()}")
            problems = problems or bool(done.unknown_count or done.reading.unreadable)
    print(f"Run `judgedesk report {args.dir}` for how far people agree, and the judge with them.")
    return EXIT_PROBLEM if problems else EXIT_OK


def add_review_command(sub: Any) -> None:
    review = sub.add_parser("review", help="bring in other people's verdicts")
    actions = review.add_subparsers(dest="action", metavar="ACTION", required=True)
    merge = actions.add_parser(
        "import",
        help="merge one reviewer's verdicts from CSV, XLSX or JSONL files keyed by row id",
    )
    merge.add_argument("dir")
    merge.add_argument("files", nargs="+", metavar="FILE")
    merge.add_argument("--reviewer", required=True, help="whose verdicts they are")
    merge.add_argument("--id-column", default="id", help="the column holding row ids (id)")
    merge.add_argument(
        "--verdict-column", default="verdict", help="the column holding verdicts (verdict)"
    )
    merge.add_argument("--trust", action="store_true", help=TRUST_HELP)
    merge.set_defaults(func=cmd_review_import)
