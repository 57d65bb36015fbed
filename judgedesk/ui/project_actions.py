"""What the File menu does: new, open, save, save as, import, export, autosave."""

from __future__ import annotations

import asyncio
import copy
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox, QProgressBar, QWidget

from judgedesk.core.dataset import FORMATS as DATASET_FORMATS
from judgedesk.core.dataset import Dataset
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.project import (
    SETTINGS_FILE,
    Project,
    TrustState,
    TrustStore,
    Workspace,
    discard_recovery,
    load_project,
    read_recovery,
    save_project_as,
    trust_state,
    write_recovery,
)
from judgedesk.core.report import FORMATS as EXPORT_FORMATS
from judgedesk.core.report import project_report, write_export
from judgedesk.core.run import Store
from judgedesk.ui.core_strings import core_stored, core_tr
from judgedesk.ui.counts import rows_said
from judgedesk.ui.dialogs.trust import TrustQuestion
from judgedesk.ui.settings import AppSettings
from judgedesk.ui.tasks import TaskRunner

AUTOSAVE_MS = 30_000
SAVE, DISCARD, CANCEL = "save", "discard", "cancel"
DATASET_SUFFIXES = tuple(f".{name}" for name in DATASET_FORMATS)
EXPORT_SUFFIXES = tuple(f".{name}" for name in EXPORT_FORMATS)


class ProjectActions(QObject):
    """Project files for the main window; every file operation runs off the GUI thread.

    Signals:
        sig_status_changed: a sentence for the status bar.
        sig_trust_settled: the project's :class:`TrustState` once the trust question
            (asked when needed) is answered and the answer recorded.
        sig_exported: the path of a report just written.
    """

    sig_status_changed = Signal(str)
    sig_trust_settled = Signal(object)
    sig_exported = Signal(object)

    def __init__(
        self, workspace: Workspace, tasks: TaskRunner, settings: AppSettings, window: QWidget
    ) -> None:
        super().__init__(window)
        self.workspace = workspace
        self.tasks = tasks
        self.settings = settings
        self.window = window
        self.autosave_timer = QTimer(self)
        self.autosave_timer.setInterval(AUTOSAVE_MS)
        self.autosave_timer.timeout.connect(self.autosave)
        self.autosave_timer.start()
        self.progress = QProgressBar(window)
        self.progress.setObjectName("exportProgress")
        self.progress.setAccessibleName(self.tr("Export in progress"))
        self.progress.setRange(0, 0)  # busy: the writing has no steps to count
        self.progress.setMaximumWidth(140)
        self.progress.hide()

    # --- questions (tests replace these) ------------------------------------------------

    def ask_unsaved(self) -> str:
        """Ask what to do with unsaved changes: SAVE, DISCARD or CANCEL."""
        project = self.workspace.project
        box = QMessageBox(self.window)
        box.setObjectName("unsavedChangesQuestion")
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle(self.tr("Unsaved changes"))
        box.setText(self.tr("Save the changes to “{0}”?").format(project.name if project else ""))
        box.setInformativeText(self.tr("If you don't save, your changes will be lost."))
        box.setStandardButtons(
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel
        )
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        answer = box.exec()
        if answer == QMessageBox.StandardButton.Save:
            return SAVE
        if answer == QMessageBox.StandardButton.Discard:
            return DISCARD
        return CANCEL

    def ask_restore(self, when: datetime) -> bool:
        """Ask whether to bring back settings autosave kept after a crash."""
        answer = QMessageBox.question(
            self.window,
            self.tr("Restore unsaved changes?"),
            self.tr(
                "JudgeDesk closed without saving this project. Changes made up to {0} "
                "were kept. Restore them?"
            ).format(when.strftime("%Y-%m-%d %H:%M")),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.Yes,
        )
        return answer == QMessageBox.StandardButton.Yes

    def ask_trust(self, state: TrustState) -> bool:
        """Ask whether the scripts of a project from elsewhere may run."""
        return TrustQuestion(state, self.window).exec() == QDialog.DialogCode.Accepted

    # --- unsaved changes ----------------------------------------------------------------

    def then_if_saved(self, continuation: Callable[[], None]) -> None:
        """Run ``continuation`` once unsaved changes are saved or dropped, as asked.

        Nothing happens when the person cancels.
        """
        project = self.workspace.project
        if project is None or not self.workspace.dirty:
            continuation()
            return
        answer = self.ask_unsaved()
        if answer == SAVE:
            self.save(on_saved=continuation)
        elif answer == DISCARD:
            self.tasks.start(
                "discard-recovery",
                asyncio.to_thread(discard_recovery, project),
                on_done=lambda _: continuation(),
            )

    # --- open and save ------------------------------------------------------------------

    def open(self, folder: str | Path) -> None:
        """Open a project folder, offering settings kept by autosave after a crash."""
        self.sig_status_changed.emit(self.tr("Opening {0}…").format(folder))
        self.tasks.start(
            "open-project", asyncio.to_thread(_load_with_recovery, Path(folder)), self._opened
        )

    def _opened(self, loaded: tuple[Project, tuple[Project, datetime] | None, TrustState]) -> None:
        project, recovery, trust = loaded
        if recovery is not None and self.ask_restore(recovery[1]):
            self.workspace.adopt_project(recovery[0], unsaved=True)
            self.sig_status_changed.emit(self.tr("Unsaved changes restored. Save to keep them."))
        else:
            if recovery is not None:
                self.tasks.start("discard-recovery", asyncio.to_thread(discard_recovery, project))
            self.workspace.adopt_project(project)
        self._settle_trust(trust)

    # --- do you trust this project? -----------------------------------------------------

    def trust_scripts(self) -> None:
        """Ask again whether the open project's scripts may run (File menu)."""
        project = self.workspace.project
        if project is not None:
            self.tasks.start(
                "trust-state",
                asyncio.to_thread(trust_state, project.root),
                on_done=lambda state: self._settle_trust(state, asked=True),
            )

    def _settle_trust(self, state: TrustState, *, asked: bool = False) -> None:
        if not state.blocked:
            if asked:
                self.sig_status_changed.emit(
                    self.tr("This project's scripts may run already.")
                    if state.scripts
                    else self.tr("This project has no scripts to trust.")
                )
            self.sig_trust_settled.emit(state)
            return
        if not self.ask_trust(state):
            self.sig_status_changed.emit(
                self.tr(
                    "Opened without running its scripts. File › Trust Project Scripts… allows them."
                )
            )
            self.sig_trust_settled.emit(state)
            return

        def trusted(new: TrustState) -> None:
            self.sig_status_changed.emit(
                self.tr("The scripts of {0} may run.").format(new.root.name)
            )
            self.sig_trust_settled.emit(new)

        self.tasks.start("trust", asyncio.to_thread(TrustStore().trust, state.root), trusted)

    def choose_and_open(self) -> None:
        folder = QFileDialog.getExistingDirectory(
            self.window, self.tr("Open a project folder"), str(self.settings.projects_folder())
        )
        if folder:
            self.then_if_saved(lambda: self.open(folder))

    def save(self, on_saved: Callable[[], None] | None = None) -> None:
        """Save the project's settings in the background, then drop the recovery copy."""
        project = self.workspace.project
        if project is None:
            return

        def done(_: object) -> None:
            self.workspace.save_project_done()
            self.sig_status_changed.emit(self.tr("Saved {0}.").format(project.settings_path))
            if on_saved is not None:
                on_saved()

        self.tasks.start("save", asyncio.to_thread(_save, project), on_done=done)

    def save_as(self) -> None:
        project = self.workspace.project
        if project is None:
            return
        suggested = self.settings.projects_folder() / f"{project.root.name} copy"
        chosen, _ = QFileDialog.getSaveFileName(
            self.window,
            self.tr("Save the project as a new folder"),
            str(suggested),
            options=QFileDialog.Option.ShowDirsOnly,
        )
        if chosen:
            self.save_to(Path(chosen))

    def save_to(self, folder: Path) -> None:
        """Copy the project, with its unsaved settings, to ``folder`` and open the copy."""
        project = self.workspace.project
        if project is None:
            return
        self.tasks.start(
            "save-as", asyncio.to_thread(save_project_as, project, folder), self._saved_as
        )

    def _saved_as(self, copied: Project) -> None:
        self.workspace.adopt_project(copied)
        self.sig_status_changed.emit(self.tr("Saved as {0}.").format(copied.root))

    # --- autosave -----------------------------------------------------------------------

    def autosave(self) -> None:
        """Keep unsaved settings in the project's recovery file (not its settings)."""
        project = self.workspace.project
        if project is None or not self.workspace.dirty or self.tasks.running("autosave"):
            return
        self.tasks.start("autosave", asyncio.to_thread(write_recovery, project))

    # --- new project, import, export ----------------------------------------------------

    def new_project(self, dataset: Path | None = None) -> None:
        """Start the New Project wizard, with ``dataset`` chosen already if given."""
        self.then_if_saved(lambda: self._start_wizard(dataset))

    def _start_wizard(self, dataset: Path | None) -> None:
        from judgedesk.ui.wizard import NewProjectWizard

        wizard = NewProjectWizard(
            self.tasks,
            self.window,
            dataset_path=dataset,
            default_folder=self.settings.projects_folder(),
        )
        wizard.setObjectName("newProjectWizard")
        wizard.sig_project_created.connect(self.open)
        wizard.open()

    def import_dataset(self) -> None:
        patterns = " ".join(f"*{suffix}" for suffix in DATASET_SUFFIXES)
        chosen, _ = QFileDialog.getOpenFileName(
            self.window,
            self.tr("Import a dataset"),
            "",
            self.tr("Datasets ({0});;All files (*)").format(patterns),
        )
        if chosen:
            self.new_project(Path(chosen))

    def open_dropped(self, path: Path) -> bool:
        """Open a dropped project folder, or start a project from a dropped dataset."""
        if path.is_dir() and (path / SETTINGS_FILE).is_file():
            self.then_if_saved(lambda: self.open(path))
            return True
        if path.is_file() and path.suffix.lower() in DATASET_SUFFIXES:
            self.new_project(path)
            return True
        return False

    def ask_export_path(self, suggested: Path) -> Path | None:
        """Ask where to export, and in which format (tests replace this).

        The format follows the file name's extension; with none, the chosen filter's.
        """
        filters = {
            self.tr("CSV (*.csv)"): ".csv",
            self.tr("JSON Lines (*.jsonl)"): ".jsonl",
            self.tr("Excel workbook (*.xlsx)"): ".xlsx",
            self.tr("HTML report (*.html)"): ".html",
        }
        chosen, selected = QFileDialog.getSaveFileName(
            self.window, self.tr("Export the results"), str(suggested), ";;".join(filters)
        )
        if not chosen:
            return None
        path = Path(chosen)
        if path.suffix.lower() not in EXPORT_SUFFIXES:
            path = path.with_name(path.name + filters.get(selected, ".csv"))
        return path

    def export(self, run_id: int | None = None, category: str | None = None) -> None:
        """Ask for a file, then export the results (one run's, or each row's latest).

        Args:
            run_id: export one run's results.
            category: the field the XLSX and HTML reports break results down by
                ("" for none; None for the mapped category column).
        """
        project = self.workspace.project
        if project is None:
            return
        chosen = self.ask_export_path(project.root / f"{project.root.name}-results.csv")
        if chosen is not None:
            self.export_to(chosen, run_id=run_id, category=category)

    def export_to(
        self, out: Path, *, run_id: int | None = None, category: str | None = None
    ) -> None:
        """Write the results to ``out`` in the format its extension names, in the background.

        CSV, JSON Lines, XLSX or HTML; another extension is replaced by .csv. Progress
        shows in the status bar; a failure says why and what to do.
        """
        project = self.workspace.project
        if project is None:
            return
        if self.tasks.running("export"):
            self.sig_status_changed.emit(
                self.tr("An export is being written: try again when it is done.")
            )
            return
        if out.suffix.lower() not in EXPORT_SUFFIXES:
            out = out.with_suffix(".csv")
        fmt = out.suffix.lower().lstrip(".")
        dataset = self.workspace.dataset
        self.sig_status_changed.emit(self.tr("Exporting to {0}…").format(out))
        self.progress.show()

        async def export() -> int:
            try:
                return await asyncio.to_thread(
                    _export, copy.deepcopy(project), out, fmt, dataset, run_id, category
                )
            finally:
                self.progress.hide()

        def done(count: int) -> None:
            self.sig_status_changed.emit(
                self.tr("Exported {0} to {1}.").format(rows_said(count), out)
            )
            self.sig_exported.emit(out)

        self.tasks.start("export", export(), on_done=done)


def _load_with_recovery(
    folder: Path,
) -> tuple[Project, tuple[Project, datetime] | None, TrustState]:
    project = load_project(folder)
    return project, read_recovery(project), trust_state(project.root)


def _save(project: Project) -> None:
    project.save()
    discard_recovery(project)


def _export(
    project: Project,
    out: Path,
    fmt: str,
    dataset: Dataset | None,
    run_id: int | None,
    category: str | None,
) -> int:
    if not project.store_path.is_file():
        raise JudgeDeskError(
            "There is nothing to export yet: this project has not been run. Run it first."
        )
    report = None
    if fmt in ("xlsx", "html"):
        report = project_report(
            project, dataset, run_id=run_id, category=category if dataset is not None else ""
        )
    try:
        with Store(project.store_path) as store:
            # The page speaks the window's language (core_tr and core_stored are safe off the
            # GUI thread).
            return write_export(
                store,
                out,
                fmt,
                dataset,
                project=project,
                run_id=run_id,
                report=report,
                translate=core_tr,
                stored=core_stored,
            )
    except OSError as exc:
        raise JudgeDeskError(
            f"The export could not be written to {out}: {exc.strerror or exc}. Choose "
            "another folder or file name (one you may write to, with room left on the disk)."
        ) from None
