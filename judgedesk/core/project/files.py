"""Saving a project under another folder, and the recovery copy written by autosave."""

from __future__ import annotations

import copy
import shutil
import tomllib
from datetime import datetime
from pathlib import Path

from judgedesk.core.errors import ProjectError
from judgedesk.core.fileio import atomic_write_text
from judgedesk.core.project.approvals import project_files
from judgedesk.core.project.boundary import FileApprovals
from judgedesk.core.project.settings import (
    SCHEMA_VERSION,
    SETTINGS_FILE,
    Project,
    project_from_table,
)
from judgedesk.core.project.trust import TrustStore

RECOVERY_FILE = "recovery.toml"


def save_project_as(project: Project, folder: Path) -> Project:
    """Copy a project, with its current (maybe unsaved) settings, to a new folder.

    Templates, scripts, results and a dataset kept inside the project come along; a
    dataset outside it is referred to by its absolute path. The original is unchanged.
    The copy may run its scripts when the original may (see ``judgedesk.core.project.trust``).

    Raises:
        ProjectError: the folder is inside the project, or is not new or empty.
    """
    source = project.root.resolve()
    target = folder.expanduser().resolve()
    if target == source or source in target.parents:
        raise ProjectError(f"{target} is inside the project itself. Choose a folder outside it.")
    if target.exists() and any(target.iterdir()):
        raise ProjectError(f"{target} is not empty. Choose a new or empty folder.")
    copied = copy.deepcopy(project)
    copied.root = target
    dataset = project.dataset_path().resolve()
    if source not in dataset.parents:
        copied.dataset.path = str(dataset)
    shutil.copytree(
        source,
        target,
        dirs_exist_ok=True,
        ignore=shutil.ignore_patterns(SETTINGS_FILE, RECOVERY_FILE, "*.backup-*"),
    )
    copied.save()
    TrustStore().copy_trust(source, target)
    files = FileApprovals()  # a dataset outside keeps the yes its original had
    kept = [p for p in project_files(copied) if files.allowed(source, p)]
    files.allow(target, kept)
    return copied


def recovery_path(project: Project) -> Path:
    """Where autosave keeps the unsaved settings of ``project``."""
    return project.state_dir / RECOVERY_FILE


def write_recovery(project: Project) -> Path:
    """Write the project's current settings to its recovery file (not its settings)."""
    path = recovery_path(project)
    atomic_write_text(path, project.settings_text())
    return path


def discard_recovery(project: Project) -> None:
    """Remove the recovery file (after a save, or when the person declines it)."""
    recovery_path(project).unlink(missing_ok=True)


def read_recovery(project: Project) -> tuple[Project, datetime] | None:
    """The settings autosave kept for ``project`` and when, if newer than its save.

    A recovery file that is older than the settings file, unreadable, or from another
    format version is ignored (and removed when stale).
    """
    path = recovery_path(project)
    try:
        stamp = path.stat().st_mtime
    except FileNotFoundError:
        return None
    if stamp <= project.settings_path.stat().st_mtime:
        discard_recovery(project)
        return None
    try:
        table = tomllib.loads(path.read_text(encoding="utf-8"))
        if table.get("schema_version") != SCHEMA_VERSION:
            return None
        restored = project_from_table(project.root, table)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, ProjectError):
        return None
    return restored, datetime.fromtimestamp(stamp)
