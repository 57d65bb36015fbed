"""Preferences: the app's own settings, and the answers about trust given on this computer."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from judgedesk.ui.dialogs.preferences_trust import TrustLists
from judgedesk.ui.settings import AppSettings
from judgedesk.ui.tasks import TaskRunner


class GeneralPreferences(QWidget):
    """Where new projects go, the name saved with reviews, moving on after a verdict."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("generalPreferences")
        self.projects_folder = QLineEdit(self)
        self.projects_folder.setObjectName("projectsFolderEdit")
        self.projects_folder.setAccessibleName(self.tr("Projects folder"))
        self.browse_button = QPushButton(self.tr("&Browse…"), self)
        self.browse_button.setObjectName("projectsFolderBrowse")
        self.browse_button.setAccessibleName(self.tr("Browse for the projects folder"))
        self.browse_button.clicked.connect(self.browse)
        folder_row = QHBoxLayout()
        folder_row.addWidget(self.projects_folder, 1)
        folder_row.addWidget(self.browse_button)
        self.reviewer = QLineEdit(self)
        self.reviewer.setObjectName("reviewerNameEdit")
        self.reviewer.setAccessibleName(self.tr("Reviewer"))
        self.advance = QCheckBox(self.tr("Go to the &next row after a verdict"), self)
        self.advance.setObjectName("advanceAfterVerdict")
        self.theme = QComboBox(self)
        self.theme.setObjectName("themeChoice")
        self.theme.setAccessibleName(self.tr("Look"))
        for key, text in (
            ("system", self.tr("As the desktop has it")),
            ("light", self.tr("Light")),
            ("dark", self.tr("Dark")),
        ):
            self.theme.addItem(text, key)
        form = QFormLayout()
        folder_label = QLabel(self.tr("&Projects folder:"), self)
        folder_label.setBuddy(self.projects_folder)
        form.addRow(folder_label, folder_row)
        form.addRow("", self._note(self.tr("New projects go here unless you pick another folder.")))
        form.addRow(self.tr("&Reviewer:"), self.reviewer)
        form.addRow("", self._note(self.tr("The name saved with each review you make.")))
        form.addRow("", self.advance)
        form.addRow(self.tr("&Look:"), self.theme)
        form.addRow("", self._note(self.tr("Light or dark; by default as the desktop is set.")))
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addStretch(1)

    def _note(self, text: str) -> QLabel:
        note = QLabel(text, self)
        note.setWordWrap(True)
        return note

    def show_settings(self, settings: AppSettings) -> None:
        self.projects_folder.setText(str(settings.projects_folder()))
        self.reviewer.setText(settings.reviewer_name())
        self.advance.setChecked(settings.advance_after_verdict())
        self.theme.setCurrentIndex(max(0, self.theme.findData(settings.theme())))

    def save(self, settings: AppSettings) -> None:
        folder = self.projects_folder.text().strip()
        if folder:  # an emptied field keeps the folder there was
            settings.set_projects_folder(Path(folder).expanduser())
        settings.set_reviewer_name(self.reviewer.text().strip())
        settings.set_advance_after_verdict(self.advance.isChecked())
        settings.set_theme(str(self.theme.currentData()))

    def browse(self) -> None:
        chosen = self.choose_folder(self.projects_folder.text().strip())
        if chosen:
            self.projects_folder.setText(chosen)

    def choose_folder(self, start: str) -> str:
        """Ask for a folder; "" when the person cancels (tests replace this)."""
        return QFileDialog.getExistingDirectory(
            self, self.tr("Choose where new projects go"), start
        )


class PreferencesDialog(QDialog):
    """General preferences, and the lists of trust answers with a way to revoke them.

    The General tab is saved by OK; revoking in the Trust tab takes effect at once.
    Each :meth:`open` shows the settings and approvals as they are then.

    Signals:
        sig_preferences_saved: OK was pressed and the preferences are stored.
    """

    sig_preferences_saved = Signal()

    def __init__(
        self, settings: AppSettings, tasks: TaskRunner, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("preferencesDialog")
        self.setWindowTitle(self.tr("Preferences"))
        self.settings = settings
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("preferencesTabs")
        self.general = GeneralPreferences(self)
        self.tabs.addTab(self.general, self.tr("General"))
        self.trust = TrustLists(tasks, self)
        self.tabs.addTab(self.trust, self.tr("Trust"))
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.setObjectName("preferencesButtons")
        buttons.button(QDialogButtonBox.StandardButton.Ok).setObjectName("preferencesOk")
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setObjectName("preferencesCancel")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.buttons = buttons
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(buttons)
        self.resize(780, 620)

    def open(self) -> None:
        """Show the preferences as stored now, start reading the approvals, then open."""
        self.general.show_settings(self.settings)
        self.trust.load()
        super().open()

    def accept(self) -> None:
        self.general.save(self.settings)
        super().accept()
        self.sig_preferences_saved.emit()
