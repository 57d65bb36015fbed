"""The report's sections as plain text lines, and its numbers as text; the whole report is
:func:`~judgedesk.core.report.text_report.format_report`."""

from __future__ import annotations

import unicodedata
from typing import Any

from judgedesk.core.messages import Message, Translate, as_is, render, rows_said, say
from judgedesk.core.report.build import Estimate, Group, RunComparison, Summary
from judgedesk.core.report.confidence import ConfidenceCalibration
from judgedesk.core.report.history import VersionFigures
from judgedesk.core.report.words import level_said, rater, status_said
from judgedesk.core.review import (
    AgreementFigures,
    Confusion,
    Figure,
    PairAgreement,
    PeopleFigures,
    ReviewScale,
)

MAX_CHANGES_SHOWN = 20
BAR_WIDTH = 30


def shown_width(text: str) -> int:
    """The columns a terminal gives ``text``: two for a wide character (Chinese)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def pad(text: str, width: int, right: bool = False) -> str:
    """``text`` padded with spaces to ``width`` columns, on the left when ``right``."""
    room = " " * max(0, width - shown_width(text))
    return room + text if right else text + room


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
    return say(
        "report.interval",
        "{value} (95% CI {low}–{high}, n={n})",
        value=show(estimate.value),
        low=show(estimate.low),
        high=show(estimate.high),
        n=estimate.n,
    )


def estimate_rests_on(estimate: Estimate) -> str:
    """What a judge's figure rests on: "the judge alone; 95% interval by bootstrap over
    412 rows"."""
    if estimate.method == "bootstrap":
        return say(
            "report.html.rests_bootstrap",
            "the judge alone; 95% interval by bootstrap over {n} rows",
            n=estimate.n,
        )
    return say(
        "report.html.rests_normal",
        "the judge alone; 95% interval by normal approximation over {n} rows",
        n=estimate.n,
    )


def _headline(summary: Summary) -> str:
    if summary.accuracy is not None:
        return say(
            "report.text.headline_accuracy",
            "accuracy {value}",
            value=interval(summary.accuracy, True),
        )
    if summary.win_rate is not None:
        return say(
            "report.text.headline_win_rate",
            "win rate {value}",
            value=interval(summary.win_rate, True),
        )
    if summary.mean is not None:
        return say("report.text.headline_mean", "mean {value}", value=interval(summary.mean, False))
    return say("report.text.no_verdicts", "no verdicts")


def _figure(figure: Figure, as_percent: bool = False) -> str:
    if figure.n == 0 and figure.value is None:
        return say("report.text.no_rows", "– (no rows)")
    value = percent(figure.value) if as_percent else number(figure.value)
    return f"{value} (n={figure.n})"


def confusion_lines(
    matrix: Confusion, scale: ReviewScale, first: str, second: str, tr: Translate = as_is
) -> list[str]:
    """The confusion matrix as an aligned table, the first rater in rows."""
    names = [scale.name_of(label) or str(label) for label in matrix.labels]
    counts = [len(str(c)) for r in matrix.counts for c in r]
    width = max([shown_width(n) for n in names] + counts + [3])
    head = " " * (width + 2) + " ".join(pad(n, width, right=True) for n in names)
    said = say(
        "report.text.confusion",
        "confusion matrix (rows: {first}, columns: {second})",
        first=rater(first, tr),
        second=rater(second, tr),
    )
    lines = [render(said, tr), head]
    for name, row in zip(names, matrix.counts, strict=True):
        lines.append(pad(name, width, right=True) + "  " + " ".join(f"{c:>{width}}" for c in row))
    return lines


def agreement_lines(
    figures: AgreementFigures, scale: ReviewScale, tr: Translate = as_is
) -> list[str]:
    """Every figure of one pair of raters, with its count, in the reader's words (``tr``)."""
    if figures.n == 1:
        said = say(
            "report.text.pair_one",
            "{first} vs {second} ({kind}, 1 row)",
            first=rater(figures.first, tr),
            second=rater(figures.second, tr),
            kind=level_said(figures.kind),
        )
    else:
        said = say(
            "report.text.pair",
            "{first} vs {second} ({kind}, {n} rows)",
            first=rater(figures.first, tr),
            second=rater(figures.second, tr),
            kind=level_said(figures.kind),
            n=figures.n,
        )
    lines = [render(said, tr)]
    rows: list[tuple[str, str]] = [
        (say("report.text.exact", "exact agreement"), _figure(figures.exact, True)),
        (say("report.text.kappa", "Cohen's kappa"), _figure(figures.kappa)),
    ]
    if figures.kind == "ordinal":
        rows += [
            (
                say("report.text.kappa_linear", "kappa, linear weights"),
                _figure(figures.kappa_linear),
            ),
            (
                say("report.text.kappa_quadratic", "kappa, quadratic weights"),
                _figure(figures.kappa_quadratic),
            ),
            (say("report.text.spearman", "Spearman correlation"), _figure(figures.spearman)),
            (
                say("report.text.mean_abs_diff", "mean absolute difference"),
                _figure(figures.mean_abs_diff),
            ),
        ]
    lines += [f"  {pad(render(name, tr), 26)}{render(value, tr)}" for name, value in rows]
    if figures.side_only:
        said = say(
            "report.text.side_only",
            "{rows} left out: a label that only names the better answer (A or B) says nothing "
            "of how much better; they count in win/tie/loss",
            rows=counted_rows(figures.side_only, tr),
        )
        lines.append("  " + render(said, tr))
    if figures.confusion.n:
        lines += [
            "  " + line
            for line in confusion_lines(figures.confusion, scale, figures.first, figures.second, tr)
        ]
    return lines


def group_lines(title: str, groups: list[Group], tr: Translate = as_is) -> list[str]:
    """Each group's rows and headline figure, with the person's agreement when reviewed."""
    width = max(shown_width(g.name) for g in groups)
    lines = [title]
    for group in groups:
        agree = group.person_agreement
        person = ""
        if agree.n:
            said = say(
                "report.text.group_person",
                "; person agreement {figure}",
                figure=_figure(agree, True),
            )
            person = render(said, tr)
        headline = render(_headline(group.summary), tr)
        if group.labels:
            headline = ", ".join(f"{b.label} {b.count}" for b in group.labels)
        rows = counted_rows(group.summary.rows, tr)
        lines.append(f"  {pad(group.name, width)}  {rows}, {headline}{person}")
    return lines


def comparison_lines(
    comparison: RunComparison, scale: ReviewScale, tr: Translate = as_is
) -> list[str]:
    """What changed between two runs."""
    said: list[Message] = [
        say(
            "report.text.compared",
            "Run {first} → run {second}: {rows} in both, {changed} changed",
            first=comparison.first,
            second=comparison.second,
            rows=rows_said(comparison.rows),
            changed=len(comparison.changed),
        ),
        say("report.text.before", "  before: {headline}", headline=_headline(comparison.before)),
        say("report.text.after", "  after:  {headline}", headline=_headline(comparison.after)),
    ]
    for change in comparison.changed[:MAX_CHANGES_SHOWN]:
        said.append(
            say(
                "report.text.change",
                "  row {row} ({row_id}): {before} → {after}",
                row=change.row_index,
                row_id=change.row_id,
                before=_result(change.before_status, change.before, scale),
                after=_result(change.after_status, change.after, scale),
            )
        )
    if len(comparison.changed) > MAX_CHANGES_SHOWN:
        more = len(comparison.changed) - MAX_CHANGES_SHOWN
        said.append(say("report.text.more_changes", "  … and {more} more", more=more))
    lines = [render(line, tr) for line in said]
    lines += ["  " + line for line in agreement_lines(comparison.agreement, scale, tr)]
    return lines


def _result(status: str | None, value: Any, scale: ReviewScale) -> str:
    return scale.name_of(value) if status == "ok" else status_said(status)


def confidence_lines(calibration: ConfidenceCalibration, tr: Translate = as_is) -> list[str]:
    """The judges' confidence against agreement with people, a line per bin."""
    said = say(
        "report.text.confidence",
        "Confidence and agreement with people ({rows}, expected calibration error {ece})",
        rows=f"{calibration.rows} "
        + render(
            say("report.text.reviewed_row", "reviewed row")
            if calibration.rows == 1
            else say("report.text.reviewed_rows", "reviewed rows"),
            tr,
        ),
        ece=number(calibration.ece),
    )
    lines = [render(said, tr)]
    for b in calibration.bins:
        if b.rows:
            said = say(
                "report.text.confidence_bin",
                "{low}–{high}: {rows}, mean confidence {confidence}, people agreed {agreed}",
                low=f"{b.low:.1f}",
                high=f"{b.high:.1f}",
                rows=counted_rows(b.rows, tr),
                confidence=number(b.confidence),
                agreed=percent(b.agreement),
            )
            lines.append("  " + render(said, tr))
    return lines


def people_lines(people: PeopleFigures, tr: Translate = as_is) -> list[str]:
    """Agreement among people (the ceiling) beside the judge's with them."""
    lines = [render(say("report.text.people", "People"), tr), "  " + render(people.sentence(), tr)]
    ceiling = people.ceiling
    if ceiling is not None:
        low, high = ceiling.interval
        spread = f" [{number(low)}, {number(high)}]" if low is not None else ""
        said = say(
            "report.text.people_alpha",
            "Krippendorff's α ({level}) across {raters}: {alpha}{spread}, n = {n}",
            level=level_said(ceiling.level),
            raters=", ".join(ceiling.raters),
            alpha=number(ceiling.alpha.value),
            spread=spread,
            n=ceiling.rows,
        )
        lines.append("  " + render(said, tr))
        for pair in ceiling.pairs:
            lines.append(f"  {_pair(pair, tr)}")
    for pair in people.judge_vs:
        lines.append(f"  {_pair(pair, tr)}")
    if people.judge_vs_consensus is not None:
        said = say(
            "report.text.consensus",
            "{pair} (the people's consensus)",
            pair=_pair(people.judge_vs_consensus, tr),
        )
        lines.append("  " + render(said, tr))
    return lines


def history_lines(history: list[VersionFigures], tr: Translate = as_is) -> list[str]:
    """Each judge version against people, oldest first, with the rows that moved."""
    heading = say(
        "report.text.history", "Agreement history (each version of a judge against people)"
    )
    lines = [render(heading, tr)]
    for version in history:
        runs = ", ".join(map(str, version.runs))
        said = say(
            "report.text.version",
            "{judge} {version} (runs {runs}): n={n}, exact {exact}, κ {kappa}",
            judge=version.judge,
            version=version.version,
            runs=runs,
            n=version.n,
            exact=_figure(version.exact, True),
            kappa=_figure(version.kappa),
        )
        line = "  " + render(said, tr)
        if version.true_positive_rate is not None or version.true_negative_rate is not None:
            said = say(
                "report.text.version_finds",
                ", finds correct {correct}, incorrect {incorrect}",
                correct=percent(version.true_positive_rate),
                incorrect=percent(version.true_negative_rate),
            )
            line += render(said, tr)
        if version.toward or version.away:
            said = say(
                "report.text.version_moved",
                "; {toward} moved toward people, {away} away",
                toward=counted_rows(len(version.toward), tr),
                away=len(version.away),
            )
            line += render(said, tr)
        lines.append(line)
    return lines


def _pair(pair: PairAgreement, tr: Translate = as_is) -> str:
    said = say(
        "report.text.pair_figures",
        "{first} – {second}: exact {exact}, κ {kappa}",
        first=pair.first,
        second=pair.second,
        exact=_figure(pair.exact, True),
        kappa=_figure(pair.kappa),
    )
    return render(said, tr)


def counted_rows(n: int, tr: Translate = as_is) -> str:
    """``n`` rows in the reader's words: "1 row", "1,200 rows"."""
    return render(rows_said(n), tr)
