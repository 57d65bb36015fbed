"""An Excel workbook: a summary sheet, every row with judge and person side by side, and
people's agreement and the judges' history when there are some."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from typing import IO, Any

from judgedesk.core.messages import Message, Translate, as_is, render, say
from judgedesk.core.report.arena import LEADERBOARD_HEADS, leaderboard_note, leaderboard_table
from judgedesk.core.report.build import Estimate, Report
from judgedesk.core.report.exports.html_review import HEADS
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
from judgedesk.core.report.words import level_said, rater
from judgedesk.core.review import Figure

DISAGREE_FILL = "FFF4C7CE"
STALE_FILL = "FFFFF2CC"
HEADER_FILL = "FFE8EDF3"

_AGREEMENT_HEADS: tuple[str | Message, ...] = (
    say("report.xlsx.exact", "Exact"),
    "n",
    say("report.xlsx.kappa", "Kappa"),
    "n",
    say("report.xlsx.kappa_linear", "Kappa linear"),
    "n",
    say("report.xlsx.kappa_quadratic", "Kappa quadratic"),
    "n",
    say("report.xlsx.spearman", "Spearman"),
    "n",
    say("report.xlsx.mean_abs", "Mean abs. difference"),
    "n",
)
"""The agreement table's heads; "n" (the rows a figure counts) is the same in every
language."""

_ROWS = say("report.html.rows", "Rows")
_FIGURE = say("report.html.figure", "Figure")
_ESTIMATE_HEADS = (
    say("report.html.value", "Value"),
    say("report.xlsx.ci_low", "95% CI low"),
    say("report.xlsx.ci_high", "95% CI high"),
    _ROWS,
)


def _review_more(count: int) -> Message:
    """How many more sample rows to review before a figure can be corrected."""
    if count == 1:
        return say("report.xlsx.review_one", "review 1 more sample row")
    return say("report.xlsx.review_more", "review {count} more sample rows", count=count)


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
    translate: Translate | None = None,
) -> int:
    """The workbook: "Summary" (figures, agreement, categories) and "Rows" (the table of
    :func:`~judgedesk.core.report.exports.tables.flat_columns`, the same as the CSV's);
    rows where the person and the judge disagree are shaded, and a review made before
    the verdict changed is marked. "People" (agreement among reviewers and the judge's
    with them) and "History" (each judge version against people) when there are some.
    The labels of the summary, people, leaderboard and history sheets are in the reader's
    words (``translate``: the core's English templates → the reader's language, as is by
    default); the sheets' names and the rows sheet's column names stay as they are, for
    scripts that read them.
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
        Sheet("Summary", _styled(_summary_rows(report, translate or as_is)), widths={1: 34}),
        Sheet("Rows", rows(), freeze="C2"),
    ]
    tr = translate or as_is
    if report.people is not None:
        sheets.append(Sheet("People", _styled(_people_rows(report, tr)), widths={1: 40}))
    if report.leaderboard is not None:
        board = _leaderboard_rows(report, tr)
        sheets.append(Sheet("Leaderboard", _styled(board), widths={2: 20}))
    if has_history(report.history):
        heads, lines = history_table(report.history)
        sheets.append(Sheet("History", _styled([_heads(heads, tr), *lines]), "C2"))
    counts = write_workbook(handle, sheets, (HEADER_FILL, DISAGREE_FILL, STALE_FILL))
    return counts[1] - 1


def _styled(lines: list[list[Any]]) -> Iterator[tuple[list[Any], int, dict[int, int] | None]]:
    """Sheet rows from lines; a line whose first cell starts with "#" is a header."""
    for line in lines:
        if line and isinstance(line[0], str) and line[0].startswith("#"):
            yield [cell_value(v) for v in [line[0][1:], *line[1:]]], HEADER, None
        else:
            yield [cell_value(v) for v in line], PLAIN, None


def _heads(names: Sequence[str], tr: Translate) -> list[str]:
    """A header line: the heads in the reader's words (a data name as it is)."""
    shown = [render(HEADS[name], tr) if name in HEADS else name for name in names]
    return ["#" + shown[0], *shown[1:]]


def _leaderboard_rows(report: Report, tr: Translate) -> list[list[Any]]:
    figures = report.leaderboard
    if figures is None:
        return []
    heads = _heads(LEADERBOARD_HEADS, tr)
    note = render(leaderboard_note(figures), tr)
    lines: list[list[Any]] = [[note], heads, *leaderboard_table(figures, tr=tr)]
    for name in figures.categories:
        lines += [[], [f"#{name}"], heads, *leaderboard_table(figures, name, tr)]
    return lines


def _people_rows(report: Report, tr: Translate) -> list[list[Any]]:
    people = report.people
    if people is None:
        return []
    title = render(say("report.html.people", "People and the judge"), tr)
    lines: list[list[Any]] = [["#" + title], [render(people.sentence(), tr)]]
    ceiling = people.ceiling
    if ceiling is not None:
        low, high = ceiling.interval
        lines += [
            [],
            [
                "#" + render(say("report.xlsx.alpha", "Krippendorff's alpha"), tr),
                render(say("report.xlsx.level", "Level"), tr),
                *_heads(("Value", "95% CI low", "95% CI high", "Rows"), tr),
            ],
            [
                ", ".join(ceiling.raters),
                render(level_said(ceiling.level), tr),
                ceiling.alpha.value,
                low,
                high,
                ceiling.rows,
            ],
        ]
    table = [[render(row[0], tr), *row[1:]] for row in people_table(people)]
    lines += [[], _heads(PEOPLE_HEADS, tr), *table]
    if ceiling is not None:
        lines += [[], [consensus_note(people, tr)]]
    return lines


def _estimate(estimate: Estimate | None) -> list[Any]:
    if estimate is None:
        return [None, None, None, 0]
    return [estimate.value, estimate.low, estimate.high, estimate.n]


def _figure(figure: Figure) -> list[Any]:
    return [figure.value, figure.n]


def _summary_rows(report: Report, tr: Translate) -> list[list[Any]]:
    """The summary sheet's lines, its labels in the reader's words (a "#" line is a head)."""

    def t(said: Message) -> str:
        return render(said, tr)

    summary = report.summary
    if report.run_id is not None:
        what = t(say("report.html.run", "run {run}", run=report.run_id))
    else:
        what = t(say("report.html.latest", "latest result of each row"))
    lines: list[list[Any]] = [
        ["#" + t(say("report.xlsx.project", "Project")), report.project],
        [t(say("report.xlsx.results", "Results")), what],
        [t(say("report.html.with_result", "Rows with a result")), summary.rows],
        [t(say("report.html.ok", "ok")), summary.counts["ok"]],
        [t(say("report.html.errors", "errors")), summary.counts["error"]],
        [t(say("report.html.unparsed", "unparsed")), summary.counts["unparsed"]],
        *(
            [
                [
                    t(say("report.html.left_out", "Dataset lines left out")),
                    report.unreadable.count,
                    report.unreadable.sentence(),
                ]
            ]
            if report.unreadable is not None
            else []
        ),
        [],
        ["#" + t(_FIGURE), *(t(h) for h in _ESTIMATE_HEADS)],
    ]
    if summary.accuracy is not None:
        lines.append([t(say("report.html.accuracy", "Accuracy")), *_estimate(summary.accuracy)])
    if summary.mean is not None:
        lines.append([t(say("report.html.mean", "Mean score")), *_estimate(summary.mean)])
    if summary.win_rate is not None:
        lines.append([t(say("report.html.win_rate", "Win rate")), *_estimate(summary.win_rate)])
        lines.append([t(say("report.xlsx.tie_rate", "Tie rate")), summary.tie_rate])
        lines.append([t(say("report.xlsx.loss_rate", "Loss rate")), summary.loss_rate])
    if report.correction is not None:
        correction = report.correction
        for corrected in [*correction.figures, *correction.by_category]:
            shown = t(TITLES[corrected.figure])
            title = t(
                say(
                    "report.xlsx.corrected",
                    "{figure}, corrected by the random sample",
                    figure=shown,
                )
            )
            if corrected.category is not None:
                title = f"{corrected.category}: {title}"
            found = corrected.corrected
            if found is None:
                lines.append([title, t(_review_more(corrected.reviews_needed))])
            else:
                lines.append([title, found.estimate, found.ci_low, found.ci_high, found.n_labelled])
    for group in report.dimensions:
        dimension = say("report.xlsx.dimension", "Dimension: {name}", name=group.name)
        lines.append([t(dimension), *_estimate(group.summary.mean)])
    review = report.review
    lines += [
        [],
        ["#" + t(say("report.html.review", "Review")), t(_ROWS)],
        [t(say("report.html.by_hand", "Reviewed by hand")), review.reviewed],
        [
            t(say("report.html.from_dataset", "Human label from the dataset only")),
            review.from_dataset,
        ],
        [
            t(say("report.html.decided", "Human label decided where reviewers disagreed")),
            review.decided,
        ],
        [
            t(say("report.html.combined", "Human label combining several reviewers'")),
            review.combined,
        ],
        [t(say("report.xlsx.disagreements", "Disagreements")), review.disagreed],
        [t(say("report.html.flagged", "Flagged")), review.flagged],
        [t(say("report.xlsx.stale", "Stale reviews")), review.stale],
        [],
        [
            "#" + t(say("report.html.agreement", "Agreement")),
            t(say("report.xlsx.kind", "Kind")),
            t(_ROWS),
            *(h if isinstance(h, str) else t(h) for h in _AGREEMENT_HEADS),
        ],
    ]
    for figures in report.agreement:
        pair = say(
            "report.html.versus",
            "{first} vs {second}",
            first=rater(figures.first, tr),
            second=rater(figures.second, tr),
        )
        line: list[Any] = [t(pair), figures.kind, figures.n]
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
        head = t(say("report.xlsx.confusion", "Person (rows) vs judge (columns)"))
        lines += [[], ["#" + head, *labels]]
        lines += [[label, *row] for label, row in zip(labels, matrix.counts, strict=True)]
    if report.categories:
        by = t(say("report.html.by", "By {field}", field=report.category_field))
        heads = [t(_ROWS), t(_FIGURE), t(say("report.html.value", "Value"))]
        heads += [t(say("report.xlsx.low", "Low")), t(say("report.xlsx.high", "High"))]
        lines += [[], ["#" + by, *heads]]
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
            [
                "#"
                + t(
                    say(
                        "report.xlsx.runs",
                        "Run {first} vs run {second}",
                        first=c.first,
                        second=c.second,
                    )
                ),
                t(_ROWS),
            ],
            [t(say("report.xlsx.in_both", "Rows in both")), c.rows],
            [t(say("report.xlsx.changed", "Judged differently")), len(c.changed)],
            [t(HEADS["Exact agreement"]), percent(c.agreement.exact.value)],
        ]
    return lines
