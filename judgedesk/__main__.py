"""Start JudgeDesk: the desktop app with no command or ``open DIR``, else the command line."""

from __future__ import annotations

import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """Dispatch between the desktop app and the headless commands."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["script-worker"]:
        # Workers start often (and again after every crash): keep their start-up bare.
        from judgedesk.core.scripts.worker import worker_main

        return worker_main()
    if not args or args[0] == "open":
        try:
            from judgedesk.app import main as app_main  # type: ignore[import-not-found]
        except ImportError:
            print(
                "The JudgeDesk window is not part of this version yet. The headless "
                "commands work: run `judgedesk --help` to see them.",
                file=sys.stderr,
            )
            return 2
        result: int = app_main(args[1:])
        return result
    from judgedesk.cli import main as cli_main

    return cli_main(args)


if __name__ == "__main__":
    sys.exit(main())
