"""The rows the judge was least sure of: where a person's review is worth the most.

A judge reading its verdicts' probabilities gives each verdict a confidence (see
``run.row_confidence``); with few reviews to spend, the rows with the lowest are the ones
to send to people first, in the Review pane's queue or in review packs.
"""

from __future__ import annotations

from collections.abc import Mapping

from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.project import Project
from judgedesk.core.run import ResultRecord, Store, row_confidence


def row_confidences(results: Mapping[int, ResultRecord]) -> dict[int, float]:
    """Each judged row's confidence, for rows whose verdict was read with one."""
    found: dict[int, float] = {}
    for index, result in results.items():
        if result.status != "ok":
            continue
        confidence = row_confidence(result.detail)
        if confidence is not None:
            found[index] = confidence
    return found


def project_confidences(project: Project) -> dict[int, float]:
    """The confidence of each row's latest verdict (blocking: reads the results file);
    empty when the project has not been run."""
    if not project.store_path.is_file():
        return {}
    with Store(project.store_path, readonly=True) as store:
        return row_confidences(store.latest_results())


def least_sure_rows(confidences: Mapping[int, float], count: int) -> list[int]:
    """The ``count`` rows of lowest confidence (fewer when fewer have one), in row order;
    among equal confidences the earlier row goes first.

    Raises:
        JudgeDeskError: no row has a confidence, or ``count`` is below 1.
    """
    if count < 1:
        raise JudgeDeskError(
            f"Say how many of the least sure rows to take: 1 or more, not {count}."
        )
    if not confidences:
        raise JudgeDeskError(
            'No verdict has a confidence: turn on "Keep the verdict\'s probabilities" for '
            "a judge (Judges pane, or probabilities = true) and run the project again."
        )
    ranked = sorted(confidences, key=lambda row: (confidences[row], row))
    return sorted(ranked[:count])
