"""``judgedesk review``: team packs, other people's verdicts merged back, a random sample."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from judgedesk.cli import language
from judgedesk.cli.common import (
    EXIT_OK,
    EXIT_PROBLEM,
    TRUST_HELP,
    UsageError,
    allow_project,
    open_project_data,
)

PACK_SUFFIX = ".jdpack"  # the same as judgedesk.core.review.pack's, without importing it


def cmd_review_import(args: argparse.Namespace) -> int:
    from judgedesk.core.errors import JudgeDeskError
    from judgedesk.core.messages import say
    from judgedesk.core.project import load_project
    from judgedesk.core.review import import_labels, import_pack, scale_for
    from judgedesk.core.run import Store

    files = [Path(name).expanduser() for name in args.files]
    labels = [path for path in files if path.suffix.lower() != PACK_SUFFIX]
    if labels and (not args.reviewer or not args.reviewer.strip()):
        raise UsageError(
            f"Say whose verdicts {labels[0].name} holds: --reviewer NAME "
            f"(review packs, {PACK_SUFFIX}, name their reviewer themselves)."
        )
    project = load_project(args.dir)
    allow_project(project, args.trust, keys=False)
    dataset = open_project_data(project)
    problems = False
    with Store(project.store_path) as store:
        seen: list[Any] = [r.value for r in store.latest_results().values() if r.status == "ok"]
        scale = scale_for(project, seen)
        for path in files:
            if path.suffix.lower() == PACK_SUFFIX:
                try:
                    done_pack = import_pack(store, dataset, project, path)
                    print(f"{path}: {language.text(done_pack.summary())}")
                except JudgeDeskError as exc:
                    not_imported = say(
                        "cli.review.not_imported", "not imported. {why}", why=language.text(exc)
                    )
                    print(f"{path}: {language.text(not_imported)}")
                    problems = True
                continue
            done = import_labels(
                store,
                dataset,
                scale,
                path,
                args.reviewer,
                id_column=args.id_column,
                verdict_column=args.verdict_column,
            )
            print(f"{path}: {language.text(done.summary())}")
            problems = problems or bool(done.unknown_count or done.reading.unreadable)
    then = say(
        "cli.review.then_report",
        "Run `judgedesk report {dir}` for how far people agree, and the judge with them.",
        dir=args.dir,
    )
    print(language.text(then))
    return EXIT_PROBLEM if problems else EXIT_OK


def _share(text: str) -> float:
    """'20%', '20' or '0.2' as a share of the rows."""
    raw = text.strip().rstrip("%")
    try:
        value = float(raw)
    except ValueError:
        raise UsageError(f"--overlap is a percentage such as 20%, not '{text}'.") from None
    return value / 100 if text.strip().endswith("%") or value > 1 else value


def cmd_review_pack(args: argparse.Namespace) -> int:
    from judgedesk.core.messages import say
    from judgedesk.core.project import load_project
    from judgedesk.core.review import (
        least_sure_rows,
        plan_packs,
        project_confidences,
        write_packs,
    )
    from judgedesk.core.run import Store

    project = load_project(args.dir)
    allow_project(project, args.trust, keys=False)
    dataset = open_project_data(project)
    rows: Sequence[int] = range(len(dataset))
    if args.least_sure is not None:
        # The rows the judge was least sure of are where reviews are worth the most.
        rows = least_sure_rows(project_confidences(project), args.least_sure)
        if len(rows) == 1:
            least = say("cli.review.least_sure_one", "The row the judge was least sure of.")
        else:
            least = say(
                "cli.review.least_sure",
                "The {count} rows the judge was least sure of.",
                count=f"{len(rows):,}",
            )
        print(language.text(least))
    plan = plan_packs(rows, args.reviewers.split(","), _share(args.overlap), args.seed)
    print(language.text(plan.summary()))
    out = Path(args.out).expanduser()
    store = Store(project.store_path) if project.store_path.is_file() else None
    try:
        paths = write_packs(
            project,
            dataset,
            plan,
            out,
            show_judge=args.show_judge,
            store=store,
            instructions=args.instructions,
            judge_on_sample=args.judge_on_sample,
        )
    finally:
        if store is not None:
            store.close()
    for path in paths:
        print(f"  {path}")
    send = say(
        "cli.review.send_packs",
        "Send each reviewer their file; they open it in JudgeDesk, review, and send it back. "
        "Then: {command}",
        command=f"judgedesk review import {args.dir} {out}/*{PACK_SUFFIX}",
    )
    print(language.text(send))
    return EXIT_OK


def cmd_review_sample(args: argparse.Namespace) -> int:
    import json
    import time

    from judgedesk.core.messages import say
    from judgedesk.core.project import load_project
    from judgedesk.core.review import draw_sample

    if args.size < 1:
        raise UsageError(f"--size is how many rows to draw, at least 1, not {args.size}.")
    project = load_project(args.dir)
    allow_project(project, args.trust, keys=False)
    dataset = open_project_data(project)
    sample = draw_sample(
        project,
        dataset,
        args.size,
        seed=args.seed,
        by=args.by,
        replace=args.replace,
        now=time.time(),
    )
    if args.json:
        print(json.dumps({"ids": list(sample.ids), "seed": sample.seed}, ensure_ascii=False))
        return EXIT_OK
    print(language.text(sample.summary()))
    for line in sample.stratum_lines():
        print(f"  {language.text(line)}")
    advice = say(
        "cli.review.sample_advice",
        "Review these rows in the window (Review › the random sample, blind), or give "
        "their verdicts with `judgedesk review import`; `judgedesk report {dir}` "
        "then gives each figure corrected by them.",
        dir=args.dir,
    )
    print(language.text(advice))
    return EXIT_OK


def add_review_command(sub: Any) -> None:
    review = sub.add_parser("review", help="review packs for a team; other people's verdicts")
    actions = review.add_subparsers(dest="action", metavar="ACTION", required=True)
    pack = actions.add_parser(
        "pack", help="write one review pack per reviewer, with an overlap everyone reviews"
    )
    pack.add_argument("dir")
    pack.add_argument("--reviewers", required=True, help="their names, comma separated")
    pack.add_argument(
        "--overlap", default="20%", help="share of the rows every reviewer gets (20%%)"
    )
    pack.add_argument("--seed", type=int, default=0, help="the split's seed (0)")
    pack.add_argument("--out", required=True, help="the folder the packs go to")
    pack.add_argument(
        "--show-judge",
        action="store_true",
        help="show the judge's verdict in the packs (off: people judge on their own); "
        "rows of the random sample stay blind",
    )
    pack.add_argument(
        "--judge-on-sample",
        action="store_true",
        help="with --show-judge, show it on the random sample's rows too (their verdicts "
        "then lean on the judge's)",
    )
    pack.add_argument("--instructions", default="", help="a few words for the reviewers")
    pack.add_argument(
        "--least-sure",
        type=int,
        metavar="N",
        help="only the N rows whose verdict the judge was least sure of (needs a judge "
        "reading its verdicts' probabilities)",
    )
    pack.add_argument("--trust", action="store_true", help=TRUST_HELP)
    pack.set_defaults(func=cmd_review_pack)
    merge = actions.add_parser(
        "import",
        help="merge review packs, or one reviewer's verdicts from CSV, XLSX or JSONL files",
    )
    merge.add_argument("dir")
    merge.add_argument("files", nargs="+", metavar="FILE")
    merge.add_argument("--reviewer", help="whose verdicts a label file holds")
    merge.add_argument("--id-column", default="id", help="the column holding row ids (id)")
    merge.add_argument(
        "--verdict-column", default="verdict", help="the column holding verdicts (verdict)"
    )
    merge.add_argument("--trust", action="store_true", help=TRUST_HELP)
    merge.set_defaults(func=cmd_review_import)
    sample = actions.add_parser(
        "sample",
        help="draw rows at random from the judged rows for people to review (kept in the project)",
    )
    sample.add_argument("dir")
    sample.add_argument("--size", type=int, required=True, help="how many rows to draw")
    sample.add_argument("--seed", type=int, help="the draw's seed (default: a random one, kept)")
    sample.add_argument(
        "--by", metavar="FIELD", help="stratify by a dataset field (proportional allocation)"
    )
    sample.add_argument(
        "--replace", action="store_true", help="replace the sample drawn before, if any"
    )
    sample.add_argument("--json", action="store_true", help='print {"ids": [...], "seed": S}')
    sample.add_argument("--trust", action="store_true", help=TRUST_HELP)
    sample.set_defaults(func=cmd_review_sample)
