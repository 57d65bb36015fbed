"""The calibration's table as ``judgedesk calibrate`` prints it, in the reader's
language: its sentences are the core's, its headings said and padded as they show."""

from __future__ import annotations

import unicodedata

from judgedesk.core.messages import Translate, as_is, render, say
from judgedesk.core.report.calibration import Calibration


def calibration_lines(calibration: Calibration, translate: Translate = as_is) -> list[str]:
    """The table ``judgedesk calibrate`` prints: its sentences as messages, the table's
    own lines said with ``translate`` (English template → the reader's) and aligned."""
    split = calibration.split

    def _columns(*cells: str) -> str:
        said = [render(cell, translate) for cell in cells]
        return " ".join(_pad(text, width) for text, width in zip(said, WIDTHS, strict=True))

    said: list[str] = [
        say(
            "report.calibration.head",
            "Calibration on {count} rows people gave a verdict on: {tuning} for tuning, "
            "{test} for the test (share {share}, seed {seed}).",
            count=len(split.rows),
            tuning=len(split.tuning),
            test=len(split.test),
            share=f"{split.share:g}",
            seed=split.seed,
        ),
        "",
        _columns(*COLUMNS),
    ]
    indent = " " * 21
    for judge in calibration.judges:
        for part, figures in ((PARTS["tuning"], judge.tuning), (PARTS["test"], judge.test)):
            low, high = figures.kappa_interval
            interval = f"{_show(low)} – {_show(high)}" if low is not None else "—"
            said.append(
                _columns(
                    judge.name[:20],
                    part,
                    str(figures.n),
                    _show(figures.agreement),
                    _show(figures.kappa),
                    interval,
                    _show(figures.weighted_kappa),
                    str(figures.unread),
                    str(figures.failed),
                )
            )
        usage = judge.usage
        cost = (
            ""
            if usage.cost is None
            else say("report.calibration.cost", ", cost {cost}", cost=f"{usage.cost:.4f}")
        )
        said.append(
            say(
                "report.calibration.usage",
                "{indent}{calls} calls ({cached} stored), {tokens} tokens{cost}{spent}",
                indent=indent,
                calls=usage.calls,
                cached=usage.cached,
                tokens=usage.prompt_tokens + usage.completion_tokens,
                cost=cost,
                spent=(
                    ""
                    if usage.seconds is None
                    else say(
                        "report.calibration.seconds",
                        ", {seconds} s",
                        seconds=f"{usage.seconds:.1f}",
                    )
                ),
            )
        )
        if judge.problem:
            said.append(
                say(
                    "report.calibration.problem",
                    "{indent}{problem}",
                    indent=indent,
                    problem=judge.problem,
                )
            )
    if calibration.chosen is None:
        said.append(
            say(
                "report.calibration.none",
                "No candidate can be proposed: none has a κ on the tuning rows.",
            )
        )
    else:
        said.append(
            say(
                "report.calibration.proposed",
                "Proposed: {name} (best κ on the tuning rows; the test rows say what to "
                "expect from it).",
                name=calibration.chosen,
            )
        )
    return said


PARTS = {
    "tuning": say("report.calibration.part_tuning", "tuning"),
    "test": say("report.calibration.part_test", "test"),
}
"""The parts' names in the table."""

COLUMNS = (
    say("report.calibration.column_judge", "judge"),
    say("report.calibration.column_part", "part"),
    "n",
    say("report.calibration.column_agree", "agree"),
    "κ",
    say("report.calibration.column_interval", "κ 95% interval"),
    "wκ",
    say("report.calibration.column_unread", "unread"),
    say("report.calibration.column_failed", "failed"),
)
"""The table's headings."""


WIDTHS = (20, 7, -4, -6, -6, -16, -6, -6, -6)
"""Each column's width in terminal cells; a negative one is aligned right."""


def _pad(text: str, width: int) -> str:
    """``text`` padded to ``width`` cells: a Chinese character takes two."""
    shown = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
    space = " " * max(0, abs(width) - shown)
    return text + space if width > 0 else space + text


def _show(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f}"
