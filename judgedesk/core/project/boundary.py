"""What a project may read: its own folder, and files outside it only when chosen here.

A project's settings name files: templates, and the dataset with its predictions files.
Templates (and scripts) are read only from inside the project folder: a name that leaves
it (an absolute path, ``..``, a symbolic link pointing out) is refused, naming it, so a
project handed over cannot carry a private file to a judge. A dataset or predictions
file outside the folder is read only when the person chose it on this computer (a new
project linked to it) or allowed it; those decisions live in ``outside-files.json`` in
the user's settings folder, never in the project.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from judgedesk.core.errors import ApprovalNeeded, ProjectError
from judgedesk.core.places import read_table, settings_folder, write_table

FILES_FILE = "outside-files.json"
_lock = threading.Lock()


def inside_project(root: Path, name: str, what: str) -> Path:
    """``root / name``, refused when it leaves the project folder.

    Args:
        what: the file's part, for the message ("The template of judge 'x'").

    Raises:
        ProjectError: ``name`` is absolute, climbs out with ``..`` or is (or passes
            through) a symbolic link to a place outside the folder.
    """
    path = root / name
    try:
        real_root, real = root.resolve(), path.resolve()
    except (OSError, RuntimeError):  # a symbolic link loop
        real_root, real = root.resolve(), Path("/")
    if real != real_root and real_root not in real.parents:
        raise ProjectError(
            f"{what} is {name}, outside the project folder, so it is not read: a project "
            "may only use templates and scripts of its own folder, so that one from "
            "elsewhere cannot send your files to a judge. Copy the file into the project "
            "(templates/ for a template) and choose it there."
        )
    return path


@dataclass(frozen=True)
class FileApproval:
    """A file outside a project's folder that the project may read."""

    project: str
    path: str
    when: str = ""


class OutsideFileError(ApprovalNeeded):
    """A project's dataset (or predictions file) is outside it and was not allowed here."""

    def __init__(self, root: Path, paths: Iterable[Path]) -> None:
        self.root = root
        self.paths = tuple(paths)
        names = ", ".join(str(p) for p in self.paths)
        super().__init__(
            f"This project reads {names}, outside its folder, and that was not chosen on "
            "this computer, so it is not read: a project from elsewhere could send any of "
            "your files to a judge this way. If it is the file you mean, allow it in the "
            "window, or run again with --trust (remembered on this computer)."
        )


class FileApprovals:
    """Which project may read which file outside its folder. Thread-safe; atomic writes."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or settings_folder() / FILES_FILE

    def entries(self) -> list[FileApproval]:
        rows = read_table(self.path, "files")
        if not isinstance(rows, list):
            return []
        return [
            FileApproval(str(row["project"]), str(row["path"]), str(row.get("when", "")))
            for row in rows
            if isinstance(row, dict) and row.get("project") and row.get("path")
        ]

    def allowed(self, root: Path, path: Path) -> bool:
        """Whether the project at ``root`` may read ``path`` (inside it, or allowed)."""
        real_root, real = _real(root), _real(path)
        if real_root in real.parents:
            return True
        pair = (str(real_root), str(real))
        return any((a.project, a.path) == pair for a in self.entries())

    def allow(self, root: Path, paths: Iterable[Path]) -> None:
        """The person chose these files for the project, or said yes."""
        real_root = _real(root)
        with _lock:
            entries = self.entries()
            known = {(a.project, a.path) for a in entries}
            when = time.strftime("%Y-%m-%dT%H:%M:%S")
            for path in paths:
                real = _real(path)
                pair = (str(real_root), str(real))
                if real_root not in real.parents and pair not in known:
                    known.add(pair)
                    entries.append(FileApproval(*pair, when))
            self._write(entries)

    def revoke(self, project: str, path: str) -> None:
        """Take an approval back: the project asks again before reading the file."""
        with _lock:
            entries = self.entries()
            kept = [a for a in entries if (a.project, a.path) != (project, path)]
            if len(kept) != len(entries):
                self._write(kept)

    def _write(self, entries: list[FileApproval]) -> None:
        rows = [{"project": a.project, "path": a.path, "when": a.when} for a in entries]
        write_table(self.path, "files", rows)


def _real(path: Path) -> Path:
    try:
        return path.expanduser().resolve()
    except (OSError, RuntimeError):
        return path.expanduser().absolute()
