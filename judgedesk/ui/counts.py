"""Counts in the window's sentences: "1 row", "2 rows", "1,200 rows", "1 call", "1 review"."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

_CONTEXT = "Counts"


def _said(count: int, one: str, many: str) -> str:
    """``count`` things in the window's language: ``one`` for one, else ``many`` ("{0} …")."""
    if count == 1:
        return QCoreApplication.translate(_CONTEXT, one)
    return QCoreApplication.translate(_CONTEXT, many).format(f"{count:,}")


def rows_said(count: int) -> str:
    """``count`` rows in the window's language, one in the singular."""
    return _said(
        count, QT_TRANSLATE_NOOP("Counts", "1 row"), QT_TRANSLATE_NOOP("Counts", "{0} rows")
    )


def calls_said(count: int) -> str:
    """``count`` calls to a judge's server, one in the singular."""
    return _said(
        count, QT_TRANSLATE_NOOP("Counts", "1 call"), QT_TRANSLATE_NOOP("Counts", "{0} calls")
    )


def reviews_said(count: int) -> str:
    """``count`` reviews (verdicts people give), one in the singular."""
    return _said(
        count, QT_TRANSLATE_NOOP("Counts", "1 review"), QT_TRANSLATE_NOOP("Counts", "{0} reviews")
    )


def candidates_said(count: int) -> str:
    """``count`` candidate templates or rules, one in the singular."""
    return _said(
        count,
        QT_TRANSLATE_NOOP("Counts", "1 candidate"),
        QT_TRANSLATE_NOOP("Counts", "{0} candidates"),
    )


def replies_said(count: int) -> str:
    """``count`` replies of a judge, one in the singular."""
    return _said(
        count, QT_TRANSLATE_NOOP("Counts", "1 reply"), QT_TRANSLATE_NOOP("Counts", "{0} replies")
    )


def disagreements_said(count: int) -> str:
    """``count`` disagreements between people and a judge, one in the singular."""
    return _said(
        count,
        QT_TRANSLATE_NOOP("Counts", "1 disagreement"),
        QT_TRANSLATE_NOOP("Counts", "{0} disagreements"),
    )
