"""A project's script files: whether runs use them, and setting one aside without losing it.

A run uses ``scripts/preprocess.py`` or ``scripts/postprocess.py`` whenever the file
exists. To stop using one, the file is moved to ``scripts/disabled/``, from where it can
be put back; nothing is deleted.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from judgedesk.core.errors import JudgeDeskError

DISABLED_FOLDER = "disabled"


class ScriptFileError(JudgeDeskError):
    """A script file cannot be set aside or put back; the message says why."""


@dataclass(frozen=True)
class ScriptFile:
    """Where a script of one kind is, and where its set-aside copy would be.

    Attributes:
        kind: "preprocess" or "postprocess".
        path: ``scripts/<kind>.py``: runs use it while it exists.
        disabled: ``scripts/disabled/<kind>.py``: the copy set aside last.
    """

    kind: str
    path: Path
    disabled: Path


def script_file(root: Path, kind: str) -> ScriptFile:
    """The places of a project's script of ``kind`` (nothing is read)."""
    if kind not in ("preprocess", "postprocess"):
        raise ValueError(f"unknown script kind {kind!r}")
    folder = root / "scripts"
    return ScriptFile(kind, folder / f"{kind}.py", folder / DISABLED_FOLDER / f"{kind}.py")


def has_disabled_copy(root: Path, kind: str) -> bool:
    """Whether a set-aside copy of the script can be put back (blocking, but quick)."""
    return script_file(root, kind).disabled.is_file()


def disable_script(root: Path, kind: str) -> Path:
    """Move the script out of the way of runs, into ``scripts/disabled/``.

    A copy set aside earlier is kept under a numbered name (``preprocess.1.py``…), so
    nothing is ever lost. Returns where the script now is.

    Raises:
        ScriptFileError: there is no such script, or it cannot be moved.
    """
    place = script_file(root, kind)
    if not place.path.is_file():
        raise ScriptFileError(f"There is no {kind} script to set aside: {place.path} is missing.")
    try:
        place.disabled.parent.mkdir(parents=True, exist_ok=True)
        if place.disabled.exists():
            os.replace(place.disabled, _free_name(place.disabled))
        os.replace(place.path, place.disabled)
    except OSError as exc:
        raise ScriptFileError(
            f"The {kind} script could not be moved to {place.disabled}: "
            f"{exc.strerror or exc}. Check that the project folder is writable."
        ) from None
    return place.disabled


def restore_script(root: Path, kind: str) -> Path:
    """Put the copy set aside last back where runs use it.

    Raises:
        ScriptFileError: there is no copy set aside, a script is already in use, or the
            file cannot be moved.
    """
    place = script_file(root, kind)
    if place.path.exists():
        raise ScriptFileError(
            f"{place.path} already exists, so the set-aside copy was left where it is. "
            f"Move one of them yourself if you want the other."
        )
    if not place.disabled.is_file():
        raise ScriptFileError(f"There is no set-aside {kind} script in {place.disabled.parent}.")
    try:
        os.replace(place.disabled, place.path)
    except OSError as exc:
        raise ScriptFileError(
            f"The {kind} script could not be put back: {exc.strerror or exc}. "
            "Check that the project folder is writable."
        ) from None
    return place.path


def _free_name(path: Path) -> Path:
    number = 1
    while True:
        candidate = path.with_name(f"{path.stem}.{number}{path.suffix}")
        if not candidate.exists():
            return candidate
        number += 1
