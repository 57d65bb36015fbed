"""Start JudgeDesk: the app (no command, ``open DIR``, a review pack), else the command line."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """Dispatch between the desktop app and the headless commands."""
    if getattr(sys, "frozen", False):  # a packaged app: let its helper processes start
        import multiprocessing

        multiprocessing.freeze_support()
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["script-worker"]:
        # Workers start often (and again after every crash): keep their start-up bare.
        from judgedesk.core.scripts import worker_main

        return worker_main()
    if args[:1] == ["template-worker"]:
        from judgedesk.core.template import worker_main as template_worker_main

        return template_worker_main()
    if args[:1] == ["local-worker"]:
        from judgedesk.core.judge import worker_main as local_worker_main

        return local_worker_main()
    asks_help = "-h" in args or "--help" in args
    if args[:1] == ["self-test"] and not asks_help:
        problem = _why_no_window()
        if problem:
            return problem
        from judgedesk.ui.self_test import main as self_test_main

        return self_test_main(args[1:])
    pack = bool(args) and args[0].lower().endswith(".jdpack")  # opened on its own
    if not args or (args[0] == "open" and not asks_help) or pack:
        problem = _why_no_window()
        if problem:
            return problem
        try:
            from judgedesk.app import main as app_main
        except ImportError as exc:
            print(
                f"The JudgeDesk window cannot start: {exc}. On Linux, Qt needs system "
                "libraries: sudo apt-get install libegl1 libgl1 libxkbcommon0 "
                "libfontconfig1 libdbus-1-3. The headless commands work without them "
                "(`judgedesk --help`).",
                file=sys.stderr,
            )
            return 2
        result: int = app_main(args if pack else args[1:])
        return result
    from judgedesk.cli import main as cli_main

    try:
        return cli_main(args)
    except BrokenPipeError:
        # The reader went away (``judgedesk report --json | head``): nothing more to say,
        # and Python must not complain again while flushing at exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


def _why_no_window() -> int:
    """2 after saying why Qt cannot open a window here, else 0 (Qt would abort with a
    message that names no package)."""
    from judgedesk.startup import diagnose

    problem = diagnose()
    if problem:
        print(problem, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
