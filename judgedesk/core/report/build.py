"""The report of a project's results: summary, distribution, breakdowns, agreement.

The figures themselves are in :mod:`judgedesk.core.report.figures` (means and rates with
bootstrap intervals) and :mod:`judgedesk.core.review.two_raters`; two runs are compared by
:mod:`judgedesk.core.report.compare`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import TypeVar

from judgedesk.core.dataset import (
    REVIEWER_PREFIX,
    Dataset,
    UnreadableLines,
    clean_mapping,
    suggest_mapping,
)
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.project import Project
from judgedesk.core.report.arena import ArenaFigures, arena_figures, category_of
from judgedesk.core.report.cache import ReportCache, collecting_after, report_results
from judgedesk.core.report.compare import (
    RowChange,
    RunComparison,
    check_runs,
    compare_outcomes,
    compare_runs,
)
from judgedesk.core.report.confidence import confidence_calibration
from judgedesk.core.report.contents import Report
from judgedesk.core.report.figures import Bin, Estimate, Summary, distribution, summarize
from judgedesk.core.report.groups import (
    NO_VALUE,
    OTHER,
    Group,
    by_category,
    category_reader,
    dimensions,
    named_categories,
    read_categories,
)
from judgedesk.core.report.judges import JudgeCounts, judge_counts
from judgedesk.core.report.pairwise import has_pairs
from judgedesk.core.report.people import (
    People,
    add_people_figures,
    judges_alpha,
    people_figures_of,
    read_people,
)
from judgedesk.core.report.sample_figures import correct_figures
from judgedesk.core.report.stream import large_span, stream_report
from judgedesk.core.review import (
    JudgeValues,
    LabelReading,
    RandomSample,
    ReviewScale,
    ReviewSession,
    bare_items,
    load_sample,
    person_agreement,
    progress_of,
    read_labels,
    read_snapshot,
    said_about,
    scale_for,
)
from judgedesk.core.run import ResultRecord, RunRecord, Store, outcomes

__all__ = [
    "NO_VALUE",
    "OTHER",
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
    "reads_dataset",
]

_T = TypeVar("_T")


def build_report(
    session: ReviewSession,
    *,
    category: str | None = None,
    project_name: str = "",
    seed: int = 0,
    cache: ReportCache | None = None,
    people: People | None = None,
    results: Mapping[int, ResultRecord] | None = None,
    known: Sequence[str] = (),
    sample: RandomSample | None = None,
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
        cache: rows' categories read for an earlier report, and what was computed from
            ``results`` alone, when they came from it (see :class:`ReportCache`).
        people: every reviewer's verdicts, when already read (see :func:`read_people`).
        results: the session's results as read (row index → result).
        known: each row's category, as far as read already (see :func:`project_report`).
        sample: the project's random sample, to correct the headline figures by
            people's verdicts on it (see :mod:`~judgedesk.core.report.sample_figures`).
    """
    kept = _kept(cache, results)
    everything = session.items()
    items = [i for i in everything if i.result is not None]
    said = said_about(everything)  # the rows any figure of people reads
    judges = JudgeValues()
    judges.add(items)
    scale = session.scale
    statuses = [(i.status, i.judge_value) for i in items]
    ok_values = [i.judge_value for i in items if i.judge_value is not None]
    dataset = session.dataset
    if category is None and dataset is not None and "category" in dataset.mapping:
        category = "category"
    categories: list[Group] = []
    found: dict[int, str] = {}
    if category:
        if dataset is None:
            raise JudgeDeskError(
                f"Results cannot be broken down by '{category}' without the dataset: "
                "check that the project's dataset file is where the project says."
            )
        found = cache.categories(dataset, category) if cache is not None else {}
        if known and not found:
            found.update(enumerate(known))
        categories = by_category(items, dataset, category, scale, seed, found)
    human = None
    if dataset is not None:  # read again for what could not be read, and why
        human = read_labels(dataset, session.rows(), scale)[1]
    project = session.project
    order = [j.name for j in project.judges if j.enabled] if project is not None else []
    summary = summarize(statuses, scale, seed=seed)
    correction = None
    if sample is not None:
        strata = None
        if sample.by and dataset is not None:
            strata = found if sample.by == category else {}
            unread = [i.row_index for i in items if i.row_index not in strata]
            read_categories(dataset, unread, sample.by, strata)
        correction = correct_figures(
            sample,
            ((i.row_index, i.status, i.judge_value) for i in items),
            {i.row_index: i.human_value for i in everything},
            summary.kind,
            scale,
            strata=strata,
            categories=named_categories(found, categories) if categories else None,
        )
    return Report(
        project=project_name,
        run_id=session.run_id,
        scale=scale,
        summary=summary,
        distribution=distribution(ok_values, scale),
        dimensions=dimensions(items, seed),
        category_field=category or None,
        categories=categories,
        agreement=person_agreement(said, scale, judges.agreement()),
        review=progress_of(said, len(session)),
        human_labels=human,
        judges=kept(
            ("judges", *order),
            lambda: judge_counts((i.result for i in items if i.result is not None), order),
        ),
        people=people_figures_of(session, items, seed, people),
        judges_alpha=kept(("alpha", scale, seed), lambda: judges_alpha(items, scale, seed)),
        correction=correction,
        confidence_calibration=confidence_calibration(said),
    )


def _kept(
    cache: ReportCache | None, results: Mapping[int, ResultRecord] | None
) -> Callable[[Hashable, Callable[[], _T]], _T]:
    """What computes a figure of ``results`` alone: taken from ``cache`` when kept there."""
    if cache is None or results is None:
        return lambda key, make: make()
    return lambda key, make: cache.derived(results, key, make)


def project_report(
    project: Project,
    dataset: Dataset | None = None,
    *,
    run_id: int | None = None,
    category: str | None = None,
    compare: tuple[int, int] | None = None,
    seed: int = 0,
    history: bool = False,
    cache: ReportCache | None = None,
    streamed: bool | None = None,
    categories: Sequence[str] = (),
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
        cache: what an earlier report read that still holds is taken from it, and what
            is read is kept in it (see :class:`ReportCache`).
        streamed: read the results a chunk at a time, keeping no object per row (True),
            or all at once (False); by default past :data:`~.stream.LARGE_ROWS` rows
            (:data:`~.stream.ONCE_ROWS` without a ``cache``).
        categories: the category of each row from the first, as far as already read
            from ``dataset`` (by :func:`~.groups.category_reader`, as it was indexed).

    Raises:
        JudgeDeskError: the project has not been run, or a run does not exist.
    """
    if not project.store_path.is_file():
        raise JudgeDeskError(
            f"{project.name or 'This project'} has not been run yet, so there is nothing to "
            "report. Run it first."
        )
    with Store(project.store_path) as store, collecting_after():
        if run_id is not None:
            check_runs(store, [run_id])
        if cache is not None:  # what the cache kept is checked against the runs as now
            cache.begin(store)
        span = large_span(store, run_id, streamed, once=cache is None)
        breakdown = (category, categories)
        sample = load_sample(project)
        if span is not None:
            report = stream_report(
                store,
                project,
                dataset,
                run_id,
                breakdown,
                seed,
                span,
                history=history,
                read_verdicts=cache.step_verdicts if cache is not None else None,
                sample=sample,
            )
        else:
            report = _report_at_once(
                store,
                project,
                dataset,
                run_id,
                breakdown,
                seed,
                cache,
                history=history,
                sample=sample,
            )
        if project.arena.active:
            field = report.category_field
            report.leaderboard = project_leaderboard(store, project, dataset, run_id, field, seed)
        if compare is not None:
            report.comparison = _comparison(store, *compare, report.scale, seed, cache)
        report.unreadable = left_out(store, run_id)
    return report


def project_leaderboard(
    store: Store,
    project: Project,
    dataset: Dataset | None,
    run_id: int | None = None,
    field: str | None = None,
    seed: int = 0,
) -> ArenaFigures:
    """The leaderboard of the battles of a run's rows (each row's latest result for
    None), per category of ``field`` too (reading the dataset)."""
    read = category_reader(dataset.mapping, field) if dataset is not None and field else None
    return arena_figures(
        project,
        report_results(store, run_id).values(),
        category=category_of(dataset, read),
        seed=seed,
    )


def left_out(store: Store, run_id: int | None = None) -> UnreadableLines | None:
    """The dataset's lines run ``run_id`` (by default the latest run) could not read."""
    runs = store.runs()
    if run_id is not None:
        runs = [r for r in runs if r.id == run_id]
    else:  # a calibration run read only the labelled rows: the latest is another
        runs = [r for r in runs if not r.purpose]
    return runs[-1].unreadable if runs else None


def _report_at_once(
    store: Store,
    project: Project,
    dataset: Dataset | None,
    run_id: int | None,
    breakdown: tuple[str | None, Sequence[str]],
    seed: int,
    cache: ReportCache | None,
    *,
    history: bool,
    sample: RandomSample | None = None,
) -> Report:
    """The report of every row read at once (see :func:`project_report`)."""
    results = cache.results(store, run_id) if cache is not None else report_results(store, run_id)
    bare = _kept(cache, results)("items", lambda: bare_items(results))
    snapshot = read_snapshot(store, dataset, project, run_id, None, results, bare)
    session = ReviewSession(
        store, dataset, project=project, run_id=run_id, reviewer=None, snapshot=snapshot
    )
    reviewers = read_people(session, snapshot.reviews)
    report = build_report(
        session,
        category=breakdown[0],
        project_name=project.name,
        seed=seed,
        cache=cache,
        people=reviewers,
        results=results,
        known=breakdown[1],
        sample=sample,
    )
    pairs = _kept(cache, results)("pairs", lambda: has_pairs(results.values()))
    return add_people_figures(
        report,
        store,
        session,
        reviewers,
        pairs=results.values() if pairs else None,
        seed=seed,
        history=history,
        read_verdicts=cache.step_verdicts if cache is not None else None,
    )


def _comparison(
    store: Store,
    first: int,
    second: int,
    scale: ReviewScale,
    seed: int,
    cache: ReportCache | None,
) -> RunComparison:
    if cache is None:
        return compare_runs(store, first, second, scale, seed=seed)
    check_runs(store, [first, second])
    before, after = cache.outcomes(store, first), cache.outcomes(store, second)
    return compare_outcomes(first, second, before, after, scale, seed=seed)


def default_category(dataset: Dataset) -> str | None:
    """The field results are broken down by unless a person picks another.

    The column mapped to the ``category`` role, else a column named like one
    (``category``, ``type``, ``task``, ``domain``), else None.
    """
    if "category" in dataset.mapping:
        return dataset.mapping["category"]
    return suggest_mapping(dataset.fields()).get("category")


def reads_dataset(project: Project, category: str | None = None) -> bool:
    """Whether the report of ``project`` (broken down by ``category``) reads its dataset:
    for a breakdown, or for people's labels in a column of it. Without, it is the same
    report with or without the dataset."""
    roles = clean_mapping(project.dataset.fields or None)
    return bool(category) or any(
        role in ("category", "human") or role.startswith(REVIEWER_PREFIX) for role in roles
    )


def project_runs(project: Project) -> list[RunRecord]:
    """The project's runs, oldest first; none when it has not been run (blocking)."""
    if not project.store_path.is_file():
        return []
    with Store(project.store_path, readonly=True) as store:
        return store.runs()


def project_comparison(
    project: Project,
    first: int,
    second: int,
    *,
    seed: int = 0,
    cache: ReportCache | None = None,
) -> tuple[RunComparison, ReviewScale]:
    """Two runs of a project compared (blocking), with the scale their verdicts are on.

    ``cache``: the runs' rows, and the comparison, kept from an earlier one (see
    :class:`ReportCache`).

    Raises:
        JudgeDeskError: the project has not been run, or a run does not exist.
    """
    if not project.store_path.is_file():
        raise JudgeDeskError(
            f"{project.name or 'This project'} has not been run yet: there are no runs to compare."
        )
    with Store(project.store_path, readonly=True) as store, collecting_after():
        check_runs(store, [first, second])
        if cache is not None:
            cache.begin(store)
            before, after = cache.outcomes(store, first), cache.outcomes(store, second)
        else:
            before = store.read(lambda db: outcomes(db, first))
            after = store.read(lambda db: outcomes(db, second))
        values = [
            value
            for side in (before, after)
            for _, status, value in side.values()
            if status == "ok"
        ]
        scale = scale_for(project, values)
        if cache is None:
            return compare_outcomes(first, second, before, after, scale, seed=seed), scale
        compared = cache.comparison(
            store,
            (first, second),
            (scale, seed),
            lambda: compare_outcomes(first, second, before, after, scale, seed=seed),
        )
        return compared, scale
