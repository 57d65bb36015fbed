"""Step 4 of the New Project wizard: the first judge, a model or an offline check."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFormLayout,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from judgedesk.core.judge import METRICS, PRESETS, JudgeSettings, ModelFolder, preset_for_url
from judgedesk.ui.core_strings import core_tr
from judgedesk.ui.dialogs.find_servers import FindServersDialog
from judgedesk.ui.tasks import TaskRunner
from judgedesk.ui.wizard.common import buddy_label, note_label, show_text, with_hint
from judgedesk.ui.wizard.dataset_page import DatasetPage
from judgedesk.ui.wizard.fields_page import FieldsPage
from judgedesk.ui.wizard.judge_file import ModelFileBox

MODEL_JUDGE_NAME = "judge"
CHECK_JUDGE_NAME = "answer-check"
DEFAULT_PRESET = "ollama"
_VARIABLE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
# Metrics that need nothing but the row's reference answer.
_NO_REFERENCE_METRICS = frozenset({"regex"})


class JudgePage(QWizardPage):
    """A model on a server (preset, address, model, key variable), a model file on this
    computer, or a rule.

    Attributes:
        ports, folders: where Find Local Servers looks (its usual places when None).
    """

    def __init__(
        self,
        dataset_page: DatasetPage,
        fields_page: FieldsPage,
        parent: QWidget | None = None,
        tasks: TaskRunner | None = None,
    ) -> None:
        """Args:
        tasks: runs the search of Find Local Servers; the wizard's own by default.
        """
        super().__init__(parent)
        self._tasks = tasks
        self.find_dialog: FindServersDialog | None = None
        self.ports: Sequence[tuple[str, int]] | None = None
        self.folders: Sequence[ModelFolder | Path] | None = None
        self.setObjectName("judgePage")
        self.setTitle(self.tr("Choose the judge"))
        self.setSubTitle(
            self.tr(
                "Who grades the answers. You can change this and add more judges later in "
                "the Judges pane."
            )
        )
        self.dataset_page = dataset_page
        self.fields_page = fields_page

        self.use_model = QRadioButton(self.tr("A &model grades each answer"), self)
        self.use_model.setObjectName("judgeUseModel")
        self.use_model.setChecked(True)
        self.model_box = QWidget(self)
        model_form = QFormLayout(self.model_box)
        model_form.setContentsMargins(24, 0, 0, 0)
        self.preset = QComboBox(self)
        self.preset.setObjectName("judgePreset")
        self.preset.setAccessibleName(self.tr("Kind of server"))
        for preset in PRESETS.values():
            self.preset.addItem(core_tr(preset.title), preset.id)
        self.preset.setCurrentIndex(max(0, self.preset.findData(DEFAULT_PRESET)))
        self.preset.activated.connect(self._preset_chosen)
        self.preset_hint = note_label(self, "judgePresetHint", "hint")
        model_form.addRow(
            buddy_label(self, self.tr("&Server:"), self.preset),
            with_hint(self.preset, self.preset_hint),
        )
        self.find_button = QPushButton(self.tr("Find Local Servers…"), self)
        self.find_button.setObjectName("judgeFindServers")
        self.find_button.setToolTip(
            self.tr("List the model servers running on this computer and pick a model")
        )
        self.find_button.clicked.connect(self.open_find_servers)
        model_form.addRow("", self.find_button)
        self.base_url = self._line("judgeBaseUrl", self.tr("Address (base URL)"))
        model_form.addRow(self.tr("&Address:"), self.base_url)
        self.model_name = self._line("judgeModelName", self.tr("Model name"))
        self.model_name.setPlaceholderText(
            self.tr("e.g. qwen2.5:7b — or leave empty and pick it later with Test connection")
        )
        model_form.addRow(self.tr("Model &name:"), self.model_name)
        self.key_env = self._line("judgeKeyEnv", self.tr("Environment variable with the API key"))
        self.key_env.setPlaceholderText(self.tr("e.g. OPENAI_API_KEY — empty if none is needed"))
        self.key_hint = note_label(self, "judgeKeyHint", "hint")
        self.key_hint.setText(
            self.tr(
                "The name of the environment variable that holds the key. The key itself "
                "is never written into the project."
            )
        )
        model_form.addRow(
            buddy_label(self, self.tr("API &key variable:"), self.key_env),
            with_hint(self.key_env, self.key_hint),
        )

        self.use_file = QRadioButton(self.tr("A model file on this computer (&GGUF)"), self)
        self.use_file.setObjectName("judgeUseFile")
        self.file_box = ModelFileBox(self._runner, self)
        self.file_box.sig_state_changed.connect(self._changed)

        self.use_check = QRadioButton(self.tr("An &offline check (no model needed)"), self)
        self.use_check.setObjectName("judgeUseCheck")
        self.check_box = QWidget(self)
        check_form = QFormLayout(self.check_box)
        check_form.setContentsMargins(24, 0, 0, 0)
        self.metric_choice = QComboBox(self)
        self.metric_choice.setObjectName("judgeMetric")
        self.metric_choice.setAccessibleName(self.tr("Check"))
        for info in METRICS.values():
            self.metric_choice.addItem(core_tr(info.title), info.id)
        self.metric_choice.setCurrentIndex(max(0, self.metric_choice.findData("contains")))
        self.metric_choice.currentIndexChanged.connect(self._changed)
        self.metric_help = note_label(self, "judgeMetricHelp", "hint")
        check_form.addRow(
            buddy_label(self, self.tr("&Check:"), self.metric_choice),
            with_hint(self.metric_choice, self.metric_help),
        )
        self.pattern = self._line("judgePattern", self.tr("Regular expression"))
        self.pattern.setPlaceholderText(self.tr(r"e.g. \bParis\b"))
        check_form.addRow(self.tr("&Pattern:"), self.pattern)
        self._check_form = check_form

        group = QButtonGroup(self)
        group.addButton(self.use_model)
        group.addButton(self.use_file)
        group.addButton(self.use_check)
        group.buttonToggled.connect(self._changed)
        self.problem = note_label(self, "judgeProblem", "error")

        layout = QVBoxLayout(self)
        layout.addWidget(self.use_model)
        layout.addWidget(self.model_box)
        layout.addSpacing(8)
        layout.addWidget(self.use_file)
        layout.addWidget(self.file_box)
        layout.addSpacing(8)
        layout.addWidget(self.use_check)
        layout.addWidget(self.check_box)
        layout.addWidget(self.problem)
        layout.addStretch(1)
        QWidget.setTabOrder(self.use_model, self.preset)
        QWidget.setTabOrder(self.preset, self.find_button)
        QWidget.setTabOrder(self.find_button, self.base_url)
        QWidget.setTabOrder(self.base_url, self.model_name)
        QWidget.setTabOrder(self.model_name, self.key_env)
        QWidget.setTabOrder(self.key_env, self.use_file)
        QWidget.setTabOrder(self.use_file, self.file_box.path)
        QWidget.setTabOrder(self.file_box.path, self.file_box.browse)
        QWidget.setTabOrder(self.file_box.browse, self.use_check)
        QWidget.setTabOrder(self.use_check, self.metric_choice)
        QWidget.setTabOrder(self.metric_choice, self.pattern)
        self._preset_chosen()

    def _line(self, name: str, accessible: str) -> QLineEdit:
        line = QLineEdit(self)
        line.setObjectName(name)
        line.setAccessibleName(accessible)
        line.textChanged.connect(self._changed)
        return line

    def initializePage(self) -> None:
        self._changed()

    def _preset_chosen(self) -> None:
        preset = PRESETS.get(str(self.preset.currentData()))
        if preset is None:
            return
        self.base_url.setText(preset.base_url)
        self.preset_hint.setText(core_tr(preset.hint))
        if preset.needs_key and not self.key_env.text().strip():
            self.key_env.setText("OPENAI_API_KEY")
        self._changed()

    def _runner(self) -> TaskRunner | None:
        wizard_tasks = getattr(self.wizard(), "tasks", None)
        return self._tasks or (wizard_tasks if isinstance(wizard_tasks, TaskRunner) else None)

    def open_find_servers(self) -> FindServersDialog | None:
        """Show Find Local Servers; the server model or model file chosen there fills the
        fields of its choice."""
        tasks = self._runner()
        if tasks is None:
            return None
        dialog = FindServersDialog(tasks, self, ports=self.ports, folders=self.folders)
        dialog.sig_judge_chosen.connect(self.use_found)
        dialog.finished.connect(dialog.deleteLater)
        self.find_dialog = dialog
        dialog.open()
        return dialog

    def use_found(self, judge: JudgeSettings) -> None:
        """Fill the fields with a server and model, or a model file, found on this computer."""
        if judge.kind == "local":
            self.use_file.setChecked(True)
            self.file_box.set_path(judge.model_file)
            self._changed()
            return
        if judge.kind != "openai":
            return
        self.use_model.setChecked(True)
        preset = preset_for_url(judge.base_url)
        if preset is not None:
            self.preset.setCurrentIndex(max(0, self.preset.findData(preset.id)))
            self.preset_hint.setText(core_tr(preset.hint))
        self.base_url.setText(judge.base_url)
        self.model_name.setText(judge.model)
        self._changed()

    def _changed(self) -> None:
        is_model = self.use_model.isChecked()
        self.model_box.setEnabled(is_model)
        self.file_box.setEnabled(self.use_file.isChecked())
        self.check_box.setEnabled(self.use_check.isChecked())
        metric = str(self.metric_choice.currentData())
        info = METRICS.get(metric)
        self.metric_help.setText(core_tr(info.description) if info else "")
        self._check_form.setRowVisible(self.pattern, metric == "regex")
        problem = self._problem()
        show_text(self.problem, problem[0], problem[1])
        self.completeChanged.emit()

    def _problem(self) -> tuple[str, str]:
        """What stops Next ("error"), or what deserves a look ("hint"), or nothing."""
        if self.use_model.isChecked():
            url = self.base_url.text().strip()
            if not url:
                return self.tr("Enter the server's address."), "error"
            if not url.startswith(("http://", "https://")):
                return self.tr("The address should start with http:// or https://."), "error"
            variable = self.key_env.text().strip()
            if variable and not _VARIABLE.match(variable):
                if len(variable) >= 20 and not variable.isupper():
                    return (
                        self.tr(
                            "This looks like the API key itself. Enter the name of the "
                            "environment variable that holds it instead, e.g. OPENAI_API_KEY."
                        ),
                        "error",
                    )
                return (
                    self.tr(
                        "A variable name has only letters, digits and _ and does not start "
                        "with a digit."
                    ),
                    "error",
                )
            return "", ""
        if self.use_file.isChecked():
            problem = self.file_box.problem()
            return (problem, "error") if problem else ("", "")
        metric = str(self.metric_choice.currentData())
        if metric == "regex":
            pattern = self.pattern.text()
            if not pattern:
                return self.tr("Enter the pattern the answers should match."), "error"
            try:
                re.compile(pattern)
            except re.error as exc:
                return self.tr("The pattern is not valid: {0}.").format(exc), "error"
            return "", ""
        if metric not in _NO_REFERENCE_METRICS and not self._has_reference():
            return (
                self.tr(
                    "This check compares each answer with the reference answer, but no "
                    "column is chosen for it. Go Back to choose one."
                ),
                "hint",
            )
        return "", ""

    def _has_reference(self) -> bool:
        dataset = self.dataset_page.dataset
        names = dataset.fields() if dataset is not None else []
        return (
            "reference" in self.fields_page.mapping()
            or "ref_answer" in names
            or "messages" in names
        )

    # --- state --------------------------------------------------------------------------

    def judge(self) -> JudgeSettings:
        """The judge as chosen (its template and parser are filled in by create_project)."""
        if self.use_model.isChecked():
            variable = self.key_env.text().strip()
            return JudgeSettings(
                name=MODEL_JUDGE_NAME,
                kind="openai",
                base_url=self.base_url.text().strip(),
                model=self.model_name.text().strip(),
                api_key=f"env:{variable}" if variable else "",
            )
        if self.use_file.isChecked():
            # One model in one worker process answers one row at a time.
            return JudgeSettings(
                name=MODEL_JUDGE_NAME,
                kind="local",
                model_file=self.file_box.model_file(),
                structured=True,
                concurrency=1,
            )
        metric = str(self.metric_choice.currentData())
        params = {"pattern": self.pattern.text()} if metric == "regex" else {}
        return JudgeSettings(name=CHECK_JUDGE_NAME, kind="metric", metric=metric, params=params)

    def describe(self) -> str:
        """One line for the summary on the last page."""
        judge = self.judge()
        if judge.kind == "metric":
            return self.tr("offline check “{0}”").format(self.metric_choice.currentText())
        if judge.kind == "local":
            return self.tr("the model file {0}").format(Path(judge.model_file).name)
        if not judge.model:
            return self.tr("a model at {0} (choose which one later in the Judges pane)").format(
                judge.base_url
            )
        return self.tr("{0} at {1}").format(judge.model, judge.base_url)

    def isComplete(self) -> bool:
        if self.use_file.isChecked() and not self.file_box.ready():
            return False  # also while the file is being read
        return self._problem()[1] != "error"
