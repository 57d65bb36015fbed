"""Report: what a project's results say, as figures, text and files.

Summary with confidence intervals, distributions, breakdowns by field and dimension,
agreement with people, pairwise win rates and position bias, two runs compared; a
judge's rate corrected by people's labels (PPI++) and a Bradley–Terry leaderboard; the
text of ``judgedesk report``; exports to CSV, JSONL, XLSX and a self-contained HTML
page; and a worker process that computes big reports away from the window. A large
run's report reads its results a chunk at a time, in bounded memory. Reads the run and
review stages; nothing imports it but the UI and the command line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judgedesk.core import lazy_face

# The stage's public names. Each is imported on first use (``lazy_face`` reads this
# block), so a command loads only the modules it uses.
if TYPE_CHECKING:
    from judgedesk.core.report.arena import ArenaFigures as ArenaFigures
    from judgedesk.core.report.build import build_report as build_report
    from judgedesk.core.report.build import default_category as default_category
    from judgedesk.core.report.build import project_report as project_report
    from judgedesk.core.report.build import reads_dataset as reads_dataset
    from judgedesk.core.report.calibration import Calibration as Calibration
    from judgedesk.core.report.calibration import JudgeCalibration as JudgeCalibration
    from judgedesk.core.report.calibration import JudgeOutcome as JudgeOutcome
    from judgedesk.core.report.calibration import PartFigures as PartFigures
    from judgedesk.core.report.calibration import RunUsage as RunUsage
    from judgedesk.core.report.calibration import calibrate as calibrate
    from judgedesk.core.report.calibration import judge_outcome as judge_outcome
    from judgedesk.core.report.calibration_text import calibration_lines as calibration_lines
    from judgedesk.core.report.candidates import CalibrationPlan as CalibrationPlan
    from judgedesk.core.report.candidates import CandidateNews as CandidateNews
    from judgedesk.core.report.candidates import CandidateRuns as CandidateRuns
    from judgedesk.core.report.candidates import candidate_names as candidate_names
    from judgedesk.core.report.candidates import plan_calibration as plan_calibration
    from judgedesk.core.report.candidates import run_candidates as run_candidates
    from judgedesk.core.report.candidates import trial_project as trial_project
    from judgedesk.core.report.compare import RowChange as RowChange
    from judgedesk.core.report.compare import RunComparison as RunComparison
    from judgedesk.core.report.compare import write_json as write_json
    from judgedesk.core.report.confidence import ConfidenceBin as ConfidenceBin
    from judgedesk.core.report.confidence import (
        ConfidenceCalibration as ConfidenceCalibration,
    )
    from judgedesk.core.report.confidence import confidence_calibration as confidence_calibration
    from judgedesk.core.report.contents import Report as Report
    from judgedesk.core.report.corrected import CorrectedMean as CorrectedMean
    from judgedesk.core.report.corrected import LabelSpread as LabelSpread
    from judgedesk.core.report.corrected import corrected_mean as corrected_mean
    from judgedesk.core.report.corrected import stratified_mean as stratified_mean
    from judgedesk.core.report.exports import FORMATS as FORMATS
    from judgedesk.core.report.exports import write_export as write_export
    from judgedesk.core.report.figures import Estimate as Estimate
    from judgedesk.core.report.figures import Summary as Summary
    from judgedesk.core.report.groups import NO_VALUE as NO_VALUE
    from judgedesk.core.report.groups import OTHER as OTHER
    from judgedesk.core.report.groups import Group as Group
    from judgedesk.core.report.groups import category_reader as category_reader
    from judgedesk.core.report.groups import report_category as report_category
    from judgedesk.core.report.history import RowMove as RowMove
    from judgedesk.core.report.history import VersionFigures as VersionFigures
    from judgedesk.core.report.history import best_versions as best_versions
    from judgedesk.core.report.history import has_history as has_history
    from judgedesk.core.report.history import judge_history as judge_history
    from judgedesk.core.report.history import moved_rows as moved_rows
    from judgedesk.core.report.judges import JudgeCounts as JudgeCounts
    from judgedesk.core.report.leaderboard import Battle as Battle
    from judgedesk.core.report.leaderboard import Leaderboard as Leaderboard
    from judgedesk.core.report.leaderboard import ModelScore as ModelScore
    from judgedesk.core.report.leaderboard import PairBattles as PairBattles
    from judgedesk.core.report.leaderboard import build_leaderboard as build_leaderboard
    from judgedesk.core.report.pairwise import PairwiseFigures as PairwiseFigures
    from judgedesk.core.report.pairwise import Rate as Rate
    from judgedesk.core.report.revision import Revision as Revision
    from judgedesk.core.report.revision import add_revision as add_revision
    from judgedesk.core.report.revision import suggest_revision as suggest_revision
    from judgedesk.core.report.revision import tuning_disagreements as tuning_disagreements
    from judgedesk.core.report.revision_ask import Disagreement as Disagreement
    from judgedesk.core.report.revision_ask import read_revision as read_revision
    from judgedesk.core.report.revision_ask import revision_prompt as revision_prompt
    from judgedesk.core.report.sample_figures import CorrectedFigure as CorrectedFigure
    from judgedesk.core.report.sample_figures import SampleCorrection as SampleCorrection
    from judgedesk.core.report.text_report import format_report as format_report
    from judgedesk.core.report.worker import ReportPage as ReportPage
    from judgedesk.core.report.worker import ReportWorker as ReportWorker

__getattr__, __all__ = lazy_face(__name__, __file__)
