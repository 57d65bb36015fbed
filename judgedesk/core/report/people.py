"""People in a report: every reviewer's verdicts, the people's verdict per row, how far
people agree with each other and the judge with them, and the judges with each other."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from judgedesk.core.dataset import reviewer_columns
from judgedesk.core.report.contents import Report
from judgedesk.core.report.history import judge_history
from judgedesk.core.report.pairwise import pairwise_figures
from judgedesk.core.review import (
    ME,
    Ceiling,
    PeopleFigures,
    ReviewItem,
    ReviewScale,
    ReviewSession,
    consensus,
    human_ceiling,
    people_figures,
    read_labels,
    scale_level,
    verdict_kind,
)
from judgedesk.core.run import ResultRecord, Review, StepVerdicts, Store

__all__ = [
    "People",
    "alpha_of",
    "judges_alpha",
    "people_figures_of",
    "people_verdicts",
    "read_people",
]


def judges_alpha(items: list[ReviewItem], scale: ReviewScale, seed: int) -> Ceiling | None:
    """Krippendorff's α across the judges whose verdicts are of one kind (two or more),
    at the level of the review's scale when theirs is the scale's kind."""
    verdicts: dict[str, dict[int, Any]] = {}
    for item in items:
        for judge in item.judges:
            if judge.value is not None:
                verdicts.setdefault(judge.name, {})[item.row_index] = judge.value
    return alpha_of(verdicts, scale, seed)


def alpha_of(verdicts: dict[str, dict[int, Any]], scale: ReviewScale, seed: int) -> Ceiling | None:
    """:func:`judges_alpha` of the judges' verdicts: judge → row → verdict."""
    kinds = {name: verdict_kind(list(given.values())) for name, given in verdicts.items()}
    common = Counter(kind for kind in kinds.values() if kind).most_common(1)
    if not common or common[0][1] < 2:
        return None
    kind = common[0][0]
    chosen = {name: given for name, given in verdicts.items() if kinds[name] == kind}
    level = scale.level if kind != "boolean" else "nominal"
    return human_ceiling(chosen, level, seed=seed)


@dataclass(frozen=True)
class People:
    """What people said, read once for a report.

    Attributes:
        verdicts: every reviewer's verdicts, and the dataset's reviewer columns: name →
            row → verdict.
        brought: some reviews were brought in (a label file, a review pack).
    """

    verdicts: dict[str, dict[int, Any]]
    brought: bool


def read_people(
    session: ReviewSession,
    reviews: Mapping[str, Mapping[int, Review]] | None = None,
    rows: Iterable[int] | None = None,
) -> People:
    """Every reviewer's verdicts (``reviews``: the store's, when already read), and the
    dataset's reviewer columns for ``rows`` (by default the session's), reading the
    dataset: off the GUI thread."""
    if reviews is None:
        reviews = session.store.reviews.everyone()
    found: dict[str, dict[int, Any]] = {}
    for name, given in reviews.items():  # as ReviewTable.verdicts() reads them
        verdicts = {row: r.verdict for row, r in given.items() if r.verdict is not None}
        if verdicts:
            found[name or ME] = verdicts
    dataset = session.dataset
    if dataset is not None:  # columns of the dataset holding a reviewer's labels each
        rows = session.rows() if rows is None else rows
        for name, column in _columns(session).items():
            found.setdefault(name, read_labels(dataset, rows, session.scale, column)[0])
    brought = any(r.source for given in reviews.values() for r in given.values())
    return People(found, brought)


def _columns(session: ReviewSession) -> dict[str, str]:
    """The dataset's reviewer columns: name → column."""
    dataset = session.dataset
    return reviewer_columns(dataset.mapping) if dataset is not None else {}


def people_verdicts(session: ReviewSession, people: People | None = None) -> dict[int, Any]:
    """The people's verdict per row: the adjudicated one, else their consensus when
    several reviewed, else the one person's (or the dataset's). ``people``: what
    :func:`read_people` read, if it was. The session's items may be only the rows that
    anybody said anything about."""
    given = {i.row_index: i.human_value for i in session.items() if i.human_value is not None}
    everyone = (people or read_people(session)).verdicts
    if len(everyone) < 2:
        return given
    level = scale_level(session.scale)
    rows = {row for verdicts in everyone.values() for row in verdicts}
    agreed = {row: consensus([v.get(row) for v in everyone.values()], level) for row in rows}
    given.update({row: value for row, value in agreed.items() if value is not None})
    given.update({i.row_index: i.adjudicated for i in session.items() if i.adjudicated is not None})
    return given


def people_figures_of(
    session: ReviewSession,
    items: list[ReviewItem],
    seed: int,
    people: People | None = None,
    judge: Mapping[int, Any] | None = None,
) -> PeopleFigures | None:
    """People against each other and the judge against them, when two or more people
    gave verdicts (reading the results file: off the GUI thread). ``people``: what
    :func:`read_people` read, if it was; ``judge``: the judge's verdicts on (at least)
    the rows people gave verdicts on, instead of those of ``items``."""
    people = people or read_people(session)
    everyone = people.verdicts
    # One person reviewing here is no team; one reviewer's labels brought in already is.
    if not everyone or (len(everyone) < 2 and not people.brought and not _columns(session)):
        return None
    if judge is None:
        judge = {i.row_index: i.judge_value for i in items if i.judge_value is not None}
    return people_figures({}, everyone, judge, scale_level(session.scale), seed=seed)


def add_people_figures(
    report: Report,
    store: Store,
    session: ReviewSession,
    people: People,
    *,
    pairs: Iterable[ResultRecord] | None,
    seed: int,
    history: bool,
    read_verdicts: Callable[[Store, int], StepVerdicts] | None = None,
) -> Report:
    """The figures a report takes from people's verdicts once its rows are counted:
    pairwise agreement over ``pairs`` (the results, read at once or a chunk at a time;
    None when no row is a pair) and, with ``history``, each judge version's agreement
    with people (each run's verdicts read by ``read_verdicts`` when given)."""
    if pairs is not None:
        given = {i.row_index: i.human_value for i in session.items()}
        report.pairwise = pairwise_figures(pairs, seed=seed, people=given)
    if history:
        verdicts = people_verdicts(session, people)
        report.history = judge_history(store, verdicts, scale_level(session.scale), read_verdicts)
    return report
