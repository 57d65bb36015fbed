"""``judgedesk run``: judge the rows, say how it went, and stop cleanly when asked."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import json
import os
import signal
import sys
import time
from collections.abc import Iterator
from types import FrameType

from judgedesk.cli import language
from judgedesk.cli.common import (
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_PROBLEM,
    allow_project,
    allow_scripts,
    err,
    open_project_data,
)
from judgedesk.cli.goals import Goal, measure
from judgedesk.core.dataset import Dataset
from judgedesk.core.project import Project, load_project
from judgedesk.core.run import (
    ExampleSource,
    Progress,
    Run,
    RunSummary,
    Selection,
    run_project,
)

# After Ctrl+C, rows whose reply is about to arrive may finish for this long; then the
# run is cut, so that it always ends within a couple of seconds.
GRACE_SECONDS = 0.5
RESUME_HINT = (
    "Every reply received is kept. To go on, run the same command again: only the rows "
    "not judged yet are asked."
)


@dataclasses.dataclass
class _Outcome:
    """What the run said while it went, kept for when it is cut short."""

    run_id: int | None = None
    progress: Progress | None = None
    summary: RunSummary | None = None
    interrupted: str = ""


def cmd_run(args: argparse.Namespace) -> int:
    with _sigterm_interrupts():
        project = load_project(args.dir)
        allow_project(project, args.trust, keys=not args.recompute)
        allow_scripts(project, args.trust)
        dataset = open_project_data(project)
        selection = Selection.parse(args.rows, args.only)
        if args.only == "disagreements":
            from judgedesk.core.review import disagreeing_rows

            selection = dataclasses.replace(selection, pick=disagreeing_rows)
        bar = _ProgressLine(enabled=not args.quiet)
        try:
            outcome = asyncio.run(_run(project, dataset, selection, args, bar))
        finally:
            bar.close()
    if outcome.interrupted or outcome.summary is None:
        return _report_interrupted(outcome, args)
    return _report(outcome.summary, project, dataset, args)


async def _run(
    project: Project,
    dataset: Dataset,
    selection: Selection,
    args: argparse.Namespace,
    bar: _ProgressLine,
) -> _Outcome:
    outcome = _Outcome()
    runs: list[Run] = []

    def listen(run: Run) -> None:
        runs.append(run)
        run.sig_started.connect(lambda run_id: setattr(outcome, "run_id", run_id))
        run.sig_progress.connect(lambda progress: setattr(outcome, "progress", progress))
        run.sig_progress.connect(bar.show)

    task = asyncio.ensure_future(
        run_project(
            project,
            dataset,
            selection,
            concurrency=args.concurrency,
            offline=args.recompute,
            listeners=[listen],
            wait=args.wait,
            who="judgedesk run",
            examples=_examples(project),
        )
    )
    loop = asyncio.get_running_loop()

    def stop(name: str) -> None:
        if outcome.interrupted:  # asked twice: the replies are stored already, go now
            bar.close()
            err(f"judgedesk: stopped at once ({name} again). {RESUME_HINT}")
            sys.stderr.flush()
            os._exit(EXIT_INTERRUPTED)
        outcome.interrupted = name
        bar.close()
        err(f"Stopping ({name}); press Ctrl+C again to quit at once.")
        for run in runs:
            run.cancel()
        loop.call_later(GRACE_SECONDS, task.cancel)

    installed = []
    for number, name in ((signal.SIGINT, "Ctrl+C"), (signal.SIGTERM, "SIGTERM")):
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(number, stop, name)
            installed.append(number)
    try:
        outcome.summary = await task
    except asyncio.CancelledError:
        if not outcome.interrupted:
            raise
    finally:
        for number in installed:
            loop.remove_signal_handler(number)
    return outcome


def _examples(project: Project) -> ExampleSource | None:
    """Rows people reviewed, for the judges that show their template examples."""
    if not any(j.examples for j in project.judges if j.enabled):
        return None
    from judgedesk.core.review import ReviewExamples  # only then: it reads the reviews

    return ReviewExamples()


@contextlib.contextmanager
def _sigterm_interrupts() -> Iterator[None]:
    """SIGTERM outside the event loop (opening the project…) stops like Ctrl+C does."""

    def interrupt(number: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, interrupt)
    except ValueError:  # not the main thread: leave signals alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _report_interrupted(outcome: _Outcome, args: argparse.Namespace) -> int:
    how = outcome.interrupted or "interrupted"
    reason = f"stopped by {how} before every row was judged"
    summary = outcome.summary
    if summary is None and outcome.progress is not None:
        summary = RunSummary.cut_short(outcome.progress)
    if summary is not None:
        figures = summary.to_dict()
        figures["not_judged"] = summary.not_judged
    else:
        figures = {"run_id": None, "status": "cancelled", "rows": 0, "ok": 0, "error": 0}
        figures.update(unparsed=0, not_judged=None)
        reason = f"stopped by {how} before the run started"
    figures["exit_code"], figures["exit_reasons"] = EXIT_INTERRUPTED, [reason]
    figures["resume"] = RESUME_HINT
    if args.json:
        print(json.dumps(figures, ensure_ascii=False, indent=2))
    else:
        if summary is not None:
            print(summary.stopped_line())
        print(f"Stopped ({reason}). {RESUME_HINT}")
    return EXIT_INTERRUPTED


def _report(
    summary: RunSummary, project: Project, dataset: Dataset, args: argparse.Namespace
) -> int:
    figures = summary.to_dict()
    reasons = []
    failed, unparsed = figures["error"], figures["unparsed"]
    if summary.unreadable is not None and summary.unreadable.count:
        reasons.append(
            f"{summary.unreadable.count} line(s) of the dataset could not be read and were "
            f"left out: see why with `judgedesk check {args.dir}`, fix them, then run again"
        )
    if failed:
        reasons.append(
            f"{failed} row(s) failed: retry them with `judgedesk run {args.dir} --only failed`"
        )
    if unparsed:
        reasons.append(
            f"{unparsed} row(s) have a reply whose verdict could not be read (unparsed): see "
            "why in the report, fix the template or the verdict reader, then "
            f"`judgedesk run {args.dir} --only unparsed`"
        )
    if figures["no_majority"]:
        reasons.append(
            f"{figures['no_majority']} row(s) have no majority: the judges' verdicts were "
            "read but no verdict has more than half of them; see each judge's vote in the "
            "report, then add a judge or combine them another way (`aggregate` in "
            f"judgedesk.toml) and `judgedesk run {args.dir} --only unparsed`"
        )
    goals: list[Goal] = args.fail_under or []
    if goals:
        checked = measure(goals, project, dataset, summary.run_id)
        figures["fail_under"] = [c.to_dict() for c in checked]
        reasons += [c.sentence for c in checked if not c.met]
    code = EXIT_PROBLEM if reasons else EXIT_OK
    figures["exit_code"], figures["exit_reasons"] = code, reasons
    if args.json:
        print(json.dumps(figures, ensure_ascii=False, indent=2))
        return code
    for line in summary.lines(say=language.text):
        print(line)
    for goal in figures.get("fail_under", []):
        print(f"  {'met' if goal['met'] else 'NOT MET'}: {goal['sentence']}")
    if reasons:
        print(f"Exit code 1: {'; '.join(reasons)}.")
    return code


class _ProgressLine:
    """A one-line progress bar on stderr (a line every few seconds when not a terminal)."""

    def __init__(self, *, enabled: bool) -> None:
        self.enabled = enabled
        self.tty = sys.stderr.isatty()
        self.last = 0.0
        self.drawn = False

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
        for name, speed in progress.writing_speed.items():
            line += f" · {name} {speed:.0f} tokens/s"
        if self.tty:
            print("\r" + line, end="", file=sys.stderr, flush=True)
            self.drawn = True
        else:
            print(line, file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.drawn:
            print(file=sys.stderr)
            self.drawn = False
