"""The report's sections as plain text lines, and its numbers as text; the whole report is
:func:`~judgedesk.core.report.text_report.format_report`."""

from __future__ import annotations

from typing import Any

from judgedesk.core.messages import Translate, as_is, render, say
from judgedesk.core.report.build import Estimate, Group, RunComparison, Summary
from judgedesk.core.report.confidence import ConfidenceCalibration
from judgedesk.core.report.history import VersionFigures
from judgedesk.core.report.sample_figures import TITLES, CorrectedFigure, SampleCorrection
from judgedesk.core.review import (
    MEANINGS,
    AgreementFigures,
    Confusion,
    Figure,
    LabelReading,
    PairAgreement,
    PeopleFigures,
    ReviewScale,
)

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
    how = "bootstrap" if estimate.method == "bootstrap" else "normal approximation"
    return f"the judge alone; 95% interval by {how} over {estimate.n} rows"


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
        return say("report.text.no_rows", "– (no rows)")
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


def agreement_lines(
    figures: AgreementFigures, scale: ReviewScale, tr: Translate = as_is
) -> list[str]:
    """Every figure of one pair of raters, with its count, in the reader's words (``tr``)."""
    if figures.n == 1:
        said = say(
            "report.text.pair_one",
            "{first} vs {second} ({kind}, 1 row)",
            first=figures.first,
            second=figures.second,
            kind=figures.kind,
        )
    else:
        said = say(
            "report.text.pair",
            "{first} vs {second} ({kind}, {n} rows)",
            first=figures.first,
            second=figures.second,
            kind=figures.kind,
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
    lines += [f"  {render(name, tr):<26}{render(value, tr)}" for name, value in rows]
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
            for line in confusion_lines(figures.confusion, scale, figures.first, figures.second)
        ]
    return lines


def group_lines(title: str, groups: list[Group]) -> list[str]:
    width = max(len(g.name) for g in groups)
    lines = [title]
    for group in groups:
        agree = group.person_agreement
        person = f"; person agreement {_figure(agree, True)}" if agree.n else ""
        headline = _headline(group.summary)
        if group.labels:
            headline = ", ".join(f"{b.label} {b.count}" for b in group.labels)
        lines.append(f"  {group.name:<{width}}  {group.summary.rows} rows, {headline}{person}")
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


def correction_lines(correction: SampleCorrection) -> list[str]:
    """The judge's figures beside those corrected by people's verdicts on the sample."""
    sample = correction.sample
    lines = [
        f"Random sample: {len(sample)} rows (seed {sample.seed}"
        + (f", stratified by {sample.by}" if sample.by else "")
        + f"), {correction.reviewed} with people's verdicts"
    ]
    for figure in correction.figures:
        lines.append("  " + corrected_line(figure))
    if correction.by_category:
        lines.append("  By category (from the sample rows in each):")
        for figure in correction.by_category:
            lines.append(f"    {figure.category} · {corrected_line(figure)}")
    if any(f.corrected is not None for f in correction.figures):
        lines.append(
            "  The judge's figure is its own view of every row; the corrected one shifts it by "
            "how far people and the judge differ on the sample, so where they differ, the "
            "judge alone is off by about that much."
        )
    if correction.outside:
        lines.append(
            f"  {correction.outside} rows outside the sample have people's verdicts: they are "
            "not used here, since rows picked by hand are not like the rest."
        )
    if correction.added_later:
        lines.append(
            f"  {correction.added_later} rows were judged after the sample was drawn: they are "
            "not in it, and count here as rows nobody reviewed."
        )
    return lines


def corrected_line(figure: CorrectedFigure) -> str:
    """ "Mean score: judge 3.100 · corrected 2.400 (95% CI …, 8 reviewed, 51 not)"."""
    show = percent if figure.rate else number
    title = TITLES[figure.figure]
    found = figure.corrected
    if found is None:
        needed = figure.reviews_needed
        return (
            f"{title}: judge {show(figure.judge_alone)}; review {needed} more sample "
            f"row{'s' if needed != 1 else ''} to correct it"
        )
    line = (
        f"{title}: judge {show(figure.judge_alone)} · corrected {show(found.estimate)} "
        f"(95% CI {show(found.ci_low)}–{show(found.ci_high)}, {found.n_labelled} reviewed, "
        f"{found.n_unlabelled} not{', stratified' if found.strata else ''})"
    )
    target = percent(figure.target) if figure.rate else number(figure.target)
    more = figure.more_for_target
    if more is not None and more > 0:
        line += f"; ±{target} needs {more} more reviews"
    elif more == 0:
        line += f"; within ±{target}"
    return line


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
            level=ceiling.level,
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


_KINDS = {
    "pairwise": "pairwise verdicts",
    "boolean": "correct / incorrect",
    "score": "scores",
    "label": "labels",
}


def human_label_lines(reading: LabelReading) -> list[str]:
    """How the dataset's human column was read, and every label that could not be."""
    how = _KINDS.get(reading.kind, reading.kind)
    if reading.numbers == "winner":
        how += "; its numbers 1 and 2 name the better answer (1 = A, 2 = B)"
    elif reading.numbers == "scale" and reading.kind == "pairwise":
        how += "; its numbers are the scale (1 = A much better … 5 = B much better)"
    empty = f", {reading.empty} empty" if reading.empty else ""
    lines = [
        f"Human labels from “{reading.column}” (read as {how}): {reading.labelled} read"
        f"{empty}, {reading.unreadable} could not be read"
    ]
    if reading.understood and reading.kind in ("pairwise", "boolean"):
        shown = ", ".join(
            f"{_quoted(label)} → {MEANINGS.get(key, key)} ({n})"
            for label, key, n in reading.understood
        )
        lines.append(f"  Read as: {shown}")
    if reading.unreadable:
        lines.append("  " + unreadable_sentence(reading))
    return lines


def unreadable_sentence(reading: LabelReading) -> str:
    """ "3 human labels could not be read: 'maybe' (2), '?' (1): not a pairwise verdict…"."""
    by_reason: dict[str, list[str]] = {}
    for label, why, n in reading.not_understood:
        by_reason.setdefault(why, []).append(f"{_quoted(label)} ({n})")
    listed = sum(n for _, _, n in reading.not_understood)
    parts = [f"{', '.join(values)}: {why}" for why, values in by_reason.items()]
    if reading.unreadable > listed:
        parts.append(f"and {reading.unreadable - listed} more")
    label = "human label" if reading.unreadable == 1 else "human labels"
    return f"{reading.unreadable} {label} could not be read: " + "; ".join(parts)


def counted_rows(n: int, tr: Translate = as_is) -> str:
    """``n`` rows in the reader's words: "1 row", "1,200 rows"."""
    word = say("report.text.row_word", "row") if n == 1 else say("report.text.rows_word", "rows")
    return f"{n:,} {render(word, tr)}"


def _quoted(label: str) -> str:
    return "'" + label + "'"
