"""The whole report as plain text, in the reader's words, for ``judgedesk report``."""

from __future__ import annotations

from judgedesk.core.messages import Translate, as_is, render, say
from judgedesk.core.report.arena import leaderboard_lines
from judgedesk.core.report.build import Report, Summary
from judgedesk.core.report.text import (
    BAR_WIDTH,
    agreement_lines,
    comparison_lines,
    confidence_lines,
    group_lines,
    history_lines,
    interval,
    pad,
    people_lines,
    percent,
    shown_width,
)
from judgedesk.core.report.text_judges import judge_lines, judges_alpha_text, pairwise_lines
from judgedesk.core.report.text_labels import correction_lines, human_label_lines


def summary_lines(summary: Summary, tr: Translate = as_is) -> list[str]:
    """The status counts and the headline figure, in the reader's words (``tr``)."""
    counts = summary.counts
    said = say(
        "report.text.rows",
        "Rows: {rows} — {ok} ok, {errors} errors, {unparsed} unparsed",
        rows=summary.rows,
        ok=counts["ok"],
        errors=counts["error"],
        unparsed=counts["unparsed"],
    )
    lines = [render(said, tr)]
    if summary.accuracy is not None:
        said = say(
            "report.text.accuracy", "Accuracy: {value}", value=interval(summary.accuracy, True)
        )
        lines.append(render(said, tr))
    if summary.mean is not None:
        said = say("report.text.mean", "Mean score: {value}", value=interval(summary.mean, False))
        lines.append(render(said, tr))
    if summary.win_rate is not None:
        said = say(
            "report.text.win_rate",
            "Win rate: {value}; ties {ties}, losses {losses}",
            value=interval(summary.win_rate, True),
            ties=percent(summary.tie_rate),
            losses=percent(summary.loss_rate),
        )
        lines.append(render(said, tr))
    return lines


def format_report(report: Report, translate: Translate | None = None) -> str:
    """The whole report as text.

    Args:
        report: the report.
        translate: the core's English templates → the reader's language, for the
            report's own words (as is by default); data and numbers stay as they are.
    """
    tr = translate or as_is
    if report.run_id is not None:
        what = render(say("report.html.run", "run {run}", run=report.run_id), tr)
    else:
        what = render(say("report.html.latest", "latest result of each row"), tr)
    project = report.project or render(say("report.xlsx.project", "Project"), tr)
    lines = [f"{project} — {what}", *summary_lines(report.summary, tr)]
    if report.unreadable is not None:
        said = say("report.text.left_out", "Left out: {what}", what=report.unreadable.sentence())
        lines.append(render(said, tr))
    if report.distribution:
        top = max(b.count for b in report.distribution) or 1
        width = max(shown_width(b.label) for b in report.distribution)
        lines += ["", render(say("report.html.distribution", "Distribution"), tr)]
        for item in report.distribution:
            bar = "█" * round(item.count / top * BAR_WIDTH)
            lines.append(f"  {pad(item.label, width, right=True)}  {bar} {item.count}")
    if report.dimensions:
        dimensions = render(say("report.html.dimensions", "Dimensions"), tr)
        lines += ["", *group_lines(dimensions, report.dimensions, tr)]
    if report.categories:
        by = render(say("report.html.by", "By {field}", field=report.category_field), tr)
        lines += ["", *group_lines(by, report.categories, tr)]
    review = report.review
    lines += ["", render(_review_sentence(report), tr)]
    if review.decided or review.combined:
        said = say(
            "report.text.labels_used",
            "Human labels used: {decided} decided where reviewers disagreed, {combined} "
            "combining several reviewers' (majority, or mean of scores)",
            decided=review.decided,
            combined=review.combined,
        )
        lines.append(render(said, tr))
    if report.human_labels is not None:
        lines += human_label_lines(report.human_labels, tr)
    if report.correction is not None:
        lines += ["", *correction_lines(report.correction, tr)]
    if report.judges:
        lines += ["", *judge_lines(report.judges, tr)]
    if report.judges_alpha is not None:
        lines.append(judges_alpha_text(report.judges_alpha, tr))
    lines += ["", render(say("report.html.agreement", "Agreement"), tr)]
    for figures in report.agreement:
        lines += ["  " + line for line in agreement_lines(figures, report.scale, tr)]
    if report.confidence_calibration is not None:
        lines += ["", *confidence_lines(report.confidence_calibration, tr)]
    if report.people is not None:
        lines += ["", *people_lines(report.people, tr)]
    if report.history:
        lines += ["", *history_lines(report.history, tr)]
    if report.pairwise is not None:
        lines += ["", *pairwise_lines(report.pairwise, tr)]
    if report.leaderboard is not None:
        lines += ["", *leaderboard_lines(report.leaderboard, tr)]
    if report.comparison is not None:
        lines += ["", *comparison_lines(report.comparison, report.scale, tr)]
    return "\n".join(lines) + "\n"


def _review_sentence(report: Report) -> str:
    """How many rows people reviewed, and what they found."""
    review = report.review
    if review.total == 1:
        reviewed = say(
            "report.text.reviewed_one",
            "{reviewed} of 1 row reviewed by hand",
            reviewed=review.reviewed,
        )
    else:
        reviewed = say(
            "report.text.reviewed",
            "{reviewed} of {total} rows reviewed by hand",
            reviewed=review.reviewed,
            total=review.total,
        )
    if review.disagreed == 1:
        found = say(
            "report.text.found_one",
            "1 disagreement, {flagged} flagged, {stale} stale",
            flagged=review.flagged,
            stale=review.stale,
        )
    else:
        found = say(
            "report.text.found",
            "{disagreed} disagreements, {flagged} flagged, {stale} stale",
            disagreed=review.disagreed,
            flagged=review.flagged,
            stale=review.stale,
        )
    return say(
        "report.text.review",
        "Review: {reviewed}, {labelled} with a human label from the dataset; {found}",
        reviewed=reviewed,
        labelled=review.from_dataset,
        found=found,
    )
