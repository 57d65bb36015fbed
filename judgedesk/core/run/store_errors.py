"""Why the results file could not be opened or written, in one sentence that says what
to do."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from judgedesk.core.errors import JudgeDeskError


class StoreWriteError(JudgeDeskError):
    """The results file could not be written; what was stored before is kept."""

    def __init__(self, path: Path, cause: Exception) -> None:
        self.path = path
        text = str(cause).lower()
        folder = path.parent.parent if path.parent.name == ".judgedesk" else path.parent
        kept = "everything saved so far is kept, and the next run asks only what is missing"
        if "full" in text:
            message = (
                f"The disk holding {folder} is full, so JudgeDesk could not save the results. "
                f"Free some space there (or move the project to a disk with room), then run "
                f"again: {kept}."
            )
        elif "readonly" in text or "read-only" in text:
            message = (
                f"{folder} cannot be written: it is read-only for you. Make it writable, or use "
                f"File › Save As to copy the project to a folder you can write to: {kept}."
            )
        elif "locked" in text or "busy" in text:
            message = (
                f"The results file {path} is locked by another program. Close the program "
                f"that holds it (a database browser, another JudgeDesk), then run again: {kept}."
            )
        else:
            message = (
                f"Saving the results to {path} failed ({cause}). Check that the disk has room "
                f"and is still connected, then run again: {kept}."
            )
        super().__init__(message)


# What SQLite says of a file that is not (or no longer) a database: only then may moving
# it away help. A full disk, a read-only folder or a disk error leave the file intact.
_DAMAGED_CODES = ("SQLITE_CORRUPT", "SQLITE_NOTADB")
_DAMAGED_WORDS = ("file is not a database", "malformed")


def is_damaged(error: sqlite3.DatabaseError) -> bool:
    """Whether SQLite says the file itself is damaged (corrupt, or not a database)."""
    name = str(getattr(error, "sqlite_errorname", "") or "")
    text = str(error).lower()
    return name.startswith(_DAMAGED_CODES) or any(word in text for word in _DAMAGED_WORDS)


def open_error(path: Path, error: sqlite3.DatabaseError) -> JudgeDeskError:
    """Why the results file at ``path`` cannot be opened, saying what to do; moving it
    away is advised only when SQLite says it is damaged (that loses its reviews)."""
    if is_damaged(error):
        return JudgeDeskError(
            f"The results file {path} cannot be used ({error}). If it is damaged, move it "
            "away: judge replies will be asked again, reviews in it would be lost."
        )
    text = str(error).lower()
    name = str(getattr(error, "sqlite_errorname", "") or "")
    if not path.exists():  # opened to read, before any run made it
        return JudgeDeskError(
            f"The results file {path} cannot be used: it is not there. Run the project "
            "first, or check that the disk holding it is still connected."
        )
    folder = path.parent.parent if path.parent.name == ".judgedesk" else path.parent
    kept = "nothing in it is lost"
    if name.startswith("SQLITE_FULL") or "full" in text:
        message = (
            f"The disk holding {folder} is full, so the results file cannot be opened. Free "
            f"some space there (or move the project to a disk with room), then try again: "
            f"{kept}."
        )
    elif name.startswith("SQLITE_READONLY") or "readonly" in text or "read-only" in text:
        message = (
            f"{folder} cannot be written: it is read-only for you. Make it writable, or use "
            f"File › Save As to copy the project to a folder you can write to: {kept}."
        )
    elif "locked" in text or "busy" in text:
        message = (
            f"The results file {path} is locked by another program. Close the program that "
            f"holds it (a database browser, another JudgeDesk), then try again: {kept}."
        )
    else:
        message = (
            f"The results file {path} cannot be opened ({error}). Check that the disk has "
            f"room and is still connected, then try again: {kept}."
        )
    return JudgeDeskError(message)
