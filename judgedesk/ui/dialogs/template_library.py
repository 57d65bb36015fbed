"""The template library: the built-in judge templates, their source and an example render."""

from __future__ import annotations

import asyncio
import copy

from PySide6.QtCore import QItemSelection, QSortFilterProxyModel, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QPushButton,
    QSplitter,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.judge import JudgeSettings
from judgedesk.core.project import Workspace
from judgedesk.core.template import (
    PromptPreview,
    TemplateInfo,
    list_templates,
    preview_prompt,
    template_needs,
)
from judgedesk.ui.dialogs.choice import (
    MissingVariables,
    TemplateChoice,
    hint_label,
    interface_language,
)
from judgedesk.ui.dialogs.library_details import TemplateDetailsView
from judgedesk.ui.models.library_model import SEARCH_ROLE, LibraryListModel
from judgedesk.ui.tasks import TaskRunner

_EXAMPLE_TASK = "library-example"


class TemplateLibraryDialog(QDialog):
    """Browse the built-in templates and put one into the Template pane's editor.

    The dialog is kept and shown again: :meth:`prepare` tells it the judge and the row
    before each showing.

    Signals:
        sig_chosen: a :class:`TemplateChoice`, when the template is to replace the
            editor's text or be inserted at its cursor.
        sig_example_shown: the :class:`PromptPreview` of the example now shown.
    """

    sig_chosen = Signal(object)
    sig_example_shown = Signal(object)

    def __init__(self, workspace: Workspace, tasks: TaskRunner, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("templateLibraryDialog")
        self.setWindowTitle(self.tr("Template Library"))
        self.resize(1060, 700)
        self.workspace = workspace
        self.tasks = tasks
        self._row: int | None = None
        self._judge: JudgeSettings | None = None
        self._language_chosen = False
        self._offer_prompt = self._offer_parser = self._defaults_used = False
        self._parser_names = {
            "score": self.tr("a score"),
            "comparison": self.tr("a comparison"),
            "choice5": self.tr("a five-way choice"),
            "correctness": self.tr("correct or incorrect"),
            "json": self.tr("JSON scores"),
            "mtbench_pair": self.tr("an MT-Bench verdict"),
            "prometheus": self.tr("a Prometheus score"),
            "prometheus_pair": self.tr("a Prometheus comparison"),
            "llmbar": self.tr("an LLMBar choice"),
            "judgelm": self.tr("two JudgeLM scores"),
        }
        self.language = QComboBox(self)
        self.language.setObjectName("libraryLanguage")
        self.language.setAccessibleName(self.tr("Language of the templates"))
        self.language.addItem("English", "en")
        self.language.addItem("中文", "zh")
        self.language.currentIndexChanged.connect(lambda _: self._load_templates())
        language_label = QLabel(self.tr("&Language:"), self)
        language_label.setBuddy(self.language)
        self.search = QLineEdit(self)
        self.search.setObjectName("librarySearch")
        self.search.setAccessibleName(self.tr("Search the templates"))
        self.search.setPlaceholderText(self.tr("Search…"))
        self.search.setClearButtonEnabled(True)
        for button in self.search.findChildren(QToolButton):  # the clear button Qt adds
            button.setObjectName("librarySearchClear")
            button.setAccessibleName(self.tr("Clear the search"))
        self.search.textChanged.connect(self._search_changed)
        search_label = QLabel(self.tr("&Search:"), self)
        search_label.setBuddy(self.search)
        self.model = LibraryListModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setFilterRole(SEARCH_ROLE)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.list = QListView(self)
        self.list.setObjectName("libraryList")
        self.list.setAccessibleName(self.tr("Built-in templates"))
        self.list.setModel(self.proxy)
        self.list.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.list.setWordWrap(True)
        self.list.setSpacing(2)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.selectionModel().selectionChanged.connect(self._selected)
        self.list.activated.connect(lambda _: self.choose(replace=True))
        self.list.setToolTip(self.tr("Enter or a double click replaces the template with this one"))
        self.empty = hint_label(self, "libraryEmpty", self.tr("No template matches the search."))
        self.empty.setVisible(False)
        left = QWidget(self)
        left_layout = QGridLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(language_label, 0, 0)
        left_layout.addWidget(self.language, 0, 1)
        left_layout.addWidget(search_label, 1, 0)
        left_layout.addWidget(self.search, 1, 1)
        left_layout.addWidget(self.list, 2, 0, 1, 2)
        left_layout.addWidget(self.empty, 3, 0, 1, 2)
        left_layout.setRowStretch(2, 1)

        self.details = TemplateDetailsView(self)

        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.setObjectName("librarySplitter")
        self.splitter.addWidget(left)
        self.splitter.addWidget(self.details)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setSizes([280, 780])

        self.add_variables = MissingVariables("libraryAddVariables", self)
        self.use_system_prompt = QCheckBox(self.tr("Also use its s&ystem prompt"), self)
        self.use_system_prompt.setObjectName("libraryUseSystemPrompt")
        self.use_parser = QCheckBox(self)
        self.use_parser.setObjectName("libraryUseParser")
        self.use_parser.setAccessibleName(self.tr("Also change how the judge's verdicts are read"))
        self.replace_button = self._button(self.tr("&Replace the template"), "libraryReplace")
        self.replace_button.setToolTip(
            self.tr("Put this template in the editor instead of the current text (Ctrl+Z undoes)")
        )
        self.replace_button.clicked.connect(lambda: self.choose(replace=True))
        self.insert_button = self._button(self.tr("&Insert at the cursor"), "libraryInsert")
        self.insert_button.clicked.connect(lambda: self.choose(replace=False))
        close_button = self._button(self.tr("Close"), "libraryClose")
        close_button.clicked.connect(self.reject)
        buttons = QDialogButtonBox(self)
        buttons.setObjectName("libraryButtons")
        buttons.addButton(self.insert_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.replace_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(close_button, QDialogButtonBox.ButtonRole.RejectRole)
        options = QHBoxLayout()
        options.addWidget(self.add_variables, 1)
        checks = QVBoxLayout()
        checks.addWidget(self.use_system_prompt)
        checks.addWidget(self.use_parser)
        checks.addStretch(1)
        options.addLayout(checks)
        layout = QVBoxLayout(self)
        layout.addWidget(self.splitter, 1)
        layout.addLayout(options)
        layout.addWidget(buttons)
        QWidget.setTabOrder(self.language, self.search)
        QWidget.setTabOrder(self.search, self.list)
        QWidget.setTabOrder(self.list, self.details.tabs)
        self._load_templates()

    def _button(self, text: str, name: str) -> QPushButton:
        button = QPushButton(text, self)
        button.setObjectName(name)
        # Enter in the search field must not replace the template: no default button.
        button.setAutoDefault(False)
        button.setDefault(False)
        return button

    # --- showing --------------------------------------------------------------------------

    def prepare(self, row: int | None, judge: JudgeSettings | None, editable: bool) -> None:
        """Show the library for this judge and row; ``editable`` False greys the buttons."""
        self._row, self._judge = row, judge
        project = self.workspace.project
        if not self._language_chosen:
            language = project.language if project and project.language in ("en", "zh") else ""
            self.set_language(language or interface_language())
        for button in (self.replace_button, self.insert_button):
            button.setEnabled(editable and judge is not None)
        self._update_details()

    def set_language(self, language: str) -> None:
        """Show the templates in "en" or "zh"."""
        self.language.setCurrentIndex(max(0, self.language.findData(language)))

    def select(self, template_id: str) -> None:
        """Select a template by id (when the search shows it)."""
        index = self.proxy.mapFromSource(self.model.index(self.model.row_of(template_id)))
        if index.isValid():
            self.list.setCurrentIndex(index)

    def current(self) -> TemplateInfo | None:
        """The template selected."""
        index = self.proxy.mapToSource(self.list.currentIndex())
        return self.model.template(index.row()) if index.isValid() else None

    def _load_templates(self) -> None:
        if self.sender() is self.language:
            self._language_chosen = True
        current = self.current()
        self.model.set_templates(list_templates(str(self.language.currentData())))
        self._keep_selection(current.id if current else "score_single")

    def _search_changed(self, text: str) -> None:
        current = self.current()
        self.proxy.setFilterFixedString(text.strip())
        self._keep_selection(current.id if current else "")

    def _keep_selection(self, template_id: str) -> None:
        self.select(template_id)
        if not self.list.currentIndex().isValid() and self.proxy.rowCount():
            self.list.setCurrentIndex(self.proxy.index(0, 0))
        self.empty.setVisible(self.proxy.rowCount() == 0)
        self._update_details()

    def _selected(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        self._update_details()

    def _update_details(self) -> None:
        info = self.current()
        project = self.workspace.project
        variables = project.variables if project is not None else {}
        if info is None:
            self.details.clear()
            self.add_variables.set_missing({})
            self._offer_prompt = self._offer_parser = False
            self.use_system_prompt.setVisible(False)
            self.use_parser.setVisible(False)
            return
        needs = template_needs(info.text, variables, info.variables)
        self.details.show_template(info, needs)
        self.add_variables.set_missing(needs.missing)
        self._update_judge_options(info)
        self._render_example(info, bool(needs.missing))

    def _update_judge_options(self, info: TemplateInfo) -> None:
        judge = self._judge
        offer_prompt = bool(
            judge and info.system_prompt and judge.system_prompt.strip() != info.system_prompt
        )
        if offer_prompt and not self._offer_prompt and judge is not None:
            self.use_system_prompt.setChecked(not judge.system_prompt.strip())
        self._offer_prompt = offer_prompt
        self.use_system_prompt.setVisible(offer_prompt)
        self.use_system_prompt.setToolTip(info.system_prompt)
        self._offer_parser = bool(judge and judge.parser and judge.parser != info.parser)
        self.use_parser.setVisible(self._offer_parser)
        if self._offer_parser and judge is not None:
            self.use_parser.setText(
                self.tr("Also read the judge's ver&dicts as “{0}” (now “{1}”)").format(
                    self._parser_names.get(info.parser, info.parser),
                    self._parser_names.get(judge.parser, judge.parser),
                )
            )
            self.use_parser.setChecked(True)

    def _render_example(self, info: TemplateInfo, defaults_used: bool) -> None:
        project, dataset, row = self.workspace.project, self.workspace.dataset, self._row
        variables = dict(info.variables)
        variables.update(copy.deepcopy(project.variables) if project is not None else {})
        self._defaults_used = defaults_used
        self.tasks.start(
            _EXAMPLE_TASK,
            asyncio.to_thread(
                preview_prompt,
                info.text,
                info.system_prompt,
                variables=variables,
                dataset=dataset,
                row=row if dataset is not None else None,
                judge=info.id,
            ),
            on_done=self._show_example,
        )

    def _show_example(self, preview: PromptPreview) -> None:
        info = self.current()
        if info is None or preview.prompt.judge != info.id:
            return
        self.details.show_example(preview, self._defaults_used)
        self.sig_example_shown.emit(preview)

    # --- choosing -------------------------------------------------------------------------

    def choose(self, replace: bool) -> None:
        """Hand the selected template over (replacing the text, or at the cursor), and close."""
        info = self.current()
        button = self.replace_button if replace else self.insert_button
        if info is None or not button.isEnabled():
            return
        self.sig_chosen.emit(
            TemplateChoice(
                info.text,
                replace,
                info.title,
                self.add_variables.chosen(),
                info.system_prompt
                if self._offer_prompt and self.use_system_prompt.isChecked()
                else None,
                info.parser if self._offer_parser and self.use_parser.isChecked() else None,
            )
        )
        self.accept()
