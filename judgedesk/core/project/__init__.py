"""Project: the folder around every stage, and the workspace the window holds.

``judgedesk.toml`` read, validated, migrated and saved atomically (:class:`Project`, the
settings of the dataset, the judges, the scripts and runs); checks that tell why a
project cannot run; new projects; recovery copies and Save As; whether a project's
scripts are trusted; undo commands; and :class:`Workspace`, the one object the UI holds.
Imports the dataset, template, scripts and judge stages, never run, review or report.
"""

from __future__ import annotations

from judgedesk.core.project.checks import check_project
from judgedesk.core.project.new import NewProjectPlan, create_project
from judgedesk.core.project.settings import (
    SETTINGS_FILE,
    Problem,
    Project,
    RunSettings,
    load_project,
)
from judgedesk.core.project.trust import (
    TrustStore,
    UntrustedScriptsError,
    require_trusted,
    trust_state,
)
from judgedesk.core.project.undo import SnapshotCommand, UndoStack
from judgedesk.core.project.workspace import Workspace, open_project_dataset

__all__ = [
    "SETTINGS_FILE",
    "NewProjectPlan",
    "Problem",
    "Project",
    "RunSettings",
    "SnapshotCommand",
    "TrustStore",
    "UndoStack",
    "UntrustedScriptsError",
    "Workspace",
    "check_project",
    "create_project",
    "load_project",
    "open_project_dataset",
    "require_trusted",
    "trust_state",
]
