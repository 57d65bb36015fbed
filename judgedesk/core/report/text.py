"""A report as plain text, for ``judgedesk report`` and logs."""

from __future__ import annotations

from typing import Any

from judgedesk.core.report.build import Estimate, Group, Report, RunComparison, Summary
from judgedesk.core.report.pairwise import PairwiseFigures, Rate
from judgedesk.core.review.agreement import AgreementFigures, Confusion, Figure
from judgedesk.core.review.human import ReviewScale

MAX_CHANGES_SHOWN = 20
BAR_WIDTH = 30


def percent(value: float | None) -> str:
    """0.756 → "75.6%"; None → "–"."""
    return "–" if value is None else f"{value * 100:.1f}%"


def number(value: float | None) -> str:
    """A figure to three decimals; None → "–"."""
    return "–" if value is None else f"{value:.3f}"


def interval(estimate: Estimate, as_percent: bool) -> str:
    """ "75.0% (95% CI 55.0%–90.0%, n=20)"."""
    show = percent if as_percent else number
    if estimate.low is None or estimate.high is None:
        return f"{show(estimate.value)} (n={estimate.n})"
    return (
        f"{show(estimate.value)} (95% CI {show(estimate.low)}–{show(estimate.high)}, "
        f"n={estimate.n})"
    )


def summary_lines(summary: Summary) -> list[str]:
    """The status counts and the headline figure."""
    counts = summary.counts
    lines = [
        f"Rows: {summary.rows} — {counts['ok']} ok, {counts['error']} errors, "
        f"{counts['unparsed']} unparsed"
    ]
    if summary.accuracy is not None:
        lines.append(f"Accuracy: {interval(summary.accuracy, True)}")
    if summary.mean is not None:
        lines.append(f"Mean score: {interval(summary.mean, False)}")
    if summary.win_rate is not None:
        lines.append(
            f"Win rate: {interval(summary.win_rate, True)}; ties {percent(summary.tie_rate)}, "
            f"losses {percent(summary.loss_rate)}"
        )
    return lines


def _headline(summary: Summary) -> str:
    if summary.accuracy is not None:
        return "accuracy " + interval(summary.accuracy, True)
    if summary.win_rate is not None:
        return "win rate " + interval(summary.win_rate, True)
    if summary.mean is not None:
        return "mean " + interval(summary.mean, False)
    return "no verdicts"


def _figure(figure: Figure, as_percent: bool = False) -> str:
    if figure.n == 0 and figure.value is None:
        return "– (no rows)"
    value = percent(figure.value) if as_percent else number(figure.value)
    return f"{value} (n={figure.n})"


def confusion_lines(matrix: Confusion, scale: ReviewScale, first: str, second: str) -> list[str]:
    """The confusion matrix as an aligned table, the first rater in rows."""
    names = [scale.name_of(label) or str(label) for label in matrix.labels]
    width = max([len(n) for n in names] + [len(str(c)) for r in matrix.counts for c in r] + [3])
    head = " " * (width + 2) + " ".join(f"{n:>{width}}" for n in names)
    lines = [f"confusion matrix (rows: {first}, columns: {second})", head]
    for name, row in zip(names, matrix.counts, strict=True):
        lines.append(f"{name:>{width}}  " + " ".join(f"{c:>{width}}" for c in row))
    return lines


def agreement_lines(figures: AgreementFigures, scale: ReviewScale) -> list[str]:
    """Every figure of one pair of raters, with its count."""
    lines = [f"{figures.first} vs {figures.second} ({figures.kind}, {figures.n} rows)"]
    rows: list[tuple[str, str]] = [
        ("exact agreement", _figure(figures.exact, True)),
        ("Cohen's kappa", _figure(figures.kappa)),
    ]
    if figures.kind == "ordinal":
        rows += [
            ("kappa, linear weights", _figure(figures.kappa_linear)),
            ("kappa, quadratic weights", _figure(figures.kappa_quadratic)),
            ("Spearman correlation", _figure(figures.spearman)),
            ("mean absolute difference", _figure(figures.mean_abs_diff)),
        ]
    lines += [f"  {name:<26}{value}" for name, value in rows]
    if figures.confusion.n:
        lines += [
            "  " + line
            for line in confusion_lines(figures.confusion, scale, figures.first, figures.second)
        ]
    return lines


def _group_lines(title: str, groups: list[Group]) -> list[str]:
    width = max(len(g.name) for g in groups)
    lines = [title]
    for group in groups:
        agree = group.person_agreement
        person = f"; person agreement {_figure(agree, True)}" if agree.n else ""
        lines.append(
            f"  {group.name:<{width}}  {group.summary.rows} rows, {_headline(group.summary)}"
            f"{person}"
        )
    return lines


def comparison_lines(comparison: RunComparison, scale: ReviewScale) -> list[str]:
    """What changed between two runs."""
    lines = [
        f"Run {comparison.first} → run {comparison.second}: {comparison.rows} rows in both, "
        f"{len(comparison.changed)} changed",
        f"  before: {_headline(comparison.before)}",
        f"  after:  {_headline(comparison.after)}",
    ]
    for change in comparison.changed[:MAX_CHANGES_SHOWN]:
        lines.append(
            f"  row {change.row_index} ({change.row_id}): "
            f"{_result(change.before_status, change.before, scale)} → "
            f"{_result(change.after_status, change.after, scale)}"
        )
    if len(comparison.changed) > MAX_CHANGES_SHOWN:
        lines.append(f"  … and {len(comparison.changed) - MAX_CHANGES_SHOWN} more")
    lines += ["  " + line for line in agreement_lines(comparison.agreement, scale)]
    return lines


def _result(status: str | None, value: Any, scale: ReviewScale) -> str:
    return scale.name_of(value) if status == "ok" else str(status)


def format_report(report: Report) -> str:
    """The whole report as text."""
    what = f"run {report.run_id}" if report.run_id is not None else "latest result of each row"
    lines = [f"{report.project or 'Project'} — {what}", *summary_lines(report.summary)]
    if report.distribution:
        top = max(b.count for b in report.distribution) or 1
        width = max(len(b.label) for b in report.distribution)
        lines += ["", "Distribution"]
        for item in report.distribution:
            bar = "█" * round(item.count / top * BAR_WIDTH)
            lines.append(f"  {item.label:>{width}}  {bar} {item.count}")
    if report.dimensions:
        lines += ["", *_group_lines("Dimensions", report.dimensions)]
    if report.categories:
        lines += ["", *_group_lines(f"By {report.category_field}", report.categories)]
    review = report.review
    lines += [
        "",
        f"Review: {review.reviewed} of {review.total} rows reviewed by hand, "
        f"{review.from_dataset} with a human label from the dataset; "
        f"{review.disagreed} disagreements, {review.flagged} flagged, {review.stale} stale",
    ]
    lines += ["", "Agreement"]
    for figures in report.agreement:
        lines += ["  " + line for line in agreement_lines(figures, report.scale)]
    if report.pairwise is not None:
        lines += ["", *pairwise_lines(report.pairwise)]
    if report.comparison is not None:
        lines += ["", *comparison_lines(report.comparison, report.scale)]
    return "\n".join(lines) + "\n"


def pairwise_lines(figures: PairwiseFigures) -> list[str]:
    """Win, tie and loss of B against A, and each judge's position bias."""
    lines = [
        "Pairwise (B, the evaluated answer, against A)",
        f"  {figures.pairs} pairs: {figures.wins} wins, {figures.ties} ties, "
        f"{figures.losses} losses",
        f"  Win rate: {interval(figures.win_rate, True)}",
        f"  Score (win 1, tie ½, loss 0): {interval(figures.score, True)}",
        f"  Graded score (strong verdicts weigh more): {interval(figures.graded, True)}",
    ]
    for judge in figures.judges:
        lines.append(
            f"  Judge {judge.judge}: the same direction in both orders for "
            f"{_rate(judge.consistency)}; the answer shown first won {_rate(judge.first_position)}"
            f"; the longer answer won {_rate(judge.longer_answer)}"
        )
    if figures.inconsistent_rows:
        shown = ", ".join(str(r) for r in figures.inconsistent_rows[:MAX_CHANGES_SHOWN])
        more = len(figures.inconsistent_rows) - MAX_CHANGES_SHOWN
        lines.append(
            "  Judged differently in the two orders (counted as ties): rows "
            + shown
            + (f" and {more} more" if more > 0 else "")
        )
    return lines


def _rate(rate: Rate) -> str:
    return f"{percent(rate.value)} ({rate.hits} of {rate.n})"
