"""The New Project wizard: dataset, columns, template, judge, folder — then create_project."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QSize, Signal
from PySide6.QtWidgets import QWidget, QWizard

from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.project import NewProjectPlan, create_project
from judgedesk.ui.counts import rows_said
from judgedesk.ui.tasks import TaskRunner
from judgedesk.ui.wizard.common import (
    PAGE_DATASET,
    PAGE_FIELDS,
    PAGE_JUDGE,
    PAGE_PROJECT,
    PAGE_TEMPLATE,
)
from judgedesk.ui.wizard.dataset_page import DatasetPage
from judgedesk.ui.wizard.fields_page import FieldsPage
from judgedesk.ui.wizard.judge_page import JudgePage
from judgedesk.ui.wizard.project_page import ProjectPage
from judgedesk.ui.wizard.template_page import TemplatePage

log = logging.getLogger(__name__)


@dataclass
class CreateOutcome:
    """How creating the project went: its folder, or why it failed."""

    folder: str = ""
    error: str = ""


async def _create(plan: NewProjectPlan) -> CreateOutcome:
    try:
        report = await asyncio.to_thread(create_project, plan)
    except JudgeDeskError as exc:
        return CreateOutcome(error=str(exc))
    except OSError as exc:
        where = f" ({exc.filename})" if exc.filename else ""
        return CreateOutcome(error=f"{exc.strerror or exc}{where}.")
    return CreateOutcome(folder=str(report.project.root))


class NewProjectWizard(QWizard):
    """Makes a project from a dataset file in five short steps, for non-programmers.

    Args:
        tasks: runs the file reading and the project creation off the GUI thread.
        parent: the window the wizard belongs to.
        dataset_path: a file to start from (File › Import Dataset, a dropped file).
        default_folder: where project folders go; the folder suggested is
            ``default_folder / <dataset name>``.

    Signals:
        sig_project_created: (folder) the project was made; the wizard then closes.
    """

    sig_project_created = Signal(str)

    def __init__(
        self,
        tasks: TaskRunner,
        parent: QWidget | None = None,
        dataset_path: Path | None = None,
        default_folder: Path | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("newProjectWizard")
        self.setWindowTitle(self.tr("New Project"))
        self.setWizardStyle(QWizard.WizardStyle.ModernStyle)
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage, True)
        self.setOption(QWizard.WizardOption.HaveHelpButton, False)
        self.setButtonText(QWizard.WizardButton.FinishButton, self.tr("&Create Project"))
        self.tasks = tasks
        self._created = False
        self._create_key = f"wizard-{id(self)}-create"
        folder = default_folder or Path.home() / "JudgeDesk projects"

        self.dataset_page = DatasetPage(tasks, self)
        self.fields_page = FieldsPage(tasks, self.dataset_page, self)
        self.template_page = TemplatePage(self.dataset_page, self.fields_page, self)
        self.judge_page = JudgePage(self.dataset_page, self.fields_page, self, tasks=tasks)
        self.project_page = ProjectPage(self.dataset_page, folder, self)
        self.setPage(PAGE_DATASET, self.dataset_page)
        self.setPage(PAGE_FIELDS, self.fields_page)
        self.setPage(PAGE_TEMPLATE, self.template_page)
        self.setPage(PAGE_JUDGE, self.judge_page)
        self.setPage(PAGE_PROJECT, self.project_page)
        self.currentIdChanged.connect(self._page_shown)
        self.project_page.copy_dataset.toggled.connect(self._refresh_summary)
        self.finished.connect(self._release)
        self.setMinimumSize(QSize(720, 560))
        self.resize(QSize(880, 660))
        if dataset_path is not None:
            self.dataset_page.set_path(Path(dataset_path))

    # --- the plan -----------------------------------------------------------------------

    def plan(self) -> NewProjectPlan:
        """What Finish will make, from every page's choices.

        Raises:
            RuntimeError: no dataset has been read (Finish is not reachable then).
        """
        dataset = self.dataset_page.dataset
        if dataset is None:
            raise RuntimeError("the wizard has no dataset yet")
        return NewProjectPlan(
            root=self.project_page.project_folder(),
            dataset=dataset,
            fields=self.fields_page.mapping(),
            template=self.template_page.template_spec(),
            language=self.template_page.language_code(),
            judge=self.judge_page.judge(),
            link=self.project_page.link_dataset(),
            name=self.project_page.project_name(),
            sheet=self.dataset_page.current_sheet(),
            swap=self.template_page.swap_chosen(),
            arena=self.fields_page.arena(),
        )

    def _page_shown(self, page_id: int) -> None:
        if page_id == PAGE_PROJECT:
            self.project_page.set_summary(self._summary())

    def _refresh_summary(self) -> None:
        self._page_shown(self.currentId())

    def _summary(self) -> list[str]:
        dataset = self.dataset_page.dataset
        if dataset is None:
            return []
        return [
            self.tr("• Data: {0} ({1}), {2}").format(
                dataset.path.name,
                rows_said(len(dataset)),
                self.tr("copied into the project")
                if not self.project_page.link_dataset()
                else self.tr("used where it is"),
            ),
            self.tr("• Columns: {0}").format(self.fields_page.describe()),
            *self._models(),
            self.tr("• Template: {0}").format(self.template_page.describe()),
            self.tr("• Judge: {0}").format(self.judge_page.describe()),
        ]

    def _models(self) -> list[str]:
        arena = self.fields_page.arena()
        if not arena.active:
            return []
        pairs = len(arena.pairs_judged())
        return [
            self.tr("• Models: {0}, baseline {1}; {2} pairs judged on each row").format(
                ", ".join(arena.models()), arena.baseline, pairs
            )
        ]

    # --- finishing ----------------------------------------------------------------------

    def validateCurrentPage(self) -> bool:
        page = self.currentPage()
        # next() called directly skips the button's isComplete check; keep it here too.
        if page is not None and not page.isComplete():
            return False
        if self.currentId() != PAGE_PROJECT or self._created:
            return super().validateCurrentPage()
        if not self.tasks.running(self._create_key):
            self._start_creating()
        return False  # the wizard closes when the project exists (see _created_done)

    def _start_creating(self) -> None:
        try:
            plan = self.plan()
        except (RuntimeError, JudgeDeskError) as exc:
            self.project_page.show_error(str(exc))
            return
        self._set_busy(True)
        self.tasks.start(self._create_key, _create(plan), on_done=self._created_done)

    def _set_busy(self, busy: bool) -> None:
        # Cancel cannot stop a folder half made in a worker thread: wait for it instead.
        self.project_page.set_busy(busy)
        for button in (QWizard.WizardButton.BackButton, QWizard.WizardButton.CancelButton):
            self.button(button).setEnabled(not busy)

    def _created_done(self, outcome: CreateOutcome) -> None:
        self._set_busy(False)
        if outcome.error:
            self.project_page.show_error(outcome.error)
            return
        log.info("created a project in %s", outcome.folder)
        self._created = True
        self.sig_project_created.emit(outcome.folder)
        self.accept()

    def reject(self) -> None:
        if self.tasks.running(self._create_key):
            return  # Esc or the window's close button while the folder is being made
        super().reject()

    def _release(self) -> None:
        # Closed either way: stop what still runs for us and let go of the dataset file.
        self.fields_page.release()
        self.dataset_page.release()
