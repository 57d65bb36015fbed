"""The HTML report's sections on people and judges: agreement, confidence, people,
history, leaderboard, a comparison of two runs and the rows to look at."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from judgedesk.core.messages import Message, Translate, as_is, render, say
from judgedesk.core.report.arena import LEADERBOARD_HEADS, leaderboard_note, leaderboard_table
from judgedesk.core.report.build import Report
from judgedesk.core.report.exports.html_common import (
    MAX_CELL_CHARS,
    MAX_LISTED_ROWS,
    esc,
    h2,
    headline,
    table,
)
from judgedesk.core.report.exports.svg import heatmap, reliability_diagram
from judgedesk.core.report.exports.tables import (
    PEOPLE_HEADS,
    consensus_note,
    history_table,
    people_table,
)
from judgedesk.core.report.history import has_history
from judgedesk.core.report.text import interval, number, percent
from judgedesk.core.report.words import level_said, rater, status_said
from judgedesk.core.review import AgreementFigures, Figure, ReviewItem

HEADS: dict[str, Message] = {
    "Figure": say("report.html.figure", "Figure"),
    "Value": say("report.html.value", "Value"),
    "Rows": say("report.html.rows", "Rows"),
    "Row": say("report.html.row", "Row"),
    "Id": say("report.html.id", "Id"),
    "95% interval": say("report.html.interval", "95% interval"),
    "Who": say("report.html.who", "Who"),
    "Rows compared": say("report.html.rows_compared", "Rows compared"),
    "Exact agreement": say("report.html.exact", "Exact agreement"),
    "Cohen's kappa": say("report.html.cohen", "Cohen's kappa"),
    "Judge": say("report.html.judge", "Judge"),
    "Version": say("report.html.version", "Version"),
    "First used (UTC)": say("report.html.first_used", "First used (UTC)"),
    "Runs": say("report.html.runs", "Runs"),
    "Accuracy": say("report.html.accuracy", "Accuracy"),
    "True-positive rate": say("report.html.tpr", "True-positive rate"),
    "True-negative rate": say("report.html.tnr", "True-negative rate"),
    "Moved toward people": say("report.html.toward", "Moved toward people"),
    "Moved away from people": say("report.html.away", "Moved away from people"),
    "Agrees best": say("report.html.best", "Agrees best"),
    "Confidence": say("report.html.confidence_head", "Confidence"),
    "Mean confidence": say("report.html.mean_confidence", "Mean confidence"),
    "Agreed": say("report.html.agreed_head", "Agreed"),
    "Status": say("report.html.status", "Status"),
    "Person": say("report.html.person", "Person"),
    "Flag": say("report.html.flag", "Flag"),
    "Note or error": say("report.html.note", "Note or error"),
    "Rank": say("report.html.rank", "Rank"),
    "Model": say("report.html.model", "Model"),
    "Score": say("report.html.score", "Score"),
    "95% CI low": say("report.xlsx.ci_low", "95% CI low"),
    "95% CI high": say("report.xlsx.ci_high", "95% CI high"),
    "Win rate vs baseline": say("report.html.win_vs_baseline", "Win rate vs baseline"),
    "Win rate low": say("report.html.win_low", "Win rate low"),
    "Win rate high": say("report.html.win_high", "Win rate high"),
    "Battles": say("report.html.battles", "Battles"),
    "Answer shown first won": say("report.html.first_won", "Answer shown first won"),
    "Longer answer won": say("report.html.longer_won", "Longer answer won"),
    "Note": say("report.html.note_head", "Note"),
}
"""The tables' column heads in the reader's words; a head not listed (the data's own
name, a leaderboard's head) is shown as it is."""


def heads(names: Sequence[str], tr: Translate) -> list[str]:
    """Column heads in the reader's words."""
    return [render(HEADS[name], tr) if name in HEADS else name for name in names]


def _figure(figure: Figure, as_percent: bool = False) -> tuple[str, str]:
    if figure.n == 0 and figure.value is None:
        return "–", "0"
    return (percent(figure.value) if as_percent else number(figure.value)), str(figure.n)


def agreement(figures: AgreementFigures, report: Report, tr: Translate = as_is) -> str:
    """Two raters' agreement: its figures and, when they gave verdicts, a confusion matrix."""
    rows = [
        (HEADS["Exact agreement"], *_figure(figures.exact, True)),
        (HEADS["Cohen's kappa"], *_figure(figures.kappa)),
    ]
    if figures.kind == "ordinal":
        rows += [
            (
                say("report.html.kappa_linear", "Kappa, linear weights"),
                *_figure(figures.kappa_linear),
            ),
            (
                say("report.html.kappa_quadratic", "Kappa, quadratic weights"),
                *_figure(figures.kappa_quadratic),
            ),
            (say("report.html.spearman", "Spearman correlation"), *_figure(figures.spearman)),
            (
                say("report.html.mean_abs", "Mean absolute difference"),
                *_figure(figures.mean_abs_diff),
            ),
        ]
    shown = [(render(name, tr), value, n) for name, value, n in rows]
    first, second = rater(figures.first, tr), rater(figures.second, tr)
    title = render(say("report.html.versus", "{first} vs {second}", first=first, second=second), tr)
    out = [
        f"<h3>{esc(title)}</h3>",
        table(heads(("Figure", "Value", "Rows"), tr), shown, {1, 2}),
    ]
    if figures.confusion.n:
        labels = [report.scale.name_of(v) or str(v) for v in figures.confusion.labels]
        caption = say("report.html.confusion", "Confusion matrix, {title}", title=title)
        out.append(
            heatmap(
                labels,
                figures.confusion.counts,
                render(caption, tr),
                first,
                second,
            )
        )
    return "".join(out)


def confidence(report: Report, tr: Translate = as_is) -> str:
    """How often people gave the judge's verdict, by how sure the judge was."""
    calibration = report.confidence_calibration
    if calibration is None:
        return ""
    bins = [b for b in calibration.bins if b.rows]
    rows = [
        (f"{b.low:.1f}–{b.high:.1f}", b.rows, number(b.confidence), percent(b.agreement))
        for b in bins
    ]
    note = say(
        "report.html.confidence_note",
        "Over the {rows} reviewed rows whose verdict was read with its probabilities: how "
        "often people gave the verdict, by how sure the judge was. A calibrated judge's bars "
        "reach the diagonal. Expected calibration error: {ece}.",
        rows=calibration.rows,
        ece=number(calibration.ece),
    )
    caption = say("report.html.by_confidence", "Agreement with people by the judge's confidence")
    return "".join(
        [
            h2(say("report.html.confidence", "Confidence and agreement with people"), tr),
            f'<p class="muted">{esc(render(note, tr))}</p>',
            reliability_diagram(
                [(b.low, b.high, b.agreement, b.rows) for b in calibration.bins],
                render(caption, tr),
                translate=tr,
            ),
            table(heads(("Confidence", "Rows", "Mean confidence", "Agreed"), tr), rows, {1, 2, 3}),
        ]
    )


def comparison(report: Report, tr: Translate = as_is) -> str:
    """Two runs side by side: their figures and the rows judged differently."""
    compared = report.comparison
    if compared is None:
        return ""
    before_name, before, as_percent = headline(compared.before)
    _, after, _ = headline(compared.after)
    rows = [
        (render(say("report.html.in_both", "Rows in both runs"), tr), str(compared.rows)),
        (
            render(say("report.html.changed", "Rows judged differently"), tr),
            str(len(compared.changed)),
        ),
    ]
    if before is not None and after is not None:
        name = render(HEADS[before_name], tr) if before_name in HEADS else before_name
        for run, estimate in ((compared.first, before), (compared.second, after)):
            said = say("report.html.figure_of_run", "{figure}, run {run}", figure=name, run=run)
            rows.append((render(said, tr), render(interval(estimate, as_percent), tr)))
    scale = report.scale
    changes = [
        (
            c.row_index,
            c.row_id,
            scale.name_of(c.before)
            if c.before_status == "ok"
            else render(status_said(c.before_status), tr),
            scale.name_of(c.after)
            if c.after_status == "ok"
            else render(status_said(c.after_status), tr),
        )
        for c in compared.changed[:MAX_LISTED_ROWS]
    ]
    title = say(
        "report.html.compared",
        "Run {first} compared with run {second}",
        first=compared.first,
        second=compared.second,
    )
    out = [h2(title, tr), table(heads(("Figure", "Value"), tr), rows)]
    if changes:
        runs = [
            render(say("report.html.run_head", "Run {run}", run=run), tr)
            for run in (compared.first, compared.second)
        ]
        out.append(table([*heads(("Row", "Id"), tr), *runs], changes))
    out.append(agreement(compared.agreement, report, tr))
    return "".join(out)


def _shown(head: str, value: Any) -> Any:
    """A cell of the people's or the history's table, as the page shows it."""
    if value is None:
        return "–"
    if head in ("Exact agreement", "Accuracy", "True-positive rate", "True-negative rate"):
        return percent(value)
    return number(value) if head == "Cohen's kappa" else value


def people(report: Report, tr: Translate = as_is) -> str:
    """People against each other (the human ceiling) beside the judge against them."""
    figures = report.people
    if figures is None:
        return ""
    out = [
        h2(say("report.html.people", "People and the judge"), tr),
        f"<p><strong>{esc(render(figures.sentence(), tr))}</strong></p>",
    ]
    ceiling = figures.ceiling
    if ceiling is not None:
        low, high = ceiling.interval
        alpha = say(
            "report.html.alpha",
            "Krippendorff's alpha ({level}) across {raters}",
            level=level_said(ceiling.level),
            raters=", ".join(ceiling.raters),
        )
        rows = [
            (
                render(alpha, tr),
                number(ceiling.alpha.value),
                f"{number(low)} – {number(high)}" if low is not None else "–",
                ceiling.rows,
            )
        ]
        out.append(table(heads(("Figure", "Value", "95% interval", "Rows"), tr), rows, {1, 3}))
    cells = [
        [
            _shown(h, render(c, tr) if isinstance(c, str) else c)
            for h, c in zip(PEOPLE_HEADS, row, strict=True)
        ]
        for row in people_table(figures)
    ]
    out.append(table(heads(PEOPLE_HEADS, tr), cells, {1, 2, 3}))
    if ceiling is not None:
        out.append(f'<p class="muted">{esc(consensus_note(figures, tr))}</p>')
    return "".join(out)


def history(report: Report, tr: Translate = as_is) -> str:
    """Each version of each judge against people, newest first."""
    if not has_history(report.history):
        return ""
    names, rows = history_table(report.history)
    shown = [[_shown(h, c) for h, c in zip(names, row, strict=True)] for row in rows]
    numeric = set(range(4, len(names) - 1))
    note = say(
        "report.html.history_note",
        "Each version of a judge (a short hash of its template, system prompt, verdict "
        "reading, model and parameters) against people's verdicts on the same rows, newest "
        "first. Rows that moved are counted against the version before.",
    )
    return (
        h2(say("report.html.history", "Agreement history"), tr)
        + f'<p class="muted">{esc(render(note, tr))}</p>'
        + table(heads(names, tr), shown, numeric)
    )


def leaderboard(report: Report, tr: Translate = as_is) -> str:
    """The leaderboard of several models, overall and per category."""
    figures = report.leaderboard
    if figures is None:
        return ""
    numeric = set(range(2, 11))
    out = [
        h2(say("report.html.leaderboard", "Leaderboard"), tr),
        f'<p class="muted">{esc(render(leaderboard_note(figures), tr))}</p>',
        table(heads(LEADERBOARD_HEADS, tr), leaderboard_table(figures, tr=tr), numeric),
    ]
    for name in figures.categories:
        out += [
            f"<h3>{esc(name)}</h3>",
            table(heads(LEADERBOARD_HEADS, tr), leaderboard_table(figures, name, tr), numeric),
        ]
    return "".join(out)


def attention(
    items: Sequence[ReviewItem],
    report: Report,
    tr: Translate = as_is,
    stored: Callable[[str], str] = str,
) -> str:
    """The rows to look at: disagreements, flagged rows, errors, unreadable verdicts
    (``stored``: a row's error, stored as English, in the reader's language)."""
    chosen = [
        i
        for i in items
        if i.status in ("error", "unparsed") or i.flagged or (i.disagreement or 0) > 0
    ]
    if not chosen:
        return ""
    scale = report.scale
    note = say(
        "report.html.attention_note",
        "Disagreements between the person and the judge, flagged rows, errors and "
        "unreadable verdicts.",
    )
    names = ("Row", "Id", "Status", "Judge", "Person", "Flag", "Note or error")
    yes = render(say("report.html.yes", "yes"), tr)
    out = [
        h2(say("report.html.attention", "Rows to look at"), tr),
        f'<p class="muted">{esc(render(note, tr))}</p>',
        "<table><thead><tr>",
        *(f"<th>{esc(h)}</th>" for h in heads(names, tr)),
        "</tr></thead><tbody>",
    ]
    for item in chosen[:MAX_LISTED_ROWS]:
        css = ' class="disagree"' if (item.disagreement or 0) > 0 else ""
        note_text = item.review.note if item.review else ""
        error = stored(item.result.error) if item.result and item.result.error else ""
        text = " — ".join(t for t in (note_text, error) if t)[:MAX_CELL_CHARS]
        cells = (
            item.row_index,
            item.row_id,
            render(status_said(item.status), tr),
            scale.name_of(item.judge_value),
            scale.name_of(item.human_value),
            yes if item.flagged else "",
            text,
        )
        out.append(f"<tr{css}>" + "".join(f"<td>{esc(c)}</td>" for c in cells) + "</tr>")
    out.append("</tbody></table>")
    more = len(chosen) - MAX_LISTED_ROWS
    if more > 0:
        if more == 1:
            said = say("report.html.one_more", "… and 1 more row.")
        else:
            said = say("report.html.more", "… and {count} more rows.", count=more)
        out.append(f'<p class="muted">{esc(render(said, tr))}</p>')
    return "".join(out)
