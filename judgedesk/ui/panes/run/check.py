"""Before a run: ask every model the run will call whether it answers and offers its model."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QPushButton, QWidget

from judgedesk.core.project import Project
from judgedesk.core.run import ModelCheck, check_models, models_to_check
from judgedesk.ui.core_strings import core_say
from judgedesk.ui.panes.run.figures import RunFigures
from judgedesk.ui.tasks import TaskRunner


class RunCheck(QObject):
    """Checks the judges before a run starts; offers to start anyway when one fails.

    The "Start Anyway" button (``anyway_button``) shows only while the problems found are
    on screen, and hides as soon as anything that could change them changes.

    Signals:
        sig_checked: the judges were asked; a list of (judge name, problem) for each
            judge that cannot be used (empty when all can).
    """

    TASK = "run-check"
    sig_checked = Signal(list)

    def __init__(self, tasks: TaskRunner, figures: RunFigures, parent: QWidget) -> None:
        super().__init__(parent)
        self.tasks = tasks
        self.figures = figures
        self.checking = False
        self.status = ""
        """The state of the check in a few words, for the status bar."""
        self.anyway_button = QPushButton(self.tr("Start &Anyway"), parent)
        self.anyway_button.setObjectName("runStartAnyway")
        self.anyway_button.setAccessibleName(self.tr("Start Anyway"))
        self.anyway_button.setToolTip(
            self.tr("Start the run without waiting for the judges above to be corrected")
        )
        self.anyway_button.hide()

    def run(
        self, project: Project, proceed: Callable[[], None], blocked: Callable[[], None]
    ) -> None:
        """Check ``project``'s models on the window's loop, then ``proceed()`` or ``blocked()``.

        With nothing to ask, ``proceed()`` is called at once. The figures say what is
        checked and, when a model cannot be used, what is wrong with each.
        """
        self.forget()
        if not models_to_check(project):
            proceed()
            return
        self.checking = True
        self.figures.clear()
        self.figures.bar.setRange(0, 0)  # busy until every server answered
        self.figures.line.setText(self.tr("Checking the judges…"))
        self.status = self.tr("Checking the judges…")

        def done(checks: list[ModelCheck]) -> None:
            self.checking = False
            found = [(c, core_say(c.problem)) for c in checks if c.problem]
            self.sig_checked.emit([(c.settings.name, p) for c, p in found if c.role == "judge"])
            if not found:
                proceed()
                return
            self.figures.finished(None, "")
            self.figures.line.setText(self.blocked_words([p for _, p in found]))
            self.status = self.tr("The run did not start: a judge cannot be used")
            self.anyway_button.show()
            blocked()

        self.tasks.start(self.TASK, check_models(project), on_done=done)

    def cancel(self) -> None:
        """Stop waiting for the servers; the run does not start."""
        if not self.checking:
            return
        self.tasks.cancel(self.TASK)
        self.checking = False
        self.figures.clear()
        self.status = self.tr("The judges were not checked; the run did not start")

    def forget(self) -> None:
        """Hide "Start Anyway": the problems shown may no longer hold."""
        self.anyway_button.hide()

    def blocked_words(self, problems: list[str]) -> str:
        lines = "\n".join(f"• {problem}" for problem in problems)
        return self.tr(
            "The run did not start: the judges were asked first, and not all can be used.\n"
            "{0}\nCorrect them (Judges pane, or Run › Models that Answer) and press Start "
            "to check again, or press Start Anyway to run as they are."
        ).format(lines)
