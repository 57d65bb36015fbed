"""Review: people's verdicts beside the judge's, and how far they agree.

A review session over a run's results (queue, filters, sorts, undoable verdicts, on a
thread of its own for the window), the scale a person judges on and labels a dataset
already carries, and the agreement statistics (exact agreement, Cohen's kappa, weighted
kappa, correlation, confusion matrix). Reads the run stage; never imports report.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judgedesk.core import lazy_face

# The stage's public names. Each is imported on first use (``lazy_face`` reads this
# block), so a command loads only the modules it uses.
if TYPE_CHECKING:
    from judgedesk.core.review.calibration_split import MIN_PART as MIN_PART
    from judgedesk.core.review.calibration_split import CalibrationSplit as CalibrationSplit
    from judgedesk.core.review.calibration_split import Labelled as Labelled
    from judgedesk.core.review.calibration_split import labelled_rows as labelled_rows
    from judgedesk.core.review.calibration_split import part_of as part_of
    from judgedesk.core.review.calibration_split import project_split as project_split
    from judgedesk.core.review.calibration_split import split_rows as split_rows
    from judgedesk.core.review.comparisons import JudgeValues as JudgeValues
    from judgedesk.core.review.comparisons import person_agreement as person_agreement
    from judgedesk.core.review.examples import ExamplePool as ExamplePool
    from judgedesk.core.review.examples import ReviewExamples as ReviewExamples
    from judgedesk.core.review.figure import NOT_APPLICABLE as NOT_APPLICABLE
    from judgedesk.core.review.figure import Figure as Figure
    from judgedesk.core.review.figure import is_number as is_number
    from judgedesk.core.review.human import ReviewScale as ReviewScale
    from judgedesk.core.review.human import dataset_labels as dataset_labels
    from judgedesk.core.review.human import describe_column as describe_column
    from judgedesk.core.review.human import read_labels as read_labels
    from judgedesk.core.review.human import scale_for as scale_for
    from judgedesk.core.review.items import JudgeVerdict as JudgeVerdict
    from judgedesk.core.review.items import ReviewFilter as ReviewFilter
    from judgedesk.core.review.items import ReviewItem as ReviewItem
    from judgedesk.core.review.items import ReviewProgress as ReviewProgress
    from judgedesk.core.review.items import judge_verdicts as judge_verdicts
    from judgedesk.core.review.items import progress_of as progress_of
    from judgedesk.core.review.items import said_about as said_about
    from judgedesk.core.review.items import same_value as same_value
    from judgedesk.core.review.labels import MEANINGS as MEANINGS
    from judgedesk.core.review.labels import LabelReading as LabelReading
    from judgedesk.core.review.least_sure import least_sure_rows as least_sure_rows
    from judgedesk.core.review.least_sure import project_confidences as project_confidences
    from judgedesk.core.review.least_sure import row_confidences as row_confidences
    from judgedesk.core.review.pack import PACK_SUFFIX as PACK_SUFFIX
    from judgedesk.core.review.pack import PackPlan as PackPlan
    from judgedesk.core.review.pack import PackRow as PackRow
    from judgedesk.core.review.pack import ReviewPack as ReviewPack
    from judgedesk.core.review.pack import import_pack as import_pack
    from judgedesk.core.review.pack import load_pack as load_pack
    from judgedesk.core.review.pack import plan_packs as plan_packs
    from judgedesk.core.review.pack import save_pack as save_pack
    from judgedesk.core.review.pack import write_packs as write_packs
    from judgedesk.core.review.pack_session import PackSession as PackSession
    from judgedesk.core.review.people_verdict import consensus as consensus
    from judgedesk.core.review.people_verdict import consensus_rows as consensus_rows
    from judgedesk.core.review.random_sample import RandomSample as RandomSample
    from judgedesk.core.review.random_sample import Stratum as Stratum
    from judgedesk.core.review.random_sample import draw_sample as draw_sample
    from judgedesk.core.review.random_sample import load_sample as load_sample
    from judgedesk.core.review.reliability import Ceiling as Ceiling
    from judgedesk.core.review.reliability import PairAgreement as PairAgreement
    from judgedesk.core.review.reliability import human_ceiling as human_ceiling
    from judgedesk.core.review.reliability import krippendorff_alpha as krippendorff_alpha
    from judgedesk.core.review.reliability import level_for as level_for
    from judgedesk.core.review.reliability import pair_agreement as pair_agreement
    from judgedesk.core.review.resample import chances as chances
    from judgedesk.core.review.resample import multinomial as multinomial
    from judgedesk.core.review.session import ReviewSession as ReviewSession
    from judgedesk.core.review.session import disagreeing_rows as disagreeing_rows
    from judgedesk.core.review.snapshot import ReviewSnapshot as ReviewSnapshot
    from judgedesk.core.review.snapshot import bare_items as bare_items
    from judgedesk.core.review.snapshot import read_snapshot as read_snapshot
    from judgedesk.core.review.snapshot import reviews_by_row as reviews_by_row
    from judgedesk.core.review.snapshot import snapshot_items as snapshot_items
    from judgedesk.core.review.standing import Standing as Standing
    from judgedesk.core.review.standing import read_standing as read_standing
    from judgedesk.core.review.team import ME as ME
    from judgedesk.core.review.team import PeopleFigures as PeopleFigures
    from judgedesk.core.review.team import import_labels as import_labels
    from judgedesk.core.review.team import people_figures as people_figures
    from judgedesk.core.review.team import scale_level as scale_level
    from judgedesk.core.review.two_raters import AgreementFigures as AgreementFigures
    from judgedesk.core.review.two_raters import Confusion as Confusion
    from judgedesk.core.review.two_raters import Side as Side
    from judgedesk.core.review.two_raters import agreement as agreement
    from judgedesk.core.review.two_raters import kappa_from_table as kappa_from_table
    from judgedesk.core.review.two_raters import verdict_kind as verdict_kind
    from judgedesk.core.review.worker import ReviewChange as ReviewChange
    from judgedesk.core.review.worker import ReviewFigures as ReviewFigures
    from judgedesk.core.review.worker import ReviewLoad as ReviewLoad
    from judgedesk.core.review.worker import ReviewWorker as ReviewWorker

__getattr__, __all__ = lazy_face(__name__, __file__)
