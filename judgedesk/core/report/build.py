"""The report of a project's results: summary, distribution, breakdowns, agreement.

The figures themselves are in :mod:`judgedesk.core.report.figures` (means and rates with
bootstrap intervals) and :mod:`judgedesk.core.review.agreement`; two runs are compared by
:mod:`judgedesk.core.report.compare`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from judgedesk.core.dataset import Dataset
from judgedesk.core.dataset.mapping import MISSING, lookup, suggest_mapping
from judgedesk.core.dataset.rows import derive_data
from judgedesk.core.errors import JudgeDeskError, RowError
from judgedesk.core.project.settings import Project
from judgedesk.core.report.compare import RowChange, RunComparison, check_runs, compare_runs
from judgedesk.core.report.figures import (
    Bin,
    Estimate,
    Summary,
    distribution,
    estimate_mean,
    summarize,
)
from judgedesk.core.report.history import VersionFigures, judge_history
from judgedesk.core.report.judges import JudgeCounts, judge_counts
from judgedesk.core.report.pairwise import PairwiseFigures, pairwise_figures
from judgedesk.core.report.people import judges_alpha, people_figures_of, people_verdicts
from judgedesk.core.review.agreement import (
    NOT_APPLICABLE,
    AgreementFigures,
    Figure,
    agreement,
    is_number,
)
from judgedesk.core.review.human import ReviewScale, read_labels, scale_for
from judgedesk.core.review.labels import LabelReading
from judgedesk.core.review.reliability import Ceiling
from judgedesk.core.review.session import ReviewItem, ReviewProgress, ReviewSession
from judgedesk.core.review.team import PeopleFigures, scale_level
from judgedesk.core.run.store import RunRecord, Store

__all__ = [
    "Bin",
    "Estimate",
    "Group",
    "JudgeCounts",
    "LabelReading",
    "Report",
    "RowChange",
    "RunComparison",
    "Summary",
    "build_report",
    "compare_runs",
    "default_category",
    "project_comparison",
    "project_report",
    "project_runs",
]

MAX_CATEGORIES = 50
NO_VALUE = "(none)"
OTHER = "(other)"


@dataclass(frozen=True)
class Group:
    """The figures of one category, or one dimension of a multi-dimension verdict."""

    name: str
    summary: Summary
    person_agreement: Figure = NOT_APPLICABLE
    labels: list[Bin] = field(default_factory=list)
    """How often each label was given, for labels (empty for other verdicts)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            **self.summary.to_dict(),
            "person_agreement": self.person_agreement.to_dict(),
            "labels": [b.to_dict() for b in self.labels],
        }


@dataclass
class Report:
    """Everything the Report pane, ``judgedesk report`` and the exports show."""

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
        }


def build_report(
    session: ReviewSession,
    *,
    category: str | None = None,
    project_name: str = "",
    seed: int = 0,
) -> Report:
    """The report of a review session's rows (its run, or each row's latest result).

    Args:
        session: the rows, with their reviews and human labels.
        category: the field to break results down by; default the column mapped to the
            ``category`` role, if any. Reading it, and the ``human`` column's labels
            (to say which could not be read), reads the dataset: call this off the GUI
            thread.
        project_name: shown in the report's title.
        seed: the bootstrap's seed.
    """
    items = [i for i in session.items() if i.result is not None]
    scale = session.scale
    results = [(i.status, i.judge_value) for i in items]
    ok_values = [i.judge_value for i in items if i.judge_value is not None]
    dataset = session.dataset
    if category is None and dataset is not None and "category" in dataset.mapping:
        category = "category"
    categories: list[Group] = []
    if category:
        if dataset is None:
            raise JudgeDeskError(
                f"Results cannot be broken down by '{category}' without the dataset: "
                "check that the project's dataset file is where the project says."
            )
        categories = _by_category(items, dataset, category, scale, seed)
    human = None
    if dataset is not None:  # read again for what could not be read, and why
        human = read_labels(dataset, session.rows(), scale)[1]
    project = session.project
    order = [j.name for j in project.judges if j.enabled] if project is not None else []
    return Report(
        project=project_name,
        run_id=session.run_id,
        scale=scale,
        summary=summarize(results, scale, seed=seed),
        distribution=distribution(ok_values, scale),
        dimensions=_dimensions(items, seed),
        category_field=category or None,
        categories=categories,
        agreement=session.agreement(),
        review=session.progress(),
        human_labels=human,
        judges=judge_counts((i.result for i in items if i.result is not None), order),
        people=people_figures_of(session, items, seed),
        judges_alpha=judges_alpha(items, scale, seed),
    )


def _by_category(
    items: list[ReviewItem], dataset: Dataset, name: str, scale: ReviewScale, seed: int
) -> list[Group]:
    groups: dict[str, list[ReviewItem]] = {}
    for item in items:
        groups.setdefault(_category_of(dataset, item.row_index, name), []).append(item)
    ordered = sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    if len(ordered) > MAX_CATEGORIES:
        rest = [item for _, members in ordered[MAX_CATEGORIES - 1 :] for item in members]
        ordered = [*ordered[: MAX_CATEGORIES - 1], (OTHER, rest)]
    return [_group(label, members, scale, seed) for label, members in ordered]


def _group(name: str, members: list[ReviewItem], scale: ReviewScale, seed: int) -> Group:
    summary = summarize([(i.status, i.judge_value) for i in members], scale, seed=seed)
    figures = agreement((i.human_value, i.judge_value) for i in members)
    labels = []
    if summary.kind == "label":
        given = [i.judge_value for i in members if i.status == "ok" and i.judge_value is not None]
        labels = distribution(given, scale)
    return Group(name, summary, figures.exact, labels)


def _category_of(dataset: Dataset, index: int, name: str) -> str:
    if not 0 <= index < len(dataset):
        return NO_VALUE
    try:
        record = dataset.peek(index)[0]
    except RowError:
        return NO_VALUE
    data = derive_data(record, dataset.mapping)
    value = lookup(data, name[5:] if name.startswith("data.") else name)
    if value is MISSING or value is None or value == "":
        return NO_VALUE
    return value if isinstance(value, str) else str(value)


def _dimensions(items: list[ReviewItem], seed: int) -> list[Group]:
    per_judge: dict[str, dict[str, list[float]]] = {}
    for item in items:
        for judge in item.judges:
            for dim, score in judge.dimensions.items():
                if is_number(score):
                    per_judge.setdefault(judge.name, {}).setdefault(dim, []).append(float(score))
    several = len(per_judge) > 1
    last = list(per_judge)[-1] if per_judge else None
    groups = []
    for judge_name, dims in per_judge.items():
        for dim, scores in dims.items():
            name = f"{judge_name}: {dim}" if several else dim
            counts = {"ok": len(scores), "error": 0, "unparsed": 0}
            summary = Summary(len(scores), counts, "score", estimate_mean(scores, seed=seed))
            person = NOT_APPLICABLE
            if judge_name == last:  # people score the dimensions of the final verdict
                pairs = [(i.human_dimensions.get(dim), i.judge_dimensions.get(dim)) for i in items]
                if any(human is not None for human, _ in pairs):
                    person = agreement(pairs, kind="ordinal").exact
            groups.append(Group(name, summary, person))
    return groups


def project_report(
    project: Project,
    dataset: Dataset | None = None,
    *,
    run_id: int | None = None,
    category: str | None = None,
    compare: tuple[int, int] | None = None,
    seed: int = 0,
    history: bool = False,
) -> Report:
    """The report of a project, read from its results file (blocking).

    Args:
        project: the project.
        dataset: its dataset, for human labels, categories and text; optional.
        run_id: report one run instead of each row's latest result.
        category: the field to break results down by (see :func:`build_report`).
        compare: two run ids to compare (see :func:`compare_runs`).
        seed: the bootstrap's seed.
        history: add each judge version's agreement with people (see ``history``).

    Raises:
        JudgeDeskError: the project has not been run, or a run does not exist.
    """
    if not project.store_path.is_file():
        raise JudgeDeskError(
            f"{project.name or 'This project'} has not been run yet, so there is nothing to "
            "report. Run it first."
        )
    with Store(project.store_path) as store:
        if run_id is not None:
            check_runs(store, [run_id])
        session = ReviewSession(store, dataset, project=project, run_id=run_id, reviewer=None)
        report = build_report(session, category=category, project_name=project.name, seed=seed)
        if compare is not None:
            report.comparison = compare_runs(store, *compare, session.scale, seed=seed)
        results = store.results(run_id) if run_id is not None else store.latest_results().values()
        people = {i.row_index: i.human_value for i in session.items()}
        report.pairwise = pairwise_figures(results, seed=seed, people=people)
        if history:
            level = scale_level(session.scale)
            report.history = judge_history(store, people_verdicts(session), level)
    return report


def default_category(dataset: Dataset) -> str | None:
    """The field results are broken down by unless a person picks another.

    The column mapped to the ``category`` role, else a column named like one
    (``category``, ``type``, ``task``, ``domain``), else None.
    """
    if "category" in dataset.mapping:
        return dataset.mapping["category"]
    return suggest_mapping(dataset.fields()).get("category")


def project_runs(project: Project) -> list[RunRecord]:
    """The project's runs, oldest first; none when it has not been run (blocking)."""
    if not project.store_path.is_file():
        return []
    with Store(project.store_path, readonly=True) as store:
        return store.runs()


def project_comparison(
    project: Project, first: int, second: int, *, seed: int = 0
) -> tuple[RunComparison, ReviewScale]:
    """Two runs of a project compared (blocking), with the scale their verdicts are on.

    Raises:
        JudgeDeskError: the project has not been run, or a run does not exist.
    """
    if not project.store_path.is_file():
        raise JudgeDeskError(
            f"{project.name or 'This project'} has not been run yet: there are no runs to compare."
        )
    with Store(project.store_path, readonly=True) as store:
        check_runs(store, [first, second])
        values = [
            r.value for run in (first, second) for r in store.results(run) if r.status == "ok"
        ]
        scale = scale_for(project, values)
        return compare_runs(store, first, second, scale, seed=seed), scale
