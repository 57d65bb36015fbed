"""Before a run: ask every model the run will call whether it answers and offers its model."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QPushButton, QWidget

from judgedesk.core.judge import ConnectionCheck, check_connection, check_model_file
from judgedesk.core.project import Project
from judgedesk.ui.panes.run.figures import RunFigures
from judgedesk.ui.tasks import TaskRunner

MODELS_SHOWN = 8
"""How many of the models a server offers are named when it lacks the one asked for."""


@dataclass(frozen=True)
class Target:
    """One model a run will call, as plain data a worker thread may hold."""

    role: str  # "judge", "candidate" or "baseline"
    name: str
    base_url: str
    key_reference: str
    model: str
    headers: dict[str, str] = field(default_factory=dict)
    model_file: str = ""  # a local-file judge's file: checked, not loaded
    context_size: int = 0


@dataclass(frozen=True)
class Answer:
    target: Target
    found: ConnectionCheck


def targets(project: Project) -> list[Target]:
    """The endpoint models a run of ``project`` calls (those with an address and a model)."""
    chosen = [("judge", j) for j in project.judges if j.enabled]
    chosen += [("candidate", project.candidate), ("baseline", project.baseline)]
    found = []
    for role, settings in chosen:
        if settings is not None and settings.kind == "local" and settings.model_file:
            path = settings.model_path(project.root)
            found.append(
                Target(role, settings.name, "", "", path.name, {}, str(path), settings.context_size)
            )
            continue
        if settings is None or settings.kind != "openai":
            continue
        # Without an address or a model name the run itself says what is missing.
        if settings.base_url.strip() and settings.model.strip():
            found.append(
                Target(
                    role,
                    settings.name,
                    settings.base_url.strip(),
                    settings.api_key,
                    settings.model,
                    dict(settings.headers),
                )
            )
    return found


def ask_all(wanted: list[Target]) -> list[Answer]:
    """Ask every endpoint once, all at the same time (blocking: run in a worker thread)."""
    return asyncio.run(_ask_all(wanted))


async def _ask_all(wanted: list[Target]) -> list[Answer]:
    asked: dict[tuple[str, str, tuple[tuple[str, str], ...]], asyncio.Task[ConnectionCheck]] = {}
    for target in wanted:
        key = _key(target)
        if key in asked:
            continue
        if target.model_file:
            check = asyncio.to_thread(check_model_file, target.model_file, target.context_size)
            asked[key] = asyncio.ensure_future(check)
        else:
            asked[key] = asyncio.ensure_future(
                check_connection(target.base_url, target.key_reference, target.headers)
            )
    await asyncio.gather(*asked.values())
    return [Answer(t, asked[_key(t)].result()) for t in wanted]


def _key(target: Target) -> tuple[str, str, tuple[tuple[str, str], ...]]:
    if target.model_file:
        return (target.model_file, str(target.context_size), ())
    return (target.base_url, target.key_reference, tuple(sorted(target.headers.items())))


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
        """Check ``project``'s models in a worker thread, then ``proceed()`` or ``blocked()``.

        With nothing to ask, ``proceed()`` is called at once. The figures say what is
        checked and, when a model cannot be used, what is wrong with each.
        """
        self.forget()
        wanted = targets(project)
        if not wanted:
            proceed()
            return
        self.checking = True
        self.figures.clear()
        self.figures.bar.setRange(0, 0)  # busy until every server answered
        self.figures.line.setText(self.tr("Checking the judges…"))
        self.status = self.tr("Checking the judges…")

        def done(answers: list[Answer]) -> None:
            self.checking = False
            found = [(a, self._problem(a)) for a in answers]
            problems = [p for _, p in found if p]
            judges = [(a.target.name, p) for a, p in found if p and a.target.role == "judge"]
            self.sig_checked.emit(judges)
            if not problems:
                proceed()
                return
            self.figures.finished(None, "")
            self.figures.line.setText(self.blocked_words(problems))
            self.status = self.tr("The run did not start: a judge cannot be used")
            self.anyway_button.show()
            blocked()

        self.tasks.start(self.TASK, asyncio.to_thread(ask_all, wanted), on_done=done)

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

    def _who(self, target: Target) -> str:
        if target.role == "candidate":
            return self.tr("The candidate model")
        if target.role == "baseline":
            return self.tr("The baseline model")
        return self.tr("Judge '{0}'").format(target.name)

    def _problem(self, answer: Answer) -> str:
        """What keeps this model from being used, or "" when it can be."""
        target, found = answer.target, answer.found
        if not found.ok:
            return self.tr("{0}: {1}").format(self._who(target), found.problem)
        # A server that lists nothing may still serve the model: only the run can tell.
        if not found.models or target.model in found.models:
            return ""
        offered = ", ".join(found.models[:MODELS_SHOWN])
        if len(found.models) > MODELS_SHOWN:
            offered += self.tr(" and {0} more").format(len(found.models) - MODELS_SHOWN)
        return self.tr(
            "{0}: {1} does not offer the model '{2}'. It offers {3}. Correct the model "
            "name, or load the model on the server."
        ).format(self._who(target), target.base_url, target.model, offered)
