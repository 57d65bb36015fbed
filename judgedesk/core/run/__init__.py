"""Run: the pipeline over rows, and the results file that keeps every reply.

For each row: preprocess, each judge in order (request, call, verdict), postprocess, the
row's result. Runs pause, resume, stop and continue after a crash without asking a
finished call again (the store caches each reply by its exact request); they go in a
thread or a process of their own for a window. Also: pairs judged in both orders, the
estimate of a run's cost, one judge on one row ("Judge this row"), trying a script on
stored replies, and the reviews table the results file holds beside the runs. Never
imports the review or report stages: a filter of theirs comes in as a ``Selection``'s
``pick``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judgedesk.core import lazy_face

# The stage's public names. Each is imported on first use (``lazy_face`` reads this
# block), so a command loads only the modules it uses.
if TYPE_CHECKING:
    from judgedesk.core.run.adjudications import Adjudication as Adjudication
    from judgedesk.core.run.answers import answered_dataset as answered_dataset
    from judgedesk.core.run.answers import answered_row as answered_row
    from judgedesk.core.run.background import BackgroundRun as BackgroundRun
    from judgedesk.core.run.background import RunNews as RunNews
    from judgedesk.core.run.batch import MANIFEST as MANIFEST
    from judgedesk.core.run.batch import MAX_BYTES as MAX_BYTES
    from judgedesk.core.run.batch import MAX_LINES as MAX_LINES
    from judgedesk.core.run.batch import BatchExport as BatchExport
    from judgedesk.core.run.batch import export_batch as export_batch
    from judgedesk.core.run.batch_import import BatchImport as BatchImport
    from judgedesk.core.run.batch_import import import_batch as import_batch
    from judgedesk.core.run.context import judge_client as judge_client
    from judgedesk.core.run.details import ANSWER_KEYS as ANSWER_KEYS
    from judgedesk.core.run.details import DETAIL_VERSION as DETAIL_VERSION
    from judgedesk.core.run.details import SCRIPT_KEYS as SCRIPT_KEYS
    from judgedesk.core.run.details import AnswerDetail as AnswerDetail
    from judgedesk.core.run.details import JudgeStepDetail as JudgeStepDetail
    from judgedesk.core.run.details import OrderDetail as OrderDetail
    from judgedesk.core.run.details import RowDetail as RowDetail
    from judgedesk.core.run.details import SampleDetail as SampleDetail
    from judgedesk.core.run.details import ScriptDetail as ScriptDetail
    from judgedesk.core.run.details import VerdictDetail as VerdictDetail
    from judgedesk.core.run.details import judge_steps as judge_steps
    from judgedesk.core.run.details import read_value as read_value
    from judgedesk.core.run.details import row_confidence as row_confidence
    from judgedesk.core.run.details import verdict_of as verdict_of
    from judgedesk.core.run.dry_run import DryRun as DryRun
    from judgedesk.core.run.dry_run import judge_one_row_blocking as judge_one_row_blocking
    from judgedesk.core.run.estimate import JudgeEstimate as JudgeEstimate
    from judgedesk.core.run.estimate import RunEstimate as RunEstimate
    from judgedesk.core.run.estimate import estimate_run as estimate_run
    from judgedesk.core.run.examples import ExamplePicker as ExamplePicker
    from judgedesk.core.run.examples import ExampleSource as ExampleSource
    from judgedesk.core.run.lock import ProjectBusyError as ProjectBusyError
    from judgedesk.core.run.lock import RunLock as RunLock
    from judgedesk.core.run.outcome import JudgeStep as JudgeStep
    from judgedesk.core.run.outcome import RowOutcome as RowOutcome
    from judgedesk.core.run.outcome import row_outcome as row_outcome
    from judgedesk.core.run.pairs import is_pairwise as is_pairwise
    from judgedesk.core.run.pipeline import Run as Run
    from judgedesk.core.run.pipeline import run_project as run_project
    from judgedesk.core.run.precheck import ModelCheck as ModelCheck
    from judgedesk.core.run.precheck import check_models as check_models
    from judgedesk.core.run.precheck import models_to_check as models_to_check
    from judgedesk.core.run.process import ProcessRun as ProcessRun
    from judgedesk.core.run.progress import Progress as Progress
    from judgedesk.core.run.progress import RunSummary as RunSummary
    from judgedesk.core.run.reviews import Merge as Merge
    from judgedesk.core.run.reviews import Review as Review
    from judgedesk.core.run.rule_trial import RuleTrial as RuleTrial
    from judgedesk.core.run.rule_trial import try_rule as try_rule
    from judgedesk.core.run.samples import sample_values as sample_values
    from judgedesk.core.run.script_trial import FieldChange as FieldChange
    from judgedesk.core.run.script_trial import JudgeReplies as JudgeReplies
    from judgedesk.core.run.script_trial import ScriptTrial as ScriptTrial
    from judgedesk.core.run.script_trial import sample_reply_text as sample_reply_text
    from judgedesk.core.run.script_trial import stored_replies as stored_replies
    from judgedesk.core.run.script_trial import try_script as try_script
    from judgedesk.core.run.selection import Selection as Selection
    from judgedesk.core.run.steps import RowResult as RowResult
    from judgedesk.core.run.store import CallRecord as CallRecord
    from judgedesk.core.run.store import ResultRecord as ResultRecord
    from judgedesk.core.run.store import RunRecord as RunRecord
    from judgedesk.core.run.store import Store as Store
    from judgedesk.core.run.store_reads import EVERY_ROW as EVERY_ROW
    from judgedesk.core.run.store_reads import SHORT as SHORT
    from judgedesk.core.run.store_reads import Outcome as Outcome
    from judgedesk.core.run.store_reads import ResultRow as ResultRow
    from judgedesk.core.run.store_reads import RunStamp as RunStamp
    from judgedesk.core.run.store_reads import StepVerdicts as StepVerdicts
    from judgedesk.core.run.store_reads import count_results as count_results
    from judgedesk.core.run.store_reads import latest_statuses as latest_statuses
    from judgedesk.core.run.store_reads import outcomes as outcomes
    from judgedesk.core.run.store_reads import report_rows as report_rows
    from judgedesk.core.run.store_reads import row_span as row_span
    from judgedesk.core.run.store_reads import run_stamps as run_stamps
    from judgedesk.core.run.store_reads import step_verdicts as step_verdicts

__getattr__, __all__ = lazy_face(__name__, __file__)
