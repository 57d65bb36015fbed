"""The ``judgedesk`` command line: the core without a window."""

from judgedesk.cli.app import build_parser, main

__all__ = ["build_parser", "main"]
