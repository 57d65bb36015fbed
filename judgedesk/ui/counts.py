"""Counts in the window's sentences: "1 row", "2 rows", "1,200 rows", "1 call", "1 review"."""

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


def reviews_said(count: int) -> str:
    """``count`` reviews (verdicts people give), one in the singular."""
    if count == 1:
        return QCoreApplication.translate("Counts", "1 review")
    return QCoreApplication.translate("Counts", "{0} reviews").format(f"{count:,}")


def candidates_said(count: int) -> str:
    """``count`` candidate templates or rules, one in the singular."""
    if count == 1:
        return QCoreApplication.translate("Counts", "1 candidate")
    return QCoreApplication.translate("Counts", "{0} candidates").format(f"{count:,}")


def replies_said(count: int) -> str:
    """``count`` replies of a judge, one in the singular."""
    if count == 1:
        return QCoreApplication.translate("Counts", "1 reply")
    return QCoreApplication.translate("Counts", "{0} replies").format(f"{count:,}")


def disagreements_said(count: int) -> str:
    """``count`` disagreements between people and a judge, one in the singular."""
    if count == 1:
        return QCoreApplication.translate("Counts", "1 disagreement")
    return QCoreApplication.translate("Counts", "{0} disagreements").format(f"{count:,}")
