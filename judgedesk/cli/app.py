"""The ``judgedesk`` command line: its arguments, and running a command."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from importlib import import_module

from judgedesk import __version__
from judgedesk.cli import language
from judgedesk.cli.batch import add_batch_command
from judgedesk.cli.common import (
    EXIT_INTERRUPTED,
    EXIT_USAGE,
    TRUST_HELP,
    choices_later,
    err,
    exit_code_for,
    opened,
)
from judgedesk.cli.goals import FIGURES, parse_goal
from judgedesk.cli.new import add_new_command
from judgedesk.cli.review import add_review_command
from judgedesk.cli.servers import add_servers_command
from judgedesk.core.errors import JudgeDeskError

Command = Callable[[argparse.Namespace], int]


def _later(module: str, name: str) -> Command:
    """The command ``judgedesk.cli.MODULE.NAME``, imported when it runs.

    Building the parser then imports no command's dependencies: ``--version`` and
    ``render`` never load the HTTP clients, spreadsheets or reports they do not use.
    """

    def command(args: argparse.Namespace) -> int:
        run: Command = getattr(import_module(f"judgedesk.cli.{module}"), name)
        return run(args)

    command.__name__ = command.__qualname__ = name
    return command


def _export_formats() -> tuple[str, ...]:
    from judgedesk.core.report import FORMATS

    return FORMATS


EXIT_CODES = """\
exit codes:
  0  done: with run, every selected row has a verdict (and every --fail-under is met)
  1  done, with problems: rows that failed or could not be read (unparsed), lines
     of the dataset left out (they could not be read), a --fail-under figure not
     reached or not available, a problem found by check (a judge that cannot be
     reached, a model the server does not offer, a key it refuses), a project with
     no results to report
  2  the command or the project is wrong: a bad option, a missing file, invalid
     settings, template, dataset or script, an approval not given (see --trust;
     check says what waits)
  3  interrupted (Ctrl+C, SIGTERM); every reply received is kept: run the same
     command again and only the rows not judged yet are asked
"""

EXAMPLES = """\
examples:
  judgedesk templates --show compare_single
  judgedesk check my-eval --offline
  judgedesk run my-eval --rows 0:10
  judgedesk run my-eval --recompute --fail-under mean=7 --json
  judgedesk servers --port 8081 --json
  judgedesk review import my-eval labels.csv --reviewer ana --id-column item --verdict-column score
  judgedesk review pack my-eval --reviewers ana,bo,cy --overlap 20% --out review-packs
"""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="judgedesk",
        description="JudgeDesk: evaluate model answers with LLM judges, review the verdicts,\n"
        "and report. With no command, the desktop app starts.",
        epilog=EXIT_CODES + "\n" + EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"judgedesk {__version__}")
    parser.add_argument(
        "--language",
        choices=("en", "zh"),
        help="the language of messages (default: from LANG)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    add_new_command(sub)

    render = sub.add_parser("render", help="print the prompt a judge receives for a row")
    render.add_argument("dir")
    render.add_argument("--row", type=int, required=True, help="0-based row number")
    render.add_argument("--judge", help="judge name (default: the first that is sent a prompt)")
    render.add_argument("--json", action="store_true", help="print the chat messages as JSON")
    render.add_argument("--trust", action="store_true", help=TRUST_HELP)
    render.set_defaults(func=_later("commands", "cmd_render"))

    templates = sub.add_parser("templates", help="list the built-in templates")
    templates.add_argument("--show", metavar="ID", help="print one template's text")
    templates.set_defaults(func=_later("commands", "cmd_templates"))

    check = sub.add_parser(
        "check",
        help="say whether a project can run, and why not; asks each judge's server",
        description="Check the settings, templates, dataset and scripts, then ask each "
        "enabled model judge's server (and the candidate's and baseline's) whether it "
        "answers, offers the model and accepts the key. Exit code 0: ready; 1: a problem "
        "was found; 2: the folder is not a project that can be read, or keys, files or "
        "scripts wait for approval (run would refuse).",
    )
    check.add_argument("dir")
    check.add_argument(
        "--offline", action="store_true", help="ask no server: check only the project itself"
    )
    check.set_defaults(func=_later("check", "cmd_check"))

    run = sub.add_parser(
        "run",
        help="judge the rows of a project",
        description="Judge the rows of a project. Exit code 0: every selected row has a "
        "verdict and every --fail-under is met; 1: rows failed, are unparsed or have no "
        "majority, lines of the dataset could not be read and were left out, or a "
        "--fail-under is not met; 2: the command or the project is wrong, or the project is "
        "being run by another process; 3: interrupted "
        "(Ctrl+C or SIGTERM; run the same command again to go on).",
    )
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
    run.add_argument(
        "--fail-under",
        action="append",
        type=parse_goal,
        metavar="FIGURE=VALUE",
        help=f"exit with code 1 when this run's figure is lower, or not available: "
        f"{', '.join(FIGURES)} (person-judge agreement), e.g. accuracy=0.8 or "
        "mean=7; repeatable",
    )
    run.add_argument(
        "--json", action="store_true", help="print the summary, counts and exit reasons as JSON"
    )
    run.add_argument("--quiet", action="store_true", help="no progress bar")
    run.add_argument(
        "--wait",
        action="store_true",
        help="when another run of the project is going on (in the window or another "
        "command), wait for it to end instead of refusing to start",
    )
    run.add_argument("--trust", action="store_true", help=TRUST_HELP)
    run.set_defaults(func=_later("run", "cmd_run"))

    export = sub.add_parser(
        "export",
        help="write the results and reviews: JSONL, CSV, XLSX, an HTML report, or "
        "OpenCompass's details (--format opencompass)",
    )
    export.add_argument("dir")
    export.add_argument("--out", required=True, help="the file to write")
    fmt = export.add_argument("--format", help="default: from the file's extension")
    choices_later(fmt, _export_formats)
    export.add_argument("--run", type=int, metavar="N", help="one run's results (default: latest)")
    export.add_argument(
        "--raw",
        action="store_true",
        help="CSV: keep texts starting with = + - @ as they are (by default they get a "
        "leading ' so that a spreadsheet shows them instead of running them)",
    )
    export.add_argument("--trust", action="store_true", help=TRUST_HELP)
    export.set_defaults(func=_later("commands", "cmd_export"))

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
    report.add_argument(
        "--history",
        action="store_true",
        help="each judge version's agreement with people, and the rows that moved",
    )
    report.add_argument("--trust", action="store_true", help=TRUST_HELP)
    report.set_defaults(func=_later("commands", "cmd_report"))

    calibrate = sub.add_parser(
        "calibrate",
        help="compare candidate judges with people's verdicts and propose one",
        description="Split the rows people gave a verdict on into a tuning part and a "
        "test part (seeded, stratified by the verdict, kept in the project), run each "
        "candidate judge on those rows (stored replies are reused), and print each "
        "candidate's agreement with people on both parts. The candidate proposed has the "
        "best kappa on the tuning part; the test part says what to expect from it. Exit "
        "code 0: a candidate is proposed (and adopted with --adopt); 1: none can be, or "
        "too few rows have a person's verdict; 2: the command or the project is wrong. "
        "With --suggest, a model reads a judge's template and the tuning rows where it "
        "disagrees with people (never a test row) and writes the template revised; a "
        "revision that renders is printed as a diff and added as a new candidate judge, "
        "never adopted by itself (exit code 1 when it does not render: nothing is added).",
    )
    calibrate.add_argument("dir")
    calibrate.add_argument(
        "--split",
        type=float,
        metavar="SHARE",
        help="the share of labelled rows for tuning (default: the project's, else 0.5); "
        "kept in the project",
    )
    calibrate.add_argument(
        "--seed", type=int, help="the split's seed (default: the project's); kept in the project"
    )
    calibrate.add_argument(
        "--judges", metavar="A,B", help="the candidates (default: every enabled judge)"
    )
    calibrate.add_argument(
        "--adopt",
        metavar="NAME",
        help="keep this candidate enabled, disable the other candidates, save the project",
    )
    calibrate.add_argument(
        "--suggest",
        metavar="JUDGE",
        help="have a model revise this judge's template from its disagreements with people "
        "on the tuning part, and add the revision as a new candidate",
    )
    calibrate.add_argument(
        "--with",
        dest="with_model",
        metavar="MODEL_JUDGE",
        help="with --suggest: the judge whose model writes the revision, or a .gguf model "
        "file (default: the judge's own model)",
    )
    calibrate.add_argument(
        "--json", action="store_true", help="print the split and every figure as JSON"
    )
    calibrate.add_argument("--trust", action="store_true", help=TRUST_HELP)
    calibrate.set_defaults(func=_later("calibrate", "cmd_calibrate"))

    add_servers_command(sub)
    add_review_command(sub)
    add_batch_command(sub)

    opener = sub.add_parser(
        "open",
        help="open a project (or a review pack) in the desktop app",
        description="Open the desktop app on a project folder, or on a review pack "
        "(.jdpack) to review on its own. With neither, the last project opens.",
    )
    opener.add_argument("dir", nargs="?", help="a project folder or a .jdpack file")
    opener.set_defaults(func=_later("commands", "cmd_gui_unavailable"))

    checker = sub.add_parser(
        "self-test",
        help="check this installation: the window's libraries, the resources, a script "
        "worker, a run of the sample with its offline judge",
        description="Check this installation and say what failed. Needs a display, or "
        "QT_QPA_PLATFORM=offscreen without one.",
    )
    checker.add_argument(
        "--language", default="en", help="also check the interface in this language (zh_CN)"
    )
    checker.add_argument(
        "--model",
        metavar="FILE",
        help="also judge one row of the sample in-process with this GGUF model file",
    )
    checker.set_defaults(func=_later("commands", "cmd_gui_unavailable"))

    worker = sub.add_parser(
        "script-worker", help="(internal) run project scripts for the app over stdin/stdout"
    )
    worker.set_defaults(func=_later("commands", "cmd_script_worker"))
    _language_everywhere(parser)
    return parser


def _language_everywhere(parser: argparse.ArgumentParser) -> None:
    """``--language`` before the command or after it, for every command.

    Each command's option leaves the value alone unless it is given (argparse would
    otherwise put its own default over the one given before the command).
    """
    for action in parser._actions:
        if not isinstance(action, argparse._SubParsersAction):
            continue
        for command in action.choices.values():
            given = {option for a in command._actions for option in a.option_strings}
            if "--language" not in given:
                command.add_argument(
                    "--language",
                    choices=("en", "zh"),
                    default=argparse.SUPPRESS,
                    help="the language of messages (default: from LANG)",
                )
            _language_everywhere(command)


def main(argv: Sequence[str] | None = None) -> int:
    """Run a command and return its exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return EXIT_USAGE
    language.use(args.language)
    try:
        code: int = args.func(args)
    except JudgeDeskError as exc:
        err(f"judgedesk: {language.text(exc)}")
        return exit_code_for(exc)
    except KeyboardInterrupt:
        err("judgedesk: interrupted.")
        return EXIT_INTERRUPTED
    finally:
        while opened:
            opened.pop().close()
    return code


if __name__ == "__main__":
    sys.exit(main())
