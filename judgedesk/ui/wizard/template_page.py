"""Step 3 of the New Project wizard: the prompt template the judge starts from."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QItemSelection, QLocale, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from judgedesk.core.project import ARENA_TEMPLATE, default_template
from judgedesk.core.run import is_pairwise
from judgedesk.core.template import TemplateInfo, list_templates
from judgedesk.ui.models.library_model import LibraryListModel
from judgedesk.ui.wizard.common import note_label, show_text
from judgedesk.ui.wizard.dataset_page import DatasetPage
from judgedesk.ui.wizard.fields_page import FieldsPage


def interface_language() -> str:
    """ "zh" when the interface is in Chinese, else "en" (the languages of the library).

    The interface's language is QLocale's default (set with the translation at start, the
    system's otherwise), so a Chinese interface offers the Chinese templates first.
    """
    return "zh" if QLocale().language() == QLocale.Language.Chinese else "en"


class TemplatePage(QWizardPage):
    """A built-in template (in English or Chinese), or a template file of one's own."""

    def __init__(
        self, dataset_page: DatasetPage, fields_page: FieldsPage, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("templatePage")
        self.setTitle(self.tr("Choose how the judge grades"))
        self.setSubTitle(
            self.tr(
                "A template is the instruction the judge model reads for each row. Start "
                "from a built-in one; you can edit it afterwards in the Template pane."
            )
        )
        self.dataset_page = dataset_page
        self.fields_page = fields_page
        self._chosen_by_person = False
        self._selecting = False

        self.use_builtin = QRadioButton(self.tr("Use a &built-in template"), self)
        self.use_builtin.setObjectName("useBuiltinTemplate")
        self.use_builtin.setChecked(True)
        self.language = QComboBox(self)
        self.language.setObjectName("templateLanguage")
        self.language.setAccessibleName(self.tr("Language of the template"))
        self.language.addItem("English", "en")
        self.language.addItem("中文", "zh")
        self.language.setCurrentIndex(max(0, self.language.findData(interface_language())))
        self.language.currentIndexChanged.connect(self._language_changed)
        language_label = QLabel(self.tr("&Language:"), self)
        language_label.setBuddy(self.language)

        self.model = LibraryListModel(self)
        self.list = QListView(self)
        self.list.setObjectName("templateList")
        self.list.setAccessibleName(self.tr("Built-in templates"))
        self.list.setModel(self.model)
        self.list.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.list.setMinimumWidth(300)
        self.list.setWordWrap(True)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.selectionModel().selectionChanged.connect(self._selected)
        self.description = note_label(self, "templateDescription")
        self.description.setAccessibleName(self.tr("What the template does"))
        self.description.setMinimumWidth(260)
        self.description.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)

        self.use_file = QRadioButton(self.tr("Use a template &file of my own"), self)
        self.use_file.setObjectName("useTemplateFile")
        self.file_edit = QLineEdit(self)
        self.file_edit.setObjectName("templateFile")
        self.file_edit.setAccessibleName(self.tr("Template file"))
        self.file_edit.setPlaceholderText(self.tr("A Jinja2 or plain-text prompt file"))
        self.file_edit.textChanged.connect(self._file_changed)
        self.browse_button = QPushButton(self.tr("Browse…"), self)
        self.browse_button.setObjectName("browseTemplate")
        self.browse_button.setAccessibleName(self.tr("Browse for a template file"))
        self.browse_button.clicked.connect(self.browse)
        self.file_hint = note_label(self, "templateFileHint", "hint")
        self.file_hint.setText(
            self.tr(
                "Placeholders such as {question} or {{answer}} are turned into the names "
                "JudgeDesk uses."
            )
        )
        group = QButtonGroup(self)
        group.addButton(self.use_builtin)
        group.addButton(self.use_file)
        group.buttonToggled.connect(self._source_changed)
        self.warning = note_label(self, "templateWarning", "hint")
        self.swap = QCheckBox(self.tr("Judge each pair in both &orders"), self)
        self.swap.setObjectName("wizardSwap")
        self.swap.setChecked(True)
        self.swap.setToolTip(
            self.tr(
                "The judge is asked a second time with the two answers exchanged, which "
                "cancels its preference for the answer shown first; pairs judged "
                "differently count as ties. It doubles the requests. You can change this "
                "later in the Run pane."
            )
        )

        top = QHBoxLayout()
        top.addWidget(self.use_builtin)
        top.addStretch(1)
        top.addWidget(language_label)
        top.addWidget(self.language)
        middle = QHBoxLayout()
        middle.setContentsMargins(24, 0, 0, 0)
        middle.addWidget(self.list, 1)
        middle.addWidget(self.description, 1)
        file_row = QHBoxLayout()
        file_row.setContentsMargins(24, 0, 0, 0)
        file_row.addWidget(self.file_edit, 1)
        file_row.addWidget(self.browse_button)
        hint_row = QHBoxLayout()
        hint_row.setContentsMargins(24, 0, 0, 0)
        hint_row.addWidget(self.file_hint)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(middle, 1)
        layout.addSpacing(6)
        layout.addWidget(self.use_file)
        layout.addLayout(file_row)
        layout.addLayout(hint_row)
        layout.addWidget(self.swap)
        layout.addWidget(self.warning)
        QWidget.setTabOrder(self.use_builtin, self.language)
        QWidget.setTabOrder(self.language, self.list)
        QWidget.setTabOrder(self.list, self.use_file)
        QWidget.setTabOrder(self.use_file, self.file_edit)
        QWidget.setTabOrder(self.file_edit, self.browse_button)
        self._load_templates()
        self._source_changed()

    # --- choosing -----------------------------------------------------------------------

    def initializePage(self) -> None:
        if not self._chosen_by_person:
            dataset = self.dataset_page.dataset
            if self.fields_page.arena().active:
                self.select(ARENA_TEMPLATE)  # several models are compared a pair at a time
            elif dataset is not None:
                self.select(default_template(dataset, self.fields_page.mapping()))
        self._update_notes()

    def select(self, template_id: str) -> None:
        """Select a built-in template by id (a suggestion: later datasets may change it)."""
        row = self.model.row_of(template_id)
        if row < 0:
            return
        self._selecting = True
        try:
            self.list.setCurrentIndex(self.model.index(row))
        finally:
            self._selecting = False

    def browse(self) -> None:
        """Pick a template file with the usual dialog."""
        name, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Choose a template file"),
            self.file_edit.text() or str(Path.home()),
            self.tr("Templates (*.j2 *.jinja *.jinja2 *.txt *.md);;All files (*)"),
        )
        if name:
            self.file_edit.setText(name)
            self.use_file.setChecked(True)

    def _load_templates(self) -> None:
        current = self.template_id()
        self._selecting = True
        try:
            self.model.set_templates(list_templates(self.language_code()))
        finally:
            self._selecting = False
        self.select(current or "score_single")

    def _language_changed(self) -> None:
        self._load_templates()

    def _selected(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        if not self._selecting:
            self._chosen_by_person = True
        self._update_notes()
        self.completeChanged.emit()

    def _file_changed(self) -> None:
        if self.file_edit.text().strip():
            self.use_file.setChecked(True)
        self._update_notes()
        self.completeChanged.emit()

    def _source_changed(self) -> None:
        builtin = self.use_builtin.isChecked()
        for widget in (self.language, self.list, self.description):
            widget.setEnabled(builtin)
        self._update_notes()
        self.completeChanged.emit()

    def swap_chosen(self) -> bool:
        """Whether pairs are to be judged in both orders (a built-in pairwise template)."""
        return self.swap.isVisibleTo(self) and self.swap.isChecked()

    def _update_notes(self) -> None:
        info = self.model.template(self.list.currentIndex().row())
        self.description.setText(self._describe(info) if info else "")
        pairwise = self.use_builtin.isChecked() and info is not None and is_pairwise(info.parser)
        self.swap.setVisible(pairwise)
        if self.use_builtin.isChecked():
            show_text(self.warning, self._warning(info), "hint")
        else:
            text = self.file_edit.text().strip()
            missing = bool(text) and not Path(text).expanduser().is_file()
            show_text(
                self.warning, self.tr("There is no file at this path.") if missing else "", "error"
            )

    def _describe(self, info: TemplateInfo) -> str:
        lines = [info.title, "", info.description, ""]
        if info.mode == "pairwise":
            lines.append(self.tr("• Compares two answers (Response A and Response B)."))
        else:
            lines.append(self.tr("• Grades one answer at a time."))
        if info.uses_reference:
            lines.append(self.tr("• Uses the reference answer."))
        if info.multi_turn:
            lines.append(self.tr("• Shows the earlier turns of a chat."))
        return "\n".join(lines)

    def _warning(self, info: TemplateInfo | None) -> str:
        if info is None:
            return ""
        mapping = self.fields_page.mapping()
        dataset = self.dataset_page.dataset
        names = dataset.fields() if dataset is not None else []
        pair = {"response_a", "response_b"} <= mapping.keys() or self.fields_page.arena().active
        if info.mode == "pairwise" and not pair:
            return self.tr(
                "This template compares two answers, but no columns are chosen for "
                "Response A and Response B. Go Back to choose them (under More columns)."
            )
        has_reference = "reference" in mapping or "ref_answer" in names or "messages" in names
        if info.uses_reference and not has_reference:
            return self.tr(
                "This template compares with a reference answer, but no column is chosen "
                "for it. Go Back to choose one, or pick a template without a reference."
            )
        return ""

    # --- state --------------------------------------------------------------------------

    def language_code(self) -> str:
        """ "en" or "zh"."""
        return str(self.language.currentData())

    def template_id(self) -> str:
        """The selected built-in template's id, or ""."""
        info = self.model.template(self.list.currentIndex().row())
        return info.id if info else ""

    def describe(self) -> str:
        """The template's title, or its file's name, for the summary."""
        if self.use_file.isChecked():
            return Path(self.template_spec()).name
        info = self.model.template(self.list.currentIndex().row())
        return info.title if info else ""

    def template_spec(self) -> str:
        """What create_project takes: a built-in id, or the template file's path."""
        if self.use_file.isChecked():
            return str(Path(self.file_edit.text().strip()).expanduser())
        return self.template_id()

    def isComplete(self) -> bool:
        if self.use_file.isChecked():
            text = self.file_edit.text().strip()
            return bool(text) and Path(text).expanduser().is_file()
        return bool(self.template_id())
