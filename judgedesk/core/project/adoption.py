"""Adopting a calibrated judge: the chosen candidate stays enabled, the others are
disabled (never deleted), so the project judges with the chosen one from now on."""

from __future__ import annotations

import copy
from collections.abc import Sequence

from judgedesk.core.errors import ProjectError
from judgedesk.core.judge import JudgeSettings
from judgedesk.core.project.settings import Project

__all__ = ["adopt_judge", "adopted_judges"]


def adopted_judges(
    judges: Sequence[JudgeSettings], candidates: Sequence[str], chosen: str
) -> list[JudgeSettings]:
    """Copies of ``judges`` with ``chosen`` enabled and the other candidates disabled;
    judges that were not candidates keep their state.

    Raises:
        ProjectError: ``chosen`` is not among the candidates or the judges.
    """
    names = [j.name for j in judges]
    if chosen not in candidates or chosen not in names:
        raise ProjectError(
            f"'{chosen}' is not among the candidates ({', '.join(candidates)}): "
            "choose one of them to adopt."
        )
    adopted = copy.deepcopy(list(judges))
    for judge in adopted:
        if judge.name == chosen:
            judge.enabled = True
        elif judge.name in candidates:
            judge.enabled = False
    return adopted


def adopt_judge(project: Project, candidates: Sequence[str], chosen: str) -> None:
    """Adopt ``chosen`` in ``project`` and save it (see :func:`adopted_judges`)."""
    project.judges[:] = adopted_judges(project.judges, candidates, chosen)
    project.save()
