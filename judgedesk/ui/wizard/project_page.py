"""Step 5 of the New Project wizard: the project's name and folder, and a summary."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QCheckBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QStyle,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from judgedesk.core.project import free_folder
from judgedesk.ui.wizard.common import note_label, show_text, with_hint
from judgedesk.ui.wizard.dataset_page import DatasetPage


class ProjectPage(QWizardPage):
    """Name, folder, copy-or-link; Finish creates the project (the wizard does that)."""

    def __init__(
        self, dataset_page: DatasetPage, default_folder: Path, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("projectPage")
        self.setTitle(self.tr("Name and save the project"))
        self.setSubTitle(
            self.tr(
                "A project is a folder that keeps the settings, the template and the results "
                "together. Click Create Project to make it."
            )
        )
        self.dataset_page = dataset_page
        self.default_folder = default_folder
        self._prefilled_for: Path | None = None
        self._folder_edited = False
        self._setting_folder = False
        self._busy = False

        self.name = QLineEdit(self)
        self.name.setObjectName("projectName")
        self.name.setAccessibleName(self.tr("Project name"))
        self.name.textEdited.connect(self._name_edited)
        self.name.textChanged.connect(self._changed)
        self.folder = QLineEdit(self)
        self.folder.setObjectName("projectFolder")
        self.folder.setAccessibleName(self.tr("Project folder"))
        self.folder.textChanged.connect(self._folder_changed)
        self.browse_button = QPushButton(self.tr("Browse…"), self)
        self.browse_button.setObjectName("browseProjectFolder")
        self.browse_button.setAccessibleName(self.tr("Browse for the project folder"))
        self.browse_button.clicked.connect(self.browse)
        folder_row = QHBoxLayout()
        folder_row.addWidget(self.folder, 1)
        folder_row.addWidget(self.browse_button)
        self.folder_hint = note_label(self, "projectFolderHint", "hint")
        self.folder_hint.setText(self.tr("A new folder is made there; it must be new or empty."))
        self.copy_dataset = QCheckBox(self.tr("&Copy the dataset into the project folder"), self)
        self.copy_dataset.setObjectName("copyDataset")
        self.copy_dataset.setChecked(True)
        self.copy_dataset.toggled.connect(self._changed)
        self.copy_hint = note_label(self, "copyDatasetHint", "hint")

        form = QFormLayout()
        name_label = QLabel(self.tr("&Name:"), self)
        name_label.setBuddy(self.name)
        folder_label = QLabel(self.tr("&Folder:"), self)
        folder_label.setBuddy(self.folder)
        form.addRow(name_label, self.name)
        folder_box = QVBoxLayout()
        folder_box.setSpacing(2)
        folder_box.addLayout(folder_row)
        folder_box.addWidget(self.folder_hint)
        form.addRow(folder_label, folder_box)
        # The hint lines up with the checkbox's text, not its box.
        style = self.style()
        self.copy_hint.setIndent(
            style.pixelMetric(QStyle.PixelMetric.PM_IndicatorWidth)
            + style.pixelMetric(QStyle.PixelMetric.PM_CheckBoxLabelSpacing)
        )
        copy_box = with_hint(self.copy_dataset, self.copy_hint)
        copy_box.setContentsMargins(0, 6, 0, 0)

        summary_title = QLabel(self.tr("What will be made:"), self)
        self.summary = note_label(self, "projectSummary")
        self.summary.setAccessibleName(self.tr("Summary of the new project"))
        self.status = note_label(self, "projectStatus")
        self.status.setAccessibleName(self.tr("Problems creating the project"))
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(copy_box)
        layout.addSpacing(8)
        layout.addWidget(summary_title)
        layout.addWidget(self.summary)
        layout.addWidget(self.status)
        layout.addStretch(1)
        show_text(self.status, "")
        self._changed()

    # --- filling in ---------------------------------------------------------------------

    def initializePage(self) -> None:
        dataset = self.dataset_page.dataset
        if dataset is not None and dataset.path != self._prefilled_for:
            self._prefilled_for = dataset.path
            if not self.name.isModified():
                self.name.setText(dataset.path.stem)
            if not self._folder_edited:
                self._set_folder(free_folder(self.default_folder, self.name.text()))
        self._changed()

    def browse(self) -> None:
        """Pick where the project goes; a folder with files in it gets a new sub-folder."""
        start = self.folder.text().strip() or str(self.default_folder)
        chosen = QFileDialog.getExistingDirectory(
            self, self.tr("Choose where to put the project"), str(Path(start).parent)
        )
        if not chosen:
            return
        folder = Path(chosen)
        try:
            in_use = any(folder.iterdir())
        except OSError:
            in_use = False  # creating it will say what is wrong
        if in_use:
            folder = free_folder(folder, self.name.text() or "project")
        self._folder_edited = True
        self._set_folder(folder)

    def _set_folder(self, folder: Path) -> None:
        self._setting_folder = True
        try:
            self.folder.setText(str(folder))
        finally:
            self._setting_folder = False

    def _name_edited(self, name: str) -> None:
        # The folder follows the name until the person chooses a folder themselves.
        current = self.folder.text().strip()
        if not self._folder_edited and current and name.strip():
            self._set_folder(free_folder(Path(current).parent, name))

    def _folder_changed(self) -> None:
        if not self._setting_folder:
            self._folder_edited = True
        show_text(self.status, "")
        self._changed()

    def _changed(self) -> None:
        self.copy_hint.setText(
            self.tr(
                "Recommended: the project keeps working when the original file is moved or changed."
            )
            if self.copy_dataset.isChecked()
            else self.tr("The project will read the file where it is now; do not move it.")
        )
        self.completeChanged.emit()

    # --- state --------------------------------------------------------------------------

    def set_summary(self, lines: list[str]) -> None:
        """Show what Finish will make (the wizard knows the other pages' choices)."""
        self.summary.setText("\n".join(lines))

    def set_busy(self, busy: bool) -> None:
        """Lock the page while the project is being made."""
        self._busy = busy
        for widget in (self.name, self.folder, self.browse_button, self.copy_dataset):
            widget.setEnabled(not busy)
        if busy:
            show_text(self.status, self.tr("Creating the project…"), "hint")
        self.completeChanged.emit()

    def show_error(self, message: str) -> None:
        """Explain why the project could not be made; the wizard stays open."""
        show_text(self.status, self.tr("The project was not created: {0}").format(message), "error")

    def project_folder(self) -> Path:
        """The folder to create."""
        return Path(self.folder.text().strip()).expanduser()

    def project_name(self) -> str:
        """The project's name."""
        return self.name.text().strip()

    def link_dataset(self) -> bool:
        """True to use the dataset where it is instead of copying it."""
        return not self.copy_dataset.isChecked()

    def isComplete(self) -> bool:
        return bool(self.project_name() and self.folder.text().strip()) and not self._busy
