"""The main window's review actions: review packs (open, export, import) and a random sample."""

from __future__ import annotations

import asyncio
import copy
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from judgedesk.core.dataset import Dataset
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.project import Project, Workspace
from judgedesk.core.review import PACK_SUFFIX, RandomSample, import_pack
from judgedesk.core.run import Store
from judgedesk.ui.core_strings import core_say
from judgedesk.ui.dialogs.random_sample import SampleDialog
from judgedesk.ui.dialogs.review_packs import ExportPacksDialog
from judgedesk.ui.pack_window import PackWindow
from judgedesk.ui.settings import AppSettings
from judgedesk.ui.tasks import TaskRunner


@dataclass(frozen=True)
class PackImported:
    """What importing one file did: its name, and the summary or why it was refused."""

    file: str
    imported: bool
    text: str


class PackActions(QObject):
    """File › Open Review Pack…, Export Review Pack…, Import Reviews…, and Review › Draw a
    Random Sample….

    Pack windows opened here live beside the main window until closed.

    Signals:
        sig_status_changed: a sentence for the status bar.
        sig_imported: what importing each file did (a list of :class:`PackImported`).
    """

    sig_status_changed = Signal(str)
    sig_imported = Signal(list)

    def __init__(
        self, window: QWidget, workspace: Workspace, settings: AppSettings, tasks: TaskRunner
    ) -> None:
        super().__init__(window)
        self.window = window
        self.workspace = workspace
        self.settings = settings
        self.tasks = tasks
        self.pack_windows: list[PackWindow] = []
        self.export_dialog: ExportPacksDialog | None = None
        self.sample_dialog: SampleDialog | None = None

    def _pack_filter(self) -> str:
        return self.tr("Review packs (*{0})").format(PACK_SUFFIX)

    # --- opening a pack -------------------------------------------------------------------

    def open_pack(self, path: Path | None = None) -> PackWindow | None:
        """Open a review pack (asked for when not given) in a review-only window."""
        if path is None:
            chosen, _ = QFileDialog.getOpenFileName(
                self.window, self.tr("Open a review pack"), "", self._pack_filter()
            )
            if not chosen:
                return None
            path = Path(chosen)
        # Windows closed since are let go; the others stay referenced here.
        self.pack_windows = [w for w in self.pack_windows if w.isVisible()]
        window = PackWindow(self.settings)
        self.pack_windows.append(window)
        window.show()
        window.open_pack(path)
        return window

    def _project_data(self) -> tuple[Project, Dataset] | None:
        """The open project and its whole dataset; None (and why, said) when not there yet."""
        project, dataset = self.workspace.project, self.workspace.dataset
        if project is None or dataset is None:
            self.sig_status_changed.emit(
                self.tr("Open a project and let its dataset be read first.")
            )
            return None
        if not dataset.complete:  # rows still being read would be missed, or refused
            self.sig_status_changed.emit(
                self.tr("The dataset is still being read: try again when done.")
            )
            return None
        return project, dataset

    # --- export ---------------------------------------------------------------------------

    def export_packs(self) -> ExportPacksDialog | None:
        """Show the Export Review Packs dialog (without blocking the window)."""
        ready = self._project_data()
        if ready is None:
            return None
        project, dataset = ready
        dialog = self.export_dialog
        if dialog is None or dialog.project is not project or dialog.dataset is not dataset:
            if dialog is not None:
                dialog.deleteLater()
            dialog = ExportPacksDialog(project, dataset, self.tasks, self.window)
            dialog.sig_written.connect(
                lambda paths: self.sig_status_changed.emit(
                    self.tr("Review packs written: {0}").format(", ".join(p.name for p in paths))
                )
            )
            self.export_dialog = dialog
        dialog.open()
        return dialog

    # --- a random sample -------------------------------------------------------------------

    def draw_sample(self) -> SampleDialog | None:
        """Show the Draw a Random Sample dialog (without blocking the window)."""
        ready = self._project_data()
        if ready is None:
            return None
        dialog = SampleDialog(*ready, self.tasks, self.window)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.sig_drawn.connect(self._sample_drawn)
        self.sample_dialog = dialog
        dialog.open()
        return dialog

    def _sample_drawn(self, sample: RandomSample) -> None:
        self.sig_status_changed.emit(core_say(sample.summary()))
        # The Review pane reads the sample again, and the Report pane its corrected figures.
        self.workspace.results_stored()

    # --- import ---------------------------------------------------------------------------

    def import_reviews(self, paths: list[Path] | None = None) -> None:
        """Merge review packs into the project's reviews (asked for when not given)."""
        ready = self._project_data()
        if ready is None:
            return
        project, dataset = ready
        if paths is None:
            chosen, _ = QFileDialog.getOpenFileNames(
                self.window,
                self.tr("Import reviews from review packs"),
                str(project.root),
                self._pack_filter(),
            )
            paths = [Path(name) for name in chosen]
        if not paths:
            return
        if self.tasks.running("pack-import"):
            self.sig_status_changed.emit(
                self.tr("Reviews are being imported: try again when done.")
            )
            return
        self.sig_status_changed.emit(self.tr("Importing reviews…"))
        handle = dataset.with_mapping(dataset.mapping)  # closed by the worker
        self.tasks.start(
            "pack-import",
            asyncio.to_thread(_import, copy.deepcopy(project), handle, list(paths)),
            self._imported,
        )

    def _imported(self, done: list[PackImported]) -> None:
        if any(item.imported for item in done):
            # The Review and Report panes read the reviews again.
            self.workspace.results_stored()
        merged = sum(1 for item in done if item.imported)
        lines = [
            core_say(item.text)
            if item.imported
            else self.tr("{0}: not imported. {1}").format(item.file, item.text)
            for item in done
        ]
        summary = self.tr("Reviews imported from {0} of {1} files.").format(merged, len(done))
        self.sig_status_changed.emit(summary)
        box = QMessageBox(
            QMessageBox.Icon.Information if merged == len(done) else QMessageBox.Icon.Warning,
            self.tr("Import Reviews"),
            "\n\n".join([summary, *lines]),
            parent=self.window,
        )
        box.setObjectName("packImportMessage")
        box.setTextFormat(Qt.TextFormat.PlainText)  # file and reviewer names are anyone's
        box.open()
        self.sig_imported.emit(done)


def _import(project: Project, dataset: Dataset, paths: list[Path]) -> list[PackImported]:
    done = []
    try:
        with Store(project.store_path) as store:
            for path in paths:
                try:
                    summary = import_pack(store, dataset, project, path).summary()
                except JudgeDeskError as exc:
                    done.append(PackImported(path.name, False, str(exc)))
                else:
                    done.append(PackImported(path.name, True, summary))
    finally:
        dataset.close()
    return done
