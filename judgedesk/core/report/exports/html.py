"""A self-contained HTML report: one file, charts as inline SVG, every row, no links out."""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from html import escape
from typing import Any

from judgedesk.core.messages import Translate, render, say
from judgedesk.core.report.arena import LEADERBOARD_HEADS, leaderboard_note, leaderboard_table
from judgedesk.core.report.build import Estimate, Group, Report, Summary
from judgedesk.core.report.exports.html_rows import SCRIPT_HASH
from judgedesk.core.report.exports.html_rows import STYLE as ROWS_STYLE
from judgedesk.core.report.exports.svg import (
    bar_chart,
    heatmap,
    interval_chart,
    reliability_diagram,
)
from judgedesk.core.report.exports.tables import (
    PEOPLE_HEADS,
    consensus_note,
    history_table,
    people_table,
)
from judgedesk.core.report.history import has_history
from judgedesk.core.report.sample_figures import TITLES
from judgedesk.core.report.text import (
    corrected_line,
    estimate_rests_on,
    interval,
    number,
    percent,
)
from judgedesk.core.review import AgreementFigures, Figure, ReviewItem

MAX_LISTED_ROWS = 500
MAX_CELL_CHARS = 400

_STYLE = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:2em auto;max-width:64em;
color:#222;background:#fff;padding:0 1em;line-height:1.4}
h1{font-size:1.6em}h2{font-size:1.25em;margin-top:1.8em;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:.6em 0}th,td{border:1px solid #ddd;padding:.25em .6em;
text-align:left;vertical-align:top}th{background:#f3f5f8}td.num{text-align:right}
tr.disagree td{background:#fde8e8}.muted{color:#666}.chart{display:block;margin:.6em 0}
"""


CONTENT_POLICY = (
    f"default-src 'none'; script-src '{SCRIPT_HASH}'; style-src 'unsafe-inline'; "
    "img-src data:; form-action 'none'; base-uri 'none'"
)
"""The page loads nothing: its own style, inline charts, and its own rows script (allowed
by its hash, so no other script can run, not even one a value smuggled in)."""


def _e(value: Any) -> str:
    return escape("" if value is None else str(value), quote=True)


def _table(
    head: Sequence[str], rows: Iterable[Sequence[Any]], numeric: set[int] | None = None
) -> str:
    numeric = numeric or set()
    out = ["<table><thead><tr>", *(f"<th>{_e(h)}</th>" for h in head), "</tr></thead><tbody>"]
    for row in rows:
        cells = "".join(
            f'<td class="num">{_e(c)}</td>' if i in numeric else f"<td>{_e(c)}</td>"
            for i, c in enumerate(row)
        )
        out.append(f"<tr>{cells}</tr>")
    out.append("</tbody></table>")
    return "".join(out)


def _headline(summary: Summary) -> tuple[str, Estimate | None, bool]:
    if summary.accuracy is not None:
        return "Accuracy", summary.accuracy, True
    if summary.win_rate is not None:
        return "Win rate", summary.win_rate, True
    if summary.mean is not None:
        return "Mean score", summary.mean, False
    return "", None, False


def _as_is(template: str) -> str:
    return template


def _h2(heading: str, tr: Translate) -> str:
    """A section's heading in the reader's words."""
    return f"<h2>{_e(render(heading, tr))}</h2>"


def _summary(report: Report, tr: Translate = _as_is) -> str:
    summary = report.summary
    rows: list[tuple[str, str, str]] = [
        (render(say("report.html.with_result", "Rows with a result"), tr), str(summary.rows), ""),
        (render(say("report.html.ok", "ok"), tr), str(summary.counts["ok"]), ""),
        (render(say("report.html.errors", "errors"), tr), str(summary.counts["error"]), ""),
        (render(say("report.html.unparsed", "unparsed"), tr), str(summary.counts["unparsed"]), ""),
    ]
    if report.unreadable is not None:
        rows.append(("Dataset lines left out", report.unreadable.sentence(), ""))
    for name, estimate, as_percent in _headlines(summary):
        rows.append(
            (render(_HEADLINES[name], tr), interval(estimate, as_percent), _rests_on(estimate, tr))
        )
    if summary.win_rate is not None:
        rows += [
            (render(say("report.html.ties", "Ties"), tr), percent(summary.tie_rate), ""),
            (render(say("report.html.losses", "Losses"), tr), percent(summary.loss_rate), ""),
        ]
    chart = ""
    if report.correction is not None:
        correction = report.correction
        for f in [*correction.figures, *correction.by_category]:
            name = "Corrected by the random sample" + (f" — {f.category}" if f.category else "")
            rows.append((name, corrected_line(f), f.rests_on))
        chart = _corrected_chart(report)
    heads = (
        render(say("report.html.figure", "Figure"), tr),
        render(say("report.html.value", "Value"), tr),
        render(say("report.html.rests_on", "Rests on"), tr),
    )
    heading = render(say("report.html.summary", "Summary"), tr)
    return f"<h2>{_e(heading)}</h2>" + _table(heads, rows) + chart


_HEADLINES = {
    "Accuracy": say("report.html.accuracy", "Accuracy"),
    "Mean score": say("report.html.mean", "Mean score"),
    "Win rate": say("report.html.win_rate", "Win rate"),
}
"""The headline figures' names (as :func:`_headlines` gives them) as shown on the page."""


def _rests_on(estimate: Estimate, tr: Translate) -> str:
    """:func:`estimate_rests_on` in the reader's words."""
    if tr is _as_is:
        return estimate_rests_on(estimate)
    if estimate.method == "bootstrap":
        said = say(
            "report.html.rests_bootstrap",
            "the judge alone; 95% interval by bootstrap over {n} rows",
            n=estimate.n,
        )
    else:
        said = say(
            "report.html.rests_normal",
            "the judge alone; 95% interval by normal approximation over {n} rows",
            n=estimate.n,
        )
    return render(said, tr)


def _headlines(summary: Summary) -> list[tuple[str, Estimate, bool]]:
    """The judge's headline figures: name, estimate, whether a rate."""
    found = [
        ("Accuracy", summary.accuracy, True),
        ("Mean score", summary.mean, False),
        ("Win rate", summary.win_rate, True),
    ]
    return [(name, estimate, rate) for name, estimate, rate in found if estimate is not None]


def _corrected_chart(report: Report) -> str:
    """The judge's figures beside the corrected ones, each with its 95 % interval."""
    assert report.correction is not None
    judged = {name: estimate for name, estimate, _ in _headlines(report.summary)}
    charts = []
    for figure in report.correction.figures:
        found, title = figure.corrected, TITLES[figure.figure]
        estimate = judged.get(title)
        if found is None or estimate is None or estimate.value is None:
            continue
        show = percent if figure.rate else number
        bars = [
            (f"{title}, judge alone", estimate.value, estimate.low, estimate.high),
            (f"{title}, corrected", found.estimate, found.ci_low, found.ci_high),
        ]
        top = 1.0 if figure.rate else report.scale.high
        charts.append(
            interval_chart(
                bars,
                f"{title}: the judge alone beside the figure corrected by the random sample",
                show=show,
                maximum=float(top) if top is not None else None,
            )
        )
    return "".join(charts)


def _groups(title: str, groups: list[Group], maximum: float | None) -> str:
    name, _, as_percent = _headline(groups[0].summary)
    bars = []
    for group in groups:
        _, estimate, _ = _headline(group.summary)
        if estimate is not None and estimate.value is not None:
            bars.append((group.name, estimate.value))
    show = (lambda v: percent(v)) if as_percent else (lambda v: f"{v:.2f}")
    chart = bar_chart(bars, f"{title}: {name.lower()}", show=show, maximum=maximum) if bars else ""
    with_person = any(group.person_agreement.n for group in groups)
    rows = []
    for group in groups:
        _, estimate, _ = _headline(group.summary)
        agree = group.person_agreement
        row: list[Any] = [
            group.name,
            group.summary.rows,
            interval(estimate, as_percent) if estimate is not None else "–",
        ]
        if with_person:
            row.append(f"{percent(agree.value)} (n={agree.n})" if agree.n else "–")
        rows.append(row)
    head = ["Group", "Rows", name or "Figure"]
    if with_person:
        head.append("Person agrees with judge")
    table = _table(head, rows, {1})
    return f"<h2>{_e(title)}</h2>{chart}{table}"


def _figure(figure: Figure, as_percent: bool = False) -> tuple[str, str]:
    if figure.n == 0 and figure.value is None:
        return "–", "0"
    return (percent(figure.value) if as_percent else number(figure.value)), str(figure.n)


def _agreement(figures: AgreementFigures, report: Report) -> str:
    rows = [
        ("Exact agreement", *_figure(figures.exact, True)),
        ("Cohen's kappa", *_figure(figures.kappa)),
    ]
    if figures.kind == "ordinal":
        rows += [
            ("Kappa, linear weights", *_figure(figures.kappa_linear)),
            ("Kappa, quadratic weights", *_figure(figures.kappa_quadratic)),
            ("Spearman correlation", *_figure(figures.spearman)),
            ("Mean absolute difference", *_figure(figures.mean_abs_diff)),
        ]
    title = f"{figures.first} vs {figures.second}"
    out = [f"<h3>{_e(title)}</h3>", _table(("Figure", "Value", "Rows"), rows, {1, 2})]
    if figures.confusion.n:
        labels = [report.scale.name_of(v) or str(v) for v in figures.confusion.labels]
        out.append(
            heatmap(
                labels,
                figures.confusion.counts,
                f"Confusion matrix, {title}",
                figures.first,
                figures.second,
            )
        )
    return "".join(out)


def _confidence(report: Report, tr: Translate = _as_is) -> str:
    calibration = report.confidence_calibration
    if calibration is None:
        return ""
    bins = [b for b in calibration.bins if b.rows]
    rows = [
        (f"{b.low:.1f}–{b.high:.1f}", b.rows, number(b.confidence), percent(b.agreement))
        for b in bins
    ]
    return "".join(
        [
            _h2(say("report.html.confidence", "Confidence and agreement with people"), tr),
            f'<p class="muted">Over the {calibration.rows} reviewed rows whose verdict was '
            "read with its probabilities: how often people gave the verdict, by how sure the "
            "judge was. A calibrated judge's bars reach the diagonal. Expected calibration "
            f"error: {_e(number(calibration.ece))}.</p>",
            reliability_diagram(
                [(b.low, b.high, b.agreement, b.rows) for b in calibration.bins],
                "Agreement with people by the judge's confidence",
            ),
            _table(("Confidence", "Rows", "Mean confidence", "Agreed"), rows, {1, 2, 3}),
        ]
    )


def _comparison(report: Report, tr: Translate = _as_is) -> str:
    comparison = report.comparison
    if comparison is None:
        return ""
    before_name, before, as_percent = _headline(comparison.before)
    _, after, _ = _headline(comparison.after)
    rows = [
        ("Rows in both runs", str(comparison.rows)),
        ("Rows judged differently", str(len(comparison.changed))),
    ]
    if before is not None and after is not None:
        rows += [
            (f"{before_name}, run {comparison.first}", interval(before, as_percent)),
            (f"{before_name}, run {comparison.second}", interval(after, as_percent)),
        ]
    scale = report.scale
    changes = [
        (
            c.row_index,
            c.row_id,
            scale.name_of(c.before) if c.before_status == "ok" else c.before_status,
            scale.name_of(c.after) if c.after_status == "ok" else c.after_status,
        )
        for c in comparison.changed[:MAX_LISTED_ROWS]
    ]
    title = say(
        "report.html.compared",
        "Run {first} compared with run {second}",
        first=comparison.first,
        second=comparison.second,
    )
    out = [_h2(title, tr), _table(("Figure", "Value"), rows)]
    if changes:
        out.append(
            _table(("Row", "Id", f"Run {comparison.first}", f"Run {comparison.second}"), changes)
        )
    out.append(_agreement(comparison.agreement, report))
    return "".join(out)


def _shown(head: str, value: Any) -> Any:
    """A cell of the people's or the history's table, as the page shows it."""
    if value is None:
        return "–"
    if head in ("Exact agreement", "Accuracy", "True-positive rate", "True-negative rate"):
        return percent(value)
    return number(value) if head == "Cohen's kappa" else value


def _people(report: Report, tr: Translate = _as_is) -> str:
    """People against each other (the human ceiling) beside the judge against them."""
    people = report.people
    if people is None:
        return ""
    out = [
        _h2(say("report.html.people", "People and the judge"), tr),
        f"<p><strong>{_e(people.sentence())}</strong></p>",
    ]
    ceiling = people.ceiling
    if ceiling is not None:
        low, high = ceiling.interval
        alpha = [
            (
                f"Krippendorff's alpha ({ceiling.level}) across {', '.join(ceiling.raters)}",
                number(ceiling.alpha.value),
                f"{number(low)} – {number(high)}" if low is not None else "–",
                ceiling.rows,
            )
        ]
        out.append(_table(("Figure", "Value", "95% interval", "Rows"), alpha, {1, 3}))
    rows = [
        [_shown(h, c) for h, c in zip(PEOPLE_HEADS, row, strict=True)]
        for row in people_table(people)
    ]
    out.append(_table(PEOPLE_HEADS, rows, {1, 2, 3}))
    if ceiling is not None:
        out.append(f'<p class="muted">{_e(consensus_note(people))}</p>')
    return "".join(out)


def _history(report: Report, tr: Translate = _as_is) -> str:
    """Each version of each judge against people, newest first."""
    if not has_history(report.history):
        return ""
    heads, rows = history_table(report.history)
    shown = [[_shown(h, c) for h, c in zip(heads, row, strict=True)] for row in rows]
    numeric = set(range(4, len(heads) - 1))
    return (
        _h2(say("report.html.history", "Agreement history"), tr)
        + '<p class="muted">Each version of a judge (a short hash of its template, system '
        "prompt, verdict reading, model and parameters) against people's verdicts on the "
        "same rows, newest first. Rows that moved are counted against the version before.</p>"
        + _table(heads, shown, numeric)
    )


def _leaderboard(report: Report, tr: Translate = _as_is) -> str:
    """The leaderboard of several models, overall and per category."""
    figures = report.leaderboard
    if figures is None:
        return ""
    numeric = set(range(2, 11))
    out = [
        _h2(say("report.html.leaderboard", "Leaderboard"), tr),
        f'<p class="muted">{_e(leaderboard_note(figures))}</p>',
        _table(LEADERBOARD_HEADS, leaderboard_table(figures), numeric),
    ]
    for name in figures.categories:
        out += [
            f"<h3>{_e(name)}</h3>",
            _table(LEADERBOARD_HEADS, leaderboard_table(figures, name), numeric),
        ]
    return "".join(out)


def _attention(items: Sequence[ReviewItem], report: Report, tr: Translate = _as_is) -> str:
    chosen = [
        i
        for i in items
        if i.status in ("error", "unparsed") or i.flagged or (i.disagreement or 0) > 0
    ]
    if not chosen:
        return ""
    scale = report.scale
    out = [
        _h2(say("report.html.attention", "Rows to look at"), tr),
        '<p class="muted">Disagreements between the person and the judge, flagged rows, '
        "errors and unreadable verdicts.</p>",
        "<table><thead><tr><th>Row</th><th>Id</th><th>Status</th><th>Judge</th><th>Person</th>"
        "<th>Flag</th><th>Note or error</th></tr></thead><tbody>",
    ]
    for item in chosen[:MAX_LISTED_ROWS]:
        css = ' class="disagree"' if (item.disagreement or 0) > 0 else ""
        note = item.review.note if item.review else ""
        error = item.result.error if item.result else ""
        text = " — ".join(t for t in (note, error) if t)[:MAX_CELL_CHARS]
        cells = (
            item.row_index,
            item.row_id,
            item.status,
            scale.name_of(item.judge_value),
            scale.name_of(item.human_value),
            "yes" if item.flagged else "",
            text,
        )
        out.append(f"<tr{css}>" + "".join(f"<td>{_e(c)}</td>" for c in cells) + "</tr>")
    out.append("</tbody></table>")
    if len(chosen) > MAX_LISTED_ROWS:
        out.append(f'<p class="muted">… and {len(chosen) - MAX_LISTED_ROWS} more rows.</p>')
    return "".join(out)


def html_parts(
    report: Report, items: Sequence[ReviewItem], translate: Translate = _as_is
) -> tuple[str, str]:
    """The page before the section with every row, and after it.

    Args:
        report: the report to show.
        items: the review items, for the rows to look at.
        translate: an English template of the core → the same in the reader's language
            (as is by default); the person's data and the numbers are never translated.
    """
    tr = translate
    when = datetime.datetime.fromtimestamp(report.created, datetime.UTC)
    if report.run_id is not None:
        what = render(say("report.html.run", "run {run}", run=report.run_id), tr)
    else:
        what = render(say("report.html.latest", "latest result of each row"), tr)
    title = render(
        say("report.html.title", "{project} — report", project=report.project or "JudgeDesk"), tr
    )
    made = render(
        say(
            "report.html.made",
            "{what}; made {when} UTC with JudgeDesk.",
            what=what,
            when=when.strftime("%Y-%m-%d %H:%M"),
        ),
        tr,
    )
    # The page's language is itself a translation: "en" becomes the translation's tag.
    lang = render(say("report.html.lang", "en"), tr)
    parts = [
        f'<!DOCTYPE html><html lang="{_e(lang)}"><head><meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{CONTENT_POLICY}">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_e(title)}</title><style>{_STYLE}{ROWS_STYLE}</style></head><body>",
        f"<h1>{_e(title)}</h1>",
        f'<p class="muted">{_e(made)}</p>',
        _summary(report, tr),
    ]
    if report.distribution:
        bars = [(b.label, float(b.count)) for b in report.distribution]
        heading = render(say("report.html.distribution", "Distribution"), tr)
        caption = render(say("report.html.how_often", "How often each verdict was given"), tr)
        parts += [f"<h2>{_e(heading)}</h2>", bar_chart(bars, caption)]
    if report.dimensions:
        dimensions = render(say("report.html.dimensions", "Dimensions"), tr)
        parts.append(_groups(dimensions, report.dimensions, report.scale.high))
    if report.categories:
        by = render(say("report.html.by", "By {field}", field=report.category_field), tr)
        parts.append(_groups(by, report.categories, None))
    review = report.review
    review_rows = [
        (say("report.html.rows", "Rows"), review.total),
        (say("report.html.by_hand", "Reviewed by hand"), review.reviewed),
        (
            say("report.html.from_dataset", "Human label from the dataset only"),
            review.from_dataset,
        ),
        (
            say("report.html.decided", "Human label decided where reviewers disagreed"),
            review.decided,
        ),
        (say("report.html.combined", "Human label combining several reviewers'"), review.combined),
        (say("report.html.agreed", "Person and judge agree"), review.agreed),
        (say("report.html.disagreed", "Person and judge disagree"), review.disagreed),
        (say("report.html.flagged", "Flagged"), review.flagged),
        (
            say("report.html.stale", "Reviewed before the judge's verdict changed"),
            review.stale,
        ),
    ]
    parts += [
        f"<h2>{_e(render(say('report.html.review', 'Review'), tr))}</h2>",
        _table(
            (render(say("report.html.figure", "Figure"), tr), render(review_rows[0][0], tr)),
            [(render(name, tr), count) for name, count in review_rows],
            {1},
        ),
        f"<h2>{_e(render(say('report.html.agreement', 'Agreement'), tr))}</h2>",
        '<p class="muted">'
        + _e(
            render(
                say(
                    "report.html.kappa",
                    "Kappa is agreement beyond what chance would give: 0 is chance, "
                    "1 is perfect. Each figure counts the rows both raters gave a verdict for.",
                ),
                tr,
            )
        )
        + "</p>",
        *(_agreement(figures, report) for figures in report.agreement),
        _confidence(report, tr),
        _people(report, tr),
        _leaderboard(report, tr),
        _history(report, tr),
        _comparison(report, tr),
        _attention(items, report, tr),
    ]
    return "".join(parts), "</body></html>\n"
