"""Run › Export for Batch… and Import Batch Results…: a run's requests as batch files for
a cloud batch API or vLLM, and the batch's replies stored where a run looks for them."""

from __future__ import annotations

import asyncio
import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QMenu, QMessageBox, QWidget

from judgedesk.core.dataset import Dataset
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.project import Project, UntrustedScriptsError, Workspace
from judgedesk.core.run import BatchExport, BatchImport, Selection, export_batch, import_batch
from judgedesk.ui.dialogs.trust import untrusted_words
from judgedesk.ui.tasks import TaskRunner

EXPORT_TASK, IMPORT_TASK = "batch-export", "batch-import"


class RunHost(Protocol):
    """What the batch actions take from the Run pane."""

    workspace: Workspace
    tasks: TaskRunner
    sig_status_changed: Any  # Signal(str)
    sig_show_requested: Any  # Signal()

    def selection(self) -> Selection: ...

    def estimate(self) -> None: ...


class RunBatch(QObject):
    """The Run menu's batch actions, a child of the Run pane; the work goes to a worker
    thread. What they did is said in the pane's status line and a message box; after an
    import the pane estimates again (fewer requests are left to send).

    Signals:
        sig_exported: the :class:`BatchExport` written, or None when it failed.
        sig_imported: the :class:`BatchImport` done, or None when it failed.
    """

    sig_exported = Signal(object)
    sig_imported = Signal(object)

    def __init__(self, host: RunHost) -> None:
        super().__init__(host if isinstance(host, QObject) else None)
        self.host = host
        self.workspace = host.workspace
        self.tasks = host.tasks
        self.parent_widget = host if isinstance(host, QWidget) else None
        self.message: QMessageBox | None = None

    def _say(self, text: str) -> None:
        self.host.sig_status_changed.emit(text)

    def add_actions(self, menu: QMenu) -> None:
        """Put Export for Batch… and Import Batch Results… in ``menu``."""
        for name, text, tip, slot in (
            (
                "exportBatchAction",
                self.tr("Export for &Batch…"),
                self.tr(
                    "Write the requests the chosen rows still need as OpenAI Batch files, "
                    "for a cloud batch API or vLLM"
                ),
                self.export_batch,
            ),
            (
                "importBatchAction",
                self.tr("&Import Batch Results…"),
                self.tr(
                    "Store the replies of batch results files: a run then asks nothing for them"
                ),
                self.import_results,
            ),
        ):
            action = QAction(text, self)
            action.setObjectName(name)
            action.setToolTip(tip)
            action.setStatusTip(tip)
            action.triggered.connect(lambda _=False, run=slot: self._from_menu(run))
            menu.addAction(action)

    def _from_menu(self, command: Callable[[], None]) -> None:
        self.host.sig_show_requested.emit()  # what happens is shown in the pane
        command()

    def _ready(self) -> tuple[Project, Dataset] | None:
        project, dataset = self.workspace.project, self.workspace.dataset
        if project is None or dataset is None:
            self._say(self.tr("Open a project with a dataset first."))
            return None
        if not dataset.complete:
            self._say(self.tr("The dataset is still being read: try again when done."))
            return None
        return project, dataset

    # --- export -----------------------------------------------------------------------

    def export_batch(self, folder: Path | None = None) -> None:
        """Write the batch files of the chosen rows to ``folder`` (asked for when None)."""
        ready = self._ready()
        if ready is None or self.tasks.running(EXPORT_TASK):
            return
        project, dataset = ready
        if folder is None:
            chosen = QFileDialog.getExistingDirectory(
                self.parent_widget, self.tr("Folder for the batch files"), str(project.root)
            )
            if not chosen:
                return
            folder = Path(chosen)
        self._say(self.tr("Writing batch files…"))
        handle = dataset.with_mapping(dataset.mapping)  # closed by the worker
        self.tasks.start(
            EXPORT_TASK,
            asyncio.to_thread(
                _export, copy.deepcopy(project), handle, folder, self.host.selection()
            ),
            self._exported,
        )

    def _exported(self, done: BatchExport | JudgeDeskError) -> None:
        if isinstance(done, JudgeDeskError):
            self._failed(self.tr("Export for Batch"), done)
            self.sig_exported.emit(None)
            return
        lines = [
            self.tr("Requests written: {0} (files: {1}, in {2}).").format(
                done.requests, len(done.files), str(done.folder)
            )
        ]
        if done.by_model:
            lines.append(
                ", ".join(
                    self.tr("{0}: {1}").format(name, count) for name, count in done.by_model.items()
                )
            )
        lines.append(self.tr("Replies stored already: {0}.").format(done.stored))
        if done.waiting:
            lines.append(
                self.tr(
                    "Rows waiting for the answers of the candidate or baseline model: {0}. "
                    "Import their results, then export again for the judges' requests."
                ).format(done.waiting)
            )
        if done.local:
            lines.append(
                self.tr("Requests to a model file on this computer, which a run asks: {0}.").format(
                    done.local
                )
            )
        if done.failed:
            lines.append(
                self.tr("Rows that would fail in a run: {0}. For example:").format(done.failed)
            )
            lines += done.problems
        if done.files:
            lines.append(
                self.tr(
                    "Run the files on a batch API or with vLLM's run_batch, then choose "
                    "Run › Import Batch Results…"
                )
            )
        self._say(lines[0])
        self._show(self.tr("Export for Batch"), lines, "batchExportMessage", bool(done.failed))
        self.sig_exported.emit(done)

    # --- import -----------------------------------------------------------------------

    def import_results(self, paths: list[Path] | None = None) -> None:
        """Store the replies of batch results files (asked for when None)."""
        project = self.workspace.project
        if project is None:
            self._say(self.tr("Open a project with a dataset first."))
            return
        if self.tasks.running(IMPORT_TASK):
            return
        if paths is None:
            chosen, _ = QFileDialog.getOpenFileNames(
                self.parent_widget,
                self.tr("Import batch results"),
                str(project.root),
                self.tr("Batch results (*.jsonl);;All files (*)"),
            )
            paths = [Path(name) for name in chosen]
        if not paths:
            return
        self._say(self.tr("Importing batch results…"))
        self.tasks.start(
            IMPORT_TASK,
            asyncio.to_thread(_import, copy.deepcopy(project), list(paths)),
            self._imported,
        )

    def _imported(self, done: BatchImport | JudgeDeskError) -> None:
        if isinstance(done, JudgeDeskError):
            self._failed(self.tr("Import Batch Results"), done)
            self.sig_imported.emit(None)
            return
        lines = [
            self.tr("Replies stored: {0}; stored already: {1}; files read: {2}.").format(
                done.stored, done.already, len(done.files)
            )
        ]
        if done.failed:
            lines.append(
                self.tr("Lines holding an error: {0}. The next run asks them again.").format(
                    done.failed
                )
            )
            lines += [f"  {key[:12]}…: {why}" for key, why in done.failures[:5]]
        if done.unknown or done.duplicates or done.unreadable:
            lines.append(
                self.tr(
                    "Lines not stored: {0} with an id no export of this project wrote, {1} "
                    "repeated, {2} unreadable."
                ).format(done.unknown, done.duplicates, done.unreadable)
            )
        for item in done.files:
            if item.truncated:
                lines.append(
                    self.tr("{0} is cut off before its end: its last line was left out.").format(
                        item.name
                    )
                )
            if item.missing:
                lines.append(self.tr("{0} could not be read: {1}").format(item.name, item.missing))
        if done.answers_came:
            lines.append(
                self.tr(
                    "Answers of the candidate or baseline model came in: export again for the "
                    "judges' requests of those rows."
                )
            )
        lines.append(
            self.tr("Exported requests still waiting for their reply: {0}.").format(done.waiting)
        )
        if done.stored:
            lines.append(self.tr("Start the run: the replies imported are not asked again."))
        self._say(lines[0])
        self._show(self.tr("Import Batch Results"), lines, "batchImportMessage", done.problems > 0)
        if done.stored:
            self.host.estimate()  # the replies imported are no longer to be asked
        self.sig_imported.emit(done)

    # --- telling ----------------------------------------------------------------------

    def _failed(self, title: str, error: JudgeDeskError) -> None:
        words = (
            untrusted_words(error.state) if isinstance(error, UntrustedScriptsError) else str(error)
        )
        self._say(words)
        self._show(title, [words], "batchErrorMessage", True)

    def _show(self, title: str, lines: list[str], name: str, warn: bool) -> None:
        if self.message is not None:
            self.message.close()
            self.message.deleteLater()
        box = QMessageBox(
            QMessageBox.Icon.Warning if warn else QMessageBox.Icon.Information,
            title,
            "\n\n".join(lines),
            parent=self.parent_widget,
        )
        box.setObjectName(name)
        box.setTextFormat(Qt.TextFormat.PlainText)  # file names and server messages
        box.open()
        self.message = box


def _export(
    project: Project, dataset: Dataset, folder: Path, selection: Selection
) -> BatchExport | JudgeDeskError:
    try:
        return export_batch(project, dataset, folder, selection=selection, trusted_only=True)
    except JudgeDeskError as exc:
        return exc
    finally:
        dataset.close()


def _import(project: Project, paths: list[Path]) -> BatchImport | JudgeDeskError:
    try:
        return import_batch(project, paths)
    except JudgeDeskError as exc:
        return exc
