"""Why the results file could not be written, in one sentence that says what to do."""

from __future__ import annotations

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
