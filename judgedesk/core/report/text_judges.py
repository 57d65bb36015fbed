"""The judges' part of the report's text: each judge's counts, how far the judges agree
with each other and with themselves, and the figures of pairwise judging."""

from __future__ import annotations

from judgedesk.core.messages import Translate, as_is, render, say
from judgedesk.core.report.judges import JudgeCounts
from judgedesk.core.report.pairwise import PairwiseFigures, Rate
from judgedesk.core.report.text import (
    MAX_CHANGES_SHOWN,
    counted_rows,
    interval,
    pad,
    percent,
    shown_width,
)
from judgedesk.core.report.words import level_said, verdicts_said
from judgedesk.core.review import Ceiling


def pairwise_lines(figures: PairwiseFigures, tr: Translate = as_is) -> list[str]:
    """Win, tie and loss of B against A, and each judge's position bias."""
    said = [
        say("report.text.pairwise", "Pairwise (B, the evaluated answer, against A)"),
        say(
            "report.text.pairs",
            "  {pairs} pairs: {wins} wins, {ties} ties, {losses} losses",
            pairs=figures.pairs,
            wins=figures.wins,
            ties=figures.ties,
            losses=figures.losses,
        ),
        say(
            "report.text.pair_win_rate",
            "  Win rate: {value}",
            value=interval(figures.win_rate, True),
        ),
        say(
            "report.text.pair_score",
            "  Score (win 1, tie ½, loss 0): {value}",
            value=interval(figures.score, True),
        ),
        say(
            "report.text.pair_graded",
            "  Graded score (strong verdicts weigh more): {value}",
            value=interval(figures.graded, True),
        ),
    ]
    for judge in figures.judges:
        said.append(
            say(
                "report.text.pair_judge",
                "  Judge {judge}: the same direction in both orders for {consistency}; the "
                "answer shown first won {first}; the longer answer won {longer}",
                judge=judge.judge,
                consistency=_rate(judge.consistency, tr),
                first=_rate(judge.first_position, tr),
                longer=_rate(judge.longer_answer, tr),
            )
        )
        people = judge.people
        if people is not None:
            said += [
                say(
                    "report.text.pair_people",
                    "    Against the person's labels, {pairs} pairs, by the answer each verdict "
                    "favours (a tie matches only a tie; 'without ties' leaves out verdicts "
                    "where either side calls one):",
                    pairs=people.pairs,
                ),
                say(
                    "report.text.pair_per_order",
                    "      each order's verdict counted alone {rate}, without ties {without}",
                    rate=_rate(people.per_order, tr),
                    without=_rate(people.per_order_without_ties, tr),
                ),
                say(
                    "report.text.pair_combined",
                    "      the combined verdict {rate}, without ties {without}",
                    rate=_rate(people.combined, tr),
                    without=_rate(people.combined_without_ties, tr),
                ),
                say(
                    "report.text.pair_consistency",
                    "      the same direction in both orders {rate}",
                    rate=_rate(people.consistency, tr),
                ),
            ]
    if figures.inconsistent_rows:
        shown = ", ".join(str(r) for r in figures.inconsistent_rows[:MAX_CHANGES_SHOWN])
        more = len(figures.inconsistent_rows) - MAX_CHANGES_SHOWN
        if more > 0:
            said.append(
                say(
                    "report.text.pair_inconsistent_more",
                    "  Judged differently in the two orders (counted as ties): rows {rows} "
                    "and {more} more",
                    rows=shown,
                    more=more,
                )
            )
        else:
            said.append(
                say(
                    "report.text.pair_inconsistent",
                    "  Judged differently in the two orders (counted as ties): rows {rows}",
                    rows=shown,
                )
            )
    return [render(line, tr) for line in said]


def _rate(rate: Rate, tr: Translate = as_is) -> str:
    said = say(
        "report.text.rate",
        "{value} ({hits} of {n})",
        value=percent(rate.value),
        hits=rate.hits,
        n=rate.n,
    )
    return render(said, tr)


def judge_lines(judges: list[JudgeCounts], tr: Translate = as_is) -> list[str]:
    """Each judge's verdicts, unreadable replies and failures."""
    width = max(shown_width(j.name) for j in judges)
    lines = [render(say("report.html.judges", "Judges"), tr)]
    for judge in judges:
        said = say(
            "report.text.judge_counts",
            "{verdicts}, {unparsed} unparsed, {failed} failed (asked about {asked})",
            verdicts=verdicts_said(judge.verdicts),
            unparsed=judge.unparsed,
            failed=judge.failed,
            asked=counted_rows(judge.asked, tr),
        )
        lines.append(f"  {pad(judge.name, width)}  {render(said, tr)}")
        if judge.samples > 1:
            lines.append(f"  {pad('', width)}  {self_agreement_text(judge, tr)}")
    return lines


def judges_alpha_text(ceiling: Ceiling, tr: Translate = as_is) -> str:
    """How far the judges agree with each other, across all of them."""
    alpha = "—" if ceiling.alpha.value is None else f"{ceiling.alpha.value:.2f}"
    low, high = ceiling.interval
    shown = ""
    if low is not None and high is not None:
        said = say(
            "report.text.alpha_interval",
            ", 95% {low} to {high}",
            low=f"{low:.2f}",
            high=f"{high:.2f}",
        )
        shown = render(said, tr)
    said = say(
        "report.text.judges_alpha",
        "  The {judges} judges agree with each other at α = {alpha}{interval} ({level}, over "
        "{rows})",
        judges=len(ceiling.raters),
        alpha=alpha,
        interval=shown,
        level=level_said(ceiling.level),
        rows=counted_rows(ceiling.rows, tr),
    )
    return render(said, tr)


def self_agreement_text(judge: JudgeCounts, tr: Translate = as_is) -> str:
    """A judge asked several times per row: how far its samples agree with each other."""
    alpha = "—" if judge.self_agreement is None else f"{judge.self_agreement:.2f}"
    said = say(
        "report.text.self_agreement",
        "asked {samples} times per row: agrees with itself at α = {alpha} ({level}, over {rows})",
        samples=judge.samples,
        alpha=alpha,
        level=level_said(judge.self_agreement_level or "nominal"),
        rows=counted_rows(judge.self_agreement_rows, tr),
    )
    return render(said, tr)
