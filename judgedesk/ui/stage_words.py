"""The words of the pipeline's states and of the next step, in the interface's language."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from judgedesk.core.project import Mark, NextStep, StageState
from judgedesk.ui.counts import rows_said


def stage_title(stage: str) -> str:
    """A stage's name, as the sidebar shows it."""
    return {
        "dataset": QCoreApplication.translate("StageWords", "Dataset"),
        "template": QCoreApplication.translate("StageWords", "Template"),
        "scripts": QCoreApplication.translate("StageWords", "Scripts"),
        "judges": QCoreApplication.translate("StageWords", "Judges"),
        "run": QCoreApplication.translate("StageWords", "Run"),
        "calibrate": QCoreApplication.translate("StageWords", "Calibrate…"),
        "review_sample": QCoreApplication.translate("StageWords", "Review the Sample"),
        "review": QCoreApplication.translate("StageWords", "Review"),
        "report": QCoreApplication.translate("StageWords", "Report"),
    }[stage]


def mark_word(mark: Mark) -> str:
    """The word that goes with a mark, so that no state is told by colour alone."""
    return {
        Mark.DONE: QCoreApplication.translate("StageWords", "done"),
        Mark.TODO: QCoreApplication.translate("StageWords", "to do"),
        Mark.BLOCKS: QCoreApplication.translate("StageWords", "stops a run"),
        Mark.WARN: QCoreApplication.translate("StageWords", "needs a look"),
        Mark.BUSY: QCoreApplication.translate("StageWords", "working"),
        Mark.IDLE: QCoreApplication.translate("StageWords", "not yet"),
    }[mark]


def _n(count: int) -> str:
    return f"{count:,}"


def _more_reviews(count: int) -> str:
    if count == 1:
        return QCoreApplication.translate("StageWords", "1 more review")
    return QCoreApplication.translate("StageWords", "{0} more reviews").format(_n(count))


def state_line(state: StageState) -> str:
    """A stage's state in a few words ("24 rows", "1 problem", "running 40%")."""
    c = state.counts
    key = (state.stage, state.code)
    if key == ("dataset", "none"):
        return QCoreApplication.translate("StageWords", "no dataset yet")
    if key == ("dataset", "missing"):
        return QCoreApplication.translate("StageWords", "file not found")
    if key == ("dataset", "reading"):
        return QCoreApplication.translate("StageWords", "reading…")
    if key == ("dataset", "rows"):
        return rows_said(c[0])
    if key == ("dataset", "unreadable"):
        return QCoreApplication.translate("StageWords", "{0}, {1} unreadable").format(
            rows_said(c[0]), _n(c[1])
        )
    if key == ("template", "problems"):
        return (
            QCoreApplication.translate("StageWords", "1 problem")
            if c[0] == 1
            else QCoreApplication.translate("StageWords", "{0} problems").format(_n(c[0]))
        )
    if key == ("template", "none"):
        return QCoreApplication.translate("StageWords", "not used")
    if key == ("template", "ready"):
        return QCoreApplication.translate("StageWords", "ready")
    if key == ("scripts", "off"):
        return QCoreApplication.translate("StageWords", "off")
    if key == ("scripts", "on"):
        return QCoreApplication.translate("StageWords", "on")
    if key == ("scripts", "failing"):
        return QCoreApplication.translate("StageWords", "on, {0} failing").format(_n(c[0]))
    if key == ("judges", "none"):
        return QCoreApplication.translate("StageWords", "none yet")
    if key == ("judges", "off"):
        return QCoreApplication.translate("StageWords", "all switched off")
    if key == ("judges", "problems"):
        if state.spot is not None and state.spot.unreachable:
            return QCoreApplication.translate("StageWords", "not reachable")
        return (
            QCoreApplication.translate("StageWords", "1 problem")
            if c[0] == 1
            else QCoreApplication.translate("StageWords", "{0} problems").format(_n(c[0]))
        )
    if key == ("judges", "ready"):
        return (
            QCoreApplication.translate("StageWords", "1 ready")
            if c[0] == 1
            else QCoreApplication.translate("StageWords", "{0} ready").format(_n(c[0]))
        )
    if key == ("run", "problems"):
        return (
            QCoreApplication.translate("StageWords", "1 problem")
            if c[0] == 1
            else QCoreApplication.translate("StageWords", "{0} problems").format(_n(c[0]))
        )
    if key == ("run", "waiting"):
        return QCoreApplication.translate("StageWords", "not run")
    if key == ("run", "not_run"):
        return QCoreApplication.translate("StageWords", "not run")
    if key == ("run", "running"):
        return QCoreApplication.translate("StageWords", "running {0}%").format(c[0])
    if key == ("run", "failed"):
        return QCoreApplication.translate("StageWords", "{0} failed").format(_n(c[0]))
    if key == ("run", "partial"):
        return QCoreApplication.translate("StageWords", "{0} of {1}").format(
            _n(c[0]), rows_said(c[1])
        )
    if key == ("run", "done"):
        return QCoreApplication.translate("StageWords", "{0} judged").format(_n(c[0]))
    if key == ("review", "waiting"):
        return QCoreApplication.translate("StageWords", "after a run")
    if key == ("review", "todo"):
        return QCoreApplication.translate("StageWords", "{0} of {1}").format(_n(c[0]), _n(c[1]))
    if key == ("review", "disagreements"):
        if c[2] == 1:
            return QCoreApplication.translate("StageWords", "{0} of {1}, 1 disagreement").format(
                _n(c[0]), _n(c[1])
            )
        return QCoreApplication.translate("StageWords", "{0} of {1}, {2} disagreements").format(
            _n(c[0]), _n(c[1]), _n(c[2])
        )
    if key == ("review", "done"):
        return QCoreApplication.translate("StageWords", "all {0} reviewed").format(_n(c[0]))
    if key == ("report", "waiting"):
        return QCoreApplication.translate("StageWords", "after a run")
    if key == ("report", "ready"):
        return QCoreApplication.translate("StageWords", "ready to export")
    if key == ("report", "exported"):
        return QCoreApplication.translate("StageWords", "up to date")
    if key == ("report", "stale"):
        return QCoreApplication.translate("StageWords", "out of date")
    return state.code


def state_tip(state: StageState) -> str:
    """The longer words of a stage's tooltip: the state, and the problem where there is one."""
    words = f"{stage_title(state.stage)}: {state_line(state)} ({mark_word(state.mark)})"
    if state.spot is not None:
        words += "\n" + state.spot.message
    return words


def duration(seconds: float) -> str:
    """A rough duration: "about 40 s", "about 3 min", "about 2 h"."""
    if seconds < 90:
        return QCoreApplication.translate("StageWords", "about {0} s").format(
            max(1, round(seconds))
        )
    if seconds < 90 * 60:
        return QCoreApplication.translate("StageWords", "about {0} min").format(round(seconds / 60))
    return QCoreApplication.translate("StageWords", "about {0} h").format(f"{seconds / 3600:.1f}")


def step_text(step: NextStep) -> str:
    """The next step as a sentence."""
    c = step.counts
    if step.code == "open":
        return QCoreApplication.translate(
            "StageWords", "Open a project, or make one from a dataset."
        )
    if step.code == "dataset":
        return QCoreApplication.translate("StageWords", "Import the dataset to judge.")
    if step.code == "add_judge":
        return QCoreApplication.translate(
            "StageWords", "Add a judge: a model on a server, a model file, or a rule."
        )
    if step.code == "fix_template":
        if c and c[0]:
            return QCoreApplication.translate(
                "StageWords", "Fix the template's problem on line {0}."
            ).format(c[0])
        return QCoreApplication.translate("StageWords", "Fix the template's problem.")
    if step.code == "fix_judge":
        if step.spot is not None:
            return QCoreApplication.translate("StageWords", "Correct the judge: {0}").format(
                step.spot.message
            )
        return QCoreApplication.translate("StageWords", "Switch a judge on, or add one.")
    if step.code == "fix_run" and step.spot is not None:
        return QCoreApplication.translate("StageWords", "Correct the run's settings: {0}").format(
            step.spot.message
        )
    if step.code == "running":
        return QCoreApplication.translate(
            "StageWords", "The judges are at work: {0}% done."
        ).format(c[0])
    if step.code == "run":
        rows = rows_said(c[0])
        extra = []
        if step.seconds is not None:
            extra.append(duration(step.seconds))
        if step.cost and step.ceiling:
            extra.append(
                QCoreApplication.translate("StageWords", "at most {0}").format(f"${step.cost:,.2f}")
            )
        elif step.cost:
            extra.append(f"${step.cost:,.2f}")
        text = QCoreApplication.translate("StageWords", "Run {0}").format(rows)
        return f"{text} — {', '.join(extra)}" if extra else text
    if step.code == "retry":
        if c[0] == 1:
            return QCoreApplication.translate("StageWords", "1 row failed: run it again.")
        return QCoreApplication.translate("StageWords", "{0} rows failed: run them again.").format(
            _n(c[0])
        )
    if step.code == "disagreements":
        if c[0] == 1:
            return QCoreApplication.translate(
                "StageWords", "Review the row where you and the judge disagree."
            )
        return QCoreApplication.translate("StageWords", "Review the {0} disagreements.").format(
            _n(c[0])
        )
    if step.code == "calibrate":
        text = (
            QCoreApplication.translate(
                "StageWords",
                "Calibrate the judges on the rows people reviewed: 1 row is held back as "
                "the test part.",
            )
            if c[0] == 1
            else QCoreApplication.translate(
                "StageWords",
                "Calibrate the judges on the rows people reviewed: {0} rows are held back as "
                "the test part.",
            ).format(_n(c[0]))
        )
        if c[1]:
            more = (
                QCoreApplication.translate(
                    "StageWords", "1 more review gives a test part of {0}."
                ).format(rows_said(c[2]))
                if c[1] == 1
                else QCoreApplication.translate(
                    "StageWords", "{0} more reviews give a test part of {1}."
                ).format(_n(c[1]), rows_said(c[2]))
            )
            text = f"{text} {more}"
        return text
    if step.code == "review_sample":
        width = step.width or 0.0
        aim = (
            QCoreApplication.translate("StageWords", "±{0} points").format(f"{width * 100:.3g}")
            if step.rate
            else QCoreApplication.translate("StageWords", "±{0} on the mean score").format(
                f"{width:.3g}"
            )
        )
        if len(c) > 1 and c[0] > c[1]:  # more than the sample holds: a larger one is needed
            left = (
                QCoreApplication.translate("StageWords", "Review the row left of the random sample")
                if c[1] == 1
                else QCoreApplication.translate(
                    "StageWords", "Review the {0} rows left of the random sample"
                ).format(_n(c[1]))
            )
            return QCoreApplication.translate(
                "StageWords", "{0}; {1} needs {2}, more than it holds."
            ).format(left, aim, _more_reviews(c[0]))
        if c[0] == 1:
            return QCoreApplication.translate(
                "StageWords", "Review 1 more row of the random sample for {0}."
            ).format(aim)
        return QCoreApplication.translate(
            "StageWords", "Review {0} more rows of the random sample for {1}."
        ).format(_n(c[0]), aim)
    if step.code == "review":
        return QCoreApplication.translate(
            "StageWords", "Review the judge's verdicts: {0} to go."
        ).format(rows_said(c[0]))
    if step.code == "export":
        return QCoreApplication.translate("StageWords", "Export the report.")
    if step.code == "refresh_export":
        return QCoreApplication.translate(
            "StageWords", "Results or reviews changed after the export: export the report again."
        )
    return step.code


def step_button(step: NextStep) -> str:
    """The button that does the step."""
    return {
        "open": QCoreApplication.translate("StageWords", "New Project…"),
        "dataset": QCoreApplication.translate("StageWords", "Import Dataset…"),
        "add_judge": QCoreApplication.translate("StageWords", "Add a Judge"),
        "fix_template": QCoreApplication.translate("StageWords", "Show the Line"),
        "fix_judge": QCoreApplication.translate("StageWords", "Show the Judge"),
        "fix_run": QCoreApplication.translate("StageWords", "Show the Settings"),
        "running": QCoreApplication.translate("StageWords", "Show the Run"),
        "run": QCoreApplication.translate("StageWords", "Run"),
        "retry": QCoreApplication.translate("StageWords", "Run Them Again"),
        "disagreements": QCoreApplication.translate("StageWords", "Review Them"),
        "calibrate": QCoreApplication.translate("StageWords", "Calibrate…"),
        "review_sample": QCoreApplication.translate("StageWords", "Review the Sample"),
        "review": QCoreApplication.translate("StageWords", "Review"),
        "export": QCoreApplication.translate("StageWords", "Export…"),
        "refresh_export": QCoreApplication.translate("StageWords", "Export…"),
    }[step.code]
