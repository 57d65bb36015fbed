"""Step 1 of the New Project wizard: choosing the dataset file and reading it."""

from __future__ import annotations

import asyncio
import logging
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from judgedesk.core.dataset import ERROR, Dataset, LoadIssue, open_dataset
from judgedesk.core.dataset import LABELS as ENCODING_LABELS
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.project import workbook_sheets
from judgedesk.ui.core_strings import core_tr
from judgedesk.ui.counts import rows_said
from judgedesk.ui.tasks import TaskRunner
from judgedesk.ui.wizard.common import note_label, show_text

log = logging.getLogger(__name__)

# More problems than this are counted, not listed: the first ones say enough.
_LISTED_ISSUES = 200


@dataclass
class ReadResult:
    """What reading a file gave: the dataset, or the reason it cannot be used.

    Attributes:
        path: The file.
        dataset: The opened dataset, None when it could not be read.
        sheets: The workbook's sheets (XLSX only).
        sheet: The sheet that was read ("" for the first or for other formats).
        error: Why the file cannot be used, for the person.
    """

    path: Path
    dataset: Dataset | None
    sheets: list[str] = field(default_factory=list)
    sheet: str = ""
    error: str = ""


def read_dataset(path: Path, sheet: str, cancelled: threading.Event) -> ReadResult:
    """Opens a dataset file for the wizard; runs in a worker thread (plain data in and out)."""
    try:
        dataset = open_dataset(path, sheet=sheet or None, cancel=cancelled.is_set)
        sheets = workbook_sheets(path) if dataset.format == "xlsx" else []
    except JudgeDeskError as exc:
        return ReadResult(path, None, sheet=sheet, error=str(exc))
    except OSError as exc:  # the checks passed but reading failed (a vanished drive…)
        return ReadResult(path, None, sheet=sheet, error=f"{path.name}: {exc.strerror or exc}")
    if cancelled.is_set():  # another file was chosen meanwhile; nobody will close this one
        dataset.close()
        return ReadResult(path, None, sheet=sheet, error="cancelled")
    return ReadResult(path, dataset, sheets, sheet)


class DatasetPage(QWizardPage):
    """Pick a file; it is read in a worker thread and described (rows, format, problems).

    Signals:
        sig_dataset_read: (path) a file was read and can be used.
    """

    sig_dataset_read = Signal(str)

    def __init__(self, tasks: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("datasetPage")
        self.setTitle(self.tr("Choose your data"))
        self.setSubTitle(
            self.tr(
                "Pick the file with the questions and the answers to judge. JudgeDesk reads "
                "JSON Lines, JSON, CSV, TSV, Excel (.xlsx) and Parquet files."
            )
        )
        self.tasks = tasks
        self.dataset: Dataset | None = None
        self._reading = False
        self._reading_path: Path | None = None  # the file read last, or being read
        self._sheet = ""  # the sheet read, when the workbook has several
        self._cancel = threading.Event()
        self._task: asyncio.Task[Any] | None = None
        self._read_key = f"wizard-{id(self)}-read"

        self.path_edit = QLineEdit(self)
        self.path_edit.setObjectName("datasetPath")
        self.path_edit.setAccessibleName(self.tr("Dataset file"))
        self.path_edit.setPlaceholderText(self.tr("Type a file's path or click Browse…"))
        self.path_edit.setClearButtonEnabled(True)
        self.path_edit.editingFinished.connect(self._path_edited)
        self.path_edit.returnPressed.connect(self._path_entered)
        self.browse_button = QPushButton(self.tr("Browse…"), self)
        self.browse_button.setObjectName("browseDataset")
        self.browse_button.setAccessibleName(self.tr("Browse for the dataset file"))
        self.browse_button.clicked.connect(self.browse)
        file_row = QHBoxLayout()
        file_row.addWidget(self.path_edit, 1)
        file_row.addWidget(self.browse_button)

        self.sheet = QComboBox(self)
        self.sheet.setObjectName("datasetSheet")
        self.sheet.setAccessibleName(self.tr("Sheet of the workbook"))
        self.sheet.activated.connect(self._sheet_chosen)
        self.sheet_label = QLabel(self.tr("&Sheet:"), self)
        self.sheet_label.setBuddy(self.sheet)

        form = QFormLayout()
        file_label = QLabel(self.tr("&File:"), self)
        file_label.setBuddy(self.path_edit)
        form.addRow(file_label, file_row)
        form.addRow(self.sheet_label, self.sheet)
        self._form = form

        self.status = note_label(self, "datasetStatus")
        self.status.setAccessibleName(self.tr("What was read"))
        self.issues_label = note_label(self, "datasetIssuesLabel")
        self.issues = QPlainTextEdit(self)
        self.issues.setObjectName("datasetIssues")
        self.issues.setAccessibleName(self.tr("Problems found in the file"))
        self.issues.setReadOnly(True)
        self.issues.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addSpacing(6)
        layout.addWidget(self.status)
        layout.addWidget(self.issues_label)
        layout.addWidget(self.issues, 1)
        layout.addStretch(0)
        self._show_sheets([], "")
        show_text(self.status, self.tr("No file chosen yet."), "hint")
        self._show_issues([])

    # --- choosing -----------------------------------------------------------------------

    def browse(self) -> None:
        """Ask for a file with the usual dialog, then read it."""
        start = self.path_edit.text().strip() or str(Path.home())
        filters = ";;".join(
            (
                self.tr("Datasets (*.jsonl *.json *.csv *.tsv *.xlsx *.parquet *.ndjson *.txt)"),
                self.tr("JSON Lines (*.jsonl *.ndjson)"),
                self.tr("JSON (*.json)"),
                self.tr("CSV (*.csv)"),
                self.tr("TSV, tab-separated (*.tsv)"),
                self.tr("Excel workbook (*.xlsx)"),
                self.tr("Parquet (*.parquet)"),
                self.tr("All files (*)"),
            )
        )
        name, _ = QFileDialog.getOpenFileName(self, self.tr("Choose a dataset"), start, filters)
        if name:
            self.set_path(Path(name))

    def set_path(self, path: Path, sheet: str = "") -> None:
        """Show ``path`` and read it in the background (replacing any file read before)."""
        self.path_edit.setText(str(path))
        self._read(path, sheet)

    def _path_edited(self) -> None:
        # Leaving the field reads a path typed there, once; Enter reads it again.
        text = self.path_edit.text().strip()
        if text and Path(text).expanduser() != self._reading_path:
            self._read(Path(text).expanduser(), "")

    def _path_entered(self) -> None:
        text = self.path_edit.text().strip()
        if text:
            self._read(Path(text).expanduser(), "")

    def _sheet_chosen(self) -> None:
        sheet = self.sheet.currentText()
        if self.dataset is not None and sheet != self._sheet:
            self._read(self.dataset.path, sheet)

    # --- reading ------------------------------------------------------------------------

    def _read(self, path: Path, sheet: str) -> None:
        self._cancel.set()  # the previous reading, if any, stops at its next check
        self._cancel = threading.Event()
        self._set_dataset(None)
        self._sheet = ""
        self._reading = True
        self._reading_path = path
        show_text(self.status, self.tr("Reading {0}…").format(path.name), "hint")
        self._show_issues([])
        self.completeChanged.emit()
        self._task = self.tasks.start(
            self._read_key,
            asyncio.to_thread(read_dataset, path, sheet, self._cancel),
            on_done=self._read_done,
        )

    def _read_done(self, result: ReadResult) -> None:
        self._reading = False
        if result.dataset is None:
            show_text(self.status, self._explain(result), "error")
            self._show_sheets([], "")
        else:
            self._set_dataset(result.dataset)
            self._sheet = result.sheet or (result.sheets[0] if len(result.sheets) > 1 else "")
            self._show_sheets(result.sheets, self._sheet)
            show_text(self.status, self._describe(result.dataset, result.sheet))
            self._show_issues(result.dataset.issues)
            self.sig_dataset_read.emit(str(result.path))
        self.completeChanged.emit()

    def _explain(self, result: ReadResult) -> str:
        return self.tr("This file cannot be used: {0}").format(result.error)

    def _describe(self, dataset: Dataset, sheet: str) -> str:
        count = len(dataset)
        rows = rows_said(count)
        kinds = {
            "jsonl": self.tr("JSON Lines"),
            "json": self.tr("JSON"),
            "csv": self.tr("CSV"),
            "tsv": self.tr("TSV (tab-separated)"),
            "xlsx": self.tr("Excel workbook"),
            "parquet": self.tr("Parquet table"),
        }
        kind = kinds.get(dataset.format, dataset.format.upper())
        if dataset.format == "xlsx":
            where = self.tr("sheet “{0}”").format(sheet) if sheet else self.tr("first sheet")
            return self.tr("Read {0}: {1}, {2}, {3}.").format(dataset.path.name, rows, kind, where)
        encoding = core_tr(ENCODING_LABELS.get(dataset.encoding, dataset.encoding))
        return self.tr("Read {0}: {1}, {2}, {3}.").format(dataset.path.name, rows, kind, encoding)

    def _show_issues(self, issues: list[LoadIssue]) -> None:
        if not issues:
            show_text(self.issues_label, "")
            self.issues.clear()
            self.issues.hide()
            return
        text = "\n".join(str(issue) for issue in issues[:_LISTED_ISSUES])
        if len(issues) > _LISTED_ISSUES:
            text += "\n" + self.tr("… and {0} more.").format(len(issues) - _LISTED_ISSUES)
        if any(issue.severity == ERROR for issue in issues):
            heading = self.tr(
                "Some rows could not be read and were skipped. You can fix the file and "
                "choose it again, or go on without them:"
            )
        else:
            heading = self.tr("Worth a look before you go on:")
        show_text(self.issues_label, heading)
        self.issues.setPlainText(text)
        self.issues.show()

    def _show_sheets(self, sheets: list[str], current: str) -> None:
        self.sheet.clear()
        self.sheet.addItems(sheets)
        if sheets:
            self.sheet.setCurrentIndex(max(0, self.sheet.findText(current)))
        self._form.setRowVisible(self.sheet, len(sheets) > 1)

    def _set_dataset(self, dataset: Dataset | None) -> None:
        if self.dataset is not None and self.dataset is not dataset:
            self.dataset.close()
        self.dataset = dataset

    # --- state --------------------------------------------------------------------------

    def current_sheet(self) -> str:
        """The sheet that was read when the workbook has several, else ""."""
        return self._sheet

    def is_reading(self) -> bool:
        """True while a file is being read."""
        return self._reading

    def isComplete(self) -> bool:
        return self.dataset is not None and not self._reading

    def release(self) -> None:
        """Stop reading and let go of the file (the wizard is closing)."""
        self._cancel.set()
        if self._task is not None:
            self._task.cancel()
        self._reading = False
        self._set_dataset(None)
