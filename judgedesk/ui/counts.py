"""Counts of rows in the window's sentences: "1 row", "2 rows", "1,200 rows"."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication


def rows_said(count: int) -> str:
    """``count`` rows in the window's language, one in the singular."""
    if count == 1:
        return QCoreApplication.translate("Counts", "1 row")
    return QCoreApplication.translate("Counts", "{0} rows").format(f"{count:,}")


def calls_said(count: int) -> str:
    """``count`` calls to a judge's server, one in the singular."""
    if count == 1:
        return QCoreApplication.translate("Counts", "1 call")
    return QCoreApplication.translate("Counts", "{0} calls").format(f"{count:,}")
