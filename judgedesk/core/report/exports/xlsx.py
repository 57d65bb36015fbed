"""An Excel workbook: a summary sheet, every row with judge and person side by side, and
people's agreement and the judges' history when there are some."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import IO, Any

from judgedesk.core.report.arena import LEADERBOARD_HEADS, leaderboard_note, leaderboard_table
from judgedesk.core.report.build import Estimate, Report
from judgedesk.core.report.exports.tables import (
    PEOPLE_HEADS,
    consensus_note,
    flat_row,
    history_table,
    people_table,
)
from judgedesk.core.report.exports.xlsx_file import (
    DISAGREE,
    HEADER,
    ILLEGAL,
    MAX_CELL_CHARS,
    PLAIN,
    STALE,
    Sheet,
    write_workbook,
)
from judgedesk.core.report.history import has_history
from judgedesk.core.report.sample_figures import TITLES
from judgedesk.core.report.text import percent
from judgedesk.core.review import Figure

DISAGREE_FILL = "FFF4C7CE"
STALE_FILL = "FFFFF2CC"
HEADER_FILL = "FFE8EDF3"

_AGREEMENT_HEADS = (
    "Exact",
    "n",
    "Kappa",
    "n",
    "Kappa linear",
    "n",
    "Kappa quadratic",
    "n",
    "Spearman",
    "n",
    "Mean abs. difference",
    "n",
)


def cell_value(value: Any) -> Any:
    """A value Excel can hold: numbers and true/false as they are, text cut to the cell
    limit with control characters removed, objects as JSON."""
    if value is None or isinstance(value, bool | int | float):
        return value
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    text = ILLEGAL.sub("", text)
    return text if len(text) <= MAX_CELL_CHARS else text[: MAX_CELL_CHARS - 1] + "…"


def write_xlsx(
    handle: IO[bytes],
    report: Report,
    records: Iterable[dict[str, Any]],
    columns: list[str],
) -> int:
    """The workbook: "Summary" (figures, agreement, categories) and "Rows" (the table of
    :func:`~judgedesk.core.report.exports.tables.flat_columns`, the same as the CSV's);
    rows where the person and the judge disagree are shaded, and a review made before
    the verdict changed is marked. "People" (agreement among reviewers and the judge's
    with them) and "History" (each judge version against people) when there are some.
    Returns the rows written (the header not counted)."""
    human = columns.index("human")

    def rows() -> Iterator[tuple[list[Any], int, dict[int, int] | None]]:
        yield [cell_value(c) for c in columns], HEADER, None
        for record in records:
            cells = flat_row(record)
            values = [cells.get(c) for c in columns]
            if (record.get("disagreement") or 0) > 0:
                yield values, DISAGREE, None
            elif record.get("review_stale"):
                yield values, PLAIN, {human: STALE}
            else:
                yield values, PLAIN, None

    sheets = [
        Sheet("Summary", _styled(_summary_rows(report)), widths={1: 34}),
        Sheet("Rows", rows(), freeze="C2"),
    ]
    if report.people is not None:
        sheets.append(Sheet("People", _styled(_people_rows(report)), widths={1: 40}))
    if report.leaderboard is not None:
        sheets.append(Sheet("Leaderboard", _styled(_leaderboard_rows(report)), widths={2: 20}))
    if has_history(report.history):
        heads, lines = history_table(report.history)
        sheets.append(Sheet("History", _styled([[f"#{heads[0]}", *heads[1:]], *lines]), "C2"))
    counts = write_workbook(handle, sheets, (HEADER_FILL, DISAGREE_FILL, STALE_FILL))
    return counts[1] - 1


def _styled(lines: list[list[Any]]) -> Iterator[tuple[list[Any], int, dict[int, int] | None]]:
    """Sheet rows from lines; a line whose first cell starts with "#" is a header."""
    for line in lines:
        if line and isinstance(line[0], str) and line[0].startswith("#"):
            yield [cell_value(v) for v in [line[0][1:], *line[1:]]], HEADER, None
        else:
            yield [cell_value(v) for v in line], PLAIN, None


def _leaderboard_rows(report: Report) -> list[list[Any]]:
    figures = report.leaderboard
    if figures is None:
        return []
    heads = [f"#{LEADERBOARD_HEADS[0]}", *LEADERBOARD_HEADS[1:]]
    lines: list[list[Any]] = [[leaderboard_note(figures)], heads, *leaderboard_table(figures)]
    for name in figures.categories:
        lines += [[], [f"#{name}"], heads, *leaderboard_table(figures, name)]
    return lines


def _people_rows(report: Report) -> list[list[Any]]:
    people = report.people
    if people is None:
        return []
    lines: list[list[Any]] = [["#People and the judge"], [people.sentence()]]
    ceiling = people.ceiling
    if ceiling is not None:
        low, high = ceiling.interval
        lines += [
            [],
            ["#Krippendorff's alpha", "Level", "Value", "95% CI low", "95% CI high", "Rows"],
            [
                ", ".join(ceiling.raters),
                ceiling.level,
                ceiling.alpha.value,
                low,
                high,
                ceiling.rows,
            ],
        ]
    lines += [[], [f"#{PEOPLE_HEADS[0]}", *PEOPLE_HEADS[1:]], *people_table(people)]
    if ceiling is not None:
        lines += [[], [consensus_note(people)]]
    return lines


def _estimate(estimate: Estimate | None) -> list[Any]:
    if estimate is None:
        return [None, None, None, 0]
    return [estimate.value, estimate.low, estimate.high, estimate.n]


def _figure(figure: Figure) -> list[Any]:
    return [figure.value, figure.n]


def _summary_rows(report: Report) -> list[list[Any]]:
    summary = report.summary
    what = f"run {report.run_id}" if report.run_id is not None else "latest result of each row"
    lines: list[list[Any]] = [
        ["#Project", report.project],
        ["Results", what],
        ["Rows with a result", summary.rows],
        ["ok", summary.counts["ok"]],
        ["errors", summary.counts["error"]],
        ["unparsed", summary.counts["unparsed"]],
        *(
            [["Dataset lines left out", report.unreadable.count, report.unreadable.sentence()]]
            if report.unreadable is not None
            else []
        ),
        [],
        ["#Figure", "Value", "95% CI low", "95% CI high", "Rows"],
    ]
    if summary.accuracy is not None:
        lines.append(["Accuracy", *_estimate(summary.accuracy)])
    if summary.mean is not None:
        lines.append(["Mean score", *_estimate(summary.mean)])
    if summary.win_rate is not None:
        lines.append(["Win rate", *_estimate(summary.win_rate)])
        lines.append(["Tie rate", summary.tie_rate])
        lines.append(["Loss rate", summary.loss_rate])
    if report.correction is not None:
        correction = report.correction
        for corrected in [*correction.figures, *correction.by_category]:
            title = f"{TITLES[corrected.figure]}, corrected by the random sample"
            if corrected.category is not None:
                title = f"{corrected.category}: {title}"
            found = corrected.corrected
            if found is None:
                lines.append([title, f"review {corrected.reviews_needed} more sample rows"])
            else:
                lines.append([title, found.estimate, found.ci_low, found.ci_high, found.n_labelled])
    for group in report.dimensions:
        lines.append([f"Dimension: {group.name}", *_estimate(group.summary.mean)])
    review = report.review
    lines += [
        [],
        ["#Review", "Rows"],
        ["Reviewed by hand", review.reviewed],
        ["Human label from the dataset only", review.from_dataset],
        ["Human label decided where reviewers disagreed", review.decided],
        ["Human label combining several reviewers'", review.combined],
        ["Disagreements", review.disagreed],
        ["Flagged", review.flagged],
        ["Stale reviews", review.stale],
        [],
        ["#Agreement", "Kind", "Rows", *_AGREEMENT_HEADS],
    ]
    for figures in report.agreement:
        line: list[Any] = [f"{figures.first} vs {figures.second}", figures.kind, figures.n]
        for figure in (
            figures.exact,
            figures.kappa,
            figures.kappa_linear,
            figures.kappa_quadratic,
            figures.spearman,
            figures.mean_abs_diff,
        ):
            line += _figure(figure)
        lines.append(line)
    if report.agreement and report.agreement[0].confusion.n:
        matrix = report.agreement[0].confusion
        labels = [report.scale.name_of(v) or str(v) for v in matrix.labels]
        lines += [[], ["#Person (rows) vs judge (columns)", *labels]]
        lines += [[label, *row] for label, row in zip(labels, matrix.counts, strict=True)]
    if report.categories:
        lines += [[], [f"#By {report.category_field}", "Rows", "Figure", "Value", "Low", "High"]]
        for group in report.categories:
            s = group.summary
            name, estimate = (
                ("accuracy", s.accuracy) if s.accuracy is not None else ("mean", s.mean)
            )
            lines.append([group.name, s.rows, name, *_estimate(estimate)[:3]])
    if report.comparison is not None:
        c = report.comparison
        lines += [
            [],
            [f"#Run {c.first} vs run {c.second}", "Rows"],
            ["Rows in both", c.rows],
            ["Judged differently", len(c.changed)],
            ["Exact agreement", percent(c.agreement.exact.value)],
        ]
    return lines
