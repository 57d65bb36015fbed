"""Project: the folder around every stage, and the workspace the window holds.

``judgedesk.toml`` read, validated, migrated and saved atomically (:class:`Project`, the
settings of the dataset, the judges, the scripts and runs); checks that tell why a
project cannot run; new projects; recovery copies and Save As; whether a project's
scripts are trusted; undo commands; and :class:`Workspace`, the one object the UI holds.
Imports the dataset, template, scripts and judge stages, never run, review or report.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judgedesk.core import lazy_exports

if TYPE_CHECKING:
    from judgedesk.core.project.checks import check_project as check_project
    from judgedesk.core.project.new import NewProjectPlan as NewProjectPlan
    from judgedesk.core.project.new import create_project as create_project
    from judgedesk.core.project.settings import SETTINGS_FILE as SETTINGS_FILE
    from judgedesk.core.project.settings import Problem as Problem
    from judgedesk.core.project.settings import Project as Project
    from judgedesk.core.project.settings import RunSettings as RunSettings
    from judgedesk.core.project.settings import load_project as load_project
    from judgedesk.core.project.trust import TrustStore as TrustStore
    from judgedesk.core.project.trust import UntrustedScriptsError as UntrustedScriptsError
    from judgedesk.core.project.trust import require_trusted as require_trusted
    from judgedesk.core.project.trust import trust_state as trust_state
    from judgedesk.core.project.undo import SnapshotCommand as SnapshotCommand
    from judgedesk.core.project.undo import UndoStack as UndoStack
    from judgedesk.core.project.workspace import Workspace as Workspace
    from judgedesk.core.project.workspace import open_project_dataset as open_project_dataset

# Imported on first use, so that importing one module of this stage does not import
# all of them: a command starts with only what it uses (``judgedesk render`` loads no
# HTTP client), the window shows before what it needs later is loaded.
_WHERE = {
    "check_project": "checks",
    "NewProjectPlan": "new",
    "create_project": "new",
    "Problem": "settings",
    "Project": "settings",
    "RunSettings": "settings",
    "SETTINGS_FILE": "settings",
    "load_project": "settings",
    "TrustStore": "trust",
    "UntrustedScriptsError": "trust",
    "require_trusted": "trust",
    "trust_state": "trust",
    "SnapshotCommand": "undo",
    "UndoStack": "undo",
    "Workspace": "workspace",
    "open_project_dataset": "workspace",
}

__all__ = sorted(_WHERE)


__getattr__ = lazy_exports(__name__, _WHERE)
