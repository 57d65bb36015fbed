"""Errors the core raises, each with a message a person can act on."""

from __future__ import annotations


class JudgeDeskError(Exception):
    """Base class of every error the core raises on purpose.

    The message is meant for the person using the app: it says what went wrong and,
    where possible, what to do about it.
    """


class DatasetError(JudgeDeskError):
    """A dataset file cannot be opened or read at all."""


class RowError(DatasetError):
    """One row of a dataset cannot be read (the others still can)."""


class TemplateError(JudgeDeskError):
    """A template cannot be compiled or rendered."""


class ParserError(JudgeDeskError):
    """A verdict parser was asked for by a name that does not exist."""


class ProjectError(JudgeDeskError):
    """A project folder or its settings file is missing, broken or invalid."""


class LibraryError(JudgeDeskError):
    """A built-in template is missing or its metadata is broken."""


class ApprovalNeeded(JudgeDeskError):
    """Something a project asks for needs the person's yes on this computer first.

    A project from elsewhere must not run its scripts, send a key to a server or read a
    file outside its folder before the person allows it; the command line answers these
    with exit code 2 unless ``--trust`` is given.
    """
