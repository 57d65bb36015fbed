"""Export review packs: the reviewers, the share they all review, and the split before writing."""

from __future__ import annotations

import asyncio
import copy
import re
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.dataset import Dataset
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.project import Project
from judgedesk.core.review import (
    PackPlan,
    least_sure_rows,
    plan_packs,
    project_confidences,
    write_packs,
)
from judgedesk.core.run import Store
from judgedesk.ui.counts import rows_said
from judgedesk.ui.tasks import TaskRunner

ERROR_COLOUR = "#c62828"


class ExportPacksDialog(QDialog):
    """Makes one review pack per reviewer from the project's rows.

    The split (who gets which rows, and the shared rows everyone gets) is shown as it is
    chosen; Write writes the packs in the background and says what was written.

    Signals:
        sig_written: the paths written (a list of :class:`~pathlib.Path`).
    """

    sig_written = Signal(list)

    def __init__(
        self, project: Project, dataset: Dataset, tasks: TaskRunner, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("exportPacksDialog")
        self.setWindowTitle(self.tr("Export Review Packs"))
        self.project = project
        self.dataset = dataset
        self.tasks = tasks
        self.written: list[Path] = []

        self.reviewers = QPlainTextEdit(self)
        self.reviewers.setObjectName("packReviewers")
        self.reviewers.setAccessibleName(self.tr("Reviewers"))
        self.reviewers.setPlaceholderText(self.tr("ana, bo, cy (or one name per line)"))
        self.reviewers.setTabChangesFocus(True)
        self.reviewers.setMaximumHeight(self.fontMetrics().lineSpacing() * 4 + 12)
        self.overlap = QSpinBox(self)
        self.overlap.setObjectName("packOverlap")
        self.overlap.setRange(0, 100)
        self.overlap.setValue(20)
        self.overlap.setSuffix(" %")
        self.overlap.setMaximumWidth(120)
        self.overlap.setToolTip(
            self.tr(
                "The share of the rows every reviewer gets: where people's agreement with "
                "each other is measured. The rest is split among them."
            )
        )
        self.seed = QSpinBox(self)
        self.seed.setObjectName("packSeed")
        self.seed.setRange(0, 2_147_483_647)
        self.seed.setMaximumWidth(120)
        self.seed.setToolTip(self.tr("The same seed gives the same split"))
        self.least_sure = QSpinBox(self)
        self.least_sure.setObjectName("packLeastSure")
        self.least_sure.setRange(0, max(len(dataset), 1))
        self.least_sure.setSpecialValueText(self.tr("every row"))
        self.least_sure.setMaximumWidth(160)
        self.least_sure.setEnabled(False)  # until the verdicts' confidences are read
        self._confidences: dict[int, float] = {}
        self.show_judge = QCheckBox(self.tr("Show the judge's verdict in the packs"), self)
        self.show_judge.setObjectName("packShowJudge")
        self.show_judge.setToolTip(
            self.tr(
                "Off: people give their own verdicts without seeing the judge's, which "
                "measures how far people agree: the most a judge can be asked for. On, "
                "the rows of the random sample still go without it: their verdicts correct "
                "the judge's figures, so they must not lean on it."
            )
        )
        self.instructions = QPlainTextEdit(self)
        self.instructions.setObjectName("packInstructionsText")
        self.instructions.setAccessibleName(self.tr("Instructions"))
        self.instructions.setPlaceholderText(self.tr("A few words for the reviewers (optional)"))
        self.instructions.setTabChangesFocus(True)
        self.instructions.setMaximumHeight(self.fontMetrics().lineSpacing() * 4 + 12)
        self.folder = QLineEdit(str(project.root / "review-packs"), self)
        self.folder.setObjectName("packFolder")
        self.folder.setAccessibleName(self.tr("Folder"))
        choose = QPushButton(self.tr("Choose…"), self)
        choose.setObjectName("packChooseFolder")
        choose.clicked.connect(self.choose_folder)
        folder_row = QHBoxLayout()
        folder_row.addWidget(self.folder, 1)
        folder_row.addWidget(choose)

        form = QFormLayout()
        form.addRow(self.tr("&Reviewers:"), self.reviewers)
        form.addRow(self.tr("&Overlap:"), self.overlap)
        form.addRow(self.tr("&Seed:"), self.seed)
        form.addRow(self.tr("&Least sure rows:"), self.least_sure)
        form.addRow("", self.show_judge)
        form.addRow(self.tr("&Instructions:"), self.instructions)
        folder_label = QLabel(self.tr("&Folder:"), self)
        folder_label.setBuddy(self.folder)  # a row of widgets has no label of its own
        form.addRow(folder_label, folder_row)
        self.preview = QLabel(self)
        self.preview.setObjectName("packPreview")
        self.preview.setTextFormat(Qt.TextFormat.PlainText)  # reviewers' names are typed
        self.preview.setWordWrap(True)
        self.message = QLabel(self)
        self.message.setObjectName("packExportMessage")
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.message.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.write_button = self.buttons.addButton(
            self.tr("&Write Packs"), QDialogButtonBox.ButtonRole.ApplyRole
        )
        self.write_button.setObjectName("packWrite")
        self.write_button.clicked.connect(self.write)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.preview)
        layout.addWidget(self.message)
        layout.addWidget(self.buttons)
        self.resize(560, self.sizeHint().height())

        self.reviewers.textChanged.connect(self.update_preview)
        self.overlap.valueChanged.connect(self.update_preview)
        self.seed.valueChanged.connect(self.update_preview)
        self.least_sure.valueChanged.connect(self.update_preview)
        self.folder.textChanged.connect(self.update_preview)
        self.update_preview()
        tasks.run_in_thread(
            "pack-confidences",
            project_confidences,
            copy.deepcopy(project),
            on_done=self._confidences_read,
        )

    def _confidences_read(self, confidences: dict[int, float]) -> None:
        """Packs can be drawn from the least sure rows once some verdict has a confidence."""
        self._confidences = confidences
        self.least_sure.setEnabled(bool(confidences))
        self.least_sure.setToolTip(
            self.tr(
                "Only the rows whose verdict the judge was least sure of (read from its "
                "probabilities): where people's reviews are worth the most."
            )
            if confidences
            else self.tr(
                'No verdict has a confidence: turn on "Keep the verdict\'s probabilities" '
                "for a judge and run the project again."
            )
        )

    def reviewer_names(self) -> list[str]:
        """The names typed, separated by commas or line breaks."""
        return [name.strip() for name in re.split(r"[,\n]", self.reviewers.toPlainText())]

    def plan(self) -> PackPlan:
        """The split as chosen now.

        Raises:
            JudgeDeskError: no reviewer, a name twice, or no rows.
        """
        names = [name for name in self.reviewer_names() if name]
        rows: Sequence[int] = range(len(self.dataset))
        if self.least_sure.value() > 0:
            rows = least_sure_rows(self._confidences, self.least_sure.value())
        return plan_packs(rows, names, self.overlap.value() / 100, self.seed.value())

    def update_preview(self) -> None:
        """Show the split the choices give, or why there is none."""
        self.message.clear()
        if not any(self.reviewer_names()):
            self.preview.setText(self.tr("Name the reviewers to see how the rows are split."))
            self.write_button.setEnabled(False)
            return
        names = [name for name in self.reviewer_names() if name]
        twice = sorted({name for name in names if names.count(name) > 1})
        try:
            if twice:
                raise JudgeDeskError(
                    self.tr("Each reviewer's name must be given once: {0}.").format(
                        ", ".join(twice)
                    )
                )
            text = self.split_text(self.plan())
        except JudgeDeskError as exc:
            self.preview.setStyleSheet(f"color: {ERROR_COLOUR}")
            self.preview.setText(str(exc))
            self.write_button.setEnabled(False)
            return
        self.preview.setStyleSheet("")
        self.preview.setText(text)
        running = self.tasks.running("pack-export")
        self.write_button.setEnabled(bool(self.folder.text().strip()) and not running)

    def split_text(self, plan: PackPlan) -> str:
        """The split in a sentence (what :meth:`PackPlan.summary` says, translated)."""
        if len(plan.assigned) == 1:
            name, rows = next(iter(plan.assigned.items()))
            return self.tr("1 reviewer, {0}: {1} {2}.").format(
                rows_said(plan.rows), name, rows_said(len(rows))
            )
        own = ", ".join(f"{name} {len(rows)}" for name, rows in plan.assigned.items())
        return self.tr(
            "{0} reviewers, {1}: {2} shared by everyone (where people's agreement is "
            "measured), {3} split. Rows each: {4}."
        ).format(
            len(plan.assigned),
            rows_said(plan.rows),
            len(plan.shared),
            plan.rows - len(plan.shared),
            own,
        )

    def choose_folder(self) -> None:
        chosen = QFileDialog.getExistingDirectory(
            self, self.tr("Choose the folder for the packs"), self.folder.text()
        )
        if chosen:
            self.folder.setText(chosen)

    def write(self) -> None:
        """Write the packs (in the background); the dialog says what was written."""
        try:
            plan = self.plan()
        except JudgeDeskError as exc:
            self._fail(str(exc))
            return
        if not self.folder.text().strip():
            return
        out = Path(self.folder.text().strip()).expanduser()
        self.write_button.setEnabled(False)
        self.message.setStyleSheet("")
        self.message.setText(self.tr("Writing the packs…"))
        project = copy.deepcopy(self.project)
        dataset = self.dataset.with_mapping(self.dataset.mapping)  # closed by the worker
        show_judge = self.show_judge.isChecked()
        instructions = self.instructions.toPlainText().strip()

        async def write() -> list[Path] | str:
            try:
                return await asyncio.to_thread(
                    _write, project, dataset, plan, out, show_judge, instructions
                )
            except JudgeDeskError as exc:
                return str(exc)

        self.tasks.start("pack-export", write(), self._written)

    def _written(self, result: list[Path] | str) -> None:
        self.update_preview()
        if isinstance(result, str):
            self._fail(result)
            return
        self.written = result
        names = ", ".join(path.name for path in result)
        folder = result[0].parent if result else Path(self.folder.text())
        self.message.setStyleSheet("")
        self.message.setText(
            self.tr(
                "Written in {0}: {1}. Send each reviewer their file; they open it in "
                "JudgeDesk, review, and send it back for File › Import Reviews…"
            ).format(folder, names)
        )
        self.sig_written.emit(result)

    def _fail(self, message: str) -> None:
        self.message.setStyleSheet(f"color: {ERROR_COLOUR}")
        self.message.setText(message)


def _write(
    project: Project,
    dataset: Dataset,
    plan: PackPlan,
    out: Path,
    show_judge: bool,
    instructions: str,
) -> list[Path]:
    try:
        store = Store(project.store_path) if project.store_path.is_file() else None
        try:
            return write_packs(
                project,
                dataset,
                plan,
                out,
                show_judge=show_judge,
                store=store,
                instructions=instructions,
            )
        finally:
            if store is not None:
                store.close()
    finally:
        dataset.close()
