"""A self-contained HTML report: one file, charts as inline SVG, every row, no links out."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from typing import Any

from judgedesk.core.messages import Translate, as_is, render, say
from judgedesk.core.report.build import Estimate, Group, Report, Summary
from judgedesk.core.report.exports.html_common import esc, headline, table
from judgedesk.core.report.exports.html_review import (
    agreement,
    attention,
    comparison,
    confidence,
    history,
    leaderboard,
    people,
)
from judgedesk.core.report.exports.html_rows import SCRIPT_HASH
from judgedesk.core.report.exports.html_rows import STYLE as ROWS_STYLE
from judgedesk.core.report.exports.svg import bar_chart, interval_chart
from judgedesk.core.report.sample_figures import TITLES
from judgedesk.core.report.text import estimate_rests_on, interval, number, percent
from judgedesk.core.report.text_labels import corrected_line
from judgedesk.core.review import ReviewItem

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


def _summary(report: Report, tr: Translate = as_is) -> str:
    summary = report.summary
    rows: list[tuple[str, str, str]] = [
        (render(say("report.html.with_result", "Rows with a result"), tr), str(summary.rows), ""),
        (render(say("report.html.ok", "ok"), tr), str(summary.counts["ok"]), ""),
        (render(say("report.html.errors", "errors"), tr), str(summary.counts["error"]), ""),
        (render(say("report.html.unparsed", "unparsed"), tr), str(summary.counts["unparsed"]), ""),
    ]
    if report.unreadable is not None:
        left_out = render(say("report.html.left_out", "Dataset lines left out"), tr)
        rows.append((left_out, report.unreadable.sentence(), ""))
    for name, estimate, as_percent in _headlines(summary):
        rows.append(
            (
                render(_HEADLINES[name], tr),
                render(interval(estimate, as_percent), tr),
                render(estimate_rests_on(estimate), tr),
            )
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
            name = render(say("report.html.corrected", "Corrected by the random sample"), tr)
            name += f" — {f.category}" if f.category else ""
            rows.append((name, corrected_line(f, tr), render(f.rests_on, tr)))
        chart = _corrected_chart(report, tr)
    heads = (
        render(say("report.html.figure", "Figure"), tr),
        render(say("report.html.value", "Value"), tr),
        render(say("report.html.rests_on", "Rests on"), tr),
    )
    heading = render(say("report.html.summary", "Summary"), tr)
    return f"<h2>{esc(heading)}</h2>" + table(heads, rows) + chart


_HEADLINES = {
    "Accuracy": say("report.html.accuracy", "Accuracy"),
    "Mean score": say("report.html.mean", "Mean score"),
    "Win rate": say("report.html.win_rate", "Win rate"),
}
"""The headline figures' names (as :func:`_headlines` gives them) as shown on the page."""


def _headlines(summary: Summary) -> list[tuple[str, Estimate, bool]]:
    """The judge's headline figures: name, estimate, whether a rate."""
    found = [
        ("Accuracy", summary.accuracy, True),
        ("Mean score", summary.mean, False),
        ("Win rate", summary.win_rate, True),
    ]
    return [(name, estimate, rate) for name, estimate, rate in found if estimate is not None]


def _corrected_chart(report: Report, tr: Translate) -> str:
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
        shown = render(title, tr)
        alone = say("report.html.judge_alone", "{figure}, judge alone", figure=shown)
        corrected = say("report.html.corrected_bar", "{figure}, corrected", figure=shown)
        bars = [
            (render(alone, tr), estimate.value, estimate.low, estimate.high),
            (render(corrected, tr), found.estimate, found.ci_low, found.ci_high),
        ]
        caption = say(
            "report.html.corrected_chart",
            "{figure}: the judge alone beside the figure corrected by the random sample",
            figure=shown,
        )
        top = 1.0 if figure.rate else report.scale.high
        charts.append(
            interval_chart(
                bars,
                render(caption, tr),
                show=show,
                maximum=float(top) if top is not None else None,
            )
        )
    return "".join(charts)


def _groups(title: str, groups: list[Group], maximum: float | None, tr: Translate) -> str:
    """The headline figure of each group (a dimension, a category): a chart and a table."""
    name, _, as_percent = headline(groups[0].summary)
    shown_name = render(_HEADLINES[name], tr) if name in _HEADLINES else name
    bars = []
    for group in groups:
        _, estimate, _ = headline(group.summary)
        if estimate is not None and estimate.value is not None:
            bars.append((group.name, estimate.value))
    show = (lambda v: percent(v)) if as_percent else (lambda v: f"{v:.2f}")
    caption = say("report.html.group_chart", "{title}: {figure}", title=title, figure=shown_name)
    # English says the figure's name in lower case inside the caption.
    words = render(caption, tr) if tr is not as_is else f"{title}: {name.lower()}"
    chart = bar_chart(bars, words, show=show, maximum=maximum) if bars else ""
    with_person = any(group.person_agreement.n for group in groups)
    rows = []
    for group in groups:
        _, estimate, _ = headline(group.summary)
        agree = group.person_agreement
        row: list[Any] = [
            group.name,
            group.summary.rows,
            render(interval(estimate, as_percent), tr) if estimate is not None else "–",
        ]
        if with_person:
            row.append(f"{percent(agree.value)} (n={agree.n})" if agree.n else "–")
        rows.append(row)
    head = [
        render(say("report.html.group", "Group"), tr),
        render(say("report.html.rows", "Rows"), tr),
        shown_name or render(say("report.html.figure", "Figure"), tr),
    ]
    if with_person:
        head.append(render(say("report.html.person_agrees", "Person agrees with judge"), tr))
    return f"<h2>{esc(title)}</h2>{chart}{table(head, rows, {1})}"


def html_parts(
    report: Report,
    items: Sequence[ReviewItem],
    translate: Translate = as_is,
    stored: Callable[[str], str] = str,
) -> tuple[str, str]:
    """The page before the section with every row, and after it.

    Args:
        report: the report to show.
        items: the review items, for the rows to look at.
        translate: an English template of the core → the same in the reader's language
            (as is by default); the person's data and the numbers are never translated.
        stored: a sentence of the core stored as English (a row's error) → the same in
            the reader's language (as is by default).
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
        f'<!DOCTYPE html><html lang="{esc(lang)}"><head><meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{CONTENT_POLICY}">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{esc(title)}</title><style>{_STYLE}{ROWS_STYLE}</style></head><body>",
        f"<h1>{esc(title)}</h1>",
        f'<p class="muted">{esc(made)}</p>',
        _summary(report, tr),
    ]
    if report.distribution:
        bars = [(b.label, float(b.count)) for b in report.distribution]
        heading = render(say("report.html.distribution", "Distribution"), tr)
        caption = render(say("report.html.how_often", "How often each verdict was given"), tr)
        parts += [f"<h2>{esc(heading)}</h2>", bar_chart(bars, caption)]
    if report.dimensions:
        dimensions = render(say("report.html.dimensions", "Dimensions"), tr)
        parts.append(_groups(dimensions, report.dimensions, report.scale.high, tr))
    if report.categories:
        by = render(say("report.html.by", "By {field}", field=report.category_field), tr)
        parts.append(_groups(by, report.categories, None, tr))
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
        f"<h2>{esc(render(say('report.html.review', 'Review'), tr))}</h2>",
        table(
            (render(say("report.html.figure", "Figure"), tr), render(review_rows[0][0], tr)),
            [(render(name, tr), count) for name, count in review_rows],
            {1},
        ),
        f"<h2>{esc(render(say('report.html.agreement', 'Agreement'), tr))}</h2>",
        '<p class="muted">'
        + esc(
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
        *(agreement(figures, report, tr) for figures in report.agreement),
        confidence(report, tr),
        people(report, tr),
        leaderboard(report, tr),
        history(report, tr),
        comparison(report, tr),
        attention(items, report, tr, stored),
    ]
    return "".join(parts), "</body></html>\n"
