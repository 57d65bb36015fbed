"""Project: the folder around every stage, and the workspace the window holds.

``judgedesk.toml`` read, validated, migrated and saved atomically (:class:`Project`, the
settings of the dataset, the judges, the scripts and runs); checks that tell why a
project cannot run; new projects; recovery copies and Save As; whether a project's
scripts are trusted; undo commands; and :class:`Workspace`, the one object the UI holds.
Imports the dataset, template, scripts and judge stages, never run, review or report.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judgedesk.core import lazy_face

# The stage's public names. Each is imported on first use (``lazy_face`` reads this
# block), so a command loads only the modules it uses.
if TYPE_CHECKING:
    from judgedesk.core.project.adoption import adopt_judge as adopt_judge
    from judgedesk.core.project.adoption import adopted_judges as adopted_judges
    from judgedesk.core.project.approvals import Pending as Pending
    from judgedesk.core.project.approvals import approve as approve
    from judgedesk.core.project.approvals import key_uses as key_uses
    from judgedesk.core.project.approvals import pending as pending
    from judgedesk.core.project.approvals import project_files as project_files
    from judgedesk.core.project.approvals import require_keys_approved as require_keys_approved
    from judgedesk.core.project.arena import PAIRINGS as PAIRINGS
    from judgedesk.core.project.arena import ArenaSettings as ArenaSettings
    from judgedesk.core.project.arena import model_answer as model_answer
    from judgedesk.core.project.boundary import FileApprovals as FileApprovals
    from judgedesk.core.project.boundary import OutsideFileError as OutsideFileError
    from judgedesk.core.project.checks import check_project as check_project
    from judgedesk.core.project.checks import swap_places as swap_places
    from judgedesk.core.project.files import discard_recovery as discard_recovery
    from judgedesk.core.project.files import read_recovery as read_recovery
    from judgedesk.core.project.files import save_project_as as save_project_as
    from judgedesk.core.project.files import write_recovery as write_recovery
    from judgedesk.core.project.new import ARENA_TEMPLATE as ARENA_TEMPLATE
    from judgedesk.core.project.new import PREVIEW_ROLES as PREVIEW_ROLES
    from judgedesk.core.project.new import NewProjectPlan as NewProjectPlan
    from judgedesk.core.project.new import create_project as create_project
    from judgedesk.core.project.new import default_template as default_template
    from judgedesk.core.project.new import free_folder as free_folder
    from judgedesk.core.project.new import preview_rows as preview_rows
    from judgedesk.core.project.new import suggested_fields as suggested_fields
    from judgedesk.core.project.new import workbook_sheets as workbook_sheets
    from judgedesk.core.project.opening import DatasetOpening as DatasetOpening
    from judgedesk.core.project.opening import begin_project_dataset as begin_project_dataset
    from judgedesk.core.project.opening import ensure_sample_project as ensure_sample_project
    from judgedesk.core.project.opening import open_project_dataset as open_project_dataset
    from judgedesk.core.project.settings import AGGREGATES as AGGREGATES
    from judgedesk.core.project.settings import SETTINGS_FILE as SETTINGS_FILE
    from judgedesk.core.project.settings import Problem as Problem
    from judgedesk.core.project.settings import Project as Project
    from judgedesk.core.project.settings import RunSettings as RunSettings
    from judgedesk.core.project.settings import load_project as load_project
    from judgedesk.core.project.stages import STAGES as STAGES
    from judgedesk.core.project.stages import Facts as Facts
    from judgedesk.core.project.stages import Mark as Mark
    from judgedesk.core.project.stages import NextStep as NextStep
    from judgedesk.core.project.stages import Spot as Spot
    from judgedesk.core.project.stages import StageState as StageState
    from judgedesk.core.project.stages import next_step as next_step
    from judgedesk.core.project.stages import project_facts as project_facts
    from judgedesk.core.project.stages import stage_states as stage_states
    from judgedesk.core.project.trust import AUTHORED as AUTHORED
    from judgedesk.core.project.trust import CHANGED as CHANGED
    from judgedesk.core.project.trust import MADE_HERE as MADE_HERE
    from judgedesk.core.project.trust import TRUSTED as TRUSTED
    from judgedesk.core.project.trust import TrustState as TrustState
    from judgedesk.core.project.trust import TrustStore as TrustStore
    from judgedesk.core.project.trust import UntrustedScriptsError as UntrustedScriptsError
    from judgedesk.core.project.trust import require_trusted as require_trusted
    from judgedesk.core.project.trust import script_written as script_written
    from judgedesk.core.project.trust import trust_state as trust_state
    from judgedesk.core.project.undo import SnapshotCommand as SnapshotCommand
    from judgedesk.core.project.undo import UndoStack as UndoStack
    from judgedesk.core.project.workspace import Workspace as Workspace

__getattr__, __all__ = lazy_face(__name__, __file__)
