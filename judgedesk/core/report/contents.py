"""What a report holds, however it was read: at once or a chunk of rows at a time."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from judgedesk.core.dataset import UnreadableLines
from judgedesk.core.report.arena import ArenaFigures
from judgedesk.core.report.compare import RunComparison
from judgedesk.core.report.confidence import ConfidenceCalibration
from judgedesk.core.report.figures import Bin, Summary
from judgedesk.core.report.groups import Group
from judgedesk.core.report.history import VersionFigures
from judgedesk.core.report.judges import JudgeCounts
from judgedesk.core.report.pairwise import PairwiseFigures
from judgedesk.core.report.sample_figures import SampleCorrection
from judgedesk.core.review import (
    AgreementFigures,
    Ceiling,
    LabelReading,
    PeopleFigures,
    ReviewProgress,
    ReviewScale,
)

__all__ = ["Report"]


@dataclass
class Report:
    """Everything the Report pane, ``judgedesk report`` and the exports show.

    :func:`~judgedesk.core.report.build.build_report` makes it from rows read at once,
    :func:`~judgedesk.core.report.stream.stream_report` from a large run read a chunk at
    a time; the figures are the same.
    """

    project: str
    run_id: int | None
    scale: ReviewScale
    summary: Summary
    distribution: list[Bin]
    dimensions: list[Group]
    category_field: str | None
    categories: list[Group]
    agreement: list[AgreementFigures]
    review: ReviewProgress
    comparison: RunComparison | None = None
    pairwise: PairwiseFigures | None = None
    human_labels: LabelReading | None = None
    judges: list[JudgeCounts] = field(default_factory=list)
    people: PeopleFigures | None = None
    history: list[VersionFigures] = field(default_factory=list)
    judges_alpha: Ceiling | None = None
    """Agreement among the judges (Krippendorff's α), when two or more give verdicts of
    one kind."""
    unreadable: UnreadableLines | None = None
    """The dataset's lines the reported run (the latest, for each row's latest result)
    could not read, so no row has them; None when it read every line."""
    correction: SampleCorrection | None = None
    """The headline figures corrected by people's verdicts on the project's random
    sample, when one was drawn."""
    leaderboard: ArenaFigures | None = None
    """Several models' answers compared a pair at a time: their leaderboard."""
    confidence_calibration: ConfidenceCalibration | None = None
    """The judges' confidence against agreement with people (a reliability diagram),
    where rows judged with probabilities were reviewed."""
    created: float = field(default_factory=time.time)

    def to_dict(self) -> dict[str, Any]:
        return {
            "project": self.project,
            "run": self.run_id,
            "created": self.created,
            "scale": self.scale.to_dict(),
            "summary": self.summary.to_dict(),
            "distribution": [b.to_dict() for b in self.distribution],
            "dimensions": [d.to_dict() for d in self.dimensions],
            "category_field": self.category_field,
            "categories": [c.to_dict() for c in self.categories],
            "agreement": [a.to_dict() for a in self.agreement],
            "review": self.review.to_dict(),
            "comparison": self.comparison.to_dict() if self.comparison else None,
            "pairwise": self.pairwise.to_dict() if self.pairwise else None,
            "human_labels": self.human_labels.to_dict() if self.human_labels else None,
            "judges": [j.to_dict() for j in self.judges],
            "people": self.people.to_dict() if self.people else None,
            "history": [v.to_dict() for v in self.history],
            "judges_alpha": self.judges_alpha.to_dict() if self.judges_alpha else None,
            "unreadable": self.unreadable.to_dict() if self.unreadable else None,
            "sample": self.correction.to_dict() if self.correction else None,
            "corrected": [f.to_dict() for f in self.correction.figures] if self.correction else [],
            "leaderboard": self.leaderboard.to_dict() if self.leaderboard else None,
            "confidence_calibration": (
                self.confidence_calibration.to_dict() if self.confidence_calibration else None
            ),
            "corrected_by_category": (
                [f.to_dict() for f in self.correction.by_category] if self.correction else []
            ),
        }
