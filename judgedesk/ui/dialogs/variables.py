"""Project variables: a table of names and values, scene presets, every change undoable."""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractItemModel,
    QItemSelection,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.project import Workspace
from judgedesk.core.template import KINDS, LANGUAGES, VariableError, list_scenes
from judgedesk.ui.dialogs.choice import hint_label
from judgedesk.ui.models.variables_model import KIND, KIND_ROLE, NAME, VALUE, VariablesTableModel

_LANGUAGE_NAMES = {"en": "English", "zh": "中文"}


class KindDelegate(QStyledItemDelegate):
    """Edits the Kind column with a list of the kinds."""

    def __init__(self, model: VariablesTableModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.names = model.kind_names

    def createEditor(
        self,
        parent: QWidget,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> QWidget:
        editor = QComboBox(parent)
        editor.setObjectName("variableKindEditor")
        editor.setAccessibleName(self.tr("Kind of value"))
        for kind in KINDS:
            editor.addItem(self.names[kind], kind)
        return editor

    def setEditorData(self, editor: QWidget, index: QModelIndex | QPersistentModelIndex) -> None:
        if isinstance(editor, QComboBox):
            editor.setCurrentIndex(max(0, editor.findData(index.data(KIND_ROLE))))

    def setModelData(
        self, editor: QWidget, model: QAbstractItemModel, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        if isinstance(editor, QComboBox):
            model.setData(index, editor.currentData(), Qt.ItemDataRole.EditRole)


class VariablesDialog(QDialog):
    """The project's variables, which every template of the project can read.

    A window beside the main one: the Template pane's preview follows each change.
    Changes go to the workspace's undo stack (Edit › Undo).
    """

    def __init__(self, workspace: Workspace, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("variablesDialog")
        self.setWindowTitle(self.tr("Project Variables"))
        self.resize(720, 560)
        self.workspace = workspace
        self._showing = False  # the value editor is being filled, not typed into

        intro = hint_label(
            self,
            "variablesIntro",
            self.tr(
                "Every template of the project can read these values by name, for example "
                "{{ max_score }}. Numbers stay numbers, so templates can compare them. "
                "Edit › Undo takes back any change."
            ),
        )
        self.model = VariablesTableModel(workspace, self)
        self.model.sig_refused.connect(self._refused)
        self.table = QTableView(self)
        self.table.setObjectName("variablesTable")
        self.table.setAccessibleName(self.tr("Project variables"))
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        self.table.setItemDelegateForColumn(KIND, KindDelegate(self.model, self.table))
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(NAME, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(KIND, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.table.selectionModel().selectionChanged.connect(self._selected)
        self.model.modelReset.connect(self._show_value)
        self.model.dataChanged.connect(lambda *_: self._show_value())
        table_label = QLabel(self.tr("&Variables"), self)
        table_label.setBuddy(self.table)

        self.add_button = QPushButton(self.tr("&Add"), self)
        self.add_button.setObjectName("addVariable")
        self.add_button.setAccessibleName(self.tr("Add a variable"))
        self.add_button.clicked.connect(self.add_variable)
        self.remove_button = QPushButton(self.tr("&Remove"), self)
        self.remove_button.setObjectName("removeVariable")
        self.remove_button.setAccessibleName(self.tr("Remove the selected variables"))
        self.remove_button.clicked.connect(self.remove_selected)
        delete = QShortcut(QKeySequence(QKeySequence.StandardKey.Delete), self.table)
        delete.setContext(Qt.ShortcutContext.WidgetShortcut)
        delete.activated.connect(self.remove_selected)
        self.scene = QComboBox(self)
        self.scene.setObjectName("scenePreset")
        self.scene.setAccessibleName(self.tr("Scene preset"))
        self.scene.setToolTip(
            self.tr(
                "Fills evaluation_scene, scene_desc, evaluation_metric, max_score, "
                "score_details and steps for the multi-dimension template"
            )
        )
        scene_label = QLabel(self.tr("&Scene preset:"), self)
        scene_label.setBuddy(self.scene)
        self.apply_scene_button = QPushButton(self.tr("A&pply"), self)
        self.apply_scene_button.setObjectName("applyScenePreset")
        self.apply_scene_button.setAccessibleName(self.tr("Apply the scene preset"))
        self.apply_scene_button.clicked.connect(self.apply_scene)
        row = QHBoxLayout()
        row.addWidget(self.add_button)
        row.addWidget(self.remove_button)
        row.addStretch(1)
        row.addWidget(scene_label)
        row.addWidget(self.scene)
        row.addWidget(self.apply_scene_button)

        self.value_label = QLabel(self.tr("Va&lue"), self)
        self.value = QPlainTextEdit(self)
        self.value.setObjectName("variableValue")
        self.value.setAccessibleName(self.tr("Value of the selected variable"))
        self.value.setTabChangesFocus(True)
        self.value.setMaximumHeight(160)
        self.value.textChanged.connect(self._value_typed)
        self.value_label.setBuddy(self.value)
        self.message = hint_label(self, "variablesMessage")
        self.message.setStyleSheet("color: #b3261e;")
        self.message.setVisible(False)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.setObjectName("variablesButtons")
        close = buttons.button(QDialogButtonBox.StandardButton.Close)
        close.setObjectName("variablesClose")
        close.setAutoDefault(False)
        buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(table_label)
        layout.addWidget(self.table, 1)
        layout.addLayout(row)
        layout.addWidget(self.value_label)
        layout.addWidget(self.value)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        for button in (self.add_button, self.remove_button, self.apply_scene_button):
            button.setAutoDefault(False)
        workspace.sig_project_opened.connect(lambda _: self.refresh())
        self.refresh()

    # --- state ----------------------------------------------------------------------------

    def refresh(self) -> None:
        """Follow the project: its scene presets in its language first."""
        project = self.workspace.project
        first = project.language if project is not None and project.language in LANGUAGES else "en"
        languages = [first, *(lang for lang in LANGUAGES if lang != first)]
        self.scene.clear()
        for language in languages:
            for scene in list_scenes(language):
                if scene.language == language:
                    self.scene.addItem(
                        f"{scene.title} ({_LANGUAGE_NAMES.get(language, language)})",
                        (scene.id, language),
                    )
        enabled = project is not None
        for widget in (self.table, self.add_button, self.scene, self.apply_scene_button):
            widget.setEnabled(enabled)
        self._show_value()

    def selected_name(self) -> str | None:
        index = self.table.currentIndex()
        return self.model.name(index.row()) if index.isValid() else None

    def select(self, name: str) -> None:
        """Select a variable by name."""
        row = self.model.row_of(name)
        if row >= 0:
            self.table.setCurrentIndex(self.model.index(row, VALUE))

    # --- changes --------------------------------------------------------------------------

    def add_variable(self) -> None:
        """Add a variable with a new name and start typing its name."""
        self._refused("")
        row = self.model.add()
        if row >= 0:
            index = self.model.index(row, NAME)
            self.table.setCurrentIndex(index)
            self.table.edit(index)

    def remove_selected(self) -> None:
        """Remove the selected variables (one step of undo)."""
        rows = sorted({index.row() for index in self.table.selectionModel().selectedRows()})
        if not rows and self.table.currentIndex().isValid():
            rows = [self.table.currentIndex().row()]
        self.model.remove(rows)

    def apply_scene(self) -> None:
        """Fill the scene variables from the chosen preset (one step of undo)."""
        project = self.workspace.project
        data = self.scene.currentData()
        if project is None or not data:
            return
        scene_id, language = data
        scene = next(s for s in list_scenes(language) if s.id == scene_id)
        variables = dict(project.variables)
        variables.update(scene.variables)
        label = self.tr("Apply the scene preset “{0}”").format(scene.title)
        self.workspace.change_variables(variables, label)
        self._refused("")

    def _selected(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        self._show_value()

    def _show_value(self) -> None:
        name = self.selected_name()
        project = self.workspace.project
        value = project.variables.get(name) if project is not None and name else None
        editable = isinstance(value, str)
        self.value.setEnabled(editable)
        if name is None:
            self.value_label.setText(self.tr("Va&lue"))
            placeholder = self.tr("Choose a variable to see its value")
        elif editable:
            self.value_label.setText(self.tr("Va&lue of “{0}”").format(name))
            placeholder = self.tr("Empty text")
        else:
            self.value_label.setText(self.tr("Va&lue of “{0}”").format(name))
            placeholder = self.tr("Numbers and true/false are edited in the table")
        self.value.setPlaceholderText(placeholder)
        text = value if isinstance(value, str) else ""
        if self.value.toPlainText() != text:
            self._showing = True
            try:
                self.value.setPlainText(text)
            finally:
                self._showing = False

    def _value_typed(self) -> None:
        name = self.selected_name()
        if self._showing or name is None:
            return
        try:
            self.model.set_value(name, self.value.toPlainText(), merge=True)
        except VariableError as exc:
            self._refused(self.model.explain(exc))

    def _refused(self, message: str) -> None:
        self.message.setText(message)
        self.message.setVisible(bool(message))
