"""The report's text on where people's verdicts come from: the dataset's human column as
it was read, and the random sample whose reviews correct the judge's figures."""

from __future__ import annotations

from judgedesk.core.messages import Message, Translate, as_is, render, rows_said, say
from judgedesk.core.report.sample_figures import TITLES, CorrectedFigure, SampleCorrection
from judgedesk.core.report.text import number, percent
from judgedesk.core.review import LabelReading

_KINDS: dict[str, Message] = {
    "pairwise": say("report.labels.pairwise", "pairwise verdicts"),
    "boolean": say("report.labels.boolean", "correct / incorrect"),
    "score": say("report.labels.score", "scores"),
    "label": say("report.labels.label", "labels"),
}
"""How a human column's values were read, by the kind the review stage found."""

MEANINGS: dict[str, Message] = {
    "A>>B": say("report.labels.a_much_better", "A much better"),
    "A>B": say("report.labels.a_better", "A better"),
    "A=B": say("report.labels.tie", "tie"),
    "B>A": say("report.labels.b_better", "B better"),
    "B>>A": say("report.labels.b_much_better", "B much better"),
    "A": say("report.labels.a_wins", "A wins"),
    "B": say("report.labels.b_wins", "B wins"),
    "correct": say("report.labels.correct", "correct"),
    "incorrect": say("report.labels.incorrect", "incorrect"),
}
"""What each verdict read means, by the review stage's meaning keys."""


def human_label_lines(reading: LabelReading, tr: Translate = as_is) -> list[str]:
    """How the dataset's human column was read, and every label that could not be."""
    how: str = _KINDS.get(reading.kind, reading.kind)
    if reading.numbers == "winner":
        how = say(
            "report.labels.winner_numbers",
            "{how}; its numbers 1 and 2 name the better answer (1 = A, 2 = B)",
            how=how,
        )
    elif reading.numbers == "scale" and reading.kind == "pairwise":
        how = say(
            "report.labels.scale_numbers",
            "{how}; its numbers are the scale (1 = A much better … 5 = B much better)",
            how=how,
        )
    empty = ""
    if reading.empty:
        empty = render(say("report.labels.empty", ", {count} empty", count=reading.empty), tr)
    said = say(
        "report.labels.read",
        "Human labels from “{column}” (read as {how}): {read} read{empty}, {unreadable} could "
        "not be read",
        column=reading.column,
        how=how,
        read=reading.labelled,
        empty=empty,
        unreadable=reading.unreadable,
    )
    lines = [render(said, tr)]
    if reading.understood and reading.kind in ("pairwise", "boolean"):
        shown = ", ".join(
            f"{_quoted(label)} → {render(MEANINGS[key], tr) if key in MEANINGS else key} ({n})"
            for label, key, n in reading.understood
        )
        read_as = say("report.labels.read_as", "Read as: {shown}", shown=shown)
        lines.append("  " + render(read_as, tr))
    if reading.unreadable:
        lines.append("  " + unreadable_sentence(reading, tr))
    return lines


def unreadable_sentence(reading: LabelReading, tr: Translate = as_is) -> str:
    """ "3 human labels could not be read: 'maybe' (2), '?' (1): not a pairwise verdict…"."""
    by_reason: dict[str, list[str]] = {}
    for label, why, n in reading.not_understood:
        by_reason.setdefault(render(why, tr), []).append(f"{_quoted(label)} ({n})")
    listed = sum(n for _, _, n in reading.not_understood)
    parts = [f"{', '.join(values)}: {why}" for why, values in by_reason.items()]
    if reading.unreadable > listed:
        more = say("report.labels.more", "and {count} more", count=reading.unreadable - listed)
        parts.append(render(more, tr))
    reasons = "; ".join(parts)
    if reading.unreadable == 1:
        said = say(
            "report.labels.unreadable_one", "1 human label could not be read: {why}", why=reasons
        )
    else:
        said = say(
            "report.labels.unreadable",
            "{count} human labels could not be read: {why}",
            count=reading.unreadable,
            why=reasons,
        )
    return render(said, tr)


def correction_lines(correction: SampleCorrection, tr: Translate = as_is) -> list[str]:
    """The judge's figures beside those corrected by people's verdicts on the sample."""
    sample = correction.sample
    by = ""
    if sample.by:
        by = render(say("report.sample.by", ", stratified by {field}", field=sample.by), tr)
    said = say(
        "report.sample.heading",
        "Random sample: {rows} (seed {seed}{by}), {reviewed} with people's verdicts",
        rows=rows_said(len(sample)),
        seed=sample.seed,
        by=by,
        reviewed=correction.reviewed,
    )
    lines = [render(said, tr)]
    for figure in correction.figures:
        lines.append("  " + corrected_line(figure, tr))
    if correction.by_category:
        by_category = say(
            "report.sample.by_category", "By category (from the sample rows in each):"
        )
        lines.append("  " + render(by_category, tr))
        for figure in correction.by_category:
            lines.append(f"    {figure.category} · {corrected_line(figure, tr)}")
    notes: list[Message] = []
    if any(f.corrected is not None for f in correction.figures):
        notes.append(
            say(
                "report.sample.what_corrected",
                "The judge's figure is its own view of every row; the corrected one shifts it "
                "by how far people and the judge differ on the sample, so where they differ, "
                "the judge alone is off by about that much.",
            )
        )
    if correction.outside == 1:
        notes.append(
            say(
                "report.sample.outside_one",
                "1 row outside the sample has people's verdicts: it is not used here, since "
                "rows picked by hand are not like the rest.",
            )
        )
    elif correction.outside:
        notes.append(
            say(
                "report.sample.outside",
                "{count} rows outside the sample have people's verdicts: they are not used "
                "here, since rows picked by hand are not like the rest.",
                count=correction.outside,
            )
        )
    if correction.added_later == 1:
        notes.append(
            say(
                "report.sample.later_one",
                "1 row was judged after the sample was drawn: it is not in it, and counts "
                "here as a row nobody reviewed.",
            )
        )
    elif correction.added_later:
        notes.append(
            say(
                "report.sample.later",
                "{count} rows were judged after the sample was drawn: they are not in it, "
                "and count here as rows nobody reviewed.",
                count=correction.added_later,
            )
        )
    return lines + ["  " + render(note, tr) for note in notes]


def corrected_line(figure: CorrectedFigure, tr: Translate = as_is) -> str:
    """ "Mean score: judge 3.100 · corrected 2.400 (95% CI …, 8 reviewed, 51 not)"."""
    show = percent if figure.rate else number
    title = TITLES[figure.figure]
    found = figure.corrected
    if found is None:
        needed = figure.reviews_needed
        if needed == 1:
            said = say(
                "report.sample.needs_one",
                "{title}: judge {judge}; review 1 more sample row to correct it",
                title=title,
                judge=show(figure.judge_alone),
            )
        else:
            said = say(
                "report.sample.needs",
                "{title}: judge {judge}; review {needed} more sample rows to correct it",
                title=title,
                judge=show(figure.judge_alone),
                needed=needed,
            )
        return render(said, tr)
    stratified = render(say("report.sample.stratified", ", stratified"), tr) if found.strata else ""
    said = say(
        "report.sample.corrected",
        "{title}: judge {judge} · corrected {estimate} (95% CI {low}–{high}, {reviewed} "
        "reviewed, {others} not{stratified})",
        title=title,
        judge=show(figure.judge_alone),
        estimate=show(found.estimate),
        low=show(found.ci_low),
        high=show(found.ci_high),
        reviewed=found.n_labelled,
        others=found.n_unlabelled,
        stratified=stratified,
    )
    line = render(said, tr)
    target = percent(figure.target) if figure.rate else number(figure.target)
    more = figure.more_for_target
    if more == 1:
        said = say("report.sample.target_one", "; ±{target} needs 1 more review", target=target)
        line += render(said, tr)
    elif more is not None and more > 0:
        said = say(
            "report.sample.target",
            "; ±{target} needs {more} more reviews",
            target=target,
            more=more,
        )
        line += render(said, tr)
    elif more == 0:
        line += render(say("report.sample.within", "; within ±{target}", target=target), tr)
    return line


def _quoted(label: str) -> str:
    return "'" + label + "'"
